import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways inside its own box on a narrow screen instead of widening the page. The
 * caption may be for assistive technologies only (`captionHidden`) when a heading above says the same.
 */
export function ScrollTable({ caption, captionHidden = false, headers, children }: { caption: string; captionHidden?: boolean; headers: readonly ReactNode[]; children: ReactNode }) {
  return (
    <div className="scroll-x">
      <table className="data">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th scope="col" key={i}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
