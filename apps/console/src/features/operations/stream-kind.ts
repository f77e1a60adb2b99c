import type { StreamKind } from '@/data/generated/graphql';

export const STREAM_KINDS: readonly StreamKind[] = ['MATCH', 'TOURNAMENT', 'DISPUTES', 'SANCTIONS', 'OPERATIONS'];

/** Where the browser shows a stream: `?stream=<name>&at=<revision>`, so a view can be linked and reloaded. */
export function streamHref(stream: string, at = 0): string {
  return `/operations/streams?${new URLSearchParams({ stream, at: String(at) }).toString()}`;
}
