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
