import { API_THREADS } from '@liars-dice/platform-threads';
import type { ApiPlan } from './api-run';
import { wholeNumberFlags } from './harness';

export const USAGE = `usage: npm run bench:api -- [--seconds N] [--tables N] [--subscribers N] [--cpu-seats N] [--in-process THREAD,…] [--peer yes|no]
  defaults 20, 64, 100, 0, none, yes; THREAD: ${API_THREADS.join(', ')}`;

interface Options extends ApiPlan {
  readonly inProcess: readonly string[];
  readonly peer: boolean;
}

/** Every name one of the API's threads, and at least one when the flag was given. */
function threadsNamed(names: readonly string[], given: boolean): boolean {
  return names.every((name) => (API_THREADS as readonly string[]).includes(name)) && (!given || names.length > 0);
}

/** The whole-number flags, `--in-process` (a comma-separated list of the API's threads) and `--peer`; else what was not understood. */
export function parseApiArgs(args: readonly string[]): Options | string {
  const numbers: string[] = [];
  let inProcess: string[] = [];
  let peer = true;
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value = ''] = [args[i], args[i + 1]];
    if (flag === '--in-process') inProcess = value.split(',').filter(Boolean);
    else if (flag === '--peer' && (value === 'yes' || value === 'no')) peer = value === 'yes';
    else numbers.push(flag === '--cpu-seats' ? '--cpuSeats' : (flag ?? ''), value);
  }
  if (!threadsNamed(inProcess, args.includes('--in-process'))) return `--in-process ${inProcess.join(',')}: expected one or more of ${API_THREADS.join(', ')}`;
  const plan = wholeNumberFlags(numbers, { seconds: 20, tables: 64, subscribers: 100, cpuSeats: 0 });
  if (typeof plan === 'string') return plan;
  return { ...plan, inProcess, peer };
}
