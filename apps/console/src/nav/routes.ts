import type { Audience } from '@/data/session';

/**
 * The console's navigation, one entry per page: who sees it and its label key (messages: nav.*). A later page
 * (moderation, tournaments, operators) adds one line here and its folder under src/app — nothing else changes.
 */
export interface NavEntry {
  readonly href: string;
  readonly label:
    | 'lobby'
    | 'live'
    | 'tutorial'
    | 'rules'
    | 'players'
    | 'stats'
    | 'profile'
    | 'tournaments'
    | 'newTournament'
    | 'moderation'
    | 'myDisputes'
    | 'operations';
  readonly audiences: readonly Audience[];
}

const EVERYONE: readonly Audience[] = ['guest', 'player', 'organiser', 'moderator', 'admin'];
const SIGNED_IN: readonly Audience[] = ['player', 'organiser', 'moderator', 'admin'];
/** The API decides (organisers and admins create tournaments; moderators and admins moderate): this only hides links. */
const ORGANISERS: readonly Audience[] = ['organiser', 'admin'];
const MODERATORS: readonly Audience[] = ['moderator', 'admin'];
/** Operators run the service: the API answers their queries for admins only. */
const ADMINS: readonly Audience[] = ['admin'];

export const NAV: readonly NavEntry[] = [
  { href: '/lobby', label: 'lobby', audiences: EVERYONE },
  { href: '/live', label: 'live', audiences: EVERYONE },
  { href: '/tutorial', label: 'tutorial', audiences: SIGNED_IN },
  { href: '/rules', label: 'rules', audiences: EVERYONE },
  { href: '/players', label: 'players', audiences: EVERYONE },
  { href: '/stats', label: 'stats', audiences: EVERYONE },
  { href: '/tournaments', label: 'tournaments', audiences: EVERYONE },
  { href: '/tournaments/new', label: 'newTournament', audiences: ORGANISERS },
  { href: '/moderation', label: 'moderation', audiences: MODERATORS },
  { href: '/disputes', label: 'myDisputes', audiences: SIGNED_IN },
  { href: '/me', label: 'profile', audiences: SIGNED_IN },
  { href: '/operations', label: 'operations', audiences: ADMINS },
];

export function navFor(audience: Audience): readonly NavEntry[] {
  return NAV.filter((entry) => entry.audiences.includes(audience));
}

/** The entry a path belongs to (`/matches/…` pages belong to none). */
export function activeEntry(pathname: string): NavEntry | undefined {
  // The longest match wins: `/tournaments/new` is its own entry, `/tournaments/<id>` belongs to the list.
  return NAV.filter((entry) => pathname === entry.href || pathname.startsWith(`${entry.href}/`)).sort(
    (a, b) => b.href.length - a.href.length,
  )[0];
}
