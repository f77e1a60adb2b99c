import fc from 'fast-check';
import type { RecordedEvent } from '@liars-dice/event-store-port';
import { browsableKind, kindOf } from './stream-kinds';
import { shownStream } from './stream-redaction';

function recorded(streamName: string, revision: number, type: string, data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent {
  return { id: `e${revision}`, type, data, metadata, streamName, revision: BigInt(revision), position: BigInt(revision + 1), created: new Date(0) };
}

const hasKey = (value: unknown, key: string): boolean =>
  Array.isArray(value) ? value.some((item) => hasKey(item, key)) : typeof value === 'object' && value !== null && Object.entries(value).some(([k, v]) => k === key || hasKey(v, key));

describe('what the stream browser shows an operator', () => {
  it('given a tournament created with its sealed seed, then the seed is withheld and everything else shown as stored', () => {
    const created = recorded('tournament-t1', 0, 'TournamentCreated', { config: { name: 'Cup' }, fairness: { version: 'v1', commitment: 'c0ffee' }, sealedSeed: 'secret' }, { actor: 'account:a1' });
    expect(shownStream('tournament', [created])).toEqual([
      { data: { config: { name: 'Cup' }, fairness: { version: 'v1', commitment: 'c0ffee' } }, metadata: { actor: 'account:a1' }, withheld: ['sealedSeed'] },
    ]);
  });

  it('given a sealed seed written anywhere in data or metadata, then no key of that name is shown and nothing else changes', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'sealedSeed', 'dice'), tie('value'), { maxKeys: 3 })),
    })).value;
    fc.assert(
      fc.property(json, json, (data, metadata) => {
        const [shown] = shownStream('disputes', [recorded('disputes-m1', 0, 'DisputeFiled', data, { request: metadata })]);
        expect(hasKey(shown?.data, 'sealedSeed') || hasKey(shown?.metadata, 'sealedSeed')).toBe(false);
        expect(shown?.withheld).toEqual(hasKey(data, 'sealedSeed') || hasKey(metadata, 'sealedSeed') ? ['sealedSeed'] : []);
        if (!hasKey(data, 'sealedSeed')) expect(shown?.data).toEqual(data);
      }),
    );
  });
});

describe('which streams an operator browses', () => {
  it.each([
    ['match-m1', 'match'],
    ['tournament-t1', 'tournament'],
    ['disputes-m1', 'disputes'],
    ['sanctions-a1', 'sanctions'],
    ['operations-log', 'operations'],
  ])('given %s, then its kind is %s', (stream, kind) => {
    expect(browsableKind(stream)).toBe(kind);
  });

  it.each([
    ['an account stream (it holds a password hash)', 'account-root'],
    ['the admin fence', 'admin-roles'],
    ['a prefix with no id', 'match-'],
  ])('given %s, then it is refused naming the stream', (_given, stream) => {
    expect(kindOf(stream)).toBeNull();
    expect(() => browsableKind(stream)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'stream' }));
  });
});
