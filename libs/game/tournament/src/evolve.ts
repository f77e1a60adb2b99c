import type { PlayerId } from '@liars-dice/game-rules';
import type {
  PlayerRegistered,
  PlayerReinstated,
  PlayerWithdrew,
  RoundCompleted,
  SeatingDrafted,
  TableFinished,
  TableMatchAssigned,
  TableRestored,
  TableVoided,
  TournamentCreated,
  TournamentEvent,
  TournamentStarted,
} from './events';
import { BEFORE_START, type PlayerRecord, type RoundRecord, type TableRecord, type Tournament, type TournamentState } from './state';

/**
 * Copy-on-write for the player map, the one part of the state that grows with the field: a single `evolve`
 * copies it at its first change; a `fold` copies it once and then changes its own copy, so replaying 10,000
 * registrations is linear instead of quadratic. A map the book did not create is never changed.
 */
export class PlayerBook {
  private owned: Map<PlayerId, PlayerRecord> | null = null;

  writable(current: ReadonlyMap<PlayerId, PlayerRecord>): Map<PlayerId, PlayerRecord> {
    if (current !== this.owned) this.owned = new Map(current);
    return this.owned;
  }
}

/**
 * Folds one event into the state. Total: an event that does not fit (a foreign or corrupt log) leaves the
 * state as it was. Pure: every change is a copy, the input state is never touched.
 */
export function evolve(state: TournamentState, event: TournamentEvent, book: PlayerBook = new PlayerBook()): TournamentState {
  if (event.type === 'TournamentCreated') return state.status === 'none' ? created(event) : state;
  if (state.status === 'none') return state;
  return evolveTournament(state, event, book);
}

function evolveTournament(state: Tournament, event: TournamentEvent, book: PlayerBook): Tournament {
  switch (event.type) {
    case 'PlayerRegistered':
      return registered(state, event, book);
    case 'PlayerWithdrew':
      return withdrew(state, event, book);
    case 'PlayerCheckedIn':
      return updatePlayer(state, book, event.data.player, { checkedIn: true });
    case 'PlayerDisqualified':
      return updatePlayer(state, book, event.data.player, { status: 'disqualified', leftInRound: event.data.round, sanctionId: event.data.sanctionId ?? null });
    case 'PlayerReinstated':
      return reinstated(state, event, book);
    case 'TournamentStarted':
      return started(state, event);
    case 'SeatingDrafted':
      return drafted(state, event);
    case 'SeatingDraftDiscarded':
      return { ...state, rounds: state.rounds.filter((round) => round.round !== event.data.round || round.status !== 'drafted') };
    case 'SeatingPublished':
      return updateRound(state, event.data.round, (round) => ({ ...round, status: 'published' }));
    default:
      return evolveTables(state, event, book);
  }
}

function evolveTables(state: Tournament, event: TournamentEvent, book: PlayerBook): Tournament {
  switch (event.type) {
    case 'TableMatchAssigned':
      return updateTable(state, event.data, (table) => matchAssigned(table, event));
    case 'TableFinished':
      return tableFinished(state, event, book);
    case 'TableVoided':
      return updateTable(state, event.data, (table) => voided(table, event));
    case 'TableRestored':
      return updateTable(state, event.data, (table) => restored(table, event));
    case 'RoundCompleted':
      return roundCompleted(state, event, book);
    case 'TournamentFinished':
      return { ...state, status: 'finished', endedAt: event.data.at, winner: event.data.winner };
    case 'TournamentCancelled':
      return { ...state, status: 'cancelled', endedAt: event.data.at };
    default:
      return state;
  }
}

function created({ data }: TournamentCreated): Tournament {
  return {
    status: 'registration',
    config: data.config,
    fairness: data.fairness,
    players: new Map(),
    rounds: [],
    createdAt: data.createdAt,
    startedAt: null,
    endedAt: null,
    winner: null,
  };
}

function registered(state: Tournament, { data }: PlayerRegistered, book: PlayerBook): Tournament {
  const record: PlayerRecord = {
    id: data.player,
    name: data.name,
    kind: data.kind,
    difficulty: data.difficulty,
    lot: data.lot,
    late: data.late,
    firstRound: data.firstRound,
    checkedIn: data.checkedIn,
    status: data.late ? 'active' : 'registered',
    leftInRound: null,
    sanctionId: null,
    forfeitRound: null,
  };
  const players = book.writable(state.players);
  // Registering again after leaving before the start: in registration order from now, as a first registration.
  players.delete(data.player);
  return { ...state, players: players.set(data.player, record) };
}

