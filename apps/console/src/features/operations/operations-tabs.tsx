'use client';

import { useTranslations } from 'next-intl';
import { SectionTabs } from '@/ui/section-tabs';

/** The operators' sections: read models (with health and the operations log), the stream browser, GraphiQL. */
export function OperationsTabs() {
  const t = useTranslations('operations');
  const tabs = [
    { href: '/operations', text: t('tabReadModels') },
    { href: '/operations/streams', text: t('tabStreams') },
    { href: '/graphiql', text: 'GraphiQL' },
  ];
  return <SectionTabs label={t('sections')} tabs={tabs} />;
}
