import { SUSPICION_THRESHOLD } from '@liars-dice/game-collusion';
import type { RankedPair } from './collusion.queries';
import type { PairSignalsView } from './collusion.types';

export function pairSignalsView(pair: RankedPair): PairSignalsView {
  const { a, b, aName, bName, ...signals } = pair;
  return { ...signals, a: { id: a, name: aName }, b: { id: b, name: bName }, flagged: pair.suspicion >= SUSPICION_THRESHOLD };
}
