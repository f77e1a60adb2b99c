'use client';

import { useTranslations } from 'next-intl';
import { useSession } from '@/data/session-context';
import { useDismissibleNotice } from './dismissible-notice';

/**
 * Says that this tab switched accounts because the reader signed in with another one in another tab: an alert, as
 * the session ending is (the page itself already reads again as that account), dismissed by its button or Escape.
 */
export function SessionFollowedNotice() {
  const t = useTranslations('session');
  const { followed, dismissFollowed } = useSession();
  const { notice, dismiss, onKeyDown } = useDismissibleNotice(followed !== null, dismissFollowed);
  if (followed === null) return null;
  return (
    <div ref={notice} className="session-notice" role="alert" tabIndex={-1} onKeyDown={onKeyDown}>
      <p>
        <strong>{t('followedTitle', { name: followed })}</strong> {t('followedBody')}
      </p>
      <button type="button" className="dismiss" onClick={dismiss} aria-label={t('dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
