import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { startApi } from '../server';

/** The first lines of docs/schema.graphql: where it comes from, so nobody edits it by hand. */
export const SCHEMA_HEADER = '# The GraphQL API, printed from the code by `npm run schema`. Do not edit: the schema test fails when it drifts.\n\n';

/**
 * The schema the API serves, as SDL: the real app is started (in-memory store, temporary data directory,
 * random port), so every resolver, input and enum the slices register is in it.
 */
export async function printApiSchema(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-schema-'));
  const api = await startApi({ PORT: '0', DATA_DIR: dataDir, EVENT_STORE: 'memory', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  try {
    const { schema } = api.app.get(GraphQLSchemaHost);
    return `${SCHEMA_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
  } finally {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
