// Cold start in Chromium from a Vite production build: the package as shipped (`npm pack` of
// dist/), built by Vite with no config (the clients test's app, tests/clients/probe.mjs), served
// from loopback and loaded in a fresh browser context each time (no cache). Prints the medians
// and minima, in ms, of toolgate's share (module start → first verdict: fetching, compiling and
// instantiating the .wasm, `new Gatekeeper`, the first `check()`) and of its phases.
//
//   node bench/browser-coldstart.mjs [--loads N]        (after ./scripts/build.sh)
//
// The first load of a run is not counted (it pays Chromium's own start). Scratch files go to
// target/clients/ (what the clients test uses; it rebuilds them).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { bin, closeBrowser, launchBrowser, packDist, pageResult, project, run, serveStatic } from '../tests/clients/lib.mjs';
import { EXPECTED, HTML, browserApp } from '../tests/clients/probe.mjs';

const argv = process.argv.slice(2);
const k = argv.indexOf('--loads');
const LOADS = k >= 0 ? Number(argv[k + 1]) : 15;

const { unpacked } = packDist();
const dir = project('vite-coldstart', { 'index.html': HTML('/main.js'), 'main.js': browserApp() }, unpacked);
await run(process.execPath, [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: dir });
await launchBrowser();
const site = await serveStatic(join(dir, 'dist'));
const runs = [];
try {
  for (let i = 0; i <= LOADS; i++) {
    const r = await pageResult(site.url);
    if (r.error || JSON.stringify(r.decisions) !== JSON.stringify(EXPECTED) || r.problems.length) {
      throw new Error(`load ${i}: ${r.error ?? JSON.stringify(r.decisions)} ${r.problems.join('; ')}`);
    }
    if (i > 0) runs.push(r.timing);
  }
} finally {
  await site.close();
  await closeBrowser();
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (name, f) => {
  const xs = runs.map(f);
  console.log(`${name.padEnd(50)} ${median(xs).toFixed(1).padStart(7)} ${Math.min(...xs).toFixed(1).padStart(7)}`);
};
console.log(`Chromium, Vite build, ${runs.length} cold loads, load average ${loadavg()[0].toFixed(1)}`);
console.log(`${'phase'.padEnd(50)} ${'median'.padStart(7)} ${'min'.padStart(7)}`);
row("toolgate's share (module start → first verdict)", (t) => t.firstVerdict - t.moduleStart);
row('  init (fetch + compile + instantiate)', (t) => t.initDone - t.moduleStart);
row('    of which the .wasm fetch', (t) => (t.wasmFetch ? t.wasmFetch[1] - t.wasmFetch[0] : NaN));
row('  new Gatekeeper + first check()', (t) => t.firstVerdict - t.initDone);
row('navigation start → first verdict', (t) => t.firstVerdict);
