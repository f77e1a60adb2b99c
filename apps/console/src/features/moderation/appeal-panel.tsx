'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCommand } from '@/data/commands';
import { type AppealDecision, DecideAppealDocument } from '@/data/generated/graphql';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

/** The appeal, and its decision by a moderator other than the ones who ruled and confirmed. */
export function AppealPanel({ view, me, run }: { view: DisputeView; me: string; run: RunDisputeCommand }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const decide = useCommand(DecideAppealDocument);
  const [reason, setReason] = useState('');
  const appeal = view.appeal;
  if (!appeal) return null;
  const ruledBy = [view.ruling?.moderator, view.ruling?.confirmedBy].filter((m) => m != null);
  const send = (decision: AppealDecision) =>
    run(() => decide({ disputeId: view.id, decision, reason }), (d) => d.decideAppeal);
  return (
    <section className="card" aria-labelledby="appeal-title">
      <h2 id="appeal-title">{t('appealTitle')}</h2>
      <p>
        {t('appealBy', { name: appeal.player.name, at: format.dateTime(new Date(appeal.at), { dateStyle: 'short', timeStyle: 'short' }) })}
      </p>
      <p className="quote">{appeal.text}</p>
      {appeal.decision ? (
        <p>
          <strong>{t(`decision.${appeal.decision}`)}</strong> · {appeal.decidedBy?.name} · {appeal.reason}
        </p>
      ) : (
        <div className="stack">
          <p className="note">{t('appealRule', { names: ruledBy.map((m) => m.name).join(', ') })}</p>
          {ruledBy.some((m) => m.id === me) ? <p className="muted">{t('appealNotYou')}</p> : null}
          <div className="field">
            <label htmlFor="appeal-reason">{t('decisionReason')}</label>
            <textarea id="appeal-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="row">
            <button type="button" onClick={() => send('UPHELD')}>
              {t('uphold')}
            </button>
            <button type="button" className="danger" onClick={() => send('OVERTURNED')}>
              {t('overturn')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
