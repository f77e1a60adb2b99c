'use client';

import { useTranslations } from 'next-intl';
import type { Problem } from '@/data/commands';

const KNOWN = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NAME_TAKEN',
  'NETWORK',
  'CONFLICT',
  // Moderation (docs/moderation.md): the refusals a moderator or a filer can act on.
  'ALREADY_CLAIMED',
  'STALE_REVISION',
  'SAME_MODERATOR',
  'CONFLICT_OF_INTEREST',
  'NOT_FINISHED',
  'NOT_YOUR_CLAIM',
  'NOT_CLAIMED',
  'NOT_OPEN',
  'ALREADY_FILED',
  'FILING_WINDOW_CLOSED',
  'NOT_A_PLAYER',
  'NOT_AFFECTED',
  'ALREADY_APPEALED',
  'APPEAL_WINDOW_CLOSED',
  'REASON_REQUIRED',
  'INVALID_RULING',
  'MATCH_ALREADY_VOIDED',
  'ALREADY_LIFTED',
  // Tournaments (docs/tournaments.md).
  'INVALID_TOURNAMENT',
  'NOT_ALLOWED',
  'REGISTRATION_CLOSED',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  'TOURNAMENT_FULL',
  'RANKED_BAN',
  'COLLUSION_MARK',
  'CHECK_IN_CLOSED',
  'ALREADY_CHECKED_IN',
  'TOO_EARLY',
  'NOT_ENOUGH_PLAYERS',
  'ALREADY_STARTED',
  // Matches (docs/events.md, LobbyClosed).
  'LOBBY_CLOSED',
  // Accounts and lobbies against abuse.
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REGISTRATIONS',
  'TOO_MANY_OPEN_LOBBIES',
] as const;
type Known = (typeof KNOWN)[number];

/** An error in the reader's language, with the API's own words naming what was wrong. */
export function ProblemNote({ problem }: { problem: Problem | null }) {
  const t = useTranslations('errors');
  if (!problem) return null;
  const known = (KNOWN as readonly string[]).includes(problem.code) ? (problem.code as Known) : null;
  return (
    <p className="problem" role="alert">
      <strong>{known ? t(known) : t('OTHER')}</strong> {problem.detail}
    </p>
  );
}
