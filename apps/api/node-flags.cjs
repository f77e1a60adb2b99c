// V8 flags the API process is started with (`npm start`, the benchmark).
// - Semi-spaces of 16 MiB (docs/adr/0051). They had been raised to 64 MiB for throughput (fewer, larger scavenges
//   cost less CPU in all at 1,400 mutations/s, docs/benchmarks/api.md); at 1,000 tables each of those paused the main thread
//   ~30-40 ms about once a second, and every request in flight waited for it. With 16 MiB a scavenge pauses
//   ~9-11 ms four times as often, for the same main-thread CPU per move, and the mutation p99 fell by about half
//   (back-to-back 60 s and 120 s runs in ADR 0051).
// - The old generation grows to 4× the live data a full collection leaves before the next one. At 1,000 tables
//   each full collection of the main thread brings 300–500 ms of marking beside it on two cores, and those
//   episodes made the mutation p99: with 1.5× (ADR 0035's setting, for the soak's RSS) one came every ~9 s and
//   the p99 was ~230 ms; with 4× one comes every ~40 s and the p99 was 45–91 ms (60 s and 120 s runs), while the 10-minute soak's RSS
//   growth stayed within its target (docs/adr/0045). The flag is process-wide: the worker threads' heaps grow
//   by the same factor under their own bounds.
module.exports = ['--max-semi-space-size=16', '--heap-growing-percent=300'];
