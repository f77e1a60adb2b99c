import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from './sqlite-event-store';

/** A crash image: the database and its WAL copied while the store is still open (as after kill -9). */
async function crashImage(dir: string, appends: number): Promise<string> {
  const live = path.join(dir, 'live.db');
  const store = await SqliteEventStore.open({ file: live });
  for (let index = 0; index < appends; index += 1) {
    await store.appendToStream('match-1', [{ id: randomUUID(), type: 'BidPlaced', data: { index } }]);
  }
  const image = path.join(dir, 'image.db');
  copyFileSync(live, image);
  copyFileSync(`${live}-wal`, `${image}-wal`);
  await store.close();
  return image;
}

/** Opens `image` expecting a refusal; a store that opens anyway is closed (its writer thread would keep Jest alive) and the test fails. */
async function refusal(image: string): Promise<unknown> {
  try {
    const store = await SqliteEventStore.open({ file: image });
    await store.close();
  } catch (error) {
    return error;
  }
  throw new Error(`${image} opened, but a refusal was expected`);
}

const PAGE = 4096;
const frameOffset = (frame: number) => 32 + (frame - 1) * (24 + PAGE);

describe('write-ahead log checks at open', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-wal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given an intact crash image, when opened, then every committed event is served', async () => {
    const image = await crashImage(dir, 10);
    const store = await SqliteEventStore.open({ file: image });
    expect(await store.readStream('match-1')).toHaveLength(10);
    await store.close();
  });

  it('given a torn last frame, when opened, then it opens (the unfinished write was never acknowledged)', async () => {
    const image = await crashImage(dir, 10);
    truncateSync(`${image}-wal`, statSync(`${image}-wal`).size - PAGE / 2);
    const store = await SqliteEventStore.open({ file: image });
    expect((await store.readStream('match-1')).length).toBeGreaterThanOrEqual(9);
    await store.close();
  });

  it('given a damaged frame in the middle of the log, when opened, then it is refused as corrupt instead of dropping later commits', async () => {
    const image = await crashImage(dir, 10);
    const fd = openSync(`${image}-wal`, 'r+');
    writeSync(fd, Buffer.from('damage'), 0, 6, frameOffset(3) + 24 + 100);
    closeSync(fd);
    expect(await refusal(image)).toMatchObject({ problem: 'corrupt', message: expect.stringContaining('frame 3') });
  });

  it('given damage only in the last transaction, when opened, then it opens without that never-synced write', async () => {
    const image = await crashImage(dir, 10);
    const frames = (statSync(`${image}-wal`).size - 32) / (24 + PAGE);
    const fd = openSync(`${image}-wal`, 'r+');
    writeSync(fd, Buffer.from('torn'), 0, 4, frameOffset(frames) + 24 + 100);
    closeSync(fd);
    const store = await SqliteEventStore.open({ file: image });
    expect(await store.readStream('match-1')).toHaveLength(9);
    await store.close();
  });

  it('given a crash in the middle of a checkpoint (page 1 copied from the log, the file not grown yet), when opened, then every committed event is served', async () => {
    const image = await crashImage(dir, 400);
    const wal = readFileSync(`${image}-wal`);
    const frames = [...Array((wal.length - 32) / (24 + PAGE)).keys()]
      .map((i) => frameOffset(i + 1))
      .filter((at) => wal.subarray(at + 8, at + 16).equals(wal.subarray(16, 24)));
    const logged = new Set(frames.map((at) => wal.readUInt32BE(at)));
    const lastPageOne = frames.filter((at) => wal.readUInt32BE(at) === 1).pop() as number;
    const pageOne = wal.subarray(lastPageOne + 24, lastPageOne + 24 + PAGE);
    // A checkpoint copies the log's pages into the file in page order: page 1, whose header counts the pages of
    // the last commit, lands before the pages at the end that grow the file, which are still only in the log.
    let kept = pageOne.readUInt32BE(28);
    while (kept > 1 && logged.has(kept)) kept -= 1;
    expect(kept).toBeLessThan(pageOne.readUInt32BE(28));
    truncateSync(image, kept * PAGE);
    const fd = openSync(image, 'r+');
    writeSync(fd, pageOne, 0, PAGE, 0);
    closeSync(fd);
    const store = await SqliteEventStore.open({ file: image });
    expect(await store.readStream('match-1')).toHaveLength(400);
    await store.close();
  });

  it('given a log whose header is damaged, when opened, then it is refused as corrupt', async () => {
    const image = await crashImage(dir, 3);
    const fd = openSync(`${image}-wal`, 'r+');
    writeSync(fd, Buffer.from([0xff]), 0, 1, 17);
    closeSync(fd);
    expect(await refusal(image)).toMatchObject({ problem: 'corrupt' });
  });
});
