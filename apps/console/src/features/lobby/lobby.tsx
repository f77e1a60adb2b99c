'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { JoinMatchDocument, MatchListDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { useSession } from '@/data/session-context';
import { ProblemNote } from '@/ui/problem-note';
import { CreateMatchForm } from './create-match-form';
import { MatchTable } from './match-table';

/** Lists change while watched (no list subscription in the API yet): refreshed every few seconds. */
export const LIST_POLL_MS = 3_000;

export function Lobby() {
  const t = useTranslations('lobby');
  const router = useRouter();
  const { session } = useSession();
  const join = useCommand(JoinMatchDocument);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [open] = useData({
    query: MatchListDocument,
    variables: { filter: { status: 'LOBBY', open: true }, first: 20 },
    pollMs: LIST_POLL_MS,
  });
  const [live] = useData({
    query: MatchListDocument,
    variables: { filter: { status: 'PLAYING' }, first: 10 },
    pollMs: LIST_POLL_MS,
  });

  async function onJoin(id: string) {
    if (!session) return router.push(`/sign-in?next=/lobby`);
    const result = await join({ matchId: id });
    if (result.data) router.push(`/matches/${id}`);
    else setProblem(problemOf(result.error));
  }

  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="lobby-open">
        <h1 id="lobby-open">{t('title')}</h1>
        <ProblemNote problem={problem ?? problemOf(open.error)} />
        <MatchTable
          caption={t('openMatches')}
          matches={open.data?.matches.nodes ?? []}
          empty={t('noOpen')}
          action="join"
          onJoin={onJoin}
        />
        <h2>{t('liveTables')}</h2>
        <MatchTable
          caption={t('liveTables')}
          matches={live.data?.matches.nodes ?? []}
          empty={t('noLive')}
          action="watch"
        />
        <p>
          <Link href="/live">{t('allLive')}</Link>
        </p>
      </section>
      <section className="card" aria-labelledby="lobby-create">
        <h2 id="lobby-create">{t('create')}</h2>
        {session ? (
          <CreateMatchForm />
        ) : (
          <p>
            <Link href="/sign-in?next=/lobby">{t('signInToCreate')}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
