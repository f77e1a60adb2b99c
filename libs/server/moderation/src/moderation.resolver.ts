import { Args, Context, Mutation, Resolver, Subscription } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { concatMap, filter } from 'rxjs';
import { type Dispute, type DisputeEventType, isParty, partyEventOf, type Sanction } from '@liars-dice/game-moderation';
import { eachValue, Refusal } from '@liars-dice/server-platform';
import { Accounts, Player, principalOf, type Principal, type RequestContext } from '@liars-dice/server-auth';
import { DisputeOutcomeView, DisputeView, isModerator, outcomeView, requireModerator, SanctionView, sanctionView } from '@liars-dice/server-projections';
import type { Acted, DisputeAction } from './dispute-desk';
import { DisputeViews } from './dispute-views';
import {
  AppealRulingInput,
  ClaimDisputeInput,
  DecideAppealInput,
  DisputeCommandInput,
  DisputeNoteInput,
  DisputeReasonInput,
  FileDisputeInput,
  LiftSanctionInput,
  ModerationUpdateView,
  RuleDisputeInput,
} from './graphql/moderation-inputs.types';
import { ActOnDisputeCommand, FileDisputeCommand, LiftSanctionCommand } from './moderation.commands';
import { type DisputeNotice, ModerationNotices } from './moderation-notices';

