import { performance } from 'node:perf_hooks';
import type { Client } from 'graphql-ws';
import type { HttpConnection } from './http-connection';
import { dataOrCounted } from './load-client';
import { type Measurements, wallNow } from './measurements';

const VIEW = 'id revision status toAct seats { seat player dice } round { bids { quantity face } }';
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { ${VIEW} } }`;
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { ${VIEW} } }`;
const START = `mutation($input: MatchCommandInput!) { startMatch(input: $input) { ${VIEW} } }`;
const BID = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { ${VIEW} } }`;
const LIAR = `mutation($input: MatchCommandInput!) { callLiar(input: $input) { ${VIEW} } }`;
const MATCH = `query($id: ID!) { match(id: $id) { ${VIEW} } }`;
const UPDATED = 'subscription($id: ID!) { matchUpdated(id: $id) { id revision committedAt } }';
/** After a refusal, a pause before the next try: a table that keeps failing must not spin. */
const PAUSE_AFTER_ERROR_MS = 20;
/** How often a table looks again while a CPU seat is to act (the bench's API gives CPU seats no think time). */
const CPU_POLL_MS = 2;

interface View {
  readonly id: string;
  readonly revision: string;
  readonly status: string;
  readonly toAct: string | null;
  readonly seats: readonly { seat: string; player: string | null; dice: number }[];
  readonly round: { bids: readonly { quantity: number; face: number }[] } | null;
}

export interface Account {
  readonly name: string;
  readonly token: string;
}

let serial = 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One table of the load: its accounts play CPU-style moves through GraphQL mutations, match after match,
 * while its subscribers (websocket spectators) receive every update. A refused request is counted by its
 * error code and the table goes on from the match as the server has it.
 */
export class Table {
  private readonly unsubscribes: (() => void)[] = [];
  private readonly subscribers: readonly Client[];
  private readonly cpuSeats: number;

  constructor(
    private readonly connection: () => Promise<HttpConnection>,
    private readonly players: readonly Account[],
    private readonly measured: Measurements,
    options: {
      /** The table's websocket spectators: they subscribe to each of its matches. */
      readonly subscribers?: readonly Client[];
      /** CPU seats (medium) after the players' seats: the server plays them (bench:api --cpu-seats). */
      readonly cpuSeats?: number;
    } = {},
  ) {
    this.subscribers = options.subscribers ?? [];
    this.cpuSeats = options.cpuSeats ?? 0;
  }

  async run(until: number, ruleset: string): Promise<void> {
    while (performance.now() < until) {
      let view = await this.open(ruleset);
      if (!view) await pause(PAUSE_AFTER_ERROR_MS);
      while (view && view.status !== 'finished' && performance.now() < until) view = await this.move(view);
      if (view?.status === 'finished') this.measured.matches += 1;
    }
    for (const stop of this.unsubscribes.splice(0)) stop();
  }

  /** One match played to its end (bench:match-query's finished matches): its id, or null if it was refused on the way. */
  async playOne(ruleset: string, maxMoves = 5000): Promise<string | null> {
    let view = await this.open(ruleset);
    for (let moves = 0; view && view.status !== 'finished' && moves < maxMoves; moves++) view = await this.move(view);
    return view?.status === 'finished' ? view.id : null;
  }

  /** A new match with every seat taken, watched by the table's subscribers and started; null if refused. */
  private async open(ruleset: string): Promise<View | null> {
    const [host, ...guests] = this.players as [Account, ...Account[]];
    const seats = [...this.players.map(() => ({ kind: 'HUMAN' })), ...Array.from({ length: this.cpuSeats }, () => ({ kind: 'CPU', difficulty: 'MEDIUM' }))];
    const created = await this.send<{ createMatch: View }>(host, CREATE, { input: { commandId: `c${++serial}`, ruleset, seats } });
    if (!created) return null;
    const id = created.createMatch.id;
    for (const guest of guests) if (!(await this.send(guest, JOIN, { input: { matchId: id, commandId: `j${++serial}` } }))) return null;
    for (const stop of this.unsubscribes.splice(0)) stop();
    for (const client of this.subscribers) this.unsubscribes.push(this.subscribe(client, id));
    const started = await this.send<{ startMatch: View }>(host, START, { input: { matchId: id, commandId: `s${++serial}` } });
    return started?.startMatch ?? null;
  }

  private subscribe(client: Client, matchId: string): () => void {
    return client.subscribe<{ matchUpdated: { id: string; revision: string; committedAt: number | null } }>(
      { query: UPDATED, variables: { id: matchId } },
      {
        next: ({ data }) => {
          if (!data) return;
          const at = performance.now();
          const { id, revision, committedAt } = data.matchUpdated;
          this.measured.pushes.push({ key: `${id}@${revision}`, at, wallAt: wallNow(), committedAt });
        },
        error: () => this.measured.error('SUBSCRIPTION'),
        complete: () => undefined,
      },
    );
  }

  /** A CPU-style move for whoever must act: open low, raise the quantity, call liar past a third of the dice. */
  private async move(view: View): Promise<View | null> {
    const seat = view.seats.find((s) => s.seat === view.toAct);
    const actor = this.players.find((p) => p.name === seat?.player);
    if (!actor) return this.afterCpu(view);
    const last = view.round?.bids.at(-1);
    const total = view.seats.reduce((sum, s) => sum + s.dice, 0);
    const input = { matchId: view.id, commandId: `m${++serial}` };
    const next =
      last && last.quantity * 3 >= total
        ? (await this.mutate<{ callLiar: View }>(actor, LIAR, { input }))?.callLiar
        : (await this.mutate<{ placeBid: View }>(actor, BID, { input: { ...input, ...(last ? { quantity: last.quantity + 1, face: last.face } : { quantity: 1, face: 2 + (serial % 5) }) } }))?.placeBid;
    if (next) return next;
    // Refused: go on from the match as the server has it now.
    await pause(PAUSE_AFTER_ERROR_MS);
    return (await this.send<{ match: View }>(actor, MATCH, { id: view.id }))?.match ?? null;
  }

  /** A CPU seat is to act: the server plays it; the match as it is a moment later. */
  private async afterCpu(view: View): Promise<View | null> {
    await pause(CPU_POLL_MS);
    return (await this.send<{ match: View }>(this.players[0] as Account, MATCH, { id: view.id }))?.match ?? null;
  }

  /** One timed mutation; refused ones are counted by code and left out of every latency figure. */
  private async mutate<T>(account: Account, query: string, variables: Record<string, unknown>): Promise<T | null> {
    const started = performance.now();
    const data = await this.send<T>(account, query, variables);
    if (!data) return null;
    const view = Object.values(data as Record<string, View>)[0] as View;
    this.measured.sent.set(`${view.id}@${view.revision}`, { started, replied: performance.now(), audience: this.subscribers.length });
    this.measured.mutations += 1;
    return data;
  }

  private send<T>(account: Account, query: string, variables: Record<string, unknown>): Promise<T | null> {
    return dataOrCounted(async () => (await this.connection()).post<T>(query, variables, account.token), this.measured, PAUSE_AFTER_ERROR_MS);
  }
}
