export { ROLES, type Role, type Principal } from './principal';
export { TokenService, type TokenClaims, type IssuedToken } from './token-service';
export { Authenticator } from './authenticator';
export { Accounts, accountStream } from './accounts';
export { Viewer, Player, principalOf, type RequestContext } from './viewer';
export { AuthModule } from './auth.module';
export { issueSetupToken, ADMIN_SETUP_FILE } from './admin-setup';
export { nameSkeleton, nameSkeletons } from './name-skeleton';
