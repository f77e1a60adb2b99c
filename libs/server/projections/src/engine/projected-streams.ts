import { MATCH_STREAM_PREFIX } from '@liars-dice/game-match';
import { DISPUTES_STREAM_PREFIX, SANCTIONS_STREAM_PREFIX } from '@liars-dice/game-moderation';

/** Every stream the read models follow, by name prefix: the matches', and moderation's disputes and sanctions. */
export const PROJECTED_STREAMS: readonly string[] = [MATCH_STREAM_PREFIX, DISPUTES_STREAM_PREFIX, SANCTIONS_STREAM_PREFIX];
