import path from 'node:path';
import type { MatchEvent } from '@liars-dice/game-rules';
import { isEngineEvent, matchStream } from '@liars-dice/game-match';
import { verificationExport, verifyMatch } from '@liars-dice/game-fairness';
import type { EventStore } from '@liars-dice/event-store-port';
import type { CliCommand } from './cli-command';

/** The store the API uses, from the same settings: EventStoreDB when a connection string is set, else ./data. */
async function openStore(env: NodeJS.ProcessEnv): Promise<EventStore> {
  const connection = env['EVENTSTORE_CONNECTION_STRING'];
  if (connection) {
    const { createEsdbEventStore } = await import('@liars-dice/event-store-esdb');
    return createEsdbEventStore(connection);
  }
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  return SqliteEventStore.open({ file: path.join(path.resolve(env['DATA_DIR'] ?? 'data'), 'events.sqlite') });
}

/**
 * `npm run verify -- <matchId> [--json]`: recomputes every roll and trigger pull of a finished match from
 * the store and the seed its last event reveals; `--json` prints the verification export (seed, commitment,
 * seat order, every hand and chamber as recorded, their labels) with the result. Exit 0 when everything
 * matches, 1 when not, 2 on misuse.
 */
export const verifyCommand: CliCommand = {
  summary: 'recompute every roll and shot of a finished match from the store (DATA_DIR or EVENTSTORE_CONNECTION_STRING)',
  async run(args) {
    const json = args.includes('--json');
    const matchId = args.find((arg) => !arg.startsWith('--'));
    if (!matchId) {
      process.stderr.write('usage: npm run verify -- <matchId> [--json]\n');
      return 2;
    }
    const store = await openStore(process.env);
    try {
      const recorded = await store.readStream(matchStream(matchId)).catch(() => null);
      if (!recorded) {
        process.stderr.write(`no match ${matchId} in the store\n`);
        return 2;
      }
      const events = recorded.filter(isEngineEvent).map((e) => ({ type: e.type, data: e.data }) as MatchEvent);
      const last = events.at(-1);
      const seed = last?.type === 'MatchFinished' ? last.data.seed : undefined;
      if (!seed) {
        process.stderr.write(`match ${matchId} is not finished: its seed is revealed in its last event\n`);
        return 2;
      }
      const result = verifyMatch(events, seed);
      // The export (docs/protocols/fairness.md) and the check: an outsider redoes the first with their own code.
      if (json) process.stdout.write(`${JSON.stringify({ ...verificationExport(events, seed), ...result })}\n`);
      else {
        process.stdout.write(`match ${matchId}: ${result.verified ? 'VERIFIED' : 'NOT VERIFIED'}\n`);
        process.stdout.write(`  seed ${seed}; commitment ${result.commitmentMatches ? 'matches' : 'DOES NOT match'}\n`);
        process.stdout.write(`  ${result.rollsChecked} rolls and ${result.shotsChecked} trigger pulls recomputed\n`);
        for (const d of result.discrepancies) process.stdout.write(`  event ${d.event}: ${d.what}\n`);
      }
      return result.verified ? 0 : 1;
    } finally {
      await store.close();
    }
  },
};
