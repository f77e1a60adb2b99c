import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';

/**
 * Keeps each match's secret seed inside its own first event, sealed with AES-256-GCM under the server's
 * seed key: any replica holding the key can roll after a restart, and the seed never leaves in clear
 * before the match's last event reveals it (docs/adr/0004).
 */
/** Opened seeds kept: the least recently used leave first, so the matches in play keep theirs. */
export const OPENED_LIMIT = 5000;

@Injectable()
export class SeedVault {
  private readonly key: Buffer;
  /** Opened seeds by sealed text: a match's house moves open the same seed on every roll, so it is decrypted once. */
  private readonly opened = new LRUCache<string, string>({ max: OPENED_LIMIT });

  constructor(@Inject(SERVER_SETTINGS) settings: ServerSettings) {
    this.key = Buffer.from(settings.seedKey, 'hex');
  }

  newSeed(): string {
    return randomBytes(32).toString('hex');
  }

  seal(seedHex: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(seedHex, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  open(sealed: string): string {
    const known = this.opened.get(sealed);
    if (known !== undefined) return known;
    const seed = this.decrypt(sealed);
    // Bounded like the match cache; the key that opens them is in this process's memory anyway.
    this.opened.set(sealed, seed);
    return seed;
  }

  private decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('sealed seed: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
