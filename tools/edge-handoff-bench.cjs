// What a websocket frame costs the API's main thread today, against what it would cost if an edge thread owned the
// sockets and the main thread only handed it the frame's text (ADR 0036). Run: `node tools/edge-handoff-bench.cjs`.
// All three ways deliver every frame through ws to real loopback websockets (the clients, in another thread, count
// what arrives: the run fails unless every frame does); only the synchronous time on the main thread is timed,
// which is the main thread's CPU for that work (the sends and postMessage are synchronous; medians of 5 rounds):
//   direct  — the main thread sends each frame itself (ws frames it and writes it: one writev per frame), as now;
//   each    — one postMessage per frame to the edge thread, which sends it;
//   batched — the frames of one JavaScript run (RUN_FRAMES of them) in one postMessage, as the writer's appends go.
const path = require('path');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
const { performance } = require('perf_hooks');
const root = path.join(__dirname, '..');
const { WebSocket, WebSocketServer } = require(path.join(root, 'node_modules/ws'));

const SOCKETS = 200;
const FRAMES = 4000;
const RUN_FRAMES = 8;
const ROUNDS = 5;
// A push the size of the load client's matchUpdated (~1 KiB of JSON text).
const FRAME = JSON.stringify({ id: 'x', type: 'next', payload: { data: { matchUpdated: { id: 'm'.repeat(26), revision: '57', status: 'PLAYING', seats: Array.from({ length: 5 }, (_, i) => ({ seat: `s${i}`, dice: [1, 2, 3, 4, 5], name: `player-${i}`, kind: 'HUMAN' })), round: { bids: Array.from({ length: 12 }, (_, i) => ({ seat: `s${i % 5}`, quantity: i + 1, face: (i % 6) + 1 })) } } } } });

if (!isMainThread && workerData.role === 'clients') {
  // Opens the sockets, counts frames, answers 'count' with the total so far.
  let received = 0;
  const sockets = [];
  for (let i = 0; i < SOCKETS; i++) {
    const socket = new WebSocket(workerData.url);
    socket.on('message', () => received++);
    socket.on('open', () => sockets.push(socket) === SOCKETS && parentPort.postMessage({ open: true }));
  }
  parentPort.on('message', () => parentPort.postMessage({ received }));
} else if (!isMainThread && workerData.role === 'edge') {
  // The edge thread: owns a server and its sockets, sends what the main thread hands it.
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const sockets = [];
  server.on('connection', (socket) => sockets.push(socket));
  server.on('listening', () => parentPort.postMessage({ url: `ws://127.0.0.1:${server.address().port}` }));
  parentPort.on('message', (message) => {
    if (Array.isArray(message)) for (let i = 0; i < message.length; i += 2) sockets[message[i]].send(message[i + 1]);
    else sockets[message.sid].send(message.data);
  });
} else {
  const started = (worker) => new Promise((resolve) => worker.once('message', resolve));
  const count = (clients) => { clients.postMessage('count'); return started(clients).then((m) => m.received); };
  async function settle(clients, expected) {
    for (let waited = 0; waited < 30_000; waited += 20) {
      if ((await count(clients)) >= expected) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`frames lost: ${await count(clients)} of ${expected} arrived`);
  }
  (async () => {
    // The main thread's own server (direct) and the edge thread's (each, batched), each with SOCKETS clients.
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const local = [];
    server.on('connection', (socket) => local.push(socket));
    await new Promise((resolve) => server.on('listening', resolve));
    const edge = new Worker(__filename, { workerData: { role: 'edge' } });
    const { url: edgeUrl } = await started(edge);
    const directClients = new Worker(__filename, { workerData: { role: 'clients', url: `ws://127.0.0.1:${server.address().port}` } });
    const edgeClients = new Worker(__filename, { workerData: { role: 'clients', url: edgeUrl } });
    await Promise.all([started(directClients), started(edgeClients)]);
    const ways = {
      direct: () => { for (let i = 0; i < FRAMES; i++) local[i % SOCKETS].send(FRAME); },
      each: () => { for (let i = 0; i < FRAMES; i++) edge.postMessage({ sid: i % SOCKETS, data: FRAME }); },
      batched: () => {
        for (let i = 0; i < FRAMES; i += RUN_FRAMES) {
          const run = [];
          for (let j = i; j < i + RUN_FRAMES; j++) run.push(j % SOCKETS, FRAME);
          edge.postMessage(run);
        }
      },
    };
    const times = { direct: [], each: [], batched: [] };
    const sent = { direct: 0, edge: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of round % 2 ? ['batched', 'each', 'direct'] : ['direct', 'each', 'batched']) {
        const t0 = performance.now();
        ways[way]();
        times[way].push(((performance.now() - t0) * 1000) / FRAMES);
        const clients = way === 'direct' ? directClients : edgeClients;
        sent[way === 'direct' ? 'direct' : 'edge'] += FRAMES;
        await settle(clients, sent[way === 'direct' ? 'direct' : 'edge']);
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const load = require('os').loadavg().map((x) => x.toFixed(2)).join(' ');
    console.log(`edge hand-off: ${SOCKETS} sockets, ${FRAMES} frames of ${FRAME.length} bytes per round, ${ROUNDS} rounds; load average ${load}`);
    console.log('| way | main-thread µs per frame (median) | rounds |');
    console.log('|---|---|---|');
    for (const way of Object.keys(times)) console.log(`| ${way} | ${median(times[way]).toFixed(1)} | ${times[way].map((t) => t.toFixed(1)).join(', ')} |`);
    console.log(`every frame arrived: ${sent.direct} direct, ${sent.edge} through the edge thread`);
    await Promise.all([edge.terminate(), directClients.terminate(), edgeClients.terminate()]);
    server.close();
    for (const socket of local) socket.terminate();
  })().catch((error) => { console.error(error); process.exit(1); });
}
