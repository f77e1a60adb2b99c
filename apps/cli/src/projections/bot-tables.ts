import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@liars-dice/event-store-port';
import { createRng, commandOf, type Rng, STRATEGIES } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { lobbyEvents, type TableSetup } from '@liars-dice/game-projections';
import { decide, evolve, initialState, legalActions, type MatchCommand, type MatchState, playerView, RULESETS, RuleViolation } from '@liars-dice/game-rules';

const LEVELS = ['easy', 'medium'] as const;

type Batch = readonly { type: string; data: unknown }[];

/**
 * One table played by CPU strategies, as the game service plays it: every command is one append to
 * `match-<id>` of the events the engine decided plus the house's rolls and trigger pulls after them. The
 * match is played out when the table is made, so the timed phase spends nothing on bot decisions.
 */
export class BotTable {
  private state: MatchState = initialState;
  private revision = -1n;
  private readonly rng: Rng;
  private pending: MatchCommand | null;
  private readonly batches: Batch[] = [];
  private sent = 0;
  readonly setup: TableSetup;

  constructor(
    readonly matchId: string,
    index: number,
    private readonly seed: string,
  ) {
    const size = 2 + (index % 5);
    const ranked = index % 3 === 0;
    const kind = index % 7 === 6 ? 'practice' : index % 11 === 10 ? 'tutorial' : 'regular';
    const accounts = Array.from({ length: size }, (_, s) => (ranked || s === 0 ? `bot-${(index * 7 + s) % 40}` : null));
    this.setup = { matchId, ruleset: RULESETS[index % 3], accounts, kind, ranked: ranked && kind === 'regular', at: 0 };
    this.rng = createRng(matchId);
    this.pending = { type: 'CreateMatch', data: { matchId, ruleset: this.setup.ruleset ?? 'perudo', options: {}, players: accounts.map((_, s) => `s${s + 1}`) } };
    this.batches.push(lobbyEvents(this.setup).map((e) => ({ type: e.type, data: e.data })));
    while (this.state.status !== 'finished') this.batches.push(this.next());
  }

  get finished(): boolean {
    return this.sent >= this.batches.length;
  }

  get commands(): number {
    return this.batches.length;
  }

  /** Appends the next command's events (the lobby first); resolves to the global position of its last event. */
  async play(store: EventStore, at: number, commandId: string): Promise<bigint | null> {
    const batch = this.batches[this.sent++];
    return batch ? this.append(store, batch, { at, commandId }) : null;
  }

  /** The next command (a player's action, or the start) with the house moves that follow. */
  private next(): Batch {
    const command = this.pending ?? this.botCommand();
    this.pending = null;
    const events: { type: string; data: unknown }[] = [];
    this.apply(command, events);
    for (let house = houseCommand(this.state, this.seed); house; house = houseCommand(this.state, this.seed)) this.apply(house, events);
    return events;
  }

  private botCommand(): MatchCommand {
    if (this.state.status !== 'bidding') throw new Error(`table ${this.matchId} waits in ${this.state.status}`);
    const player = this.state.toAct;
    const view = playerView(this.state, player);
    const level = LEVELS[Number(player.slice(1)) % LEVELS.length] ?? 'easy';
    if (!view) throw new Error('no view');
    return commandOf(STRATEGIES[level](view, legalActions(this.state, player), this.rng), player);
  }

  private apply(command: MatchCommand, out: { type: string; data: unknown }[]): void {
    const decided = decide(this.state, command);
    if (decided instanceof RuleViolation) throw new Error(`${command.type} refused: ${decided.message}`);
    for (const event of decided) out.push(event.type === 'MatchFinished' ? { type: event.type, data: { ...event.data, seed: this.seed } } : event);
    this.state = decided.reduce(evolve, this.state);
  }

  private async append(store: EventStore, events: readonly { type: string; data: unknown }[], { at, commandId }: { at: number; commandId: string }): Promise<bigint> {
    const recordedAt = new Date(at).toISOString();
    const records: EventToAppend[] = events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { commandId, actor: 'cpu', recordedAt } }));
    const result = await store.appendToStream(`match-${this.matchId}`, records, { expectedRevision: this.revision < 0n ? 'no_stream' : this.revision });
    this.revision = result.nextExpectedRevision;
    return result.position;
  }
}
