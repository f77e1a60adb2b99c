import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** boardgame.io is installed for the benchmark only, on first use, outside the project's install (as bench:store's Emmett). */
export const BOARDGAMEIO_VERSION = '0.50.2';

/** The repository's root, from apps/bench/{src,dist}/peer. */
const ROOT = path.join(__dirname, '..', '..', '..', '..');

/** The folder boardgame.io is installed in (`tmp/bench-boardgameio`), installing it first if it is not there. */
export function ensureBoardgameIo(log: (line: string) => void): string {
  const dir = path.join(ROOT, 'tmp', 'bench-boardgameio');
  if (existsSync(path.join(dir, 'node_modules', 'boardgame.io', 'package.json'))) return dir;
  mkdirSync(dir, { recursive: true });
  const dependencies = { 'boardgame.io': BOARDGAMEIO_VERSION };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-boardgameio', private: true, dependencies }, null, 2));
  log(`installing boardgame.io ${BOARDGAMEIO_VERSION} into ${dir} (first run only, ~30 s)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 2, 2] });
  if (result.status !== 0 || !existsSync(path.join(dir, 'node_modules', 'boardgame.io', 'package.json'))) throw new Error(`could not install boardgame.io into ${dir}`);
  return dir;
}
