import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { type Measurements, wallNow } from '../measurements';
import { liarsDiceGame, type LiarsDiceView } from './liars-dice-game';

interface ClientState {
  readonly G: LiarsDiceView;
  readonly ctx: { readonly currentPlayer: string; readonly gameover?: unknown };
  readonly _stateID: number;
}

interface BoardgameClient {
  start(): void;
  stop(): void;
  subscribe(listener: (state: ClientState | null) => void): () => void;
  readonly moves: { bid(quantity: number, face: number): void; liar(): void };
}

/** boardgame.io's own client and socket.io transport, loaded from where the benchmark installed them. */
export interface BoardgameClients {
  readonly Client: (options: object) => BoardgameClient;
  readonly SocketIO: (options: { server: string }) => unknown;
}

export function loadClients(installDir: string): BoardgameClients {
  const load = createRequire(`${installDir}/package.json`);
  const { Client } = load('boardgame.io/client') as Pick<BoardgameClients, 'Client'>;
  const { SocketIO } = load('boardgame.io/multiplayer') as Pick<BoardgameClients, 'SocketIO'>;
  return { Client, SocketIO };
}

const PLAYERS = ['0', '1', '2'];
/** A move the server never answers (refused, or lost) ends its match as a stall after this long. */
const STALL_MS = 10_000;
let serial = 0;

/**
 * One table of the peer baseline: three players and its spectators, each a boardgame.io client on its own socket,
 * match after match through boardgame.io's lobby API. The players make bench:api's moves (table.ts): open low,
 * raise the quantity, call liar past a third of the dice; each moves when its client shows its turn.
 */
export class PeerTable {
  constructor(
    private readonly lib: BoardgameClients,
    private readonly base: string,
    private readonly spectators: number,
    private readonly measured: Measurements,
  ) {}

  async run(until: number): Promise<void> {
    while (performance.now() < until) {
      const finished = await this.playMatch(until).catch(() => (this.measured.error('TRANSPORT'), false));
      if (finished) this.measured.matches += 1;
    }
  }

  private async playMatch(until: number): Promise<boolean> {
    const matchID = (await this.lobby<{ matchID: string }>('create', { numPlayers: PLAYERS.length })).matchID;
    const credentials = await Promise.all(PLAYERS.map(async (playerID) => (await this.lobby<{ playerCredentials: string }>(`${matchID}/join`, { playerID, playerName: `bench-${playerID}` })).playerCredentials));
    const client = (extra: object) => this.lib.Client({ game: liarsDiceGame, multiplayer: this.lib.SocketIO({ server: this.base }), matchID, debug: false, ...extra });
    const players = PLAYERS.map((playerID, i) => client({ playerID, credentials: credentials[i] }));
    const watchers = Array.from({ length: this.spectators }, () => client({}));
    const all = [...players, ...watchers];
    try {
      return await new Promise<boolean>((resolve) => {
        let stall: NodeJS.Timeout | undefined;
        const end = (finished: boolean) => (clearTimeout(stall), resolve(finished));
        const watch = () => {
          clearTimeout(stall);
          stall = setTimeout(() => (this.measured.error('STALLED'), end(false)), STALL_MS);
        };
        watchers.forEach((watcher) => watcher.subscribe(this.firstSights((state) => this.pushed(matchID, state))));
        let acted = -1;
        let confirmedUpTo = 0;
        players.forEach((player, seat) =>
          player.subscribe(
            this.firstSights((state) => {
              // A client tells the same state several times: each player's first sight of a state counts once.
              if (state._stateID > confirmedUpTo) this.confirmed(matchID, (confirmedUpTo = state._stateID));
              if (state.ctx.gameover !== undefined) return end(true);
              if (state.ctx.currentPlayer !== PLAYERS[seat] || state._stateID <= acted) return;
              if (performance.now() >= until) return end(false);
              acted = state._stateID;
              watch();
              this.move(player, matchID, state);
            }),
          ),
        );
        watch();
        for (const c of all) c.start();
      });
    } finally {
      for (const c of all) c.stop();
    }
  }

  /** A subscriber that hears each state once (boardgame.io's client tells a state to its subscribers several times). */
  private firstSights(listener: (state: ClientState) => void): (state: ClientState | null) => void {
    let last = -1;
    return (state) => {
      if (!state || state._stateID <= last) return;
      last = state._stateID;
      listener(state);
    };
  }

  /** The move bench:api's tables make, for the client whose turn it is. */
  private move(player: BoardgameClient, matchID: string, { G, _stateID }: ClientState): void {
    const last = G.bids.at(-1);
    const total = Object.values(G.counts).reduce((sum, n) => sum + n, 0);
    this.measured.sent.set(`${matchID}@${_stateID + 1}`, { started: performance.now(), replied: Number.NaN, audience: this.spectators });
    if (last && last.quantity * 3 >= total) player.moves.liar();
    else if (last) player.moves.bid(last.quantity + 1, last.face);
    else player.moves.bid(1, 2 + (++serial % 5));
  }

  /** The next player's client holds the state a move made: the move is done (its "reply"). */
  private confirmed(matchID: string, stateID: number): void {
    const key = `${matchID}@${stateID}`;
    const sent = this.measured.sent.get(key);
    if (!sent || !Number.isNaN(sent.replied)) return;
    this.measured.sent.set(key, { ...sent, replied: performance.now() });
    this.measured.mutations += 1;
  }

  private pushed(matchID: string, state: ClientState): void {
    this.measured.pushes.push({ key: `${matchID}@${state._stateID}`, at: performance.now(), wallAt: wallNow(), committedAt: null });
  }

  private async lobby<T>(route: string, body: object): Promise<T> {
    const reply = await fetch(`${this.base}/games/${liarsDiceGame.name}/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!reply.ok) throw new Error(`boardgame.io lobby ${route}: HTTP ${reply.status}`);
    return (await reply.json()) as T;
  }
}
