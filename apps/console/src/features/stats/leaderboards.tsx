'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { RULESETS } from '@liars-dice/game-rules';
import { problemOf } from '@/data/commands';
import { StatsLeaderboardDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { familyKey } from '@/features/game/names';
import { ProblemNote } from '@/ui/problem-note';
import { TableBody } from './chart-figure';
import { useStatFormat } from './format';
import { statsProfileHref } from './links';
import { QueryPanel } from './query-panel';
import { RatingChart } from './rating-chart';
import { StatsTabs } from './stats-tabs';

/** How many of the ladder's players the chart draws (the table lists every one shown). */
const CHARTED = 8;

/** A family's ladder (the best 20) with the rating over time of the best of them. */
export function Leaderboards({ family }: { family: string }) {
  const t = useTranslations('stats');
  const tg = useTranslations('game');
  const f = useStatFormat();
  const variables = { family, first: 20, points: 60 };
  const [board] = useData({ query: StatsLeaderboardDocument, variables });
  const nodes = board.data?.leaderboard.nodes ?? [];
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('leaderboardsTitle')}</h1>
        <StatsTabs />
        <nav aria-label={t('family')} className="tabs">
          {RULESETS.map((fam) => (
            <Link
              key={fam}
              href={`/stats/leaderboards?family=${fam}`}
              aria-current={fam === family ? 'page' : undefined}
            >
              {tg(familyKey(fam))}
            </Link>
          ))}
        </nav>
        <ProblemNote problem={problemOf(board.error)} />
        {nodes.length === 0 ? <p className="muted">{t('noRanked')}</p> : null}
        <div
          className="table-scroll"
          role="region"
          aria-label={t('ladderOf', { family: tg(familyKey(family)) })}
          tabIndex={0}
        >
          <table className="data">
            <caption>{t('ladderOf', { family: tg(familyKey(family)) })}</caption>
            <TableBody
              spec={{
                columns: [
                  { label: t('rank'), numeric: true },
                  { label: t('player') },
                  { label: t('rating'), numeric: true },
                  { label: t('rankedMatches'), numeric: true },
                  { label: 'μ', numeric: true },
                  { label: 'σ', numeric: true },
                ],
                rows: nodes.map((n, i) => ({
                  key: n.player,
                  cells: [
                    f.count(i + 1),
                    <Link key="name" href={statsProfileHref(n.player, n.name)}>
                      {n.name}
                    </Link>,
                    f.count(n.rating),
                    f.count(n.matches),
                    f.decimal(n.mu),
                    f.decimal(n.sigma),
                  ],
                })),
              }}
            />
          </table>
        </div>
      </section>
      <RatingChart
        title={t('ratingOverTime', { family: tg(familyKey(family)) })}
        lines={nodes.slice(0, CHARTED).map((n) => ({ label: n.name, changes: n.trend }))}
      />
      <QueryPanel document={StatsLeaderboardDocument} variables={variables} />
    </div>
  );
}
