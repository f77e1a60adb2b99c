import { Refusal } from './errors';

/** One page of a list, newest or best first; `endCursor` is what the next request passes as `after`. */
export interface Page<T> {
  readonly nodes: T[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/** A column value of a list's sort key. */
export type KeyPart = string | number;
type KindOf<P> = P extends 'number' ? number : string;
type KeyOf<Kinds extends readonly ('string' | 'number')[]> = { -readonly [I in keyof Kinds]: KindOf<Kinds[I]> };

/** Page sizes: a whole number from 1 to `max`, refused naming the argument. */
export function checkFirst(first: number, max = 100, field = 'first'): void {
  if (!Number.isInteger(first) || first < 1 || first > max) throw new Refusal('BAD_USER_INPUT', `${field}: 1 to ${max}`, field);
}

/**
 * A page-size argument's default and description: the bounds `checkFirst(first, max)` holds it to, stated in the
 * schema (a client reads them there, not in a refusal).
 */
export function pageSize(defaultValue: number, max = 100, what = 'items'): { defaultValue: number; description: string } {
  return { defaultValue, description: `How many ${what} a page holds: 1 to ${max} (default ${defaultValue}); outside that, BAD_USER_INPUT.` };
}

/**
 * Keyset pagination: a cursor is the sort key of the last row a page showed, opaque to clients (base64url
 * JSON). The next page is the rows after that key, so pages stay stable while rows are added.
 */
export function encodeCursor(key: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key inside a cursor this API made, checked part by part; null for no cursor; refused otherwise. */
export function decodeCursor<Kinds extends readonly ('string' | 'number')[]>(after: string | null | undefined, kinds: Kinds, field = 'after'): KeyOf<Kinds> | null {
  if (after === null || after === undefined || after === '') return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const fits = Array.isArray(key) && key.length === kinds.length && key.every((part, i) => typeof part === kinds[i]);
  if (!fits) throw new Refusal('BAD_USER_INPUT', `${field}: not a cursor from this list`, field);
  return key as KeyOf<Kinds>;
}

/** A page of rows as a page of what the API shows of them. */
export function mapPage<R, V>(page: Page<R>, view: (row: R) => V): Page<V> {
  return { ...page, nodes: page.nodes.map(view) };
}

/** A page from rows read with `LIMIT first + 1`: the extra row only says there is a next page. */
export function pageOf<T>(rows: readonly T[], first: number, keyOf: (row: T) => readonly KeyPart[]): Page<T> {
  const nodes = rows.slice(0, first);
  const last = nodes.at(-1);
  return { nodes, endCursor: last === undefined ? null : encodeCursor(keyOf(last)), hasNextPage: rows.length > first };
}
