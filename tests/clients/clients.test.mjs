// The client matrix: the packed package (`npm pack` of dist/) in fresh projects, one per client a
// webview or playground author uses, each built with the tool pinned in the repo's
// package-lock.json and the configuration docs/clients.md gives, then loaded in headless
// Chromium (one browser for all rows) or Node; every row checks the three verdicts of probe.mjs.
// Run by scripts/test (stage `clients`) after `build`; needs dist/ and `npm ci`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import {
  bin, closeBrowser, freePort, launchBrowser, nodeResult, packDist, pageResult, project, root, run,
  serve, serveStatic, work,
} from './lib.mjs';
import {
  browserApp, EXPECTED, HTML, importBrowserApp, importNodeApp, nodeApp, TS_APP,
} from './probe.mjs';
import { readManifest } from '../../scripts/lib/manifest.mjs';

const VITE = bin('vite', 'bin/vite.js');
const VITE6 = bin('vite-6', 'bin/vite.js');
const WEBPACK = bin('webpack-cli', 'bin/cli.js');
const ESBUILD = bin('esbuild', 'bin/esbuild');
const TSC = { '4.9': bin('typescript-4.9', 'bin/tsc'), '5.9': bin('typescript-5', 'bin/tsc'), '7': bin('typescript', 'bin/tsc') };
const node = process.execPath;

let pkg; // the unpacked tarball
let tarball;
const timings = {};

