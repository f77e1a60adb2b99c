import type { MatchFacts } from '@liars-dice/game-projections';
import type { Principal } from '@liars-dice/server-auth';
import { Refusal } from '@liars-dice/server-platform';
import type { ReplayStep } from '@liars-dice/game-projections';
import { replayStepView, replayViewer } from './replay-access';

const alice: Principal = { id: 'a1', name: 'alice', role: 'player' };
const bob: Principal = { id: 'b1', name: 'bob', role: 'player' };
const mia: Principal = { id: 'm1', name: 'mia', role: 'moderator' };
const root: Principal = { id: 'r1', name: 'root', role: 'admin' };

/** Only what replay access reads: where the match stands, its seats, whether a dispute is open. */
function facts(status: 'playing' | 'finished', disputed: boolean): MatchFacts {
  const seat = (id: string, holder: Principal) => ({ seat: id, holder: { id: holder.id, name: holder.name } });
  return { status, disputed, seats: [seat('s1', alice), seat('s2', bob)] } as unknown as MatchFacts;
}

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('replay access', () => {
  it.each([
    ['a moderator, dispute open', mia, true],
    ['an admin, dispute open', root, true],
    ['a moderator, no dispute', mia, false],
    ['a player of the match', alice, false],
    ['nobody signed in', null, true],
  ] as const)('given a live match, when %s asks for every hand, then NOT_FINISHED says why', (_who, caller, disputed) => {
    const refused = refusal(() => replayViewer(facts('playing', disputed), caller, { full: true, seat: null }));
    expect(refused.code).toBe('NOT_FINISHED');
    expect(refused.message).toMatch(/no full reveal of a live round, even for moderators/);
  });

  it("given a live disputed match, when a moderator asks for a seat's view, then it is refused; its own player gets it", () => {
    expect(refusal(() => replayViewer(facts('playing', true), mia, { full: false, seat: 's2' })).code).toBe('FORBIDDEN');
    expect(refusal(() => replayViewer(facts('playing', true), alice, { full: false, seat: 's2' })).code).toBe('FORBIDDEN');
    expect(replayViewer(facts('playing', true), bob, { full: false, seat: 's2' })).toEqual({ kind: 'seat', seat: 's2' });
  });

  it.each([
    ['a moderator', mia],
    ['a player', alice],
    ['nobody signed in', null],
  ] as const)('given a finished match, when %s asks, then every hand and every seat are open', (_who, caller) => {
    expect(replayViewer(facts('finished', true), caller, { full: true, seat: null })).toEqual({ kind: 'full' });
    expect(replayViewer(facts('finished', false), caller, { full: false, seat: 's2' })).toEqual({ kind: 'seat', seat: 's2' });
  });

  it('given any match, when nothing is asked for, then the public view; full with a seat is a bad request', () => {
    expect(replayViewer(facts('playing', true), null, { full: false, seat: null })).toEqual({ kind: 'public' });
    expect(refusal(() => replayViewer(facts('finished', false), mia, { full: true, seat: 's1' })).code).toBe('BAD_USER_INPUT');
    expect(refusal(() => replayViewer(facts('finished', false), mia, { full: false, seat: 's9' })).message).toBe('seat: one of s1, s2');
  });
});

describe("a replay step's store fields", () => {
  const bid: ReplayStep = {
    index: 7,
    step: 3,
    type: 'BidPlaced',
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
    actor: 'account:a1',
    commandId: 'cmd-42',
    event: { player: 's1', quantity: 2, face: 5 },
    state: { status: 'bidding' } as unknown as ReplayStep['state'],
  };
  const shared = { step: 3, type: 'BidPlaced', at: '2026-01-02T03:04:05.000Z', event: '{"player":"s1","quantity":2,"face":5}', state: '{"status":"bidding"}' };

  it.each([
    ['a moderator', mia],
    ['an admin', root],
  ] as const)('given %s, then the step carries its revision, actor and command id', (_who, caller) => {
    expect(replayStepView(bid, caller)).toEqual({ ...shared, index: 7, actor: 'account:a1', commandId: 'cmd-42' });
  });

  it.each([
    ['a player of the match', alice],
    ['nobody signed in', null],
  ] as const)('given %s, then the revision, actor and command id are null and the rest is the same', (_who, caller) => {
    expect(replayStepView(bid, caller)).toEqual({ ...shared, index: null, actor: null, commandId: null });
  });
});
