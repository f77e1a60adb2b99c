import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Linux clock ticks per second for /proc times (USER_HZ, 100 on every Linux Node runs on). */
const TICKS_PER_S = 100;

/**
 * CPU µs used so far by this process's main thread alone (user + system), from /proc (10 ms resolution), or
 * NaN where there is no /proc. Node 20 has no per-thread CPU clock; process.cpuUsage counts every thread,
 * including the store's writer and the read database's checkpointer.
 */
export function mainThreadCpuMicros(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}

export interface CpuWindow {
  /** Process CPU µs (every thread), main-thread CPU µs, wall ms, and the event loop's delay p99 in ms. */
  stop(): { readonly processMicros: number; readonly mainMicros: number; readonly wallMs: number; readonly loopDelayP99Ms: number };
}

/** Starts measuring CPU and event-loop delay over a phase of the benchmark. */
export function cpuWindow(): CpuWindow {
  const process0 = process.cpuUsage();
  const main0 = mainThreadCpuMicros();
  const wall0 = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  return {
    stop() {
      loop.disable();
      const used = process.cpuUsage(process0);
      return {
        processMicros: used.user + used.system,
        mainMicros: mainThreadCpuMicros() - main0,
        wallMs: performance.now() - wall0,
        loopDelayP99Ms: loop.percentile(99) / 1e6,
      };
    },
  };
}
