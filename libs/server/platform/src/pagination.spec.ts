import { checkFirst, decodeCursor, encodeCursor, pageOf } from './pagination';
import { Refusal } from './errors';

describe('keyset pagination', () => {
  it('given a sort key, then its cursor decodes to the same key, checked part by part', () => {
    const cursor = encodeCursor([1_700_000_000_000, 'm7']);
    expect(decodeCursor(cursor, ['number', 'string'])).toEqual([1_700_000_000_000, 'm7']);
  });

  it.each`
    after                                         | why
    ${'not base64 json'}                          | ${'not a cursor at all'}
    ${encodeCursor(['m7', 1])}                    | ${'parts of the wrong kinds'}
    ${encodeCursor([1])}                          | ${'too few parts'}
    ${Buffer.from('{"a":1}').toString('base64url')} | ${'not a list'}
  `('given $why, then it is refused naming the argument', ({ after }) => {
    expect(() => decodeCursor(after, ['number', 'string'])).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }) as Refusal);
  });

  it('given no cursor, then the first page', () => {
    expect(decodeCursor(null, ['number'])).toBeNull();
    expect(decodeCursor('', ['number'])).toBeNull();
  });

  it('given first + 1 rows, then a page of first with a next page and the last shown row as cursor', () => {
    const page = pageOf([{ k: 1 }, { k: 2 }, { k: 3 }], 2, (row) => [row.k]);
    expect(page).toEqual({ nodes: [{ k: 1 }, { k: 2 }], endCursor: encodeCursor([2]), hasNextPage: true });
    expect(pageOf([], 2, () => [])).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('given a page size out of range, then it is refused naming the argument', () => {
    expect(() => checkFirst(0)).toThrow('first: 1 to 100');
    expect(() => checkFirst(1001, 1000, 'count')).toThrow('count: 1 to 1000');
    expect(() => checkFirst(2.5)).toThrow(Refusal);
    expect(() => checkFirst(100)).not.toThrow();
  });
});
