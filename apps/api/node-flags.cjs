// V8 flags the API process is started with (`npm start`, the benchmark).
// - No semi-space flag (docs/adr/0062). The main thread runs on V8's default semi-spaces, 16 MiB on a 64-bit host
//   with 8 GiB or more (ADR 0051 chose 16 MiB over 64 MiB: at 1,000 tables each 64 MiB scavenge paused the main
//   thread ~30-40 ms about once a second; 16 MiB ones ~9-11 ms four times as often). `--max-semi-space-size` was
//   dropped because V8 lets the flag override every worker's own `resourceLimits.maxYoungGenerationSizeMb`: the
//   SQLite writer's young generation crept from 8 to 32 MiB through a soak instead of staying at the bound its
//   thread asks for.
// - The old generation grows to 4× the live data a full collection leaves before the next one. At 1,000 tables
//   each full collection of the main thread brings 300–500 ms of marking beside it on two cores, and those
//   episodes made the mutation p99: with 1.5× (ADR 0035's setting, for the soak's RSS) one came every ~9 s and
//   the p99 was ~230 ms; with 4× one comes every ~40 s and the p99 was 45–91 ms (60 s and 120 s runs), while the 10-minute soak's RSS
//   growth stayed within its target (docs/adr/0045). The flag is process-wide: the worker threads' heaps grow
//   by the same factor under their own bounds.
module.exports = ['--heap-growing-percent=300'];
