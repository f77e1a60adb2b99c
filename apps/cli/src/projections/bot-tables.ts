import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@liars-dice/event-store-port';
import { createRng, commandOf, type Rng, STRATEGIES } from '@liars-dice/game-bots';
import { commitmentOf, FAIRNESS_VERSION, houseCommand } from '@liars-dice/game-fairness';
import { type AccountRef, type Actor, decideTable, evolveTableState, initialTableState, type MatchKind, matchStream, metadataFor, type StreamEvent, type TableCommand } from '@liars-dice/game-match';
import { decide, evolve, initialState, legalActions, type MatchCommand, type MatchState, playerView, RULESETS, RuleViolation, type Ruleset } from '@liars-dice/game-rules';

const LEVELS = ['easy', 'medium'] as const;

/** One command's events, and who sent it. */
interface Batch {
  readonly actor: Actor;
  readonly command: string;
  readonly events: readonly { type: string; data: unknown }[];
}

/**
 * One table played by CPU strategies, as the game service plays it: every command is one append to
 * `match-<id>` of the events the engine decided plus the house's rolls and trigger pulls after them. The
 * match is played out when the table is made, so the timed phase spends nothing on bot decisions.
 */
export class BotTable {
  private state: MatchState = initialState;
  private revision = -1n;
  private readonly rng: Rng;
  private readonly host: Actor;
  private pending: MatchCommand | null;
  private readonly batches: Batch[] = [];
  private sent = 0;
  readonly ruleset: Ruleset;

  constructor(
    readonly matchId: string,
    index: number,
    private readonly seed: string,
  ) {
    const size = 2 + (index % 5);
    const ranked = index % 3 === 0;
    const kind = index % 7 === 6 ? 'practice' : index % 11 === 10 ? 'tutorial' : 'regular';
    const accounts = Array.from({ length: size }, (_, s): AccountRef | null => (ranked || s === 0 ? { id: `bot-${(index * 7 + s) % 40}`, name: `bot-${(index * 7 + s) % 40}` } : null));
    this.ruleset = RULESETS[index % 3] ?? 'perudo';
    this.rng = createRng(matchId);
    this.pending = { type: 'CreateMatch', data: { matchId, ruleset: this.ruleset, options: {}, players: accounts.map((_, s) => `s${s + 1}`) } };
    const host = accounts[0];
    this.host = { kind: 'account', id: host?.id ?? 'bot', name: host?.name ?? 'bot' };
    this.batches.push(this.lobby(accounts, { ranked: ranked && kind === 'regular', kind }));
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

  /** The lobby as the game service decides it (libs/game/match): the host opens the table, the guests join. */
  private lobby(accounts: readonly (AccountRef | null)[], { ranked, kind }: { ranked: boolean; kind: MatchKind }): Batch {
    const [host, ...guests] = accounts;
    if (!host) throw new Error('a bot table needs a host');
    const seats = accounts.map((account) => ({ kind: account ? ('human' as const) : ('cpu' as const) }));
    const fairness = { version: FAIRNESS_VERSION, commitment: commitmentOf(this.seed) };
    const plan = { ruleset: this.ruleset, options: {}, seats, ranked, kind };
    const commands: TableCommand[] = [
      { type: 'OpenMatch', data: { matchId: this.matchId, host, plan, fairness, sealedSeed: 'unsealed-bench-seed', at: 0 } },
      ...guests.flatMap((guest): TableCommand[] => (guest ? [{ type: 'JoinMatch', data: { account: guest, seat: null, at: 0 } }] : [])),
    ];
    const events: StreamEvent[] = [];
    let state = initialTableState;
    for (const command of commands) {
      const decided = decideTable(state, command);
      if (!Array.isArray(decided)) throw new Error(`${command.type} refused: ${(decided as Error).message}`);
      events.push(...decided);
      state = decided.reduce(evolveTableState, state);
    }
    return { actor: this.host, command: 'OpenMatch', events };
  }

  /** The next command (a player's action, or the start) with the house moves that follow. */
  private next(): Batch {
    const start = this.pending;
    const command = start ?? this.botCommand();
    this.pending = null;
    const events: { type: string; data: unknown }[] = [];
    this.apply(command, events);
    for (let house = houseCommand(this.state, this.seed); house; house = houseCommand(this.state, this.seed)) this.apply(house, events);
    const actor: Actor = start || !('by' in command.data) ? this.host : { kind: 'cpu', seat: command.data.by };
    return { actor, command: start ? 'StartMatch' : command.type, events };
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

  private async append(store: EventStore, { actor, command, events }: Batch, { at, commandId }: { at: number; commandId: string }): Promise<bigint> {
    const metadata = metadataFor({ commandId, actor, at, command, request: {} }, events.length);
    const records: EventToAppend[] = events.map((e, i) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata[i] }));
    const result = await store.appendToStream(matchStream(this.matchId), records, { expectedRevision: this.revision < 0n ? 'no_stream' : this.revision });
    this.revision = result.nextExpectedRevision;
    return result.position;
  }
}
