'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReadModelsQuery } from '@/data/generated/graphql';
import { ScrollTable } from '@/ui/scroll-table';

type ReadModel = ReadModelsQuery['readModels'][number];

/** Each read model's checkpoint, applied events, lag in events and seconds, and the error it stopped on. */
export function ReadModelsTable({
  models,
  onRebuild,
}: {
  models: readonly ReadModel[];
  onRebuild: (name: string, opener: HTMLButtonElement) => void;
}) {
  const t = useTranslations('operations');
  const format = useFormatter();
  return (
    <ScrollTable
      caption={t('readModelsCaption')}
      headers={[
        t('readModel'),
        t('checkpoint'),
        t('applied'),
        t('behind'),
        t('lag'),
        t('state'),
        <span key="actions" className="visually-hidden">
          {t('actions')}
        </span>,
      ]}
    >
      {models.map((m) => (
        <tr key={m.name}>
          <th scope="row">
            <code>{m.name}</code>
          </th>
          <td>{m.position ?? '—'}</td>
          <td>{format.number(m.events)}</td>
          <td>
            {m.behindCapped
              ? t('atLeast', { n: format.number(m.eventsBehind) })
              : format.number(m.eventsBehind)}
          </td>
          <td>{t('seconds', { s: format.number(m.lagSeconds, { maximumFractionDigits: 1 }) })}</td>
          <td>
            {m.failure ? (
              <span className="problems">
                {t('stopped', {
                  type: m.failure.type,
                  stream: m.failure.stream,
                  position: m.failure.position,
                })}{' '}
                <code className="details">{m.failure.error}</code>
              </span>
            ) : m.eventsBehind > 0 ? (
              <span className="badge warn">{t('catchingUp')}</span>
            ) : (
              <span className="badge ok">{t('upToDate')}</span>
            )}
          </td>
          <td>
            <button type="button" onClick={(e) => onRebuild(m.name, e.currentTarget)}>
              {t('rebuild', { name: m.name })}
            </button>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
