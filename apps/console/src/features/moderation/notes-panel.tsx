'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { useCommand } from '@/data/commands';
import { AddDisputeNoteDocument } from '@/data/generated/graphql';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

/** Moderators' private notes (the parties never see them) and a field to add one. */
export function NotesPanel({ view, run }: { view: DisputeView; run: RunDisputeCommand }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const add = useCommand(AddDisputeNoteDocument);
  const [text, setText] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => add({ disputeId: view.id, text }), (d) => d.addDisputeNote)) setText('');
  }
  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title">{t('notes')}</h2>
      <p className="hint">{t('notesHint')}</p>
      {view.notes.length === 0 ? <p className="muted">{t('noNotes')}</p> : null}
      <ol className="entries">
        {view.notes.map((n) => (
          <li key={`${n.moderator.id}-${n.at}`}>
            <strong>{n.moderator.name}</strong> · {format.dateTime(new Date(n.at), { dateStyle: 'short', timeStyle: 'short' })}
            <p className="quote">{n.text}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="field">
        <label htmlFor="note-text">{t('addNote')}</label>
        <textarea id="note-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} required />
        <button type="submit" disabled={text.trim() === ''}>
          {t('saveNote')}
        </button>
      </form>
    </section>
  );
}
