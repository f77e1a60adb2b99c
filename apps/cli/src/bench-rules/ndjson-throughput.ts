import { spawn } from 'node:child_process';
import type { MatchEvent } from '@liars-dice/game-rules';
import type { RecordedMatch } from './recorded-matches';

/** A typical ruling request: the first one to three rounds of a recorded match, dice and chambers listed. */
export function scenarioLine(match: RecordedMatch, index: number): string {
  const rounds = 1 + (index % 3);
  const dice: unknown[] = [];
  const chambers: number[] = [];
  let actionsUsed = 0;
  let ended = 0;
  for (const event of match.events as MatchEvent[]) {
    if (event.type === 'RoundStarted' && ended < rounds) dice.push(event.data.dice);
    if (event.type === 'TriggerPulled' && ended < rounds) chambers.push(event.data.chamber);
    if (event.type === 'BidPlaced' && ended < rounds) actionsUsed++;
    if ((event.type === 'LiarCalled' || event.type === 'SpotOnCalled') && ended < rounds) {
      actionsUsed++;
      ended++;
    }
  }
  return JSON.stringify({ ruleset: match.ruleset, players: match.players, dice, chambers, seed: index, actions: match.actions.slice(0, actionsUsed) });
}

/** Pipes every line through a child process and waits for as many output lines; returns lines per second. */
export function pipeThroughput(command: string, args: readonly string[], lines: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let received = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) received++;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || received !== lines.length) reject(new Error(`${args.join(' ')}: exit ${code}, ${received}/${lines.length} lines`));
      else resolve(lines.length / (Number(process.hrtime.bigint() - started) / 1e9));
    });
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}
