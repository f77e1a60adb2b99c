import { audienceOf, parseSession, sessionCookie } from './session';

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
});
