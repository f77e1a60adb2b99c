import { pushDelays } from '../report';
import { ms, quantile } from '../stats';
import type { ApiSample } from './api-sampler';
import { CPU_THINK_MS, TARGET_SCALE, THINK_MS, type TableSetup, type TablesPlan } from './plan';
import type { TablesMeasurements } from './table-measurements';
import { splitLines, stepLines } from './path-report';

/** The issue's targets on this 2-core machine. */
export const TARGETS = { mutationP99Ms: 100, pushP99Ms: 100, rssGrowth: 0.1, handleGrowth: 0.02 };
/** The soak's memory and handle figures are medians over this much time at each end (GC makes single samples noisy), or a quarter of a shorter soak. */
const SOAK_SPAN_MS = 60_000;

export interface RunFacts {
  readonly plan: TablesPlan;
  readonly setups: readonly TableSetup[];
  readonly accounts: number;
  readonly measured: TablesMeasurements;
  /** Samples of the API from the start of the measuring window to its end (the first one taken as it opened). */
  readonly samples: readonly ApiSample[];
  readonly client: { readonly cpuSeconds: number; readonly eventLoopP99Ms: number };
}

const median = (values: readonly number[]): number => quantile(values, 0.5);
const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const spread = (values: readonly number[]): string => `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.99))} / ${ms(quantile(values, 1))}`;

/** The main thread's CPU between two samples per move accepted meanwhile (every seat's), in ms. */
function mainCpuPerMove(from: ApiSample | undefined, to: ApiSample | undefined): string {
  if (from?.mainCpuSeconds === undefined || to?.mainCpuSeconds === undefined || to.moves <= from.moves) return 'n/a';
  return `${(((to.mainCpuSeconds - from.mainCpuSeconds) * 1000) / (to.moves - from.moves)).toFixed(2)} ms`;
}

/** CPU use of the API between two samples, in % of one core. */
function cpuShare(from: ApiSample | undefined, to: ApiSample | undefined): string {
  if (!from || !to || to.at <= from.at) return 'n/a';
  return `${((100 * (to.cpuSeconds - from.cpuSeconds) * 1000) / (to.at - from.at)).toFixed(0)} %`;
}

/** The first and last sample at least `span` ms apart from its neighbour at each end of the window. */
function ends(samples: readonly ApiSample[], span: number): { start: [ApiSample?, ApiSample?]; end: [ApiSample?, ApiSample?] } {
  const first = samples[0];
  const last = samples.at(-1);
  const afterStart = samples.find((s) => first && s.at - first.at >= span) ?? last;
  const beforeEnd = [...samples].reverse().find((s) => last && last.at - s.at >= span) ?? first;
  return { start: [first, afterStart], end: [beforeEnd, last] };
}

function setupLine(setups: readonly TableSetup[], accounts: number): string {
  const seats = setups.flatMap((t) => t.seats);
  const humans = seats.filter((s) => s.kind === 'HUMAN').length;
  const families = ['CLASSIC', 'PERUDO', 'REVOLVER'].map((f) => `${f.toLowerCase()} ${setups.filter((t) => t.ruleset === f).length}`).join(', ');
  const sizes = [2, 3, 4, 5, 6].map((n) => `${n}: ${setups.filter((t) => t.seats.length === n).length}`).join(', ');
  const ws = setups.filter((t) => t.transport === 'ws').length;
  return `${setups.length} (${families}; seats per table ${sizes}); ${humans} human seats played by ${accounts} accounts, ${seats.length - humans} CPU seats; ${setups.length - ws} tables send over HTTP, ${ws} over websockets; one websocket subscriber (the host) per table`;
}

