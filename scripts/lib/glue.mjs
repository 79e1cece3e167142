// Post-processing of wasm-bindgen's glue and declarations for the package's entries (used by
// scripts/build.mjs). Each rewrite matches the generated text exactly and fails the build when
// it does not, so a wasm-bindgen upgrade that changes the glue is caught here, not by a user.
//
//   web.js     using the package before `await init()` throws an error saying so (instead of
//              "Cannot read properties of undefined"); `init()` with a file: URL (Node, or a page
//              opened from disk) says to pass the bytes instead of failing in fetch.
//   node.cjs   instantiates on load from toolgate_bg.wasm next to it; when the file is not there
//              (the glue was bundled) it waits for `initSync(bytes)` / `await init(bytes|path|URL)`,
//              and using it before then throws an error saying so. `init`/`initSync`/`default`
//              exist in every entry, so browser code (`await init()`) runs unchanged.
//   *.d.ts     stand alone under skipLibCheck: false with no DOM lib and no @types/node, in
//              TypeScript 4.9 and later.
//   importers  the gate's entries give `Gatekeeper` the import module's functions as static
//              methods (`Gatekeeper.importCline`, …), so the gate's binary carries none of them:
//              node.cjs requires import-node.cjs on first use; web.js and bundler.js find the
//              functions once 'toolgate/import' is ready (it registers them on a global symbol:
//              neither entry imports the other, and web.js still needs no other file).
//
//   read_call  the gate's entries read a call in JS before it crosses into wasm
//              (src/wasm/read_call.js, appended as it is to each: it patches `Gatekeeper`).
//
// Every rewrite takes the binary's `spec`: the specifier users import it by and its .wasm file,
// which the messages name (GATE, or the import module's).

export class GlueError extends Error {}

/** Replaces `from` (a string, exactly `count` times, default 1) or fails. */
function must(text, from, to, what, count = 1) {
  const n = text.split(from).length - 1;
  if (n !== count) throw new GlueError(`${what}: expected ${count} × ${JSON.stringify(from)} in wasm-bindgen's output, found ${n}`);
  return text.split(from).join(to);
}

/** The gate's spec; the import module's is `{ specifier: 'toolgate/import', wasm: 'toolgate_import_bg.wasm' }`. */
export const GATE = { specifier: 'toolgate', wasm: 'toolgate_bg.wasm' };

const beforeInit = ({ specifier }) => `toolgate: the WebAssembly module is not initialised. Call \`await init()\` (or \`initSync({ module: bytes })\`) from '${specifier}' before using it; `
  + `in Node, import '${specifier}' itself (the Node entry needs no init) or pass the .wasm bytes: initSync({ module: bytes }).`;

// A stand-in for the wasm exports until init: any use throws the error above.
const unready = (message) => `new Proxy({}, { get() { throw new Error(${JSON.stringify(message)}); } })`;

export function webGlue(js, spec = GATE) {
  const binding = /^([ \t]*)let ((?:wasmModule, wasmInstance, )?)wasm;$/m;
  if ((js.match(new RegExp(binding, 'gm')) ?? []).length !== 1) throw new GlueError('web glue: expected one `let …, wasm;` binding in wasm-bindgen\'s output');
  let out = js.replace(binding, (_, indent, others) => `${indent}const __toolgate_unready = ${unready(beforeInit(spec))};\n${indent}let ${others}wasm = __toolgate_unready;`);
  out = must(out, 'wasm !== undefined', 'wasm !== __toolgate_unready', 'web glue: the already-initialised checks', 2);
  out = must(out, 'module_or_path = fetch(module_or_path);', 'module_or_path = __toolgate_fetch(module_or_path);', 'web glue: the fetch of the .wasm');
  return `${out}
// fetch() cannot read file: URLs (Node's fetch, a page opened from disk): say what to do instead.
function __toolgate_fetch(input) {
    if (String(input).startsWith('file:')) {
        throw new Error('toolgate: init() cannot fetch ' + String(input) + ': in Node, import \\'${spec.specifier}\\' (the Node entry, no init needed), '
            + 'or pass the .wasm bytes: initSync({ module: readFileSync(new URL(import.meta.resolve(\\'toolgate/${spec.wasm}\\'))) }).');
    }
    return fetch(input);
}
`;
}

