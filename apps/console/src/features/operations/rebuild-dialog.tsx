'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Problem } from '@/data/commands';
import { ProblemNote } from '@/ui/problem-note';

const MAX_REASON = 500;

/**
 * Asks before a read model is rebuilt (a modal dialog: focus stays inside, Escape or "Cancel" backs out and
 * focus returns to the button that opened it). The reason is required and goes to the operations log.
 */
export function RebuildDialog({ name, onConfirm, onClose }: { name: string | null; onConfirm: (reason: string) => Promise<Problem | null>; onClose: () => void }) {
  const t = useTranslations('operations');
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (name !== null && !element.open) {
      setReason('');
      setProblem(null);
      element.showModal();
    }
    if (name === null && element.open) element.close();
  }, [name]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setProblem({ code: 'BAD_USER_INPUT', detail: t('reasonRequired') });
    setSending(true);
    const refused = await onConfirm(reason.trim());
    setSending(false);
    if (refused) setProblem(refused);
  }
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="rebuild-title" aria-describedby="rebuild-what" className="keys confirm">
      <form onSubmit={submit}>
        <h2 id="rebuild-title">{t('rebuildTitle', { name: name ?? '' })}</h2>
        <p id="rebuild-what">{t('rebuildWhat')}</p>
        <div className="field">
          <label htmlFor="rebuild-reason">{t('rebuildReason')}</label>
          <textarea id="rebuild-reason" value={reason} onChange={(e) => (setReason(e.target.value), setProblem(null))} maxLength={MAX_REASON} rows={3} aria-required="true" autoFocus />
          <span className="hint">{t('rebuildReasonHint')}</span>
        </div>
        <ProblemNote problem={problem} />
        <div className="row">
          <button type="submit" className="danger" disabled={sending}>
            {t('rebuildConfirm', { name: name ?? '' })}
          </button>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
