// One Emmett measurement in a process of its own (started by emmett.ts): a crash or a stall of Emmett's driver
// ends this process, not the benchmark. Prints one line: the outcome and the retries, as JSON.
import { type EmmettMode, emmettRetries, openEmmett } from './emmett-store';
import { inProcess } from './workload';

interface ChildTask {
  readonly name: string;
  readonly entry: string;
  readonly dir: string;
  readonly mode: EmmettMode;
  readonly streams: number;
  readonly perStream: number;
}

async function main(task: ChildTask): Promise<void> {
  // Emmett logs each failed transaction with console.log: keep standard output for the result.
  console.log = (...items: unknown[]) => process.stderr.write(`${items.map(String).join(' ')}\n`);
  const subject = inProcess(task.name, (dir) => openEmmett(task.entry, dir, task.mode));
  const outcome = await subject.run(task.dir, task.streams, task.perStream);
  process.stdout.write(`${JSON.stringify({ outcome, retries: emmettRetries })}\n`);
}

main(JSON.parse(process.argv[2] ?? '{}') as ChildTask).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
