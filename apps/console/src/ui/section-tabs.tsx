'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** A section's own pages as tabs under its heading, the current one marked (moderation, statistics, operations). */
export function SectionTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { href: string; text: string }[];
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="tabs">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {tab.text}
        </Link>
      ))}
    </nav>
  );
}
