import type { SeatFieldsFragment } from '@/data/generated/graphql';

type Translate = (key: 'cpuSeat' | 'namedCpuSeat' | 'freeSeat' | 'handedToCpu', values?: Record<string, string>) => string;

/** What the API calls a CPU seat given no name (`Seat.name`): shown in the reader's language instead. */
const UNNAMED_CPU = 'cpu';

/** The name a CPU seat was given (a tournament's CPU entrant, a `createMatch` seat's `name`), if any. */
function givenName(seat: SeatFieldsFragment): string | null {
  const name = seat.name?.trim() ?? '';
  return name === '' || name.toLowerCase() === UNNAMED_CPU ? null : name;
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
