'use client';

import { useEffect, useRef, useState } from 'react';
import { type Client, useClient } from 'urql';
import { problemOf, type Problem } from '@/data/commands';
import { type ReplayWindowQuery, ReplayWindowDocument } from '@/data/generated/graphql';
import { type ReplayView, type Step, viewParam } from './replay-types';

/** Steps per request: a 500-step match arrives in two, the window holding the asked step first. */
export const WINDOW = 250;

export interface ReplaySteps {
  readonly total: number | null;
  /** Sparse until every window has arrived. */
  readonly steps: readonly (Step | undefined)[];
  readonly loaded: number;
  readonly problem: Problem | null;
}

const EMPTY: ReplaySteps = { total: null, steps: [], loaded: 0, problem: null };

type Raw = ReplayWindowQuery['matchReplay']['steps'][number];

function parse(raw: Raw): Step {
  return {
    step: raw.step,
    index: raw.index ?? null,
    type: raw.type as Step['type'],
    at: Date.parse(raw.at),
    actor: raw.actor ?? null,
    commandId: raw.commandId ?? null,
    event: JSON.parse(raw.event) as Record<string, unknown>,
    rawEvent: raw.event,
    state: JSON.parse(raw.state) as Step['state'],
  };
}

async function fetchWindow(client: Client, id: string, view: ReplayView, from: number) {
  const variables = {
    id,
    from,
    count: WINDOW,
    full: view.kind === 'full',
    seat: view.kind === 'seat' ? view.seat : null,
  };
  const result = await client
    .query(ReplayWindowDocument, variables, { requestPolicy: 'network-only' })
    .toPromise();
  if (!result.data)
    return {
      problem: problemOf(result.error) ?? { code: 'ERROR', detail: 'no replay' },
      total: 0,
      steps: [],
    };
  return {
    problem: null,
    total: result.data.matchReplay.total,
    steps: result.data.matchReplay.steps.map(parse),
  };
}

/** Window starts ordered by distance from the first one, so nearby steps arrive first. */
function remainingWindows(total: number, first: number): number[] {
  const starts: number[] = [];
  for (let from = 0; from < total; from += WINDOW) if (from !== first) starts.push(from);
  return starts.sort((a, b) => Math.abs(a - first) - Math.abs(b - first));
}

/**
 * Every step of a match for one view, each built by the server for that view (nothing hidden is folded
 * here). The window holding `around` is asked for first so the page shows its step at once; views already
 * seen stay cached for quick switching.
 */
export function useReplaySteps(id: string, view: ReplayView, around: number): ReplaySteps {
  const client = useClient();
  const key = `${id}|${viewParam(view)}`;
  const cache = useRef(new Map<string, ReplaySteps>());
  const aroundRef = useRef(around);
  aroundRef.current = around;
  const [state, setState] = useState<ReplaySteps>(EMPTY);
  useEffect(() => {
    let live = true;
    const cached = cache.current.get(key);
    if (cached) return setState(cached);
    setState(EMPTY);
    const steps: (Step | undefined)[] = [];
    const publish = (next: Omit<ReplaySteps, 'steps'>) => {
      const value = { ...next, steps: [...steps] };
      if (live) setState(value);
      if (!next.problem && next.loaded === next.total) cache.current.set(key, value);
    };
    void (async () => {
      const first = Math.max(0, Math.floor(aroundRef.current / WINDOW) * WINDOW);
      const head = await fetchWindow(client, id, view, first);
      let loaded = head.steps.length;
      for (const step of head.steps) steps[step.step] = step;
      publish({ total: head.total, loaded, problem: head.problem });
      for (const from of head.problem ? [] : remainingWindows(head.total, first)) {
        if (!live) return;
        const more = await fetchWindow(client, id, view, from);
        for (const step of more.steps) steps[step.step] = step;
        loaded += more.steps.length;
        publish({ total: head.total, loaded, problem: more.problem });
      }
    })();
    return () => {
      live = false;
    };
    // The view's identity is its key; `around` only picks the first window.
  }, [client, key]);
  return state;
}
