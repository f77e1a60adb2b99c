'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCommand } from '@/data/commands';
import { ConfirmRulingDocument, RejectRulingDocument } from '@/data/generated/graphql';
import { SanctionOrders } from './sanction-orders';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

interface Props {
  readonly view: DisputeView;
  readonly me: string;
  readonly name: (account: string) => string;
  readonly run: RunDisputeCommand;
}

/** The ruling, and while it waits for a second moderator: confirm, or reject with a reason. */
export function RulingView({ view, me, name, run }: Props) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const confirm = useCommand(ConfirmRulingDocument);
  const reject = useCommand(RejectRulingDocument);
  const [reason, setReason] = useState('');
  const ruling = view.ruling;
  if (!ruling) return null;
  const when = (at: string) => format.dateTime(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="card" aria-labelledby="ruling-title">
      <h2 id="ruling-title">{t('rulingTitle')}</h2>
      <p>
        <strong>{t(`actionName.${ruling.action}`)}</strong> · {t('byAt', { name: ruling.moderator.name, at: when(ruling.at) })}
      </p>
      <p className="quote">{ruling.reason}</p>
      <SanctionOrders orders={ruling.sanctions} name={name} />
      {ruling.confirmedBy ? <p>{t('confirmedBy', { name: ruling.confirmedBy.name })}</p> : null}
      {ruling.effectiveAt ? <p className="muted">{t('effectiveAt', { at: when(ruling.effectiveAt) })}</p> : null}
      {view.rejections.map((r) => (
        <p key={r.at} className="muted">
          {t('rejectedBy', { name: r.moderator.name, at: when(r.at) })} {r.reason}
        </p>
      ))}
      {view.status === 'AWAITING_SECOND' ? (
        <div className="stack">
          <p className="note">{t('secondRule', { name: ruling.moderator.name })}</p>
          {ruling.moderator.id === me ? <p className="muted">{t('secondNotYou')}</p> : null}
          <button type="button" className="primary" onClick={() => run(() => confirm({ disputeId: view.id }), (d) => d.confirmRuling)}>
            {t('confirm')}
          </button>
          <div className="field">
            <label htmlFor="reject-reason">{t('rejectReason')}</label>
            <textarea id="reject-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <button type="button" className="danger" onClick={() => run(() => reject({ disputeId: view.id, reason }), (d) => d.rejectRuling)}>
            {t('reject')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
