'use client';

import { useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { ModerationUpdatedDocument, type ModerationUpdatedSubscription } from '@/data/generated/graphql';
import { useMounted, useResubscribe } from '@/data/hooks';

export type ModerationUpdate = ModerationUpdatedSubscription['moderationUpdated'];

/**
 * `moderationUpdated`: what the server lets this viewer hear (moderators: every dispute, whole; players: the
 * outcomes of their own). Each push is handed to `onUpdate`; a fatal close subscribes again after a pause.
 */
export function useModerationFeed(onUpdate: (update: ModerationUpdate) => void, pause = false): void {
  const mounted = useMounted();
  const latest = useRef(onUpdate);
  latest.current = onUpdate;
  const [pushed, resubscribe] = useSubscription({ query: ModerationUpdatedDocument, pause: !mounted || pause });
  useEffect(() => {
    if (pushed.data) latest.current(pushed.data.moderationUpdated);
  }, [pushed.data]);
  useResubscribe(pushed.error, resubscribe);
}
