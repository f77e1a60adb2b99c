import { type BotKind, createRng, playMatch, STRATEGIES } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import type { Ruleset } from '@liars-dice/game-rules';
import { performance } from 'node:perf_hooks';
import { Histogram } from './stats';

export interface DecisionTimes {
  readonly kind: BotKind;
  /** Elapsed time per decision, µs. */
  readonly wall: Histogram;
  /** CPU time of the process per decision, µs: the decision's own cost, without waits for a busy core. */
  readonly cpu: Histogram;
}

const WARM_UP = 10;

/**
 * Decision times measured on the main thread alone, after the ladder: 4-player tables of one kind in each
 * family (the first matches only warm the JIT up). With nothing else of ours running, process CPU time is
 * this thread's.
 */
export function timeDecisions(kinds: readonly BotKind[], families: readonly Ruleset[], matches: number, seedHex: string): DecisionTimes[] {
  return kinds.map((kind) => {
    const times: DecisionTimes = { kind, wall: new Histogram(), cpu: new Histogram() };
    for (const family of families) {
      for (let i = 0; i < WARM_UP + matches; i++) {
        const players = ['t0', 't1', 't2', 't3'];
        const rngs = new Map(players.map((id) => [id, createRng(`timing|${kind}|${family}|${i}|${id}`)]));
        const record = i >= WARM_UP;
        playMatch(
          { matchId: `timing-${kind}-${family}-${i}`, ruleset: family, players },
          (player, view, legal) => {
            const cpu = process.cpuUsage();
            const started = performance.now();
            const action = STRATEGIES[kind](view, legal, rngs.get(player) ?? createRng(player));
            const wall = (performance.now() - started) * 1000;
            const used = process.cpuUsage(cpu);
            if (record) {
              times.wall.add(wall);
              times.cpu.add(used.user + used.system);
            }
            return action;
          },
          (state) => houseCommand(state, seedHex),
        );
      }
    }
    return times;
  });
}
