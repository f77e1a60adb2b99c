import { Inject, Injectable } from '@nestjs/common';
import type { Dispute, DisputeCommand, DisputeEvent, DisputesState } from '@liars-dice/game-moderation';
import { Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';
import { MatchMarks } from './match-marks';
import { disputesModel, matchOfDispute } from './models';
import { ModerationReactor } from './moderation-reactor';
import { type Ran, StreamRunner } from './stream-runner';

/** What a player files. */
export interface Filing {
  readonly matchId: string;
  readonly category: string;
  readonly text: string;
  readonly steps: readonly number[];
}

/** A dispute as a command left it, and the store position its writes (effects included) reached. */
export interface Acted {
  readonly dispute: Dispute;
  readonly position: bigint;
}

/** Everything done to a dispute once it exists, by moderators (and the appeal, by a player it touches). */
export type DisputeAction =
  | { readonly type: 'ClaimDispute'; readonly expectedRevision?: number }
  | { readonly type: 'ReleaseDispute' }
  | { readonly type: 'AddNote'; readonly text: string }
  | { readonly type: 'RuleDispute'; readonly action: string; readonly reason: string; readonly sanctions: readonly { account: string; kind: string; days?: number | null }[] }
  | { readonly type: 'ConfirmRuling' }
  | { readonly type: 'RejectRuling'; readonly reason: string }
  | { readonly type: 'AppealRuling'; readonly text: string }
  | { readonly type: 'DecideAppeal'; readonly decision: string; readonly reason: string };

const actorOf = (by: Principal) => ({ kind: 'account' as const, id: by.id, name: by.name });

/**
 * Moderation's dispute commands: each is decided by libs/game/moderation on the match's disputes stream
 * (StreamRunner), then what it asks of other streams is carried out (ModerationReactor) before it returns.
 */
@Injectable()
export class DisputeDesk {
  constructor(
    private readonly runner: StreamRunner,
    private readonly marks: MatchMarks,
    private readonly reactor: ModerationReactor,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async file(by: Principal, commandId: string, filing: Filing): Promise<Acted> {
    const match = await this.marks.facts(filing.matchId);
    const { category, text, steps } = filing;
    const sent = { commandId, actor: actorOf(by), command: 'FileDispute', request: { matchId: filing.matchId, category, text, steps } };
    const ran = await this.runner.run(disputesModel(filing.matchId), sent, (at) => ({
      type: 'FileDispute' as const,
      data: { by: { id: by.id, name: by.name, role: by.role }, at, match, category, text, steps, policy: this.settings.moderation },
    }));
    await this.settle(ran);
    const mine = [...ran.after.disputes].reverse().find((d) => d.filings.some((f) => f.filer.id === by.id));
    if (!mine) throw new Refusal('NOT_FOUND', `no dispute of yours on match ${filing.matchId}`, 'matchId');
    return { dispute: mine, position: await this.runner.written() };
  }

  async act(by: Principal, commandId: string, disputeId: string, action: DisputeAction): Promise<Acted> {
    const matchId = matchOfDispute(disputeId);
    if (matchId === null) throw new Refusal('UNKNOWN_DISPUTE', `disputeId: no dispute ${disputeId}`, 'disputeId');
    const { type, ...request } = action;
    const sent = { commandId, actor: actorOf(by), command: type, request: { disputeId, ...request } };
    const ran = await this.runner.run(disputesModel(matchId), sent, (at) => this.command(by, at, disputeId, action));
    await this.settle(ran);
    const dispute = ran.after.disputes.find((d) => d.id === disputeId);
    if (!dispute) throw new Refusal('UNKNOWN_DISPUTE', `disputeId: no dispute ${disputeId}`, 'disputeId');
    return { dispute, position: await this.runner.written() };
  }

  private async settle(ran: Ran<DisputesState, DisputeEvent>): Promise<void> {
    if (ran.events.length > 0) await this.reactor.carryOut(ran.before, ran.events);
  }

  private command(by: Principal, at: number, disputeId: string, action: DisputeAction): DisputeCommand {
    const sender = { by: { id: by.id, name: by.name, role: by.role }, at, disputeId };
    const policy = this.settings.moderation;
    switch (action.type) {
      case 'ClaimDispute':
        return { type: action.type, data: action.expectedRevision === undefined ? sender : { ...sender, expectedRevision: action.expectedRevision } };
      case 'ReleaseDispute':
      case 'ConfirmRuling':
        return { type: action.type, data: sender };
      case 'AddNote':
        return { type: action.type, data: { ...sender, text: action.text } };
      case 'RuleDispute':
        return { type: action.type, data: { ...sender, action: action.action, reason: action.reason, sanctions: action.sanctions, policy } };
      case 'RejectRuling':
        return { type: action.type, data: { ...sender, reason: action.reason } };
      case 'AppealRuling':
        return { type: action.type, data: { ...sender, text: action.text, policy } };
      case 'DecideAppeal':
        return { type: action.type, data: { ...sender, decision: action.decision, reason: action.reason } };
    }
  }
}
