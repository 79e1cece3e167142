// toolgate's benchmark: toolgate (the built package in dist/) against what users would pick
// instead — the npm `ignore` package (what Cline uses) and `shell-quote` — and, with
// `--against DIR`, against another build of toolgate (a previous release's dist/), all in one
// Node process, interleaved, several repetitions; prints medians and ratios.
//
//   ./scripts/build.sh && node bench/run.mjs [--reps N] [--dist DIR] [--against DIR] [--json FILE]
//
// A previous release's package: `git worktree add /tmp/prev <commit>`, link node_modules into
// it, run its scripts/build.sh (with its own CARGO_TARGET_DIR), then `--against /tmp/prev/dist`.
//
// Not a test: nothing here fails on a slow machine. See docs/performance.md.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generatePaths } from './paths.mjs';
import { WIDE_GITIGNORE, realListing, wideListing } from './listings.mjs';
import {
  COMMANDS, COMPOUND_CALL, GITIGNORE, READ_CALL, ROOT, compoundCalls, config, readCalls,
} from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const require = createRequire(import.meta.url);

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : dflt;
};
const REPS = Number(opt('reps', 9));
const DIST = resolve(repo, opt('dist', 'dist'));
const JSON_OUT = opt('json', null);
const AGAINST = opt('against', null);
const PREV_DIST = AGAINST && resolve(process.cwd(), AGAINST);

const { Gatekeeper } = require(join(DIST, 'node.cjs'));
// The other build, loaded beside this one (its own wasm instance): every row runs it too.
const Previous = PREV_DIST ? require(join(PREV_DIST, 'node.cjs')).Gatekeeper : null;
const ignore = require('ignore');
const { parse: shellQuoteParse } = require('shell-quote');

const now = () => process.hrtime.bigint();
const ms = (t0, t1) => Number(t1 - t0) / 1e6;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, digits = 2) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(digits));
let sink = 0; // keeps results alive

/**
 * Runs each contender `REPS` times, interleaved (the order alternates every repetition), after
 * one warm-up round; returns the median time per repetition of each, in ms, and as `ratio` the
 * median over repetitions of (the other contender's time / toolgate's) in that repetition: a
 * pair run back to back shares the machine's load, so the ratio moves less than the times.
 */
function race(contenders) {
  const names = Object.keys(contenders);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) sink ^= Number(!!contenders[n]()); // warm-up (JIT, caches)
  for (let r = 0; r < REPS; r++) {
    const order = r % 2 ? [...names].reverse() : names;
    for (const n of order) {
      const t0 = now();
      const out = contenders[n]();
      times[n].push(ms(t0, now()));
      sink ^= Number(!!out);
    }
  }
  const out = Object.fromEntries(names.map((n) => [n, median(times[n])]));
  // per contender: the median over repetitions of (its time / toolgate's)
  out.ratios = Object.fromEntries(names.filter((n) => n !== 'toolgate' && times.toolgate)
    .map((n) => [n, median(times.toolgate.map((t, r) => times[n][r] / t))]));
  const other = names.find((n) => n !== 'toolgate' && n !== 'previous');
  if (other) out.ratio = out.ratios[other];
  return out;
}

/** The directory (up to three levels deep) whose subtree holds the number of `paths` closest
 *  to `want`, and that number. */
