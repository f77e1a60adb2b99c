import { type KeyboardEvent, useEffect, useRef } from 'react';

/**
 * What a session notice does with focus and the keyboard: when it appears and the focused control went away with
 * the session (a bid button, "Sign out"), focus moves to the notice rather than being lost on the page; its
 * button or Escape dismisses it, focus then going to the main content if the notice held it.
 */
export function useDismissibleNotice(shown: boolean, dismissed: () => void) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown && (document.activeElement === null || document.activeElement === document.body)) notice.current?.focus();
  }, [shown]);
  const dismiss = () => {
    const hadFocus = notice.current?.contains(document.activeElement) ?? false;
    dismissed();
    if (hadFocus) document.getElementById('main')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismiss();
  };
  return { notice, dismiss, onKeyDown };
}
