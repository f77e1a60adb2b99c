'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import type { KeyboardEvent } from 'react';
import { StreamEventsDocument } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { RefusalNote } from './refusal-note';
import { StreamEventDetails } from './stream-event';
import { streamHref } from './stream-kind';

const PAGE = 25;

/**
 * One stream, event by event: the page of events around the one shown, and that event's details. ←/→ step,
 * Home/End jump while the browser has focus (click it or Tab to it), so the page's own fields keep their keys.
 */
export function StreamView({ stream, at, onAt }: { stream: string; at: number; onAt: (revision: number) => void }) {
  const t = useTranslations('operations');
  const format = useFormatter();
  const from = Math.floor(at / PAGE) * PAGE;
  const [page] = useData({ query: StreamEventsDocument, variables: { stream, from, first: PAGE }, requestPolicy: 'network-only' });
  const data = page.data?.streamEvents;
  const last = data ? Math.max(0, data.total - 1) : 0;
  const shown = data?.events.find((e) => e.revision === at) ?? null;
  const step = (to: number) => onAt(Math.min(last, Math.max(0, to)));
  function onKey(event: KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget && (event.target as HTMLElement).closest('input, textarea, select')) return;
    const moves: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    step(to);
  }
  return (
    <section aria-labelledby="stream-title" className="stream-view" tabIndex={0} onKeyDown={onKey} aria-keyshortcuts="ArrowLeft ArrowRight Home End">
      <h2 id="stream-title">
        <code className="stream-name">{stream}</code>
        {data ? <span className="badge">{t(`kind.${data.kind}`)}</span> : null}
      </h2>
      <RefusalNote error={page.error} />
      {data ? (
        <>
          <p className="hint">{t('streamHint', { total: format.number(data.total) })}</p>
          <div className="row" role="group" aria-label={t('stepping')}>
            <button type="button" onClick={() => step(0)} disabled={at <= 0}>
              {t('first')}
            </button>
            <button type="button" onClick={() => step(at - 1)} disabled={at <= 0}>
              {t('previous')}
            </button>
            <span role="status">{t('positionOf', { at: format.number(at), last: format.number(last) })}</span>
            <button type="button" onClick={() => step(at + 1)} disabled={at >= last}>
              {t('next')}
            </button>
            <button type="button" onClick={() => step(last)} disabled={at >= last}>
              {t('last')}
            </button>
          </div>
          <div className="stream-layout">
            <nav aria-label={t('eventsOnPage')}>
              <ol className="stream-events" start={from}>
                {data.events.map((e) => (
                  <li key={e.revision} value={e.revision}>
                    <Link href={streamHref(stream, e.revision)} aria-current={e.revision === at ? 'true' : undefined} scroll={false}>
                      {e.type}
                    </Link>
                    {e.withheld.length > 0 ? <span className="visually-hidden"> {t('someWithheld')}</span> : null}
                  </li>
                ))}
              </ol>
            </nav>
            {shown ? <StreamEventDetails event={shown} kind={data.kind} /> : <p className="muted">{t('noSuchEvent')}</p>}
          </div>
        </>
      ) : null}
    </section>
  );
}
