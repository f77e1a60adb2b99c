import { parentPort } from 'node:worker_threads';
import { asBackgroundThread, reportThreadMemory } from '@liars-dice/platform-threads';
import { chooseAction } from '@liars-dice/game-bots';
import { decodeDecision, type DecisionResult, type FromBots, ParsedHistories, type ToBots } from './protocol';

/** The thread's parsed histories: a cache, so a new thread (empty) answers exactly what the old one would. */
const histories = new ParsedHistories();

/**
 * The CPU-seat thread (docs/adr/0019): `chooseAction` on what the API thread sends, nothing else. Between
 * requests it keeps only caches (parsed histories, docs/adr/0033), so a thread that dies loses only the
 * decisions in flight (the driver retries them) and a new one decides the same.
 */
export function answer({ requests }: ToBots, parsed: ParsedHistories = histories): FromBots {
  return {
    results: requests.map((request): DecisionResult => {
      const { id } = request;
      try {
        const { difficulty, view, legal, seed } = decodeDecision(request, parsed);
        return { id, action: chooseAction(difficulty, view, legal, seed) };
      } catch (error) {
        return { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
    }),
  };
}

if (parentPort) {
  const port = parentPort;
  // A CPU seat thinks for BOT_THINK_MS anyway: its decisions can wait for a core, players' commands cannot (ADR 0020).
  asBackgroundThread();
  reportThreadMemory('cpu-seats');
  port.on('message', (message: ToBots) => port.postMessage(answer(message)));
}
