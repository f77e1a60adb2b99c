#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printApiSchema } from './api-schema';

/**
 * `npm run schema`: prints the API's schema to docs/schema.graphql (the console's typed operations are
 * generated from it). `npm run schema -- --check` only compares, and exits 1 when the file is stale.
 */
async function main(args: readonly string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`schema: unknown argument ${unknown[0]} (usage: npm run schema [-- --check])\n`);
    return 2;
  }
  const file = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'schema.graphql');
  const printed = await printApiSchema();
  if (args.includes('--check')) {
    const current = readFileSync(file, 'utf8');
    if (current === printed) return 0;
    process.stderr.write('schema: docs/schema.graphql differs from the code; run `npm run schema`\n');
    return 1;
  }
  writeFileSync(file, printed);
  process.stderr.write(`schema: wrote ${path.relative(process.cwd(), file)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`schema: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
