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

  issue(principal: Principal): string {
    const claims = { sub: principal.id, name: principal.name, role: principal.role };
    return jwt.sign(claims, this.key, { algorithm: 'HS256', expiresIn: this.settings.jwtTtlSeconds });
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
    return { sub: claims.sub, name: claims.name, role: claims.role as Role, exp: claims.exp };
  }

  /** The claims behind an `Authorization: Bearer …` value; null when there is none (a spectator). */
  claimsFrom(header: unknown): TokenClaims | null {
    if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return null;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new Refusal('UNAUTHENTICATED', 'authorization: expected "Bearer <token>"');
    return this.verify(match[1]);
  }
}

const expired = () => new Refusal('UNAUTHENTICATED', 'the token has expired; sign in again');
const invalid = () => new Refusal('UNAUTHENTICATED', 'the token is not valid; sign in again');
