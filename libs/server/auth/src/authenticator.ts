import { Injectable } from '@nestjs/common';
import { Accounts } from './accounts';
import type { Principal } from './principal';
import { TokenService } from './token-service';

/**
 * Who sends a request: the token proves the account (signature and expiry), the account says the role. Used
 * once per HTTP request and once per websocket operation, so a revoked role or a vanished account stops
 * working within Accounts' cache time without waiting for tokens to expire.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly accounts: Accounts,
  ) {}

  /** Null without a token (a spectator); a bad token is refused (UNAUTHENTICATED), never downgraded. */
  async fromAuthorization(header: unknown): Promise<Principal | null> {
    const claims = this.tokens.claimsFrom(header);
    return claims ? this.accounts.current(claims) : null;
  }

  /**
   * When the token in `header` stops being valid (ms since the epoch); null without a token, or with one
   * refused already (each operation is refused on its own, UNAUTHENTICATED).
   */
  expiryOf(header: unknown): number | null {
    try {
      const claims = this.tokens.claimsFrom(header);
      return claims ? claims.exp * 1000 : null;
    } catch {
      return null;
    }
  }
}
