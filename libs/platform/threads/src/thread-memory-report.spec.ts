import { BroadcastChannel } from 'node:worker_threads';
import { reportThreadMemory, THREAD_MEMORY_CHANNEL, type ThreadMemoryReport } from './thread-memory-report';

const emfile = () => Object.assign(new Error('EMFILE: too many open files, uv_resident_set_memory'), { code: 'EMFILE' });

describe('the memory report every thread posts', () => {
  it('given the process out of files (process.memoryUsage throws EMFILE), then that tick is skipped and said, and the next one posts', async () => {
    const heard: ThreadMemoryReport[] = [];
    const listener = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
    listener.onmessage = (event) => heard.push((event as { data: ThreadMemoryReport }).data);
    const usage = jest.spyOn(process, 'memoryUsage').mockImplementationOnce(() => {
      throw emfile();
    });
    const skipped: unknown[] = [];
    let stop = (): void => undefined;
    try {
      expect(() => (stop = reportThreadMemory('test-thread', 20, (error) => skipped.push(error)))).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(skipped).toEqual([expect.objectContaining({ code: 'EMFILE' })]);
      expect(heard.length).toBeGreaterThan(0);
      expect(heard[0]).toMatchObject({ thread: 'test-thread', heapUsed: expect.any(Number) });
    } finally {
      stop();
      usage.mockRestore();
      listener.close();
    }
  });
});
