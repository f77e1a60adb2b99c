'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useClient } from 'urql';
import { type Problem, problemOf } from '@/data/commands';
import { OperationsLogDocument, ReadModelsDocument, RebuildReadModelDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { OperationsLog } from './operations-log';
import { ReadModelsTable } from './read-models-table';
import { RebuildDialog } from './rebuild-dialog';
import { RefusalNote } from './refusal-note';
import { ServiceGlance } from './service-glance';
import { useHealth } from './use-health';

/** Lag and health move by the second while a read model catches up. */
const POLL_MS = 3_000;

/** The operators' overview: health and key metrics, every read model with its lag, a confirmed rebuild, the log. */
export function OperationsOverview() {
  const t = useTranslations('operations');
  const client = useClient();
  const [models, refetch] = useData({ query: ReadModelsDocument, requestPolicy: 'network-only', pollMs: POLL_MS });
  const [log, refetchLog] = useData({ query: OperationsLogDocument, variables: { first: 20 }, requestPolicy: 'network-only', pollMs: 5 * POLL_MS });
  const health = useHealth(POLL_MS);
  const [asking, setAsking] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  function close() {
    setAsking(null);
    opener.current?.focus();
  }
  async function rebuild(reason: string): Promise<Problem | null> {
    if (asking === null) return null;
    const result = await client.mutation(RebuildReadModelDocument, { name: asking, reason }, { requestPolicy: 'network-only' }).toPromise();
    if (result.error) return problemOf(result.error);
    setStarted(asking);
    close();
    refetch({ requestPolicy: 'network-only' });
    refetchLog({ requestPolicy: 'network-only' });
    return null;
  }

  return (
    <div className="stack">
      <RefusalNote error={models.error} />
      {models.data ? (
        <>
          <ServiceGlance health={health} metrics={models.data.serviceMetrics} />
          <section aria-labelledby="read-models-title">
            <h2 id="read-models-title">{t('readModelsTitle')}</h2>
            <p className="hint">{t('readModelsHint')}</p>
            <p role="status" className={started ? 'note' : undefined}>
              {started ? t('rebuildStarted', { name: started }) : null}
            </p>
            <ReadModelsTable
              models={models.data.readModels}
              onRebuild={(name, button) => {
                opener.current = button;
                setAsking(name);
              }}
            />
          </section>
          <OperationsLog entries={log.data?.operationsLog.nodes ?? null} />
          <RebuildDialog name={asking} onConfirm={rebuild} onClose={close} />
        </>
      ) : null}
    </div>
  );
}