export function tablesTable(facts: RunFacts): string {
  const { plan, measured, samples } = facts;
  const seconds = measured.windowMs / 1000;
  const first = samples[0];
  const last = samples.at(-1);
  const moves = first && last && last.at > first.at ? ((last.moves - first.moves) * 1000) / (last.at - first.at) : Number.NaN;
  const latencies = [...measured.latencies.http, ...measured.latencies.ws];
  const delays = pushDelays(measured);
  const errors = [...measured.errors].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  const loops = samples.slice(1).map((s) => s.eventLoopP99Ms);
  const { start, end } = ends(samples, 10_000);
  return [
    '| measure | value |',
    '|---|---|',
    `| measured | ${seconds.toFixed(1)} s, after a ramp-up of ${plan.rampSeconds} s (not measured) |`,
    `| tables (concurrent matches, a new one when one finishes) | ${setupLine(facts.setups, facts.accounts)} |`,
    `| think time | humans ${THINK_MS.min / 1000}–${THINK_MS.max / 1000} s per move (uniform), CPU seats ${CPU_THINK_MS} ms (BOT_THINK_MS) |`,
    `| **moves/s, every seat** (the API's command counter: bids, liar and spot-on calls) | **${moves.toFixed(0)}** |`,
    `| human moves accepted (load clients) | ${measured.humanMoves} (${(measured.humanMoves / seconds).toFixed(0)}/s) |`,
    `| matches finished | ${measured.matches} |`,
    `| **mutation latency** p50 / p99 / max (every accepted mutation: moves and lobby) | **${spread(latencies)}** (${latencies.length}) |`,
    `| mutation latency over HTTP / over websockets, p99 | ${ms(quantile(measured.latencies.http, 0.99))} / ${ms(quantile(measured.latencies.ws, 0.99))} |`,
    `| **push delay** from the move's request start, p50 / p99 / max | **${spread(delays.fromRequest)}** |`,
    `| pushes received / expected (one per accepted human move, to the table's subscriber) | ${delays.matched} / ${delays.expected} |`,
    `| **errors** by code (the whole run, ramp-up included) | **${measured.errorCount}**: ${errors} |`,
    `| API event-loop delay p99, per 5 s window: median / worst | ${ms(median(loops))} / ${ms(quantile(loops, 1))} |`,
    `| API CPU (% of one core), first 10 s / last 10 s | ${cpuShare(...start)} / ${cpuShare(...end)} |`,
    `| API main thread CPU per move (commands, GraphQL, views, pushes; worker threads apart), over the window | ${mainCpuPerMove(first, last)} |`,
    `| API RSS at start / end | ${first ? mib(first.rssBytes) : 'n/a'} / ${last ? mib(last.rssBytes) : 'n/a'} |`,
    `| API active handles at start / end | ${first?.handles ?? 'n/a'} / ${last?.handles ?? 'n/a'} |`,
    `| load client CPU / event-loop delay p99 (a busy client inflates the delays above) | ${facts.client.cpuSeconds.toFixed(1)} s / ${ms(facts.client.eventLoopP99Ms)} |`,
    ...splitLines(measured),
    `| push: commit acknowledged → push arrived, p50 / p99 | ${ms(quantile(delays.fromCommit, 0.5))} / ${ms(quantile(delays.fromCommit, 0.99))} |`,
  ].join('\n');
}

/** Where the time goes inside the API over the window (its /metrics histograms), or nothing if it reports none. */
export function stepsTable(samples: readonly ApiSample[]): string {
  const lines = stepLines(samples[0]?.steps, samples.at(-1)?.steps);
  if (lines.length === 0) return '';
  return ['', '| step inside the API (its /metrics, over the window) | count | mean | p50 | p99 |', '|---|---|---|---|---|', ...lines].join('\n');
}

/** The samples of the minute after the warm-up and of the last minute (SOAK_SPAN_MS, or a quarter of a shorter soak). */
function soakEnds(samples: readonly ApiSample[], warmupEndsAt: number): [ApiSample[], ApiSample[]] {
  const last = samples.at(-1)?.at ?? 0;
  const span = Math.min(SOAK_SPAN_MS, (last - warmupEndsAt) / 4);
  return [samples.filter((s) => s.at >= warmupEndsAt && s.at <= warmupEndsAt + span), samples.filter((s) => s.at >= last - span)];
}

/** RSS and handles after the warm-up against the end of the soak (medians over SOAK_SPAN_MS at each end). */
export function soakGrowth(samples: readonly ApiSample[], warmupEndsAt: number): { rss: [number, number]; handles: [number, number] } {
  const [early, late] = soakEnds(samples, warmupEndsAt);
  return {
    rss: [median(early.map((s) => s.rssBytes)), median(late.map((s) => s.rssBytes))],
    handles: [median(early.map((s) => s.handles)), median(late.map((s) => s.handles))],
  };
}

