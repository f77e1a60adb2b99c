import fc from 'fast-check';
import { parseLease, waitForLease } from './renewal-lease';

describe('the renewal lease (tabs without Web Locks, ADR 0034)', () => {
  it('given a lease another tab holds, then a tab waits until it lapses; never for its own, a lapsed one or none', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -60_000, max: 60_000 }), (owner, me, now, left) => {
        const wait = waitForLease({ owner, until: now + left }, me, now);
        expect(wait).toBe(owner === me || left <= 0 ? 0 : left);
        expect(waitForLease(null, me, now)).toBe(0);
      }),
    );
  });

  it('given what is stored, then only a well-formed lease counts (anything else must not block renewals)', () => {
    expect(parseLease(JSON.stringify({ owner: 'a-b', until: 1_000 }))).toEqual({ owner: 'a-b', until: 1_000 });
    for (const raw of [null, '', '{', '[]', '{"owner":1,"until":2}', '{"owner":"a"}', '{"owner":"a","until":"soon"}', '{"owner":"a","until":1e400}']) {
      expect(parseLease(raw)).toBeNull();
    }
  });
});
