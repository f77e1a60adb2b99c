import type { ReactNode } from 'react';

/** Terms and values as the console shows facts (a `dl` of pairs, laid out by `.facts`). */
export function FactsList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
