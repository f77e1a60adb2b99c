import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isRuleset } from '@liars-dice/game-rules';
import { Leaderboards } from '@/features/stats/leaderboards';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('stats'))('leaderboardsTitle') };
}

/** A family's ladder with ratings over time (`?family=`, perudo unless a family is named). */
export default async function LeaderboardsPage({
  searchParams,
}: {
  searchParams: Promise<{ family?: string }>;
}) {
  const { family } = await searchParams;
  return <Leaderboards family={isRuleset(family) ? family : 'perudo'} />;
}
