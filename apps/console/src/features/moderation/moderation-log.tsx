'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { problemOf } from '@/data/commands';
import { ModerationLogDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';
import { useModerationFeed } from './use-moderation-feed';

/** Every moderator action, newest first: who, when, what, why, and what it set. */
export function ModerationLog({ staff }: { staff: boolean }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const [log, refetch] = useData({ query: ModerationLogDocument, variables: { first: 100 }, requestPolicy: 'network-only' });
  const read = () => refetch({ requestPolicy: 'network-only' });
  useModerationFeed(read, read);
  const nodes = log.data?.moderationLog.nodes ?? [];
  return (
    <div>
      <ProblemNote problem={problemOf(log.error)} />
      {log.data && nodes.length === 0 ? <p className="muted">{t('logEmpty')}</p> : null}
      {nodes.length > 0 ? (
        <table className="data">
          <caption>{t('logCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('moderator')}</th>
              <th scope="col">{t('what')}</th>
              <th scope="col">{t('dispute')}</th>
              <th scope="col">{t('why')}</th>
              <th scope="col">{t('details')}</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((e, i) => (
              <tr key={`${e.at}-${i}`}>
                <td>{format.dateTime(new Date(e.at), { dateStyle: 'short', timeStyle: 'medium' })}</td>
                <td>{e.moderator.name}</td>
                <td>{e.action}</td>
                <td>
                  {e.disputeId && staff ? <Link href={`/moderation/disputes/${encodeURIComponent(e.disputeId)}`}>{e.disputeId}</Link> : (e.disputeId ?? e.sanctionId ?? '')}
                </td>
                <td>{e.reason ?? ''}</td>
                <td>
                  <code className="details">{e.details}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
