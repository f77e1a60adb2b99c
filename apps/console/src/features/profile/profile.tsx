'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { RULESETS } from '@liars-dice/game-rules';
import { problemOf } from '@/data/commands';
import { PlayerProfileDocument, RatingHistoryDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { familyKey } from '@/features/game/names';
import { statsProfileHref } from '@/features/stats/links';
import { ProblemNote } from '@/ui/problem-note';

/** The latest displayed rating in a family (the last change's `after`), or none yet. */
function FamilyRating({ player, family }: { player: string; family: string }) {
  const t = useTranslations('profile');
  const tg = useTranslations('game');
  const format = useFormatter();
  const [history] = useData({ query: RatingHistoryDocument, variables: { player, family } });
  const last = history.data?.ratingHistory.nodes.at(-1);
  return (
    <tr>
      <th scope="row">{tg(familyKey(family))}</th>
      <td>{last ? format.number(last.after) : t('unrated')}</td>
      <td>{format.number(history.data?.ratingHistory.nodes.length ?? 0)}</td>
    </tr>
  );
}

/** Matches played, recent matches with their replays, rating per family. */
export function Profile({ player, name }: { player: string; name?: string }) {
  const t = useTranslations('profile');
  const tg = useTranslations('game');
  const format = useFormatter();
  const shownName = name ?? player;
  const [profile] = useData({ query: PlayerProfileDocument, variables: { player } });
  const all = profile.data?.playerStats.find((s) => s.family === 'all');
  const recent = profile.data?.matches.nodes ?? [];
  const percent = (p: number | null | undefined) =>
    p === null || p === undefined ? '—' : format.number(p, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('title', { name: shownName })}</h1>
        <ProblemNote problem={problemOf(profile.error)} />
        <dl className="facts">
          <div>
            <dt>{t('matches')}</dt>
            <dd>{format.number(all?.matches ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('wins')}</dt>
            <dd>{format.number(all?.wins ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('bluffRate')}</dt>
            <dd>{percent(all?.bluffRate)}</dd>
          </div>
          <div>
            <dt>{t('challengesWon')}</dt>
            <dd>{all ? `${format.number(all.challengesWon)} / ${format.number(all.challenges)}` : '—'}</dd>
          </div>
        </dl>
        <p className="hint">{t('statsScope')}</p>
        <p>
          <Link href={statsProfileHref(player, shownName)}>{t('statsLink')}</Link>
        </p>
      </section>
      <section className="card">
        <h2>{t('ratings')}</h2>
        <table className="data">
          <thead>
            <tr>
              <th scope="col">{t('family')}</th>
              <th scope="col">{t('rating')}</th>
              <th scope="col">{t('rankedResults')}</th>
            </tr>
          </thead>
          <tbody>
            {RULESETS.map((family) => (
              <FamilyRating key={family} player={player} family={family} />
            ))}
          </tbody>
        </table>
      </section>
      <section className="card">
        <h2>{t('recent')}</h2>
        {recent.length === 0 ? <p className="muted">{t('noMatches')}</p> : null}
        <ul className="recent">
          {recent.map((m) => (
            <li key={m.id}>
              {tg(familyKey(m.family))} · {m.players.map((p) => p ?? '—').join(', ')} ·{' '}
              {format.dateTime(new Date(m.openedAt), { dateStyle: 'medium' })}
              {m.winner ? ` · ${t('winner', { name: m.winner })}` : ''} ·{' '}
              <Link href={`/matches/${m.id}/replay`}>{t('replay')}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
