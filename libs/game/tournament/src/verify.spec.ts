import { commitmentOf, deriveLot } from '@liars-dice/game-fairness';
import type { PlayerId } from '@liars-dice/game-rules';
import type { TournamentCommand } from './commands';
import { decide } from './decide';
import type { TournamentEvent } from './events';
import { evolve } from './evolve';
import { seatingDraw } from './house';
import { initialState, type Tournament, type TournamentState } from './state';
import { TournamentViolation } from './tournament-violation';
import { verifyTournament } from './verify';

const SEED = '5e'.repeat(32);
const ORGANISER = { id: 'org', role: 'organiser' as const };

/** A whole 14-player swiss (tables of 3–4, 2 rounds and a final) with every lot and seating from the seed. */
function playTournament(seed: string): TournamentEvent[] {
  const events: TournamentEvent[] = [];
  let state: TournamentState = initialState;
  const apply = (command: TournamentCommand) => {
    const decided = decide(state, command);
    if (decided instanceof TournamentViolation) throw decided;
    for (const event of decided) state = evolve(state, event);
    events.push(...decided);
  };
  apply({
    type: 'CreateTournament',
    data: { tournamentId: 'cup', name: 'Cup', by: ORGANISER, organiserName: 'org', family: 'classic', ranked: false, capacity: 20, tableSize: { min: 3, max: 4 }, format: 'swiss-tables', rounds: 2, registrationOpensAt: 0, registrationClosesAt: 10, startsAt: 20, autoPublish: true, fairness: { version: 'v1', commitment: commitmentOf(seed) }, at: 0 },
  });
  for (let i = 0; i < 14; i++) {
    const player = `p${i}`;
    apply({ type: 'RegisterPlayer', data: { player, name: player, kind: 'human', by: ORGANISER, lot: deriveLot(seed, 'cup', player), at: 5 } });
  }
  apply({ type: 'StartTournament', data: { by: ORGANISER, at: 20 } });
  const now = (): TournamentState => state;
  for (let at = 21; now().status === 'running'; at++) {
    const draw = seatingDraw(now() as Tournament, seed, at);
    if (draw) apply(draw);
    const round = (now() as Tournament).rounds.at(-1);
    for (const table of round?.tables ?? []) playTable(apply, round?.round ?? 0, table.table, table.players, at);
  }
  return events;
}

/** Every table placed in id order. */
function playTable(apply: (command: TournamentCommand) => void, round: number, table: number, players: readonly PlayerId[], at: number): void {
  const matchId = `m${round}-${table}`;
  apply({ type: 'AssignTableMatch', data: { round, table, matchId, at } });
  apply({ type: 'RecordTableResult', data: { round, table, matchId, placements: [...players].sort().map((p) => [p]), at } });
}

describe('verifyTournament', () => {
  it('given a tournament seated from its seed, it verifies every lot and every seating', () => {
    const events = playTournament(SEED);
    expect(events.at(-1)?.type).toBe('TournamentFinished');
    expect(verifyTournament(events, SEED)).toEqual({ verified: true, commitmentMatches: true, lotsChecked: 14, seatingsChecked: 3, discrepancies: [] });
  });

  it('given another seed than the committed one, it reports the mismatch', () => {
    const result = verifyTournament(playTournament(SEED), 'ee'.repeat(32));
    expect(result).toMatchObject({ verified: false, commitmentMatches: false });
  });

  it('given a seating with two players swapped, it names the round and the table', () => {
    const events = playTournament(SEED).map((event) => {
      if (event.type !== 'SeatingDrafted' || event.data.round !== 2) return event;
      const [first, second, ...rest] = event.data.tables;
      if (!first || !second) return event;
      const a = [second.players[0] as string, ...first.players.slice(1)];
      const b = [first.players[0] as string, ...second.players.slice(1)];
      return { ...event, data: { ...event.data, tables: [{ ...first, players: a }, { ...second, players: b }, ...rest] } };
    });
    const result = verifyTournament(events, SEED);
    expect(result.verified).toBe(false);
    expect(result.discrepancies[0]?.what).toMatch(/^round 2, table 1: seated /);
  });

  it('given a changed lot, it names the player', () => {
    const events = playTournament(SEED).map((event) => (event.type === 'PlayerRegistered' && event.data.player === 'p3' ? { ...event, data: { ...event.data, lot: 0 } } : event));
    expect(verifyTournament(events, SEED).discrepancies[0]?.what).toMatch(/^p3: lot 0, derived \d+/);
  });

  it('refuses a seed that is not 64 lowercase hex characters', () => {
    expect(verifyTournament([], 'xyz')).toMatchObject({ verified: false, discrepancies: [{ what: 'the seed is not 64 lowercase hex characters' }] });
  });
});
