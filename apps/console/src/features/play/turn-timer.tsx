'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** Seconds left until the recorded deadline, ticking; the bar empties as time runs out. */
export function TurnTimer({ deadline, seconds }: { deadline: number; seconds: number }) {
  const t = useTranslations('play');
  const format = useFormatter();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <div className={`timer${left <= 10 ? ' urgent' : ''}`}>
      <span>{t('timeLeft', { seconds: format.number(left) })}</span>
      <progress max={seconds} value={left} aria-label={t('timer')} />
    </div>
  );
}
