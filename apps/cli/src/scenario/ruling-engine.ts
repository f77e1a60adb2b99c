import { createHmac, randomBytes } from 'node:crypto';
import { useMacFactory } from '@liars-dice/game-fairness';

/** Fresh secure bytes for rounds a file does not list and gives no `seed` for. */
export const secureSeed = (): string => randomBytes(32).toString('hex');

/** Same fairness derivation, native arithmetic: unlisted rounds are derived several times faster. */
export function useNativeHmac(): void {
  useMacFactory((key) => (message) => createHmac('sha256', key).update(message, 'utf8').digest());
}
