'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import type { DisputeView } from './use-dispute';

/** Who filed what, each disputed step a link into the replay there. */
export function FilingsList({ view, replayBase }: { view: DisputeView; replayBase: string }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const mode = view.endedAt ? 'full' : 'public';
  return (
    <section className="card" aria-labelledby="filings-title">
      <h2 id="filings-title">{t('filings', { count: view.filings.length })}</h2>
      <ol className="entries">
        {view.filings.map((f) => (
          <li key={`${f.filer.id}-${f.at}`}>
            <p>
              <strong>{f.filer.name}</strong> ({t(`capacity.${f.capacity}`)}) · {t(`category.${f.category}`)} ·{' '}
              {format.dateTime(new Date(f.at), { dateStyle: 'short', timeStyle: 'short' })}
            </p>
            <p className="quote">{f.text}</p>
            <p>
              {f.steps.length === 0
                ? t('wholeMatch')
                : f.steps.map((s) => (
                    <Link key={s} className="step-link" href={`${replayBase}?view=${mode}&step=${s}`}>
                      {t('stepN', { step: s + 1 })}
                    </Link>
                  ))}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
