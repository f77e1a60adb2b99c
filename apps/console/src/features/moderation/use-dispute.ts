'use client';

import { useCallback, useEffect, useState } from 'react';
import type { OperationResult } from 'urql';
import { problemOf, type Problem } from '@/data/commands';
import { DisputeDocument, type DisputeFieldsFragment } from '@/data/generated/graphql';
import { useData } from '@/data/hooks';
import { useModerationFeed } from './use-moderation-feed';

export type DisputeView = DisputeFieldsFragment;

/**
 * One dispute, live: the query, every whole dispute `moderationUpdated` pushes for it and every command's reply; a
 * view only replaces one of a lower revision, so a late reply or push never rolls it back. The dispute is read again
 * on every (re)connect of the socket (useModerationFeed).
 */
export function useDispute(id: string) {
  const [view, setView] = useState<DisputeView | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [first, refetch] = useData({
    query: DisputeDocument,
    variables: { id },
    requestPolicy: 'network-only',
  });
  const offer = useCallback((next: DisputeView | null | undefined) => {
    if (next) setView((current) => (current && current.revision > next.revision ? current : next));
  }, []);
  useEffect(() => offer(first.data?.dispute), [first.data, offer]);
  useModerationFeed(
    (update) => {
      if (update.disputeId === id) offer(update.dispute);
    },
    () => refetch({ requestPolicy: 'network-only' }),
  );
  /** Runs a command and shows its result, or the API's refusal (its code and its words). */
  const run = useCallback(
    async <D>(send: () => Promise<OperationResult<D>>, pick: (data: D) => DisputeView): Promise<boolean> => {
      const result = await send();
      setProblem(problemOf(result.error));
      if (result.data) offer(pick(result.data));
      return Boolean(result.data);
    },
    [offer],
  );
  return { view, problem: problem ?? problemOf(first.error), run };
}

export type RunDisputeCommand = ReturnType<typeof useDispute>['run'];
