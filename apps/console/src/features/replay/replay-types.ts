import type { Bid, MatchEvent, PlayerView, StartedMatch } from '@liars-dice/game-rules';

/** Which replay the server builds: spoiler-free, through one seat's eyes, or every hand. */
export type ReplayView =
  { readonly kind: 'public' } | { readonly kind: 'seat'; readonly seat: string } | { readonly kind: 'full' };

export function parseView(raw: string | null): ReplayView {
  if (raw === 'full') return { kind: 'full' };
  if (raw?.startsWith('seat:') && raw.length > 5) return { kind: 'seat', seat: raw.slice(5) };
  return { kind: 'public' };
}

export function viewParam(view: ReplayView): string {
  return view.kind === 'seat' ? `seat:${view.seat}` : view.kind;
}

/** One step as the server built it for the view, parsed once. */
export interface Step {
  readonly step: number;
  /** The event's position in the match stream (its revision); with actor and command id, staff only (else null). */
  readonly index: number | null;
  /** An engine event's type, or `PlayerAbsent` (a player counted absent, a step of its own: ADR 0072). */
  readonly type: MatchEvent['type'] | 'PlayerAbsent';
  readonly at: number;
  readonly actor: string | null;
  readonly commandId: string | null;
  readonly event: Record<string, unknown>;
  readonly rawEvent: string;
  /** `full`: the engine state; otherwise the seat's or the public playerView. */
  readonly state: StartedMatch | PlayerView;
}

export interface SeatState {
  readonly id: string;
  readonly dice: number;
  readonly bullets: number;
  readonly out: boolean;
}

export function seatsOf(state: Step['state']): readonly SeatState[] {
  return 'players' in state ? state.players : state.seats;
}

/** The round in play at this step (with its dice in the full view). */
export function roundOf(state: Step['state']): {
  number: number;
  palifico: boolean;
  bids: readonly Bid[];
  dice?: Readonly<Record<string, readonly number[]>>;
} | null {
  return state.round ?? null;
}
