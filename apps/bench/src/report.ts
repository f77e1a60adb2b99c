import type { Measurements } from './measurements';
import { ms, quantile } from './stats';

export interface Plan {
  readonly seconds: number;
  readonly tables: number;
  readonly subscribers: number;
  readonly cpuSeats: number;
}

/** The issue's targets, set at 64 tables with 100 subscribers. */
const TARGET = { tables: 64, subscribers: 100, mutationsPerSecond: 1500, pushP99Ms: 50 };

export interface PushDelays {
  /** Push arrival − the mutation's request start, ms (same clock): what a player waiting on others sees. */
  readonly fromRequest: number[];
  /** Push arrival − the server's commit stamp, ms (wall clocks of two processes on one machine). */
  readonly fromCommit: number[];
  readonly expected: number;
  readonly matched: number;
}

/** Every push matched to the accepted mutation that produced its revision; nothing clamped. */
export function pushDelays(measured: Measurements): PushDelays {
  const fromRequest: number[] = [];
  const fromCommit: number[] = [];
  for (const push of measured.pushes) {
    const sent = measured.sent.get(push.key);
    if (!sent) continue;
    fromRequest.push(push.at - sent.started);
    if (push.committedAt !== null) fromCommit.push(push.wallAt - push.committedAt);
  }
  const expected = [...measured.sent.values()].reduce((sum, s) => sum + s.audience, 0);
  return { fromRequest, fromCommit, expected, matched: fromRequest.length };
}

function spread(values: readonly number[]): string {
  return ['min', 0.5, 0.99, 1].map((q) => ms(q === 'min' ? quantile(values, 0) : quantile(values, q as number))).join(' / ');
}

function verdict(met: boolean, plan: Plan): string {
  const comparable = plan.tables === TARGET.tables && plan.subscribers === TARGET.subscribers;
  const word = met ? 'met' : 'NOT met';
  return comparable ? `**${word}**` : `${word} (but the target is set at ${TARGET.tables} tables / ${TARGET.subscribers} subscribers; this run used ${plan.tables} / ${plan.subscribers})`;
}

/** The verdicts, printed by the tool itself. */
export function verdicts(plan: Plan, measured: Measurements, elapsedMs: number, delays: PushDelays): string[] {
  const rate = measured.mutations / (elapsedMs / 1000);
  const p99 = quantile(delays.fromRequest, 0.99);
  return [
    `- mutations/s ≥ ${TARGET.mutationsPerSecond.toLocaleString('en')} at ${TARGET.tables} tables with ${TARGET.subscribers} subscribers: ${rate.toFixed(0)}/s — ${verdict(rate >= TARGET.mutationsPerSecond, plan)}`,
    `- push p99 ≤ ${TARGET.pushP99Ms} ms from the mutation's request start: ${ms(p99)} — ${verdict(p99 <= TARGET.pushP99Ms, plan)}` +
      (delays.matched < delays.expected ? ` (${delays.expected - delays.matched} expected pushes never arrived)` : ''),
  ];
}

export function table(plan: Plan, measured: Measurements, elapsedMs: number, cpu: { server: number; main: number; client: number }): string {
  const delays = pushDelays(measured);
  const latencies = [...measured.sent.values()].map((s) => s.replied - s.started);
  const errors = [...measured.errors].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  return [
    `| measure | value |`,
    `|---|---|`,
    `| duration | ${(elapsedMs / 1000).toFixed(1)} s |`,
    `| tables (concurrent matches, classic, 3 players${plan.cpuSeats > 0 ? ` and ${plan.cpuSeats} CPU seats` : ''} each) | ${plan.tables} |`,
    `| websocket subscribers | ${plan.subscribers} |`,
    `| mutations accepted (the players' placeBid / callLiar) | ${measured.mutations} |`,
    `| requests refused or failed, by code (left out of every latency below) | ${measured.errorCount}: ${errors} |`,
    `| matches finished | ${measured.matches} |`,
    `| **mutations/s** | **${(measured.mutations / (elapsedMs / 1000)).toFixed(0)}** |`,
    `| API process CPU during the run | ${cpu.server.toFixed(1)} s (${((cpu.server * 1000) / measured.mutations).toFixed(2)} ms per mutation, pushes and projections included) |`,
    `| API main thread CPU during the run (commands, GraphQL, views; worker threads apart) | ${cpu.main.toFixed(1)} s (${((cpu.main * 1000) / measured.mutations).toFixed(2)} ms per mutation) |`,
    `| load client CPU during the run | ${cpu.client.toFixed(1)} s |`,
    `| mutation latency (request → reply) min / p50 / p99 / max | ${spread(latencies)} |`,
    `| pushes received / expected (one per accepted mutation per subscriber of its table) | ${delays.matched} / ${delays.expected} |`,
    `| **push delay from the mutation's request start** min / p50 / p99 / max | **${spread(delays.fromRequest)}** |`,
    `| push delay from the store's commit (the server's \`committedAt\` stamp) min / p50 / p99 / max | ${spread(delays.fromCommit)} |`,
  ].join('\n');
}
