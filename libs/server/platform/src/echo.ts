/** How much of a caller's input a refusal repeats back: enough to recognise it, never a megabyte of it. */
export const ECHO_LIMIT = 64;

/**
 * The caller's `value` as a refusal may repeat it: the first `limit` characters, then "…" when there was
 * more. A cut never splits a surrogate pair or leaves a dangling escape backslash.
 */
export function echoed(value: string, limit = ECHO_LIMIT): string {
  if (value.length <= limit) return value;
  let head = value.slice(0, limit);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const trailing = /\\+$/.exec(head)?.[0].length ?? 0;
  if (trailing % 2 === 1) head = head.slice(0, -1);
  return `${head}…`;
}

/** A double-quoted literal, escapes included: how GraphQL's own messages repeat a value or a name sent. */
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** `message` with every double-quoted literal in it cut to `limit` characters (`echoed`). */
export function withQuotesEchoed(message: string, limit = ECHO_LIMIT): string {
  return message.length <= limit ? message : message.replace(QUOTED, (_whole, inner: string) => `"${echoed(inner, limit)}"`);
}
