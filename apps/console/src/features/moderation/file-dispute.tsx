'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { useSession } from '@/data/session-context';
import { type DisputeCategory, FileDisputeDocument } from '@/data/generated/graphql';
import { ProblemNote } from '@/ui/problem-note';

const CATEGORIES: readonly DisputeCategory[] = ['COLLUSION', 'STALLING', 'MISRULE', 'OTHER'];
const TEXT_MAX = 2_000;

/** From a finished match's replay: a signed-in reader files a dispute (the API decides who may and until when). */
export function FileDispute({ matchId, step, finished }: { matchId: string; step: number; finished: boolean }) {
  const { session } = useSession();
  return finished && session ? <FileDisputeForm matchId={matchId} step={step} /> : null;
}

/** About the step on screen, or the whole match. */
function FileDisputeForm({ matchId, step }: { matchId: string; step: number }) {
  const t = useTranslations('moderation');
  const file = useCommand(FileDisputeDocument);
  const [category, setCategory] = useState<DisputeCategory>('COLLUSION');
  const [text, setText] = useState('');
  const [thisStep, setThisStep] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [filed, setFiled] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await file({ matchId, category, text, steps: thisStep ? [step] : [] });
    setProblem(problemOf(result.error));
    if (result.data) setFiled(result.data.fileDispute.disputeId);
  }
  if (filed)
    return (
      <p role="status" className="note">
        {t('filed', { id: filed })} <Link href="/disputes">{t('mineTitle')}</Link>
      </p>
    );
  return (
    <details className="card">
      <summary>{t('fileTitle')}</summary>
      <form onSubmit={submit} className="stack">
        <p className="hint">{t('fileHint')}</p>
        <div className="field">
          <label htmlFor="file-category">{t('categoriesLabel')}</label>
          <select id="file-category" value={category} onChange={(e) => setCategory(e.target.value as DisputeCategory)}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="file-text">{t('fileText', { max: TEXT_MAX })}</label>
          <textarea id="file-text" rows={3} maxLength={TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} required />
        </div>
        <div className="check">
          <input id="file-step" type="checkbox" checked={thisStep} onChange={(e) => setThisStep(e.target.checked)} />
          <label htmlFor="file-step">{t('aboutStep', { step: step + 1 })}</label>
        </div>
        <ProblemNote problem={problem} />
        <button type="submit" className="primary" disabled={text.trim() === ''}>
          {t('fileAction')}
        </button>
      </form>
    </details>
  );
}
