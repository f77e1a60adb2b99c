import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import type { SanctionEvent } from '@liars-dice/game-moderation';
import { isTournamentViolation, type TournamentRecord, type UntimedTournamentCommand } from '@liars-dice/game-tournament';
import { DisqualifyFromTournamentCommand, ReinstateInTournamentCommand, type TournamentBusCommand } from '../commands/tournament.commands';
import { TournamentCatalog } from '../tournament-catalog';
import type { TournamentTarget } from '../tournament-command-runner';
import { followFromStart } from './store-follower';
import { SERVER, TournamentSteps } from './tournament-steps';
import { clearedAccount, disqualifyingSanction, sanctionsOf } from './sanctions';

type BusCommand = new (target: TournamentTarget, asked: UntimedTournamentCommand) => TournamentBusCommand;
const FOLLOWED: readonly SanctionEvent['type'][] = ['SanctionImposed', 'SanctionLifted'];

/**
 * Carries moderation's sanctions over to tournaments (docs/tournaments.md) as they are recorded:
 * - a sanction that bars an account from ranked competition (a ranked ban, a collusion mark) disqualifies the
 *   player from every ranked tournament they are still in (registered or playing);
 * - lifting it (by hand, or an appeal overturning the ruling) reinstates them wherever that sanction's
 *   disqualification can still be undone, when nothing else bars them.
 * It follows the store from the first sanction at every start, so what was written while no server ran is not
 * missed, and reads the account's stream as it is now before acting (a sanction lifted since disqualifies
 * nobody; a lifting while another sanction holds reinstates nobody). Each command's id names the event's
 * sanction and the tournament, so hearing it again, after a restart or on a second replica, appends nothing:
 * the command runner answers a known command id with its first result (ADR 0015).
 */
@Injectable()
export class SanctionDisqualifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: TournamentCatalog,
    private readonly steps: TournamentSteps,
    private readonly commandBus: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = followFromStart(this.store, FOLLOWED, () => this.catalog.ready(), (event) => this.heard(event));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private async heard(event: RecordedEvent): Promise<void> {
    const sanctionId = (event.data as { sanctionId?: unknown } | null)?.sanctionId;
    if (typeof sanctionId !== 'string') return;
    const state = sanctionsOf(await this.store.readStream(event.streamName));
    const now = this.steps.now();
    if (event.type === 'SanctionImposed') {
      const sanction = disqualifyingSanction(state, sanctionId, now);
      if (!sanction) return;
      const reason = `sanction (${sanction.kind}): ${sanction.reason}`;
      const asked: UntimedTournamentCommand = { type: 'DisqualifyPlayer', data: { player: sanction.account, by: SERVER, reason, sanctionId } };
      for (const record of await this.ranked(sanction.account, isIn)) await this.send(DisqualifyFromTournamentCommand, record, `sanction-${sanctionId}`, asked);
      return;
    }
    const account = clearedAccount(state, sanctionId, now);
    if (!account) return;
    const lifted = state.sanctions.find((one) => one.sanctionId === sanctionId)?.lifted;
    const asked: UntimedTournamentCommand = { type: 'ReinstatePlayer', data: { player: account, by: SERVER, reason: `sanction lifted: ${lifted?.reason ?? ''}`.slice(0, 500), sanctionId } };
    for (const record of await this.ranked(account, isOutBySanction)) await this.send(ReinstateInTournamentCommand, record, `reinstate-${sanctionId}`, asked);
  }

  /**
   * The ranked tournaments not yet over where `account` is as `wanted` says, each read from its stream: the
   * catalog follows the store on its own subscription and may not have heard a registration appended just
   * before the sanction yet, and the stream settles it.
   */
  private async ranked(account: string, wanted: (record: TournamentRecord, account: string) => boolean): Promise<TournamentRecord[]> {
    const found: TournamentRecord[] = [];
    for (const listed of [...this.catalog.all()]) {
      const { config, status } = listed.state;
      if (!config.ranked || (status !== 'registration' && status !== 'running')) continue;
      const record = await this.steps.read(config.tournamentId);
      if (record && wanted(record, account)) found.push(record);
    }
    return found;
  }

  private async send(command: BusCommand, record: TournamentRecord, id: string, asked: UntimedTournamentCommand): Promise<void> {
    const tournamentId = record.state.config.tournamentId;
    const target: TournamentTarget = { tournamentId, commandId: `${id}-${tournamentId}`, actor: { kind: 'director', tournamentId } };
    try {
      await this.commandBus.execute(new command(target, asked));
    } catch (error) {
      // Out already (withdrawn, disqualified by hand), no longer reinstatable, or the tournament ended meanwhile.
      if (!isTournamentViolation(error) && !(error instanceof Refusal)) throw error;
    }
  }
}

/** Still registered or playing. */
function isIn(record: TournamentRecord, account: string): boolean {
  const status = record.state.players.get(account)?.status;
  return status === 'registered' || status === 'active';
}

/** Disqualified by a sanction (a disqualification by hand stays the organiser's or a moderator's decision). */
function isOutBySanction(record: TournamentRecord, account: string): boolean {
  const player = record.state.players.get(account);
  return player?.status === 'disqualified' && player.sanctionId !== null;
}
