import type { SeatFieldsFragment } from '@/data/generated/graphql';

type Translate = (key: 'cpuSeat' | 'namedCpuSeat' | 'freeSeat' | 'handedToCpu', values?: Record<string, string>) => string;

/** What the API calls a CPU seat given no name (`Seat.name`): shown in the reader's language instead. */
const UNNAMED_CPU = 'cpu';

/** Whether a CPU seat's name is the API's default (or blank): one the console shows in the reader's language. */
export const isUnnamedCpu = (name: string | null | undefined): boolean => {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' || trimmed.toLowerCase() === UNNAMED_CPU;
};

/** The name a CPU seat was given (a tournament's CPU entrant, a `createMatch` seat's `name`), if any. */
function givenName(seat: SeatFieldsFragment): string | null {
  return isUnnamedCpu(seat.name) ? null : (seat.name?.trim() ?? null);
}

/**
 * A seat as a match list names it (`MatchSummary.players`: the server's seat names, a free seat null). The list
 * carries no seat kinds nor levels: an unnamed CPU is the API's "cpu", shown as the reader's word for a CPU; a
 * named CPU shows its bare name (ADR 0053).
 */
export function listedPlayer(name: string | null, t: (key: 'cpu' | 'freeSeat') => string): string {
  if (name === null) return t('freeSeat');
  return name.trim().toLowerCase() === UNNAMED_CPU ? t('cpu') : name;
}

/** A seat as people call it: the player's name, "Ada (CPU, hard)" for a CPU given a name, "CPU (hard)", or free. */
export function seatName(
  seat: SeatFieldsFragment,
  t: Translate,
  difficulty: (level: string) => string,
): string {
  const level = difficulty(seat.difficulty ?? 'medium');
  if (seat.handedToCpu) return t('handedToCpu', { level });
  if (seat.kind.toLowerCase() !== 'cpu') return seat.player ?? t('freeSeat');
  const name = givenName(seat);
  return name === null ? t('cpuSeat', { level }) : t('namedCpuSeat', { name, level });
}
