import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { fieldsFrom } from '@/features/stats/match-filter';
import { MatchSearch } from '@/features/stats/match-search';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('stats'))('matchesTitle') };
}

/** Match search over every filter of the API's `matches` query, held in the address. */
export default async function MatchSearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <MatchSearch fields={fieldsFrom(await searchParams)} />;
}
