'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { RecentStreams } from './recent-streams';
import { streamHref } from './stream-kind';
import { StreamView } from './stream-view';

/** The stream browser: open a stream by its name (or from the recent ones), then walk it event by event. */
export function StreamBrowser() {
  const t = useTranslations('operations');
  const router = useRouter();
  const params = useSearchParams();
  const stream = params.get('stream') ?? '';
  const at = Math.max(0, Math.floor(Number(params.get('at') ?? 0)) || 0);
  const [typed, setTyped] = useState(stream);
  const open = (name: string, revision: number) => router.replace(streamHref(name, revision), { scroll: false });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim()) open(typed.trim(), 0);
  }
  return (
    <div className="stack">
      <form onSubmit={submit} className="row" role="search" aria-label={t('searchLabel')}>
        <label htmlFor="stream-id">{t('streamId')}</label>
        <input id="stream-id" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="match-…" spellCheck={false} autoComplete="off" className="stream-input" />
        <button type="submit" className="primary">
          {t('openStream')}
        </button>
      </form>
      <p className="hint">{t('streamIdHint')}</p>
      {stream ? <StreamView key={stream} stream={stream} at={at} onAt={(revision) => open(stream, revision)} /> : null}
      <RecentStreams />
    </div>
  );
}
