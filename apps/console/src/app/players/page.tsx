import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Players } from '@/features/profile/players';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('profile'))('playersTitle') };
}

export default function PlayersPage() {
  return <Players />;
}
