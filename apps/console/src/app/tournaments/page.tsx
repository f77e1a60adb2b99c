import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TournamentList } from '@/features/tournaments/tournament-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tournaments'))('listTitle') };
}

export default function TournamentsPage() {
  return <TournamentList />;
}
