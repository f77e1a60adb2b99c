import { verifyMatch, type Verification } from '@liars-dice/game-fairness';
import { MATCH_EVENT_TYPES, type MatchEvent } from '@liars-dice/game-rules';

const ENGINE = new Set<string>(MATCH_EVENT_TYPES);

export interface Fairness {
  readonly verification: Verification;
  readonly seed: string;
}

/**
 * Recomputes every die and chamber of a finished match in the browser, with the project's fairness library,
 * from the public trail (every hand is public once its round is revealed) and the seed `MatchFinished`
 * reveals. Discrepancy indexes count engine events, which are exactly the replay's steps.
 */
export function checkFairness(entries: readonly { type: string; data: string }[]): Fairness | null {
  const events = entries
    .filter((e) => ENGINE.has(e.type))
    .map((e) => ({ type: e.type, data: JSON.parse(e.data) as unknown }) as MatchEvent);
  const finished = events.find((e) => e.type === 'MatchFinished');
  const seed = finished?.type === 'MatchFinished' ? finished.data.seed : undefined;
  if (!seed) return null;
  return { verification: verifyMatch(events, seed), seed };
}
