import type { Audience } from '@/data/session';

/**
 * The console's navigation, one entry per page: who sees it and its label key (messages: nav.*). A later page
 * (moderation, tournaments, operators) adds one line here and its folder under src/app — nothing else changes.
 */
export interface NavEntry {
  readonly href: string;
  readonly label: 'lobby' | 'live' | 'tutorial' | 'rules' | 'players' | 'profile';
  readonly audiences: readonly Audience[];
}

const EVERYONE: readonly Audience[] = ['guest', 'player', 'moderator', 'admin'];
const SIGNED_IN: readonly Audience[] = ['player', 'moderator', 'admin'];

export const NAV: readonly NavEntry[] = [
  { href: '/lobby', label: 'lobby', audiences: EVERYONE },
  { href: '/live', label: 'live', audiences: EVERYONE },
  { href: '/tutorial', label: 'tutorial', audiences: SIGNED_IN },
  { href: '/rules', label: 'rules', audiences: EVERYONE },
  { href: '/players', label: 'players', audiences: EVERYONE },
  { href: '/me', label: 'profile', audiences: SIGNED_IN },
];

export function navFor(audience: Audience): readonly NavEntry[] {
  return NAV.filter((entry) => entry.audiences.includes(audience));
}

/** The entry a path belongs to (`/matches/…` pages belong to none). */
export function activeEntry(pathname: string): NavEntry | undefined {
  return NAV.find((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`));
}
