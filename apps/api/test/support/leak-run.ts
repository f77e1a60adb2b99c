import jwt from 'jsonwebtoken';
import type { Client } from 'graphql-ws';
import { openSocket, postGraphQL, type Wiretap } from './graphql-client';
import type { Received } from './leak-check';
import { commandId, TestPlayer, type TestView } from './player';
import { BID, CREATE, JOIN, LIAR, SPOT_ON, START } from './queries';
import { fetchSchema, walk } from './schema-walk';

/** A caller of the leak run: a seated player, a signed-in spectator, or nobody (no token). */
interface Caller {
  readonly name: string;
  readonly seat: string | null;
  readonly token?: string;
  readonly player?: TestPlayer;
}

/**
 * Records everything every caller receives, tagged with a round that was hidden for the whole time the
 * payload could have been made: the round in play after the latest command sent before it arrived. What
 * arrives while a command is in flight may already show that command's effect, so it is tagged with the
 * round in play after the command (a round's hands only ever go from hidden to revealed, and a new round's
 * hands cannot appear before they are rolled).
 */
export class Recorder {
  readonly received: (Received & { hiddenRound: number | null })[] = [];
  private hidden: number | null = null;

  tap(caller: Caller): Wiretap {
    return { payloads: [], record: (text: string) => this.received.push({ caller: caller.name, seat: caller.seat, hiddenRound: this.hidden, text }) } as unknown as Wiretap;
  }

  /** Sends a command that moves the match and tags what arrived meanwhile with the round in play after it. */
  async command(send: () => Promise<TestView | null>): Promise<TestView | null> {
    const from = this.received.length;
    const view = await send();
    this.hidden = view?.round?.number ?? null;
    for (const received of this.received.slice(from)) received.hiddenRound = this.hidden;
    return view;
  }
}

export interface LeakMatch {
  readonly ruleset: 'CLASSIC' | 'PERUDO' | 'REVOLVER';
  readonly ranked: boolean;
  readonly players: number;
  readonly options?: Record<string, unknown>;
}

/** The move a seat makes: a couple of bids, then a challenge (spot-on now and then where the family has it). */
function move(view: TestView): { query: string; input: Record<string, unknown> } {
  const bids = view.round?.bids.length ?? 0;
  const legal = (type: string) => view.legalActions.find((a) => a.type === type);
  const input = { matchId: view.id, commandId: commandId('leak') };
  const bid = legal('bid');
  if (legal('spot-on') && (bids === 3 || (!bid && !legal('liar')))) return { query: SPOT_ON, input };
  if (legal('liar') && (bids >= 2 || !bid)) return { query: LIAR, input };
  if (!bid) throw new Error(`no legal move for ${view.me} in ${JSON.stringify(view)}`);
  return { query: BID, input: { ...input, quantity: bid.quantity, face: bid.face } };
}

/** Moves the server must refuse (out of turn, an impossible bid): their errors are payloads too. */
async function illegalMoves(acting: TestPlayer, waiting: TestPlayer, matchId: string, viaSocket: boolean): Promise<void> {
  const input = (extra: Record<string, unknown> = {}) => ({ matchId, commandId: commandId('illegal'), ...extra });
  await waiting.send(BID, { input: input({ quantity: 1, face: 2 }) }, viaSocket);
  await waiting.send(LIAR, { input: input() }, !viaSocket);
  await acting.send(BID, { input: input({ quantity: 0, face: 7 }) }, viaSocket);
}

