import { createHash } from 'node:crypto';
import type { DocumentStore } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

/** The text's SHA-256 in hex: what Apollo keys its documents and persisted queries by. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The source characters kept parsed at most (a parsed document takes some tens of times its text's size). */
const MAX_TEXT_CHARS = 2_000_000;
const MAX_DOCUMENTS = 2_000;

/**
 * Parsed and validated documents, by the SHA-256 of their text: Apollo's `documentStore` (what it parsed and validated
 * over HTTP) and the websocket route's alike, so a text is parsed and validated once for both. Apollo keys a store it
 * is given by `<schema hash>:<text hash>`; this process serves one schema, so the text hash alone names a document.
 * Bounded by count and by text size (least recently used first out); only documents that passed validation get in.
 */
export class DocumentCache implements DocumentStore {
  private readonly documents = new LRUCache<string, DocumentNode>({
    max: MAX_DOCUMENTS,
    maxSize: MAX_TEXT_CHARS,
    sizeCalculation: (document) => Math.max(1, document.loc?.end ?? 1),
  });

  /** Whether this text (by hash) was parsed and validated already: a request for it costs no parsing. */
  has(hash: string): boolean {
    return this.documents.has(hash);
  }

  document(hash: string): DocumentNode | undefined {
    return this.documents.get(hash);
  }

  remember(hash: string, document: DocumentNode): void {
    this.documents.set(hash, document);
  }

  async get(key: string): Promise<DocumentNode | undefined> {
    return this.documents.get(hashOf(key));
  }

  async set(key: string, document: DocumentNode): Promise<void> {
    this.documents.set(hashOf(key), document);
  }

  async delete(key: string): Promise<boolean | void> {
    return this.documents.delete(hashOf(key));
  }
}

const hashOf = (key: string): string => key.slice(key.lastIndexOf(':') + 1);
