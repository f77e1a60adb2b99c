import { fold, type MatchEvent } from '@liars-dice/game-rules';

export interface Throughput {
  readonly eventsPerSecond: number;
  readonly seconds: number;
}

function measure(matches: readonly (readonly MatchEvent[])[], minSeconds: number, body: (events: readonly MatchEvent[]) => unknown): Throughput {
  let events = 0;
  let sink = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minSeconds) {
    for (const match of matches) {
      if (body(match)) sink++;
      events += match.length;
    }
    elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  }
  if (sink < 0) process.stdout.write(''); // keeps the result alive
  return { eventsPerSecond: events / elapsed, seconds: elapsed };
}

/** Folding recorded matches from their first event, on this one core. */
export function foldThroughput(matches: readonly (readonly MatchEvent[])[], minSeconds = 3): Throughput {
  measure(matches, 0.5, (events) => fold(events)); // warm-up: let the JIT settle
  return measure(matches, minSeconds, (events) => fold(events).status === 'finished');
}

/** The floor: only visiting each event and switching on its type, without building any state. */
export function visitThroughput(matches: readonly (readonly MatchEvent[])[], minSeconds = 1): Throughput {
  return measure(matches, minSeconds, (events) => {
    let bids = 0;
    for (const event of events) if (event.type === 'BidPlaced') bids += event.data.quantity;
    return bids > 0;
  });
}
