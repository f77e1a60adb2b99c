'use client';

import { GraphiQL } from 'graphiql';
import 'graphiql/setup-workers/webpack';
import 'graphiql/style.css';
import { buildSchema } from 'graphql';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SCHEMA_SDL } from '@/data/generated/schema-sdl';
import { useSession } from '@/data/session-context';
import { useThemeInForce } from '@/ui/use-theme';
import { keepTabsAccessible } from './accessible-tabs';
import { examples } from './examples';
import { sessionFetcher } from './graphiql-fetcher';

/** Where GraphiQL keeps its tabs (@graphiql/toolkit's storage: `graphiql:` + `tabState`). */
const TABS_STORED = 'graphiql:tabState';

/** Built once per page: the schema this console was built against (codegen's copy of docs/schema.graphql). */
let schema: ReturnType<typeof buildSchema> | null = null;

/**
 * GraphiQL from the console's own bundle (the editor's workers too): no CDN, no introspection request. Loaded
 * in the browser only (graphiql-panel.tsx), with the session's token on every request.
 */
export default function GraphiqlEditor() {
  const { session } = useSession();
  const token = useRef<string | null>(null);
  token.current = session?.token ?? null;
  const fetcher = useMemo(() => sessionFetcher(() => token.current), []);
  const tabs = useMemo(
    () => examples(session?.account.id ?? null).map(({ query, variables }) => ({ query, variables: JSON.stringify(variables, null, 2) })),
    [session?.account.id],
  );
  // GraphiQL opens the first tab's query but not its variables; on a later visit its stored tabs hold their own.
  const [firstVisit] = useState(() => window.localStorage.getItem(TABS_STORED) === null);
  const theme = useThemeInForce();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => (frame.current ? keepTabsAccessible(frame.current) : undefined), []);
  schema ??= buildSchema(SCHEMA_SDL);
  return (
    <div ref={frame} className="graphiql-fill">
      <GraphiQL
        fetcher={fetcher}
        schema={schema}
        defaultTabs={tabs}
        initialVariables={firstVisit ? tabs[0]?.variables : undefined}
        defaultEditorToolsVisibility="variables"
        forcedTheme={theme ?? undefined}
      />
    </div>
  );
}
