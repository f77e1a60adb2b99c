import { Refusal } from '@liars-dice/server-platform';
import { describeReport, verifyStoredTournament } from '@liars-dice/server-tournaments';
import type { EventStore } from '@liars-dice/event-store-port';

/**
 * `npm run verify -- tournament <id> [--json]`: recomputes every lot and seating of a finished (or cancelled)
 * tournament and every roll and shot of its table matches, from the store and the seed its last event
 * reveals. Exit 0 when everything matches, 1 when not, 2 on misuse (unknown, not over).
 */
export async function verifyTournament(
  tournamentId: string,
  json: boolean,
  openStore: () => Promise<EventStore>,
): Promise<number> {
  const store = await openStore();
  try {
    const report = await verifyStoredTournament(store, tournamentId);
    process.stdout.write(json ? `${JSON.stringify(report)}\n` : `${describeReport(report).join('\n')}\n`);
    return report.allVerified ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  } finally {
    await store.close();
  }
}
