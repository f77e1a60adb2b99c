import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blocksOf, DATA_MODULE, readDataModule } from '../solve/data-module';
import { CLI, runCli } from './cli-process';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..', '..', '..');
const PALIFICO = 'plain+face-lock 1v2';

/** The CLI run in `cwd` (the solver's raw-strategy cache goes under it). */
function solveIn(cwd: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [CLI, 'solve', ...args], { cwd, encoding: 'utf8', timeout: 110_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run solve', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'solve-e2e-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('given --list, then it names every planned round', () => {
    const { code, stdout } = runCli(['solve', '--list']);
    expect(code).toBe(0);
    const names = stdout.trim().split('\n');
    expect(names).toHaveLength(17);
    expect(names).toEqual(expect.arrayContaining(['wild 1v1', 'plain 2v2', 'wild+spot-on 2v1', 'plain+spot-on 1v2', PALIFICO]));
  });

  it.each([
    [['--iterations', 'many'], '--iterations many: not understood'],
    [['--only'], '--only : not understood'],
    [['--frobnicate', '1'], '--frobnicate 1: not understood'],
  ])('given %j, then it refuses with exit 2 and names what was wrong', (args, message) => {
    const { code, stdout, stderr } = runCli(['solve', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('usage: solve');
  });

  it('given --merge of a file that is not there, then it fails naming the file and writes nothing', () => {
    const out = join(dir, 'never.ts');
    const { code, stderr } = solveIn(dir, ['--merge', join(dir, 'missing.ts'), '--out', out]);
    expect(code).toBe(1);
    expect(stderr).toContain(`--merge ${join(dir, 'missing.ts')}: no data module there`);
    expect(readDataModule(out)).toBeNull();
  });

  it('given one small round solved into a new module and merged into another, then both hold the committed strategy byte for byte', () => {
    // Given / When
    const part = join(dir, 'part.ts');
    const solved = solveIn(dir, ['--only', PALIFICO, '--out', part]);
    const merged = solveIn(dir, ['--merge', part, '--out', join(dir, 'merged.ts')]);
    // Then
    expect(solved.code).toBe(0);
    expect(solved.stdout).toMatch(new RegExp(`^${PALIFICO.replace('+', '\\+')} .*exploitability 0\\.000`, 'm'));
    expect(merged.code).toBe(0);
    expect(readFileSync(part, 'utf8')).toContain('LDSR format version 1, 1 games');
    const committed = blocksOf(readDataModule(join(ROOT, DATA_MODULE))).get(PALIFICO);
    for (const file of [part, join(dir, 'merged.ts')]) {
      const block = blocksOf(readDataModule(file)).get(PALIFICO);
      expect(block && committed && Buffer.from(block).equals(Buffer.from(committed))).toBe(true);
    }
  });
});
