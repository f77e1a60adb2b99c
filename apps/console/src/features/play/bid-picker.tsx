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

interface Table {
  readonly total: number;
  readonly wild: boolean;
  readonly own: readonly number[];
}

function tableOf(view: MatchView): Table {
  const total = view.seats.reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
  return { total, wild: view.options.wildOnes && !(view.round?.palifico ?? false), own: view.myDice };
}

function usePercent() {
  const format = useFormatter();
  return (p: number) => format.number(p, { style: 'percent', maximumFractionDigits: 0 });
}

type Pick = { face: number; quantity: number };

/** The legal bids (the server's legalActions): a face, then a quantity with the chance it holds. */
function BidChoice({
  bids,
  table,
  moves,
  busy,
}: {
  bids: readonly Pick[];
  table: Table;
  moves: Moves;
  busy: boolean;
}) {
  const t = useTranslations('play');
  const tg = useTranslations('game');
  const percent = usePercent();
  const base = useId();
  const faces = [...new Set(bids.map((b) => b.face))].sort((a, b) => a - b);
  const [picked, setPicked] = useState<Pick | null>(null);
  const face = picked && faces.includes(picked.face) ? picked.face : (faces[0] ?? 0);
  const quantities = bids
    .filter((b) => b.face === face)
    .map((b) => b.quantity)
    .slice(0, SHOWN_QUANTITIES);
  const quantity =
    picked?.face === face && quantities.includes(picked.quantity) ? picked.quantity : (quantities[0] ?? 0);
  return (
    <>
      <fieldset className="faces">
        <legend>{t('face')}</legend>
        {faces.map((f) => (
          <label key={f} className="face-option">
            <input
              type="radio"
              name={`${base}-face`}
              value={f}
              checked={f === face}
              onChange={() => setPicked({ face: f, quantity: 0 })}
            />
            <span aria-hidden="true">{pip(f)}</span> {tg(faceKey(f))}
          </label>
        ))}
      </fieldset>
      <fieldset className="quantities">
        <legend>{t('quantityWithChance')}</legend>
        {quantities.map((q) => {
          const chance = chanceHolds({ quantity: q, face }, table.own, table.total, table.wild);
          return (
            <label key={q} className="quantity-option">
              <input
                type="radio"
                name={`${base}-q`}
                value={q}
                checked={q === quantity}
                onChange={() => setPicked({ face, quantity: q })}
              />
              <span className="q">{t('bidText', { quantity: q, face })}</span>
              <meter min={0} max={1} value={chance} aria-hidden="true" />
              <span className="chance">{t('holdsChance', { chance: percent(chance) })}</span>
            </label>
          );
        })}
      </fieldset>
      <button type="button" className="primary" disabled={busy} onClick={() => moves.bid(quantity, face)}>
        {t('bidAction', { quantity, face })}
      </button>
    </>
  );
}

/** Only the legal moves, each bid with the chance it holds given your own dice; liar and spot-on with theirs. */
export function BidPicker({ view, moves, busy }: { view: MatchView; moves: Moves; busy: boolean }) {
  const t = useTranslations('play');
  const percent = usePercent();
  const table = tableOf(view);
  const last = view.round?.bids.at(-1) ?? null;
  const bids = view.legalActions.flatMap((a) =>
    a.type === 'bid' && a.face !== null && a.quantity !== null
      ? [{ face: a.face, quantity: a.quantity }]
      : [],
  );
  const can = (type: string) => last !== null && view.legalActions.some((a) => a.type === type);
  return (
    <section className="card picker" aria-labelledby="picker-title">
      <h2 id="picker-title">{t('yourMove')}</h2>
      {bids.length > 0 ? <BidChoice bids={bids} table={table} moves={moves} busy={busy} /> : null}
      {last && can('liar') ? (
        <button type="button" className="danger" disabled={busy} onClick={moves.liar}>
          {t('liarAction', { chance: percent(1 - chanceHolds(last, table.own, table.total, table.wild)) })}
        </button>
      ) : null}
      {last && can('spot-on') ? (
        <button type="button" disabled={busy} onClick={moves.spotOn}>
          {t('spotOnAction', { chance: percent(chanceExact(last, table.own, table.total, table.wild)) })}
        </button>
      ) : null}
    </section>
  );
}
