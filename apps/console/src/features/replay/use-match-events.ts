'use client';

import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import { problemOf, type Problem } from '@/data/commands';
import { MatchEventsDocument, type MatchEventsQuery } from '@/data/generated/graphql';

const PAGE = 2000;

export interface MatchEvents {
  readonly entries: readonly { readonly type: string; readonly data: string }[] | null;
  readonly problem: Problem | null;
}

/** Every entry of a match's public trail, page by page (the API caps what one request may weigh). */
export function useMatchEvents(id: string, enabled: boolean): MatchEvents {
  const client = useClient();
  const [state, setState] = useState<MatchEvents>({ entries: null, problem: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void (async () => {
      const entries: { type: string; data: string }[] = [];
      let after = null as number | null;
      for (;;) {
        const result = await client
          .query(MatchEventsDocument, { id, after }, { requestPolicy: 'network-only' })
          .toPromise();
        if (!live) return;
        const page: MatchEventsQuery['matchAudit']['entries'] | undefined = result.data?.matchAudit.entries;
        if (!page) return setState({ entries: null, problem: problemOf(result.error) });
        entries.push(...page);
        if (page.length < PAGE) return setState({ entries, problem: null });
        after = page.at(-1)?.index ?? null;
      }
    })();
    return () => {
      live = false;
    };
  }, [client, id, enabled]);
  return state;
}
