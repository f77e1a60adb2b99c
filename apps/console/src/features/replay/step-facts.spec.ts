import { absenceOf } from './step-facts';
import type { Step } from './replay-types';

/** A replay step as the server builds it, of `type` with the event `data` (the state is not read here). */
const step = (type: string, event: Record<string, unknown>): Step =>
  ({ step: 10, index: 12, type, at: 0, actor: 'timer', commandId: 'inactive:11', event, rawEvent: JSON.stringify(event), state: {} }) as unknown as Step;

describe('a PlayerAbsent step in the replay (ADR 0072)', () => {
  const absent = (idleSeconds: number) => step('PlayerAbsent', { seat: 's2', account: { id: 'a-bob', name: 'bob' }, idleSince: 5_000, idleSeconds });

  it('given the server default of 10 minutes, then it names the player and the limit in minutes', () => {
    expect(absenceOf(absent(600))).toEqual({ player: 'bob', seat: 's2', after: { minutes: 10 } });
  });

  it('given limits of whole hours or under a minute, then they read in hours or seconds', () => {
    expect(absenceOf(absent(7200))?.after).toEqual({ hours: 2 });
    expect(absenceOf(absent(45))?.after).toEqual({ seconds: 45 });
  });

  it('given another step, or an absence without the fields it names, then there is none to describe', () => {
    expect(absenceOf(step('BidPlaced', { player: 's2', quantity: 2, face: 3 }))).toBeNull();
    expect(absenceOf(step('PlayerAbsent', { seat: 's2', idleSeconds: 600 }))).toBeNull();
  });
});
