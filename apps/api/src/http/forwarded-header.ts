import { isIP } from 'node:net';

/**
 * The `for` node of every element of the `Forwarded` header (RFC 7239), client first, as X-Forwarded-For lists
 * its entries: an IP address (without its port or IPv6 brackets), or the text of a node that names no address
 * (`unknown`, an obfuscated `_id`), or '' for an element that names no `for` node or cannot be read. Those last
 * two are never an address, so the walk of the trusted hops stops at them (client-address.ts).
 *
 * Each header line is read on its own (RFC 7239 allows one line per proxy): a client's unterminated quote in its
 * own line cannot swallow the elements a proxy appended in another.
 */
export function forwardedFor(lines: readonly string[]): string[] {
  const nodes: string[] = [];
  for (const line of lines) for (const element of splitOutsideQuotes(line, ',')) nodes.push(forNodeOf(element));
  return nodes;
}

/**
 * Splits at each separator outside quoted strings (a backslash escapes the next character inside one); the blank
 * parts the list syntax allows (`a, , b`, `for=x;;by=y`) are skipped.
 */
function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

/** RFC 7230's token characters: a parameter name, or a value that is not quoted. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PAIR = /^\s*([^=\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^"\s]+)\s*$/s;

/** The element's one `for` value as a node, or '' when it has none, has two, or any pair is malformed. */
function forNodeOf(element: string): string {
  let node: string | undefined;
  for (const pair of splitOutsideQuotes(element, ';')) {
    const match = PAIR.exec(pair);
    if (!match) return '';
    const [, name, raw] = match as unknown as [string, string, string];
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/gs, '$1') : raw;
    if (!TOKEN.test(name) || (!raw.startsWith('"') && !TOKEN.test(raw))) return '';
    if (name.toLowerCase() !== 'for') continue;
    if (node !== undefined) return '';
    node = nodeAddress(value);
  }
  return node ?? '';
}

const PORT = /^(\d{1,5}|_[A-Za-z0-9._-]+)$/;

/**
 * `node = nodename [ ":" node-port ]` (RFC 7239 §6): `192.0.2.43`, `"192.0.2.43:47011"`, `"[2001:db8::17]:4711"`,
 * or `unknown` / `_obfuscated` as they are. A bare IPv6 address (no brackets) is read too, as some proxies send it;
 * a malformed address or port makes the node junk (''), not the part that looked right.
 */
function nodeAddress(value: string): string {
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    const address = value.slice(1, close);
    const rest = value.slice(close + 1);
    return close > 0 && isIP(address) === 6 && (rest === '' || (rest.startsWith(':') && PORT.test(rest.slice(1)))) ? address : '';
  }
  if (isIP(value) !== 0) return value;
  const colon = value.indexOf(':');
  if (colon < 0) return /^(unknown|_[A-Za-z0-9._-]+)$/i.test(value) ? value : '';
  const host = value.slice(0, colon);
  return isIP(host) === 4 && PORT.test(value.slice(colon + 1)) ? host : '';
}
