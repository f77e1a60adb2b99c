import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `mkdir -p`, one level at a time: Node's `mkdirSync(dir, { recursive: true })` loops forever, blocking the
 * thread, where mkdir answers ENOENT under a parent that exists (a path inside /proc, for one). Here that
 * ENOENT is thrown, so a bad data directory is an error naming it, not a hang. `mode` applies to the
 * directories created.
 */
export function makeDirectory(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const each of missing) mkdirSync(each, { mode });
}
