'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** A page's sections as links, the current one marked (moderation's, the operators'). */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly { readonly href: string; readonly label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="tabs">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
