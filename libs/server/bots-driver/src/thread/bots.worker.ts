import { getPriority, setPriority } from 'node:os';
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';
import { chooseAction } from '@liars-dice/game-bots';
import { decodeDecision, type DecisionResult, type FromBots, type ToBots } from './protocol';

/**
 * The CPU-seat thread (docs/adr/0019): `chooseAction` on what the API thread sends, nothing else. It holds no
 * state between requests, so a thread that dies loses only the decisions in flight (the driver retries them).
 */
export function answer({ requests }: ToBots): FromBots {
  return {
    results: requests.map((request): DecisionResult => {
      const { id } = request;
      try {
        const { difficulty, view, legal, seed } = decodeDecision(request);
        return { id, action: chooseAction(difficulty, view, legal, seed) };
      } catch (error) {
        return { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
    }),
  };
}

interface BotsThreadData {
  readonly niceness?: number;
  /** Where to post this isolate's memory (the platform's reportThreadMemory, which this thread does not import). */
  readonly memory?: { readonly channel: string; readonly everyMs: number };
}

/** As the platform's reportThreadMemory: a channel per post, closed at once, and a timer that keeps nothing alive. */
function reportMemory({ channel, everyMs }: NonNullable<BotsThreadData['memory']>): void {
  const post = () => {
    const out = new BroadcastChannel(channel);
    const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    out.postMessage({ thread: 'cpu-seats', heapTotal, heapUsed, external, arrayBuffers });
    out.close();
  };
  setInterval(post, everyMs).unref();
}

if (parentPort) {
  const port = parentPort;
  const data = workerData as BotsThreadData | null;
  if (data?.memory) reportMemory(data.memory);
  // A CPU seat thinks for BOT_THINK_MS anyway: its decisions can wait for a core, players' commands cannot (ADR
  // 0020). Done here rather than with the platform's asBackgroundThread: importing the platform would load Nest
  // into this thread (~0.8 s and ~15 MB) for one call.
  const niceness = data?.niceness;
  // Linux only: there niceness is per thread; elsewhere "process 0" is the whole process. A refusal changes nothing.
  if (niceness && process.platform === 'linux') {
    try {
      setPriority(Math.min(19, getPriority() + niceness));
    } catch {
      // keeps its priority
    }
  }
  port.on('message', (message: ToBots) => port.postMessage(answer(message)));
}
