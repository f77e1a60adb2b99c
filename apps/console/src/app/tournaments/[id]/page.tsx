import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TournamentPage } from '@/features/tournaments/tournament-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tournaments'))('pageTitle') };
}

export default async function TournamentRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TournamentPage id={decodeURIComponent(id)} />;
}