/** Before the start the player leaves the field but stays listed, with their lot (issue #33). */
function withdrew(state: Tournament, { data }: PlayerWithdrew, book: PlayerBook): Tournament {
  if (state.status === 'registration') return updatePlayer(state, book, data.player, { status: 'withdrawn', leftInRound: BEFORE_START });
  return updatePlayer(state, book, data.player, { status: 'withdrawn', leftInRound: data.round });
}

/** Back in: registered again before the start, active (seated from the next seating) once it runs. */
function reinstated(state: Tournament, { data }: PlayerReinstated, book: PlayerBook): Tournament {
  const player = state.players.get(data.player);
  if (!player) return state;
  const status = state.status === 'registration' ? 'registered' : 'active';
  return updatePlayer(state, book, data.player, { status, leftInRound: null, sanctionId: null, forfeitRound: player.leftInRound });
}

/**
 * The checked-in players become active; registered players who did not check in leave the field as no-shows,
 * listed with their lot; the disqualified and those who withdrew stay as they were.
 */
function started(state: Tournament, { data }: TournamentStarted): Tournament {
  const starting = new Set(data.players);
  const players = new Map<PlayerId, PlayerRecord>();
  for (const [id, player] of state.players) {
    if (starting.has(id)) players.set(id, { ...player, status: 'active' });
    else if (player.status === 'registered') players.set(id, { ...player, status: 'no-show', leftInRound: BEFORE_START });
    else players.set(id, player);
  }
  return { ...state, status: 'running', players, startedAt: data.at };
}

function drafted(state: Tournament, { data }: SeatingDrafted): Tournament {
  const tables: TableRecord[] = data.tables.map((seated) => ({
    table: seated.table,
    players: seated.players,
    status: 'seated',
    matchId: null,
    results: null,
    voided: null,
    replayed: [],
  }));
  const round: RoundRecord = { round: data.round, stage: data.stage, status: 'drafted', tables, advancing: [] };
  return { ...state, rounds: [...state.rounds, round] };
}

function matchAssigned(table: TableRecord, { data }: TableMatchAssigned): TableRecord {
  return { ...table, status: 'playing', matchId: data.matchId };
}

function tableFinished(state: Tournament, event: TableFinished, book: PlayerBook): Tournament {
  const { data } = event;
  const next = updateTable(state, data, (table) => ({ ...table, status: 'finished', matchId: data.matchId, results: data.results }));
  const absent = data.results.filter((result) => result.outcome === 'absent');
  return absent.reduce((acc, result) => updatePlayer(acc, book, result.player, { status: 'no-show', leftInRound: data.round }), next);
}

function voided(table: TableRecord, { data }: TableVoided): TableRecord {
  if (data.rule === 'replay') return { ...table, status: 'seated', matchId: null, results: null, voided: null, replayed: [...table.replayed, data.matchId] };
  return { ...table, status: 'voided', voided: 'points-removed' };
}

function restored(table: TableRecord, _event: TableRestored): TableRecord {
  return table.results ? { ...table, status: 'finished', voided: null } : table;
}

function roundCompleted(state: Tournament, { data }: RoundCompleted, book: PlayerBook): Tournament {
  const next = updateRound(state, data.round, (round) => ({ ...round, status: 'completed', advancing: data.advancing }));
  return data.eliminated.reduce((acc, player) => updatePlayer(acc, book, player, { status: 'eliminated', leftInRound: data.round }), next);
}

function updatePlayer(state: Tournament, book: PlayerBook, id: PlayerId, change: Partial<PlayerRecord>): Tournament {
  const player = state.players.get(id);
  if (!player) return state;
  return { ...state, players: book.writable(state.players).set(id, { ...player, ...change }) };
}

function updateRound(state: Tournament, number: number, change: (round: RoundRecord) => RoundRecord): Tournament {
  return { ...state, rounds: state.rounds.map((round) => (round.round === number ? change(round) : round)) };
}

function updateTable(state: Tournament, at: { round: number; table: number }, change: (table: TableRecord) => TableRecord): Tournament {
  return updateRound(state, at.round, (round) => ({
    ...round,
    tables: round.tables.map((table) => (table.table === at.table ? change(table) : table)),
  }));
}