/** Each thread's young and old generations over the two spans (medians): `main new 32 → 32, old 360 → 383 MiB; …`. */
function spacesByThread(early: readonly ApiSample[], late: readonly ApiSample[]): string {
  const of = (span: readonly ApiSample[], key: string) => median(span.map((s) => s.spaces[key]).filter((v): v is number => v !== undefined));
  const threads = [...new Set(late.flatMap((s) => Object.keys(s.spaces).map((key) => key.split('/')[0] as string)))];
  return threads
    .map((thread) => {
      const spaces = ['new', 'old'].filter((space) => late.some((s) => s.spaces[`${thread}/${space}`] !== undefined));
      return `${thread} ${spaces.map((space) => `${space} ${Math.round(of(early, `${thread}/${space}`) / 2 ** 20)} → ${Math.round(of(late, `${thread}/${space}`) / 2 ** 20)}`).join(', ')} MiB`;
    })
    .join('; ');
}

/**
 * Where the memory is, over the same span as the RSS verdict (medians): resident anonymous vs file-backed, and each
 * thread's V8 heap (docs/adr/0024), so a reader sees which one grew. Not a verdict; empty when the API reports none.
 */
export function soakMemory(samples: readonly ApiSample[], warmupEndsAt: number): string {
  const [early, late] = soakEnds(samples, warmupEndsAt);
  const growth = (pick: (s: ApiSample) => Readonly<Record<string, number>>) => {
    const keys = [...new Set(late.flatMap((s) => Object.keys(pick(s))))];
    const of = (span: ApiSample[], key: string) => median(span.map((s) => pick(s)[key]).filter((v): v is number => v !== undefined));
    return keys.map((key) => `${key} ${mib(of(early, key))} → ${mib(of(late, key))}`).join(', ');
  };
  const resident = growth((s) => s.resident);
  const heaps = growth((s) => s.heaps);
  if (!resident && !heaps) return '';
  const line = `- where the memory is (medians over the same two spans; not a verdict): resident ${resident || 'n/a'}; V8 heap total by thread: ${heaps || 'n/a'}`;
  const spaces = spacesByThread(early, late);
  return spaces ? `${line}\n- the heaps by space (committed; new = the young generation, old = the old generation): ${spaces}` : line;
}

function verdict(met: boolean, plan: TablesPlan): string {
  const wanted = plan.soak ? TARGET_SCALE.soakSeconds : TARGET_SCALE.seconds;
  const comparable = plan.count >= TARGET_SCALE.count && plan.seconds >= wanted;
  const word = met ? 'met' : 'NOT met';
  return comparable ? `**${word}**` : `${word} (but the target is set at ${TARGET_SCALE.count.toLocaleString('en')} tables for ${wanted} s; this run used ${plan.count} for ${plan.seconds} s)`;
}

export function tablesVerdicts(facts: RunFacts, warmupEndsAt: number): string[] {
  const { plan, measured } = facts;
  const mutationP99 = quantile([...measured.latencies.http, ...measured.latencies.ws], 0.99);
  const delays = pushDelays(measured);
  const pushP99 = quantile(delays.fromRequest, 0.99);
  const missing = delays.expected - delays.matched;
  const lines = [
    `- zero errors: ${measured.errorCount} — ${verdict(measured.errorCount === 0, plan)}`,
    `- mutation latency p99 ≤ ${TARGETS.mutationP99Ms} ms: ${ms(mutationP99)} — ${verdict(mutationP99 <= TARGETS.mutationP99Ms, plan)}`,
    `- push delay p99 ≤ ${TARGETS.pushP99Ms} ms from the request start, every expected push arriving: ${ms(pushP99)}, ${missing} missing — ${verdict(pushP99 <= TARGETS.pushP99Ms && missing === 0, plan)}`,
  ];
  if (!plan.soak) return lines;
  const { rss, handles } = soakGrowth(facts.samples, warmupEndsAt);
  const rssGrowth = rss[1] / rss[0] - 1;
  const handleGrowth = handles[1] / handles[0] - 1;
  return [
    ...lines,
    `- soak: RSS growth after the ${plan.warmupSeconds} s warm-up ≤ ${TARGETS.rssGrowth * 100} %: ${mib(rss[0])} → ${mib(rss[1])} (${(rssGrowth * 100).toFixed(1)} %) — ${verdict(rssGrowth <= TARGETS.rssGrowth, plan)}`,
    `- soak: no growing handle count (≤ ${TARGETS.handleGrowth * 100} % over the same span): ${handles[0]} → ${handles[1]} — ${verdict(handleGrowth <= TARGETS.handleGrowth, plan)}`,
    soakMemory(facts.samples, warmupEndsAt),
  ].filter(Boolean);
}