async function seated(url: { graphql: string; ws: string }, spec: LeakMatch, tag: string) {
  const players = await Promise.all(Array.from({ length: spec.players }, (_, i) => TestPlayer.register(url, `${tag}-p${i + 1}`)));
  const host = players[0] as TestPlayer;
  const seats = players.map(() => ({ kind: 'HUMAN' }));
  const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: spec.ruleset, ranked: spec.ranked, options: spec.options, seats } });
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.errors)}`);
  const matchId = created.data.createMatch.id;
  for (const p of players.slice(1)) await p.send(JOIN, { input: { matchId, commandId: commandId() } });
  return { players, matchId };
}

const FILE_DISPUTE = 'mutation($input: FileDisputeInput!) { fileDispute(input: $input) { disputeId } }';
const CLAIM_DISPUTE = 'mutation($input: ClaimDisputeInput!) { claimDispute(input: $input) { id } }';
const NOTE_DISPUTE = 'mutation($input: DisputeNoteInput!) { addDisputeNote(input: $input) { id } }';
const RELEASE_DISPUTE = 'mutation($input: DisputeCommandInput!) { releaseDispute(input: $input) { id } }';
/** The moderators' private notes: no one else may learn what they say, nor that they exist. */
export const NOTE_TEXTS = ['live: nothing to see before the end', 'second look: the parties must not learn of this note'];
const FULL_REPLAY = 'query($id: ID!) { matchReplay(id: $id, full: true, count: 1000) { full steps { state } } }';

/** A dispute filed on the match while it is live, claimed and noted by the moderator: every moderation field then has something to show. */
async function disputed(players: readonly TestPlayer[], moderator: TestPlayer, matchId: string): Promise<string> {
  const filer = players[0] as TestPlayer;
  const filed = await filer.send<{ fileDispute: { disputeId: string } }>(FILE_DISPUTE, { input: { matchId, commandId: commandId(), category: 'OTHER', text: 'watch this one', steps: [] } });
  const disputeId = filed.data?.fileDispute.disputeId;
  if (!disputeId) throw new Error(`file: ${JSON.stringify(filed.errors)}`);
  await moderator.send(CLAIM_DISPUTE, { input: { disputeId, commandId: commandId() } });
  await moderator.send(NOTE_DISPUTE, { input: { disputeId, commandId: commandId(), text: NOTE_TEXTS[0] } });
  return disputeId;
}

/** While everyone is subscribed: another note, then a release and a claim (which the filer may hear of). */
async function reviewedAgain(moderator: TestPlayer, disputeId: string): Promise<void> {
  await moderator.send(NOTE_DISPUTE, { input: { disputeId, commandId: commandId(), text: NOTE_TEXTS[1] } });
  await moderator.send(RELEASE_DISPUTE, { input: { disputeId, commandId: commandId() } });
  await moderator.send(CLAIM_DISPUTE, { input: { disputeId, commandId: commandId() } });
}

/**
 * Plays one match of all-human seats (the test drives every move, so it knows which round is hidden when),
 * and at every step asks every query field that takes a match or player (found by introspection, every
 * field to depth 4) as each seat, a spectator and anonymously, subscribes to every such subscription, tries
 * illegal moves and reads /metrics. Returns everything received, the final view, and the fields covered.
 */
export async function playLeakMatch(api: { graphqlUrl: string; wsUrl: string; url: string }, spec: LeakMatch, tag: string, moderator: TestPlayer) {
  const url = { graphql: api.graphqlUrl, ws: api.wsUrl };
  const recorder = new Recorder();
  const { players, matchId } = await seated(url, spec, tag);
  const spectator = await TestPlayer.register(url, `${tag}-watch`);
  const accountIds = [...players, spectator].map((p) => (jwt.decode(p.token) as { sub: string }).sub);
  const callers: Caller[] = [
    ...players.map((player, i) => ({ name: player.name, seat: `s${i + 1}`, token: player.token, player })),
    { name: spectator.name, seat: null, token: spectator.token, player: spectator },
    { name: moderator.name, seat: null, token: moderator.token },
    { name: 'anonymous', seat: null },
  ];
  for (const p of players) Object.assign(p, { tap: recorder.tap(callers.find((c) => c.player === p) as Caller) });
  const modCaller = callers.find((c) => c.name === moderator.name) as Caller;
  Object.assign(moderator, { tap: recorder.tap(modCaller) });
  const host = players[0] as TestPlayer;
  let view = await recorder.command(async () => (await host.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId() } })).data?.startMatch ?? null);
  const disputeId = await disputed(players, moderator, matchId);
  const plan = walk(await fetchSchema(url.graphql), { matchId, accountIds, family: spec.ruleset.toLowerCase(), ids: { Dispute: disputeId } });
  const sockets: Client[] = [];
  for (const caller of callers) {
    const socket = await openSocket(url.ws, caller.token, recorder.tap(caller));
    sockets.push(socket);
    for (const query of plan.subscriptions) socket.subscribe({ query }, { next: () => undefined, error: () => undefined, complete: () => undefined });
  }
  const look = async () => {
    await Promise.all(callers.map((caller) => postGraphQL(url.graphql, plan.query, {}, caller.token, recorder.tap(caller))));
    // A moderator asks for the full reveal too: refused while a round is live, every hand once the match is over.
    await postGraphQL(url.graphql, FULL_REPLAY, { id: matchId }, moderator.token, recorder.tap(modCaller));
    recorder.tap({ name: 'metrics', seat: null }).record(await (await fetch(`${api.url}/metrics`)).text());
  };
  for (let step = 0; view && view.status !== 'finished' && step < 600; step++) {
    await look();
    if (step === 1) await reviewedAgain(moderator, disputeId);
    const table = await host.view(matchId);
    const acting = players[Number((table.toAct ?? 's1').slice(1)) - 1] as TestPlayer;
    const waiting = players.find((p) => p !== acting) as TestPlayer;
    const viaSocket = step % 2 === 1;
    await illegalMoves(acting, waiting, matchId, viaSocket);
    const own = await acting.view(matchId);
    const { query, input } = move(own);
    view = await recorder.command(async () => {
      const result = await acting.send<Record<string, TestView>>(query, { input }, viaSocket);
      if (!result.data) throw new Error(`${acting.name}: ${JSON.stringify(result.errors)}`);
      return Object.values(result.data)[0] ?? null;
    });
  }
  await look();
  const finished = await host.view(matchId);
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await Promise.all([...players, spectator].map((p) => p.close()));
  return { received: recorder.received, finished, covered: plan.covered, matchId, filer: (players[0] as TestPlayer).name, moderator: moderator.name };
}
