import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { textHash } from './document-cache';

/**
 * The console's operations as graphql-codegen writes them (`persisted-documents.json`: SHA-256 of the text → text),
 * in this repository's layout; TRUSTED_DOCUMENTS_FILE names another file.
 */
export const CONSOLE_MANIFEST = path.join(__dirname, '..', '..', '..', 'console', 'src', 'data', 'generated', 'persisted-documents.json');

/**
 * The documents the server knows in advance (ADR 0065): a client may send one by its hash alone
 * (`extensions.persistedQuery.sha256Hash`, Apollo's persisted-query format), and in production they are all an
 * anonymous caller may send. Apollo resolves hashes through `asPersistedQueries` (read only: clients cannot add).
 */
export class TrustedDocuments {
  private constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  static none(): TrustedDocuments {
    return new TrustedDocuments(new Map());
  }

  /** The manifest at `file`; throws naming the file and the entry when one is not what it says. */
  static load(file: string): TrustedDocuments {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) throw new Error(`${file}: expected an object of SHA-256 hash → document text`);
    const byHash = new Map<string, string>();
    for (const [hash, text] of Object.entries(manifest)) {
      if (typeof text !== 'string' || textHash(text) !== hash) throw new Error(`${file}: the entry ${hash.slice(0, 16)}… is not the SHA-256 of its text`);
      byHash.set(hash, text);
    }
    return new TrustedDocuments(byHash);
  }

  /** The manifest at `file` if given, else the console's when it exists (none otherwise). */
  static fromSetting(file: string | undefined): TrustedDocuments {
    if (file) return TrustedDocuments.load(file);
    return existsSync(CONSOLE_MANIFEST) ? TrustedDocuments.load(CONSOLE_MANIFEST) : TrustedDocuments.none();
  }

  get size(): number {
    return this.byHash.size;
  }

  has(hash: string): boolean {
    return this.byHash.has(hash);
  }

  text(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  /** Apollo's persisted-query cache over the manifest: it reads `apq:<hash>`; what it would store is dropped. */
  asPersistedQueries() {
    return {
      get: async (key: string) => this.byHash.get(key.slice(key.lastIndexOf(':') + 1)),
      set: async () => undefined,
      delete: async () => undefined,
    };
  }
}
