// What one postMessage costs the posting thread by what it carries (ADR 0040): batches of 1, 4 and 14 push-sized
// frames, as the edge's flat array of codes and strings, as one joined string, and as UTF-8 bytes transferred.
// Each post is timed on the posting thread in a tight loop (the receiver drops what it gets); medians of 7 rounds.
// Run: `node tools/post-clone-bench.cjs`. It measures the clone, not the wake-up of an idle receiver.
const { Worker } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');

const POSTS = 2000;
const ROUNDS = 7;
const worker = new Worker(`require('node:worker_threads').parentPort.on('message', () => {});`, { eval: true });
const frame = (i) => JSON.stringify({ id: String(i), type: 'next', payload: { data: { table: { name: `table ${i}`, bids: Array.from({ length: 12 }, (_, j) => ({ seat: j % 6, count: j, face: (j % 6) + 1 })) } } } });
const encoder = new TextEncoder();

const ways = {
  'flat array': (frames) => {
    const batch = [];
    for (const text of frames) batch.push(1, 7, text);
    worker.postMessage(batch);
  },
  'one string': (frames) => {
    let joined = '';
    for (const text of frames) joined += `1,7,${text.length},${text}`;
    worker.postMessage(joined);
  },
  'UTF-8 bytes': (frames) => {
    let room = 0;
    for (const text of frames) room += text.length * 3;
    const bytes = new Uint8Array(room);
    const lengths = [];
    let at = 0;
    for (const text of frames) {
      const { written } = encoder.encodeInto(text, bytes.subarray(at));
      lengths.push(1, 7, written);
      at += written;
    }
    worker.postMessage([lengths, bytes.buffer], [bytes.buffer]);
  },
};

function microsPerPost(send, size) {
  const batches = Array.from({ length: POSTS }, (_, i) => Array.from({ length: size }, (_, j) => frame(i * 100 + j)));
  const started = performance.now();
  for (const frames of batches) send(frames);
  return ((performance.now() - started) / POSTS) * 1000;
}

async function main() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const samples = {};
  for (let round = 0; round < ROUNDS; round++)
    for (const size of [1, 4, 14])
      for (const [name, send] of Object.entries(ways)) {
        (samples[`${size} frame(s) as ${name}`] ??= []).push(microsPerPost(send, size));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
  console.log(`frame: ${frame(1).length} characters; ${POSTS} posts per round, ${ROUNDS} rounds; load average ${require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const [name, values] of Object.entries(samples)) {
    values.sort((a, b) => a - b);
    console.log(`${name.padEnd(26)} median ${values[Math.floor(ROUNDS / 2)].toFixed(1)} µs per post (min ${values[0].toFixed(1)})`);
  }
  await worker.terminate();
}

main();
