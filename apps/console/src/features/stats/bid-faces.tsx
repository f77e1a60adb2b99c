'use client';

import { useTranslations } from 'next-intl';
import { StatsBidFacesDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure } from './chart-figure';
import { Bars } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';
import { familyVariables, rowFor } from './rows';
import type { StatsChoice } from './stats-choice';

/** Which faces are bid: each face's share of the bids placed. */
export function BidFaces({ choice }: { choice: StatsChoice }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = familyVariables(choice);
  const [result] = useData({ query: StatsBidFacesDocument, variables });
  const faces = rowFor(result.data?.globalStats, choice)?.bidFaces ?? [];
  const total = faces.reduce((sum, face) => sum + face.bids, 0);
  const data = faces.map((face) => ({ face: face.face, share: total ? face.bids / total : 0 }));
  return (
    <section className="stack" aria-label={t('bidFacesTitle')}>
      <ChartFigure
        title={t('bidFacesTitle')}
        summary={t('bidsCounted', { count: total })}
        empty={total === 0}
        table={{
          columns: [
            { label: t('face') },
            { label: t('bids'), numeric: true },
            { label: t('share'), numeric: true },
          ],
          rows: faces.map((face) => ({
            key: face.face,
            cells: [face.face, f.count(face.bids), f.percent(total ? face.bids / total : null)],
          })),
        }}
      >
        <Bars
          data={data}
          x="face"
          series={[{ key: 'share', label: t('share') }]}
          tick={(face) => String(face)}
          value={f.percent}
          share
        />
      </ChartFigure>
      <QueryPanel document={StatsBidFacesDocument} variables={variables} />
    </section>
  );
}
