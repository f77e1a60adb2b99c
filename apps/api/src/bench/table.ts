import { performance } from 'node:perf_hooks';
import type { Client } from 'graphql-ws';
import type { HttpConnection } from './http-connection';

const VIEW = 'id revision status toAct seats { seat player dice } round { bids { quantity face } }';
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { ${VIEW} } }`;
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { ${VIEW} } }`;
const START = `mutation($input: MatchCommandInput!) { startMatch(input: $input) { ${VIEW} } }`;
const BID = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { ${VIEW} } }`;
const LIAR = `mutation($input: MatchCommandInput!) { callLiar(input: $input) { ${VIEW} } }`;
const UPDATED = 'subscription($id: ID!) { matchUpdated(id: $id) { id revision } }';

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

/** What the load run measures, shared by every table. */
export class Measurements {
  readonly latencies: number[] = [];
  readonly acks = new Map<string, number>();
  readonly pushes: { key: string; at: number }[] = [];
  mutations = 0;
  errors = 0;
  matches = 0;
}

let serial = 0;

/**
 * One table of the load: its accounts play CPU-style moves through GraphQL mutations, match after match,
 * while its subscribers (websocket spectators) receive every update.
 */
export class Table {
  private readonly unsubscribes: (() => void)[] = [];

  constructor(
    private readonly connection: HttpConnection,
    private readonly players: readonly Account[],
    private readonly subscribers: readonly Client[],
    private readonly measured: Measurements,
  ) {}

  async run(until: number, ruleset: string): Promise<void> {
    while (performance.now() < until) {
      let view = await this.open(ruleset);
      while (view.status !== 'finished' && performance.now() < until) view = await this.move(view);
      if (view.status === 'finished') this.measured.matches += 1;
    }
    for (const stop of this.unsubscribes.splice(0)) stop();
  }

  private async open(ruleset: string): Promise<View> {
    const [host, ...guests] = this.players as [Account, ...Account[]];
    const seats = this.players.map(() => ({ kind: 'HUMAN' }));
    let view = await this.send<{ createMatch: View }>(host, CREATE, { input: { commandId: `c${++serial}`, ruleset, seats } }).then((d) => d.createMatch);
    for (const guest of guests) await this.send(guest, JOIN, { input: { matchId: view.id, commandId: `j${++serial}` } });
    for (const stop of this.unsubscribes.splice(0)) stop();
    for (const client of this.subscribers) this.unsubscribes.push(this.subscribe(client, view.id));
    view = await this.send<{ startMatch: View }>(host, START, { input: { matchId: view.id, commandId: `s${++serial}` } }).then((d) => d.startMatch);
    return view;
  }

  private subscribe(client: Client, matchId: string): () => void {
    return client.subscribe<{ matchUpdated: { id: string; revision: string } }>(
      { query: UPDATED, variables: { id: matchId } },
      {
        next: ({ data }) => data && this.measured.pushes.push({ key: `${data.matchUpdated.id}@${data.matchUpdated.revision}`, at: performance.now() }),
        error: () => undefined,
        complete: () => undefined,
      },
    );
  }

  /** A CPU-style move for whoever must act: open low, raise the quantity, call liar past a third of the dice. */
  private async move(view: View): Promise<View> {
    const seat = view.seats.find((s) => s.seat === view.toAct);
    const actor = this.players.find((p) => p.name === seat?.player);
    if (!actor) throw new Error(`no account for seat ${view.toAct ?? 'none'} in ${view.id}`);
    const last = view.round?.bids.at(-1);
    const total = view.seats.reduce((sum, s) => sum + s.dice, 0);
    const input = { matchId: view.id, commandId: `m${++serial}` };
    if (last && last.quantity * 3 >= total) return this.mutate<{ callLiar: View }>(actor, LIAR, { input }).then((d) => d.callLiar);
    const bid = last ? { quantity: last.quantity + 1, face: last.face } : { quantity: 1, face: 2 + (serial % 5) };
    return this.mutate<{ placeBid: View }>(actor, BID, { input: { ...input, ...bid } }).then((d) => d.placeBid);
  }

  private async mutate<T>(account: Account, query: string, variables: Record<string, unknown>): Promise<T> {
    const started = performance.now();
    const data = await this.send<T>(account, query, variables);
    const ended = performance.now();
    this.measured.latencies.push(ended - started);
    this.measured.mutations += 1;
    const view = Object.values(data as Record<string, View>)[0] as View;
    this.measured.acks.set(`${view.id}@${view.revision}`, ended);
    return data;
  }

  private async send<T>(account: Account, query: string, variables: Record<string, unknown>): Promise<T> {
    const reply = await this.connection.post<T>(query, variables, account.token);
    if (!reply.data) {
      this.measured.errors += 1;
      throw new Error(`${account.name}: ${JSON.stringify(reply.errors)}`);
    }
    return reply.data;
  }
}
