import type { SimulationOptions, SimulationResult } from './run-tournament';

export interface Environment {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

/** Five minutes on this 2-core machine for 1,000 players (issue #14). */
export const TARGET_MS = 5 * 60_000;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loads = (values: readonly number[]) => values.map((n) => n.toFixed(2)).join(', ');

/** The simulation's Markdown report (committed as docs/benchmarks/tournament.md). */
export function simulationReport(options: SimulationOptions, result: SimulationResult, env: Environment, usage: NodeJS.ResourceUsage): string {
  const { tournament, rounds, podium, verification } = result;
  const tables = rounds.reduce((n, r) => n + r.tables, 0);
  const lines = [
    '# Tournament simulation',
    '',
    `Command: \`npm run simulate -- tournament --players ${options.players} --family ${options.family} --rounds ${options.rounds} --max-table ${options.maxTable} --difficulty ${options.difficulty}${options.knockout ? ` --knockout ${options.knockout}` : ''}\``,
    `· Node ${env.node} · ${env.cpu} · ${env.cores} cores · load average ${loads(env.loadBefore)} before, ${loads(env.loadAfter)} after`,
    '',
    `${fmt(options.players)} CPU players (${options.difficulty}, think time 0) in a ${options.knockout ? 'knockout-tables' : 'swiss-tables'} tournament of ${options.family}, tables of up to ${options.maxTable}:`,
    'created, entered and run through the command bus on the embedded SQLite store; the director (process manager) starts it,',
    'draws and publishes every seating, opens and starts every table match and records every result.',
    '',
    '| measurement | result | target | verdict |',
    '|---|---|---|---|',
    `| wall time, creation to final table | ${seconds(result.wallMs)} | ≤ ${seconds(TARGET_MS)} | ${result.wallMs <= TARGET_MS ? 'met' : 'MISSED'} |`,
    `| of which: entering ${fmt(options.players)} players | ${seconds(result.registrationMs)} | – | – |`,
    `| rounds | ${rounds.length} (${options.knockout ? 'knockout rounds' : `${options.rounds} swiss`} + final) | – | – |`,
    `| tables | ${fmt(tables)} | – | – |`,
    `| matches | ${fmt(result.matches)} | – | – |`,
    `| events in the store | ${fmt(result.events)} | – | – |`,
    `| events/s over the wall time | ${fmt(result.events / (result.wallMs / 1000))} | – | – |`,
    `| peak RSS of the process | ${fmt(usage.maxRSS / 1024)} MiB | – | – |`,
    `| CPU time of the process (user + system, all threads) | ${seconds((usage.userCPUTime + usage.systemCPUTime) / 1000)} | what a quiet machine's wall time tends to | – |`,
    `| every lot, seating and table match verified from the revealed seed | ${verification.allVerified ? 'yes' : 'NO'} (${verification.lotsChecked} lots, ${verification.seatingsChecked} seatings, ${verification.matches.length} matches) | yes | ${verification.allVerified ? 'met' : 'MISSED'} |`,
    '',
    '| round | stage | tables | seating to last result |',
    '|---|---|---|---|',
    ...rounds.map((r) => `| ${r.round} | ${r.stage} | ${r.tables} | ${seconds(r.ms)} |`),
    '',
    `Final standings (top ${podium.length}), status ${tournament.status}:`,
    '',
    ...podium.map((s) => `- ${s.explanation}`),
  ];
  return lines.join('\n');
}
