import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { decideAppend, EMPTY_HEAD, type ExistingEvent } from './append-decision';
import { DuplicateEventIdError, InvalidEventStoreInputError, WrongExpectedRevisionError } from './errors';
import { assertJsonValue, toJsonText } from './json';
import { prepareAppend, validateFilter } from './validation';

describe('assertJsonValue', () => {
  it('given any JSON value, then it is accepted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => expect(() => assertJsonValue(value, 'data')).not.toThrow()),
    );
  });

  it('given an array holding undefined (JSON would turn it into null), then it is refused by index', () => {
    expect(() => assertJsonValue([1, undefined], 'data')).toThrow(
      new InvalidEventStoreInputError('data[1]', 'is undefined, which JSON cannot represent'),
    );
  });

  it('given a JSON value with a bigint hidden somewhere, then the error names its path', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 5 }).filter((k) => /^[a-z]+$/i.test(k)),
          { minLength: 1, maxLength: 4 },
        ),
        (keys) => {
          const value = keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), 1n);
          expect(() => assertJsonValue(value, 'data')).toThrow(
            new InvalidEventStoreInputError(
              `data.${keys.join('.')}`,
              'is bigint, which JSON cannot represent',
            ),
          );
        },
      ),
    );
  });
});

describe('toJsonText', () => {
  const refusal = (check: () => unknown): unknown => {
    try {
      check();
    } catch (error) {
      return error;
    }
    return null;
  };

  it('given any JSON value, then it is the text JSON.stringify gives', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => expect(toJsonText(value, 'data')).toBe(JSON.stringify(value))));
  });

  it('given any value, then it refuses exactly what assertJsonValue refuses, with the same error', () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular['self'] = { back: circular };
    const odd = fc.constantFrom<unknown>(undefined, 1n, Number.NaN, -Infinity, () => 1, Symbol('s'), new Date(0), new Map(), circular, [1, undefined], { toJSON: () => 1 });
    const values = fc.oneof(fc.jsonValue(), fc.anything(), odd, fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), odd)));
    fc.assert(
      fc.property(values, (value) => {
        expect(refusal(() => toJsonText(value, 'data'))).toEqual(refusal(() => assertJsonValue(value, 'data')));
      }),
    );
  });
});

describe('prepareAppend', () => {
  it('given an upper-case UUID, then it is stored lower case and data is serialised once', () => {
    const id = randomUUID().toUpperCase();
    const prepared = prepareAppend(
      'match-1',
      [{ id, type: 'BidPlaced', data: { a: 1, skip: undefined } }],
      0n,
    );
    expect(prepared.events[0]).toEqual({
      id: id.toLowerCase(),
      type: 'BidPlaced',
      data: '{"a":1}',
      metadata: '{}',
    });
    expect(prepared.bytes).toBe('{"a":1}'.length + 2);
  });

  it('given a filter with both keys, then it is refused', () => {
    expect(() => validateFilter({ streamPrefixes: ['a'], eventTypes: ['b'] })).toThrow(
      InvalidEventStoreInputError,
    );
  });
});

describe('decideAppend', () => {
  const append = (expectedRevision: bigint | 'no_stream' | 'any', ids: string[] = [randomUUID()]) =>
    prepareAppend(
      's',
      ids.map((id) => ({ id, type: 'T', data: null })),
      expectedRevision,
    );

  it('given a stream at revision 4, when expecting 4n, then writing starts at revision 5', () => {
    expect(decideAppend(append(4n), { lastRevision: 4n, deletedUpTo: null }, () => undefined)).toEqual({
      kind: 'write',
      firstRevision: 5n,
    });
  });

  it('given a deleted stream, when expecting no_stream, then it is revived after the old revisions', () => {
    expect(decideAppend(append('no_stream'), { lastRevision: 4n, deletedUpTo: 4n }, () => undefined)).toEqual(
      { kind: 'write', firstRevision: 5n },
    );
  });

  it('given the ids already at revisions 3 and 4, when retried expecting 2n, then it reports the original write', () => {
    const ids: string[] = [randomUUID(), randomUUID()];
    const found = new Map<string | undefined, ExistingEvent>([
      [ids[0], { stream: 's', revision: 3n, position: 10n }],
      [ids[1], { stream: 's', revision: 4n, position: 12n }],
    ]);
    const decision = decideAppend(append(2n, ids), { lastRevision: 9n, deletedUpTo: null }, (id) =>
      found.get(id),
    );
    expect(decision).toEqual({ kind: 'already-written', lastRevision: 4n, position: 12n });
    expect(() =>
      decideAppend(append(5n, ids), { lastRevision: 9n, deletedUpTo: null }, (id) => found.get(id)),
    ).toThrow(WrongExpectedRevisionError);
  });

  it('given the first id recorded in another stream, then DuplicateEventIdError names that stream', () => {
    const id = randomUUID();
    const attempt = () =>
      decideAppend(append('any', [id]), EMPTY_HEAD, () => ({ stream: 'other', revision: 0n, position: 1n }));
    expect(attempt).toThrow(DuplicateEventIdError);
    expect(attempt).toThrow('already recorded in stream other');
  });
});
