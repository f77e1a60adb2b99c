'use client';

import { useTranslations } from 'next-intl';
import { SectionTabs } from '@/ui/section-tabs';
// Every analyst page shows these tabs: the one place their stylesheet is loaded for all of them.
import './stats.css';

const TABS = [
  { href: '/stats', label: 'tabGlobal' },
  { href: '/stats/leaderboards', label: 'tabLeaderboards' },
  { href: '/stats/matches', label: 'tabMatches' },
] as const;

/** The analyst pages' sections (a player's statistics open from a leaderboard). */
export function StatsTabs() {
  const t = useTranslations('stats');
  return (
    <SectionTabs label={t('sections')} tabs={TABS.map((tab) => ({ href: tab.href, text: t(tab.label) }))} />
  );
}
