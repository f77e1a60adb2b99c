'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { OperationsLogQuery } from '@/data/generated/graphql';
import { ScrollTable } from '@/ui/scroll-table';

type Entry = OperationsLogQuery['operationsLog']['nodes'][number];

/** Operators' actions, newest first (the operations-log stream). */
export function OperationsLog({ entries }: { entries: readonly Entry[] | null }) {
  const t = useTranslations('operations');
  const format = useFormatter();
  return (
    <section aria-labelledby="ops-log-title">
      <h2 id="ops-log-title">{t('logTitle')}</h2>
      {entries && entries.length === 0 ? <p className="muted">{t('logEmpty')}</p> : null}
      {entries && entries.length > 0 ? (
        <ScrollTable caption={t('logTitle')} captionHidden headers={[t('when'), t('who'), t('what'), t('why')]}>
          {entries.map((e) => (
            <tr key={e.revision}>
              <td>{format.dateTime(new Date(e.at), { dateStyle: 'short', timeStyle: 'medium' })}</td>
              <td>{e.by.name}</td>
              <td>{t('rebuilt', { name: e.readModel })}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </section>
  );
}
