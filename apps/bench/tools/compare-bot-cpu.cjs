#!/usr/bin/env node
// Development tool (docs/adr/0033): the CPU-seat work of two built checkouts, compared on the same positions.
//   node apps/bench/tools/compare-bot-cpu.cjs <before-checkout> [after-checkout=.] [matches=30]
// Plays `matches` whole matches (2-6 seats, the three families in turn, medium play, the fairness house) with the
// first checkout, then for every position a seat acted in asks both checkouts' CPU-seat thread code (`answer`
// of bots.worker, as the thread runs it) and each level's `chooseAction`, alternating passes, and prints CPU ms
// per pass (the minimum is the least disturbed on a shared machine) and whether every move is identical. It
// also times the API thread's encoding of the requests and their structured clone both ways.
const path = require('node:path');

const [beforeRoot, afterRoot = '.', matchesArg = '30'] = process.argv.slice(2);
if (!beforeRoot) {
  console.error('usage: node apps/bench/tools/compare-bot-cpu.cjs <before-checkout> [after-checkout=.] [matches=30] (both built: npx tsc -b)');
  process.exit(2);
}
const load = (root) => {
  const lib = (name) => require(path.resolve(root, name, 'dist/index.js'));
  return {
    bots: lib('libs/game/bots'),
    rules: lib('libs/game/rules'),
    fairness: lib('libs/game/fairness'),
    worker: require(path.resolve(root, 'libs/server/bots-driver/dist/thread/bots.worker.js')),
    protocol: require(path.resolve(root, 'libs/server/bots-driver/dist/thread/protocol.js')),
  };
};
const trees = { before: load(beforeRoot), after: load(afterRoot) };
const LEVELS = ['easy', 'medium', 'hard', 'expert'];
const PASSES = 8;

function playedPositions(matches) {
  const { bots, rules, fairness } = trees.before;
  const positions = [];
  const families = ['classic', 'perudo', 'revolver'];
  for (let m = 0; m < matches; m++) {
    bots.playMatch(
      { matchId: `m${m}`, ruleset: families[m % 3], players: ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, 2 + (m % 5)) },
      (seat, view, legal) => bots.chooseAction('medium', view, legal, `${m}|${seat}|${view.history.length}`),
      (state) => fairness.houseCommand(state, (m + 3).toString(16).padStart(64, '0')),
      (state) => {
        if (state.status === 'bidding') positions.push({ view: rules.playerView(state, state.toAct), legal: rules.legalActions(state, state.toAct), m });
      },
    );
  }
  return positions;
}

function cpuMs(work) {
  const start = process.cpuUsage();
  const out = work();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, out: JSON.stringify(out) };
}

/** Alternating passes of `work(tree)` on both checkouts: CPU ms per pass and whether the outputs agree. */
function compare(label, work) {
  const ms = { before: [], after: [] };
  let identical = true;
  for (let pass = 0; pass < PASSES; pass++) {
    const a = cpuMs(() => work(trees.before));
    const b = cpuMs(() => work(trees.after));
    ms.before.push(a.ms);
    ms.after.push(b.ms);
    identical &&= a.out === b.out;
  }
  const row = (xs) => `min ${Math.min(...xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(' ')})`;
  console.log(`| ${label} | ${row(ms.before)} | ${row(ms.after)} | ${identical ? 'yes' : 'NO'} |`);
}

const positions = playedPositions(Number(matchesArg));
console.log(`${positions.length} positions from ${matchesArg} matches; CPU ms per pass over all of them, ${PASSES} passes alternated`);
console.log('\n| work | before | after | identical moves |\n|---|---|---|---|');
for (const level of LEVELS) {
  compare(`chooseAction ${level}`, (tree) => positions.map((p, i) => tree.bots.chooseAction(level, p.view, p.legal, `s${i}`)));
}
const requests = (tree) => {
  const histories = new tree.protocol.HistoryJson();
  return positions.map((p, i) => tree.protocol.encodeDecision(i, { difficulty: LEVELS[(p.m + i) % 4], view: p.view, legal: p.legal, seed: `s${i}` }, histories));
};
const asked = { before: requests(trees.before), after: requests(trees.after) };
// The thread's answer as one result, in either shape: `results` objects (the older protocol) or `moves` number pairs.
const answerOf = (tree, out) => {
  if (out.results) return out.results[0];
  return out.moves.length > 0 ? { id: out.moves[0], action: tree.protocol.decodeAction(out.moves[1]) } : out.failures[0];
};
const askedOf = (tree) => (tree === trees.before ? asked.before : asked.after);
// A new cache per pass where the thread keeps one: each round's history is parsed once per pass, as after a restart.
const cacheOf = (tree) => (tree.protocol.ParsedHistories ? new tree.protocol.ParsedHistories() : undefined);
// The API thread's side of a decision (ADR 0019): writing the request, and the structured clone of the requests in
// messages of 8 (v8.serialize on the posting thread, v8.deserialize on the receiving one: postMessage's own serializer).
const v8 = require('node:v8');
compare('API: encode only (outputs: counts)', (tree) => {
  const histories = new tree.protocol.HistoryJson();
  return positions.map((p, i) => tree.protocol.encodeDecision(i, { difficulty: LEVELS[(p.m + i) % 4], view: p.view, legal: p.legal, seed: `s${i}` }, histories)).length;
});
const inEights = (requests) => Array.from({ length: Math.ceil(requests.length / 8) }, (_, i) => ({ requests: requests.slice(i * 8, i * 8 + 8) }));
compare('clone: serialize (messages of 8)', (tree) => inEights(askedOf(tree)).map((message) => v8.serialize(message).length > 0));
const serialized = { before: inEights(asked.before).map((m) => v8.serialize(m)), after: inEights(asked.after).map((m) => v8.serialize(m)) };
compare('clone: deserialize (messages of 8)', (tree) => (tree === trees.before ? serialized.before : serialized.after).map((bytes) => v8.deserialize(bytes).requests.length));
compare('thread: decode only', (tree) => {
  const cache = cacheOf(tree);
  return askedOf(tree).map((r) => tree.protocol.decodeDecision(r, cache).legal.length);
});
compare('thread: answer (decode + levels in turn)', (tree) => {
  const cache = cacheOf(tree);
  return askedOf(tree).map((r) => answerOf(tree, tree.worker.answer({ requests: [r] }, cache)));
});
