import { houseCommand } from '@liars-dice/game-fairness';
import type { House } from '../match';

/** The real house (fairness-derived dice and chambers) for a test seed. */
export function houseFor(seed: number): House {
  const seedHex = (seed >>> 0).toString(16).padStart(64, '0');
  return (state) => houseCommand(state, seedHex);
}
