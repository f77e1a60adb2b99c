'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

const TABS = [
  { href: '/moderation', label: 'queue' },
  { href: '/moderation/sanctions', label: 'sanctions' },
  { href: '/moderation/pairs', label: 'pairs' },
  { href: '/moderation/log', label: 'log' },
] as const;

/** The moderators' sections: the queue, sanctions, the log. */
export function ModerationTabs() {
  const t = useTranslations('moderation');
  const pathname = usePathname();
  return (
    <nav aria-label={t('sections')} className="tabs">
      {TABS.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}
