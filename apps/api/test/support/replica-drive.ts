import type { GraphQLResponse } from './graphql-client';
import { commandId, TestPlayer, type TestView } from './player';
import { BID, LIAR } from './queries';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One account signed in on each replica: `on[0]` talks to replica A, `on[1]` to replica B. */
export interface Seat {
  readonly name: string;
  readonly on: readonly [TestPlayer, TestPlayer];
}

export async function seatOnBoth(urls: readonly [TestPlayer['url'], TestPlayer['url']], name: string): Promise<Seat> {
  const onA = await TestPlayer.register(urls[0], name);
  return { name, on: [onA, await TestPlayer.signIn(urls[1], name)] };
}

/** What the drive saw go wrong, and every command either replica acknowledged (command id → match id). */
export class DriveLog {
  readonly acknowledged = new Map<string, string>();
  /** Commands valid on the latest view that a replica refused: `code of <match>@<revision> on A|B`. */
  readonly refusedValid: string[] = [];
  /** Retries (same id, same input) through the other replica that did not answer with the first result. */
  readonly retriesDiffering: string[] = [];
  /** Two different bids of one player in one turn sent to both replicas at once: how many were accepted each time. */
  readonly conflictOutcomes: number[] = [];
  /** The commands that lost those races (command id → match id): none may be in the stream. */
  readonly losers = new Map<string, string>();
  retries = 0;
}

type Move = { readonly query: string; readonly input: Record<string, unknown> };

/**
 * The move a plain player makes on its own view, and, when it is a bid, another bid it might have made instead:
 * two bids of one turn can never both be accepted (after either, the next seat is to act), whereas a call and a
 * bid can be in turn when the caller opens the next round (each is decided on the match as the other left it).
 */
function movesFor(view: TestView): [Move, Move | null] {
  const input = { matchId: view.id };
  const bids = view.legalActions.filter((a) => a.type === 'bid');
  const liar = view.legalActions.some((a) => a.type === 'liar');
  const bid = (i: number): Move | null => (bids[i] ? { query: BID, input: { ...input, quantity: bids[i]?.quantity, face: bids[i]?.face } } : null);
  const call: Move | null = liar ? { query: LIAR, input } : null;
  const primary = (view.round?.bids.length ?? 0) >= 2 && call ? call : (bid(0) ?? call);
  if (!primary) throw new Error(`no legal move in ${JSON.stringify(view.legalActions)}`);
  return [primary, primary === call ? null : bid(1)];
}

const REPLICA = ['A', 'B'];
const codeOf = (reply: GraphQLResponse<unknown>): string => String(reply.errors?.[0]?.extensions?.['code'] ?? reply.errors?.[0]?.message);
const revisionOf = (reply: GraphQLResponse<Record<string, TestView>>): string | undefined => Object.values(reply.data ?? {})[0]?.revision;

/**
 * Plays a match to its end through both replicas at once, always against the replica with the staler cache:
 * each command goes to the replica that did not write the previous one (having read the match through the
 * other); now and then it is retried, same id and input, through the replica that did not write it; now and
 * then the player sends two different bids to both replicas at the same moment. CPU seats are left to the
 * replicas. Everything unexpected is written to `log`, never thrown, so one run shows every kind of failure.
 */
export async function driveAcrossReplicas(matchId: string, seats: readonly Seat[], log: DriveLog, lastWriter: 0 | 1 = 0): Promise<TestView> {
  let writer: 0 | 1 = lastWriter;
  for (let step = 0; step < 600; step++) {
    const turn = await turnOf(matchId, seats, writer);
    if (turn && 'finished' in turn) return turn.finished;
    if (turn) writer = await play(turn, step, writer, log);
    else await sleep(25); // a CPU seat's turn: one of the replicas plays it
  }
  throw new Error(`match ${matchId} did not finish`);
}

type Turn = { readonly finished: TestView } | { readonly seat: Seat; readonly view: TestView };

/** The human on turn and their own view (read through the replica that wrote last), or null while a CPU seat is. */
async function turnOf(matchId: string, seats: readonly Seat[], writer: 0 | 1): Promise<Turn | null> {
  const table = await (seats[0] as Seat).on[writer].view(matchId);
  if (table.status === 'finished') return { finished: table };
  const seat = seats.find((s) => s.name === table.seats.find((t) => t.seat === table.toAct)?.player);
  const view = seat ? await seat.on[writer].view(matchId) : null;
  return seat && view && view.toAct === view.me ? { seat, view } : null;
}

/** One move sent to the replica that did not write the last command (retried, or raced, now and then); returns who wrote it. */
async function play({ seat, view }: { seat: Seat; view: TestView }, step: number, writer: 0 | 1, log: DriveLog): Promise<0 | 1> {
  const [move, other] = movesFor(view);
  const next = writer === 0 ? 1 : 0;
  if (step % 2 === 0 && other) return race(seat, view, [move, other], log);
  const input = { ...move.input, commandId: commandId(`r${step}`) };
  const reply = await seat.on[next].send<Record<string, TestView>>(move.query, { input });
  if (reply.errors) {
    log.refusedValid.push(`${codeOf(reply)} of ${view.id}@${view.revision} on ${REPLICA[next]}`);
    return writer;
  }
  log.acknowledged.set(input.commandId, view.id);
  if (step % 2 === 1) {
    log.retries += 1;
    const again = await seat.on[writer].send<Record<string, TestView>>(move.query, { input });
    if (again.errors || revisionOf(again) !== revisionOf(reply)) log.retriesDiffering.push(`${again.errors ? codeOf(again) : `revision ${revisionOf(again)} not ${revisionOf(reply)}`} of ${view.id}@${view.revision} on ${REPLICA[writer]}`);
  }
  return next;
}

/** Two different moves of one player, one to each replica at once; returns the replica that won. */
async function race(seat: Seat, view: TestView, moves: readonly [Move, Move], log: DriveLog): Promise<0 | 1> {
  const inputs = moves.map((m) => ({ ...m.input, commandId: commandId('race') }));
  const replies = await Promise.all(moves.map((m, i) => seat.on[i as 0 | 1].send<Record<string, TestView>>(m.query, { input: inputs[i] })));
  log.conflictOutcomes.push(replies.filter((r) => !r.errors).length);
  for (const [i, reply] of replies.entries()) {
    const id = inputs[i]?.commandId as string;
    if (reply.errors) log.losers.set(id, view.id);
    else log.acknowledged.set(id, view.id);
  }
  return replies[0]?.errors ? 1 : 0;
}
