'use client';

import { print, type DocumentNode } from 'graphql';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';

type Copied = 'idle' | 'copied' | 'failed';

/**
 * The GraphQL query behind a dashboard, as the page sends it, with its variables: shown on demand and copied with
 * one button (a status says whether the copy worked; where the clipboard refuses, the text is there to select).
 */
export function QueryPanel({
  document,
  variables,
}: {
  document: DocumentNode;
  variables: Readonly<Record<string, unknown>>;
}) {
  const t = useTranslations('stats');
  const text = useMemo(() => print(document), [document]);
  const vars = JSON.stringify(variables, null, 2);
  const [copied, setCopied] = useState<Copied>('idle');
  const id = useId();
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 4_000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'));
  return (
    <div className="query-panel">
      <div className="row">
        <button type="button" onClick={copy} aria-describedby={`${id}-status`}>
          {t('copyQuery')}
        </button>
        <span id={`${id}-status`} role="status" className="hint">
          {copied === 'copied' ? t('copied') : copied === 'failed' ? t('copyFailed') : ''}
        </span>
      </div>
      <details>
        <summary>{t('showQuery')}</summary>
        <pre>
          <code>{text}</code>
        </pre>
        <p className="hint">{t('variables')}</p>
        <pre>
          <code>{vars}</code>
        </pre>
      </details>
    </div>
  );
}
