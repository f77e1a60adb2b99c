import type { CreateTournamentInput, TournamentFormat } from '@/data/generated/graphql';
import { adjustable, initialPlan, type MatchPlan, withFamily } from '@/features/lobby/match-plan';
import type { Ruleset } from '@liars-dice/game-rules';

/** The API's limits (docs/tournaments.md, "Settings"); it checks them again and names the field. */
export const LIMITS = {
  name: 80,
  capacity: { min: 2, max: 10_000 },
  table: { min: 2, max: 6 },
  rounds: { min: 1, max: 20 },
  checkIn: { min: 0, max: 1_440 },
  turnSeconds: { min: 10, max: 600 },
} as const;
const DEFAULT_TURN_SECONDS = 60;

/** The form's state; times are `datetime-local` values (the reader's clock), empty when not given. */
export interface TournamentPlan {
  readonly name: string;
  /** The family and its options, as the lobby's form keeps them (its option fields are reused). */
  readonly match: MatchPlan;
  readonly ranked: boolean;
  readonly capacity: number;
  readonly minTableSize: number;
  readonly maxTableSize: number;
  readonly format: TournamentFormat;
  readonly swissRounds: number;
  readonly finalTableSize: number;
  readonly advancePerTable: number;
  readonly opensAt: string;
  readonly closesAt: string;
  readonly startsAt: string;
  readonly checkInMinutes: number;
  readonly lateRegistrationUntilRound: number;
  readonly autoPublish: boolean;
}

export type PlanField = 'name' | 'capacity' | 'tableSize' | 'swissRounds' | 'finalTableSize' | 'advancePerTable' | 'closesAt' | 'startsAt' | 'opensAt' | 'checkInMinutes' | 'lateRegistration' | 'turnSeconds';

export interface PlanProblem {
  readonly field: PlanField;
  readonly values?: Record<string, number>;
}

/** A tournament needs a turn timer: a family without one gets 60 s. */
function timed(match: MatchPlan): MatchPlan {
  return match.options.turnSeconds === null ? { ...match, options: { ...match.options, turnSeconds: DEFAULT_TURN_SECONDS } } : match;
}

export function withTournamentFamily(plan: TournamentPlan, family: Ruleset): TournamentPlan {
  return { ...plan, match: timed(withFamily(plan.match, family)) };
}

/** `datetime-local` value of a moment, in the reader's time zone, to the second. */
export function localInput(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 19);
}

export function initialTournamentPlan(now: Date): TournamentPlan {
  const hour = (h: number) => localInput(new Date(now.getTime() + h * 3_600_000));
  return {
    name: '',
    match: timed(initialPlan('perudo')),
    ranked: false,
    capacity: 16,
    minTableSize: 3,
    maxTableSize: 6,
    format: 'SWISS_TABLES',
    swissRounds: 3,
    finalTableSize: 6,
    advancePerTable: 2,
    opensAt: '',
    closesAt: hour(1),
    startsAt: hour(1),
    checkInMinutes: 0,
    lateRegistrationUntilRound: 0,
    autoPublish: true,
  };
}

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
const time = (value: string) => (value === '' ? null : new Date(value).getTime());

function formatProblems(p: TournamentPlan): PlanProblem[] {
  const out: PlanProblem[] = [];
  if (p.format === 'SWISS_TABLES') {
    if (!whole(p.swissRounds, LIMITS.rounds.min, LIMITS.rounds.max)) out.push({ field: 'swissRounds', values: LIMITS.rounds });
    if (!whole(p.finalTableSize, LIMITS.table.min, p.maxTableSize)) out.push({ field: 'finalTableSize', values: { min: LIMITS.table.min, max: p.maxTableSize } });
    if (!whole(p.lateRegistrationUntilRound, 0, p.swissRounds)) out.push({ field: 'lateRegistration', values: { min: 0, max: p.swissRounds } });
  } else if (!whole(p.advancePerTable, 1, p.minTableSize - 1)) {
    out.push({ field: 'advancePerTable', values: { min: 1, max: p.minTableSize - 1 } });
  }
  return out;
}

function scheduleProblems(p: TournamentPlan, now: Date): PlanProblem[] {
  const out: PlanProblem[] = [];
  const [opens, closes, starts] = [time(p.opensAt) ?? now.getTime(), time(p.closesAt), time(p.startsAt)];
  if (starts === null || Number.isNaN(starts)) out.push({ field: 'startsAt' });
  if (closes === null || Number.isNaN(closes) || closes <= now.getTime()) out.push({ field: 'closesAt' });
  else if (closes <= opens) out.push({ field: 'opensAt' });
  else if (starts !== null && closes > starts) out.push({ field: 'startsAt' });
  if (!whole(p.checkInMinutes, LIMITS.checkIn.min, LIMITS.checkIn.max)) out.push({ field: 'checkInMinutes', values: LIMITS.checkIn });
  return out;
}

/** Every field that is wrong, each once, in the form's order (empty: ready to send). */
export function planProblems(p: TournamentPlan, now: Date): PlanProblem[] {
  const out: PlanProblem[] = [];
  const name = p.name.trim();
  if (name.length === 0 || name.length > LIMITS.name) out.push({ field: 'name', values: { max: LIMITS.name } });
  const turn = p.match.options.turnSeconds;
  if (turn === null || !whole(turn, LIMITS.turnSeconds.min, LIMITS.turnSeconds.max)) out.push({ field: 'turnSeconds', values: LIMITS.turnSeconds });
  if (!whole(p.capacity, LIMITS.capacity.min, LIMITS.capacity.max)) out.push({ field: 'capacity', values: LIMITS.capacity });
  const { min, max } = LIMITS.table;
  if (!whole(p.minTableSize, min, max) || !whole(p.maxTableSize, p.minTableSize, Math.min(max, p.capacity))) {
    out.push({ field: 'tableSize', values: { min, max } });
  }
  return [...out, ...formatProblems(p), ...scheduleProblems(p, now)];
}

/** The mutation input: only what the format uses, times as ISO-8601, options the family lets a table change. */
export function tournamentInput(p: TournamentPlan): Omit<CreateTournamentInput, 'commandId'> {
  const options: Record<string, unknown> = {};
  for (const key of adjustable(p.match.ruleset)) options[key] = p.match.options[key];
  const swiss = p.format === 'SWISS_TABLES';
  return {
    name: p.name.trim(),
    family: p.match.ruleset.toUpperCase() as CreateTournamentInput['family'],
    options,
    ranked: p.ranked,
    capacity: p.capacity,
    minTableSize: p.minTableSize,
    maxTableSize: p.maxTableSize,
    format: p.format,
    ...(swiss
      ? { swissRounds: p.swissRounds, finalTableSize: p.finalTableSize, lateRegistrationUntilRound: p.lateRegistrationUntilRound }
      : { advancePerTable: p.advancePerTable }),
    ...(p.opensAt ? { registrationOpensAt: new Date(p.opensAt).toISOString() } : {}),
    registrationClosesAt: new Date(p.closesAt).toISOString(),
    startsAt: new Date(p.startsAt).toISOString(),
    checkInMinutes: p.checkInMinutes,
    autoPublish: p.autoPublish,
  };
}
