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
