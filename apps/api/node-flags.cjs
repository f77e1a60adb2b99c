// V8 flags the API process is started with (`npm start`, the benchmarks); the reasons are docs/adr/0024.
// - The old generation grows to 4× the live data a full collection leaves before the next one: each full
//   collection of the main thread brings long marking beside it, and fewer of them keep the mutation latency tail
//   down. The flag is process-wide: the worker threads' heaps grow by the same factor under their
//   own bounds.
// - The main thread's semi-spaces are 64 MiB (V8's default is 16 MiB): it parses HTTP, frames websockets and runs
//   GraphQL for every request and push, so its young generation fills fast, and fewer scavenges promote less of
//   what lives across a player's think time. The flag is process-wide: apps/api/src/main.ts clears it before any
//   worker starts, so each worker keeps its own `resourceLimits`.
module.exports = ['--heap-growing-percent=300', '--max-semi-space-size=64'];
