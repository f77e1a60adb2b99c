import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Refusal } from '@liars-dice/server-platform';
import { Accounts } from './accounts';
import { AccountType, AuthPayload, CredentialsInput, RoleName } from './auth.types';
import type { Principal } from './principal';
import { type IssuedToken, TokenService } from './token-service';
import { Player, type RequestContext, Viewer } from './viewer';

@Resolver()
export class AuthResolver {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: TokenService,
  ) {}

  @Mutation(() => AuthPayload)
  async register(@Args('input') input: CredentialsInput): Promise<AuthPayload> {
    const account = await this.accounts.register(input.name, input.password);
    return this.payload(account, this.tokens.issue(account));
  }

  @Mutation(() => AuthPayload)
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

  @Query(() => AccountType, { nullable: true, description: 'The signed-in caller; null for a spectator.' })
  me(@Viewer() viewer: Principal | null): AccountType | null {
    return viewer as AccountType | null;
  }

  private payload(principal: Principal, issued: IssuedToken): AuthPayload {
    return { token: issued.token, expiresAt: issued.expiresAt.toISOString(), account: principal as AccountType };
  }
}
