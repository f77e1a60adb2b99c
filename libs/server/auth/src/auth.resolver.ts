import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Accounts } from './accounts';
import { AccountType, AuthPayload, CredentialsInput, RoleName } from './auth.types';
import type { Principal } from './principal';
import { TokenService } from './token-service';
import { Player, Viewer } from './viewer';

@Resolver()
export class AuthResolver {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: TokenService,
  ) {}

  @Mutation(() => AuthPayload)
  async register(@Args('input') input: CredentialsInput): Promise<AuthPayload> {
    return this.payload(await this.accounts.register(input.name, input.password));
  }

  @Mutation(() => AuthPayload)
  async signIn(@Args('input') input: CredentialsInput): Promise<AuthPayload> {
    return this.payload(await this.accounts.signIn(input.name, input.password));
  }

  @Mutation(() => AccountType, { description: 'Admins only. The role applies to every token of the account within seconds (it is read from the account).' })
  grantRole(@Player() admin: Principal, @Args('name') name: string, @Args('role', { type: () => RoleName }) role: RoleName): Promise<AccountType> {
    return this.accounts.grantRole(admin, name, role) as Promise<AccountType>;
  }

  @Query(() => AccountType, { nullable: true, description: 'The signed-in caller; null for a spectator.' })
  me(@Viewer() viewer: Principal | null): AccountType | null {
    return viewer as AccountType | null;
  }

  private payload(principal: Principal): AuthPayload {
    return { token: this.tokens.issue(principal), account: principal as AccountType };
  }
}
