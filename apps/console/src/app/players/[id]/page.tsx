import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Profile } from '@/features/profile/profile';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('profile'))('pageTitle') };
}

export default async function PlayerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ name?: string }>;
}) {
  const [{ id }, { name }] = await Promise.all([params, searchParams]);
  return <Profile player={id} name={typeof name === 'string' ? name : undefined} />;
}
