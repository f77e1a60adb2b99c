import { parentPort } from 'node:worker_threads';
import { asBackgroundThread, reportThreadMemory, ThreadFailure, ThreadServer } from '@liars-dice/platform-threads';
import { chooseAction } from '@liars-dice/game-bots';
import { type BotsProtocol, type DecisionFailure, type DecisionRequest, decodeDecision, encodeAction, type FromBots, ParsedHistories, type ToBots } from './protocol';

/** The thread's parsed histories: a cache, so a new thread (empty) answers exactly what the old one would. */
const histories = new ParsedHistories();

/** One decision: the move as `encodeAction` writes it (a level that throws fails only this decision). */
function decide(request: DecisionRequest, parsed: ParsedHistories): number {
  const { difficulty, view, legal, seed } = decodeDecision(request, parsed);
  return encodeAction(chooseAction(difficulty, view, legal, seed));
}

/**
 * The CPU-seat thread (docs/adr/0019): `chooseAction` on what the API thread sends, nothing else. Between
 * requests it keeps only caches (parsed histories), so a thread that dies loses only the
 * decisions in flight (the driver retries them) and a new one decides the same.
 */
export function answer({ requests }: ToBots, parsed: ParsedHistories = histories): FromBots {
  const moves: number[] = [];
  const failures: DecisionFailure[] = [];
  for (const request of requests) {
    const { id } = request;
    try {
      moves.push(id, decide(request, parsed));
    } catch (error) {
      failures.push({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  return { moves, failures };
}

/** Every decision that arrived in one event-loop turn, answered together in one message. */
function decideAll(requests: readonly DecisionRequest[]): (number | ThreadFailure)[] {
  return requests.map((request) => {
    try {
      return decide(request, histories);
    } catch (error) {
      return ThreadFailure.of(error);
    }
  });
}

if (parentPort) {
  // A CPU seat thinks for BOT_THINK_MS anyway: its decisions can wait for a core, players' commands cannot (ADR 0020).
  asBackgroundThread();
  reportThreadMemory('cpu-seats');
  new ThreadServer<BotsProtocol>(parentPort, { requests: { decide: { batch: decideAll } } });
}
