import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Tutorial } from '@/features/tutorial/tutorial';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tutorial'))('title') };
}

export default function TutorialPage() {
  return (
    <Suspense>
      <Tutorial />
    </Suspense>
  );
}
