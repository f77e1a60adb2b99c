import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { DisputeQueue } from '@/features/moderation/dispute-queue';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moderation'))('queueTitle') };
}

/** Moderators' queue (the API refuses anyone else, and the page says so). */
export default async function ModerationPage() {
  await requireSession('/moderation');
  return <DisputeQueue />;
}
