'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { problemOf, type Problem, useCommand } from '@/data/commands';
import { LiftSanctionDocument, SanctionsDocument, type SanctionFieldsFragment } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { ProblemNote } from '@/ui/problem-note';

/** Sanctions, newest first (moderators: everyone's; players: their own); moderators lift one with a reason. */
export function SanctionsList({ canLift }: { canLift: boolean }) {
  const t = useTranslations('moderation');
  const [activeOnly, setActiveOnly] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [list, refetch] = useData({ query: SanctionsDocument, variables: { active: activeOnly, first: 50 }, requestPolicy: 'network-only' });
  const lift = useCommand(LiftSanctionDocument);
  async function onLift(s: SanctionFieldsFragment, reason: string) {
    const result = await lift({ account: s.account.id, sanctionId: s.id, reason });
    setProblem(problemOf(result.error));
    if (result.data) refetch({ requestPolicy: 'network-only' });
  }
  const nodes = list.data?.sanctions.nodes ?? [];
  return (
    <div>
      <div className="check">
        <input id="active-only" type="checkbox" checked={activeOnly} onChange={(e) => setActiveOnly(e.target.checked)} />
        <label htmlFor="active-only">{t('activeOnly')}</label>
      </div>
      <ProblemNote problem={problem ?? problemOf(list.error)} />
      {list.data && nodes.length === 0 ? <p className="muted">{t('noSanctions')}</p> : null}
      <ol className="entries">
        {nodes.map((s) => (
          <SanctionEntry key={s.id} sanction={s} onLift={canLift ? (reason) => onLift(s, reason) : undefined} />
        ))}
      </ol>
    </div>
  );
}

function SanctionEntry({ sanction: s, onLift }: { sanction: SanctionFieldsFragment; onLift?: (reason: string) => void }) {
  const t = useTranslations('moderation');
  const format = useFormatter();
  const [reason, setReason] = useState('');
  const when = (at: string) => format.dateTime(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  const field = `lift-${s.id}`;
  return (
    <li>
      <p>
        <strong>{s.account.name}</strong>: {t(`kind.${s.kind}`)}
        {s.until ? ` ${t('until', { at: when(s.until) })}` : null}
        <span className={`badge ${s.active ? 'warn' : ''}`}>{s.active ? t('active') : t('inactive')}</span>
      </p>
      <p className="muted">
        {t('byAt', { name: s.moderator.name, at: when(s.at) })} · {s.reason}
        {s.disputeId ? ` · ${s.disputeId}` : null}
      </p>
      {s.liftedAt ? <p className="muted">{t('liftedBy', { name: s.liftedBy?.name ?? '', at: when(s.liftedAt) })} {s.liftReason}</p> : null}
      {onLift && s.active ? (
        <div className="row">
          <label htmlFor={field}>{t('liftReason')}</label>
          <input id={field} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          <button type="button" onClick={() => onLift(reason)}>
            {t('lift', { name: s.account.name })}
          </button>
        </div>
      ) : null}
    </li>
  );
}
