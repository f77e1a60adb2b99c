import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The require hook that compiles the workspace's TypeScript on the fly (as Jest does), from this lib's place. */
const TS_HOOK = path.join(__dirname, '..', '..', '..', '..', 'tools', 'ts-require.cjs');

/**
 * Starts the worker `<name>.js` next to the compiled caller, or, when the caller runs from TypeScript sources
 * (Jest, ts-require) or its compiled worker is missing, `<name>.ts` next to it through the TypeScript hook: tests
 * never run a stale build. `caller` is the caller's `__filename`.
 */
export function startWorker(caller: string, name: string, options: WorkerOptions = {}): Worker {
  const dir = path.dirname(caller);
  const compiled = path.join(dir, `${name}.js`);
  if (caller.endsWith('.js') && existsSync(compiled)) return new Worker(compiled, options);
  const source = path.join(dir, `${name}.ts`);
  return new Worker(`require(${JSON.stringify(TS_HOOK)}); require(${JSON.stringify(source)});`, { ...options, eval: true });
}

/** Whether `startWorker(caller, name)` would start compiled code (a compiled caller with its worker built). */
export function hasCompiledWorker(caller: string, name: string): boolean {
  return caller.endsWith('.js') && existsSync(path.join(path.dirname(caller), `${name}.js`));
}
