// V8 flags the API process is started with (`npm start`, the benchmark).
// - A young generation of 64 MiB per semi-space instead of 16: each command allocates short-lived objects
//   (GraphQL execution, views, events), and fewer, larger scavenges cost less in all (docs/benchmarks/api.md).
// - The old generation grows to 1.5× the live data a full collection leaves (plus the young generation's size)
//   before the next one, instead of V8's own factor, which reaches 4× with a heap limit of 2 GiB or more (the
//   default on this machine's 24 GiB) when the main thread allocates fast: a heap snapshot found ~115 MiB live
//   in a 501 MiB heap at 1,000 tables, so every MiB the live data gained through a soak (matches growing longer,
//   caches filling) committed ~4 MiB more that V8 keeps while the load lasts (docs/adr/0035). The flag is
//   process-wide: the worker threads' heaps grow by the same factor under their own bounds.
module.exports = ['--max-semi-space-size=64', '--heap-growing-percent=50'];
