import { InvalidEventStoreInputError } from './errors';

/**
 * Throws unless `value` survives a JSON round trip unchanged: plain objects, arrays, strings, finite
 * numbers, booleans and null. `undefined` object properties are allowed and dropped, as JSON.stringify
 * does, so optional fields set to `undefined` need no special care; everything else is refused by name.
 */
export function assertJsonValue(value: unknown, field: string): void {
  checkValue(value, [field], new Set());
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
