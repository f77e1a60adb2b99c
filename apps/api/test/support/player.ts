import type { Client } from 'graphql-ws';
import { openSocket, postGraphQL, type GraphQLResponse, Wiretap } from './graphql-client';
import { BID, CLAIM_ADMIN, LIAR, MATCH, REGISTER, SIGN_IN, SPOT_ON } from './queries';
import { TEST_ADMIN_SETUP_TOKEN } from './test-api';

export interface TestView {
  readonly id: string;
  readonly ruleset: string;
  readonly status: string;
  readonly revision: string;
  readonly me: string | null;
  readonly myDice: number[];
  readonly toAct: string | null;
  readonly winner: string | null;
  readonly seed: string | null;
  readonly commitment: string;
  readonly turnDeadline: number | null;
  readonly round: { number: number; bids: { by: string; quantity: number; face: number }[] } | null;
  readonly history: { number: number; hands: { seat: string; dice: number[] }[]; end: { call: string } | null }[];
  readonly seats: { seat: string; kind: string; player: string | null; name: string | null; handedToCpu: boolean; previous: { kind: string; player: string } | null; dice: number; out: boolean }[];
  readonly legalActions: { type: string; quantity: number | null; face: number | null }[];
}

let counter = 0;
/** A fresh client command id. */
export function commandId(prefix = 'cmd'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** A registered account with its token, optionally a socket, and a wiretap of every payload it received. */
export class TestPlayer {
  readonly tap = new Wiretap();
  socket: Client | null = null;

  private constructor(
    readonly url: { graphql: string; ws: string },
    readonly name: string,
    readonly token: string,
  ) {}

  static async register(url: { graphql: string; ws: string }, name: string, password = 'password-123'): Promise<TestPlayer> {
    const response = await postGraphQL<{ register: { token: string } }>(url.graphql, REGISTER, { name, password });
    if (!response.data) throw new Error(`register ${name}: ${JSON.stringify(response.errors)}`);
    return new TestPlayer(url, name, response.data.register.token);
  }

  /** A new account made an admin with the test server's setup token (ADR 0070): the first admin, once per token. */
  static async registerAdmin(url: { graphql: string; ws: string }, name: string, token = TEST_ADMIN_SETUP_TOKEN): Promise<TestPlayer> {
    const player = await TestPlayer.register(url, name);
    const claimed = await postGraphQL<{ claimAdmin: { role: string } }>(url.graphql, CLAIM_ADMIN, { token }, player.token);
    if (claimed.data?.claimAdmin.role !== 'ADMIN') throw new Error(`claimAdmin ${name}: ${JSON.stringify(claimed.errors)}`);
    return player;
  }

  static async signIn(url: { graphql: string; ws: string }, name: string, password = 'password-123'): Promise<TestPlayer> {
    const response = await postGraphQL<{ signIn: { token: string } }>(url.graphql, SIGN_IN, { name, password });
    if (!response.data) throw new Error(`sign in ${name}: ${JSON.stringify(response.errors)}`);
    return new TestPlayer(url, name, response.data.signIn.token);
  }

  async connect(): Promise<Client> {
    this.socket ??= await openSocket(this.url.ws, this.token, this.tap);
    return this.socket;
  }

  /** Over HTTP, or over the websocket when connected with `viaSocket`. */
  async send<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, viaSocket = false): Promise<GraphQLResponse<T>> {
    if (!viaSocket) return postGraphQL<T>(this.url.graphql, query, variables, this.token, this.tap);
    const socket = await this.connect();
    return new Promise((resolve, reject) => {
      let result: GraphQLResponse<T> = {};
      socket.subscribe<T>({ query, variables }, { next: (value) => (result = value as GraphQLResponse<T>), error: reject, complete: () => resolve(result) });
    });
  }

  async view(matchId: string): Promise<TestView> {
    const response = await this.send<{ match: TestView }>(MATCH, { id: matchId });
    if (!response.data) throw new Error(`match ${matchId}: ${JSON.stringify(response.errors)}`);
    return response.data.match;
  }

  /** A simple legal policy: raise by the lowest legal bid a few times, then call liar. */
  async act(view: TestView, viaSocket = false): Promise<GraphQLResponse<Record<string, TestView>>> {
    const bids = view.round?.bids.length ?? 0;
    const liar = view.legalActions.find((a) => a.type === 'liar');
    const spotOn = view.legalActions.find((a) => a.type === 'spot-on');
    const bid = view.legalActions.find((a) => a.type === 'bid');
    const input = { matchId: view.id, commandId: commandId(this.name) };
    if (spotOn && bids === 2 && view.ruleset === 'revolver') return this.send(SPOT_ON, { input }, viaSocket);
    if (liar && (bids >= 2 || !bid)) return this.send(LIAR, { input }, viaSocket);
    if (!bid) throw new Error(`no legal action for ${this.name} in ${JSON.stringify(view.legalActions)}`);
    return this.send(BID, { input: { ...input, quantity: bid.quantity, face: bid.face } }, viaSocket);
  }

  async close(): Promise<void> {
    await this.socket?.dispose();
    this.socket = null;
  }
}
