import { isRuleset, type MatchOptions, resolveOptions, RuleViolation, unshownCharacter } from '@liars-dice/game-rules';
import { isActor } from './authority';
import type { CreateTournament } from './commands';
import type { TournamentConfig } from './config';
import type { TournamentEvent } from './events';
import type { TournamentState } from './state';
import { DAY_MS, isoTime } from './time';
import { TournamentViolation } from './tournament-violation';
import {
  DEFAULT_TURN_SECONDS,
  isFormat,
  MAX_CAPACITY,
  MAX_CHECK_IN_MINUTES,
  MAX_DAYS_AHEAD,
  MAX_NAME_LENGTH,
  MAX_SWISS_ROUNDS,
  TABLE_MAX,
  TABLE_MIN,
} from './vocabulary';

type Data = CreateTournament['data'];

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const whole = (value: unknown, field: string, min: number, max: number) =>
  isWhole(value, min, max) ? null : `${field}: expected a whole number from ${min} to ${max}`;

/** A name shown in every list: one line, by the rule every text people read follows (`unshownCharacter`, ADR 0031). */
function text(value: unknown, field: string): string | null {
  const expected = `${field}: expected 1 to ${MAX_NAME_LENGTH} characters, without control or bidirectional-override characters`;
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > MAX_NAME_LENGTH) return expected;
  const unshown = unshownCharacter(value, 'one line');
  return unshown === null ? null : `${expected}: found ${unshown}`;
}

function identity(data: Data): string | null {
  if (typeof data.tournamentId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(data.tournamentId)) {
    return 'tournamentId: expected 1 to 64 letters, digits, "-" or "_"';
  }
  const named = text(data.name, 'name') ?? text(data.organiserName, 'organiserName');
  if (named) return named;
  if (typeof data.ranked !== 'boolean') return 'ranked: expected true or false';
  if (!isTime(data.at)) return 'at: expected a time in milliseconds';
  if (data.fairness?.version !== 'v1' || !/^[0-9a-f]{64}$/.test(String(data.fairness?.commitment))) {
    return 'fairness: expected { version: "v1", commitment: 64 lowercase hex characters }';
  }
  return whole(data.capacity, 'capacity', TABLE_MIN, MAX_CAPACITY);
}

function tables(data: Data): string | null {
  const size = data.tableSize;
  if (!size || typeof size !== 'object') return `tableSize: expected { min, max } within ${TABLE_MIN}–${TABLE_MAX}`;
  return (
    whole(size.min, 'tableSize.min', TABLE_MIN, TABLE_MAX) ??
    whole(size.max, 'tableSize.max', size.min, TABLE_MAX) ??
    (size.max > data.capacity ? `tableSize.max: larger than the capacity (${data.capacity})` : null)
  );
}

function schedule(data: Data): string | null {
  const { registrationOpensAt: opens, registrationClosesAt: closes, startsAt } = data;
  if (!isTime(opens) || !isTime(closes) || !isTime(startsAt)) {
    return 'registrationOpensAt, registrationClosesAt, startsAt: expected times in milliseconds';
  }
  if (opens >= closes) return 'registrationClosesAt: expected after registrationOpensAt';
  if (closes > startsAt) return 'registrationClosesAt: expected at or before startsAt';
  if (closes <= data.at) return 'registrationClosesAt: already past';
  const latest = data.at + MAX_DAYS_AHEAD * DAY_MS;
  if (startsAt > latest) return `startsAt: at most ${MAX_DAYS_AHEAD} days ahead (${isoTime(latest)} at the latest)`;
  return whole(data.checkInMinutes ?? 0, 'checkInMinutes', 0, MAX_CHECK_IN_MINUTES);
}

