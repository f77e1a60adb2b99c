import { fold, type MatchEvent } from '@liars-dice/game-rules';

export interface Throughput {
  /** Events per second of the median pass. */
  readonly median: number;
  /** Events per second of the fastest pass: the closest reading to an idle core on a shared machine. */
  readonly best: number;
  readonly passes: number;
}

type Logs = readonly (readonly MatchEvent[])[];

/** Runs `body` over every match, pass after pass, for at least `minSeconds`; one rate per pass. */
function measure(matches: Logs, minSeconds: number, body: (events: readonly MatchEvent[]) => boolean): Throughput {
  const events = matches.reduce((n, log) => n + log.length, 0);
  const rates: number[] = [];
  let kept = 0;
  const deadline = process.hrtime.bigint() + BigInt(Math.round(minSeconds * 1e9));
  while (process.hrtime.bigint() < deadline || rates.length < 5) {
    const started = process.hrtime.bigint();
    for (const match of matches) if (body(match)) kept++;
    rates.push(events / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  if (kept < 0) throw new Error('unreachable: keeps the folds observable');
  rates.sort((a, b) => a - b);
  return { median: rates[Math.floor(rates.length / 2)] ?? 0, best: rates.at(-1) ?? 0, passes: rates.length };
}

/** Folding recorded matches from their first event, on this one core. */
export function foldThroughput(matches: Logs, minSeconds = 5): Throughput {
  measure(matches, 0.5, (events) => fold(events).status === 'finished'); // warm-up: let the JIT settle
  return measure(matches, minSeconds, (events) => fold(events).status === 'finished');
}

/** The floor: only visiting each event and switching on its type, without building any state. */
export function visitThroughput(matches: Logs, minSeconds = 1): Throughput {
  return measure(matches, minSeconds, (events) => {
    let bids = 0;
    for (const event of events) if (event.type === 'BidPlaced') bids += event.data.quantity;
    return bids > 0;
  });
}
