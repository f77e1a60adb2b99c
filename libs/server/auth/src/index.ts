export { ROLES, type Role, type Principal } from './principal';
export { TokenService } from './token-service';
export { Accounts, accountStream } from './accounts';
export { Viewer, Player, principalOf, type RequestContext } from './viewer';
export { AuthModule } from './auth.module';
