#!/usr/bin/env node
import { ConfigError } from './config';
import { startApi } from './server';

/** `node apps/api/dist/main.js`: settings from the environment (docs/operations.md). */
startApi().then(
  (api) => {
    process.stdout.write(
      [
        `Liar's Dice API ready (${api.config.store} store, data in ${api.config.dataDir})`,
        `  GraphQL        ${api.graphqlUrl}`,
        `  Subscriptions  ${api.wsUrl}`,
        `  Health         ${api.url}/health`,
        `  Metrics        ${api.url}/metrics`,
        '',
      ].join('\n'),
    );
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
