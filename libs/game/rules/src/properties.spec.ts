import fc from 'fast-check';
import { decide } from './decide';
import { evolve } from './evolve';
import { fold } from './fold';
import { legalActions } from './legal-actions';
import { playerView } from './player-view';
import type { MatchEvent } from './events';
import { RuleViolation } from './rule-violation';
import { diceInPlay, initialState, type MatchState } from './state';
import type { MatchCommand } from './commands';
import { expectedBidCode } from './testing/expected-code';
import { privacyLeaks } from './testing/privacy';
import { commandFor, pickAction, randomHouseCommand, randomTable, seededRandom } from './testing/random-match';
import { FACES } from './vocabulary';

type Check = (before: MatchState, after: MatchState, events: readonly MatchEvent[]) => void;
type Bidding = Extract<MatchState, { status: 'bidding' }>;

/** What the random matches exercised, so the properties can show they reached every kind of command. */
const reached = { timeOuts: 0, forfeits: 0, codes: new Set<string>() };

function accepted(state: MatchState, command: MatchCommand): readonly MatchEvent[] {
  const decided = decide(state, command);
  if (decided instanceof RuleViolation) throw new Error(`${command.type} was rejected: ${decided.code} ${decided.message}`);
  return decided;
}

/** The player's next command: any legal action (weighted), now and then a time-out or a forfeit, with a clock. */
function nextCommand(state: Bidding, random: () => number, now: number): MatchCommand {
  const roll = random();
  if (roll < 0.04) {
    reached.timeOuts += 1;
    return { type: 'TimeOut', data: { player: state.toAct, at: state.turnDeadline ?? now } };
  }
  const alive = state.seats.filter((seat) => !seat.out);
  if (roll < 0.06) {
    reached.forfeits += 1;
    return { type: 'Forfeit', data: { player: (alive[Math.floor(random() * alive.length)] ?? alive[0])?.id ?? state.toAct, at: now } };
  }
  const command = commandFor(state.toAct, pickAction(legalActions(state, state.toAct), random));
  return { ...command, data: { ...command.data, at: now } } as MatchCommand;
}

/** Plays one random match to the end, running `check` on every decided command. */
function playRandomMatch(seed: number, check: Check, tryIllegal = false): { state: MatchState; events: MatchEvent[] } {
  const random = seededRandom(seed);
  const table = randomTable(random);
  const log: MatchEvent[] = [];
  let state: MatchState = initialState;
  let now = 1_000_000;
  const apply = (decided: readonly MatchEvent[]) => {
    const before = state;
    for (const event of decided) state = evolve(state, event);
    log.push(...decided);
    check(before, state, decided);
  };
  apply(accepted(state, { type: 'CreateMatch', data: { matchId: `m${seed}`, ...table } }));
  for (let step = 0; step < 3_000 && state.status !== 'finished'; step++) {
    now += Math.floor(random() * 5_000);
    const house = randomHouseCommand(state, random);
    if (house) {
      apply(accepted(state, { ...house, data: { ...house.data, at: now } } as MatchCommand));
      continue;
    }
    if (state.status !== 'bidding') throw new Error(`stuck in ${state.status}`);
    // Invariant: the player to act always has a legal action.
    expect(legalActions(state, state.toAct).length).toBeGreaterThan(0);
    if (tryIllegal) expectIllegalRejected(state, random);
    apply(accepted(state, nextCommand(state, random, now)));
  }
  if (tryIllegal && state.status === 'finished') expectRejectedWhenOver(state);
  return { state, events: log };
}

function expectCode(state: MatchState, command: MatchCommand, code: string): void {
  const result = decide(state, command);
  const got = result instanceof RuleViolation ? result.code : 'accepted';
  if (got !== code) expect({ command, code: got }).toEqual({ command, code });
  reached.codes.add(code);
}

