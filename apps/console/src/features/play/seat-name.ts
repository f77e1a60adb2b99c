import type { SeatFieldsFragment } from '@/data/generated/graphql';

type Translate = (key: 'cpuSeat' | 'freeSeat' | 'handedToCpu', values?: Record<string, string>) => string;

/** A seat as people call it: the player's name, "CPU (hard)", or free. */
export function seatName(
  seat: SeatFieldsFragment,
  t: Translate,
  difficulty: (level: string) => string,
): string {
  if (seat.handedToCpu) return t('handedToCpu', { level: difficulty(seat.difficulty ?? 'medium') });
  if (seat.kind.toLowerCase() === 'cpu')
    return t('cpuSeat', { level: difficulty(seat.difficulty ?? 'medium') });
  return seat.player ?? t('freeSeat');
}
