'use client';

import { useState } from 'react';
import type { Problem } from '@/data/commands';
import { problemOf, useCommand } from '@/data/commands';
import {
  CallLiarDocument,
  CallSpotOnDocument,
  CloseLobbyDocument,
  JoinMatchDocument,
  LeaveMatchDocument,
  PlaceBidDocument,
  StartMatchDocument,
} from '@/data/generated/graphql';
import type { MatchView } from './use-live-match';

/** The match's commands, each replying with the caller's new view (offered to the live view). */
export function useMatchActions(matchId: string, offer: (view: MatchView | null | undefined) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const commands = {
    join: useCommand(JoinMatchDocument),
    start: useCommand(StartMatchDocument),
    leave: useCommand(LeaveMatchDocument),
    close: useCommand(CloseLobbyDocument),
    bid: useCommand(PlaceBidDocument),
    liar: useCommand(CallLiarDocument),
    spotOn: useCommand(CallSpotOnDocument),
  };
  async function run<T extends object>(
    send: () => Promise<{ data?: T | null; error?: Parameters<typeof problemOf>[0] }>,
  ) {
    setBusy(true);
    const result = await send();
    setBusy(false);
    setProblem(problemOf(result.error));
    const view = result.data ? (Object.values(result.data)[0] as MatchView) : null;
    offer(view);
  }
  return {
    busy,
    problem,
    join: () => run(() => commands.join({ matchId })),
    start: () => run(() => commands.start({ matchId })),
    leave: () => run(() => commands.leave({ matchId })),
    close: () => run(() => commands.close({ matchId })),
    moves: {
      bid: (quantity: number, face: number) => void run(() => commands.bid({ matchId, quantity, face })),
      liar: () => void run(() => commands.liar({ matchId })),
      spotOn: () => void run(() => commands.spotOn({ matchId })),
    },
  };
}
