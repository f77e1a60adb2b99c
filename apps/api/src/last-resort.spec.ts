import { Writable } from 'node:stream';
import pino from 'pino';
import { Refusal } from '@liars-dice/server-platform';
import { EXIT_SOFTWARE, installLastResort } from './last-resort';

/** `process.emit` as Node calls it for these events (its typings know only some signatures). */
const emit = process.emit.bind(process) as unknown as (event: string, ...args: unknown[]) => boolean;

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(...chunk.toString().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)), done()) });
  return { lines, logger: pino({ base: {} }, stream) };
}

describe('the process-level last resort', () => {
  it('given a contained error (a refusal) escaping to the process, then one JSON line is logged and the API keeps serving', async () => {
    const { lines, logger } = capture();
    const hooks = { shutdown: jest.fn(async () => undefined), exit: jest.fn() };
    const uninstall = installLastResort(logger, hooks);
    try {
      emit('uncaughtException', new Refusal('NOT_FOUND', 'matchId: no match nope'), 'uncaughtException');
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, contained: true, action: 'kept serving', origin: 'uncaughtException', err: { message: 'matchId: no match nope' } });
      expect(hooks.exit).not.toHaveBeenCalled();
    } finally {
      uninstall();
    }
  });

  it('given any other error, then it is logged as fatal, the API stops in order and exits 70 for the supervisor to restart', async () => {
    const { lines, logger } = capture();
    const hooks = { shutdown: jest.fn(async () => undefined), exit: jest.fn() };
    const uninstall = installLastResort(logger, hooks);
    try {
      emit('unhandledRejection', new TypeError('cannot read x of undefined'), Promise.resolve());
      emit('uncaughtException', new Error('second one while stopping'), 'uncaughtException');
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.map((l) => [l['level'], l['origin'], l['action']])).toEqual([
        [60, 'unhandledRejection', 'restarting'],
        [60, 'uncaughtException', 'restarting'],
      ]);
      expect(hooks.shutdown).toHaveBeenCalledTimes(1);
      expect(hooks.exit).toHaveBeenCalledWith(EXIT_SOFTWARE);
    } finally {
      uninstall();
    }
  });
});
