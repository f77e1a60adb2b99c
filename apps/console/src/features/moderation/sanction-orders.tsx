'use client';

import { useTranslations } from 'next-intl';
import type { SanctionOrderFieldsFragment } from '@/data/generated/graphql';

/** The sanctions a ruling orders: whom, what, for how long. */
export function SanctionOrders({ orders, name }: { orders: readonly SanctionOrderFieldsFragment[]; name: (id: string) => string }) {
  const t = useTranslations('moderation');
  if (orders.length === 0) return null;
  return (
    <ul>
      {orders.map((o) => (
        <li key={`${o.account}-${o.kind}`}>
          {name(o.account)}: {t(`kind.${o.kind}`)}
          {o.days ? ` (${t('days', { days: o.days })})` : null}
        </li>
      ))}
    </ul>
  );
}
