// Environment the API process is started with (`npm start`, the benchmark), under the operator's own: a variable
// set in the environment wins.
// - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to 8 per core), and memory
//   freed in a thread's arena rarely goes back to the system. The API's threads (main, SQLite writer, projections,
//   WAL checkpoints, CPU seats, libuv's and V8's helpers) all allocate natively (SQLite page caches, socket
//   buffers, compilers), so per-thread arenas keep growing resident memory (ADR 0024). Two arenas bound that
//   fragmentation; glibc only (elsewhere it is ignored).
module.exports = { MALLOC_ARENA_MAX: '2' };