const nodeNotFound = ({ specifier, wasm }) => `toolgate: ${wasm} is not next to the ${specifier} module (as happens when it is bundled), so it is not initialised. `
  + "Pass the .wasm first: initSync({ module: bytes }) or await init({ module_or_path: bytes | path | file: URL }); "
  + `with esbuild, \`import bytes from 'toolgate/${wasm}'\` and --loader:.wasm=binary; or copy ${wasm} next to the bundle.`;

// wasm-bindgen 0.2.130's nodejs target (no threads) instantiates at the end of the module, from a path.
const NODE_LOAD = /\n[ \t]*const wasmPath = `\$\{__dirname\}\/(\w+_bg\.wasm)`;\s*const wasmBytes = require\('fs'\)\.readFileSync\(wasmPath\);\s*const wasmModule = new WebAssembly\.Module\(wasmBytes\);\s*let wasmInstance = new WebAssembly\.Instance\(wasmModule, (__wbg_get_imports\(\))\);\s*let wasm = wasmInstance\.exports;[ \t]*\n(?:[ \t]*(wasm\.__wbindgen_start\(\);)\n)?/;

export function nodeGlue(js, spec = GATE) {
  const NODE_NOT_FOUND = nodeNotFound(spec);
  const m = js.match(NODE_LOAD);
  if (!m) throw new GlueError('node glue: the instantiation block of wasm-bindgen\'s nodejs target was not found');
  const [, file, imports, start = ''] = m;
  const load = `
// toolgate: instantiated here from ${file} next to this file; when it is not there (bundled), on
// initSync()/init() with the bytes. Until then every use throws an error saying what to do.
const __toolgate_unready = ${unready(NODE_NOT_FOUND)};
let wasm = __toolgate_unready;
let wasmModule, wasmInstance;
function __toolgate_instantiate(source) {
    wasmModule = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
    wasmInstance = new WebAssembly.Instance(wasmModule, ${imports});
    wasm = wasmInstance.exports;
    ${start}
}
{
    let bytes;
    try { bytes = require('fs').readFileSync(require('path').join(__dirname, '${file}')); } catch (e) { if (e.code !== 'ENOENT') throw e; }
    if (bytes) __toolgate_instantiate(bytes);
}
function __toolgate_unwrap(input, key) {
    return input !== null && typeof input === 'object' && Object.getPrototypeOf(input) === Object.prototype && key in input ? input[key] : input;
}
/** Instantiates from bytes or a WebAssembly.Module; a no-op once instantiated. */
function initSync(module) {
    if (wasm !== __toolgate_unready) return;
    const source = __toolgate_unwrap(module, 'module');
    if (source === undefined) throw new Error(${JSON.stringify(NODE_NOT_FOUND)});
    __toolgate_instantiate(source);
}
/** As initSync, and also takes a path, a file: URL, a Response or a Promise of any of them. */
async function init(moduleOrPath) {
    if (wasm !== __toolgate_unready) return;
    let source = await __toolgate_unwrap(moduleOrPath, 'module_or_path');
    if (source === undefined) throw new Error(${JSON.stringify(NODE_NOT_FOUND)});
    if (typeof source === 'string' || source instanceof URL) {
        source = /^https?:/.test(String(source)) ? await fetch(source) : require('fs').readFileSync(source);
    }
    if (typeof Response === 'function' && source instanceof Response) source = await source.arrayBuffer();
    if (wasm === __toolgate_unready) __toolgate_instantiate(source);
}
exports.initSync = initSync;
exports.default = init;
// So that TypeScript's and Babel's \`import init from 'toolgate'\` (compiled to require) reach init.
Object.defineProperty(exports, '__esModule', { value: true });
`;
  return js.replace(NODE_LOAD, `\n${load}`);
}

