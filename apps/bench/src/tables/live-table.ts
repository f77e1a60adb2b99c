import { performance } from 'node:perf_hooks';
import type { Rng } from '@liars-dice/game-bots';
import { wallNow } from '../measurements';
import { BID, chooseMove, CREATE, JOIN, LIAR, MATCH, type Move, SPOT_ON, START, type TableView, UPDATED } from './documents';
import { THINK_MS, type TableSetup } from './plan';
import { pause, PAUSE_AFTER_ERROR_MS, type Player, type TableLink } from './table-link';
import type { TablesMeasurements } from './table-measurements';

/** A table that heard nothing for this long while a CPU or a timer was due to act asks for the match. */
export const STALL_MS = 10_000;
/** How long the end of the run waits for the push of a table's last reply. */
export const LAST_PUSH_MS = 2_000;

/**
 * A poll that found a revision the subscription had not pushed yet: the push is late or lost. It is lost only if
 * it has still not arrived when the run ends (the subscription kept open until then), else it was merely late.
 */
interface Suspect {
  readonly matchId: string;
  readonly revision: bigint;
  readonly at: number;
  /** Ends the suspect match's subscription once judged, if the table has moved on to another match meanwhile. */
  release: (() => void) | null;
}

let serial = 0;
const commandId = (kind: string): string => `${kind}-${process.pid}-${++serial}`;

/**
 * One table of the evening: its humans (load clients) play match after match against its CPU seats (the
 * service), each human move after a think time, learning about the others' moves from the host's
 * `matchUpdated` subscription. Every view (push, reply, poll) is applied newest revision first.
 */
export class LiveTable {
  private matchId: string | null = null;
  private view: TableView | null = null;
  /** Our seats, by seat name. */
  private readonly ours = new Map<string, Player>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();
  private lastHeard = performance.now();
  private stopping = false;
  /** The newest revision the subscription pushed, by match. */
  private readonly pushed = new Map<string, bigint>();
  /** At most one per match: the first revision a poll found unpushed. */
  private readonly suspects = new Map<string, Suspect>();

  constructor(
    readonly setup: TableSetup,
    /** The human seats' players in seat order (the host first). */
    private readonly players: readonly Player[],
    private readonly link: TableLink,
    private readonly rng: Rng,
  ) {}

  private get measured(): TablesMeasurements {
    return this.link.measured;
  }

  /** Opens the first match after `delayMs` (the ramp-up spreads the tables' starts). */
  start(delayMs: number): void {
    this.later(delayMs, () => this.open());
  }

  /** Stops acting, waits for the request in flight, ends the subscription. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight;
    // Suspects are judged as of the end (waiting for the last push must not age them into lost ones).
    const end = performance.now();
    await this.lastPush();
    this.judgeSuspects(end);
    this.unsubscribe?.();
  }

  /**
   * Waits (at most LAST_PUSH_MS) for the push of the revision the last reply showed: a reply over HTTP and the
   * push over the websocket travel on two connections, so the push may land just after the reply, and ending
   * the subscription at once would count it as missing.
   */
  private async lastPush(): Promise<void> {
    const until = performance.now() + LAST_PUSH_MS;
    const due = (): boolean => this.view !== null && (this.pushed.get(this.view.id) ?? -1n) < BigInt(this.view.revision);
    while (due() && performance.now() < until) await pause(10);
  }

  /**
   * Asks for the match when nothing was heard for STALL_MS while it was not our turn. A newer revision there
   * than the subscription pushed makes a suspect: `PUSH_MISSING` if its push has still not come when the run
   * ends (a push that comes late is not an error: its delay is measured). A suspect raised in the last STALL_MS
   * of the run is left unjudged.
   */
  checkStalled(now: number): void {
    this.judgeSuspects(now);
    if (this.stopping || !this.view || this.timer || now - this.lastHeard < STALL_MS) return;
    this.lastHeard = now;
    const host = this.players[0] as Player;
    this.track(
      this.link.send<{ match: TableView }>(host, MATCH, { id: this.view.id }).then((data) => {
        if (!data) return;
        const { id, revision } = data.match;
        if (!this.suspects.has(id) && BigInt(revision) > (this.pushed.get(id) ?? -1n)) this.suspects.set(id, { matchId: id, revision: BigInt(revision), at: performance.now(), release: null });
        this.apply(data.match);
      }),
    );
  }

  /** Drops the suspects whose push came; once stopping, counts those still waiting (unless raised too late to tell). */
  private judgeSuspects(now: number): void {
    for (const suspect of this.suspects.values()) {
      const arrived = (this.pushed.get(suspect.matchId) ?? -1n) >= suspect.revision;
      if (!arrived && !this.stopping) continue;
      if (!arrived && now - suspect.at >= STALL_MS) this.measured.error('PUSH_MISSING');
      this.suspects.delete(suspect.matchId);
      suspect.release?.();
      if (suspect.matchId !== this.matchId) this.pushed.delete(suspect.matchId);
    }
  }

