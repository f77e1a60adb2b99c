import { cpuNameProblem, passesForPlayer } from '@liars-dice/game-match';
import { checkOrganiser, checkSelfOrOrganiser } from './authority';
import type { CancelTournament, CheckIn, RankedFacts, RegisterPlayer, StartTournament } from './commands';
import { checkInOpensAt } from './config';
import type { PlayerRegistered, TournamentEvent } from './events';
import { nextSeatingRound } from './progress';
import { Recorder } from './recorder';
import { isoTime } from './time';
import { currentRound, entrant, type Tournament } from './state';
import { TournamentViolation } from './tournament-violation';
import { checkReason, keptReason } from './reason';
import { MAX_NAME_LENGTH, PLAYER_KINDS } from './vocabulary';

type Decision = readonly TournamentEvent[] | TournamentViolation;


export function notOver(state: Tournament): TournamentViolation | null {
  if (state.status === 'finished') return new TournamentViolation('TOURNAMENT_OVER', 'the tournament is over');
  if (state.status === 'cancelled') return new TournamentViolation('TOURNAMENT_OVER', 'the tournament was cancelled');
  return null;
}

function checkCpu(state: Tournament, data: RegisterPlayer['data']): TournamentViolation | null {
  const badName = cpuNameProblem(data.name);
  if (badName !== null) return new TournamentViolation('BAD_USER_INPUT', `name: a CPU player's name: ${badName}`);
  if (state.config.ranked) return new TournamentViolation('CPU_NOT_ALLOWED', 'CPU players may enter unranked tournaments only');
  const refused = checkOrganiser(state, data.by, 'enter a CPU player');
  if (refused) return refused;
  // Lists show names bare: a CPU must not pass for a person.
  return typeof data.nameReadsAs === 'string' ? new TournamentViolation('NAME_TAKEN', passesForPlayer('name', data.name, data.nameReadsAs)) : null;
}

function checkEntry(state: Tournament, data: RegisterPlayer['data']): TournamentViolation | null {
  const invalid = (message: string) => new TournamentViolation('UNEXPECTED_COMMAND', message);
  if (typeof data.player !== 'string' || data.player.length === 0) return invalid('player: expected a non-empty id');
  if (typeof data.name !== 'string' || data.name.length === 0 || data.name.length > MAX_NAME_LENGTH) {
    return invalid(`name: expected 1 to ${MAX_NAME_LENGTH} characters`);
  }
  if (!PLAYER_KINDS.includes(data.kind)) return invalid('kind: expected human or cpu');
  if (!Number.isInteger(data.lot) || data.lot < 0 || data.lot > 0xffffffff) return invalid('lot: expected a whole number from 0 to 2^32 − 1');
  if (data.kind === 'cpu') return checkCpu(state, data);
  return checkSelfOrOrganiser(state, data.by, data.player, 'register');
}

/** Open before the start inside the registration window; after it, while the next round is a late-entry round. */
function checkWindow(state: Tournament, at: number): TournamentViolation | null {
  const { registrationOpensAt: opens, registrationClosesAt: closes, lateRegistrationUntilRound: lateUntil } = state.config;
  if (state.status === 'registration') {
    if (at < opens) return new TournamentViolation('REGISTRATION_CLOSED', `registration opens at ${isoTime(opens)}`);
    if (at >= closes) return new TournamentViolation('REGISTRATION_CLOSED', `registration closed at ${isoTime(closes)}`);
    return null;
  }
  if (nextSeatingRound(state) > lateUntil) {
    const why = lateUntil === 0 ? 'this tournament takes no late registrations' : `late registration ended with round ${lateUntil}`;
    return new TournamentViolation('REGISTRATION_CLOSED', why);
  }
  return null;
}

/**
 * A ranked tournament is ranked play: a player moderation bars from it may not enter or check in — a ranked
 * ban until it ends, a collusion mark until a moderator lifts it (the sanction that would disqualify them at
 * once is refused at the door instead).
 */
function checkRankedBar(state: Tournament, data: RankedFacts & { player: string; at: number }): TournamentViolation | null {
  if (!state.config.ranked) return null;
  const until = data.rankedBanUntil;
  if (typeof until === 'number' && until > data.at) return new TournamentViolation('RANKED_BAN', `${data.player} is banned from ranked play until ${isoTime(until)}`);
  const mark = data.collusionMark;
  if (typeof mark === 'string' && mark.length > 0) {
    return new TournamentViolation('COLLUSION_MARK', `${data.player} carries a collusion mark (sanction ${mark}): ranked tournaments are closed until a moderator lifts it`);
  }
  return null;
}

