'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { JoinMatchDocument } from '@/data/generated/graphql';
import { useSession } from '@/data/session-context';
import { ProblemNote } from '@/ui/problem-note';
import { CreateMatchForm } from './create-match-form';
import { MatchTable } from './match-table';
import { useLiveMatchList } from './use-live-match-list';

const OPEN_LOBBIES = { status: 'LOBBY', open: true } as const;
const IN_PLAY = { status: 'PLAYING' } as const;

export function Lobby() {
  const t = useTranslations('lobby');
  const router = useRouter();
  const { session } = useSession();
  const join = useCommand(JoinMatchDocument);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Both lists follow `matchListUpdated` (use-live-match-list.ts): read again when they change, polled only offline.
  const open = useLiveMatchList(OPEN_LOBBIES, 20);
  const live = useLiveMatchList(IN_PLAY, 10);

  async function onJoin(id: string) {
    if (!session) return router.push(`/sign-in?next=/lobby`);
    const result = await join({ matchId: id });
    if (result.data) router.push(`/matches/${id}`);
    else setProblem(problemOf(result.error));
  }

  return (
    <>
      <h1 className="page-title">{t('title')}</h1>
      <div className="lobby">
        <div className="stack">
          <section className="card" aria-labelledby="lobby-open">
            <h2 id="lobby-open">{t('openMatches')}</h2>
            <ProblemNote problem={problem ?? problemOf(open.error)} />
            <MatchTable
              labelledBy="lobby-open"
              matches={open.data?.matches.nodes ?? []}
              empty={t('noOpen')}
              action="join"
              onJoin={onJoin}
            />
          </section>
          <section className="card" aria-labelledby="lobby-live">
            <h2 id="lobby-live">{t('liveTables')}</h2>
            <MatchTable
              labelledBy="lobby-live"
              matches={live.data?.matches.nodes ?? []}
              empty={t('noLive')}
              action="watch"
            />
            <p>
              <Link href="/live">{t('allLive')}</Link>
            </p>
          </section>
        </div>
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
    </>
  );
}
