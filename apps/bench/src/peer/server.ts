#!/usr/bin/env node
// The peer baseline's server, a process of its own (started by peer-run.ts): boardgame.io's own Server (Koa, its
// socket.io transport, its in-memory store) with our game, on a loopback port. Prints `ready <port>` when listening.
import { createRequire } from 'node:module';
import { liarsDiceGame } from './liars-dice-game';

interface BoardgameServer {
  readonly app: { listen: (...args: unknown[]) => unknown };
  run(config: { port: number }): Promise<{ appServer: { address(): { port: number } } }>;
}

async function main(installDir: string): Promise<void> {
  const load = createRequire(`${installDir}/package.json`);
  const { Server, Origins } = load('boardgame.io/server') as { Server: (options: object) => BoardgameServer; Origins: { LOCALHOST: RegExp } };
  const server = Server({ games: [liarsDiceGame], origins: [Origins.LOCALHOST] });
  // run() takes no host: its listen gets one here, so the server is on loopback only, as ours is in the bench.
  const listen = server.app.listen.bind(server.app);
  server.app.listen = (port: unknown, ...rest: unknown[]) => listen(port, '127.0.0.1', ...rest);
  const { appServer } = await server.run({ port: 0 });
  process.stdout.write(`ready ${appServer.address().port}\n`);
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
