#!/usr/bin/env node
// Heap snapshot reader that streams the file (V8's .heapsnapshot is JSON, often larger than one JS string may be).
//   node apps/bench/tools/heap-snapshot.cjs summary A.heapsnapshot [top]            self size and count by (type, name)
//   node apps/bench/tools/heap-snapshot.cjs diff A.heapsnapshot B.heapsnapshot [top] by (type, name): B - A, and objects new in B (ids not in A)
//   node apps/bench/tools/heap-snapshot.cjs paths B.heapsnapshot NAME [samples] [A.heapsnapshot]  shortest retainer paths from the root to
//                                                             objects named NAME (only those new since A if given)
//   node apps/bench/tools/heap-snapshot.cjs owners A B [top]                         self size by owner (nearest named class instance on
//                                                             the shortest path from the root, and the field): B - A
//   node apps/bench/tools/heap-snapshot.cjs retained B Class.field [Class.field…]    bytes only reachable through that field
//                                                             (Class.field+Other.field: through those fields together)
'use strict';
const fs = require('fs');

function parse(file) {
  const fd = fs.openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 24);
  let header = '';
  let meta = null;
  let state = 'header'; // header -> nodes -> edges -> skip -> strings -> done
  let nodes, edges, ni = 0, ei = 0, num = 0, inNum = false;
  const strings = [];
  let strBuf = [];
  let inStr = false, esc = false;
  let skipUntil = null;
  let pending = '';
  for (;;) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    let i = 0;
    if (state === 'header') {
      header += chunk.toString('latin1', 0, n);
      const at = header.indexOf('"nodes":[');
      if (at < 0) continue;
      const head = JSON.parse(header.slice(0, at).replace(/,\s*$/, '') + '}');
      meta = head.snapshot;
      nodes = new Uint32Array(meta.node_count * meta.meta.node_fields.length);
      edges = new Uint32Array(meta.edge_count * meta.meta.edge_fields.length);
      const consumed = Buffer.byteLength(header.slice(0, at + 9), 'latin1');
      i = consumed - (header.length - n);
      header = '';
      state = 'nodes';
    }
    for (; i < n; i++) {
      const c = chunk[i];
      if (state === 'nodes' || state === 'edges') {
        if (c >= 48 && c <= 57) { num = num * 10 + (c - 48); inNum = true; continue; }
        if (inNum) { if (state === 'nodes') nodes[ni++] = num; else edges[ei++] = num; num = 0; inNum = false; }
        if (c === 93) { state = state === 'nodes' ? 'seekEdges' : 'seekStrings'; pending = ''; }
        continue;
      }
      if (state === 'seekEdges' || state === 'seekStrings') {
        pending += String.fromCharCode(c);
        const key = state === 'seekEdges' ? '"edges":[' : '"strings":[';
        if (pending.endsWith(key)) { state = state === 'seekEdges' ? 'edges' : 'strings'; pending = ''; }
        else if (pending.length > 4096 && state === 'seekEdges') throw new Error('no edges');
        else if (pending.length > 100) pending = pending.slice(-20);
        continue;
      }
      if (state === 'strings') {
        if (inStr) {
          if (esc) { esc = false; strBuf.push(c); continue; }
          if (c === 92) { esc = true; strBuf.push(c); continue; }
          if (c === 34) { inStr = false; strings.push(JSON.parse('"' + Buffer.from(strBuf).toString('utf8') + '"')); strBuf = []; continue; }
          strBuf.push(c);
          continue;
        }
        if (c === 34) { inStr = true; continue; }
        if (c === 93) { state = 'done'; break; }
      }
    }
    if (state === 'done') break;
  }
  fs.closeSync(fd);
  void skipUntil;
  const nf = meta.meta.node_fields, ef = meta.meta.edge_fields;
  return {
    meta, nodes, edges, strings,
    NF: nf.length, EF: ef.length,
    nType: nf.indexOf('type'), nName: nf.indexOf('name'), nId: nf.indexOf('id'), nSize: nf.indexOf('self_size'), nEdges: nf.indexOf('edge_count'),
    eType: ef.indexOf('type'), eName: ef.indexOf('name_or_index'), eTo: ef.indexOf('to_node'),
    nodeTypes: meta.meta.node_types[nf.indexOf('type')], edgeTypes: meta.meta.edge_types[ef.indexOf('type')],
  };
}

