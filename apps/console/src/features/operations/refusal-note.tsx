'use client';

import { useTranslations } from 'next-intl';
import type { CombinedError } from 'urql';
import { problemOf } from '@/data/commands';
import { ProblemNote } from '@/ui/problem-note';

/** The API's refusal in words; when it is FORBIDDEN, also that these pages are for admins (the API decides). */
export function RefusalNote({ error }: { error: CombinedError | undefined }) {
  const t = useTranslations('operations');
  const problem = problemOf(error);
  return (
    <>
      <ProblemNote problem={problem} />
      {problem?.code === 'FORBIDDEN' ? <p className="hint">{t('adminsOnly')}</p> : null}
    </>
  );
}
