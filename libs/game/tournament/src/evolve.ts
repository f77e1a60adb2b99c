import type { PlayerId } from '@liars-dice/game-rules';
import type {
  PlayerDisqualified,
  PlayerRegistered,
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
import type { PlayerRecord, RoundRecord, TableRecord, Tournament, TournamentState } from './state';

/**
 * Folds one event into the state. Total: an event that does not fit (a foreign or corrupt log) leaves the
 * state as it was. Pure: every change is a copy, the input state is never touched.
 */
export function evolve(state: TournamentState, event: TournamentEvent): TournamentState {
  if (event.type === 'TournamentCreated') return state.status === 'none' ? created(event) : state;
  if (state.status === 'none') return state;
  return evolveTournament(state, event);
}

function evolveTournament(state: Tournament, event: TournamentEvent): Tournament {
  switch (event.type) {
    case 'PlayerRegistered':
      return registered(state, event);
    case 'PlayerWithdrew':
      return withdrew(state, event);
    case 'PlayerCheckedIn':
      return updatePlayer(state, event.data.player, { checkedIn: true });
    case 'PlayerDisqualified':
      return disqualified(state, event);
    case 'TournamentStarted':
      return started(state, event);
    case 'SeatingDrafted':
      return drafted(state, event);
    case 'SeatingDraftDiscarded':
      return { ...state, rounds: state.rounds.filter((round) => round.round !== event.data.round || round.status !== 'drafted') };
    case 'SeatingPublished':
      return updateRound(state, event.data.round, (round) => ({ ...round, status: 'published' }));
    default:
      return evolveTables(state, event);
  }
}

function evolveTables(state: Tournament, event: TournamentEvent): Tournament {
  switch (event.type) {
    case 'TableMatchAssigned':
      return updateTable(state, event.data, (table) => matchAssigned(table, event));
    case 'TableFinished':
      return tableFinished(state, event);
    case 'TableVoided':
      return updateTable(state, event.data, (table) => voided(table, event));
    case 'TableRestored':
      return updateTable(state, event.data, (table) => restored(table, event));
    case 'RoundCompleted':
      return roundCompleted(state, event);
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

function registered(state: Tournament, { data }: PlayerRegistered): Tournament {
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
  };
  return { ...state, players: new Map(state.players).set(data.player, record) };
}

function withdrew(state: Tournament, { data }: PlayerWithdrew): Tournament {
  if (state.status === 'registration') {
    const players = new Map(state.players);
    players.delete(data.player);
    return { ...state, players };
  }
  return updatePlayer(state, data.player, { status: 'withdrawn', leftInRound: data.round });
}

function disqualified(state: Tournament, { data }: PlayerDisqualified): Tournament {
  return updatePlayer(state, data.player, { status: 'disqualified', leftInRound: data.round });
}

function started(state: Tournament, { data }: TournamentStarted): Tournament {
  const players = new Map<PlayerId, PlayerRecord>();
  for (const id of data.players) {
    const player = state.players.get(id);
    if (player) players.set(id, { ...player, status: 'active' });
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

function tableFinished(state: Tournament, event: TableFinished): Tournament {
  const { data } = event;
  const next = updateTable(state, data, (table) => ({ ...table, status: 'finished', matchId: data.matchId, results: data.results }));
  const absent = data.results.filter((result) => result.outcome === 'absent');
  return absent.reduce((acc, result) => updatePlayer(acc, result.player, { status: 'no-show', leftInRound: data.round }), next);
}

function voided(table: TableRecord, { data }: TableVoided): TableRecord {
  if (data.rule === 'replay') return { ...table, status: 'seated', matchId: null, results: null, voided: null, replayed: [...table.replayed, data.matchId] };
  return { ...table, status: 'voided', voided: 'points-removed' };
}

function restored(table: TableRecord, _event: TableRestored): TableRecord {
  return table.results ? { ...table, status: 'finished', voided: null } : table;
}

function roundCompleted(state: Tournament, { data }: RoundCompleted): Tournament {
  const next = updateRound(state, data.round, (round) => ({ ...round, status: 'completed', advancing: data.advancing }));
  return data.eliminated.reduce((acc, player) => updatePlayer(acc, player, { status: 'eliminated', leftInRound: data.round }), next);
}

function updatePlayer(state: Tournament, id: PlayerId, change: Partial<PlayerRecord>): Tournament {
  const player = state.players.get(id);
  if (!player) return state;
  return { ...state, players: new Map(state.players).set(id, { ...player, ...change }) };
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
