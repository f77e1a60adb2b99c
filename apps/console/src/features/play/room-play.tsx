'use client';

import type { ReactNode } from 'react';
import { TableView } from '@/features/table/table-view';
import { BidPicker } from './bid-picker';
import type { useMatchActions } from './match-actions';
import { RevealPanel } from './reveal-panel';
import { RoundPanel } from './round-panel';
import type { MatchView } from './use-live-match';

interface Props {
  readonly view: MatchView;
  readonly name: (seat: string) => string;
  readonly actions: ReturnType<typeof useMatchActions>;
  readonly coach?: ReactNode;
}

/**
 * The table, with what was said at it (the bids, the last reveal) beside or under it, and a seated player's move in
 * a column of its own while the match is played (kept when it is not their turn, so the table never shifts).
 */
export function RoomPlay({ view, name, actions, coach }: Props) {
  const last = view.history.at(-1);
  const me = view.me === null ? undefined : view.seats.find((s) => s.seat === view.me);
  const seated = view.status.toLowerCase() === 'bidding' && me !== undefined && !me.out;
  const side = seated || coach !== undefined;
  return (
    <div className={`room-play${side ? '' : ' watching'}`}>
      <TableView view={view} name={name} />
      {side ? (
        <div className="stack room-side">
          {view.legalActions.length > 0 ? (
            <BidPicker view={view} moves={actions.moves} busy={actions.busy} />
          ) : null}
          {coach}
        </div>
      ) : null}
      <div className="stack room-log">
        <RoundPanel view={view} name={name} />
        {last ? <RevealPanel round={last} wildOnes={view.options.wildOnes} name={name} /> : null}
      </div>
    </div>
  );
}
