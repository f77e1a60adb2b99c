'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { chanceExact, chanceHolds } from '@/features/game/odds';
import { faceKey, pip } from '@/features/game/names';
import type { MatchView } from './use-live-match';

/** How many quantities per face the picker lists from the lowest legal one. */
const SHOWN_QUANTITIES = 10;

export interface Moves {
  readonly bid: (quantity: number, face: number) => void;
  readonly liar: () => void;
  readonly spotOn: () => void;
}

function tableFacts(view: MatchView) {
  const total = view.seats.reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
  const wild = view.options.wildOnes && !(view.round?.palifico ?? false);
  return { total, wild, own: view.myDice, last: view.round?.bids.at(-1) ?? null };
}

/** Only the legal moves (the server's legalActions), each bid with the chance it holds given your own dice. */
export function BidPicker({ view, moves, busy }: { view: MatchView; moves: Moves; busy: boolean }) {
  const t = useTranslations('play');
  const tg = useTranslations('game');
  const format = useFormatter();
  const base = useId();
  const { total, wild, own, last } = tableFacts(view);
  const bids = view.legalActions.filter((a) => a.type === 'bid' && a.face !== null && a.quantity !== null) as { quantity: number; face: number }[];
  const faces = [...new Set(bids.map((b) => b.face))].sort((a, b) => a - b);
  const [picked, setPicked] = useState<{ face: number; quantity: number } | null>(null);
  const face = picked && faces.includes(picked.face) ? picked.face : (faces[0] ?? null);
  const quantities = bids.filter((b) => b.face === face).map((b) => b.quantity).slice(0, SHOWN_QUANTITIES);
  const quantity = picked && picked.face === face && quantities.includes(picked.quantity) ? picked.quantity : (quantities[0] ?? null);
  const percent = (p: number) => format.number(p, { style: 'percent', maximumFractionDigits: 0 });
  const can = (type: string) => view.legalActions.some((a) => a.type === type);
  return (
    <section className="card picker" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('yourMove')}</h2>
      {face !== null ? (
        <>
          <fieldset className="faces">
            <legend>{t('face')}</legend>
            {faces.map((f) => (
              <label key={f} className="face-option">
                <input type="radio" name={`${base}-face`} value={f} checked={f === face} onChange={() => setPicked({ face: f, quantity: 0 })} />
                <span aria-hidden="true">{pip(f)}</span> {tg(faceKey(f))}
              </label>
            ))}
          </fieldset>
          <fieldset className="quantities">
            <legend>{t('quantityWithChance')}</legend>
            {quantities.map((q) => {
              const chance = chanceHolds({ quantity: q, face }, own, total, wild);
              return (
                <label key={q} className="quantity-option">
                  <input type="radio" name={`${base}-q`} value={q} checked={q === quantity} onChange={() => setPicked({ face, quantity: q })} />
                  <span className="q">{t('bidText', { quantity: q, face })}</span>
                  <meter min={0} max={1} value={chance} aria-hidden="true" />
                  <span className="chance">{t('holdsChance', { chance: percent(chance) })}</span>
                </label>
              );
            })}
          </fieldset>
          <button type="button" className="primary" disabled={busy || quantity === null} onClick={() => quantity !== null && moves.bid(quantity, face)}>
            {t('bidAction', { quantity: quantity ?? 0, face })}
          </button>
        </>
      ) : null}
      {last && can('liar') ? (
        <button type="button" className="danger" disabled={busy} onClick={moves.liar}>
          {t('liarAction', { chance: percent(1 - chanceHolds(last, own, total, wild)) })}
        </button>
      ) : null}
      {last && can('spot-on') ? (
        <button type="button" disabled={busy} onClick={moves.spotOn}>
          {t('spotOnAction', { chance: percent(chanceExact(last, own, total, wild)) })}
        </button>
      ) : null}
    </section>
  );
}
