// Builds the npm package described by wasm-pack.toml into dist/ (run through scripts/build.sh,
// which puts npm's wasm-opt first on PATH).
//
// The package holds two binaries of the crate, each built with its own cargo features
// (wasm-pack.toml [binary.*], Cargo.toml [features]): the gate (the `Gatekeeper` class, the
// package's main module) and the importers ('toolgate/import', loaded on demand), so a host
// that only gates calls never downloads an importer. For each binary:
//
//  1. `wasm-pack build --<profile> --no-opt --no-pack --target T -- --no-default-features
//     --features F` for each target, in its own target dir (target/wasm-<binary>/, so both stay
//     cached). Cargo compiles once; the later targets only re-run wasm-bindgen.
//  2. Checks that the three `<out_name>_bg.wasm` files are byte-identical (true for wasm-bindgen
//     0.2.130: the glue differs, the binary does not — its imports are all named
//     "./<out_name>_bg.js", which every target's glue satisfies), so the package ships ONE
//     binary per module.
//  3. Runs npm binaryen's wasm-opt once on that binary with the manifest's flags, its function
//     names first rewritten as the keys wasm-opt orders the functions by (scripts/lib/order.mjs).
//  4. Assembles dist/ from pkg-template/ and the glue of each target:
//       web.js  web.d.ts                          browser ESM, `await init()` (web target)
//       bundler.js bundler.d.ts toolgate_bg.js     bundler ESM (webpack asyncWebAssembly, vite-plugin-wasm)
//       node.cjs node.d.cts                        Node `require` (nodejs target)
//       node.mjs node.d.mts                        Node `import` (a wrapper over node.cjs: one instance)
//       toolgate_bg.wasm                           shared by all of them
//     and the same for the importers, prefixed `import-` (import-web.js, import-bundler.js with
//     toolgate_import_bg.js, import-node.cjs, import-node.mjs, toolgate_import_bg.wasm).
//     bundler.js and node.mjs also export a no-op default `init()`/`initSync()`, so code written
//     for the browser (`await init()`) runs unchanged under Node (e.g. in a test runner). The
//     gate's entries give `Gatekeeper` the importers as static methods over 'toolgate/import'
//     (scripts/lib/glue.mjs).
//  5. Checks the package (every `exports`/`main`/`types` file exists and is in `files`, Node can
//     load it, the gate binary exports no importer and the import binary no class) and each
//     binary's size budget; writes target/toolgate-build/report.json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  BUNDLER_INIT_DTS, BUNDLER_INIT_JS, declaredFunctions, gateReadCall, gateStaticsCjs, gateStaticsDts, gateStaticsEsm, GlueError,
  importBundlerRegistration, importWebGlue, nodeEsm, nodeGlue, nodeInitDts, standaloneDts, webGlue,
} from './lib/glue.mjs';
import { readManifest } from './lib/manifest.mjs';
import { namesForGzipOrder } from './lib/order.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = readManifest(join(root, 'wasm-pack.toml'));
const pkg = manifest.package ?? {};
const build = manifest.build ?? {};
const opt = manifest['wasm-opt'] ?? {};

const KNOWN_TARGETS = ['web', 'bundler', 'nodejs'];
const targets = build.targets ?? KNOWN_TARGETS;
const profile = build.profile ?? 'release';
const crate = pkg.crate ?? 'toolgate';
const outDir = join(root, pkg.out_dir ?? 'dist');
const templateDir = join(root, pkg.template ?? 'pkg-template');
const work = join(root, 'target', 'toolgate-build');

const fail = (msg) => { console.error(`build: error: ${msg}`); process.exit(1); };
if (!['release', 'profiling', 'dev'].includes(profile)) fail(`[build] profile must be release, profiling or dev, got ${profile}`);
for (const t of targets) if (!KNOWN_TARGETS.includes(t)) fail(`[build] unknown target ${t} (known: ${KNOWN_TARGETS.join(', ')})`);

