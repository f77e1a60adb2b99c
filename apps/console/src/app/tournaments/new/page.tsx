import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { CreateTournamentForm } from '@/features/tournaments/create-tournament-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tournaments'))('createTitle') };
}

/** Organisers and admins (the API refuses anyone else with NOT_ALLOWED, shown on the form). */
export default async function NewTournamentPage() {
  await requireSession('/tournaments/new');
  return <CreateTournamentForm />;
}
