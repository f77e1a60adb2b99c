import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { OperationsOverview } from '@/features/operations/operations-overview';
import { OperationsTabs } from '@/features/operations/operations-tabs';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('operations'))('title') };
}

/** Operators' overview (the API answers admins only, and the page says so to anyone else). */
export default async function OperationsPage() {
  await requireSession('/operations');
  const t = await getTranslations('operations');
  return (
    <section className="card" aria-labelledby="operations-title">
      <h1 id="operations-title">{t('title')}</h1>
      <OperationsTabs />
      <OperationsOverview />
    </section>
  );
}
