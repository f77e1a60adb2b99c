'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { CreateMatchDocument, TutorialProgressDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { useSession } from '@/data/session-context';
import { MatchRoom } from '@/features/play/match-room';
import type { MatchView } from '@/features/play/use-live-match';
import { ProblemNote } from '@/ui/problem-note';
import { adviceFor } from './coach-advice';

function Coach({ view }: { view: MatchView }) {
  const t = useTranslations('tutorial');
  const format = useFormatter();
  const advice = adviceFor(view);
  const values =
    'chance' in advice
      ? { ...advice, chance: format.number(advice.chance, { style: 'percent', maximumFractionDigits: 0 }) }
      : {};
  return (
    <section className="card coach" aria-labelledby="coach-title" aria-live="polite">
      <h2 id="coach-title">{t('coachTitle')}</h2>
      <p data-testid="coach">{t(advice.key, values as never)}</p>
    </section>
  );
}

/** A guided first match against an easy CPU (a tutorial match: its progress is kept apart from statistics). */
export function Tutorial() {
  const t = useTranslations('tutorial');
  const router = useRouter();
  const matchId = useSearchParams().get('match');
  const create = useCommand(CreateMatchDocument);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { session } = useSession();
  const [progress] = useData({ query: TutorialProgressDocument, variables: {}, pause: !session });
  async function begin() {
    const result = await create({
      ruleset: 'CLASSIC',
      kind: 'TUTORIAL',
      ranked: false,
      seats: [{ kind: 'HUMAN' }, { kind: 'CPU', difficulty: 'EASY' }],
    });
    if (result.data) router.push(`/tutorial?match=${result.data.createMatch.id}`);
    else setProblem(problemOf(result.error));
  }
  if (matchId) return <MatchRoom id={matchId} coach={(view) => <Coach view={view} />} />;
  const all = progress.data?.tutorialProgress.find((p) => p.family === 'all');
  return (
    <section className="card narrow">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <ol>
        {(['step1', 'step2', 'step3', 'step4'] as const).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      {all ? <p>{t('progress', { started: all.started, finished: all.finished, won: all.won })}</p> : null}
      <ProblemNote problem={problem} />
      {session ? (
        <button type="button" className="primary" onClick={begin}>
          {t('begin')}
        </button>
      ) : (
        <Link href="/sign-in?next=/tutorial">{t('signInFirst')}</Link>
      )}
    </section>
  );
}
