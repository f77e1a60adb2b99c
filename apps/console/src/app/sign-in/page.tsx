import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CredentialsForm } from '@/features/auth/credentials-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signInTitle') };
}

export default function SignInPage() {
  return (
    <Suspense>
      <CredentialsForm mode="signIn" />
    </Suspense>
  );
}
