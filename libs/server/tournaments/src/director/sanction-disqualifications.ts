import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock, Dispatcher, EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import type { SanctionEvent } from '@liars-dice/game-moderation';
import { isTournamentViolation, type TournamentRecord, type UntimedTournamentCommand } from '@liars-dice/game-tournament';
import { DisqualifyFromTournamentCommand } from '../commands/tournament.commands';
import { TournamentCatalog } from '../tournament-catalog';
import { followFromStart } from './store-follower';
import { SERVER } from './tournament-steps';
import { disqualifyingSanction, type DisqualifyingSanction } from './sanctions';


/**
 * Carries moderation's sanctions over to tournaments: a sanction that bars an account from ranked competition
 * (a ranked ban, a collusion mark) disqualifies the player from every ranked tournament they are still in
 * (registered or playing; docs/tournaments.md). It follows the store from the first sanction at every start,
 * so a sanction written while no server ran is not missed; a sanction no longer in force when it is heard
 * (lifted, or a ban already over) disqualifies nobody; each disqualification's command id names the sanction
 * and the tournament, so hearing it again does nothing.
 */
@Injectable()
export class SanctionDisqualifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: TournamentCatalog,
    private readonly dispatcher: Dispatcher,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = followFromStart(this.store, ['SanctionImposed' satisfies SanctionEvent['type']], () => this.catalog.ready(), (event) => this.heard(event));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private async heard(event: RecordedEvent): Promise<void> {
    const sanctionId = (event.data as { sanctionId?: unknown } | null)?.sanctionId;
    if (typeof sanctionId !== 'string') return;
    // Read the account's stream as it is now: a sanction lifted since (or a ban over) bars nobody any more.
    const history = await this.store.readStream(event.streamName);
    const sanction = disqualifyingSanction(history, sanctionId, this.clock.now());
    if (!sanction) return;
    for (const record of [...this.catalog.all()]) if (bars(record, sanction)) await this.disqualify(record, sanction);
  }

  private async disqualify(record: TournamentRecord, sanction: DisqualifyingSanction): Promise<void> {
    const tournamentId = record.state.config.tournamentId;
    const target = { tournamentId, commandId: `sanction-${sanction.sanctionId}-${tournamentId}`, actor: { kind: 'director' as const, tournamentId } };
    const reason = `sanction (${sanction.kind}): ${sanction.reason}`;
    const asked: UntimedTournamentCommand = { type: 'DisqualifyPlayer', data: { player: sanction.account, by: SERVER, reason, sanctionId: sanction.sanctionId } };
    try {
      await this.dispatcher.execute(new DisqualifyFromTournamentCommand(target, asked));
    } catch (error) {
      // Out already (withdrawn, disqualified by hand) or the tournament ended meanwhile: nothing to do.
      if (!isTournamentViolation(error) && !(error instanceof Refusal)) throw error;
    }
  }
}

/** A ranked tournament not yet over, in which the sanctioned account is still registered or playing. */
function bars(record: TournamentRecord, sanction: DisqualifyingSanction): boolean {
  const { state } = record;
  if (!state.config.ranked || (state.status !== 'registration' && state.status !== 'running')) return false;
  const player = state.players.get(sanction.account);
  return player !== undefined && (player.status === 'registered' || player.status === 'active');
}
