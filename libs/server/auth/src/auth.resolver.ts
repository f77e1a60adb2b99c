import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Refusal } from '@liars-dice/server-platform';
import { Accounts } from './accounts';
import { AdminSetup } from './admin-setup';
import { AccountType, AuthPayload, CredentialsInput, RoleName } from './auth.types';
import type { Principal } from './principal';
import { type IssuedToken, TokenService } from './token-service';
import { Player, type RequestContext, Viewer } from './viewer';

@Resolver()
export class AuthResolver {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: TokenService,
    private readonly adminSetup: AdminSetup,
  ) {}

  @Mutation(() => AuthPayload, {
    description:
      'A new player account. Refused: NAME_TAKEN for a name taken or one that reads as another account\'s (look-alike letters, any case); ' +
      'TOO_MANY_REGISTRATIONS (with retryAfterSeconds) past REGISTRATIONS_PER_ADDRESS_PER_HOUR from one address.',
  })
  async register(@Args('input') input: CredentialsInput, @Context() context: RequestContext): Promise<AuthPayload> {
    const account = await this.accounts.register(input.name, input.password, context.ip);
    return this.payload(account, this.tokens.issue(account));
  }

  @Mutation(() => AuthPayload, {
    description: 'Refused: UNAUTHENTICATED for a wrong name or password; TOO_MANY_ATTEMPTS (with retryAfterSeconds) while the name backs off after wrong passwords in a row.',
  })
  async signIn(@Args('input') input: CredentialsInput): Promise<AuthPayload> {
    const account = await this.accounts.signIn(input.name, input.password);
    return this.payload(account, this.tokens.issue(account));
  }

  @Mutation(() => AuthPayload, {
    description:
      'A new token for the signed-in session, before the one sent expires (over HTTP: the token is the Authorization header). ' +
      'It names the role the account holds now; a session is renewed up to SESSION_MAX_SECONDS after its sign-in.',
  })
  renewSession(@Player() caller: Principal, @Context() context: RequestContext): AuthPayload {
    // The context's caller was proven by this very token (HTTP): its claims say which session to extend.
    const claims = this.tokens.claimsFrom(context.req?.headers['authorization']);
    if (!claims) throw new Refusal('BAD_USER_INPUT', 'renewSession: send it over HTTP with "Authorization: Bearer <token>"');
    return this.payload(caller, this.tokens.renew(caller, claims));
  }

  @Mutation(() => AccountType, { description: 'Admins only. The role applies to every token of the account within seconds (it is read from the account).' })
  grantRole(@Player() admin: Principal, @Args('name') name: string, @Args('role', { type: () => RoleName }) role: RoleName): Promise<AccountType> {
    return this.accounts.grantRole(admin, name, role) as Promise<AccountType>;
  }

  @Mutation(() => AccountType, {
    description:
      "Makes the signed-in caller an admin with the server's admin setup token (printed at the first start, or ADMIN_SETUP_TOKEN; " +
      '`npm run admin -- setup-token` issues a new one). Each token works once.',
  })
  claimAdmin(@Player() caller: Principal, @Args('token') token: string): Promise<AccountType> {
    return this.adminSetup.claim(caller, token) as Promise<AccountType>;
  }

  @Query(() => AccountType, { nullable: true, description: 'The signed-in caller; null for a spectator.' })
  me(@Viewer() viewer: Principal | null): AccountType | null {
    return viewer as AccountType | null;
  }

  private payload(principal: Principal, issued: IssuedToken): AuthPayload {
    return { token: issued.token, expiresAt: issued.expiresAt.toISOString(), account: principal as AccountType };
  }
}
