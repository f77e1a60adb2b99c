/** Seeded sample matches through the real engine: the read side's tests, its benchmark and demos use them. */
import { decide, evolve, initialState, legalActions, type MatchCommand, type MatchEvent, type MatchState, PRESETS, type Ruleset, RuleViolation } from '@liars-dice/game-rules';
import { createRng } from '@liars-dice/game-bots';
import type { LobbyEvent, MatchKind, StreamEvent } from '@liars-dice/game-match';
import type { ProjectedEvent } from '../projected-event';

export interface TableSetup {
  readonly matchId: string;
  readonly ruleset?: Ruleset;
  /** Account ids in seat order; null seats are CPUs. */
  readonly accounts: readonly (string | null)[];
  readonly kind?: MatchKind;
  readonly ranked?: boolean;
  readonly seed?: number;
  readonly at?: number;
}

/**
 * The lobby events the game service writes before the engine's `MatchCreated`, written out by hand so that
 * tables the lobby would refuse (a CPU at a ranked table) can still test how the read side copes.
 */
export function lobbyEvents(setup: TableSetup): LobbyEvent[] {
  const ruleset = setup.ruleset ?? 'perudo';
  const seats = setup.accounts.map((account, i) => ({ seat: `s${i + 1}`, kind: account === null ? ('cpu' as const) : ('human' as const), difficulty: account === null ? ('medium' as const) : null }));
  const host = { id: setup.accounts.find((a) => a !== null) ?? 'host', name: `${setup.accounts.find((a) => a !== null) ?? 'host'}-name` };
  const fairness = { version: 'v1' as const, commitment: '0'.repeat(64) };
  const opened: LobbyEvent = {
    type: 'MatchOpened',
    data: { matchId: setup.matchId, ruleset, options: PRESETS[ruleset], chosenOptions: {}, ranked: setup.ranked ?? false, kind: setup.kind ?? 'regular', host, seats, fairness, sealedSeed: 'v1.sealed', openedAt: setup.at ?? 1_000 },
  };
  const taken = setup.accounts.flatMap((account, i): LobbyEvent[] => (account === null ? [] : [{ type: 'SeatTaken', data: { seat: `s${i + 1}`, account: { id: account, name: `${account}-name` } } }]));
  return [opened, ...taken];
}

function apply(state: MatchState, command: MatchCommand, out: MatchEvent[]): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type}: ${events.code} ${events.message}`);
  out.push(...events);
  return events.reduce(evolve, state);
}

function houseOrPlayer(state: MatchState, random: () => number): MatchCommand {
  const face = () => 1 + Math.floor(random() * 6);
  if (state.status === 'awaiting-roll') {
    const dice = Object.fromEntries(state.seats.filter((s) => !s.out).map((s) => [s.id, Array.from({ length: s.dice }, face)]));
    return { type: 'RollDice', data: { dice } };
  }
  if (state.status === 'resolving') return { type: 'PullTrigger', data: { chamber: face() } };
  if (state.status !== 'bidding') throw new Error(`stuck in ${state.status}`);
  const by = state.toAct;
  const actions = legalActions(state, by);
  const bids = actions.filter((a) => a.type === 'bid').slice(0, 6);
  const calls = actions.filter((a) => a.type !== 'bid');
  const pool = calls.length > 0 && (bids.length === 0 || random() < 0.4) ? calls : bids;
  const action = pool[Math.floor(random() * pool.length)] ?? actions[0];
  if (!action) throw new Error('no legal action');
  if (action.type === 'bid') return { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } };
  return action.type === 'liar' ? { type: 'CallLiar', data: { by } } : { type: 'CallSpotOn', data: { by } };
}

/** The engine events of a whole match played with seeded dice and choices through the real engine. */
export function engineEvents(setup: TableSetup, stopAfter = Number.MAX_SAFE_INTEGER): MatchEvent[] {
  const rng = createRng(setup.seed ?? 1);
  const random = (): number => rng.next();
  const players = setup.accounts.map((_, i) => `s${i + 1}`);
  const out: MatchEvent[] = [];
  let state = apply(initialState, { type: 'CreateMatch', data: { matchId: setup.matchId, ruleset: setup.ruleset ?? 'perudo', options: {}, players } }, out);
  for (let step = 0; step < 20_000 && state.status !== 'finished' && out.length < stopAfter; step++) state = apply(state, houseOrPlayer(state, random), out);
  return out.slice(0, stopAfter);
}

/** Who sent the command behind an event, as the metadata names it: the seat's player, else the host. */
function actorOf(setup: TableSetup, event: StreamEvent): string {
  const by = 'by' in event.data && typeof event.data.by === 'string' ? event.data.by : null;
  const seat = by === null ? -1 : Number(by.slice(1)) - 1;
  const account = seat >= 0 ? setup.accounts[seat] : (setup.accounts.find((a) => a !== null) ?? 'host');
  return account === null ? `cpu:${by}` : `account:${account ?? 'host'}`;
}

/** A whole stored match (lobby + engine) as the read side receives it, one second apart, with actors. */
export function playedMatch(setup: TableSetup, stopAfter?: number): ProjectedEvent[] {
  const events: StreamEvent[] = [...lobbyEvents(setup), ...engineEvents(setup, stopAfter)];
  const start = setup.at ?? 1_000;
  return events.map((event, index) => ({
    matchId: setup.matchId,
    index,
    event,
    actor: actorOf(setup, event),
    commandId: `cmd-${index}`,
    at: start + index * 1000,
  }));
}
