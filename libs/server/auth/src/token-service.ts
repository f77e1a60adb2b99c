import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { ROLES, type Principal, type Role } from './principal';

/** What a token says: who (account id and name) and until when. The role claim is informative only. */
export interface TokenClaims {
  readonly sub: string;
  readonly name: string;
  readonly role: Role;
  /** Seconds since the epoch; every token this service accepts has one. */
  readonly exp: number;
  /**
   * When the session began (seconds since the epoch, OpenID's `auth_time`): the sign-in or registration every
   * renewed token descends from. A token issued before renewals existed has none: its `iat` stands in.
   */
  readonly authTime: number;
}

/** A token and when it stops being accepted. */
export interface IssuedToken {
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * HS256 JWTs that prove who signed in, until they expire. Anything that does not verify (forged, `alg: none`,
 * another secret, changed claims, no `exp`, expired, malformed) is the same UNAUTHENTICATED. The role a
 * request acts with is read from the account (Accounts.current, ADR 0007), never trusted from the claim.
 */
@Injectable()
export class TokenService {
  /** Verified tokens until they expire: checking an HS256 signature costs more than the rest of a bid. */
  private readonly verified = new Map<string, TokenClaims>();
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries to read it as a PEM key
   * (createPrivateKey / createPublicKey, which throw) on every sign and verify, and that costs about 30 times
   * the HMAC itself. Same bytes, same HS256 tokens.
   */
  private readonly key: KeyObject;

  constructor(@Inject(SERVER_SETTINGS) private readonly settings: ServerSettings) {
    this.key = createSecretKey(Buffer.from(settings.jwtSecret, 'utf8'));
  }

  /**
   * A token for a session that began at `authTime` (now, for a sign-in): it expires JWT_TTL_SECONDS from now,
   * but never later than SESSION_MAX_SECONDS after the session began.
   */
  issue(principal: Principal, now = Date.now(), authTime = Math.floor(now / 1000)): IssuedToken {
    const exp = Math.min(Math.floor(now / 1000) + this.settings.jwtTtlSeconds, authTime + this.settings.sessionMaxSeconds);
    const claims = { sub: principal.id, name: principal.name, role: principal.role, auth_time: authTime, exp };
    return { token: jwt.sign(claims, this.key, { algorithm: 'HS256' }), expiresAt: new Date(exp * 1000) };
  }

  /**
   * A new token for the session the caller's (valid, unexpired) token belongs to, with the role the account
   * holds now. A session is renewed up to SESSION_MAX_SECONDS after its sign-in, never past it: a token that
   * leaked is not kept alive forever by renewing it.
   */
  renew(principal: Principal, claims: TokenClaims, now = Date.now()): IssuedToken {
    if (claims.authTime + this.settings.sessionMaxSeconds <= claims.exp) {
      throw new Refusal('UNAUTHENTICATED', `a session is renewed for at most ${duration(this.settings.sessionMaxSeconds)} after signing in; sign in again`);
    }
    return this.issue(principal, now, claims.authTime);
  }

  verify(token: string, now = Date.now()): TokenClaims {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > now) return known;
      this.verified.delete(token);
      throw expired();
    }
    const claims = this.check(token);
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  private check(token: string): TokenClaims {
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, this.key, { algorithms: ['HS256'] });
    } catch (error) {
      throw error instanceof jwt.TokenExpiredError ? expired() : invalid();
    }
    const claims = decoded as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.name !== 'string' || !ROLES.includes(claims.role as Role)) throw invalid();
    // A token that never expires cannot be revoked by waiting: refuse it even when its signature is good.
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw new Refusal('UNAUTHENTICATED', 'the token has no expiry (exp); sign in again');
    const times = claims as { auth_time?: unknown; iat?: unknown };
    const began = [times.auth_time, times.iat].find((t): t is number => typeof t === 'number' && Number.isFinite(t)) ?? claims.exp;
    return { sub: claims.sub, name: claims.name, role: claims.role as Role, exp: claims.exp, authTime: began };
  }

  /** The claims behind an `Authorization: Bearer …` value; null when there is none (a spectator). */
  claimsFrom(header: unknown): TokenClaims | null {
    if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return null;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new Refusal('UNAUTHENTICATED', 'authorization: expected "Bearer <token>"');
    return this.verify(match[1]);
  }
}

const duration = (seconds: number): string => (seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds} s`);
const expired = () => new Refusal('UNAUTHENTICATED', 'the token has expired; sign in again');
const invalid = () => new Refusal('UNAUTHENTICATED', 'the token is not valid; sign in again');
