'use client';

import { useTranslations } from 'next-intl';
import { Dice, type DiceMotion, Revolver } from '@/features/game/dice';
import { pip } from '@/features/game/names';
import type { Place } from './table-layout';

export interface SeatAtTable {
  readonly seat: string;
  readonly name: string;
  readonly place: Place;
  /** Faces this viewer may see (own hand, or every hand once the match is over); null: only how many. */
  readonly hand: readonly number[] | null;
  readonly dice: number;
  readonly bullets: number | null;
  readonly out: boolean;
  readonly toAct: boolean;
  readonly mine: boolean;
  readonly free: boolean;
  /** The seat's latest bid of the round in play. */
  readonly bid: { readonly quantity: number; readonly face: number } | null;
  /** Dice roll in anew when this changes (the round number). */
  readonly roundKey: number;
  /** How its dice come in: rolled at a round's start, turned over once the match is over. */
  readonly motion: DiceMotion;
}

/** The seat's state in words after its name, as badges (a screen reader reads them with the name). */
const BADGES = [
  { when: 'mine', label: 'you', className: 'badge' },
  { when: 'toAct', label: 'toAct', className: 'badge accent' },
  { when: 'out', label: 'out', className: 'badge' },
] as const;

const STATES = ['toAct', 'out', 'mine', 'free'] as const;
const STATE_CLASS = { toAct: 'to-act', out: 'out', mine: 'mine', free: 'free' } as const;

function classesOf(seat: SeatAtTable): string {
  return [
    'table-seat',
    `at-${seat.place}`,
    ...STATES.filter((state) => seat[state]).map((state) => STATE_CLASS[state]),
  ].join(' ');
}

/** One seat at the table: who sits there, its badges in words, its dice (own faces, others' backs), its last bid. */
export function TableSeat({ seat }: { seat: SeatAtTable }) {
  const t = useTranslations('play');
  const tt = useTranslations('table');
  return (
    <li className={classesOf(seat)} aria-current={seat.toAct ? 'true' : undefined}>
      <span className="seat-head">
        <span className="seat-name">{seat.name}</span>
        {BADGES.filter((badge) => seat[badge.when]).map((badge) => (
          <span key={badge.when} className={badge.className}>
            {t(badge.label)}
          </span>
        ))}
      </span>
      {seat.out || seat.free ? null : (
        <SeatDice key={seat.hand ? `face-${seat.roundKey}` : `back-${seat.roundKey}`} seat={seat} />
      )}
      {seat.bullets !== null ? (
        <Revolver bullets={seat.bullets} label={t('bullets', { count: seat.bullets })} />
      ) : null}
      {seat.bid ? (
        <span className="seat-bid">
          {tt('saidBid', { quantity: seat.bid.quantity, face: seat.bid.face })}{' '}
          <span aria-hidden="true">{pip(seat.bid.face)}</span>
        </span>
      ) : null}
    </li>
  );
}

/** The seat's dice, rolled in at each round (keyed by it), face up for its player and once the match is over. */
function SeatDice({ seat }: { seat: SeatAtTable }) {
  const t = useTranslations('play');
  if (seat.hand && seat.hand.length > 0)
    return (
      <Dice
        dice={seat.hand}
        motion={seat.motion}
        label={t('handOf', { name: seat.name, dice: seat.hand.join(', ') })}
      />
    );
  return (
    <Dice dice={[]} hidden={seat.dice} motion={seat.motion} label={t('diceLeft', { count: seat.dice })} />
  );
}
