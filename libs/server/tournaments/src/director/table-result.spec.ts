import type { MatchRecord } from '@liars-dice/game-match';
import { account, bob, cyd, plan, TableUnderTest } from '@liars-dice/game-match/testing';
import { CommandLog } from '@liars-dice/game-match';
import { tableResultOf } from './table-result';

const org = { id: 'o9', name: 'org' };
const dan = { id: 'd4', name: 'dan' };

/** A tournament table of bob, cyd and dan (seats s1–s3), played with all dice showing 2. */
function table(): TableUnderTest {
  const seats = [bob, cyd, dan].map((who) => ({ kind: 'human' as const, account: who }));
  return TableUnderTest.opened(org, plan(seats, { tournament: { tournamentId: 't1', round: 1, table: 1 } })).do({ type: 'StartMatch', data: { account: org, at: 3_000 } });
}

function record(played: TableUnderTest): MatchRecord {
  const { table: open, game } = played.state;
  if (open.status === 'none') throw new Error('not opened');
  return { table: open, game, revision: 10n, commands: CommandLog.empty, sealedSeed: 'sealed', seed: null, writer: null };
}

/** Plays rounds until the match ends: the player to act bids once when nobody has, else calls liar. */
function playToTheEnd(played: TableUnderTest, never: readonly string[] = []): TableUnderTest {
  const players = new Map([['s1', bob], ['s2', cyd], ['s3', dan]]);
  for (let step = 0; step < 500 && played.state.game.status !== 'finished'; step++) {
    if (played.state.game.status === 'awaiting-roll') {
      played.roll();
      continue;
    }
    const seat = played.toAct();
    const who = players.get(seat) ?? bob;
    if (never.includes(seat)) played.do({ type: 'TimeOut', data: { at: 10_000_000 } });
    else if (played.state.game.status === 'bidding' && played.state.game.round.bids.length === 0) played.do({ type: 'PlaceBid', data: { actor: account(who), quantity: 1, face: 6, at: 5_000 } });
    else played.do({ type: 'CallLiar', data: { actor: account(who), at: 5_000 } });
  }
  return played;
}

describe('a finished table match as its tournament records it', () => {
  it('is nothing while the match is playing', () => {
    expect(tableResultOf(record(table().roll()), ['bob', 'cyd', 'dan'])).toBeNull();
  });

  it('maps the seats back to the players in seat order, winner first', () => {
    const result = tableResultOf(record(playToTheEnd(table())), ['p-bob', 'p-cyd', 'p-dan']);
    expect(result?.placements.flat().sort()).toEqual(['p-bob', 'p-cyd', 'p-dan']);
    expect(result?.absent).toEqual([]);
  });

  it('names a player who never bid nor called as absent (kept in by the turn timer until out)', () => {
    const result = tableResultOf(record(playToTheEnd(table(), ['s3'])), ['p-bob', 'p-cyd', 'p-dan']);
    expect(result?.absent).toEqual(['p-dan']);
  });
});
