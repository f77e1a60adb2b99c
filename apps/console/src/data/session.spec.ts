import fc from 'fast-check';
import { audienceOf, parseSession, renewalDelay, renewedElsewhere, type Session, sessionCookie, sessionInCookies, signedInWith } from './session';

describe('session cookie', () => {
  const session = { token: 'abc.def.ghi', account: { id: 'a1', name: 'ann', role: 'MODERATOR' as const } };

  it('given a written session, then reading the cookie value gives it back', () => {
    const value = sessionCookie(session).split(';')[0]?.split('=').slice(1).join('=');
    expect(parseSession(value)).toEqual(session);
    expect(audienceOf(parseSession(value))).toBe('moderator');
  });

  it('given an organiser, then the navigation treats them as one (not as a plain player)', () => {
    const organiser = { ...session, account: { ...session.account, role: 'ORGANISER' as const } };
    expect(audienceOf(parseSession(sessionCookie(organiser).split(';')[0]?.split('=').slice(1).join('=')))).toBe('organiser');
  });

  it('given a malformed or missing value, then nobody is signed in', () => {
    expect(parseSession('%7Bnot-json')).toBeNull();
    expect(parseSession(encodeURIComponent(JSON.stringify({ token: 1 })))).toBeNull();
    expect(parseSession(undefined)).toBeNull();
    expect(audienceOf(null)).toBe('guest');
  });

  it('given a session with its expiry, then the cookie lives as long as the token and says when it expires', () => {
    const now = Date.parse('2026-12-02T04:00:00Z');
    const expiring = { ...session, expiresAt: '2026-12-02T05:00:00.000Z' };
    const written = sessionCookie(expiring, now);
    expect(written).toContain('Max-Age=3600;');
    expect(parseSession(written.split(';')[0]?.split('=').slice(1).join('='))).toEqual(expiring);
    expect(parseSession(encodeURIComponent(JSON.stringify({ ...session, expiresAt: 'soon' })))).toEqual(session);
  });
});

describe('session renewal', () => {
  const at = (iso: string) => ({ token: 't', account: { id: 'a1', name: 'ann', role: 'PLAYER' as const }, expiresAt: iso });
  const now = Date.parse('2026-12-02T04:00:00Z');

  it('given a token with hours left, then it is renewed five minutes before it expires', () => {
    expect(renewalDelay(at('2026-12-02T16:00:00Z'), now)).toBe(12 * 3600_000 - 5 * 60_000);
  });

  it('given a short-lived token, then it is renewed with a quarter of its life left; an expired one at once', () => {
    expect(renewalDelay(at('2026-12-02T04:00:20Z'), now)).toBe(15_000);
    expect(renewalDelay(at('2026-12-02T03:59:00Z'), now)).toBe(0);
  });

  it('given no session or no known expiry (a cookie from before renewals), then nothing is scheduled', () => {
    expect(renewalDelay(null, now)).toBeNull();
    expect(renewalDelay({ token: 't', account: { id: 'a1', name: 'ann', role: 'PLAYER' } }, now)).toBeNull();
  });
});

describe('a session another tab renewed', () => {
  const now = Date.parse('2026-12-02T04:00:00Z');
  const ann = { id: 'a1', name: 'ann', role: 'PLAYER' as const };
  const mine = { token: 'old', account: ann, expiresAt: '2026-12-02T04:04:00.000Z' };
  const renewed = { token: 'new', account: ann, expiresAt: '2026-12-02T16:04:00.000Z' };

  it('given the cookie string of a browser, then the session in it is read among the other cookies', () => {
    const cookies = `theme=dark; ${sessionCookie(renewed, now).split(';')[0]}; lang=fr`;
    expect(sessionInCookies(cookies)).toEqual(renewed);
    expect(sessionInCookies('theme=dark')).toBeNull();
    expect(sessionInCookies('')).toBeNull();
  });

  it('given the same account with a later expiry and another token in the cookie, then this tab takes it', () => {
    expect(renewedElsewhere(mine, renewed, now)).toEqual(renewed);
    // This tab's token already ran out (it slept): the stored one is still good
    expect(renewedElsewhere(mine, renewed, Date.parse('2026-12-02T05:00:00Z'))).toEqual(renewed);
    // A cookie from before renewals (no expiry) is replaced by a renewed one
    expect(renewedElsewhere({ token: 'older', account: ann }, renewed, now)).toEqual(renewed);
  });

  it('given its own session, an older or expired one, another account or none in the cookie, then nothing to take', () => {
    expect(renewedElsewhere(mine, mine, now)).toBeNull();
    expect(renewedElsewhere(renewed, mine, now)).toBeNull();
    expect(renewedElsewhere(mine, renewed, Date.parse('2026-12-02T17:00:00Z'))).toBeNull();
    expect(renewedElsewhere(mine, { ...renewed, account: { ...ann, id: 'b2', name: 'bob' } }, now)).toBeNull();
    expect(renewedElsewhere(mine, null, now)).toBeNull();
    expect(renewedElsewhere(null, renewed, now)).toBeNull();
  });
});

describe('a session the reader signed in with in another tab (ADR 0034)', () => {
  const now = Date.parse('2026-12-02T04:00:00Z');
  const ann = { id: 'a1', name: 'ann', role: 'PLAYER' as const };
  const bob = { id: 'b2', name: 'bob', role: 'PLAYER' as const };
  const annHere = { token: 'ann-1', account: ann, expiresAt: '2026-12-02T05:00:00.000Z' };
  const bobThere = { token: 'bob-1', account: bob, expiresAt: '2026-12-02T16:00:00.000Z' };

  it('given another account’s live session in the cookie, then this tab follows it, signed in here or not', () => {
    expect(signedInWith(annHere, bobThere, now)).toEqual(bobThere);
    expect(signedInWith(null, bobThere, now)).toEqual(bobThere);
    // Even once this tab's own token ran out (it slept)
    expect(signedInWith(annHere, bobThere, Date.parse('2026-12-02T06:00:00Z'))).toEqual(bobThere);
  });

  it('given this account’s session, an expired one, or none, then there is no other sign-in to follow', () => {
    expect(signedInWith(annHere, { ...annHere, token: 'ann-2' }, now)).toBeNull();
    expect(signedInWith(annHere, bobThere, Date.parse('2026-12-02T17:00:00Z'))).toBeNull();
    expect(signedInWith(annHere, null, now)).toBeNull();
    expect(signedInWith(null, null, now)).toBeNull();
  });

  it('for any two sessions, a tab follows another tab’s sign-in or takes its renewal, never both, and never another account as a renewal', () => {
    const sessions: fc.Arbitrary<Session | null> = fc.option(
      fc.record({
        token: fc.constantFrom('t1', 't2', 't3'),
        account: fc.constantFrom(ann, bob),
        expiresAt: fc.integer({ min: now - 3_600_000, max: now + 3_600_000 }).map((ms) => new Date(ms).toISOString()),
      }),
    );
    fc.assert(
      fc.property(sessions, sessions, (mine, stored) => {
        const followed = signedInWith(mine, stored, now);
        const renewed = renewedElsewhere(mine, stored, now);
        expect(followed !== null && renewed !== null).toBe(false);
        if (followed) expect(followed.account.id === mine?.account.id).toBe(false);
        if (renewed) expect(renewed.account.id).toBe(mine?.account.id);
      }),
    );
  });
});