function subtreeOf(paths, want) {
  const counts = new Map();
  for (const p of paths) {
    let at = -1;
    for (let depth = 0; depth < 3; depth++) {
      at = p.indexOf('/', at + 1);
      if (at < 0) break;
      const d = p.slice(0, at);
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
  }
  let best = ['', 0];
  for (const [d, n] of counts) if (Math.abs(n - want) < Math.abs(best[1] - want)) best = [d, n];
  return best;
}

/** Median over batches of `batch` calls of the mean time per call, in µs. */
function perCall(fn, { batches = 200, batch = 250 } = {}) {
  return perCalls({ toolgate: fn }, { batches, batch }).toolgate;
}

/**
 * `perCall` of each contender (`{ name: fn }`), their batches interleaved (the order
 * alternates), so both share the machine's load; also `ratio`: the median over batches of
 * (previous's mean / toolgate's).
 */
function perCalls(fns, { batches = 200, batch = 250 } = {}) {
  const names = Object.keys(fns);
  for (const n of names) for (let i = 0; i < batch * 4; i++) fns[n]();
  const means = Object.fromEntries(names.map((n) => [n, []]));
  for (let b = 0; b < batches; b++) {
    for (const n of b % 2 ? [...names].reverse() : names) {
      const fn = fns[n];
      const t0 = now();
      for (let i = 0; i < batch; i++) fn();
      means[n].push((ms(t0, now()) * 1000) / batch);
    }
  }
  const out = Object.fromEntries(names.map((n) => [n, median(means[n])]));
  if (means.previous) out.ratio = median(means.toolgate.map((t, b) => means.previous[b] / t));
  return out;
}

async function perCallAsync(fn, { batches = 60, batch = 100 } = {}) {
  for (let i = 0; i < batch * 2; i++) await fn();
  const means = [];
  for (let b = 0; b < batches; b++) {
    const t0 = now();
    for (let i = 0; i < batch; i++) await fn();
    means.push((ms(t0, now()) * 1000) / batch);
  }
  return median(means);
}

const rows = [];
// `prev`: the --against build's figure and the ratio of the pair ({ time, ratio }), or null.
const row = (workload, toolgate, unit, incumbentName, incumbent, goal, pairRatio, prev = null) => {
  const ratio = incumbent == null ? null : pairRatio ?? incumbent / toolgate;
  const previous = prev?.time ?? null;
  const previousRatio = previous == null ? null : prev.ratio ?? previous / toolgate;
  rows.push({ workload, toolgate, unit, previous, previousRatio, incumbentName, incumbent, ratio, goal });
  const was = previous == null ? '' : `   previous: ${fmt(previous)} ${unit} (${previousRatio.toFixed(2)}×)`;
  const inc = incumbent == null ? '' : `   ${incumbentName}: ${fmt(incumbent)} ${unit}   → ${ratio.toFixed(1)}× faster`;
  console.log(`${workload.padEnd(44)} toolgate: ${fmt(toolgate)} ${unit}${was}${inc}${goal ? `   (goal ${goal})` : ''}`);
};
/** The `prev` argument of `row` from a race or perCalls result with a `previous` entry. */
const prevOf = (t, scale = 1) => (t.previous == null ? null
  : { time: t.previous * scale, ratio: t.ratios?.previous ?? t.ratio });

// ---- machine -------------------------------------------------------------------------------
const cpu = (() => {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const machine = { cpu, cores: cpus().length, node: process.version, reps: REPS };
console.log(`toolgate benchmark — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${REPS} repetitions (medians)`);
if (Previous) console.log(`previous: ${PREV_DIST}`);
console.log('');

// ---- ignore filtering ------------------------------------------------------------------------
const paths = generatePaths(100_000);
const gk = new Gatekeeper(config());
const old = Previous && new Previous(config());
{
  const ours = gk.filterPaths(paths);
  const theirs = ignore().add(GITIGNORE).filter(paths);
  const differ = ours.length !== theirs.length || ours.some((p, i) => p !== theirs[i]);
  console.log(`ignore: ${paths.length} paths, ${GITIGNORE.split('\n').filter((l) => l.trim() && !l.startsWith('#')).length} pattern lines; `
    + `toolgate keeps ${ours.length}, ignore keeps ${theirs.length}${differ ? ' (they disagree on some paths; toolgate follows git)' : ' (same answer)'}`);
}
{
  const t = race({
    toolgate: () => gk.filterPaths(paths),
    ...(old && { previous: () => old.filterPaths(paths) }),
    ignore: () => ignore().add(GITIGNORE).filter(paths),
  });
  row('filterPaths, 100k paths', t.toolgate, 'ms', 'ignore().add().filter()', t.ignore, '≥ 3×', t.ratio, prevOf(t));
}
// The workspace view: setting it, and a recursive read decided from it.
if (gk.setWorkspaceFiles) {
  const g = new Gatekeeper(config());
  const t = race({ toolgate: () => g.setWorkspaceFiles(paths), filterPaths: () => g.filterPaths(paths) });
  row('setWorkspaceFiles, 100k paths', t.toolgate, 'ms', 'filterPaths, same list', t.filterPaths, '≤ filterPaths');
  // the walk's worst case: nothing below is ignored, so every file is looked at
  const kept = g.filterPaths(paths);
  g.setWorkspaceFiles(kept);
  const [dir, files] = subtreeOf(kept, 10_000);
  const call = { tool: 'execute_command', params: { command: `grep -rn TODO ${dir}`, requires_approval: false } };
  const decision = g.check(call).decision;
  row(`check() grep -rn, ${files}-file subtree (${decision})`, perCall(() => g.check(call), { batches: 15, batch: 4 }) / 1000, 'ms');
  g.free();
}
// The other listing shapes (bench/listings.mjs), each with its own .gitignore.
for (const [name, listing, text] of [
  ['filterPaths, 16×50 dirs, ** and negations', wideListing(), WIDE_GITIGNORE],
  ['filterPaths, real: repo + node_modules', realListing(), GITIGNORE],
]) {
  if (!listing.length) continue;
  const g = new Gatekeeper({ ...config(), ignoreFile: text });
  const o = Previous && new Previous({ ...config(), ignoreFile: text });
  const ours = g.filterPaths(listing);
  const theirs = ignore().add(text).filter(listing);
  const differ = ours.length !== theirs.length || ours.some((p, i) => p !== theirs[i]);
  console.log(`${name}: ${listing.length} paths; toolgate keeps ${ours.length}, ignore keeps ${theirs.length}${differ ? ' (they disagree)' : ''}`);
  const t = race({
    toolgate: () => g.filterPaths(listing),
    ...(o && { previous: () => o.filterPaths(listing) }),
    ignore: () => ignore().add(text).filter(listing),
  });
  row(`${name} (${listing.length} paths)`, t.toolgate, 'ms', 'ignore().add().filter()', t.ignore, '≥ 3×', t.ratio, prevOf(t));
  g.free();
  o?.free();
}
{
  const t = race({
    toolgate: () => {
      let c = 0;
      for (const p of paths) if (gk.isIgnored(p)) c++;
      return c;
    },
    ...(old && {
      previous: () => {
        let c = 0;
        for (const p of paths) if (old.isIgnored(p)) c++;
        return c;
      },
    }),
    ignore: () => {
      const ig = ignore().add(GITIGNORE);
      let c = 0;
      for (const p of paths) if (ig.ignores(p)) c++;
      return c;
    },
  });
  const n = paths.length / 1e3; // ms per 100k → ns per path
  row('isIgnored, per path', (t.toolgate / n) * 1e3, 'ns', 'ignores()', (t.ignore / n) * 1e3, '≥ 2×', t.ratio, prevOf(t, 1e3 / n));
}

// ---- shell analysis ----------------------------------------------------------------------
{
  const n = COMMANDS.length;
  const contenders = {
    parse: () => {
      let c = 0;
      for (const cmd of COMMANDS) c += shellQuoteParse(cmd).length;
      return c;
    },
  };
  if (Gatekeeper.analyseCommand) {
    contenders.each = () => {
      let c = 0;
      for (const cmd of COMMANDS) c += Gatekeeper.analyseCommand(cmd).commands.length;
      return c;
    };
    contenders.batch = () => Gatekeeper.analyseCommands(COMMANDS);
  }
  const t = race(contenders);
  const previous = Previous && (() => {
    let c = 0;
    for (const cmd of COMMANDS) c += Previous.analyseCommand(cmd).commands.length;
    return c;
  });
  const pair = race({
    toolgate: contenders.each ?? contenders.parse,
    ...(previous && { previous }),
    parse: contenders.parse,
  });
  const us = (x) => (x * 1000) / n;
  console.log(`shell: ${n} commands (bench/fixtures/commands.json)`);
  if (t.each != null) {
    row('analyseCommand, per command', us(t.each), 'µs', 'shell-quote parse()', us(t.parse), '≥ 3×', pair.ratio, prevOf(pair, 1000 / n));
    row('analyseCommands (one call), per command', us(t.batch), 'µs', 'shell-quote parse()', us(t.parse));
  }
}

// ---- decisions ---------------------------------------------------------------------------
/** A row of per-call µs: `make(gatekeeper)` gives the call to time, for this build and the other. */
function callRow(workload, make, goal, options) {
  const t = perCalls({ toolgate: make(gk), ...(old && { previous: make(old) }) }, options);
  row(workload, t.toolgate, 'µs', null, null, goal, null, prevOf(t));
}
// Distinct calls, cycled: no cache keyed on the call (none exists) could stand in for the work.
const cycle = (method, calls) => (g) => {
  let i = 0;
  return () => g[method](calls[i++ % calls.length]);
};
callRow('check() read_file', (g) => () => g.check(READ_CALL), '≤ 1 µs');
callRow('check() compound command', (g) => () => g.check(COMPOUND_CALL), '≤ 5 µs');
callRow('check() read_file, 1,000 distinct paths', cycle('check', readCalls(1000)), '≤ 1 µs', { batch: 1000, batches: 100 });
callRow('check() compound, 1,000 distinct commands', cycle('check', compoundCalls(1000)), '≤ 5 µs', { batch: 1000, batches: 60 });
callRow('validate() read_file', (g) => () => g.validate(READ_CALL));
// The floor of one call through the facade: a tool with no params and no rules for it.
callRow('check() floor: { tool: "zzz" }', (g) => () => g.check({ tool: 'zzz' }), '≤ 0.5 µs');
// What any method pays before the gate does anything: one call into wasm and back with a short
// string (the `mode` getter), the lower bound of the floor above.
callRow('the crossing alone: the mode getter', (g) => () => g.mode);
{
  // Issue 33's goals, under its settings (root /ws, ignore `.env` and `secrets/`, no rules),
  // each over 1,000 varied calls.
  const small = { workspaceRoots: [ROOT], ignoreFile: '.env\nsecrets/\n' };
  const g = new Gatekeeper(small);
  const o = Previous && new Previous(small);
  const row33 = (workload, calls, goal) => {
    const run = (x) => cycle('check', calls)(x);
    const t = perCalls({ toolgate: run(g), ...(o && { previous: run(o) }) }, { batch: 1000, batches: 60 });
    row(workload, t.toolgate, 'µs', null, null, goal, null, prevOf(t));
  };
  const n = Array.from({ length: 1000 }, (_, i) => i);
  row33('small config: check() floor, 1,000 unknown tools', n.map((i) => ({ tool: `zzz${i}` })), '≤ 0.5 µs');
  row33('small config: check() read_file, 1,000 paths', readCalls(1000), '≤ 1 µs');
  row33('small config: check() `cd packages/pN && npm run build -- --watch=false | tee buildN.log`, 1,000 N',
    n.map((i) => ({
      tool: 'execute_command',
      params: { command: `cd packages/p${i} && npm run build -- --watch=false | tee build${i}.log`, requires_approval: false },
    })), '≤ 5 µs');
  g.free();
  o?.free();
}
{
  const asking = new Gatekeeper({ ...config(), mode: 'always-ask', prompt: () => 'once' });
  row('authorize() round trip, prompt answers "once"', await perCallAsync(() => asking.authorize(READ_CALL)), 'µs');
  const allowing = new Gatekeeper(config());
  row('authorize() no prompt needed', await perCallAsync(() => allowing.authorize(READ_CALL)), 'µs');
}

// ---- start-up ------------------------------------------------------------------------------
const wasmPath = join(DIST, 'toolgate_bg.wasm');
const wasmBytes = readFileSync(wasmPath);
{
  const compile = (bytes) => {
    const times = [];
    for (let r = 0; r < Math.max(REPS, 5); r++) {
      const t0 = now();
      sink ^= Number(!!new WebAssembly.Module(bytes));
      times.push(ms(t0, now()));
    }
    return median(times);
  };
  const prevBytes = PREV_DIST && readFileSync(join(PREV_DIST, 'toolgate_bg.wasm'));
  const c = compile(wasmBytes);
  row('compile: new WebAssembly.Module', c, 'ms', null, null, null, null, prevBytes && { time: compile(prevBytes) });
  // A cold start as a webview sees it: a fresh process loads web.js and calls initSync.
  const probe = (dist) => `
    const { readFileSync } = require('node:fs');
    import(${JSON.stringify(pathToFileURL(join(dist, 'web.js')).href)}).then((m) => {
      const bytes = readFileSync(${JSON.stringify(join(dist, 'toolgate_bg.wasm'))});
      const t0 = process.hrtime.bigint();
      m.initSync({ module: bytes });
      const t1 = process.hrtime.bigint();
      const gk = new m.Gatekeeper(${JSON.stringify(config())});
      const t2 = process.hrtime.bigint();
      gk.check(${JSON.stringify(READ_CALL)});
      const t3 = process.hrtime.bigint();
      console.log(JSON.stringify([Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6, Number(t3 - t2) / 1e6]));
    });`;
  const cold = [];
  const coldPrev = [];
  for (let r = 0; r < 5; r++) {
    for (const [dist, into] of [[DIST, cold], ...(PREV_DIST ? [[PREV_DIST, coldPrev]] : [])]) {
      const out = spawnSync(process.execPath, ['-e', probe(dist)], { encoding: 'utf8' });
      if (out.status === 0) into.push(JSON.parse(out.stdout));
    }
  }
  const phase = (list, k) => median(list.map((x) => (k < 0 ? x[0] + x[1] + x[2] : x[k])));
  if (cold.length) {
    const was = (k) => (coldPrev.length ? { time: phase(coldPrev, k) } : null);
    row('cold start: initSync (fresh process)', phase(cold, 0), 'ms', null, null, null, null, was(0));
    row('cold start: first Gatekeeper (gitignore + 100 rules)', phase(cold, 1), 'ms', null, null, null, null, was(1));
    row('cold start: first check()', phase(cold, 2), 'ms', null, null, null, null, was(2));
    row('cold start: to the first verdict', phase(cold, -1), 'ms', null, null, '≤ 10 ms', null, was(-1));
  }
}
{
  const cfg = config();
  const t = perCalls({
    toolgate: () => new Gatekeeper(cfg).free(),
    ...(Previous && { previous: () => new Previous(cfg).free() }),
  }, { batches: Math.max(REPS, 5) * 4, batch: 10 });
  row('new Gatekeeper (gitignore + 100 rules), warm', t.toolgate / 1000, 'ms', null, null, '≤ 2 ms', null, prevOf(t, 1 / 1000));
}

// ---- size --------------------------------------------------------------------------------
const size = (file, dist = DIST) => {
  const b = readFileSync(join(dist, file));
  return { raw: b.length, gzip: gzipSync(b, { level: 9 }).length };
};
const sizes = {
  'toolgate_bg.wasm': size('toolgate_bg.wasm'),
  'node.cjs (Node glue)': size('node.cjs'),
  'web.js (browser glue)': size('web.js'),
  'toolgate_bg.js (bundler glue)': size('toolgate_bg.js'),
};
console.log('\nsize                               raw bytes    gzip -9 bytes');
for (const [k, v] of Object.entries(sizes)) console.log(`${k.padEnd(34)} ${String(v.raw).padStart(9)}    ${String(v.gzip).padStart(9)}`);
if (PREV_DIST) {
  const v = size('toolgate_bg.wasm', PREV_DIST);
  sizes['previous toolgate_bg.wasm'] = v;
  console.log(`${'previous toolgate_bg.wasm'.padEnd(34)} ${String(v.raw).padStart(9)}    ${String(v.gzip).padStart(9)}`);
}

// ---- markdown for docs/performance.md -----------------------------------------------------------------
console.log('\nMarkdown:\n');
console.log('| workload | toolgate | previous (ratio) | incumbent | ratio | goal |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows) {
  const was = r.previous == null ? '—' : `${fmt(r.previous)} ${r.unit} (${r.previousRatio.toFixed(2)}×)`;
  console.log(`| ${r.workload.replaceAll('|', '\\|')} | ${fmt(r.toolgate)} ${r.unit} | ${was} | ${r.incumbent == null ? '—' : `${fmt(r.incumbent)} ${r.unit} (${r.incumbentName})`} | ${r.ratio == null ? '—' : `${r.ratio.toFixed(1)}×`} | ${r.goal ?? ''} |`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ machine, rows, sizes }, null, 2));
if (sink === 0.5) console.log(sink);
