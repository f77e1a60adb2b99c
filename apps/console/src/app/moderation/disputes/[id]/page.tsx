import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { DisputePage } from '@/features/moderation/dispute-page';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('moderation'))('disputeTitle', { id: decodeURIComponent(id) }) };
}

export default async function DisputeRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/moderation/disputes/${id}`);
  return <DisputePage id={decodeURIComponent(id)} />;
}
