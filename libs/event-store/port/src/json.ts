import { InvalidEventStoreInputError } from './errors';

/**
 * Throws unless `value` survives a JSON round trip unchanged: plain objects, arrays, strings, finite
 * numbers, booleans and null. `undefined` object properties are allowed and dropped, as JSON.stringify
 * does, so optional fields set to `undefined` need no special care; everything else is refused by name.
 */
export function assertJsonValue(value: unknown, field: string): void {
  checkValue(value, field, new Set());
}

function checkValue(value: unknown, field: string, ancestors: Set<object>): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value))
        throw new InvalidEventStoreInputError(field, `is ${value}; JSON numbers must be finite`);
      return;
    case 'object':
      if (value !== null) checkObject(value, field, ancestors);
      return;
    default:
      throw new InvalidEventStoreInputError(field, `is ${typeof value}, which JSON cannot represent`);
  }
}

function checkObject(value: object, field: string, ancestors: Set<object>): void {
  if (ancestors.has(value)) throw new InvalidEventStoreInputError(field, 'is a circular reference');
  ancestors.add(value);
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => checkValue(item, `${field}[${index}]`, ancestors));
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? 'non-plain object';
      throw new InvalidEventStoreInputError(
        field,
        `is a ${kind}; only plain objects, arrays and primitives are JSON`,
      );
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) checkValue(item, `${field}.${key}`, ancestors);
    }
  }
  ancestors.delete(value);
}
