'use client';

import { useEffect, useRef } from 'react';
import { useSubscription } from 'urql';
import { ModerationUpdatedDocument, type ModerationUpdatedSubscription } from '@/data/generated/graphql';
import { useLink } from '@/data/client';
import { useMounted, useResubscribe } from '@/data/hooks';

export type ModerationUpdate = ModerationUpdatedSubscription['moderationUpdated'];

/**
 * `moderationUpdated`: what the server lets this viewer hear (moderators: every dispute, whole; players: the
 * outcomes of their own). Each push is handed to `onUpdate`; a fatal close subscribes again after a pause. Pushes
 * are not replayed, so `reread` runs on every (re)connect of the socket: what changed before the subscription
 * listened, or while the socket was down, is read again.
 */
export function useModerationFeed(onUpdate: (update: ModerationUpdate) => void, reread: () => void): void {
  const mounted = useMounted();
  const latest = useRef({ onUpdate, reread });
  latest.current = { onUpdate, reread };
  const [pushed, resubscribe] = useSubscription({ query: ModerationUpdatedDocument, pause: !mounted });
  useEffect(() => {
    if (pushed.data) latest.current.onUpdate(pushed.data.moderationUpdated);
  }, [pushed.data]);
  useResubscribe(pushed.error, resubscribe);
  const link = useLink();
  useEffect(() => {
    if (link === 'online') latest.current.reread();
  }, [link]);
}