function label(s, k) {
  const t = s.nodeTypes[s.nodes[k * s.NF + s.nType]];
  const name = s.strings[s.nodes[k * s.NF + s.nName]];
  if (t === 'object' || t === 'closure' || t === 'native') return `${t}:${name.slice(0, 80)}`;
  if (t === 'string' || t === 'concatenated string' || t === 'sliced string') return t;
  if (t === 'hidden' || t === 'array' || t === 'code') return `${t}:${name.slice(0, 60)}`;
  return t;
}

function count(s) { return s.nodes.length / s.NF; }

function groups(s, filter) {
  const by = new Map();
  for (let k = 0; k < count(s); k++) {
    if (filter && !filter(k)) continue;
    const l = label(s, k);
    const g = by.get(l) ?? { count: 0, size: 0 };
    g.count++;
    g.size += s.nodes[k * s.NF + s.nSize];
    by.set(l, g);
  }
  return by;
}

function idSet(s) {
  const ids = new Set();
  for (let k = 0; k < count(s); k++) ids.add(s.nodes[k * s.NF + s.nId]);
  return ids;
}

const mb = (b) => (b / 1048576).toFixed(2);

function print(rows, top) {
  for (const [l, g] of rows.slice(0, top)) console.log(`${mb(g.size).padStart(9)} MiB ${String(g.count).padStart(9)}  ${l}`);
}

function totals(s) {
  let size = 0;
  for (let k = 0; k < count(s); k++) size += s.nodes[k * s.NF + s.nSize];
  return `${count(s)} nodes, ${mb(size)} MiB self size`;
}

// First-edge index per node, and a reverse adjacency (retainers) over non-weak edges.
function firstEdges(s) {
  const N = count(s);
  const first = new Uint32Array(N + 1);
  for (let k = 0, e = 0; k < N; k++) { first[k] = e; e += s.nodes[k * s.NF + s.nEdges]; }
  first[N] = s.edges.length / s.EF;
  return first;
}

function isWeak(s, e) { return s.edgeTypes[s.edges[e * s.EF + s.eType]] === 'weak'; }

function bfs(s, first) {
  const N = count(s);
  const dist = new Int32Array(N).fill(-1);
  const parent = new Int32Array(N).fill(-1);
  const parentEdge = new Int32Array(N).fill(-1);
  const queue = new Uint32Array(N);
  let head = 0, tail = 0;
  dist[0] = 0; queue[tail++] = 0;
  while (head < tail) {
    const k = queue[head++];
    for (let e = first[k]; e < first[k + 1]; e++) {
      if (isWeak(s, e)) continue;
      const to = s.edges[e * s.EF + s.eTo] / s.NF;
      if (dist[to] >= 0) continue;
      dist[to] = dist[k] + 1; parent[to] = k; parentEdge[to] = e; queue[tail++] = to;
    }
  }
  return { dist, parent, parentEdge };
}

function edgeName(s, e) {
  const t = s.edgeTypes[s.edges[e * s.EF + s.eType]];
  const v = s.edges[e * s.EF + s.eName];
  return t === 'element' || t === 'hidden' ? `[${v}]` : `.${String(s.strings[v]).slice(0, 40)}`;
}

