import type { SeatFieldsFragment, SummaryFieldsFragment } from '@/data/generated/graphql';

type Translate = (
  key: 'cpuSeat' | 'namedCpuSeat' | 'freeSeat' | 'handedToCpu' | 'handedToNamedCpu',
  values?: Record<string, string>,
) => string;

/** What naming a seat reads of it (a match view's `Seat`). */
type NamedSeat = Pick<SeatFieldsFragment, 'kind' | 'difficulty' | 'player' | 'handedToCpu' | 'name'>;

/** A seat of a match list row (`MatchSummary.seats`). */
export type ListedSeat = SummaryFieldsFragment['seats'][number];

/** What the API calls a CPU seat given no name (`Seat.name`): shown in the reader's language instead. */
const UNNAMED_CPU = 'cpu';

/** Whether a CPU seat's name is the API's default (or blank): one the console shows in the reader's language. */
export const isUnnamedCpu = (name: string | null | undefined): boolean => {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' || trimmed.toLowerCase() === UNNAMED_CPU;
};

/** The name a CPU seat goes by (its table's, else its roster name), if the view gives one. */
function givenName(seat: NamedSeat): string | null {
  return isUnnamedCpu(seat.name) ? null : (seat.name?.trim() ?? null);
}

/**
 * A seat as people call it: the player's name, a CPU's name with its level ("P. Fermat (CPU, hard)": the server
 * names every CPU, ADR 0075), "G. Cardano (CPU, medium, took over)" for a seat a CPU took over, or free. A CPU the
 * view gives no name is "CPU (hard)".
 */
export function seatName(seat: NamedSeat, t: Translate, difficulty: (level: string) => string): string {
  const level = difficulty(seat.difficulty ?? 'medium');
  const name = givenName(seat);
  if (seat.handedToCpu) return name === null ? t('handedToCpu', { level }) : t('handedToNamedCpu', { name, level });
  if (seat.kind.toLowerCase() !== 'cpu') return seat.player ?? t('freeSeat');
  return name === null ? t('cpuSeat', { level }) : t('namedCpuSeat', { name, level });
}

/**
 * A seat as the lobby's match lists name it, in the same words as the table (ADR 0030): the list says each seat's
 * kind and level (`MatchSummary.seats`), so a CPU named like a person shows as a CPU, and a person whose account
 * is named "cpu" as that person, never as a CPU.
 */
export function listedSeatName(
  seat: ListedSeat,
  t: Translate,
  difficulty: (level: string) => string,
): string {
  const kind = seat.kind.toLowerCase();
  const player = kind === 'human' ? seat.name : null;
  return seatName(
    {
      kind: kind === 'cpu' ? 'cpu' : 'human',
      difficulty: seat.difficulty,
      handedToCpu: seat.handedToCpu,
      name: seat.name,
      player,
    },
    t,
    difficulty,
  );
}
