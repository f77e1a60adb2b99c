import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The console's operations as the API trusts them (graphql-codegen's persisted-documents.json: hash → text). */
const MANIFEST = path.join(__dirname, '..', '..', '..', 'console', 'src', 'data', 'generated', 'persisted-documents.json');

/** The hash of the console's operation `name` (`mutation Register(…`, `query Me …`). */
export function trustedHash(name: string): string {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>;
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`(query|mutation|subscription) ${name}\\b`).test(text));
  if (!found) throw new Error(`no console operation named ${name}`);
  return found[0];
}

/** A POST body sending the console's operation `name` by its hash alone, as the console does. */
export function byHash(name: string, variables: Record<string, unknown> = {}): string {
  return JSON.stringify({ operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: trustedHash(name) } } });
}
