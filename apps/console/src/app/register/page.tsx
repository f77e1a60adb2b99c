import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CredentialsForm } from '@/features/auth/credentials-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('registerTitle') };
}

export default function RegisterPage() {
  return (
    <Suspense>
      <CredentialsForm mode="register" />
    </Suspense>
  );
}
