// Where the gate's .wasm bytes go, by module: the binary the last `./scripts/build.sh` named for
// wasm-opt (target/toolgate-build/toolgate_named.wasm), optimised again with wasm-pack.toml's
// flags but keeping the name section (-g for --strip-debug), then each function's code summed
// by the first `depth` segments of its name (a trait method by its type; serde's impls apart).
// Prints code and data totals and per module: raw bytes, gzip -9 of the module's functions
// alone (an upper bound on its share: gzip finds less to reuse in one module than in all), and
// the function count. Inlined code counts for its caller.
//
//   node bench/size-profile.mjs [--depth N] [--top N] [--wasm FILE]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseManifest } from '../scripts/lib/manifest.mjs';
import { functionNames, outline } from '../scripts/lib/wasm-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : dflt;
};
const DEPTH = Number(opt('depth', 2));
const TOP = Number(opt('top', 30));

let file = opt('wasm', null);
if (!file) {
  const named = join(root, 'target', 'toolgate-build', 'toolgate_named.wasm');
  const manifest = parseManifest(readFileSync(join(root, 'wasm-pack.toml'), 'utf8'));
  const flags = manifest['wasm-opt'].flags.map((f) => (f === '--strip-debug' ? '-g' : f));
  file = join(tmpdir(), 'toolgate-size-profile.wasm');
  const bin = join(root, 'node_modules', '.bin', 'wasm-opt');
  const r = spawnSync(bin, [...flags, named, '-o', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wasm-opt failed (run ./scripts/build.sh first):\n${r.stderr}`);
}

const bytes = readFileSync(file);
const parts = outline(bytes);
if (!parts?.names) throw new Error(`${file}: no imports this reader knows, or no name section`);
const { bodies, data } = parts;
const names = functionNames(bytes, parts.names);

/** The module a function's name belongs to: its path's first DEPTH segments. */
function moduleOf(name) {
  const plain = name.replace(/ \d+ \d+$/, ''); // the sort keys scripts/lib/order.mjs appends
  const impl = plain.match(/^<&?(?:mut )?(.+?) as ([\w:]+)/);
  let path = plain;
  if (impl) path = impl[2].startsWith('serde') ? `serde impls::${impl[1]}` : impl[1];
  const parts = path.replace(/^&(mut )?|^\[/, '').split('::').filter((s) => s && !s.startsWith('{'));
  return parts.slice(0, DEPTH).join('::').replace(/<.*$/, '').replace(/\[[0-9a-f]+\]/, '') || '(unnamed)';
}

const modules = new Map();
for (const [index, body] of bodies) {
  const key = moduleOf(names.get(index) ?? '');
  const m = modules.get(key) ?? { raw: 0, bodies: [] };
  m.raw += body.length;
  m.bodies.push(body);
  modules.set(key, m);
}
const code = Buffer.concat([...bodies.values()]);
const gz = (b) => gzipSync(b, { level: 9 }).length;
console.log(`${file}: code ${code.length} B (gzip ${gz(code)}), data ${data.length} B (gzip ${gz(data)}), ${bodies.size} functions`);
console.log(`${'raw'.padStart(8)} ${'gzip'.padStart(7)} ${'fns'.padStart(5)}  module (depth ${DEPTH})`);
const rows = [...modules].map(([k, m]) => [k, m.raw, gz(Buffer.concat(m.bodies)), m.bodies.length]);
for (const [k, raw, g, n] of rows.sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`${String(raw).padStart(8)} ${String(g).padStart(7)} ${String(n).padStart(5)}  ${k}`);
}
