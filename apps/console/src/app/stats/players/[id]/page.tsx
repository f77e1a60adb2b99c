import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PlayerStatsPage } from '@/features/stats/player-stats';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('stats'))('playerPageTitle') };
}

/** One player's statistics with charts (`?name=` names them; the id alone when it is missing). */
export default async function StatsPlayerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ name?: string }>;
}) {
  const [{ id }, { name }] = await Promise.all([params, searchParams]);
  return <PlayerStatsPage player={id} name={typeof name === 'string' && name ? name : id} />;
}
