import jwt from 'jsonwebtoken';
import type { ServerSettings } from '@liars-dice/server-platform';
import { TokenService } from './token-service';

const SECRET = 'unit-secret-0123456789-0123456789-0123456789';
const settings = { jwtSecret: SECRET, jwtTtlSeconds: 3600, sessionMaxSeconds: 7 * 24 * 3600 } as ServerSettings;
const principal = { id: '5a1d0c4e-0000-4000-8000-000000000001', name: 'ann', role: 'player' as const };

function refusal(run: () => unknown): { code?: string; message?: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    return error as { code?: string; message?: string };
  }
}

describe('tokens', () => {
  const tokens = new TokenService(settings);

  it('given an issued token, when verified, then it names the account and carries an expiry', () => {
    const token = tokens.issue(principal).token;
    const claims = tokens.verify(token);
    expect(claims).toMatchObject({ sub: principal.id, name: 'ann', role: 'player' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 3500_000);
    expect(tokens.claimsFrom(`Bearer ${token}`)).toEqual(claims);
  });

  it('given a token signed with the secret as a string (as before the key object), when verified, then it is accepted', () => {
    const token = jwt.sign({ sub: principal.id, name: 'ann', role: 'player' }, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(new TokenService(settings).verify(token)).toMatchObject({ sub: principal.id, name: 'ann' });
  });

  it.each([
    ['another secret', () => jwt.sign({ sub: principal.id, name: 'ann', role: 'admin' }, 'someone-elses-secret-0123456789abcdef', { expiresIn: 60 })],
    ['alg none', () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: principal.id, name: 'ann', role: 'admin', exp: 9e9 })).toString('base64url')}.`],
    ['a changed role', () => {
      const [head, , sig] = tokens.issue(principal).token.split('.');
      return `${head}.${Buffer.from(JSON.stringify({ sub: principal.id, name: 'ann', role: 'admin', exp: 9e9 })).toString('base64url')}.${sig}`;
    }],
    ['no expiry', () => jwt.sign({ sub: principal.id, name: 'ann', role: 'player' }, SECRET)],
    ['an expired one', () => jwt.sign({ sub: principal.id, name: 'ann', role: 'player', exp: Math.floor(Date.now() / 1000) - 1 }, SECRET)],
    ['an unknown role', () => jwt.sign({ sub: principal.id, name: 'ann', role: 'root' }, SECRET, { expiresIn: 60 })],
    ['garbage', () => 'garbage'],
    ['HS512 with the right secret', () => jwt.sign({ sub: principal.id, name: 'ann', role: 'player' }, SECRET, { algorithm: 'HS512', expiresIn: 60 })],
  ])('given a token with %s, then it is UNAUTHENTICATED', (_what, make) => {
    expect(refusal(() => tokens.verify(make()))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('given a verified token kept in the cache, when it expires, then the cache refuses it too', () => {
    const token = jwt.sign({ sub: principal.id, name: 'ann', role: 'player', exp: Math.floor(Date.now() / 1000) + 2 }, SECRET);
    expect(tokens.verify(token).name).toBe('ann');
    expect(refusal(() => tokens.verify(token, Date.now() + 5_000))).toMatchObject({ code: 'UNAUTHENTICATED', message: 'the token has expired; sign in again' });
  });

  it('given an Authorization header, then none is a spectator, a malformed one is refused', () => {
    expect(tokens.claimsFrom(undefined)).toBeNull();
    expect(tokens.claimsFrom('  ')).toBeNull();
    expect(refusal(() => tokens.claimsFrom('Basic abc'))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(refusal(() => tokens.claimsFrom(['Bearer x']))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  describe('sessions (renewSession)', () => {
    const limited = new TokenService({ ...settings, jwtTtlSeconds: 600, sessionMaxSeconds: 1000 });
    const signedInAt = Math.floor(Date.now() / 1000) * 1000;

    it('given a sign-in, then the token remembers when the session began and expires a TTL later', () => {
      const issued = limited.issue(principal, signedInAt);
      const claims = limited.verify(issued.token, signedInAt);
      expect(claims).toMatchObject({ authTime: signedInAt / 1000, exp: signedInAt / 1000 + 600 });
      expect(issued.expiresAt).toEqual(new Date(signedInAt + 600_000));
    });

    it('given a token renewed 300 s in, then the new one expires a TTL after the renewal and keeps the session start', () => {
      const first = limited.verify(limited.issue(principal, signedInAt).token, signedInAt);
      const renewed = limited.renew({ ...principal, role: 'moderator' }, first, signedInAt + 300_000);
      const claims = limited.verify(renewed.token, signedInAt + 300_000);
      expect(claims).toMatchObject({ authTime: signedInAt / 1000, exp: signedInAt / 1000 + 900, role: 'moderator' });
      expect(renewed.expiresAt).toEqual(new Date(signedInAt + 900_000));
    });

    it('given renewals near the session limit, then the last token ends at the limit and renewing it again is refused', () => {
      const first = limited.verify(limited.issue(principal, signedInAt).token, signedInAt);
      const last = limited.renew(principal, first, signedInAt + 500_000);
      expect(last.expiresAt).toEqual(new Date(signedInAt + 1_000_000));
      const lastClaims = limited.verify(last.token, signedInAt + 500_000);
      expect(refusal(() => limited.renew(principal, lastClaims, signedInAt + 900_000))).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'a session is renewed for at most 1000 s after signing in; sign in again',
      });
    });

    it('given a token from before sessions were tracked (no auth_time), then its iat is when the session began', () => {
      const iat = Math.floor(Date.now() / 1000) - 100;
      const old = jwt.sign({ sub: principal.id, name: 'ann', role: 'player', iat }, SECRET, { algorithm: 'HS256', expiresIn: 600 });
      expect(new TokenService(settings).verify(old).authTime).toBe(iat);
    });
  });
});
