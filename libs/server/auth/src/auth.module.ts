import { Module } from '@nestjs/common';
import { Accounts } from './accounts';
import { AuthResolver } from './auth.resolver';
import { Authenticator } from './authenticator';
import { PasswordHasher } from './password-hasher';
import { TokenService } from './token-service';

/** Needs EVENT_STORE and SERVER_SETTINGS (global, from the app). */
@Module({
  providers: [Accounts, PasswordHasher, TokenService, Authenticator, AuthResolver],
  exports: [TokenService, Accounts, Authenticator],
})
export class AuthModule {}