/**
 * node.mjs: the ESM face of node.cjs (one instance whichever way Node loads the package).
 * `import cjs from` is module.exports in Node, esbuild and webpack; a bundler that honours
 * __esModule (Rollup's commonjs plugin) gives exports.default instead, so fall back to the
 * namespace there.
 */
export function nodeEsm(names, cjsFile = 'node.cjs') {
  return `// Node ESM entry: re-exports the CommonJS build so \`import\` and \`require\` share one instance.
import cjsDefault, * as cjsNamespace from './${cjsFile}';

const cjs = typeof cjsDefault === 'function' ? cjsNamespace : cjsDefault;
export const { ${names.join(', ')} } = cjs;
export default cjs.default;
`;
}

export const BUNDLER_INIT_JS = `
// toolgate: the bundler instantiates the wasm when this module loads. These no-ops let code
// written for the browser entry (\`await init()\`) run unchanged here.
export default async function init(_moduleOrPath) {}
export function initSync(_module) {}
`;
export const BUNDLER_INIT_DTS = `
/** No-op: the bundler instantiates the wasm when this module loads. Kept so browser code (\`await init()\`) runs unchanged. */
export default function init(moduleOrPath?: unknown): Promise<void>;
/** No-op: the bundler instantiates the wasm when this module loads. */
export function initSync(module?: unknown): void;
`;
export const nodeInitDts = ({ wasm } = GATE) => `
/** The .wasm as init() and initSync() take it in Node: its bytes or a compiled module. */
export type NodeInitInput = ArrayBuffer | ArrayBufferView | WebAssembly.Module;
/**
 * A no-op when ${wasm} was found next to the module (the usual case), so browser code
 * (\`await init()\`) runs unchanged. When it was not (the glue was bundled), instantiates from the
 * bytes, a module, a path or a file: URL; without one it throws, saying so.
 */
export default function init(moduleOrPath?: { module_or_path: NodeInitInput | string | URL | Promise<NodeInitInput> } | NodeInitInput | string | URL): Promise<void>;
/** As init(), synchronously, from the bytes or a compiled module. */
export function initSync(module?: { module: NodeInitInput } | NodeInitInput): void;
`;

// Globals the declarations use that only the DOM lib or @types/node declare. Each empty
// interface merges with the lib's declaration where there is one, and stands in where not.
const standalone = (wasmTypes) => `// toolgate: these declarations stand alone (no DOM lib, no @types/node, TypeScript >= 4.9).
// Each interface below merges with the lib's own where it has one.
declare global {
  interface SymbolConstructor { readonly dispose: unique symbol; }
  interface AbortSignal {}
  interface URL {}
  interface Request {}
  interface Response {}
  namespace WebAssembly { ${wasmTypes.map((t) => `interface ${t} {}`).join(' ')} }
}
`;
// DOM type aliases (an alias cannot merge) spelt out as what they alias.
const DOM_ALIASES = [[/\bRequestInfo\b/g, '(Request | string)'], [/\bBufferSource\b/g, '(ArrayBuffer | ArrayBufferView)']];

export function standaloneDts(dts) {
  let out = dts;
  for (const [re, to] of DOM_ALIASES) out = out.replace(re, to);
  // Every WebAssembly.X the declarations (and our init declarations) name.
  const wasmTypes = [...new Set(['Module', ...[...out.matchAll(/\bWebAssembly\.([A-Z]\w*)/g)].map((m) => m[1])])].sort();
  const head = standalone(wasmTypes);
  const lint = out.match(/^\/\* tslint:disable \*\/\n\/\* eslint-disable \*\/\n/);
  return lint ? `${lint[0]}${head}${out.slice(lint[0].length)}` : `${head}${out}`;
}

// ---- the importers: their own module, and Gatekeeper's static methods over it ---------------

/** The functions a binary's (bundler) declarations export: [{ name, doc, signature }]. */
export function declaredFunctions(dts) {
  return [...dts.matchAll(/^(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n)?export function (\w+)(\([^;]*\): [^;]+);$/gm)]
    .map(([, doc = '', name, signature]) => ({ name, doc, signature }));
}

