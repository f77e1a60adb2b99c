import { spawnSync } from 'node:child_process';
import { CLI, runCli } from './cli-process';

jest.setTimeout(120_000);

describe('npm run simulate', () => {
  it('given no simulation or an unknown one, then it exits 2 listing the simulations', () => {
    for (const args of [['simulate'], ['simulate', 'poker']]) {
      const { code, stderr } = runCli(args);
      expect(code).toBe(2);
      expect(stderr).toMatch(/usage: npm run simulate -- <simulation>/);
      expect(stderr).toMatch(/^ {2}tables +1,000 live tables/m);
      expect(stderr).toMatch(/^ {2}collusion +simulate CPU populations/m);
    }
    expect(runCli(['simulate', 'poker']).stderr).toContain('unknown simulation: poker');
  });

  it('given a flag it does not understand, then `tables` and `collusion` exit 2 naming it, with their usage', () => {
    const { code, stderr } = runCli(['simulate', 'tables', '--count', 'many']);
    expect(code).toBe(2);
    expect(stderr).toContain('--count many: expected a whole number ≥ 1');
    expect(stderr).toContain('usage: npm run simulate -- tables');
    const collusion = runCli(['simulate', 'collusion', '--players', '3']);
    expect(collusion.code).toBe(2);
    expect(collusion.stderr).toContain('--players 3: not understood');
    expect(collusion.stderr).toContain('usage: npm run simulate -- collusion');
  });

  it('given a few tables for a few seconds, then it plays them against the built API and prints its measurements and verdicts, with no error and every push arriving', () => {
    const result = spawnSync(process.execPath, [CLI, 'simulate', 'tables', '--count', '4', '--seconds', '4', '--ramp', '1'], { encoding: 'utf8', timeout: 110_000 });
    expect(result.stderr).toMatch(/\[simulate tables\] \d+ websockets open; 4 tables start over 1 s, then 4 s measured/);
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(Number(/\| human moves accepted \(load clients\) \| (\d+) /.exec(out)?.[1])).toBeGreaterThan(0);
    expect(out).toContain('`simulate tables --count 4 --seconds 4 --seed 1` — load average');
    expect(out).toMatch(/\| \*\*errors\*\* by code \(the whole run, ramp-up included\) \| \*\*0\*\*: none \|/);
    const pushes = /\| pushes received \/ expected [^|]*\| (\d+) \/ (\d+) \|/.exec(out);
    expect(pushes?.[1]).toBe(pushes?.[2]);
    for (const target of ['zero errors', 'mutation latency p99 ≤ 100 ms', 'push delay p99 ≤ 100 ms']) expect(out).toMatch(new RegExp(`^- ${target}.* — (met|NOT met) \\(but the target is set at 1,000 tables`, 'm'));
  });
});
