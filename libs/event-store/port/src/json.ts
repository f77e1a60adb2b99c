import { InvalidEventStoreInputError } from './errors';

/**
 * Throws unless `value` survives a JSON round trip unchanged: plain objects, arrays, strings, finite
 * numbers, booleans and null. `undefined` object properties are allowed and dropped, as JSON.stringify
 * does, so optional fields set to `undefined` need no special care; everything else is refused by name.
 */
export function assertJsonValue(value: unknown, field: string): void {
  checkValue(value, [field], new Set());
}

/**
 * `value` as JSON text, refused exactly as `assertJsonValue` refuses it. Every append runs it on every event, so
 * the common case costs one plain walk that only answers yes or no (a cycle makes JSON.stringify throw first);
 * the walk that names the offending field runs only for a value that is refused.
 */
export function toJsonText(value: unknown, field: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined || !isPlainJson(value)) {
    assertJsonValue(value, field);
    throw new InvalidEventStoreInputError(field, 'is not a JSON value');
  }
  return text;
}

/** The rule of `checkValue` as a yes/no answer, for a value known to be acyclic. */
function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value === null || (Array.isArray(value) ? value.every(isPlainJson) : isPlainObject(value));
    default:
      return false;
  }
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && !isPlainJson(item)) return false;
  }
  return true;
}

/** The field path as `data.bids[2].face`; built only for a refusal (the check runs on every append). */
function named(path: readonly (string | number)[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

function checkValue(value: unknown, path: (string | number)[], ancestors: Set<object>): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value))
        throw new InvalidEventStoreInputError(named(path), `is ${value}; JSON numbers must be finite`);
      return;
    case 'object':
      if (value !== null) checkObject(value, path, ancestors);
      return;
    default:
      throw new InvalidEventStoreInputError(named(path), `is ${typeof value}, which JSON cannot represent`);
  }
}

function checkObject(value: object, path: (string | number)[], ancestors: Set<object>): void {
  if (ancestors.has(value)) throw new InvalidEventStoreInputError(named(path), 'is a circular reference');
  ancestors.add(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) checkChild(value[index], path, index, ancestors);
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? 'non-plain object';
      throw new InvalidEventStoreInputError(
        named(path),
        `is a ${kind}; only plain objects, arrays and primitives are JSON`,
      );
    }
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) checkChild(item, path, key, ancestors);
    }
  }
  ancestors.delete(value);
}

function checkChild(item: unknown, path: (string | number)[], part: string | number, ancestors: Set<object>): void {
  path.push(part);
  checkValue(item, path, ancestors);
  path.pop();
}
