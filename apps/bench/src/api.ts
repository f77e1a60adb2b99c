#!/usr/bin/env node
import { parseApiArgs, USAGE } from './api-args';
import { comparisonTable, threadsTable } from './api-report';
import { runOurs } from './api-run';
import { runBench } from './harness';
import { closeAgent } from './load-client';
import { runPeer } from './peer/peer-run';
import { pushDelays, table as reportTable, verdicts } from './report';
import type { ServerRun } from './server-run';
import { speedCheck, speedLine } from './speed-check';

const log = (line: string): void => void process.stderr.write(`[bench:api] ${line}\n`);

/**
 * The API in its own process under this load client, then (`--in-process`) the same API with those threads' work on
 * its main thread, then (unless `--peer no`) the peer baseline on boardgame.io: one run, one machine, one table.
 */
async function main(): Promise<void> {
  const asked = parseApiArgs(process.argv.slice(2));
  if (typeof asked === 'string') {
    process.stderr.write(`${asked}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const speedBefore = await speedCheck();
  const runs: ServerRun[] = [];
  try {
    log(`our API, every thread on its own: ${asked.seconds} s`);
    runs.push(await runOurs(asked, 'ours, every thread on its own'));
    if (asked.inProcess.length > 0) {
      log(`our API with ${asked.inProcess.join(', ')} in process: ${asked.seconds} s`);
      runs.push(await runOurs(asked, `ours, ${asked.inProcess.join(' + ')} in process`, { THREADS_IN_PROCESS: asked.inProcess.join(',') }));
    }
    if (asked.peer) {
      log(`the peer baseline: ${asked.seconds} s`);
      runs.push(await runPeer(asked, log));
    }
  } finally {
    closeAgent();
  }
  const [ours] = runs as [ServerRun];
  const speed = { before: speedBefore, after: await speedCheck() };
  const lines = [
    reportTable(asked, ours.measured, ours.elapsedMs, ours.cpu),
    speedLine(speed),
    '',
    comparisonTable(runs),
    '',
    ...runs.filter((run) => run.threads).flatMap((run) => [threadsTable(run), '']),
    'Targets (verdicts computed by this run):',
    ...verdicts(asked, ours.measured, ours.elapsedMs, pushDelays(ours.measured)),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

runBench(main);
