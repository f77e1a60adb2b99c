import fc from 'fast-check';
import { decide } from './decide';
import { evolve } from './evolve';
import { fold } from './fold';
import { legalActions } from './legal-actions';
import { playerView } from './player-view';
import type { MatchEvent } from './events';
import { RuleViolation } from './rule-violation';
import { diceInPlay, initialState, type MatchState } from './state';
import { commandFor, pickAction, randomHouseCommand, randomTable, seededRandom } from './testing/random-match';
import { FACES } from './vocabulary';

type Check = (before: MatchState, after: MatchState, events: readonly MatchEvent[]) => void;

/** Plays one random match to the end, running `check` on every decided command. */
function playRandomMatch(seed: number, check: Check, tryIllegal = false): { state: MatchState; events: MatchEvent[] } {
  const random = seededRandom(seed);
  const table = randomTable(random);
  const log: MatchEvent[] = [];
  let state: MatchState = initialState;
  const apply = (decided: readonly MatchEvent[]) => {
    const before = state;
    for (const event of decided) state = evolve(state, event);
    log.push(...decided);
    check(before, state, decided);
  };
  const created = decide(state, { type: 'CreateMatch', data: { matchId: `m${seed}`, ...table } });
  if (created instanceof RuleViolation) throw created;
  apply(created);
  for (let step = 0; step < 3_000 && state.status !== 'finished'; step++) {
    const house = randomHouseCommand(state, random);
    if (house) {
      const decided = decide(state, house);
      if (decided instanceof RuleViolation) throw decided;
      apply(decided);
      continue;
    }
    if (state.status !== 'bidding') throw new Error(`stuck in ${state.status}`);
    const actions = legalActions(state, state.toAct);
    // Invariant: the player to act always has a legal action.
    expect(actions.length).toBeGreaterThan(0);
    if (tryIllegal) expectIllegalRejected(state, random);
    const decided = decide(state, commandFor(state.toAct, pickAction(actions, random)));
    if (decided instanceof RuleViolation) throw new Error(`a legal action was rejected: ${decided.code} ${decided.message}`);
    apply(decided);
  }
  return { state, events: log };
}

/** Every bid, call and turn that is not in legalActions is rejected, with the code the table predicts. */
function expectIllegalRejected(state: Extract<MatchState, { status: 'bidding' }>, random: () => number): void {
  const legal = new Set(legalActions(state, state.toAct).map((a) => JSON.stringify(a)));
  const total = diceInPlay(state);
  const quantity = 1 + Math.floor(random() * (total + 1));
  const face = FACES[Math.floor(random() * 6)] ?? 2;
  const result = decide(state, { type: 'PlaceBid', data: { by: state.toAct, quantity, face } });
  if (legal.has(JSON.stringify({ type: 'bid', quantity, face }))) expect(result).not.toBeInstanceOf(RuleViolation);
  else {
    expect(result).toBeInstanceOf(RuleViolation);
    const expected = quantity > total ? ['INVALID_BID'] : ['ONES_NOT_ALLOWED', 'FACE_LOCKED', 'BID_TOO_LOW'];
    expect(expected).toContain((result as RuleViolation).code);
  }
  const other = state.seats.find((s) => !s.out && s.id !== state.toAct);
  if (other) expect(decide(state, { type: 'CallLiar', data: { by: other.id } })).toMatchObject({ code: 'NOT_YOUR_TURN' });
  if (!legal.has('{"type":"spot-on"}')) {
    const code = state.round.bids.length === 0 ? 'NO_BID' : 'SPOT_ON_DISABLED';
    expect(decide(state, { type: 'CallSpotOn', data: { by: state.toAct } })).toMatchObject({ code });
  }
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
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

  it("never shows a player another player's dice before the reveal", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandomMatch(seed, (_before, after) => {
          if (after.status !== 'bidding') return;
          for (const viewer of [...after.seats.map((s) => s.id), null]) {
            const view = playerView(after, viewer);
            const shown = JSON.stringify(view?.round) + JSON.stringify(view?.players) + JSON.stringify(view?.myDice);
            expect(view?.myDice).toEqual(viewer === null ? [] : (after.round.dice[viewer] ?? []));
            expect(shown).not.toContain('"dice":{');
            // history only holds rounds that have ended
            expect(view?.history.every((round) => round.end !== null)).toBe(true);
          }
        });
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
