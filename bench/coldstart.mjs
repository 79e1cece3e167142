// Where a cold start's time goes in Node: each phase of the first verdict timed in a fresh
// process (the .wasm bytes already in memory), under V8 flag variants that move compilation
// work between phases. Prints medians over fresh processes, in ms.
//
//   node bench/coldstart.mjs [--runs N] [--dist DIR]
//
// Phases: compile (`new WebAssembly.Module`, what `initSync` does first), instantiate (the
// rest of `initSync`), the first `new Gatekeeper` with an empty config and then with the
// bench config (.gitignore + 100 rules), the first and second `check()`.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { READ_CALL, config } from './workloads.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : dflt;
};
const RUNS = Number(opt('runs', 7));
const DIST = resolve(join(here, '..'), opt('dist', 'dist'));
const wasmPath = join(DIST, 'toolgate_bg.wasm');

const probe = `
  const { readFileSync } = require('node:fs');
  import(${JSON.stringify(pathToFileURL(join(DIST, 'web.js')).href)}).then((m) => {
    const bytes = readFileSync(${JSON.stringify(wasmPath)});
    const t = [process.hrtime.bigint()];
    const mark = () => t.push(process.hrtime.bigint());
    const module = new WebAssembly.Module(bytes); mark();
    m.initSync({ module }); mark();
    new m.Gatekeeper({}).free(); mark();
    const gk = new m.Gatekeeper(${JSON.stringify(config())}); mark();
    gk.check(${JSON.stringify(READ_CALL)}); mark();
    gk.check(${JSON.stringify(READ_CALL)}); mark();
    console.log(JSON.stringify(t.slice(1).map((x, i) => Number(x - t[i]) / 1e6)));
  });`;

const PHASES = ['compile', 'instantiate', 'first Gatekeeper({})', 'Gatekeeper(bench config)', 'first check()', 'second check()'];
const VARIANTS = [
  ['default', []],
  ['--liftoff-only (no tier-up)', ['--liftoff-only']],
  ['--no-liftoff (optimising tier only)', ['--no-liftoff']],
  ['--wasm-lazy-compilation', ['--wasm-lazy-compilation']],
  ['--no-wasm-lazy-compilation', ['--no-wasm-lazy-compilation']],
];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

console.log(`cold start, ${RUNS} fresh processes per variant, medians in ms (Node ${process.version})\n`);
console.log(['variant'.padEnd(38), ...PHASES.map((p) => p.padStart(12)), 'first verdict'.padStart(14)].join(' '));
for (const [name, flags] of VARIANTS) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const out = spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8' });
    if (out.status === 0) runs.push(JSON.parse(out.stdout));
  }
  if (!runs.length) {
    console.log(`${name.padEnd(38)} (not supported by this Node)`);
    continue;
  }
  const m = PHASES.map((_, i) => median(runs.map((r) => r[i])));
  // First verdict after the bytes are in memory: every phase up to the first check (the empty
  // Gatekeeper counted too, so this is an upper bound).
  const first = median(runs.map((r) => r[0] + r[1] + r[2] + r[3] + r[4]));
  console.log([name.padEnd(38), ...m.map((x) => x.toFixed(2).padStart(12)), first.toFixed(2).padStart(14)].join(' '));
}
