// V8 flags the API process is started with (`npm start`, the benchmark).
// - A young generation of 64 MiB per semi-space instead of 16: each command allocates short-lived objects
//   (GraphQL execution, views, events), and fewer, larger scavenges cost less in all (docs/benchmarks/api.md).
// - The old generation grows to 4× the live data a full collection leaves before the next one. At 1,000 tables
//   each full collection of the main thread brings 300–500 ms of marking beside it on two cores, and those
//   episodes made the mutation p99: with 1.5× (ADR 0035's setting, for the soak's RSS) one came every ~9 s and
//   the p99 was ~230 ms; with 4× one comes every ~40 s and the p99 was 45–91 ms (60 s and 120 s runs), while the 10-minute soak's RSS
//   growth stayed within its target (docs/adr/0045). The flag is process-wide: the worker threads' heaps grow
//   by the same factor under their own bounds.
module.exports = ['--max-semi-space-size=64', '--heap-growing-percent=300'];
