'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useSessionRenewal } from '@/data/use-session-renewal';
import { useSession } from '@/data/session-context';
import { useDismissibleNotice } from './dismissible-notice';

/**
 * Keeps the session renewed and, when it ends by expiring (socket closed 4401, token refused, expiry passed),
 * says so: an alert (announced without taking focus from what the reader is doing), with a link to sign in
 * again and come back here, dismissed by its button or Escape. If the focused control went away with the
 * session (a bid button, "Sign out"), focus moves to the notice rather than being lost on the page.
 */
export function SessionExpiredNotice() {
  useSessionRenewal();
  const t = useTranslations('session');
  const pathname = usePathname();
  const { expired, dismissExpired } = useSession();
  const { notice, dismiss, onKeyDown } = useDismissibleNotice(expired, dismissExpired);
  if (!expired) return null;
  return (
    <div ref={notice} className="session-notice" role="alert" tabIndex={-1} onKeyDown={onKeyDown}>
      <p>
        <strong>{t('expiredTitle')}</strong> {t('expiredBody')}
      </p>
      <Link href={`/sign-in?next=${encodeURIComponent(pathname)}`} className="button primary">
        {t('signInAgain')}
      </Link>
      <button type="button" className="dismiss" onClick={dismiss} aria-label={t('dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