/** Every bid, call, time-out and forfeit that is not allowed is rejected with exactly the code the rules give. */
function expectIllegalRejected(state: Bidding, random: () => number): void {
  const legal = new Set(legalActions(state, state.toAct).map((a) => JSON.stringify(a)));
  const total = state.seats.reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
  const quantity = Math.floor(random() * (total + 3));
  const face = random() < 0.1 ? Math.floor(random() * 8) : (FACES[Math.floor(random() * 6)] ?? 2);
  const code = expectedBidCode(state, quantity, face);
  expectCode(state, { type: 'PlaceBid', data: { by: state.toAct, quantity, face } }, code ?? 'accepted');
  expect(legal.has(JSON.stringify({ type: 'bid', quantity, face }))).toBe(code === null);
  const other = state.seats.find((s) => s.id !== state.toAct);
  if (other) expectCode(state, { type: 'CallLiar', data: { by: other.id } }, 'NOT_YOUR_TURN');
  if (other) expectCode(state, { type: 'TimeOut', data: { player: other.id } }, 'NOT_YOUR_TURN');
  expectCode(state, { type: 'CallLiar', data: { by: 'nobody' } }, 'UNKNOWN_PLAYER');
  expectCode(state, { type: 'Forfeit', data: { player: 'nobody' } }, 'UNKNOWN_PLAYER');
  if (!legal.has('{"type":"spot-on"}')) expectCode(state, { type: 'CallSpotOn', data: { by: state.toAct } }, state.round.bids.length === 0 ? 'NO_BID' : 'SPOT_ON_DISABLED');
  if (state.turnDeadline !== null) expectCode(state, { type: 'TimeOut', data: { player: state.toAct, at: state.turnDeadline - 1 } }, 'TURN_NOT_EXPIRED');
  const out = state.seats.find((s) => s.out);
  if (out) expectCode(state, { type: 'Forfeit', data: { player: out.id } }, 'UNEXPECTED_COMMAND');
}

function expectRejectedWhenOver(state: Extract<MatchState, { status: 'finished' }>): void {
  const seat = state.seats[0]?.id ?? 'p1';
  expectCode(state, { type: 'PlaceBid', data: { by: seat, quantity: 1, face: 2 } }, 'MATCH_OVER');
  expectCode(state, { type: 'Forfeit', data: { player: seat } }, 'MATCH_OVER');
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
// A malformed value is refused before any test runs (tools/test-settings.cjs, loaded by jest.preset.cjs).
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

describe('engine invariants over random matches of every family', () => {
  it('accepts every legal action, rejects illegal ones with the right code, and always finishes with one winner', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { state, events } = playRandomMatch(seed, () => undefined, true);
        expect(state.status).toBe('finished');
        const finished = events.filter((e) => e.type === 'MatchFinished');
        expect(finished).toHaveLength(1);
        if (state.status !== 'finished') return;
        expect(state.seats.filter((s) => !s.out).map((s) => s.id)).toEqual([state.winner]);
        expect(state.placements.flat().sort()).toEqual(state.seats.map((s) => s.id).sort());
      }),
      { numRuns: RUNS },
    );
    // The random matches did reach time-outs, forfeits and every code a player's command can get.
    expect(reached.timeOuts).toBeGreaterThan(0);
    expect(reached.forfeits).toBeGreaterThan(0);
    const codes = ['INVALID_BID', 'ONES_NOT_ALLOWED', 'FACE_LOCKED', 'BID_TOO_LOW', 'NO_BID', 'SPOT_ON_DISABLED', 'NOT_YOUR_TURN', 'UNKNOWN_PLAYER', 'MATCH_OVER', 'TURN_NOT_EXPIRED', 'UNEXPECTED_COMMAND'];
    expect(codes.filter((code) => !reached.codes.has(code))).toEqual([]);
  });

  it('never increases dice in play except by a calza regain, and never removes bullets', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandomMatch(seed, (before, after, events) => {
          if (before.status === 'none' || after.status === 'none') return;
          const regained = events.filter((e) => e.type === 'DieRegained').length;
          expect(diceInPlay(after)).toBeLessThanOrEqual(diceInPlay(before) + regained);
          before.seats.forEach((seat, i) => expect(after.seats[i]?.bullets).toBeGreaterThanOrEqual(seat.bullets));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('folds the recorded events again into the very same state', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { state, events } = playRandomMatch(seed, () => undefined);
        expect(fold(JSON.parse(JSON.stringify(events)))).toEqual(state);
      }),
      { numRuns: RUNS },
    );
  });

  it("never shows a player another player's dice before the reveal (compared by value, every seat and a spectator)", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandomMatch(seed, (_before, after) => {
          if (after.status !== 'bidding') return;
          for (const viewer of [...after.seats.map((s) => s.id), null]) {
            const view = playerView(after, viewer);
            expect({ viewer, leaks: view ? privacyLeaks(after, viewer, view) : ['no view'] }).toEqual({ viewer, leaks: [] });
          }
        });
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
