import { playerView, type PlayerView } from '@liars-dice/game-rules';
import { chooseAction, playMatch } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { playedPositions } from '../testing/played-positions';
import { encodeDecision, HistoryJson } from './protocol';
import { decodeView, encodeView, type ViewCell } from './view-cells';

// Medium play, 2 to 6 seats, the three families in turn.
const positions = playedPositions(9, 'medium', (m) => 2 + (m % 5));
const withoutHistory = ({ history: _history, ...rest }: PlayerView) => rest;

describe('the view as cells (ADR 0019)', () => {
  it('given every position of whole matches, when a view is written as cells and read back, then it equals the view field for field', () => {
    expect(new Set(positions.map((p) => p.view.ruleset))).toEqual(new Set(['classic', 'perudo', 'revolver']));
    for (const { view } of positions) expect(decodeView(encodeView(view, []))).toStrictEqual(withoutHistory(view));
  });

  it('given a finished match seen by a spectator (no round, placements, a winner), then it reads back equal too', () => {
    const finished = playMatch(
      { matchId: 'done', ruleset: 'perudo', players: ['a', 'b', 'c'] },
      (seat, view, legal) => chooseAction('easy', view, legal, `${seat}|${view.history.length}|${view.round?.bids.length}`),
      (state) => houseCommand(state, '7'.repeat(64)),
    );
    const view = playerView(finished, null) as PlayerView;
    expect(view.placements?.length).toBeGreaterThan(0);
    expect(view.round).toBeNull();
    expect(decodeView(encodeView(view, []))).toStrictEqual(withoutHistory(view));
  });

  it('given a decision request, then its view and legal moves are flat arrays of primitives, no JSON text to parse', () => {
    const { view, legal } = positions[positions.length - 1]!;
    const request = encodeDecision(1, { difficulty: 'hard', view, legal, seed: 's' }, new HistoryJson());
    const primitive = (cell: unknown) => cell === null || ['string', 'number', 'boolean'].includes(typeof cell);
    expect(Array.isArray(request.view) && request.view.every(primitive)).toBe(true);
    expect(Array.isArray(request.legal) && request.legal.every((code) => typeof code === 'number')).toBe(true);
  });

  it('given cells left over or missing, then reading them fails loudly rather than deciding on a wrong view', () => {
    const cells = encodeView(positions[0]!.view, []);
    expect(() => decodeView([...cells, 0] as ViewCell[])).toThrow('was not read to its end: encodeView and decodeView disagree');
  });
});
