import { createRng, gameName, headsUpPosition, playMatch, SOLVED_ROUNDS_BASE64, SolvedTable, solvedTable, STRATEGIES } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { performance } from 'node:perf_hooks';
import { Histogram } from './stats';

const us = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} ms` : `${x.toFixed(1)} µs`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/**
 * What the stored strategies cost: their size committed and in memory, the one-off decoding, and the expert's
 * decisions in solved rounds alone (expert against expert, classic heads-up from three dice each, so most
 * rounds end in solved splits).
 */
export function solvedStats(matches: number, seedHex: string): string[] {
  const started = performance.now();
  const fresh = SolvedTable.fromBase64(SOLVED_ROUNDS_BASE64);
  const decodeMs = performance.now() - started;
  const table = solvedTable();
  const cpu = new Histogram();
  const wall = new Histogram();
  for (let i = 0; i < matches; i++) {
    const rngs = new Map(['a', 'b'].map((id) => [id, createRng(`solved|${i}|${id}`)]));
    playMatch(
      { matchId: `solved-${i}`, ruleset: i % 2 === 0 ? 'classic' : 'perudo', options: i % 2 === 0 ? { startingDice: 3 } : {}, players: ['a', 'b'] },
      (player, view, legal) => {
        const position = headsUpPosition(view);
        const solved = position !== null && table.games.has(gameName(position.game.spec));
        const usage = process.cpuUsage();
        const at = performance.now();
        const action = STRATEGIES.expert(view, legal, rngs.get(player) ?? createRng(player));
        if (solved) {
          wall.add((performance.now() - at) * 1000);
          const used = process.cpuUsage(usage);
          cpu.add(used.user + used.system);
        }
        return action;
      },
      (state) => houseCommand(state, seedHex),
    );
  }
  return [
    '### The stored strategies',
    `${table.games.size} solved rounds; committed as ${kb((SOLVED_ROUNDS_BASE64.length * 3) / 4)} compressed (${kb(SOLVED_ROUNDS_BASE64.length)} of base64 in the data module);`,
    `in memory ${kb(table.memoryBytes())} (the ${kb(table.body.byteLength)} uncompressed body, read in place, plus an 8-byte index entry per node);`,
    `decoded once per process on the expert's first heads-up decision in ${decodeMs.toFixed(0)} ms (${fresh.games.size} rounds).`,
    '',
    `Expert decisions in solved rounds (${matches} expert-vs-expert heads-up matches, classic from 3 dice and perudo): ` +
      `${cpu.count} decisions, CPU p50 ${us(cpu.quantile(0.5))}, p99 ${us(cpu.quantile(0.99))}; wall p50 ${us(wall.quantile(0.5))}, p99 ${us(wall.quantile(0.99))}.`,
  ];
}
