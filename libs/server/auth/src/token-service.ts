import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { ROLES, type Principal, type Role } from './principal';

interface Claims {
  readonly sub: string;
  readonly name: string;
  readonly role: Role;
}

/** HS256 JWTs; anything that does not verify (forged, expired, malformed) is the same UNAUTHENTICATED. */
@Injectable()
export class TokenService {
  /** Verified tokens until they expire: checking an HS256 signature costs more than the rest of a bid. */
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(@Inject(SERVER_SETTINGS) private readonly settings: ServerSettings) {}

  issue(principal: Principal): string {
    const claims: Claims = { sub: principal.id, name: principal.name, role: principal.role };
    return jwt.sign(claims, this.settings.jwtSecret, { algorithm: 'HS256', expiresIn: this.settings.jwtTtlSeconds });
  }

  verify(token: string): Principal {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.principal;
    const principal = this.check(token);
    if (this.verified.size >= 10_000) this.verified.clear();
    const { exp } = jwt.decode(token) as { exp?: number };
    this.verified.set(token, { principal, expiresAt: (exp ?? 0) * 1000 });
    return principal;
  }

  private check(token: string): Principal {
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, this.settings.jwtSecret, { algorithms: ['HS256'] });
    } catch (error) {
      const why = error instanceof jwt.TokenExpiredError ? 'the token has expired' : 'the token is not valid';
      throw new Refusal('UNAUTHENTICATED', `${why}; sign in again`);
    }
    const claims = decoded as Partial<Claims>;
    if (typeof claims.sub !== 'string' || typeof claims.name !== 'string' || !ROLES.includes(claims.role as Role)) {
      throw new Refusal('UNAUTHENTICATED', 'the token is not valid; sign in again');
    }
    return { id: claims.sub, name: claims.name, role: claims.role as Role };
  }

  /** The principal behind an `Authorization: Bearer …` value; null when there is none (a spectator). */
  fromAuthorization(header: unknown): Principal | null {
    if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return null;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new Refusal('UNAUTHENTICATED', 'authorization: expected "Bearer <token>"');
    return this.verify(match[1]);
  }
}
