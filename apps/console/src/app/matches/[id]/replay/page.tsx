import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Replay } from '@/features/replay/replay';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('replay'))('pageTitle') };
}

/** `/matches/<id>/replay?step=N&view=public|seat:<seat>|full` */
export default async function ReplayPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <Replay id={id} />
    </Suspense>
  );
}
