import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/data/server-session';
import { ModerationTabs } from '@/features/moderation/moderation-tabs';
import { SuspiciousPairs } from '@/features/moderation/suspicious-pairs';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('moderation'))('pairsTitle') };
}

export default async function PairsPage() {
  await requireSession('/moderation/pairs');
  const t = await getTranslations('moderation');
  return (
    <section className="card" aria-labelledby="pairs-title">
      <h1 id="pairs-title">{t('pairsTitle')}</h1>
      <ModerationTabs />
      <p className="hint">{t('signalsHint')}</p>
      <SuspiciousPairs />
    </section>
  );
}
