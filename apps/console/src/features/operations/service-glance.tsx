'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReadModelsQuery } from '@/data/generated/graphql';
import { FactsList } from '@/ui/facts-list';
import type { Health } from './use-health';

type Metrics = ReadModelsQuery['serviceMetrics'];

const HEALTH_STATUSES = ['ok', 'draining', 'catching-up', 'lagging', 'store-unavailable', 'unreachable'] as const;
type HealthStatus = (typeof HEALTH_STATUSES)[number];
const statusKey = (status: string): HealthStatus => ((HEALTH_STATUSES as readonly string[]).includes(status) ? (status as HealthStatus) : 'unreachable');

/** Numbers with their units in the reader's language; a dash for what was not measured. */
function useUnits() {
  const t = useTranslations('operations');
  const format = useFormatter();
  const known = <T,>(value: T | null | undefined, show: (v: T) => string): string => (value === null || value === undefined ? '—' : show(value));
  return {
    ms: (value: number | null | undefined) => known(value, (v) => t('milliseconds', { ms: format.number(v, { maximumFractionDigits: 0 }) })),
    seconds: (value: number | null | undefined, digits = 3) => known(value, (v) => t('seconds', { s: format.number(v, { maximumFractionDigits: digits }) })),
    mib: (value: number | null | undefined) => known(value, (v) => t('mebibytes', { mib: format.number(v / 2 ** 20, { maximumFractionDigits: 0 }) })),
    count: (value: number | null | undefined) => known(value, (v) => format.number(v)),
  };
}

/** Before the first answer: nothing known yet. */
const UNKNOWN: Health = { status: '', ready: false, httpStatus: 0, store: null, matches: null, catalogLagMs: null, projectionsLagMs: null, failed: [] };

function HealthFacts({ health }: { health: Health | null }) {
  const t = useTranslations('operations');
  const { ms, count } = useUnits();
  const h = health ?? UNKNOWN;
  return (
    <div>
      <h3>
        {t('health')}{' '}
        <span className={`badge ${h.ready ? 'ok' : 'warn'}`} role="status">
          {health ? t(`healthStatus.${statusKey(h.status)}`) : '…'}
        </span>
      </h3>
      <FactsList
        rows={[
          [t('healthReady'), health ? t(h.ready ? 'yes' : 'no') : '—'],
          [t('healthStore'), h.store ?? '—'],
          [t('healthCatalogLag'), ms(h.catalogLagMs)],
          [t('healthProjectionsLag'), ms(h.projectionsLagMs)],
          [t('healthMatches'), count(h.matches)],
          [t('healthFailed'), h.failed.length > 0 ? h.failed.join(', ') : t('none')],
        ]}
      />
    </div>
  );
}

function MetricFacts({ metrics }: { metrics: Metrics }) {
  const t = useTranslations('operations');
  const { seconds, mib, count } = useUnits();
  return (
    <div>
      <h3>{t('metrics')}</h3>
      <FactsList
        rows={[
          [t('uptime'), seconds(metrics.uptimeSeconds, 0)],
          [t('memory'), mib(metrics.residentBytes)],
          [t('eventLoop'), seconds(metrics.eventLoopLagP99Seconds)],
          [t('commandsOk'), count(metrics.commandsOk)],
          [t('commandsRefused'), count(metrics.commandsRefused)],
          [t('applications'), count(metrics.projectionApplications)],
          [t('projectionLag'), seconds(metrics.projectionLagMeanSeconds)],
        ]}
      />
    </div>
  );
}

/** `/health` and the key metrics, side by side: what an operator checks first. */
export function ServiceGlance({ health, metrics }: { health: Health | null; metrics: Metrics }) {
  const t = useTranslations('operations');
  return (
    <section aria-labelledby="glance-title" className="grid-2">
      <h2 id="glance-title" className="visually-hidden">
        {t('glance')}
      </h2>
      <HealthFacts health={health} />
      <MetricFacts metrics={metrics} />
    </section>
  );
}
