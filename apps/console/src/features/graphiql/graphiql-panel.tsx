'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';

function Loading() {
  const t = useTranslations('graphiql');
  return (
    <p className="muted" role="status">
      {t('loading')}
    </p>
  );
}

/** GraphiQL needs the browser (its editor runs in web workers): never rendered on the server. */
const GraphiqlEditor = dynamic(() => import('./graphiql-editor'), { ssr: false, loading: Loading });

export function GraphiqlPanel() {
  return (
    <div className="graphiql-frame">
      <GraphiqlEditor />
    </div>
  );
}
