#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { DataDirLockedError } from '@liars-dice/server-platform';
import { ConfigError } from './config';
import { EXIT_CONFIG, EXIT_SOFTWARE, installLastResort } from './last-resort';
import { startApi } from './server';

// Files this process creates (beyond the data directory's own, made 0600 explicitly) are the owner's only.
process.umask(0o077);
// node-flags.cjs sizes the main thread's young generation; V8 reads the flag as each isolate is made, so clearing it
// here leaves the worker threads, all made after this line, to their own bounds (resourceLimits, ADR 0024).
setFlagsFromString('--max-semi-space-size=0');

/** `node apps/api/dist/main.js`: settings from the environment (docs/operations.md). */
startApi().then(
  (api) => {
    installLastResort(api.logger, { shutdown: () => api.close(), exit: (code) => process.exit(code) });
    // GraphiQL is the console's page (its own bundle, the signed-in user's token); `npm start` says where the console is.
    const consoleUrl = process.env['CONSOLE_URL'];
    process.stdout.write(
      [
        `Liar's Dice API ready (${api.config.store} store, data in ${api.config.dataDir})`,
        `  GraphiQL       ${consoleUrl ? `${consoleUrl}/graphiql` : "the console's /graphiql page"}`,
        `  GraphQL        ${api.graphqlUrl}`,
        `  Subscriptions  ${api.wsUrl}`,
        `  Health         ${api.url}/health`,
        `  Metrics        ${api.url}/metrics`,
        '',
      ].join('\n'),
    );
    // SIGTERM / Ctrl-C: stop taking commands, let the running ones finish, close the store, exit 0. A
    // second signal (Ctrl-C reaches both `npm start` and this process) must not cut the drain short.
    let stopping = false;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        api.logger.info({ signal }, 'shutting down');
        api.close().then(
          () => {
            api.logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            api.logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  },
  (error: unknown) => {
    // A bad setting will not fix itself, nor will a data directory another live process owns: the supervisor
    // does not restart after EXIT_CONFIG.
    const setup = error instanceof ConfigError || error instanceof DataDirLockedError;
    process.stderr.write(`${setup ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(setup ? EXIT_CONFIG : EXIT_SOFTWARE);
  },
);
