'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BidFaces } from './bid-faces';
import { CallCalibration } from './call-calibration';
import { CpuResults } from './cpu-results';
import { Lengths } from './lengths';
import { SeatPositions } from './seat-positions';
import type { StatsChoice } from './stats-choice';
import { StatsFilters } from './stats-filters';
import { StatsTabs } from './stats-tabs';

/** The global dashboards for one family (or all) and table size (or all), the choice kept in the address. */
export function GlobalDashboard({ initial }: { initial: StatsChoice }) {
  const t = useTranslations('stats');
  const router = useRouter();
  const pathname = usePathname();
  const [choice, setChoice] = useState(initial);
  const choose = (next: StatsChoice) => {
    setChoice(next);
    const params = new URLSearchParams();
    if (next.family) params.set('family', next.family);
    if (next.size !== 'all') params.set('size', next.size);
    router.replace(params.size ? `${pathname}?${params}` : pathname, { scroll: false });
  };
  return (
    <div className="stack">
      <section className="card">
        <h1>{t('globalTitle')}</h1>
        <StatsTabs />
        <p className="hint">{t('scope')}</p>
        <StatsFilters choice={choice} onChange={choose} />
      </section>
      <div className="stats-grid">
        <BidFaces choice={choice} />
        <CallCalibration choice={choice} />
      </div>
      <SeatPositions choice={choice} />
      <Lengths choice={choice} />
      <CpuResults choice={choice} />
    </div>
  );
}
