import { randomUUID } from 'node:crypto';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { DEFAULT_POLICY, sanctionsStream } from '@liars-dice/game-moderation';
import { Clock, type ServerSettings } from '@liars-dice/server-platform';
import { SanctionsEligibility } from './sanctions-eligibility';
import { StreamRunner } from './stream-runner';

const DAY = 86_400_000;
const NOW = 100 * DAY;
const settings = { commandRetries: 3, moderation: DEFAULT_POLICY } as unknown as ServerSettings;
const clock = new (class extends Clock {
  override now(): number {
    return NOW;
  }
})();

const ref = (id: string) => ({ id, name: `${id}-name` });
const imposed = (sanctionId: string, kind: 'ranked-ban' | 'collusion-mark', until: number | null) => ({
  id: randomUUID(),
  type: 'SanctionImposed',
  data: { sanctionId, account: ref('bob'), kind, days: until === null ? null : 3, until, reason: 'r', moderator: ref('mia'), disputeId: null, at: NOW - DAY },
});
const lifted = (sanctionId: string) => ({ id: randomUUID(), type: 'SanctionLifted', data: { sanctionId, moderator: ref('mia'), reason: 'appeal', at: NOW } });

describe('SanctionsEligibility: every check against the store, only the new events read', () => {
  let store: InMemoryEventStore;
  /** The same store as another replica sees it: writes here never pass through this process's eligibility. */
  let otherReplica: InMemoryEventStore;
  let eligibility: SanctionsEligibility;
  beforeEach(() => {
    store = new InMemoryEventStore();
    otherReplica = store;
    eligibility = new SanctionsEligibility(new StreamRunner(store, clock, settings), clock);
  });
  afterEach(() => store.close());

  it('given an account with no sanctions stream, then it may play ranked, and no stream read throws', async () => {
    const thrown = jest.spyOn(store, 'readStream');
    expect(await eligibility.rankedStanding('bob')).toEqual({ rankedBanUntil: null, collusionMark: null });
    expect(thrown).not.toHaveBeenCalled();
  });

  it('given a check already folded, when another replica bans, lifts and marks, then the very next check of this one sees each', async () => {
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBeNull();

    await otherReplica.appendToStream(sanctionsStream('bob'), [imposed('s1', 'ranked-ban', NOW + 2 * DAY)]);
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBe(NOW + 2 * DAY);

    await otherReplica.appendToStream(sanctionsStream('bob'), [lifted('s1')]);
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBeNull();

    await otherReplica.appendToStream(sanctionsStream('bob'), [imposed('s2', 'collusion-mark', null)]);
    expect((await eligibility.rankedStanding('bob')).collusionMark).toBe('s2');
  });

  it('given the fold cached at a revision, when checked again, then only the events past it are read', async () => {
    await store.appendToStream(sanctionsStream('bob'), [imposed('s1', 'ranked-ban', NOW + DAY), imposed('s2', 'ranked-ban', NOW + 3 * DAY)]);
    const reads = jest.spyOn(store, 'readStreamIfExists');
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBe(NOW + 3 * DAY);
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBe(NOW + 3 * DAY);
    await store.appendToStream(sanctionsStream('bob'), [lifted('s2')]);
    expect((await eligibility.rankedStanding('bob')).rankedBanUntil).toBe(NOW + DAY);

    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual(['start', 2n, 2n]);
    const answered = await Promise.all(reads.mock.results.map((result) => result.value as Promise<unknown[] | null>));
    expect(answered.map((events) => events?.length)).toEqual([2, 0, 1]);
  });

  it('given a ban and a mark in force, when checked, then one read of the stream answers both', async () => {
    await store.appendToStream(sanctionsStream('bob'), [imposed('s1', 'ranked-ban', NOW + 2 * DAY), imposed('s2', 'collusion-mark', null)]);
    const reads = jest.spyOn(store, 'readStreamIfExists');

    const standing = await eligibility.rankedStanding('bob');

    expect(standing).toEqual({ rankedBanUntil: NOW + 2 * DAY, collusionMark: 's2' });
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
