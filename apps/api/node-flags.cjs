// V8 flags the API process is started with (`npm start`, the benchmark). A young generation of 64 MiB
// per semi-space instead of 16: each command allocates short-lived objects (GraphQL execution, views,
// events), and fewer, larger scavenges cost less in all (docs/benchmarks/api.md measures it).
module.exports = ['--max-semi-space-size=64'];
