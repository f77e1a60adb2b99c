'use client';

import { useTranslations } from 'next-intl';
import type { MatchView } from '@/features/play/use-live-match';
import { eliminationOf } from './table-facts';

/** "You were eliminated…" for the player who went out: in which round, and once it is over, in which place. */
export function OutNotice({ view }: { view: MatchView }) {
  const t = useTranslations('table');
  const out = view.me ? eliminationOf(view, view.me) : null;
  if (!out) return null;
  return (
    <p className="out-notice" role="status">
      {out.place === null
        ? t('youAreOut', { round: out.round })
        : t('youWereOut', { round: out.round, place: out.place, count: out.of })}
    </p>
  );
}
