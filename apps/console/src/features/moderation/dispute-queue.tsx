'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { DisputeQueueDocument, type DisputeStatus } from '@/data/generated/graphql';
import { problemOf } from '@/data/commands';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';
import { ModerationTabs } from './moderation-tabs';
import { ScoreParts } from './score-parts';
import { useModerationFeed } from './use-moderation-feed';

const WAITING: DisputeStatus[] = ['OPEN', 'AWAITING_SECOND', 'APPEALED'];
const ALL: DisputeStatus[] = ['OPEN', 'CLAIMED', 'AWAITING_SECOND', 'RULED', 'APPEALED', 'CLOSED'];
/** The score grows with age: read again now and then even when nothing is pushed. */
const AGE_POLL_MS = 60_000;

/** The queue in the API's order (its score, every term shown), refreshed on every `moderationUpdated`. */
export function DisputeQueue() {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const [everything, setEverything] = useState(false);
  const [queue, refetch] = useData({
    query: DisputeQueueDocument,
    variables: { status: everything ? ALL : WAITING, first: 50 },
    requestPolicy: 'network-only',
    pollMs: AGE_POLL_MS,
  });
  const read = () => refetch({ requestPolicy: 'network-only' });
  useModerationFeed(read, read);
  const nodes = queue.data?.disputes.nodes ?? [];
  return (
    <section className="card" aria-labelledby="queue-title">
      <h1 id="queue-title">{t('queueTitle')}</h1>
      <ModerationTabs />
      <p className="hint">{t('queueHint')}</p>
      <div className="check">
        <input id="queue-all" type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} />
        <label htmlFor="queue-all">{t('queueAll')}</label>
      </div>
      <ProblemNote problem={problemOf(queue.error)} />
      {nodes.length === 0 && queue.data ? <p className="muted">{t('queueEmpty')}</p> : null}
      {nodes.length > 0 ? (
        <table className="data">
          <caption>{t('queueCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('score')}</th>
              <th scope="col">{t('dispute')}</th>
              <th scope="col">{t('statusLabel')}</th>
              <th scope="col">{t('categoriesLabel')}</th>
              <th scope="col">{t('filers')}</th>
              <th scope="col">{t('opened')}</th>
              <th scope="col">{t('claimedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((d) => (
              <tr key={d.id}>
                <td>
                  <strong>{format.number(d.score, { maximumFractionDigits: 1 })}</strong>
                  <ScoreParts parts={d.scoreParts} />
                </td>
                <td>
                  <Link href={`/moderation/disputes/${encodeURIComponent(d.id)}`}>{d.id}</Link>
                  {d.live ? <span className="badge warn">{t('live')}</span> : null}
                </td>
                <td>{t(`status.${d.status}`)}</td>
                <td>{d.categories.map((c) => t(`category.${c}`)).join(', ')}</td>
                <td>{format.number(d.filers)}</td>
                <td>{format.dateTime(new Date(d.openedAt), { dateStyle: 'short', timeStyle: 'short' })}</td>
                <td>{d.claimedBy?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
