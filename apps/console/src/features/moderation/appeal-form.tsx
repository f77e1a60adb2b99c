'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { AppealRulingDocument } from '@/data/generated/graphql';
import { ProblemNote } from '@/ui/problem-note';

const APPEAL_MAX = 2_000;

/** A player the ruling touches appeals it once, saying why (the API checks who and when). */
export function AppealForm({ disputeId, onDone }: { disputeId: string; onDone: () => void }) {
  const t = useTranslations('moderation');
  const id = useId();
  const appeal = useCommand(AppealRulingDocument);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await appeal({ disputeId, text });
    setProblem(problemOf(result.error));
    if (result.data) onDone();
  }
  return (
    <form onSubmit={submit} className="field">
      <label htmlFor={id}>{t('appealText', { max: APPEAL_MAX })}</label>
      <textarea id={id} rows={2} maxLength={APPEAL_MAX} value={text} onChange={(e) => setText(e.target.value)} required />
      <ProblemNote problem={problem} />
      <button type="submit" disabled={text.trim() === ''}>
        {t('appeal')}
      </button>
    </form>
  );
}
