// V8 flags the API process is started with (`npm start`, the benchmark).
// - A young generation of 64 MiB per semi-space instead of 16: each command allocates short-lived objects
//   (GraphQL execution, views, events), and fewer, larger scavenges cost less in all (docs/benchmarks/api.md).
// - An old generation of at most 1,024 MiB (V8's default here is ~4 GiB). Besides the bound, V8 grows the old
//   generation's limit by up to 4× its live data when its maximum is 2 GiB or more, but by at most ~1.6× at
//   1 GiB: at 1,000 tables the main heap's live data is ~150–190 MiB and its total kept rising with the limit,
//   most of a 10-minute soak's RSS growth (docs/adr/0024). 1 GiB is ~5× that live data.
module.exports = ['--max-semi-space-size=64', '--max-old-space-size=1024'];