// The binaries: [binary.gate] and [binary.import], each with its entries' file prefix and the
// specifier users import it by (the messages name them; pkg-template/package.json maps them).
const LAYOUT = { gate: { prefix: '', specifier: crate }, import: { prefix: 'import-', specifier: `${crate}/import` } };
const binaries = Object.entries(LAYOUT).map(([name, layout]) => {
  const b = manifest[`binary.${name}`];
  if (!b || typeof b.out_name !== 'string' || !Array.isArray(b.features)) fail(`[binary.${name}] needs out_name = "…" and features = [ … ]`);
  const budgetKb = manifest.budget?.[`${name}_gzip_kb`];
  if (typeof budgetKb !== 'number' || budgetKb <= 0) fail(`[budget] ${name}_gzip_kb must be a positive number`);
  const stem = b.out_name;
  return { name, stem, features: b.features, budgetKb, ...layout, spec: { specifier: layout.specifier, wasm: `${stem}_bg.wasm` } };
});
const [gate, importer] = binaries;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  return r;
}
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const t0 = Date.now();
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)}s`;

// 1. wasm-pack per binary and target (cargo builds each binary once; wasm-opt is ours, after
//    the identity check).
for (const b of binaries) {
  b.glue = {};
  for (const target of targets) {
    const dir = join(work, b.name, target);
    rmSync(dir, { recursive: true, force: true });
    const t = Date.now();
    run('wasm-pack', ['--log-level', 'warn', 'build', `--${profile}`, '--target', target,
      '--no-pack', '--no-opt', '--out-dir', dir, '--out-name', b.stem, root,
      '--', '--no-default-features', '--features', b.features.join(',')],
    { env: { ...process.env, CARGO_TARGET_DIR: join(root, 'target', `wasm-${b.name}`) } });
    console.log(`build: ${b.name}: wasm-pack --target ${target}: ${secs(t)}`);
    b.glue[target] = dir;
  }
}

// 2. One binary for every target?
for (const b of binaries) {
  const hashes = Object.fromEntries(targets.map((t) => [t, sha256(join(b.glue[t], `${b.stem}_bg.wasm`))]));
  if (new Set(Object.values(hashes)).size !== 1) {
    fail(`${b.name}: the targets' .wasm files differ, so one binary cannot serve them all: ${JSON.stringify(hashes)}.\n`
      + 'This wasm-bindgen version couples binary and glue; ship one .wasm per target instead.');
  }
  console.log(`build: ${b.name}: one .wasm serves ${targets.join(', ')} (sha256 ${hashes[targets[0]].slice(0, 16)}…)`);
}

// 3. wasm-opt (npm binaryen; build.sh has checked which wasm-opt is on PATH).
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const b of binaries) {
  const wasmIn = join(b.glue[targets[0]], `${b.stem}_bg.wasm`);
  b.wasm = join(outDir, `${b.stem}_bg.wasm`);
  if (opt.enabled === false) { cpSync(wasmIn, b.wasm); continue; }
  // wasm-opt --converge takes minutes on these machines: reuse its output while its input, flags
  // and version are unchanged (target/ only; a clean checkout always runs it).
  const flags = opt.flags ?? ['-Oz'];
  const version = spawnSync('wasm-opt', ['--version'], { encoding: 'utf8' }).stdout.trim();
  // The names `--reorder-functions-by-name` sorts by (scripts/lib/order.mjs).
  const named = join(work, `${b.stem}_named.wasm`);
  writeFileSync(named, namesForGzipOrder(readFileSync(wasmIn)));
  const key = createHash('sha256').update(readFileSync(named)).update(JSON.stringify([flags, version])).digest('hex');
  const cached = join(work, `wasm-opt-${b.name}-${key.slice(0, 32)}.wasm`);
  const t = Date.now();
  if (existsSync(cached)) {
    cpSync(cached, b.wasm);
    console.log(`build: ${b.name}: wasm-opt ${flags.join(' ')}: input unchanged, reused ${relative(root, cached)}`);
  } else {
    run('wasm-opt', [...flags, named, '-o', b.wasm]);
    const stale = new RegExp(`^wasm-opt-${b.name}-\\w+\\.wasm$`);
    for (const f of readdirSync(work)) if (stale.test(f)) rmSync(join(work, f));
    cpSync(b.wasm, cached);
    console.log(`build: ${b.name}: wasm-opt ${flags.join(' ')}: ${statSync(wasmIn).size} → ${statSync(b.wasm).size} bytes, ${secs(t)}`);
  }
}

// 4. Assemble dist/.
const write = (file, text) => writeFileSync(join(outDir, file), text);
// A glue rewrite that no longer matches wasm-bindgen's output fails the build with its reason.
const rewrite = (f) => (...args) => { try { return f(...args); } catch (e) { if (e instanceof GlueError) fail(e.message); throw e; } };
const [web, importWeb, node, dtsAlone] = [rewrite(webGlue), rewrite(importWebGlue), rewrite(nodeGlue), rewrite(standaloneDts)];
const selfTypes = (js, dts) => js.replace(/\/\* @ts-self-types="[^"]*" \*\//, `/* @ts-self-types="./${dts}" */`);
const snippetSources = {};
function copySnippets(b, target) {
  const src = join(b.glue[target], 'snippets');
  if (!existsSync(src)) return;
  for (const file of walk(src)) {
    const rel = relative(src, file);
    const prev = snippetSources[rel];
    if (prev && sha256(prev) !== sha256(file)) {
      fail(`snippet ${rel} differs between targets (${relative(root, prev)} vs ${relative(root, file)}); `
        + 'the package layout needs one snippets/ per target for this crate');
    }
    snippetSources[rel] = file;
    mkdirSync(dirname(join(outDir, 'snippets', rel)), { recursive: true });
    cpSync(file, join(outDir, 'snippets', rel));
  }
}
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