function format(data: Data): string | null {
  if (!isFormat(data.format)) return 'format: expected swiss-tables or knockout-tables';
  const { min, max } = data.tableSize;
  if (data.format === 'swiss-tables') {
    if (data.advancePerTable !== undefined) return 'advancePerTable: only for knockout-tables';
    return (
      whole(data.rounds, 'rounds', 1, MAX_SWISS_ROUNDS) ??
      whole(data.finalTableSize ?? max, 'finalTableSize', TABLE_MIN, max) ??
      whole(data.lateRegistrationUntilRound ?? 0, 'lateRegistrationUntilRound', 0, data.rounds as number)
    );
  }
  if (data.rounds !== undefined) return 'rounds: knockout-tables play until one table remains; leave rounds out';
  if (data.finalTableSize !== undefined) return `finalTableSize: a knockout's final table is whoever is left (at most ${max})`;
  if ((data.lateRegistrationUntilRound ?? 0) !== 0) return 'lateRegistrationUntilRound: no late registration in a knockout';
  return whole(data.advancePerTable, 'advancePerTable', 1, min - 1);
}

/** The family's options, with a turn timer: no-shows are timed out, so a tournament always has one. */
function options(data: Data): { options: MatchOptions; chosen: Record<string, unknown> } | string {
  if (!isRuleset(data.family)) return 'family: expected classic, perudo or revolver';
  const given = data.options ?? {};
  const resolved = resolveOptions(data.family, given);
  if (resolved instanceof RuleViolation) return resolved.message;
  const chosen = { ...(given as Record<string, unknown>) };
  if (resolved.turnSeconds !== null) return { options: resolved, chosen };
  if ('turnSeconds' in chosen) return 'options.turnSeconds: a tournament needs a turn timer (10 to 600 seconds)';
  chosen.turnSeconds = DEFAULT_TURN_SECONDS;
  return { options: { ...resolved, turnSeconds: DEFAULT_TURN_SECONDS }, chosen };
}

/** Validates a new tournament's settings, field by field, and records them in its first event. */
export function createTournament(state: TournamentState, data: Data): readonly TournamentEvent[] | TournamentViolation {
  if (state.status !== 'none') return new TournamentViolation('TOURNAMENT_EXISTS', 'the tournament already exists');
  if (!isActor(data.by) || !['organiser', 'admin'].includes(data.by.role)) {
    return new TournamentViolation('NOT_ALLOWED', 'only an organiser or an admin may create a tournament');
  }
  const problem = identity(data) ?? tables(data) ?? schedule(data) ?? format(data);
  if (problem) return new TournamentViolation('INVALID_TOURNAMENT', problem);
  const chosen = options(data);
  if (typeof chosen === 'string') return new TournamentViolation('INVALID_TOURNAMENT', chosen);
  if (typeof data.autoPublish !== 'boolean' && data.autoPublish !== undefined) {
    return new TournamentViolation('INVALID_TOURNAMENT', 'autoPublish: expected true or false');
  }
  return [{ type: 'TournamentCreated', data: { config: configOf(data, chosen), fairness: data.fairness, createdAt: data.at } }];
}

function configOf(data: Data, chosen: { options: MatchOptions; chosen: Record<string, unknown> }): TournamentConfig {
  const swiss = data.format === 'swiss-tables';
  return {
    tournamentId: data.tournamentId,
    name: data.name.trim(),
    organiser: data.by.id,
    organiserName: data.organiserName,
    family: data.family as TournamentConfig['family'],
    options: chosen.options,
    chosenOptions: chosen.chosen,
    ranked: data.ranked,
    capacity: data.capacity,
    tableSize: { min: data.tableSize.min, max: data.tableSize.max },
    format: data.format as TournamentConfig['format'],
    rounds: swiss ? (data.rounds as number) : 0,
    finalTableSize: swiss ? (data.finalTableSize ?? data.tableSize.max) : data.tableSize.max,
    advancePerTable: swiss ? 0 : (data.advancePerTable as number),
    registrationOpensAt: data.registrationOpensAt,
    registrationClosesAt: data.registrationClosesAt,
    startsAt: data.startsAt,
    checkInMinutes: data.checkInMinutes ?? 0,
    lateRegistrationUntilRound: swiss ? (data.lateRegistrationUntilRound ?? 0) : 0,
    autoPublish: data.autoPublish ?? false,
  };
}
