import { commitmentOf, deriveLot, drawSeatingOrder } from '@liars-dice/game-fairness';
import {
  decide,
  evolve,
  fold,
  seatingDue,
  type Tournament,
  type TournamentCommand,
  type TournamentEvent,
  TournamentViolation,
} from '@liars-dice/game-tournament';

export const BENCH_SEED = '7a'.repeat(32);

/** A started swiss tournament of `players` (tables of up to 6, 6 rounds): the events, folded once. */
export function startedField(players: number): Tournament {
  const id = 'bench';
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCreated',
      data: {
        config: {
          tournamentId: id,
          name: 'Seating benchmark',
          organiser: 'org',
          organiserName: 'org',
          family: 'perudo',
          options: {
            startingDice: 5,
            wildOnes: true,
            spotOn: true,
            palifico: true,
            bullets: 0,
            turnSeconds: 60,
          },
          chosenOptions: { turnSeconds: 60 },
          ranked: false,
          capacity: players,
          tableSize: { min: 2, max: 6 },
          format: 'swiss-tables',
          rounds: 6,
          finalTableSize: 6,
          advancePerTable: 0,
          registrationOpensAt: 0,
          registrationClosesAt: 10,
          startsAt: 20,
          checkInMinutes: 0,
          lateRegistrationUntilRound: 0,
          autoPublish: true,
        },
        fairness: { version: 'v1', commitment: commitmentOf(BENCH_SEED) },
        createdAt: 0,
      },
    },
  ];
  const ids = Array.from({ length: players }, (_, i) => `player-${String(i).padStart(5, '0')}`);
  for (const player of ids) {
    events.push({
      type: 'PlayerRegistered',
      data: {
        player,
        name: player,
        kind: 'human',
        difficulty: null,
        lot: deriveLot(BENCH_SEED, id, player),
        late: false,
        firstRound: 1,
        checkedIn: true,
        at: 5,
      },
    });
  }
  events.push({ type: 'TournamentStarted', data: { players: ids, removed: [], at: 20 } });
  return fold(events) as Tournament;
}

function apply(state: Tournament, command: TournamentCommand): Tournament {
  const decided = decide(state, command);
  if (decided instanceof TournamentViolation) throw decided;
  return decided.reduce((s, e) => evolve(s, e) as Tournament, state);
}

/** The draw and the seating of the round due, as the process manager makes them: one timed unit. */
export function seatRound(state: Tournament): Tournament {
  const due = seatingDue(state);
  if (!due) throw new Error('no round due');
  const order = drawSeatingOrder(BENCH_SEED, state.config.tournamentId, due.round, due.players);
  return apply(state, { type: 'DraftSeating', data: { round: due.round, order, at: 100 } });
}

/** Plays every table of the current round: placements are the seat order rotated by the table number and `salt`. */
export function playRound(state: Tournament, salt: number): Tournament {
  let next = state;
  const round = state.rounds.at(-1);
  for (const table of round?.tables ?? []) {
    const at = {
      round: round?.round ?? 0,
      table: table.table,
      matchId: `m${round?.round}-${table.table}`,
      at: 200,
    };
    next = apply(next, { type: 'AssignTableMatch', data: at });
    const size = table.players.length;
    const placements = table.players.map((_, i) => [
      table.players[(i + salt + table.table) % size] as string,
    ]);
    next = apply(next, { type: 'RecordTableResult', data: { ...at, placements } });
  }
  return next;
}
