import { Module } from '@nestjs/common';
import { Accounts } from './accounts';
import { AdminSetup } from './admin-setup';
import { AuthResolver } from './auth.resolver';
import { Authenticator } from './authenticator';
import { PasswordHasher } from './password-hasher';
import { TokenService } from './token-service';

/** Needs EVENT_STORE and SERVER_SETTINGS (global, from the app). */
@Module({
  providers: [Accounts, PasswordHasher, TokenService, Authenticator, AuthResolver, AdminSetup],
  exports: [TokenService, Accounts, Authenticator],
})
export class AuthModule {}
