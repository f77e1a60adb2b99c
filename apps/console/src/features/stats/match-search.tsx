'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf } from '@/data/commands';
import { StatsMatchSearchDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { useSession } from '@/data/session-context';
import { familyKey } from '@/features/game/names';
import { ProblemNote } from '@/ui/problem-note';
import { useStatFormat } from './format';
import { filterOf, queryOf, type SearchFields } from './match-filter';
import { MatchSearchForm } from './match-search-form';
import { QueryPanel } from './query-panel';
import { StatsTabs } from './stats-tabs';

const PAGE = 25;

/** One page of results; the last page offers the next. */
function ResultPage({
  variables,
  last,
  onMore,
}: {
  variables: { filter: ReturnType<typeof filterOf>; first: number; after: string | null };
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const t = useTranslations('stats');
  const tg = useTranslations('game');
  const f = useStatFormat();
  const [result] = useData({ query: StatsMatchSearchDocument, variables });
  const page = result.data?.matches;
  return (
    <>
      {result.error ? (
        <tr>
          <td colSpan={8}>
            <ProblemNote problem={problemOf(result.error)} />
          </td>
        </tr>
      ) : null}
      {page?.nodes.map((m) => (
        <tr key={m.id}>
          <td>{f.dateTime(m.openedAt)}</td>
          <td>{tg(familyKey(m.family))}</td>
          <td>
            {t(`kind${m.kind}`)}
            {m.ranked ? ` · ${t('rankedWord')}` : ''}
          </td>
          <td>
            {t(`status${m.status}`)}
            {m.disputed ? ` · ${t('disputedWord')}` : ''}
            {m.voided ? ` · ${t('voidedWord')}` : ''}
          </td>
          <td>{m.players.map((p) => p ?? '—').join(', ')}</td>
          <td>{m.winner ?? '—'}</td>
          <td className="number">{f.count(m.rounds)}</td>
          <td>
            <Link href={`/matches/${encodeURIComponent(m.id)}/replay`}>
              {t('replay')}
              <span className="visually-hidden">
                {' '}
                {t('replayOf', {
                  players: m.players.filter(Boolean).join(', '),
                  when: f.dateTime(m.openedAt),
                })}
              </span>
            </Link>
          </td>
        </tr>
      ))}
      {last && page?.hasNextPage && page.endCursor ? (
        <tr>
          <td colSpan={8}>
            <button type="button" onClick={() => onMore(page.endCursor as string)}>
              {t('more')}
            </button>
          </td>
        </tr>
      ) : null}
      {last && page && page.nodes.length === 0 && variables.after === null ? (
        <tr>
          <td colSpan={8} className="muted">
            {t('noMatches')}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Match search: every filter the API has, the results newest first, each opening its replay. */
export function MatchSearch({ fields }: { fields: SearchFields }) {
  const t = useTranslations('stats');
  const router = useRouter();
  const pathname = usePathname();
  const { session } = useSession();
  const filter = filterOf(fields, session !== null);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const search = (next: SearchFields) => {
    setCursors([null]);
    const query = queryOf(next);
    router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('matchesTitle')}</h1>
        <StatsTabs />
        <MatchSearchForm
          key={queryOf(fields)}
          initial={fields}
          signedIn={session !== null}
          onSearch={search}
        />
      </section>
      <section className="card" aria-labelledby="search-results">
        <h2 id="search-results">{t('results')}</h2>
        <div className="table-scroll" role="region" aria-labelledby="search-results" tabIndex={0}>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">{t('opened')}</th>
                <th scope="col">{t('family')}</th>
                <th scope="col">{t('kind')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('playersColumn')}</th>
                <th scope="col">{t('winner')}</th>
                <th scope="col" className="number">
                  {t('rounds')}
                </th>
                <th scope="col">{t('replay')}</th>
              </tr>
            </thead>
            <tbody>
              {cursors.map((after, i) => (
                <ResultPage
                  key={`${queryOf(fields)}|${after ?? ''}`}
                  variables={{ filter, first: PAGE, after }}
                  last={i === cursors.length - 1}
                  onMore={(cursor) => setCursors((c) => [...c, cursor])}
                />
              ))}
            </tbody>
          </table>
        </div>
        <QueryPanel document={StatsMatchSearchDocument} variables={{ filter, first: PAGE, after: null }} />
      </section>
    </div>
  );
}
