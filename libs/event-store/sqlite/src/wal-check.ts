import { readFileSync, statSync } from 'node:fs';

const HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/** Whether a write-ahead log with frames (not only its header) is at `walFile`. */
export function walHasFrames(walFile: string): boolean {
  try {
    return statSync(walFile).size > HEADER_BYTES;
  } catch {
    return false;
  }
}

/**
 * Why a write-ahead log would lose committed transactions without a word, or null when it is sound.
 *
 * SQLite replays WAL frames up to the first one whose checksum fails and silently ignores the rest. That is
 * right for a torn tail (a crash in the middle of the last write, never acknowledged), but a damaged frame
 * in the middle would drop later, acknowledged commits. Each frame stores the running checksum, so a frame
 * can be verified from its predecessor's stored value, and frames after a bad one can still be read.
 */
export function walProblem(walFile: string): string | null {
  let size: number;
  try {
    size = statSync(walFile).size;
  } catch {
    return null;
  }
  if (size === 0) return null;
  const wal = readFileSync(walFile);
  if (size < HEADER_BYTES) return `its write-ahead log is ${size} bytes, shorter than a WAL header`;
  const magic = wal.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return 'its write-ahead log has no WAL header';
  const word: WordReader =
    (magic & 1) === 1 ? (offset) => wal.readUInt32BE(offset) : (offset) => wal.readUInt32LE(offset);
  const headerSum = checksum(word, 0, 24, [0, 0]);
  if (headerSum[0] !== wal.readUInt32BE(24) || headerSum[1] !== wal.readUInt32BE(28)) {
    return 'its write-ahead log header is damaged (checksum mismatch)';
  }
  return damagedFrame(wal, wal.readUInt32BE(8), word);
}

function damagedFrame(wal: Buffer, pageSize: number, word: WordReader): string | null {
  const frameBytes = FRAME_HEADER_BYTES + pageSize;
  const salts = wal.subarray(16, 24);
  let previous: [number, number] = [wal.readUInt32BE(24), wal.readUInt32BE(28)];
  let transaction = 0;
  let firstBad: { frame: number; transaction: number } | null = null;
  for (
    let offset = HEADER_BYTES, frame = 1;
    offset + frameBytes <= wal.length;
    offset += frameBytes, frame += 1
  ) {
    if (!wal.subarray(offset + 8, offset + 16).equals(salts)) break;
    const sum = checksum(word, offset + FRAME_HEADER_BYTES, pageSize, checksum(word, offset, 8, previous));
    const stored: [number, number] = [wal.readUInt32BE(offset + 16), wal.readUInt32BE(offset + 20)];
    const valid = sum[0] === stored[0] && sum[1] === stored[1];
    if (!valid) firstBad ??= { frame, transaction };
    // A good frame of a LATER transaction proves the damaged one had been committed and synced (with
    // synchronous=FULL the next transaction is written only after that fsync): that is damage. Bad frames
    // within the last transaction only are a torn, never-acknowledged write.
    else if (firstBad && transaction > firstBad.transaction) {
      return `its write-ahead log frame ${firstBad.frame} is damaged and later commits follow it`;
    }
    if (wal.readUInt32BE(offset + 4) !== 0) transaction += 1;
    previous = stored;
  }
  return null;
}

type WordReader = (offset: number) => number;

/** SQLite's WAL checksum: two running 32-bit sums over pairs of 32-bit words. */
function checksum(
  word: WordReader,
  start: number,
  length: number,
  seed: readonly [number, number],
): [number, number] {
  let [s0, s1] = seed;
  for (let i = start; i < start + length; i += 8) {
    s0 = (s0 + word(i) + s1) >>> 0;
    s1 = (s1 + word(i + 4) + s0) >>> 0;
  }
  return [s0, s1];
}
