'use client';

import { useTranslations } from 'next-intl';
import { SectionTabs } from '@/ui/section-tabs';

const TABS = [
  { href: '/moderation', label: 'queue' },
  { href: '/moderation/sanctions', label: 'sanctions' },
  { href: '/moderation/pairs', label: 'pairs' },
  { href: '/moderation/log', label: 'log' },
] as const;

/** The moderators' sections: the queue, sanctions, the log. */
export function ModerationTabs() {
  const t = useTranslations('moderation');
  return (
    <SectionTabs label={t('sections')} tabs={TABS.map((tab) => ({ href: tab.href, text: t(tab.label) }))} />
  );
}
