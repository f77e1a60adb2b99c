/** A bot request that does not describe a legal position; the message names the first bad field. */
export class InvalidBotRequest extends Error {
  override readonly name = 'InvalidBotRequest';
}

export function fail(message: string): never {
  throw new InvalidBotRequest(message);
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function wholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Refuses a key of `input` that is not one of `fields`: a misspelt field (`bidz`) must not be read as absent and
 * answered as another position. `at` is the object's own path (`view.round`).
 */
export function onlyFields(input: Json, fields: ReadonlySet<string>, at: string): void {
  const unknown = Object.keys(input).find((key) => !fields.has(key));
  if (unknown !== undefined) fail(`${at}.${unknown}: not a field (expected ${[...fields].join(', ')})`);
}
