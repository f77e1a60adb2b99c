#!/usr/bin/env node
import { COMMANDS } from './commands';

/** `node apps/cli/dist/main.js <command> [args…]`: one entry point for every tool in apps/cli. */
async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  const help = name === '--help' || name === '-h' || name === 'help';
  const load = name && !help ? COMMANDS[name] : undefined;
  if (!load) {
    const list = Object.entries(COMMANDS)
      .map(([key, loadOne]) => `  ${key.padEnd(14)} ${loadOne().summary}`)
      .join('\n');
    const known = !name || help;
    (known ? process.stdout : process.stderr).write(
      `${known ? '' : `unknown command: ${name}\n`}usage: <command> [args]\n${list}\n`,
    );
    return known ? 0 : 2;
  }
  return load().run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
