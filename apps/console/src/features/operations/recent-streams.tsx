'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { RecentStreamsDocument, type StreamKind } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ScrollTable } from '@/ui/scroll-table';
import { RefusalNote } from './refusal-note';
import { STREAM_KINDS, streamHref } from './stream-kind';

/** The streams written most recently (of one kind, or all), each a link into the browser. */
export function RecentStreams() {
  const t = useTranslations('operations');
  const format = useFormatter();
  const [kind, setKind] = useState<StreamKind | ''>('');
  const [recent] = useData({ query: RecentStreamsDocument, variables: { kind: kind || null, first: 20 }, requestPolicy: 'network-only', pollMs: 10_000 });
  const rows = recent.data?.recentStreams ?? [];
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recentTitle')}</h2>
      <div className="field">
        <label htmlFor="recent-kind">{t('recentKind')}</label>
        <select id="recent-kind" value={kind} onChange={(e) => setKind(e.target.value as StreamKind | '')}>
          <option value="">{t('allKinds')}</option>
          {STREAM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <RefusalNote error={recent.error} />
      {recent.data && rows.length === 0 ? <p className="muted">{t('recentEmpty')}</p> : null}
      {rows.length > 0 ? (
        <ScrollTable caption={t('recentTitle')} captionHidden headers={[t('stream'), t('kindLabel'), t('lastEvent'), t('when')]}>
          {rows.map((s) => (
            <tr key={s.stream}>
              <td>
                <Link href={streamHref(s.stream, s.lastRevision)} className="stream-name">
                  {s.stream}
                </Link>
              </td>
              <td>{t(`kind.${s.kind}`)}</td>
              <td>{t('lastEventIs', { revision: format.number(s.lastRevision), type: s.lastType })}</td>
              <td>{format.dateTime(new Date(s.lastCommittedAt), { dateStyle: 'short', timeStyle: 'medium' })}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </section>
  );
}