/** Moderation's mutations (each a command on the bus) and the `moderationUpdated` subscription. */
@Resolver()
export class ModerationResolver {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly views: DisputeViews,
    private readonly notices: ModerationNotices,
    private readonly accounts: Accounts,
  ) {}

  @Mutation(() => DisputeOutcomeView, { description: 'A player of the match (or a moderator on their own) files a dispute; the outcome so far.' })
  async fileDispute(@Player() player: Principal, @Args('input') input: FileDisputeInput): Promise<DisputeOutcomeView> {
    const { matchId, category, text, steps } = input;
    const { dispute, position } = await this.commandBus.execute(new FileDisputeCommand(player, input.commandId, { matchId, category, text, steps }));
    return { ...outcomeView(dispute, this.looking(player)), position: String(position) };
  }

  @Mutation(() => DisputeView, { description: 'Moderators: take an open dispute (two cannot hold one).' })
  claimDispute(@Player() player: Principal, @Args('input') input: ClaimDisputeInput): Promise<DisputeView> {
    const claim = input.expectedRevision === null || input.expectedRevision === undefined ? {} : { expectedRevision: input.expectedRevision };
    return this.moderate(player, input, { type: 'ClaimDispute', ...claim });
  }

  @Mutation(() => DisputeView, { description: 'Moderators: give a claimed dispute back to the queue.' })
  releaseDispute(@Player() player: Principal, @Args('input') input: DisputeCommandInput): Promise<DisputeView> {
    return this.moderate(player, input, { type: 'ReleaseDispute' });
  }

  @Mutation(() => DisputeView, { description: 'Moderators: a private note on a dispute.' })
  addDisputeNote(@Player() player: Principal, @Args('input') input: DisputeNoteInput): Promise<DisputeView> {
    return this.moderate(player, input, { type: 'AddNote', text: input.text });
  }

  @Mutation(() => DisputeView, { description: 'Moderators: rule on the dispute you hold (dismiss, warn, void, sanction), with a reason.' })
  ruleDispute(@Player() player: Principal, @Args('input') input: RuleDisputeInput): Promise<DisputeView> {
    const sanctions = input.sanctions.map((s) => ({ account: s.account, kind: s.kind, days: s.days ?? null }));
    return this.moderate(player, input, { type: 'RuleDispute', action: input.action, reason: input.reason, sanctions });
  }

  @Mutation(() => DisputeView, { description: 'Moderators: confirm a void or ban another moderator ruled (when a second moderator is required).' })
  confirmRuling(@Player() player: Principal, @Args('input') input: DisputeCommandInput): Promise<DisputeView> {
    return this.moderate(player, input, { type: 'ConfirmRuling' });
  }

  @Mutation(() => DisputeView, { description: 'Moderators: turn down a ruling waiting for a second moderator, with a reason.' })
  rejectRuling(@Player() player: Principal, @Args('input') input: DisputeReasonInput): Promise<DisputeView> {
    return this.moderate(player, input, { type: 'RejectRuling', reason: input.reason });
  }

  @Mutation(() => DisputeOutcomeView, { description: 'A player a ruling touches appeals it, once per ruling.' })
  async appealRuling(@Player() player: Principal, @Args('input') input: AppealRulingInput): Promise<DisputeOutcomeView> {
    const { dispute, position } = await this.act(player, input, { type: 'AppealRuling', text: input.text });
    return { ...outcomeView(dispute, this.looking(player)), position: String(position) };
  }

  @Mutation(() => DisputeView, { description: 'Moderators other than the ruling’s: uphold or overturn an appealed ruling, with a reason.' })
  decideAppeal(@Player() player: Principal, @Args('input') input: DecideAppealInput): Promise<DisputeView> {
    return this.moderate(player, input, { type: 'DecideAppeal', decision: input.decision, reason: input.reason });
  }

  @Mutation(() => SanctionView, { description: 'Moderators: lift a sanction in force, with a reason.' })
  async liftSanction(@Player() player: Principal, @Args('input') input: LiftSanctionInput): Promise<SanctionView> {
    requireModerator(player);
    const { account, sanctionId, reason } = input;
    const lifted = await this.commandBus.execute(new LiftSanctionCommand(player, input.commandId, { account, sanctionId, reason }));
    return { ...sanctionView(rowOf(lifted), this.views.now()), position: String(lifted.position) };
  }

  @Subscription(() => ModerationUpdateView, {
    description:
      'Every change to a dispute you filed or a ruling touches you in, as its outcome shows it (not private notes, nor a ruling before it takes effect); moderators: every event of every dispute, whole.',
    resolve: (update: ModerationUpdateView) => update,
  })
  moderationUpdated(@Context() context: RequestContext): AsyncIterableIterator<ModerationUpdateView> {
    const viewer = principalOf(context);
    if (!viewer) throw new Refusal('UNAUTHENTICATED', 'sign in first: send "Authorization: Bearer <token>"');
    // The role is read again for every notice (the account as it is now, ADR 0007; cached, so cheap): a
    // moderator whose role is taken away hears only what a party hears from then on, even on a socket opened before.
    return eachValue(
      this.notices.disputes.pipe(
        concatMap(async (notice) => this.heard(notice, viewer, isModerator(await this.accounts.current({ sub: viewer.id, name: viewer.name })))),
        filter((update): update is ModerationUpdateView => update !== null),
      ),
    );
  }

  /** A notice as this viewer hears it: whole for a moderator; a party only what changes what they may see, named as they see it (partyEventOf). */
  private heard(notice: DisputeNotice, viewer: Principal, moderator: boolean): ModerationUpdateView | null {
    if (moderator) return this.update(notice, notice.event.type, null);
    const event: DisputeEventType | null = isParty(notice.dispute, viewer.id) ? partyEventOf(notice.event, viewer.id) : null;
    return event === null ? null : this.update(notice, event, viewer.id);
  }

  /** `party`: the player it is for (their outcome only), or null for a moderator (the whole dispute too). */
  private update({ dispute, at }: DisputeNotice, event: string, party: string | null): ModerationUpdateView {
    const whole = party === null ? this.view(dispute) : null;
    return { disputeId: dispute.id, matchId: dispute.matchId, event, at: new Date(at).toISOString(), outcome: outcomeView(dispute, party), dispute: whole };
  }

  /** Whose outcome a mutation returns: the caller's own sanctions only, unless a moderator calls. */
  private looking(player: Principal): string | null {
    return isModerator(player) ? null : player.id;
  }

  private moderate(player: Principal, input: DisputeCommandInput, action: DisputeAction): Promise<DisputeView> {
    requireModerator(player);
    return this.act(player, input, action).then(({ dispute, position }) => ({ ...this.view(dispute), position: String(position) }));
  }

  private act(player: Principal, input: DisputeCommandInput, action: DisputeAction): Promise<Acted> {
    return this.commandBus.execute(new ActOnDisputeCommand(player, input.commandId, input.disputeId, action));
  }

  private view(dispute: Dispute): DisputeView {
    return this.views.view(dispute);
  }
}

function rowOf(s: Sanction & { account: string; name: string }) {
  return {
    sanction_id: s.sanctionId,
    account: s.account,
    name: s.name,
    kind: s.kind,
    days: s.days,
    until: s.until,
    reason: s.reason,
    moderator_id: s.moderator.id,
    moderator_name: s.moderator.name,
    dispute_id: s.disputeId,
    at: s.at,
    lifted_at: s.lifted?.at ?? null,
    lifted_by_id: s.lifted?.moderator.id ?? null,
    lifted_by_name: s.lifted?.moderator.name ?? null,
    lift_reason: s.lifted?.reason ?? null,
  };
}
