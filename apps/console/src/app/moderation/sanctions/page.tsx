import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { ModerationTabs } from '@/features/moderation/moderation-tabs';
import { SanctionsList } from '@/features/moderation/sanctions-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moderation'))('sanctionsTitle') };
}

export default async function SanctionsPage() {
  await requireSession('/moderation/sanctions');
  const t = await getTranslations('moderation');
  return (
    <section className="card" aria-labelledby="sanctions-title">
      <h1 id="sanctions-title">{t('sanctionsTitle')}</h1>
      <ModerationTabs />
      <SanctionsList canLift />
    </section>
  );
}
