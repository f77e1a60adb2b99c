'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { PairFieldsFragment } from '@/data/generated/graphql';

/** Collusion evidence of pairs of players (−log10 of chance: 3 = one in a thousand), most suspicious first. */
export function SignalsTable({ pairs, title }: { pairs: readonly PairFieldsFragment[]; title: string }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const n = (x: number) => format.number(x, { maximumFractionDigits: 1 });
  if (pairs.length === 0) return null;
  return (
    <section className="card" aria-labelledby="signals-title">
      <h2 id="signals-title">{title}</h2>
      <p className="hint">{t('signalsHint')}</p>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">{t('pair')}</th>
            <th scope="col">{t('shared')}</th>
            <th scope="col">{t('suspicion')}</th>
            <th scope="col">{t('challenges')}</th>
            <th scope="col">{t('softRaises')}</th>
            <th scope="col">{t('coSeating')}</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={`${p.a.id}-${p.b.id}`}>
              <td>
                {p.a.name} · {p.b.name}
                {p.flagged ? <span className="badge warn">{t('flagged')}</span> : null}
              </td>
              <td>{format.number(p.sharedMatches)}</td>
              <td>{n(p.suspicion)}</td>
              <td>
                {n(p.challengesAB.evidence)} / {n(p.challengesBA.evidence)}
              </td>
              <td>
                {n(p.softRaisesAB.evidence)} / {n(p.softRaisesBA.evidence)}
              </td>
              <td>{n(p.coSeating.evidence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