before(async () => {
  ({ tarball, unpacked: pkg } = packDist());
  await launchBrowser();
});
after(async () => {
  await closeBrowser();
  writeFileSync(join(work, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
});

function verdictsOk(result, where) {
  assert.equal(result.error, undefined, `${where}: ${result.error}`);
  assert.deepEqual(result.decisions, EXPECTED, where);
  if (result.problems) assert.deepEqual(result.problems, [], `${where}: page problems`);
}

async function inBrowser(dir, where) {
  const site = await serveStatic(dir);
  try {
    const result = await pageResult(site.url);
    verdictsOk(result, where);
    return result;
  } finally {
    await site.close();
  }
}

// Moderate parallelism: a build per core, the browser shared.
describe('clients', { concurrency: 3 }, () => {
  // ---- browsers, through bundlers ----------------------------------------------------------
  test('vite build (production), no config', async (t) => {
    const dir = project('vite-build', { 'index.html': HTML('/main.js'), 'main.js': browserApp() }, pkg);
    await run(node, [VITE, 'build', '--logLevel', 'warn'], { cwd: dir });
    const r = await inBrowser(join(dir, 'dist'), 'vite build');
    // Time to first verdict, over a few cold navigations (fresh context each: no cache).
    const runs = [r.timing];
    const site = await serveStatic(join(dir, 'dist'));
    try { for (let i = 0; i < 8; i++) runs.push((await pageResult(site.url)).timing); } finally { await site.close(); }
    timings.viteBuild = runs;
    const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ms = (f) => `${median(runs.map(f)).toFixed(0)} ms (min ${Math.min(...runs.map(f)).toFixed(0)})`;
    t.diagnostic(`time to first verdict over ${runs.length} cold loads, median (min), load average ${loadavg()[0].toFixed(1)}: `
      + `navigation start → first check() ${ms((x) => x.firstVerdict)}; toolgate's share (init = fetch+compile+instantiate, `
      + `new Gatekeeper, first check) ${ms((x) => x.firstVerdict - x.moduleStart)}, of which init ${ms((x) => x.initDone - x.moduleStart)}`);
  });

  test('vite dev server (Vite 8), no config', async () => {
    const dir = project('vite-dev', { 'index.html': HTML('/main.js'), 'main.js': browserApp() }, pkg);
    const port = await freePort();
    const server = await serve(node, [VITE, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      { cwd: dir, ready: new RegExp(`127\\.0\\.0\\.1:${port}`) });
    try {
      verdictsOk(await pageResult(`http://127.0.0.1:${port}/`), 'vite 8 dev');
    } finally { server.stop(); }
  });

  test('vite dev server (Vite 6), optimizeDeps.exclude', async () => {
    const dir = project('vite6-dev', {
      'index.html': HTML('/main.js'),
      'main.js': browserApp(),
      'vite.config.mjs': "export default { optimizeDeps: { exclude: ['toolgate'] } };\n",
    }, pkg);
    const port = await freePort();
    const server = await serve(node, [VITE6, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      { cwd: dir, ready: new RegExp(`127\\.0\\.0\\.1:${port}`) });
    try {
      verdictsOk(await pageResult(`http://127.0.0.1:${port}/`), 'vite 6 dev');
    } finally { server.stop(); }
  });

  test('vite build + vite-plugin-wasm, toolgate/bundler, build.target esnext', async () => {
    const dir = project('vite-plugin-wasm', {
      'index.html': HTML('/main.js'),
      'main.js': browserApp({ imports: "import { Gatekeeper } from 'toolgate/bundler';", init: '' }),
      'vite.config.mjs': "import wasm from 'vite-plugin-wasm';\n"
        + "export default { plugins: [wasm()], build: { target: 'esnext' } };\n",
    }, pkg);
    await run(node, [VITE, 'build', '--logLevel', 'warn'], { cwd: dir });
    await inBrowser(join(dir, 'dist'), 'vite-plugin-wasm');
  });

  test('webpack 5, no config beyond entry/output', async () => {
    const dir = project('webpack', {
      'src/index.js': browserApp(),
      'webpack.config.mjs': "export default { mode: 'production', entry: './src/index.js',\n"
        + "  output: { path: new URL('./dist', import.meta.url).pathname, clean: true } };\n",
    }, pkg);
    await run(node, [WEBPACK, 'build'], { cwd: dir });
    writeFileSync(join(dir, 'dist', 'index.html'), HTML('main.js'));
    await inBrowser(join(dir, 'dist'), 'webpack');
  });

  test('webpack 5, toolgate/bundler, experiments.asyncWebAssembly', async () => {
    const dir = project('webpack-async', {
      'src/index.js': browserApp({ imports: "import { Gatekeeper } from 'toolgate/bundler';", init: '' }),
      'webpack.config.mjs': "export default { mode: 'production', entry: './src/index.js',\n"
        + "  output: { path: new URL('./dist', import.meta.url).pathname, clean: true },\n"
        + '  experiments: { asyncWebAssembly: true } };\n',
    }, pkg);
    await run(node, [WEBPACK, 'build'], { cwd: dir });
    writeFileSync(join(dir, 'dist', 'index.html'), HTML('main.js'));
    await inBrowser(join(dir, 'dist'), 'webpack asyncWebAssembly');
  });

  test('esbuild browser bundle, the .wasm imported with --loader:.wasm=file', async () => {
    const dir = project('esbuild-browser', {
      'src/main.js': browserApp({
        imports: "import init, { Gatekeeper } from 'toolgate';\nimport wasmUrl from 'toolgate/toolgate_bg.wasm';",
        init: 'await init({ module_or_path: new URL(wasmUrl, import.meta.url) });',
      }),
    }, pkg);
    await run(ESBUILD, ['src/main.js', '--bundle', '--format=esm', '--platform=browser', '--outdir=dist',
      '--loader:.wasm=file', '--log-level=warning'], { cwd: dir });
    writeFileSync(join(dir, 'dist', 'index.html'), HTML('main.js'));
    await inBrowser(join(dir, 'dist'), 'esbuild browser');
  });

  // ---- browsers, no bundler ----------------------------------------------------------------
  test('plain ES modules under a VS Code-style webview CSP', async () => {
    // The webview layout: the package's web.js and .wasm copied into media/toolgate/, imported by
    // a relative path (an inline import map is an inline script, which this CSP blocks).
    const csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
    const dir = project('csp-webview', {
      'media/index.html': HTML('main.js', `<meta http-equiv="Content-Security-Policy" content="${csp}">`),
      'media/main.js': browserApp({ imports: "import init, { Gatekeeper } from './toolgate/web.js';" }),
    });
    mkdirSync(join(dir, 'media', 'toolgate'));
    for (const f of ['web.js', 'toolgate_bg.wasm']) cpSync(join(pkg, f), join(dir, 'media', 'toolgate', f));
    await inBrowser(join(dir, 'media'), 'webview CSP');
  });

  // ---- Node ----------------------------------------------------------------------------------
  test('Node CommonJS: require, installed by npm from the tarball', async () => {
    const dir = project('node-cjs', {
      'package.json': '{ "name": "scratch", "private": true }\n',
      'main.cjs': nodeApp({ prelude: "const { Gatekeeper } = require('toolgate');" }),
      'init.cjs': nodeApp({ prelude: "const { default: init, Gatekeeper } = require('toolgate');", init: 'await init();' }),
    });
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-save', tarball], { cwd: dir });
    verdictsOk(await nodeResult(['main.cjs'], { cwd: dir }), 'require');
    verdictsOk(await nodeResult(['init.cjs'], { cwd: dir }), 'require + init()');
  });

  test('Node ES modules: import, with and without init()', async () => {
    const dir = project('node-esm', {
      'main.mjs': nodeApp({ prelude: "import { Gatekeeper } from 'toolgate';" }),
      'init.mjs': nodeApp({ prelude: "import init, { Gatekeeper } from 'toolgate';", init: 'await init();' }),
    }, pkg);
    verdictsOk(await nodeResult(['main.mjs'], { cwd: dir }), 'import');
    verdictsOk(await nodeResult(['init.mjs'], { cwd: dir }), 'import + init()');
  });

  test('esbuild Node bundle (an extension host): the .wasm passed as bytes', async () => {
    // Bundled, the glue cannot find toolgate_bg.wasm next to itself: until bytes arrive, using
    // it throws an error that says what to do; --loader:.wasm=binary inlines the bytes.
    const ext = nodeApp({
      prelude: "import { Gatekeeper, initSync } from 'toolgate';\nimport bytes from 'toolgate/toolgate_bg.wasm';",
      init: `let before = '';
  try { new Gatekeeper({}); } catch (e) { before = String(e.message); }
  if (!/initSync/.test(before)) throw new Error('unhelpful error before initSync: ' + before);
  initSync({ module: bytes });`,
    });
    const dir = project('esbuild-node', { 'src/extension.mjs': ext }, pkg);
    // --target: esbuild's binary loader otherwise decodes with Uint8Array.fromBase64 (not in Node 20).
    await run(ESBUILD, ['src/extension.mjs', '--bundle', '--platform=node', '--target=node18', '--format=cjs',
      '--outfile=out/extension.cjs', '--loader:.wasm=binary', '--log-level=warning'], { cwd: dir });
    verdictsOk(await nodeResult(['out/extension.cjs'], { cwd: dir }), 'esbuild node bundle');
  });

  test('clear errors: the web entry before init(), init() in Node without bytes', async () => {
    const dir = project('errors', {
      'web-before-init.mjs': "import { Gatekeeper } from 'toolgate/web';\n"
        + "try { new Gatekeeper({}); console.log('no error'); } catch (e) { console.log(e.message); }\n",
      'web-init-in-node.mjs': "import init from 'toolgate/web';\n"
        + "try { await init(); console.log('no error'); } catch (e) { console.log(e.message); }\n",
    }, pkg);
    const before = (await run(node, ['web-before-init.mjs'], { cwd: dir })).stdout;
    assert.match(before, /toolgate: .*init\(\)/, before);
    const inNode = (await run(node, ['web-init-in-node.mjs'], { cwd: dir })).stdout;
    assert.match(inNode, /toolgate: .*(initSync|bytes)/, inNode);
  });

  // ---- the import module ('toolgate/import'), loaded on demand -------------------------------
  // Each row gets its ignore file through importCline (probe.mjs), so EXPECTED proves it ran.
  // The browser rows also prove that the import module's .wasm is fetched only when imported,
  // and that Gatekeeper.importCline before then throws an error naming 'toolgate/import'.
  const importLoadedOnDemand = (result, where) => {
    verdictsOk(result, where);
    assert.match(result.before, /toolgate: Gatekeeper\.importCline\(\) needs the import module.*'toolgate\/import'/, `${where}: ${result.before}`);
    assert.ok(result.wasm.before.some((n) => /^toolgate_bg/.test(n)), `${where}: gate .wasm ${result.wasm.before}`);
    assert.ok(!result.wasm.before.some((n) => /toolgate_import_bg/.test(n)), `${where}: import .wasm fetched early ${result.wasm.before}`);
    assert.ok(result.wasm.after.some((n) => /toolgate_import_bg/.test(n)), `${where}: import .wasm ${result.wasm.after}`);
  };

  test('toolgate/import: vite build (production), loaded by a dynamic import()', async () => {
    const dir = project('vite-import', {
      'index.html': HTML('/main.js'),
      'main.js': importBrowserApp({
        load: "const { default: initImport, importCline, importCodex } = await import('toolgate/import');\n  await initImport();",
      }),
    }, pkg);
    await run(node, [VITE, 'build', '--logLevel', 'warn'], { cwd: dir });
    const site = await serveStatic(join(dir, 'dist'));
    try { importLoadedOnDemand(await pageResult(site.url), 'vite build, toolgate/import'); } finally { await site.close(); }
  });

  test('toolgate/import: plain ES modules (the web entries) under a webview CSP', async () => {
    const csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
    const dir = project('csp-webview-import', {
      'media/index.html': HTML('main.js', `<meta http-equiv="Content-Security-Policy" content="${csp}">`),
      'media/main.js': importBrowserApp({
        imports: "import init, { Gatekeeper } from './toolgate/web.js';",
        load: "const { default: initImport, importCline, importCodex } = await import('./toolgate/import-web.js');\n  await initImport();",
      }),
    });
    mkdirSync(join(dir, 'media', 'toolgate'));
    for (const f of ['web.js', 'toolgate_bg.wasm', 'import-web.js', 'toolgate_import_bg.wasm']) cpSync(join(pkg, f), join(dir, 'media', 'toolgate', f));
    const site = await serveStatic(join(dir, 'media'));
    try { importLoadedOnDemand(await pageResult(site.url), 'web entries, toolgate/import'); } finally { await site.close(); }
  });

  test('toolgate/import: Node CommonJS, Gatekeeper.importX loads it synchronously on first use', async () => {
    const dir = project('node-cjs-import', {
      'package.json': '{ "name": "scratch", "private": true }\n',
      'main.cjs': importNodeApp({
        prelude: "const { Gatekeeper } = require('toolgate');",
        before: "const early = Gatekeeper.importHarness({ mode: 'write' });\n  if (early.config.mode !== 'write') throw new Error('Gatekeeper.importHarness: ' + JSON.stringify(early));",
        load: "const { importCline, importCodex } = require('toolgate/import');\n  if (require('toolgate/node').Gatekeeper !== Gatekeeper) throw new Error('two instances');",
      }),
    });
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-save', tarball], { cwd: dir });
    verdictsOk(await nodeResult(['main.cjs'], { cwd: dir }), 'require toolgate/import');
  });

  test('toolgate/import: Node ES modules, with init() and shared with require', async () => {
    const dir = project('node-esm-import', {
      'main.mjs': importNodeApp({
        prelude: "import { createRequire } from 'node:module';\nimport { Gatekeeper } from 'toolgate';\nimport initImport, { importCline, importCodex } from 'toolgate/import';",
        load: "await initImport();\n  if (createRequire(import.meta.url)('toolgate/import').importCline !== importCline) throw new Error('import and require differ');",
      }),
    }, pkg);
    verdictsOk(await nodeResult(['main.mjs'], { cwd: dir }), 'import toolgate/import');
  });

  test('the gate binary exports no importer and fits its budget; the import binary has no class', () => {
    const { budget } = readManifest(join(root, 'wasm-pack.toml'));
    const rows = [
      // file, budget, an export it must have, exports it must not have
      ['toolgate_bg.wasm', budget.gate_gzip_kb, 'gatekeeper_new', /^import[A-Z]/],
      ['toolgate_import_bg.wasm', budget.import_gzip_kb, 'importCline', /gatekeeper/i],
    ];
    for (const [file, kb, must, mustNot] of rows) {
      const bytes = readFileSync(join(pkg, file));
      const names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
      assert.ok(names.includes(must), `${file} exports ${must}: ${names.join(', ')}`);
      assert.deepEqual(names.filter((n) => mustNot.test(n)), [], `${file} exports`);
      const gz = gzipSync(bytes, { level: 9 }).length;
      assert.ok(gz <= kb * 1024, `${file}: ${gz} bytes gzip, over its ${kb} KiB budget`);
    }
    const importers = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(pkg, 'toolgate_import_bg.wasm'))))
      .map((e) => e.name).filter((n) => /^import[A-Z]/.test(n)).sort();
    assert.deepEqual(importers, ['importClaudeCode', 'importCline', 'importClineMcp', 'importCodex', 'importGemini', 'importHarness']);
  });

  // ---- TypeScript: type-check with skipLibCheck false, then run what tsc emitted ------------
  // typeRoots keeps each project to its own (empty) node_modules/@types: the repo's @types/node
  // would otherwise hide a declaration that needs it. The explicit rows set `lib` with no DOM, so
  // they also prove the declarations stand alone (and skip parsing lib.dom).
  const TS_ROWS = [
    // name, version, package.json type, compilerOptions (null: `tsc --init`'s own)
    ['tsc --init defaults', '7', 'module', null],
    ['tsc --init defaults', '5.9', 'module', null],
    ['tsc --init defaults', '4.9', 'commonjs', null],
    ['moduleResolution bundler', '7', 'module', { module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022'], strict: true }],
    ['moduleResolution bundler', '5.9', 'module', { module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022'], strict: true }],
    ['moduleResolution nodenext', '7', 'module', { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true }],
    ['moduleResolution nodenext (CJS)', '5.9', 'commonjs', { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true }],
    ['moduleResolution nodenext', '4.9', 'module', { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true }],
    ['moduleResolution node (node10)', '5.9', 'commonjs', { module: 'commonjs', moduleResolution: 'node', target: 'es2020', lib: ['es2020'], strict: true, esModuleInterop: true }],
    ['moduleResolution node (node10)', '4.9', 'commonjs', { module: 'commonjs', moduleResolution: 'node', target: 'es2020', lib: ['es2020'], strict: true }],
  ];
  for (const [name, version, type, options] of TS_ROWS) {
    test(`TypeScript ${version}: ${name}, skipLibCheck false`, async () => {
      const slug = `ts-${version}-${name.replace(/\W+/g, '-')}`;
      const dir = project(slug, {
        'package.json': `{ "name": "scratch", "private": true, "type": "${type}" }\n`,
        'consumer.ts': TS_APP,
      }, pkg);
      const tsconfig = join(dir, 'tsconfig.json');
      if (options) {
        writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { ...options, skipLibCheck: false, typeRoots: ['./node_modules/@types'] } }, null, 2));
      } else {
        await run(node, [TSC[version], '--init'], { cwd: dir });
        const text = readFileSync(tsconfig, 'utf8');
        assert.match(text, /"skipLibCheck": true/);
        writeFileSync(tsconfig, text.replace('"skipLibCheck": true', '"skipLibCheck": false')
          .replace('"compilerOptions": {', '"compilerOptions": {\n    "typeRoots": ["./node_modules/@types"],'));
      }
      await run(node, [TSC[version], '-p', '.'], { cwd: dir });
      verdictsOk(await nodeResult(['consumer.js'], { cwd: dir }), `${slug} (emitted JS)`);
    });
  }

  // ---- the package's declarations against its entries, and the linters ---------------------
  test('each entry\'s declarations name exactly the values it exports', () => {
    const req = createRequire(join(pkg, 'package.json'));
    const declared = (file) => {
      const text = readFileSync(join(pkg, file), 'utf8');
      const names = [...text.matchAll(/^export (?:declare )?(?:class|function|const|let|enum) (\w+)/gm)].map((m) => m[1]);
      if (/^export default /m.test(text)) names.push('default');
      return [...new Set(names)].sort();
    };
    const exported = (file) => {
      const text = readFileSync(join(pkg, file), 'utf8');
      const names = [...text.matchAll(/^export (?:async )?(?:class|function\*?|const|let|var) (\w+)/gm)].map((m) => m[1]);
      for (const m of text.matchAll(/^export (?:const )?\{([^}]*)\}/gm)) {
        for (const part of m[1].split(',').map((s) => s.trim()).filter(Boolean)) names.push(part.split(/\s+as\s+/).pop());
      }
      if (/^export default /m.test(text)) names.push('default');
      return [...new Set(names)].sort();
    };
    for (const p of ['', 'import-']) {
      const cjs = Object.keys(req(`./${p}node.cjs`)).filter((k) => k !== '__esModule').sort();
      assert.deepEqual(declared(`${p}node.d.cts`), cjs, `${p}node.d.cts vs ${p}node.cjs`);
      assert.deepEqual(declared(`${p}node.d.mts`), exported(`${p}node.mjs`), `${p}node.d.mts vs ${p}node.mjs`);
      assert.deepEqual(declared(`${p}web.d.ts`), exported(`${p}web.js`), `${p}web.d.ts vs ${p}web.js`);
      assert.deepEqual(declared(`${p}bundler.d.ts`), exported(`${p}bundler.js`), `${p}bundler.d.ts vs ${p}bundler.js`);
      assert.deepEqual(exported(`${p}node.mjs`), cjs, `${p}node.mjs re-exports ${p}node.cjs`);
    }
    // Gatekeeper's static importers are declared in every gate entry (a namespace merged into the class).
    for (const file of ['node.d.cts', 'node.d.mts', 'web.d.ts', 'bundler.d.ts']) {
      assert.match(readFileSync(join(pkg, file), 'utf8'), /export declare namespace Gatekeeper \{[^}]*export function importCline\(/, file);
    }
  });

  test('publint: no errors, warnings or suggestions', async () => {
    const { stdout } = await run(node, [bin('publint', 'src/cli.js'), '--strict', pkg], { cwd: work });
    assert.doesNotMatch(stdout, /error|warning|suggestion/i, stdout);
  });

  // Two exceptions, both by design: toolgate/web and toolgate/bundler (and their toolgate/import/
  // twins) are ESM-only browser entries (a CommonJS `require` of them is the cjs-resolves-to-esm
  // warning; Node code uses 'toolgate' or 'toolgate/node'), and the .wasm files are assets, not
  // modules to type.
  test('arethetypeswrong: no problems under node10, node16 (CJS, ESM) and bundler', async () => {
    const { stdout } = await run(node, [bin('@arethetypeswrong/cli', 'dist/index.js'), tarball, '--format', 'ascii',
      '--exclude-entrypoints', 'toolgate_bg.wasm', 'toolgate_import_bg.wasm', '--ignore-rules', 'cjs-resolves-to-esm'], { cwd: work });
    assert.match(stdout, /No problems found/, stdout);
  });
});
