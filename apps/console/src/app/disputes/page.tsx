import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { MyDisputes } from '@/features/moderation/my-disputes';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moderation'))('mineTitle') };
}

export default async function MyDisputesPage() {
  await requireSession('/disputes');
  return <MyDisputes />;
}
