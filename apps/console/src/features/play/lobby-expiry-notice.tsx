'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { expiryWarning } from './lobby-expiry';

/**
 * The last minutes of an idle lobby: "This lobby closes in N minutes unless someone joins, leaves or starts it."
 * The server says when (`lobbyExpiresAt`, counted again from every command); the browser only counts down to it,
 * so the text changes at most once a minute. Nothing for a lobby that never expires (`expiresAt` null). A status, not an alert: announced politely, never taking focus. When
 * the lobby expires, the room's live view turns closed and the expired notice takes its place.
 */
export function LobbyExpiryNotice({ expiresAt }: { expiresAt: number | null | undefined }) {
  const t = useTranslations('play');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const warning = expiresAt == null ? null : expiryWarning(expiresAt, now);
  if (!warning) return null;
  return (
    <p className="lobby-expiry" role="status">
      {warning.minutes > 0 ? t('lobbyClosesIn', { minutes: warning.minutes }) : t('lobbyClosesSoon')}
    </p>
  );
}
