import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { OperationsTabs } from '@/features/operations/operations-tabs';
import { StreamBrowser } from '@/features/operations/stream-browser';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('operations'))('streamsTitle') };
}

/** The stream browser (admins only: the API refuses everyone else, and the page says so). */
export default async function StreamsPage() {
  await requireSession('/operations/streams');
  const t = await getTranslations('operations');
  return (
    <section className="card" aria-labelledby="streams-title">
      <h1 id="streams-title">{t('streamsTitle')}</h1>
      <OperationsTabs />
      <StreamBrowser />
    </section>
  );
}
