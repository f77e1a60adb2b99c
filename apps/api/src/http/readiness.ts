import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@liars-dice/event-store-port';
import { CommandGate, EVENT_STORE } from '@liars-dice/server-platform';
import { MATCH_STREAM_PREFIX } from '@liars-dice/game-match';
import { LiveMatches } from '@liars-dice/server-matches';
import { ProjectionsService } from '@liars-dice/server-projections';

export type ReadinessStatus = 'ok' | 'draining' | 'catching-up' | 'lagging' | 'store-unavailable';

export interface Readiness {
  readonly status: ReadinessStatus;
  readonly ready: boolean;
  /** The stated bound: ready only while every follower below is at most this far behind the store. */
  readonly maxLagMs: number;
  /** LiveMatches, the matches in play as this replica holds them (commands, timers, CPU seats, live views). */
  readonly catalog: { readonly caughtUp: boolean; readonly lagMs: number };
  /** The read models; a projection stopped on an event it cannot apply is listed, not waited for. */
  readonly projections: { readonly lagMs: number; readonly failed: readonly string[] };
}

/**
 * Whether this replica should take traffic: not draining for shutdown, its live matches past their initial
 * catch-up, and both they and the read models at most `READY_MAX_LAG_MS` behind the store. Lag is the
 * age of the oldest match event a follower has not applied yet (0 at the head), by the store's commit stamps.
 *
 * A stopped projection (it failed on an event) does not count: every replica stops on the same event, so
 * taking them out would stop play for one read model; /metrics and this body report it instead.
 */
@Injectable()
export class ReadinessProbe {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly gate: CommandGate,
    private readonly matches: LiveMatches,
    private readonly projections: ProjectionsService,
  ) {}

  /** Ready when caught up within `maxLagMs` (READY_MAX_LAG_MS); `now` is the wall clock the store stamps with. */
  async check(maxLagMs: number, now = Date.now()): Promise<Readiness> {
    const { position, caughtUp } = this.matches.progress();
    const states = this.projections.states();
    const failed = states.filter((s) => s.failure).map((s) => s.name);
    const running = states.filter((s) => !s.failure).map((s) => s.position);
    let lags: readonly [number, number] | null;
    try {
      lags = await Promise.all([
        this.lagAfter(position, now),
        // No projection running at all (all failed): nothing to wait for. Otherwise the slowest one counts.
        states.length > 0 && running.length === 0 ? 0 : this.lagAfter(slowest(running), now),
      ]);
    } catch {
      lags = null;
    }
    const [catalogLag, projectionsLag] = lags ?? [Number.NaN, Number.NaN];
    const status: ReadinessStatus = this.gate.isDraining
      ? 'draining'
      : !lags
        ? 'store-unavailable'
        : !caughtUp
          ? 'catching-up'
          : Math.max(catalogLag, projectionsLag) > maxLagMs
            ? 'lagging'
            : 'ok';
    return { status, ready: status === 'ok', maxLagMs, catalog: { caughtUp, lagMs: catalogLag }, projections: { lagMs: projectionsLag, failed } };
  }

  /** How long ago the store committed the first match event after `position` (0 when there is none). */
  private async lagAfter(position: bigint | null, now: number): Promise<number> {
    const events = await this.store.readAll({ fromPosition: position ?? 'start', maxCount: 2, filter: { streamPrefixes: [MATCH_STREAM_PREFIX] } });
    const next = events.find((e) => position === null || e.position > position);
    return next ? Math.max(0, now - next.created.getTime()) : 0;
  }
}

/** The lowest checkpoint (null when one has applied nothing yet, or there is none: start of the log). */
function slowest(positions: readonly (bigint | null)[]): bigint | null {
  let low: bigint | null = null;
  for (const [index, position] of positions.entries()) {
    if (position === null) return null;
    if (index === 0 || (low !== null && position < low)) low = position;
  }
  return low;
}