// The importers' functions (from their declarations): the import entries register them, and the
// gate's entries give them to Gatekeeper as static methods, typed from the same declarations.
const importFns = declaredFunctions(readFileSync(join(importer.glue[targets.includes('bundler') ? 'bundler' : targets[0]], `${importer.stem}.d.ts`), 'utf8'))
  .filter((f) => !['init', 'initSync'].includes(f.name));
const importNames = importFns.map((f) => f.name);
if (!importNames.length) fail('the import module declares no functions');
// What each binary adds to its entries beyond the glue: per target JS, and declarations.
// The gate's entries read calls in JS (src/wasm/read_call.js, one source for every entry).
const readCallJs = ['read_call.js', 'listing.js'].map((f) => readFileSync(join(root, 'src', 'wasm', f), 'utf8')).join('\n');
const readCall = (target, file) => (targets.includes(target) ? rewrite(gateReadCall)(readCallJs, readFileSync(join(gate.glue[target], file), 'utf8')) : '');
const ADDED = {
  gate: {
    web: gateStaticsEsm(importNames) + readCall('web', `${gate.stem}.js`),
    bundler: `\nimport { Gatekeeper } from "./${gate.stem}_bg.js";${gateStaticsEsm(importNames)}${readCall('bundler', `${gate.stem}_bg.js`)}`,
    nodejs: gateStaticsCjs(importNames, `${importer.prefix}node.cjs`) + readCall('nodejs', `${gate.stem}.js`),
    dts: gateStaticsDts(importFns),
  },
  import: { web: '', bundler: importBundlerRegistration(importNames, `${importer.stem}_bg.js`), nodejs: '', dts: '' },
};

for (const b of binaries) {
  const read = (target, file) => readFileSync(join(b.glue[target], file), 'utf8');
  const { prefix: p, spec, stem } = b;
  const added = ADDED[b.name];
  if (targets.includes('web')) {
    const js = selfTypes(read('web', `${stem}.js`), `${p}web.d.ts`);
    write(`${p}web.js`, (b === importer ? importWeb(js, importNames, spec) : web(js, spec)) + added.web);
    write(`${p}web.d.ts`, dtsAlone(read('web', `${stem}.d.ts`)) + added.dts);
    copySnippets(b, 'web');
  }
  if (targets.includes('bundler')) {
    write(`${p}bundler.js`, selfTypes(read('bundler', `${stem}.js`), `${p}bundler.d.ts`) + BUNDLER_INIT_JS + added.bundler);
    write(`${p}bundler.d.ts`, dtsAlone(read('bundler', `${stem}.d.ts`)) + BUNDLER_INIT_DTS + added.dts);
    write(`${stem}_bg.js`, read('bundler', `${stem}_bg.js`));
    write(`${stem}_bg.wasm.d.ts`, read('bundler', `${stem}_bg.wasm.d.ts`));
    copySnippets(b, 'bundler');
  }
  if (targets.includes('nodejs')) {
    write(`${p}node.cjs`, node(selfTypes(read('nodejs', `${stem}.js`), `${p}node.d.cts`), spec) + added.nodejs);
    write(`${p}node.d.cts`, dtsAlone(read('nodejs', `${stem}.d.ts`)) + nodeInitDts(spec) + added.dts);
    copySnippets(b, 'nodejs');
  }
}

// package.json = template + name/version/description from Cargo.toml.
const meta = JSON.parse(spawnSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--offline'],
  { cwd: root, encoding: 'utf8' }).stdout).packages.find((p) => p.name === crate);
