import { Injectable } from '@nestjs/common';
import type { Sanction } from '@liars-dice/game-moderation';
import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';
import { sanctionsModel } from './models';
import { StreamRunner } from './stream-runner';

/** Which sanction of which account, and why it is lifted. */
export interface Lift {
  readonly account: string;
  readonly sanctionId: string;
  readonly reason: string;
}

/** A moderator lifts a sanction, with a reason (impositions come only from rulings, through the reactor). */
@Injectable()
export class SanctionDesk {
  constructor(private readonly runner: StreamRunner) {}

  async lift(by: Principal, commandId: string, { account, sanctionId, reason }: Lift): Promise<Sanction & { account: string; name: string; position: bigint }> {
    const sent = { commandId, actor: { kind: 'account' as const, id: by.id, name: by.name }, command: 'LiftSanction', request: { account, sanctionId, reason } };
    const ran = await this.runner.run(sanctionsModel(account), sent, (at) => ({
      type: 'LiftSanction' as const,
      data: { sanctionId, reason, by: { id: by.id, name: by.name, role: by.role }, at },
    }));
    const sanction = ran.after.sanctions.find((s) => s.sanctionId === sanctionId);
    if (!sanction || !ran.after.account) throw new Refusal('UNKNOWN_SANCTION', `sanctionId: no sanction ${sanctionId} on account ${account}`, 'sanctionId');
    return { ...sanction, account: ran.after.account.id, name: ran.after.account.name, position: await this.runner.written() };
  }
}
