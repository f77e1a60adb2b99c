import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { ModerationLog } from '@/features/moderation/moderation-log';
import { ModerationTabs } from '@/features/moderation/moderation-tabs';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moderation'))('logTitle') };
}

export default async function ModerationLogPage() {
  await requireSession('/moderation/log');
  const t = await getTranslations('moderation');
  return (
    <section className="card" aria-labelledby="log-title">
      <h1 id="log-title">{t('logTitle')}</h1>
      <ModerationTabs />
      <ModerationLog staff />
    </section>
  );
}
