import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Lobby } from '@/features/lobby/lobby';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('lobby'))('title') };
}

export default function LobbyPage() {
  return <Lobby />;
}
