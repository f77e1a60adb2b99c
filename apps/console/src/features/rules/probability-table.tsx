import { getFormatter, getTranslations } from 'next-intl/server';
import { chanceAtLeast } from '@liars-dice/game-rules';

const UNKNOWN_DICE = [5, 10, 15, 20, 25, 30];
const AT_LEAST = Array.from({ length: 12 }, (_, i) => i + 1);

/** P(at least q of a face among n unknown dice), from libs/game/rules: wild (1s count, 1/3) or not (1/6). */
export async function ProbabilityTable({ wild }: { wild: boolean }) {
  const t = await getTranslations('rules');
  const format = await getFormatter();
  const percent = (p: number) =>
    format.number(p, { style: 'percent', maximumFractionDigits: p > 0 && p < 0.01 ? 1 : 0 });
  return (
    <table className="data odds">
      <caption>{t(wild ? 'tableWild' : 'tableNotWild')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('atLeast')}</th>
          {UNKNOWN_DICE.map((n) => (
            <th key={n} scope="col">
              {t('unknownDice', { n })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {AT_LEAST.map((q) => (
          <tr key={q}>
            <th scope="row">{format.number(q)}</th>
            {UNKNOWN_DICE.map((n) => {
              const p = chanceAtLeast(q, n, wild);
              return (
                <td key={n} style={{ ['--p' as string]: p.toFixed(3) }} className="odds-cell">
                  {percent(p)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
