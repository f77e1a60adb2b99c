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

/**
 * The analyst pages' sections (a player's statistics open from a leaderboard), then GraphiQL: the place to run
 * the queries these pages show (it is not in the main navigation, which must fit one line at 1280 px).
 */
export function StatsTabs() {
  const t = useTranslations('stats');
  const tabs = [...TABS.map((tab) => ({ href: tab.href, text: t(tab.label) })), { href: '/graphiql', text: 'GraphiQL' }];
  return <SectionTabs label={t('sections')} tabs={tabs} />;
}
