import { metadataFor } from './metadata';
import { type CommandEntry, foldRecorded, type StoredEvent } from './record';
import { checkCommandId, priorUse } from './idempotency';
import { TableViolation } from './violation';
import { ann, bob, human, open, plan } from './testing/table';
import { decideTable } from './decide';
import { initialTableState } from './state';

const ann1 = 'account:a1';
const entry = (request: Record<string, unknown> | null, command: string | null = 'PlaceBid'): Map<string, CommandEntry> =>
  new Map([['c-1', { revision: 7n, actor: ann1, command, request }]]);

function reused(result: ReturnType<typeof priorUse>): string {
  if (!(result instanceof TableViolation)) throw new Error(`expected IDEMPOTENCY_KEY_REUSED, got ${String(result)}`);
  expect(result).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'commandId' });
  return result.message;
}

describe('command ids (issue #10 item 5: scoped to the sender, reuse named)', () => {
  it('given a new id, then it is new; given an exact retry, then the revision the first run ended at', () => {
    expect(priorUse(entry({ quantity: 3, face: 4 }), 'c-2', { actor: ann1, command: 'PlaceBid', request: { quantity: 3, face: 4 } })).toBeNull();
    expect(priorUse(entry({ quantity: 3, face: 4 }), 'c-1', { actor: ann1, command: 'PlaceBid', request: { face: 4, quantity: 3 } })).toBe(7n);
  });

  it('given another account sending the id (it is public in the audit), then it is refused, not answered with the first result', () => {
    expect(reused(priorUse(entry({}), 'c-1', { actor: 'account:b2', command: 'PlaceBid', request: {} }))).toBe(
      'commandId: c-1 was already used by another sender; send a new commandId for a new command',
    );
  });

  it('given the id as another mutation, then the message names both', () => {
    expect(reused(priorUse(entry({ quantity: 3, face: 4 }), 'c-1', { actor: ann1, command: 'CallLiar', request: {} }))).toContain('for PlaceBid, not CallLiar');
  });

  it('given the id with other values, then the message names each value that differs', () => {
    const message = reused(priorUse(entry({ quantity: 3, face: 4 }), 'c-1', { actor: ann1, command: 'PlaceBid', request: { quantity: 4, face: 4 } }));
    expect(message).toContain('with other values (quantity was 3, now 4)');
  });

  it('given an id recorded before commands were fingerprinted, then the same sender’s retry is a retry', () => {
    expect(priorUse(entry(null, null), 'c-1', { actor: ann1, command: 'PlaceBid', request: { quantity: 9, face: 9 } })).toBe(7n);
  });

  it.each`
    commandId             | kind         | ok       | source
    ${'c-1'}              | ${'account'} | ${true}  | ${'letters, digits and -'}
    ${'3f2a.9_~x'}        | ${'account'} | ${true}  | ${'the URL-safe characters'}
    ${''}                 | ${'account'} | ${false} | ${'empty'}
    ${'x'.repeat(101)}    | ${'account'} | ${false} | ${'over 100 characters'}
    ${'timeout:12'}       | ${'account'} | ${false} | ${'the timer’s namespace: a client could block its timeout'}
    ${'cpu:12'}           | ${'cpu'}     | ${true}  | ${'the bot driver’s own'}
  `('$commandId from $kind: ok $ok — $source', ({ commandId, kind, ok }) => {
    const actor = kind === 'account' ? { kind, id: 'a1', name: 'ann' } : { kind, seat: 's2' };
    expect(checkCommandId(commandId, actor) === null).toBe(ok);
  });

  it('given a stream, then its fold remembers each command’s sender, type and values and the revision its batch ended at', () => {
    const decided = decideTable(initialTableState, open(ann, plan([human, human])));
    if (!Array.isArray(decided)) throw new Error('refused');
    const request = { ruleset: 'perudo', seats: [human, human] };
    const metadata = metadataFor({ commandId: 'open-1', actor: { kind: 'account', ...ann }, at: 1, command: 'OpenMatch', request }, decided.length);
    const stored: StoredEvent[] = decided.map((event, i) => ({ ...event, metadata: metadata[i] ?? {}, revision: BigInt(i) }));
    const record = foldRecorded(null, stored);
    expect(record?.commands.get('open-1')).toEqual({ revision: 1n, actor: ann1, command: 'OpenMatch', request });
    const reused = priorUse(record?.commands ?? new Map(), 'open-1', { actor: `account:${bob.id}`, command: 'OpenMatch', request });
    expect(reused).toBeInstanceOf(TableViolation);
    expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'commandId' });
  });
});
