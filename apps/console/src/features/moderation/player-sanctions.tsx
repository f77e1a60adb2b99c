'use client';

import { useTranslations } from 'next-intl';
import type { SanctionKind } from '@/data/generated/graphql';
import { BAN_DAYS, pickOf, type RulingPlan, withBanDays, withPick } from './ruling-plan';

interface Props {
  readonly account: string;
  readonly name: string;
  readonly plan: RulingPlan;
  /** The kinds the ruling's action takes; a kind already picked stays shown (so it can be taken back). */
  readonly kinds: readonly SanctionKind[];
  readonly onChange: (plan: RulingPlan) => void;
}

const ALL_KINDS: readonly SanctionKind[] = ['WARNING', 'RANKED_BAN', 'COLLUSION_MARK'];

/** One player's sanctions in a ruling: a box per kind (several may be ticked), a ranked ban with its days. */
export function PlayerSanctions({ account, name, plan, kinds, onChange }: Props) {
  const t = useTranslations('moderation');
  const shown = ALL_KINDS.filter((kind) => kinds.includes(kind) || pickOf(plan, account, kind));
  const ban = pickOf(plan, account, 'RANKED_BAN');
  const id = (kind: string) => `sanction-${account}-${kind}`;
  return (
    <fieldset className="seat-row">
      <legend>{t('sanctionFor', { name })}</legend>
      {shown.map((kind) => (
        <div className="check" key={kind}>
          <input id={id(kind)} type="checkbox" checked={pickOf(plan, account, kind) !== undefined} onChange={(e) => onChange(withPick(plan, account, kind, e.target.checked))} />
          <label htmlFor={id(kind)}>{t(`kind.${kind}`)}</label>
        </div>
      ))}
      {ban ? (
        <>
          <label htmlFor={id('days')}>{t('banDays')}</label>
          <input id={id('days')} type="number" min={BAN_DAYS.min} max={BAN_DAYS.max} value={ban.days} onChange={(e) => onChange(withBanDays(plan, account, Number(e.target.value)))} />
        </>
      ) : null}
    </fieldset>
  );
}
