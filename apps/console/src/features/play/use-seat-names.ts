import { useTranslations } from 'next-intl';
import { type ListedSeat, listedSeatName } from './seat-name';

/** Names of a match list's seats in the reader's language ("Ada (CPU, hard)", "CPU (easy)", "ann", "free seat"). */
export function useListedSeatNames(): (seat: ListedSeat) => string {
  const t = useTranslations('play');
  const tl = useTranslations('lobby');
  const level = (d: string) => tl(`difficulty${d.toUpperCase() as 'EASY' | 'MEDIUM' | 'HARD' | 'EXPERT'}`);
  return (seat) => listedSeatName(seat, t, level);
}
