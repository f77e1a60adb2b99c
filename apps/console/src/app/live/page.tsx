import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LiveTables } from '@/features/lobby/live-tables';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('live'))('title') };
}

export default function LivePage() {
  return <LiveTables />;
}
