import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MatchRoom } from '@/features/play/match-room';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('play'))('title') };
}

export default async function MatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MatchRoom id={id} />;
}
