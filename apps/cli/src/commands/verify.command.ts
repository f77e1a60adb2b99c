import type { MatchEvent } from '@liars-dice/game-rules';
import { isEngineEvent, matchStream } from '@liars-dice/game-match';
import { verificationExport, verifyMatch } from '@liars-dice/game-fairness';
import type { EventStore } from '@liars-dice/event-store-port';
import type { CliCommand } from './cli-command';
import { commandArgs, wantsHelp } from './command-args';
import { existingDataDir, NoStoreError } from './stored-data';
import { verifyTournament } from './verify-tournament';

/**
 * The store the API uses, from the same settings: EventStoreDB when a connection string is set, else ./data.
 * A missing SQLite file is refused instead of created: a mistyped DATA_DIR would otherwise leave an empty store
 * behind and answer "no match".
 */
async function openStore(env: NodeJS.ProcessEnv): Promise<EventStore> {
  const connection = env['EVENTSTORE_CONNECTION_STRING'];
  if (connection) {
    const { createEsdbEventStore } = await import('@liars-dice/event-store-esdb');
    return createEsdbEventStore(connection);
  }
  const { eventsFile } = existingDataDir(env);
  const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
  return SqliteEventStore.open({ file: eventsFile as string });
}

const USAGE =
  'usage: npm run verify -- <matchId> [--json]\n       npm run verify -- tournament <tournamentId> [--json]\n';
const ARGS = { switches: ['--json', '--help', '-h'], operands: { min: 1, max: 1 } };

/**
 * `npm run verify -- <matchId> [--json]`: recomputes every roll and trigger pull of a finished match from
 * the store and the seed its last event reveals; `--json` prints the verification export (seed, commitment,
 * seat order, every hand and chamber as recorded, their labels) with the result. Exit 0 when everything
 * matches, 1 when not, 2 on misuse.
 */
export const verifyCommand: CliCommand = {
  summary:
    'recompute every roll and shot of a finished match (or `tournament <id>`: every lot, seating and table match) from the store',
  async run(args) {
    const tournament = args[0] === 'tournament';
    const parsed = commandArgs(tournament ? args.slice(1) : args, ARGS);
    if (typeof parsed === 'string') {
      process.stderr.write(`${parsed}\n${USAGE}`);
      return 2;
    }
    if (wantsHelp(parsed)) {
      process.stdout.write(USAGE);
      return 0;
    }
    const [id] = parsed.operands as [string];
    const json = parsed.switches.has('--json');
    try {
      return tournament
        ? await verifyTournament(id, json, () => openStore(process.env))
        : await verifyStoredMatch(id, json);
    } catch (error) {
      if (!(error instanceof NoStoreError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
  },
};

async function verifyStoredMatch(matchId: string, json: boolean): Promise<number> {
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
      process.stdout.write(
        `  seed ${seed}; commitment ${result.commitmentMatches ? 'matches' : 'DOES NOT match'}\n`,
      );
      process.stdout.write(
        `  ${result.rollsChecked} rolls and ${result.shotsChecked} trigger pulls recomputed\n`,
      );
      for (const d of result.discrepancies) process.stdout.write(`  event ${d.event}: ${d.what}\n`);
    }
    return result.verified ? 0 : 1;
  } finally {
    await store.close();
  }
}
