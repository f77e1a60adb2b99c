'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';

const KEYS = [
  ['←  →', 'keyStep'],
  ['Shift + ←  →', 'keyRound'],
  ['Home  End', 'keyEdges'],
  ['Space', 'keyPlay'],
  ['+  −', 'keySpeed'],
  ['w  Shift+w', 'keyWrong'],
  ['b  Shift+b', 'keyBluff'],
  ['?', 'keyHelp'],
] as const;

/** The list of keys, in a modal dialog (`?` opens it, Escape closes it). */
export function KeysHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('replay');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="keys-title" className="keys">
      <h2 id="keys-title">{t('keysTitle')}</h2>
      <table className="data">
        <tbody>
          {KEYS.map(([key, what]) => (
            <tr key={what}>
              <th scope="row">
                <kbd>{key}</kbd>
              </th>
              <td>{t(what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} autoFocus>
        {t('close')}
      </button>
    </dialog>
  );
}