  private later(ms: number, job: () => Promise<void>): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopping) this.track(job());
    }, ms);
  }

  private track(job: Promise<unknown>): void {
    this.inFlight = Promise.all([this.inFlight, job.catch(() => undefined)]);
  }

  /** A new match with the table's seats: created and joined by its humans, watched by the host, started. */
  private async open(): Promise<void> {
    const [host, ...guests] = this.players as [Player, ...Player[]];
    this.ours.clear();
    // A suspect push of the match left behind is still awaited on its subscription.
    const left = this.matchId === null ? undefined : this.suspects.get(this.matchId);
    if (left) left.release = this.unsubscribe;
    else this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.matchId && !left) this.pushed.delete(this.matchId);
    const input = { commandId: commandId('create'), ruleset: this.setup.ruleset, seats: this.setup.seats };
    const created = await this.link.mutate(host, CREATE, { input }, false);
    if (!created) return this.later(PAUSE_AFTER_ERROR_MS * 5, () => this.open());
    this.matchId = created.id;
    this.view = created;
    this.ours.set(created.me as string, host);
    for (const guest of guests) {
      const joined = await this.link.mutate(guest, JOIN, { input: { matchId: created.id, commandId: commandId('join') } }, false);
      if (!joined) return this.later(PAUSE_AFTER_ERROR_MS * 5, () => this.open());
      this.ours.set(joined.me as string, guest);
    }
    this.unsubscribe = this.subscribe(host, created.id);
    const started = await this.link.mutate(host, START, { input: { matchId: created.id, commandId: commandId('start') } }, false);
    if (started) this.apply(started);
    else this.later(PAUSE_AFTER_ERROR_MS * 5, () => this.open());
  }

  private subscribe(host: Player, matchId: string): () => void {
    return (host.socket as NonNullable<Player['socket']>).subscribe<{ matchUpdated: TableView }>(
      { query: UPDATED, variables: { id: matchId } },
      {
        next: ({ data }) => {
          if (!data) return;
          const at = performance.now();
          const view = data.matchUpdated;
          if (BigInt(view.revision) > (this.pushed.get(view.id) ?? -1n)) this.pushed.set(view.id, BigInt(view.revision));
          if (this.measured.keepsPush(at)) this.measured.pushes.push({ key: `${view.id}@${view.revision}`, at, wallAt: wallNow(), committedAt: view.committedAt });
          this.apply(view);
        },
        error: () => this.measured.error('SUBSCRIPTION'),
        complete: () => undefined,
      },
    );
  }

  /** The newest view of the current match decides what happens next; older or foreign ones are ignored. */
  private apply(view: TableView): void {
    if (view.id !== this.matchId || (this.view?.id === view.id && BigInt(view.revision) <= BigInt(this.view.revision))) return;
    this.view = view;
    this.lastHeard = performance.now();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (view.status === 'finished') {
      if (this.measured.counts(performance.now())) this.measured.matches += 1;
      // Players take a moment between matches too.
      return this.later(this.think(), () => this.open());
    }
    const player = view.status === 'bidding' && view.toAct ? this.ours.get(view.toAct) : undefined;
    if (player) this.later(this.think(), () => this.move(player, view));
  }

  private think(): number {
    return THINK_MS.min + Math.floor(this.rng.next() * (THINK_MS.max - THINK_MS.min));
  }

  private async move(player: Player, view: TableView): Promise<void> {
    if (this.view !== view) return;
    const move = chooseMove(view, this.rng.next);
    const [query, input] = mutationFor(move, { matchId: view.id, commandId: commandId('move') });
    const started = performance.now();
    const next = await this.link.mutate(player, query, { input }, true);
    if (next) {
      if (this.measured.counts(started)) this.measured.humanMoves += 1;
      return this.apply(next);
    }
    // Refused: go on from the match as the server has it now.
    await pause(PAUSE_AFTER_ERROR_MS);
    const now = await this.link.send<{ match: TableView }>(player, MATCH, { id: view.id });
    if (now) this.apply(now.match);
    if (this.view === view) this.later(this.think(), () => this.move(player, view));
  }
}

function mutationFor(move: Move, input: { matchId: string; commandId: string }): [string, Record<string, unknown>] {
  if (move.type === 'bid') return [BID, { ...input, quantity: move.quantity, face: move.face }];
  return [move.type === 'liar' ? LIAR : SPOT_ON, input];
}
