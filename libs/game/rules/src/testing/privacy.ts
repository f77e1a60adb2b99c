import type { PlayerView } from '../player-view';
import type { MatchState } from '../state';

type Bidding = Extract<MatchState, { status: 'bidding' }>;

/** Every array of numbers in a value, with its path (`history` is searched too: its arrays are checked apart). */
function numberArrays(value: unknown, at: string): { at: string; values: readonly number[] }[] {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) return [{ at, values: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => numberArrays(item, `${at}.${key}`));
}

const multiset = (values: readonly number[]): string => [...values].sort((a, b) => a - b).join(',');

/**
 * What a view shows that its viewer may not see while `state`'s round is in play, compared by value as the API's
 * leak test does: `myDice` must be exactly the viewer's own hand; history may only hold rounds that ended before
 * this one; no other array anywhere may equal another seat's live hand (as a multiset), nor be that hand itself.
 */
export function privacyLeaks(state: Bidding, viewer: string | null, view: PlayerView): string[] {
  const own = viewer === null ? [] : (state.round.dice[viewer] ?? []);
  const found = JSON.stringify(view.myDice) === JSON.stringify(own) ? [] : [`myDice ${JSON.stringify(view.myDice)} is not the viewer's hand`];
  const early = view.history.filter((round) => round.end === null || round.number >= state.round.number);
  found.push(...early.map((round) => `history holds round ${round.number}, not ended before round ${state.round.number}`));
  const others = Object.entries(state.round.dice).filter(([seat]) => seat !== viewer);
  const { myDice: _own, history: _revealed, ...rest } = view;
  const shown = numberArrays(rest, 'view');
  const revealed = numberArrays(view.history, 'view.history');
  for (const [seat, hand] of others) {
    found.push(...shown.filter(({ values }) => values === hand || multiset(values) === multiset(hand)).map(({ at }) => `${at} shows ${seat}'s live hand ${JSON.stringify(hand)}`));
    found.push(...revealed.filter(({ values }) => values === hand).map(({ at }) => `${at} is ${seat}'s live hand itself`));
  }
  return found;
}
