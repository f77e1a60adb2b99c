'use client';

import { useTranslations } from 'next-intl';
import { StatsCallCalibrationDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ChartFigure } from './chart-figure';
import { CalibrationPlot } from './charts';
import { useStatFormat } from './format';
import { QueryPanel } from './query-panel';
import { familyVariables, rowFor } from './rows';
import type { StatsChoice } from './stats-choice';

/**
 * How liar calls fare by the called bid's chance of holding given nothing (the rules library's odds, computed by the
 * API at each call): a calibration chart with the line a caller would follow if bids held exactly as often as the odds say.
 */
export function CallCalibration({ choice }: { choice: StatsChoice }) {
  const t = useTranslations('stats');
  const f = useStatFormat();
  const variables = familyVariables(choice);
  const [result] = useData({ query: StatsCallCalibrationDocument, variables });
  const row = rowFor(result.data?.globalStats, choice);
  const bins = row?.callCalibration ?? [];
  const calls = bins.reduce((sum, bin) => sum + bin.calls, 0);
  const points = bins.flatMap((bin) =>
    bin.calls > 0 && bin.meanChanceHeld !== null && bin.callersRightRate !== null
      ? [{ chance: bin.meanChanceHeld, right: bin.callersRightRate, calls: bin.calls }]
      : [],
  );
  const range = (from: number, to: number) => t('range', { from: f.percent(from), to: f.percent(to) });
  return (
    <section className="stack" aria-label={t('calibrationTitle')}>
      <ChartFigure
        title={t('calibrationTitle')}
        summary={t('calibrationSummary', { count: calls, rate: f.percent(row?.liarCallSuccessRate) })}
        empty={calls === 0}
        table={{
          columns: [
            { label: t('chanceHeld') },
            { label: t('calls'), numeric: true },
            { label: t('meanChanceHeld'), numeric: true },
            { label: t('heldRate'), numeric: true },
            { label: t('callersRight'), numeric: true },
          ],
          rows: bins.map((bin) => ({
            key: bin.from,
            cells: [
              range(bin.from, bin.to),
              f.count(bin.calls),
              f.percent(bin.meanChanceHeld),
              f.percent(bin.heldRate),
              f.percent(bin.callersRightRate),
            ],
          })),
        }}
      >
        <CalibrationPlot
          points={points}
          value={f.percent}
          tip={(p) => (
            <>
              <p>{t('chanceHeldIs', { chance: f.percent(p.chance) })}</p>
              <p>{t('callersRightIs', { rate: f.percent(p.right), count: p.calls })}</p>
            </>
          )}
        />
      </ChartFigure>
      <p className="hint">{t('calibrationHint')}</p>
      <QueryPanel document={StatsCallCalibrationDocument} variables={variables} />
    </section>
  );
}
