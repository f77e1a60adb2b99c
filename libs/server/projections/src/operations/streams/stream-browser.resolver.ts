import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import type { EventStore } from '@liars-dice/event-store-port';
import { checkFirst, EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { requireAdmin } from '../admin';
import { publicViewsAfter } from './match-public-views';
import { recentStreams } from './recent-streams';
import { RecentStreamsArgs, StreamEventsArgs, StreamEventView, StreamPageView, StreamSummaryView } from './stream-browser.types';
import { browsableKind } from './stream-kinds';
import { shownStream } from './stream-redaction';

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

/**
 * The operators' stream browser: a stream read through the port, event by event, as the server lets an admin
 * see it (stream-redaction.ts). Admins only; everyone else is FORBIDDEN.
 */
@Resolver()
export class StreamBrowserResolver {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'lobbyIdleSeconds' | 'lobbyIdleMaxSeconds'>,
  ) {}

  @Query(() => StreamPageView, { description: "Admins: a stream's events from a revision, with a match's public view after each; hidden dice and sealed seeds withheld." })
  async streamEvents(@Viewer() viewer: Principal | null, @Args() { stream, from, first }: StreamEventsArgs): Promise<StreamPageView> {
    requireAdmin(viewer);
    checkFirst(first);
    if (!Number.isSafeInteger(from) || from < 0) throw new Refusal('BAD_USER_INPUT', 'from: a revision, 0 or more', 'from');
    const kind = browsableKind(stream);
    const events = await this.store.readStreamIfExists(stream);
    if (!events) throw new Refusal('NOT_FOUND', `stream: no stream ${stream}`, 'stream');
    const start = BigInt(from);
    const offset = events.findIndex((e) => e.revision >= start);
    const window = offset < 0 ? [] : events.slice(offset, offset + first);
    const shown = shownStream(kind, events).slice(offset, offset + first);
    const views = kind === 'match' ? publicViewsAfter(events, start, window.at(-1)?.revision ?? start, this.settings) : null;
    const page = window.map((event, i): StreamEventView => {
      const seen = shown[i] ?? { data: null, metadata: null, withheld: [] };
      return {
        revision: Number(event.revision),
        position: event.position.toString(),
        id: event.id,
        type: event.type,
        committedAt: event.created.toISOString(),
        metadata: json(seen.metadata),
        data: json(seen.data),
        withheld: [...seen.withheld],
        view: views ? json(views.get(event.revision) ?? null) : null,
      };
    });
    return { stream, kind, total: events.length, from, events: page };
  }

  @Query(() => [StreamSummaryView], { description: 'Admins: the streams written most recently, newest first (to start browsing from).' })
  async recentStreams(@Viewer() viewer: Principal | null, @Args() { kind, first }: RecentStreamsArgs): Promise<StreamSummaryView[]> {
    requireAdmin(viewer);
    checkFirst(first);
    const latest = await recentStreams(this.store, kind ?? null, first);
    return latest.map(({ event, kind: streamKind }) => ({
      stream: event.streamName,
      kind: streamKind,
      lastRevision: Number(event.revision),
      lastType: event.type,
      lastCommittedAt: event.created.toISOString(),
    }));
  }
}
