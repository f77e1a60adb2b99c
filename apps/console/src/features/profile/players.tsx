'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { RULESETS } from '@liars-dice/game-rules';
import { LeaderboardDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { familyKey } from '@/features/game/names';

function Ladder({ family }: { family: string }) {
  const t = useTranslations('profile');
  const tg = useTranslations('game');
  const format = useFormatter();
  const [board] = useData({ query: LeaderboardDocument, variables: { family } });
  const nodes = board.data?.leaderboard.nodes ?? [];
  return (
    <section className="card">
      <h2>{tg(familyKey(family))}</h2>
      {nodes.length === 0 ? (
        <p className="muted">{t('noRanked')}</p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">{t('player')}</th>
              <th scope="col">{t('rating')}</th>
              <th scope="col">{t('matches')}</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((n) => (
              <tr key={n.player}>
                <td>
                  <Link href={`/players/${n.player}?name=${encodeURIComponent(n.name)}`}>{n.name}</Link>
                </td>
                <td>{format.number(n.rating)}</td>
                <td>{format.number(n.matches)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The ranked ladders, one per family; each name opens the player's profile. */
export function Players() {
  const t = useTranslations('profile');
  return (
    <div className="stack">
      <h1>{t('playersTitle')}</h1>
      <div className="grid-3">
        {RULESETS.map((family) => (
          <Ladder key={family} family={family} />
        ))}
      </div>
    </div>
  );
}
