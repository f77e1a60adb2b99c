'use client';

import { useTranslations } from 'next-intl';
import type { MatchView } from '@/features/play/use-live-match';
import { turnAnnouncement } from './announcement';

/** One polite live region for the table's turns and bids (reveals and the end speak in their own panels). */
export function TurnAnnouncer({ view, name }: { view: MatchView; name: (seat: string) => string }) {
  const t = useTranslations('table');
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="table-announcer">
      {turnAnnouncement(view, name, t)}
    </p>
  );
}