// Where the import module's web and bundler entries put their functions once they can run.
const REGISTRY = "globalThis[Symbol.for('toolgate.importers')]";
const registration = (names) => `${REGISTRY} = { ${names.join(', ')} };`;

/** The import module's web glue: registers its functions once init() has instantiated it. */
export function importWebGlue(js, names, spec) {
  const out = must(webGlue(js, spec), 'function __wbg_finalize_init(instance, module) {', 'function __toolgate_finalize_init(instance, module) {',
    'import web glue: the end of init');
  return `${out}
// toolgate: Gatekeeper.importX() in the gate's web and bundler entries find these functions here.
function __wbg_finalize_init(instance, module) {
    const exports = __toolgate_finalize_init(instance, module);
    ${registration(names)}
    return exports;
}
`;
}

/** The import module's bundler entry: the bundler instantiates on load, so it registers then. */
export const importBundlerRegistration = (names, bgJs) => `
// toolgate: Gatekeeper.importX() in the gate's web and bundler entries find these functions here.
import { ${names.join(', ')} } from "./${bgJs}";
${registration(names)}
`;

const staticMethods = (names) => `Object.defineProperties(Gatekeeper, {
${names.map((n) => `    ${n}: { value: function ${n}() { return __toolgate_importer('${n}').apply(undefined, arguments); }, writable: true, configurable: true },`).join('\n')}
});`;

/** Appended to the gate's web.js and bundler.js. */
export const gateStaticsEsm = (names) => `
// toolgate: the importers are in their own module ('toolgate/import'), so this one carries none
// of them. Gatekeeper.importX() call its functions once it is loaded (and, on the web target,
// initialised), and until then throw an error saying so.
function __toolgate_importer(name) {
    const loaded = ${REGISTRY};
    if (loaded) return loaded[name];
    throw new Error('toolgate: Gatekeeper.' + name + '() needs the import module, which is not ready: '
        + 'import { ' + name + ' } from \\'toolgate/import\\' (on the web target, then \`await init()\` from it) and call it, '
        + 'or call Gatekeeper.' + name + '() after that.');
}
${staticMethods(names)}
`;

/** Appended to the gate's node.cjs: the import module is required on first use. */
export const gateStaticsCjs = (names, cjsFile) => `
// toolgate: the importers are in their own module ('toolgate/import', ${cjsFile}), so this one
// carries none of them; Gatekeeper.importX() load it on first use.
let __toolgate_import;
function __toolgate_importer(name) {
    __toolgate_import ??= require('./${cjsFile}');
    return __toolgate_import[name];
}
${staticMethods(names)}
`;

/** Appended to every gate declaration file: the static methods, merged into the class. */
export const gateStaticsDts = (fns) => `
/**
 * The importers as static methods, as before they moved to their own module: each calls the
 * function of that name from 'toolgate/import'. The Node entry loads that module on first use;
 * the web and bundler entries need it loaded first (on the web target, also \`await init()\` from
 * it) and until then throw an Error saying so.
 */
export declare namespace Gatekeeper {
${fns.map(({ name, doc, signature }) => `${doc.replace(/^(?=.)/gm, '  ')}  export function ${name}${signature};`).join('\n')}
}
`;

// ---- the call reader: src/wasm/read_call.js ---------------------------------------------------

/** The methods read_call.js takes off the prototype and the class (src/wasm/plain.rs). */
export const READ_CALL_METHODS = ['__toolgateParams', '__toolgateJudge', '__toolgateNames', '__toolgateTape', '__toolgateAnalyse'];

/** read_call.js, appended to a gate entry whose class glue is `classJs`; fails when that glue lacks a method it takes. */
export function gateReadCall(source, classJs) {
  for (const m of READ_CALL_METHODS) {
    if (!new RegExp(`^\\s+(?:static )?${m.replace(/\$/g, '\\$')}\\(`, 'm').test(classJs)) throw new GlueError(`read_call.js: wasm-bindgen's Gatekeeper has no method ${m} (src/wasm/plain.rs)`);
  }
  return `\n${source}`;
}
