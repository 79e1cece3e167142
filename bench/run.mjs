// toolgate's benchmark: toolgate (the built package in dist/) against what users would pick
// instead — the npm `ignore` package (what Cline uses) and `shell-quote` — in one Node
// process, interleaved, several repetitions; prints medians and ratios.
//
//   ./scripts/build.sh && node bench/run.mjs [--reps N] [--dist DIR] [--json FILE]
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

const { Gatekeeper } = require(join(DIST, 'node.cjs'));
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
  const other = names.find((n) => n !== 'toolgate');
  if (times.toolgate && other) out.ratio = median(times.toolgate.map((t, r) => times[other][r] / t));
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
  for (let i = 0; i < batch * 4; i++) fn();
  const means = [];
  for (let b = 0; b < batches; b++) {
    const t0 = now();
    for (let i = 0; i < batch; i++) fn();
    means.push((ms(t0, now()) * 1000) / batch);
  }
  return median(means);
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
const row = (workload, toolgate, unit, incumbentName, incumbent, goal, pairRatio) => {
  const ratio = incumbent == null ? null : pairRatio ?? incumbent / toolgate;
  rows.push({ workload, toolgate, unit, incumbentName, incumbent, ratio, goal });
  const inc = incumbent == null ? '' : `   ${incumbentName}: ${fmt(incumbent)} ${unit}   → ${ratio.toFixed(1)}× faster`;
  console.log(`${workload.padEnd(44)} toolgate: ${fmt(toolgate)} ${unit}${inc}${goal ? `   (goal ${goal})` : ''}`);
};

// ---- machine -------------------------------------------------------------------------------
const cpu = (() => {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const machine = { cpu, cores: cpus().length, node: process.version, reps: REPS };
console.log(`toolgate benchmark — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${REPS} repetitions (medians)\n`);

// ---- ignore filtering ------------------------------------------------------------------------
const paths = generatePaths(100_000);
const gk = new Gatekeeper(config());
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
    ignore: () => ignore().add(GITIGNORE).filter(paths),
  });
  row('filterPaths, 100k paths', t.toolgate, 'ms', 'ignore().add().filter()', t.ignore, '≥ 3×', t.ratio);
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
  const ours = g.filterPaths(listing);
  const theirs = ignore().add(text).filter(listing);
  const differ = ours.length !== theirs.length || ours.some((p, i) => p !== theirs[i]);
  console.log(`${name}: ${listing.length} paths; toolgate keeps ${ours.length}, ignore keeps ${theirs.length}${differ ? ' (they disagree)' : ''}`);
  const t = race({
    toolgate: () => g.filterPaths(listing),
    ignore: () => ignore().add(text).filter(listing),
  });
  row(`${name} (${listing.length} paths)`, t.toolgate, 'ms', 'ignore().add().filter()', t.ignore, '≥ 3×', t.ratio);
  g.free();
}
{
  const t = race({
    toolgate: () => {
      let c = 0;
      for (const p of paths) if (gk.isIgnored(p)) c++;
      return c;
    },
    ignore: () => {
      const ig = ignore().add(GITIGNORE);
      let c = 0;
      for (const p of paths) if (ig.ignores(p)) c++;
      return c;
    },
  });
  const n = paths.length / 1e3; // ms per 100k → ns per path
  row('isIgnored, per path', (t.toolgate / n) * 1e3, 'ns', 'ignores()', (t.ignore / n) * 1e3, '≥ 1.5×', t.ratio);
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
  const pair = race({ toolgate: contenders.each ?? contenders.parse, parse: contenders.parse }).ratio;
  const us = (x) => (x * 1000) / n;
  console.log(`shell: ${n} commands (bench/fixtures/commands.json)`);
  if (t.each != null) {
    row('analyseCommand, per command', us(t.each), 'µs', 'shell-quote parse()', us(t.parse), '≥ 3×', pair);
    row('analyseCommands (one call), per command', us(t.batch), 'µs', 'shell-quote parse()', us(t.parse));
  }
}

// ---- decisions ---------------------------------------------------------------------------
row('check() read_file', perCall(() => gk.check(READ_CALL)), 'µs', null, null, '≤ 1 µs');
row('check() compound command', perCall(() => gk.check(COMPOUND_CALL)), 'µs', null, null, '≤ 5 µs');
{
  // Distinct calls, cycled: no cache keyed on the call (none exists) could stand in for the work.
  const cycle = (calls) => {
    let i = 0;
    return () => gk.check(calls[i++ % calls.length]);
  };
  const reads = readCalls(1000);
  const compounds = compoundCalls(1000);
  row('check() read_file, 1,000 distinct paths', perCall(cycle(reads), { batch: 1000, batches: 100 }), 'µs', null, null, '≤ 1 µs');
  row('check() compound, 1,000 distinct commands', perCall(cycle(compounds), { batch: 1000, batches: 60 }), 'µs', null, null, '≤ 5 µs');
}
row('validate() read_file', perCall(() => gk.validate(READ_CALL)), 'µs');
// The floor of one call through the facade: a tool with no params and no rules for it.
row('check() floor: { tool: "zzz" }', perCall(() => gk.check({ tool: 'zzz' })), 'µs');
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
  const times = [];
  for (let r = 0; r < Math.max(REPS, 5); r++) {
    const t0 = now();
    sink ^= Number(!!new WebAssembly.Module(wasmBytes));
    times.push(ms(t0, now()));
  }
  row('compile: new WebAssembly.Module', median(times), 'ms');
  // A cold start as a webview sees it: a fresh process loads web.js and calls initSync.
  const probe = `
    const { readFileSync } = require('node:fs');
    import(${JSON.stringify(pathToFileURL(join(DIST, 'web.js')).href)}).then((m) => {
      const bytes = readFileSync(${JSON.stringify(wasmPath)});
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
  for (let r = 0; r < 5; r++) {
    const out = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
    if (out.status === 0) cold.push(JSON.parse(out.stdout));
  }
  if (cold.length) {
    row('cold start: initSync (fresh process)', median(cold.map((c) => c[0])), 'ms');
    row('cold start: first Gatekeeper (gitignore + 100 rules)', median(cold.map((c) => c[1])), 'ms');
    row('cold start: first check()', median(cold.map((c) => c[2])), 'ms');
  }
}
{
  const cfg = config();
  const t = perCall(() => new Gatekeeper(cfg).free(), { batches: Math.max(REPS, 5) * 4, batch: 10 });
  row('new Gatekeeper (gitignore + 100 rules), warm', t / 1000, 'ms', null, null, '≤ 2 ms');
}

// ---- size --------------------------------------------------------------------------------
const size = (file) => {
  const b = readFileSync(join(DIST, file));
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

// ---- markdown for docs/performance.md -----------------------------------------------------------------
console.log('\nMarkdown:\n');
console.log('| workload | toolgate | incumbent | ratio | goal |');
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  console.log(`| ${r.workload} | ${fmt(r.toolgate)} ${r.unit} | ${r.incumbent == null ? '—' : `${fmt(r.incumbent)} ${r.unit} (${r.incumbentName})`} | ${r.ratio == null ? '—' : `${r.ratio.toFixed(1)}×`} | ${r.goal ?? ''} |`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ machine, rows, sizes }, null, 2));
if (sink === 0.5) console.log(sink);
