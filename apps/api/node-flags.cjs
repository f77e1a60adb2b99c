// V8 flags the API process is started with (`npm start`, the benchmarks); the reasons are docs/adr/0024.
// - The old generation grows to 4× the live data a full collection leaves before the next one: each full
//   collection of the main thread brings long marking beside it, and fewer of them keep the mutation latency tail
//   down. The flag is process-wide: the worker threads' heaps grow by the same factor under their
//   own bounds.
// - No semi-space flag: V8's default (16 MiB on a 64-bit host with 8 GiB or more) keeps scavenges short, and
//   `--max-semi-space-size` would override every worker's own `resourceLimits.maxYoungGenerationSizeMb`.
module.exports = ['--heap-growing-percent=300'];