function checkRoom(state: Tournament, player: string): TournamentViolation | null {
  if (entrant(state, player)) return new TournamentViolation('ALREADY_REGISTERED', `${player} is already registered`);
  const entered = [...state.players.values()].filter((p) => p.status === 'registered' || p.status === 'active').length;
  if (entered >= state.config.capacity) return new TournamentViolation('TOURNAMENT_FULL', `the tournament is full (${state.config.capacity} players)`);
  return null;
}

/**
 * A registration before the start (checked in at once when no check-in is asked, and always for a CPU), or a
 * late one during the event: it joins from the next seating, and a draft waiting for publication is redrawn.
 */
export function registerPlayer(state: Tournament, data: RegisterPlayer['data']): Decision {
  const refusal = notOver(state) ?? checkEntry(state, data) ?? checkWindow(state, data.at) ?? checkRankedBar(state, data) ?? checkRoom(state, data.player);
  if (refusal) return refusal;
  const late = state.status === 'running';
  const recorder = new Recorder(state);
  const draft = currentRound(state);
  if (late && draft?.status === 'drafted') {
    recorder.emit({ type: 'SeatingDraftDiscarded', data: { round: draft.round, reason: `${data.player} registered late`, at: data.at } });
  }
  recorder.emit(registration(state, data, late));
  return recorder.events;
}

function registration(state: Tournament, data: RegisterPlayer['data'], late: boolean): PlayerRegistered {
  const { player, name, kind, lot, at } = data;
  const checkedIn = late || kind === 'cpu' || state.config.checkInMinutes === 0;
  const difficulty = kind === 'cpu' ? (data.difficulty ?? 'medium') : null;
  return { type: 'PlayerRegistered', data: { player, name, kind, difficulty, lot, late, firstRound: late ? nextSeatingRound(state) : 1, checkedIn, at } };
}

export function checkIn(state: Tournament, data: CheckIn['data']): Decision {
  const refusal = notOver(state) ?? checkSelfOrOrganiser(state, data.by, data.player, 'check in');
  if (refusal) return refusal;
  if (state.status !== 'registration') return new TournamentViolation('ALREADY_STARTED', 'the tournament has started');
  const player = entrant(state, data.player);
  if (!player) return new TournamentViolation('NOT_REGISTERED', `${data.player} is not registered`);
  if (player.checkedIn) return new TournamentViolation('ALREADY_CHECKED_IN', `${data.player} is already checked in`);
  const opens = checkInOpensAt(state.config);
  if (data.at < opens) return new TournamentViolation('CHECK_IN_CLOSED', `check-in opens at ${isoTime(opens)}`);
  const barred = checkRankedBar(state, data);
  if (barred) return barred;
  return [{ type: 'PlayerCheckedIn', data: { player: data.player, at: data.at } }];
}

/** Starts with every checked-in player; registered players who did not check in are removed. */
export function startTournament(state: Tournament, data: StartTournament['data']): Decision {
  const refusal = notOver(state) ?? checkOrganiser(state, data.by, 'start it');
  if (refusal) return refusal;
  if (state.status !== 'registration') return new TournamentViolation('ALREADY_STARTED', 'the tournament has already started');
  if (data.at < state.config.startsAt) return new TournamentViolation('TOO_EARLY', `the tournament starts at ${isoTime(state.config.startsAt)}`);
  const registered = [...state.players.values()].filter((p) => p.status === 'registered');
  const players = registered.filter((p) => p.checkedIn).map((p) => p.id);
  const removed = registered.filter((p) => !p.checkedIn).map((p) => p.id);
  if (players.length < 2) {
    return new TournamentViolation('NOT_ENOUGH_PLAYERS', `${players.length} checked-in player(s): at least 2 are needed (the organiser may cancel)`);
  }
  return [{ type: 'TournamentStarted', data: { players, removed, at: data.at } }];
}

export function cancelTournament(state: Tournament, data: CancelTournament['data']): Decision {
  const refusal = notOver(state) ?? checkOrganiser(state, data.by, 'cancel it');
  if (refusal) return refusal;
  const badReason = checkReason(data.reason);
  if (badReason) return badReason;
  return [{ type: 'TournamentCancelled', data: { by: data.by.id, reason: keptReason(data.reason), at: data.at } }];
}
