import type { RecordedEvent } from '@liars-dice/event-store-port';
import { foldRecorded, type LobbyIdleSettings, type MatchRecord } from '@liars-dice/game-match';
import { stampCommit, viewMatch } from '@liars-dice/server-matches';

/**
 * The public view of a match after each event of revisions [from, to] — what `match(id)` gave a spectator then
 * (server-matches' `viewMatch`, playerView for no seat) — folded from the stream's first event. Null before
 * `MatchOpened`.
 */
export function publicViewsAfter(events: readonly RecordedEvent[], from: bigint, to: bigint, lobbyIdle: LobbyIdleSettings): Map<bigint, unknown> {
  const views = new Map<bigint, unknown>();
  let record: MatchRecord | null = null;
  for (const event of events) {
    if (event.revision > to) break;
    record = foldRecorded(record, [event]);
    if (event.revision < from) continue;
    if (record) stampCommit(record, event.created.getTime());
    views.set(event.revision, record ? viewMatch(record, null, lobbyIdle) : null);
  }
  return views;
}