function paths(s, name, samples, newIds) {
  const first = firstEdges(s);
  const { dist, parent, parentEdge } = bfs(s, first);
  let shown = 0;
  const tally = new Map();
  for (let k = 0; k < count(s); k++) {
    if (s.strings[s.nodes[k * s.NF + s.nName]] !== name) continue;
    if (newIds && !newIds(k)) continue;
    if (dist[k] < 0) continue;
    const chain = [];
    for (let x = k; parent[x] >= 0; x = parent[x]) chain.push(`${label(s, parent[x])}${edgeName(s, parentEdge[x])}`);
    const key = chain.slice(0, 8).join(' <- ').replace(/\[\d+\]/g, '[]').replace(/\.\d+\b/g, '.#');
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if (shown++ < samples) console.log(`#${s.nodes[k * s.NF + s.nId]} ${label(s, k)}\n   <- ${chain.join('\n   <- ')}`);
  }
  console.log('\nnearest 6 retainers, by count:');
  for (const [k, v] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${String(v).padStart(8)}  ${k}`);
}

const GENERIC = new Set(['Object', 'Array', 'Map', 'Set', 'WeakMap', 'system / Context', '', 'Generator', 'Promise', 'Function']);

// Each node's owner: the nearest ancestor on its shortest path from the root that is an instance of a named
// class (not Object, Array, Map, a closure's context…), with the edge taken out of it and the next named owner
// above; self sizes summed by owner.
function owners(s) {
  const first = firstEdges(s);
  const { dist, parent, parentEdge } = bfs(s, first);
  const N = count(s);
  const ownerOf = new Int32Array(N).fill(-1); // memo: node -> owner key id
  const keys = [];
  const keyIds = new Map();
  const by = new Map();
  const named = (k) => {
    const t = s.nodeTypes[s.nodes[k * s.NF + s.nType]];
    if (t !== 'object') return false;
    return !GENERIC.has(s.strings[s.nodes[k * s.NF + s.nName]]);
  };
  for (let k = 0; k < N; k++) {
    if (dist[k] < 0) continue;
    let x = k, via = -1, found = -1;
    const seen = [];
    while (parent[x] >= 0) {
      if (ownerOf[x] >= 0) { found = ownerOf[x]; break; }
      seen.push(x);
      via = parentEdge[x];
      x = parent[x];
      if (named(x)) {
        let up = x, second = '';
        for (let n = 0; parent[up] >= 0 && n < 30; n++) { const e = parentEdge[up]; up = parent[up]; if (named(up)) { second = ` <- ${label(s, up)}${edgeName(s, e)}`; break; } }
        const key = `${label(s, x)}${edgeName(s, via)}${second}`.replace(/\[\d+\]/g, '[]').replace(/\.\d+\b/g, '.#');
        if (!keyIds.has(key)) { keyIds.set(key, keys.length); keys.push(key); }
        found = keyIds.get(key);
        break;
      }
    }
    if (found < 0) { const key = '(no named owner)'; if (!keyIds.has(key)) { keyIds.set(key, keys.length); keys.push(key); } found = keyIds.get(key); }
    for (const y of seen) ownerOf[y] = found;
    const g = by.get(keys[found]) ?? { count: 0, size: 0 };
    g.count++; g.size += s.nodes[k * s.NF + s.nSize];
    by.set(keys[found], g);
  }
  return by;
}


// Bytes only reachable through `Class.field` (every instance's edge of that name), WeakMap entries counted as
// reachable only once their key is: what dropping that field would free.
function retained(file, targets) {
  const h = { parse, label, count, firstEdges, edgeName };
  const s = h.parse(file);
  const first = h.firstEdges(s);
  const N = h.count(s);
  const idToNode = new Map(); for (let k = 0; k < N; k++) idToNode.set(s.nodes[k * s.NF + s.nId], k);
  function reach(skipEdge) {
    const seen = new Uint8Array(N); const q = [0]; seen[0] = 1;
    const waiting = new Map(); // key node -> [value nodes]
    const visit = (to) => { if (!seen[to]) { seen[to] = 1; q.push(to); const w = waiting.get(to); if (w) { waiting.delete(to); for (const v of w) visit(v); } } };
    while (q.length) {
      const k = q.pop();
      for (let e = first[k]; e < first[k + 1]; e++) {
        const t = s.edgeTypes[s.edges[e * s.EF + s.eType]];
        if (t === 'weak' || skipEdge(k, e)) continue;
        const to = s.edges[e * s.EF + s.eTo] / s.NF;
        if (t === 'internal') {
          const name = String(s.strings[s.edges[e * s.EF + s.eName]]);
          const m = /part of key \(.*?@(\d+)\) -> value/.exec(name);
          if (m) { const key = idToNode.get(Number(m[1])); if (key !== undefined && !seen[key]) { const w = waiting.get(key) ?? []; w.push(to); waiting.set(key, w); continue; } }
        }
        visit(to);
      }
    }
    return seen;
  }
  const all = reach(() => false);
  let total = 0; for (let k = 0; k < N; k++) if (all[k]) total += s.nodes[k * s.NF + s.nSize];
  console.log(`reachable: ${(total / 1048576).toFixed(2)} MiB`);
  for (const target of targets) {
    // `A.x+B.y`: what only those fields together keep (two caches holding the same records).
    const holders = []; const skip = new Set();
    for (const part of target.split('+')) {
      const [cls, field] = part.split('.');
      const mine = []; for (let k = 0; k < N; k++) if (s.nodeTypes[s.nodes[k * s.NF + s.nType]] === 'object' && s.strings[s.nodes[k * s.NF + s.nName]] === cls) mine.push(k);
      for (const k of mine) for (let e = first[k]; e < first[k + 1]; e++) if (h.edgeName(s, e) === `.${field}`) skip.add(e);
      holders.push(...mine);
    }
    const without = reach((k, e) => skip.has(e));
    let size = 0, n = 0; for (let k = 0; k < N; k++) if (all[k] && !without[k]) { size += s.nodes[k * s.NF + s.nSize]; n++; }
    console.log(`${target} (${holders.length} holders): retains ${(size / 1048576).toFixed(2)} MiB in ${n} objects`);
  }
  
}

function main() {
  const [cmd, a, b, c, d] = process.argv.slice(2);
  if (cmd === 'summary') {
    const s = parse(a);
    console.log(totals(s));
    print([...groups(s)].sort((x, y) => y[1].size - x[1].size), Number(b ?? 40));
  } else if (cmd === 'diff') {
    const sa = parse(a);
    const ga = groups(sa);
    const ids = idSet(sa);
    console.log(`A: ${totals(sa)}`);
    const sb = parse(b);
    console.log(`B: ${totals(sb)}`);
    const gb = groups(sb);
    const delta = [];
    for (const [l, g] of gb) { const o = ga.get(l) ?? { count: 0, size: 0 }; delta.push([l, { count: g.count - o.count, size: g.size - o.size }]); }
    for (const [l, g] of ga) if (!gb.has(l)) delta.push([l, { count: -g.count, size: -g.size }]);
    console.log('\n== B - A by (type, name), largest growth first');
    print(delta.sort((x, y) => y[1].size - x[1].size), Number(c ?? 40));
    const gn = groups(sb, (k) => !ids.has(sb.nodes[k * sb.NF + sb.nId]));
    let newSize = 0; for (const g of gn.values()) newSize += g.size;
    console.log(`\n== objects in B whose ids are not in A (allocated since A and alive): ${mb(newSize)} MiB`);
    print([...gn].sort((x, y) => y[1].size - x[1].size), Number(c ?? 40));
  } else if (cmd === 'paths') {
    const s = parse(a);
    let filter = null;
    if (d) { const sa = parse(d); const ids = idSet(sa); filter = (k) => !ids.has(s.nodes[k * s.NF + s.nId]); }
    paths(s, b, Number(c ?? 5), filter);
  } else if (cmd === 'retained') {
    retained(a, process.argv.slice(4));
  } else if (cmd === 'owners') {
    const oa = owners(parse(a));
    const ob = owners(parse(b));
    const delta = [];
    for (const [l, g] of ob) { const o = oa.get(l) ?? { count: 0, size: 0 }; delta.push([l, { count: g.count - o.count, size: g.size - o.size }]); }
    for (const [l, g] of oa) if (!ob.has(l)) delta.push([l, { count: -g.count, size: -g.size }]);
    console.log('== B - A by owner, largest growth first');
    print(delta.sort((x, y) => y[1].size - x[1].size), Number(c ?? 40));
    console.log('== B by owner');
    print([...ob].sort((x, y) => y[1].size - x[1].size), Number(c ?? 40));
  } else {
    console.log('usage: summary FILE [top] | diff A B [top] | paths FILE NAME [samples] [A]');
  }
}

if (require.main === module) main();
module.exports = { parse, label, count, firstEdges, bfs, edgeName, owners };
