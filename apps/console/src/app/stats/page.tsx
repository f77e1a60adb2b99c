import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { GlobalDashboard } from '@/features/stats/global-dashboard';
import { choiceFrom } from '@/features/stats/stats-choice';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('stats'))('globalTitle') };
}

/** Global dashboards for analysts: faces bid, call calibration, seat positions, lengths, CPU levels. */
export default async function StatsPage({
  searchParams,
}: {
  searchParams: Promise<{ family?: string; size?: string }>;
}) {
  return <GlobalDashboard initial={choiceFrom(await searchParams)} />;
}
