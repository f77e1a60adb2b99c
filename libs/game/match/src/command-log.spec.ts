import fc from 'fast-check';
import { type CommandEntry, CommandLog } from './command-log';

const entry = (revision: bigint, actor: string, request: Record<string, unknown> = {}): CommandEntry => ({ revision, actor, command: 'PlaceBid', request });

describe('the command log (the write side’s idempotency)', () => {
  it('given entries added fold by fold, then each id reads back its latest entry, whatever the merges in between, and older logs stay as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 5 }), { maxLength: 60 }), (folds) => {
        // Given: one fold's ids per array; the model is a plain map.
        let log = CommandLog.empty;
        const model = new Map<string, CommandEntry>();
        const snapshots: Array<{ log: CommandLog; model: Map<string, CommandEntry> }> = [];
        let revision = 0n;
        for (const ids of folds) {
          const added = new Map(ids.map((id) => [`c${id}`, entry((revision += 1n), `account:${id % 3}`, id % 2 ? { quantity: id, face: 2 } : {})]));
          log = log.with(added);
          for (const [id, value] of added) model.set(id, value);
          snapshots.push({ log, model: new Map(model) });
        }
        // Then: every log, the latest and each older one, answers as its model does.
        for (const { log: then, model: expected } of snapshots) {
          for (let id = 0; id <= 30; id++) expect(then.get(`c${id}`)).toEqual(expected.get(`c${id}`));
        }
      }),
    );
  });

  it('given many entries by a few actors, each arriving as its own string, then each reads back its actor, command and values (the log keeps one copy of each actor)', () => {
    // Given: actors made at run time (as parsed metadata or actorKey make them), not literals V8 shares.
    let log = CommandLog.empty;
    for (let i = 0; i < 100; i++) log = log.with(new Map([[`move-${i}`, entry(BigInt(i), ['account:', 'ann'].join(''))]]));

    // Then: each reads back as it was (whether they share one copy cannot be seen from here).
    const actors = [0, 17, 50, 99].map((i) => log.get(`move-${i}`)?.actor);
    expect(actors).toEqual(['account:ann', 'account:ann', 'account:ann', 'account:ann']);
    expect(log.get('move-99')).toEqual({ revision: 99n, actor: 'account:ann', command: 'PlaceBid', request: {} });
    expect(log.get('move-100')).toBeUndefined();
  });

  it('given a revision past the small integers, then it reads back exactly', () => {
    const log = CommandLog.empty.with(new Map([['big', entry(2n ** 40n + 3n, 'cpu:s1')]]));
    expect(log.get('big')?.revision).toBe(2n ** 40n + 3n);
  });
});
