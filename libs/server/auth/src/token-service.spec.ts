import jwt from 'jsonwebtoken';
import type { ServerSettings } from '@liars-dice/server-platform';
import { TokenService } from './token-service';

const SECRET = 'unit-secret-0123456789-0123456789-0123456789';
const settings = { jwtSecret: SECRET, jwtTtlSeconds: 3600 } as ServerSettings;
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
    const token = tokens.issue(principal);
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
      const [head, , sig] = tokens.issue(principal).split('.');
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
});
