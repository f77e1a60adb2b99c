export { ModerationModule } from './moderation.module';
export { ModerationNotices, PlayerSanctioned, PlayerSanctionLifted, type DisputeNotice } from './moderation-notices';
export { ModerationReactor } from './moderation-reactor';
