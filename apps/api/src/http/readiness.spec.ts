import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import type { CommandGate } from '@liars-dice/server-platform';
import type { LiveMatches } from '@liars-dice/server-matches';
import type { ProjectionState, ProjectionsService } from '@liars-dice/server-projections';
import { ReadinessProbe } from './readiness';

const NOW = 1_800_000_000_000;
const MAX_LAG = 2000;

/** A log of match events committed `ageMs` ago each, at positions 1, 2, 3… */
function storeWith(ages: readonly number[], failing = false): EventStore {
  const events = ages.map((age, i) => ({ position: BigInt(i + 1), created: new Date(NOW - age), streamName: 'match-m' }) as RecordedEvent);
  return {
    readAll: async ({ fromPosition }: { fromPosition: bigint | 'start' }) => {
      if (failing) throw new Error('the store is unreachable');
      return events.filter((e) => fromPosition === 'start' || e.position >= fromPosition);
    },
  } as unknown as EventStore;
}

interface Given {
  readonly ages: readonly number[];
  readonly catalogAt: bigint | null;
  readonly caughtUp?: boolean;
  readonly projections: readonly Partial<ProjectionState>[];
  readonly draining?: boolean;
  readonly storeDown?: boolean;
}

function probe(given: Given): ReadinessProbe {
  const catalog = { progress: () => ({ position: given.catalogAt, caughtUp: given.caughtUp ?? true }) } as unknown as LiveMatches;
  const projections = { states: () => given.projections } as unknown as ProjectionsService;
  const gate = { isDraining: given.draining ?? false } as CommandGate;
  return new ReadinessProbe(storeWith(given.ages, given.storeDown), gate, catalog, projections);
}

const at = (position: number | null, failure: ProjectionState['failure'] = null): Partial<ProjectionState> => ({ name: `p${position}`, position: position === null ? null : BigInt(position), failure });
const FAILURE = { eventId: 'e', stream: 'match-m', position: 2n, type: 'BidPlaced', error: 'boom' };

describe('readiness: caught up within the stated lag', () => {
  it.each`
    case                                                               | given                                                                                        | status                 | catalogLag | projectionsLag
    ${'every follower at the head'}                                    | ${{ ages: [9000, 8000], catalogAt: 2n, projections: [at(2), at(2)] }}                        | ${'ok'}                | ${0}       | ${0}
    ${'an empty store'}                                                | ${{ ages: [], catalogAt: null, projections: [at(null)] }}                                    | ${'ok'}                | ${0}       | ${0}
    ${'behind, but only by events younger than the bound'}             | ${{ ages: [9000, 1500, 100], catalogAt: 1n, projections: [at(1), at(2)] }}                   | ${'ok'}                | ${1500}    | ${1500}
    ${'the slowest projection behind by an older event'}               | ${{ ages: [9000, 2500, 100], catalogAt: 3n, projections: [at(3), at(1)] }}                   | ${'lagging'}           | ${0}       | ${2500}
    ${'a projection that has applied nothing yet'}                     | ${{ ages: [9000], catalogAt: 1n, projections: [at(1), at(null)] }}                           | ${'lagging'}           | ${0}       | ${9000}
    ${'the catalog behind'}                                            | ${{ ages: [9000, 5000], catalogAt: 1n, projections: [at(2)] }}                               | ${'lagging'}           | ${5000}    | ${0}
    ${'a stopped projection far behind (listed, not waited for)'}      | ${{ ages: [9000, 8000], catalogAt: 2n, projections: [at(2), at(1, FAILURE)] }}               | ${'ok'}                | ${0}       | ${0}
    ${'every projection stopped'}                                      | ${{ ages: [9000, 8000], catalogAt: 2n, projections: [at(1, FAILURE)] }}                      | ${'ok'}                | ${0}       | ${0}
    ${'the catalog before its initial catch-up'}                       | ${{ ages: [], catalogAt: null, caughtUp: false, projections: [at(null)] }}                   | ${'catching-up'}       | ${0}       | ${0}
    ${'draining for shutdown, though caught up'}                       | ${{ ages: [], catalogAt: null, draining: true, projections: [at(null)] }}                    | ${'draining'}          | ${0}       | ${0}
  `('given $case, then $status', async ({ given, status, catalogLag, projectionsLag }: { given: Given; status: string; catalogLag: number; projectionsLag: number }) => {
    const readiness = await probe(given).check(MAX_LAG, NOW);
    expect(readiness).toMatchObject({ status, ready: status === 'ok', maxLagMs: MAX_LAG, catalog: { lagMs: catalogLag }, projections: { lagMs: projectionsLag } });
  });

  it('given a stopped projection, then it is named in the answer', async () => {
    const readiness = await probe({ ages: [9000, 8000], catalogAt: 2n, projections: [{ ...at(2), name: 'rating' }, { ...at(1, FAILURE), name: 'audit' }] }).check(MAX_LAG, NOW);
    expect(readiness.projections.failed).toEqual(['audit']);
  });

  it('given the store cannot be read, then the replica is not ready and says why', async () => {
    const readiness = await probe({ ages: [], catalogAt: null, projections: [at(null)], storeDown: true }).check(MAX_LAG, NOW);
    expect(readiness).toMatchObject({ status: 'store-unavailable', ready: false });
  });
});
