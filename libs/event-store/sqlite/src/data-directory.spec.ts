import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDirectory } from './data-directory';

describe('makeDirectory (mkdir -p that never hangs)', () => {
  it('given missing levels, when made, then each exists with the mode asked for, and making it again changes nothing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'make-dir-'));
    const dir = path.join(root, 'a', 'b', 'c');
    makeDirectory(dir, 0o700);
    makeDirectory(dir, 0o700);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    rmSync(root, { recursive: true, force: true });
  });

  // Node's own recursive mkdir spins forever on this path (Linux: mkdir answers ENOENT under /proc, which exists).
  it('given a directory mkdir cannot create under an existing parent (/proc), then it throws ENOENT at once', () => {
    expect(() => makeDirectory('/proc/liars-dice-nope/data')).toThrow(/ENOENT/);
  });
});
