import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { parseSession, SESSION_COOKIE } from '@/data/session';
import { GraphiqlPanel } from '@/features/graphiql/graphiql-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('graphiql'))('title') };
}

/** GraphiQL on this service's API, from the console's own bundle, as the signed-in reader (or a guest). */
export default async function GraphiqlPage() {
  const t = await getTranslations('graphiql');
  const session = parseSession((await cookies()).get(SESSION_COOKIE)?.value);
  return (
    <section aria-labelledby="graphiql-title" className="graphiql-page">
      <h1 id="graphiql-title">{t('title')}</h1>
      <p className="hint">{session ? t('signedIn', { name: session.account.name }) : t('guest')} {t('examples')}</p>
      <GraphiqlPanel />
    </section>
  );
}
