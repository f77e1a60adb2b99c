import { Histogram, Registry } from 'prom-client';
import { StepHistogram } from './step-histogram';

const BOUNDS = [0.001, 0.01, 0.1, 1];
const OBSERVED: ReadonlyArray<readonly [string, number]> = [
  ['append_queued', 0.0004],
  ['append_queued', 0.001],
  ['append_queued', 0.05],
  ['append_commit', 0.005],
  ['append_commit', 3],
];

describe('a step histogram on /metrics', () => {
  it("given the same observations as prom-client's own histogram, when the registry prints both, then the text is the same", async () => {
    const theirs = new Registry();
    const reference = new Histogram({ name: 'steps_seconds', help: 'steps', labelNames: ['segment'], buckets: BOUNDS, registers: [theirs] });
    const ours = new Registry();
    const steps = new StepHistogram('steps_seconds', 'steps', 'segment', BOUNDS);
    ours.registerMetric(steps.asMetric());

    for (const [segment, value] of OBSERVED) {
      reference.observe({ segment }, value);
      steps.of(segment)(value);
    }

    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('given a reset registry, then every series reads zero again', async () => {
    const registry = new Registry();
    const steps = new StepHistogram('steps_seconds', 'steps', 'segment', BOUNDS);
    registry.registerMetric(steps.asMetric());
    steps.of('append_queued')(0.5);

    registry.resetMetrics();

    expect(await registry.metrics()).toContain('steps_seconds_count{segment="append_queued"} 0');
  });
});
