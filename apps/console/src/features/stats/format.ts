'use client';

import { useFormatter } from 'next-intl';

/** Numbers as the reader's language writes them; a rate with nothing behind it is a dash. */
export function useStatFormat() {
  const format = useFormatter();
  return {
    count: (value: number) => format.number(value),
    percent: (value: number | null | undefined) =>
      value === null || value === undefined
        ? '—'
        : format.number(value, { style: 'percent', maximumFractionDigits: 1 }),
    decimal: (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : format.number(value, { maximumFractionDigits: 2 }),
    date: (value: string | number) => format.dateTime(new Date(value), { dateStyle: 'medium' }),
    dateTime: (value: string | number) =>
      format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

export type StatFormat = ReturnType<typeof useStatFormat>;
