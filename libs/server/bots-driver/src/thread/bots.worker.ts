import { parentPort } from 'node:worker_threads';
import { asBackgroundThread, reportThreadMemory, TurnOutbox } from '@liars-dice/platform-threads';
import { chooseAction } from '@liars-dice/game-bots';
import { type DecisionFailure, type DecisionRequest, decodeDecision, encodeAction, type FromBots, ParsedHistories, type ToBots } from './protocol';

/** The thread's parsed histories: a cache, so a new thread (empty) answers exactly what the old one would. */
const histories = new ParsedHistories();

/**
 * The CPU-seat thread (docs/adr/0019): `chooseAction` on what the API thread sends, nothing else. Between
 * requests it keeps only caches (parsed histories, docs/adr/0033), so a thread that dies loses only the
 * decisions in flight (the driver retries them) and a new one decides the same.
 */
export function answer({ requests }: ToBots, parsed: ParsedHistories = histories): FromBots {
  const moves: number[] = [];
  const failures: DecisionFailure[] = [];
  for (const request of requests) {
    const { id } = request;
    try {
      const { difficulty, view, legal, seed } = decodeDecision(request, parsed);
      moves.push(id, encodeAction(chooseAction(difficulty, view, legal, seed)));
    } catch (error) {
      failures.push({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  return { moves, failures };
}

if (parentPort) {
  const port = parentPort;
  // A CPU seat thinks for BOT_THINK_MS anyway: its decisions can wait for a core, players' commands cannot (ADR 0020).
  asBackgroundThread();
  reportThreadMemory('cpu-seats');
  // Messages that queued while the thread was deciding are all delivered before the check phase: they are
  // answered in one message (docs/adr/0043).
  const queued = new TurnOutbox<DecisionRequest>((batch) => port.postMessage(answer({ requests: batch as DecisionRequest[] })));
  port.on('message', ({ requests }: ToBots) => {
    for (const request of requests) queued.push(request);
  });
}
