'use client';

import { useTranslations } from 'next-intl';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * The host's (or an admin's) "Close lobby", with a confirm step: closing is final (nobody can join or start
 * the table afterwards), so the first press only asks. The question takes focus on its safe answer ("Keep it
 * open"); Escape or that answer puts focus back on "Close lobby".
 */
export function CloseLobby({ onClose, busy }: { onClose: () => void; busy: boolean }) {
  const t = useTranslations('play');
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button ref={opener} type="button" className="danger" onClick={() => setAsking(true)} disabled={busy}>
        {t('closeLobby')}
      </button>
    );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setAsking(false);
  };
  return (
    <div role="group" aria-labelledby="close-lobby-question" className="confirm row" onKeyDown={onKeyDown}>
      <p id="close-lobby-question">{t('closeLobbyQuestion')}</p>
      <button type="button" className="danger" onClick={onClose} disabled={busy}>
        {t('closeLobbyConfirm')}
      </button>
      <button ref={keep} type="button" onClick={() => setAsking(false)}>
        {t('closeLobbyKeep')}
      </button>
    </div>
  );
}