if (!meta) fail(`crate ${crate} not found by cargo metadata`);
const template = JSON.parse(readFileSync(join(templateDir, 'package.json'), 'utf8'));
// snippets/ (wasm-bindgen's inline JS) is listed only when this crate has some.
const hasSnippets = Object.keys(snippetSources).length > 0;
const dropSnippets = (list) => (hasSnippets || !list ? list : list.filter((f) => !/^(\.\/)?snippets\//.test(f)));
const packageJson = {
  name: template.name ?? crate,
  version: meta.version,
  description: meta.description ?? template.description,
  ...Object.fromEntries(Object.entries(template).filter(([k]) => !['name', 'version', 'description'].includes(k))),
  license: meta.license ?? template.license,
};
packageJson.files = dropSnippets(packageJson.files);
packageJson.sideEffects = Array.isArray(packageJson.sideEffects) ? dropSnippets(packageJson.sideEffects) : packageJson.sideEffects;
// Subpath stubs for resolvers that do not read "exports" (TypeScript's moduleResolution node10,
// webpack 4): toolgate/web, toolgate/bundler, toolgate/node, toolgate/import and
// toolgate/import/{web,bundler,node} resolve through a folder's package.json.
const SUBPATH_STUBS = {
  web: ['web.js', 'web.d.ts'], bundler: ['bundler.js', 'bundler.d.ts'], node: ['node.cjs', 'node.d.cts'],
  import: ['import-node.cjs', 'import-node.d.cts'], 'import/web': ['import-web.js', 'import-web.d.ts'],
  'import/bundler': ['import-bundler.js', 'import-bundler.d.ts'], 'import/node': ['import-node.cjs', 'import-node.d.cts'],
};
for (const [dir, [main, types]] of Object.entries(SUBPATH_STUBS)) {
  if (!existsSync(join(outDir, main))) continue;
  const up = dir.split('/').map(() => '..').join('/');
  mkdirSync(join(outDir, dir), { recursive: true });
  writeFileSync(join(outDir, dir, 'package.json'), `${JSON.stringify({ main: `${up}/${main}`, types: `${up}/${types}` }, null, 2)}\n`);
}
write('package.json', `${JSON.stringify(packageJson, null, 2)}\n`);
for (const f of readdirSync(templateDir)) if (f !== 'package.json') cpSync(join(templateDir, f), join(outDir, f), { recursive: true });
// The package README's user guide is the repo README's (one source): the part between the
// user-docs markers replaces the template's `<!-- user-docs -->` line.
{
  const repoReadme = readFileSync(join(root, 'README.md'), 'utf8');
  const m = repoReadme.match(/<!-- user-docs:start -->\n([\s\S]*?)<!-- user-docs:end -->/);
  if (!m) fail('README.md has no <!-- user-docs:start --> … <!-- user-docs:end --> section');
  const pkgReadme = join(outDir, 'README.md');
  const text = readFileSync(pkgReadme, 'utf8');
  if (!text.includes('<!-- user-docs -->')) fail('pkg-template/README.md has no <!-- user-docs --> line');
  writeFileSync(pkgReadme, text.replace('<!-- user-docs -->', m[1].trim()));
}

// node.mjs: ESM over node.cjs (one wasm instance whichever way Node loads the package).
if (targets.includes('nodejs')) {
  for (const { prefix: p } of binaries) {
    const names = Object.keys(createRequire(import.meta.url)(join(outDir, `${p}node.cjs`))).filter((n) => n !== 'default');
    const bad = names.filter((n) => !/^[A-Za-z_$][\w$]*$/.test(n));
    if (bad.length) fail(`${p}node.cjs exports names ${p}node.mjs cannot re-export: ${bad.join(', ')}`);
    write(`${p}node.mjs`, nodeEsm(names, `${p}node.cjs`));
    cpSync(join(outDir, `${p}node.d.cts`), join(outDir, `${p}node.d.mts`));
  }
}

// 5. Package checks.
const problems = [];
const referenced = new Set();
(function collect(v) {
  if (typeof v === 'string') { if (v.startsWith('./')) referenced.add(v); return; }
  if (v && typeof v === 'object') Object.values(v).forEach(collect);
})({ exports: packageJson.exports, main: packageJson.main, module: packageJson.module, types: packageJson.types, bin: packageJson.bin });
const files = packageJson.files ?? [];
const globToRe = (g) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
for (const ref of referenced) {
  const rel = ref.slice(2);
  if (!existsSync(join(outDir, rel))) problems.push(`${ref} is referenced by package.json but missing`);
  else if (rel !== 'package.json' && !files.some((g) => globToRe(g.replace(/\/$/, '')).test(rel))) problems.push(`${ref} is not covered by "files"`);
}
for (const f of ['README.md', 'LICENSE']) if (!existsSync(join(outDir, f))) problems.push(`${f} missing`);
if (problems.length) fail(`package check:\n  ${problems.join('\n  ')}`);

// Each binary holds only its own facade: the gate's exports name no importer, the importers'
// no class (wasm-bindgen exports a class's methods as `<class>_<method>`).
const wasmExports = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name);
const leaked = {
  gate: wasmExports(gate.wasm).filter((n) => importNames.includes(n) || /^import[A-Z]/.test(n)),
  import: wasmExports(importer.wasm).filter((n) => /gatekeeper/i.test(n)),
};
for (const [name, names] of Object.entries(leaked)) {
  if (names.length) fail(`the ${name} binary exports what belongs to the other: ${names.join(', ')} (check the cargo features in wasm-pack.toml)`);
}

// No export returns a single externref: Node 20's V8 (11.3) inlines a JS→wasm call returning
// one into optimized JS and cannot deoptimize it ("unreachable code" in the deoptimizer, a host
// crash); the facade returns a `Result` instead (src/wasm/plain.rs, docs/architecture.md).
for (const b of binaries) {
  const bad = exportsReturningOneExternref(readFileSync(b.wasm));
  if (bad.length) fail(`the ${b.name} binary has exports returning one externref, which crash Node 20 (return a Result): ${bad.join(', ')}`);
}

const sizes = Object.fromEntries(binaries.map((b) => {
  const bytes = readFileSync(b.wasm);
  return [b.name, { file: relative(outDir, b.wasm), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, budgetGzip: b.budgetKb * 1024, sha256: sha256(b.wasm) }];
}));
const report = {
  targets, profile, wasmOpt: opt.enabled !== false ? opt.flags : false,
  wasm: sizes, files: walk(outDir).map((f) => relative(outDir, f)).sort(), seconds: (Date.now() - t0) / 1000,
};
mkdirSync(work, { recursive: true });
writeFileSync(join(work, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`build: package ${relative(root, outDir)}/ — ${report.files.length} files, ${referenced.size} entry files checked`);
for (const b of binaries) {
  const { file, raw, gzip } = sizes[b.name];
  console.log(`build: ${b.name} wasm size (${file}): raw ${raw} bytes (${kb(raw)}), gzip -9 ${gzip} bytes (${kb(gzip)}), budget ${b.budgetKb} KiB gzip`);
}
for (const b of binaries) {
  if (sizes[b.name].gzip > b.budgetKb * 1024) fail(`gzipped ${sizes[b.name].file} is ${kb(sizes[b.name].gzip)}, over the ${b.budgetKb} KiB budget ([budget] ${b.name}_gzip_kb in wasm-pack.toml)`);
}
console.log(`build: ok in ${secs(t0)}`);

/** The names of `wasm`'s exported functions whose type returns exactly one externref. */
function exportsReturningOneExternref(wasm) {
  let at = 8;
  const byte = () => wasm[at++];
  const leb = () => { let n = 0, shift = 0, b; do { b = byte(); n += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80); return n; };
  const skipName = () => { const n = leb(); at += n; };
  const valtype = () => { const t = byte(); if (t === 0x63 || t === 0x64) leb(); return t; };
  const types = [];
  const funcs = []; // type index of every function, imports first
  const exported = [];
  while (at < wasm.length) {
    const id = byte();
    const size = leb();
    const end = at + size;
    if (id === 1) {
      for (let n = leb(); n > 0; n--) {
        if (byte() !== 0x60) throw new Error('wasm type section: not a function type');
        for (let p = leb(); p > 0; p--) valtype();
        const results = [];
        for (let r = leb(); r > 0; r--) results.push(valtype());
        types.push(results);
      }
    } else if (id === 2) {
      for (let n = leb(); n > 0; n--) {
        skipName(); skipName();
        const kind = byte();
        if (kind === 0) funcs.push(leb());
        else if (kind === 1) { valtype(); const f = byte(); leb(); if (f & 1) leb(); }
        else if (kind === 2) { const f = byte(); leb(); if (f & 1) leb(); }
        else if (kind === 3) { valtype(); byte(); }
        else if (kind === 4) { byte(); leb(); }
      }
    } else if (id === 3) {
      for (let n = leb(); n > 0; n--) funcs.push(leb());
    } else if (id === 7) {
      for (let n = leb(); n > 0; n--) {
        const len = leb();
        const name = new TextDecoder().decode(wasm.subarray(at, at + len));
        at += len;
        const kind = byte();
        const index = leb();
        if (kind === 0) exported.push([name, index]);
      }
    }
    at = end;
  }
  return exported.filter(([, i]) => { const r = types[funcs[i]]; return r.length === 1 && r[0] === 0x6f; }).map(([n]) => n);
}
