// The three verdicts every client row checks, and the app sources that compute them. One table:
// each row's app is generated from it, and each row's result is compared with it.
export const CONFIG = { workspaceRoots: ['/ws'], ignoreFile: '.env\n', mode: 'write' };
export const CALLS = [
  { call: { tool: 'read_file', params: { path: 'src/a.ts' } }, decision: 'allow' },
  { call: { tool: 'write_to_file', params: { path: 'src/a.ts', content: 'x' } }, decision: 'prompt' },
  { call: { tool: 'read_file', params: { path: '.env' } }, decision: 'deny' },
];
export const EXPECTED = CALLS.map((c) => c.decision);

const table = `const CONFIG = ${JSON.stringify(CONFIG)};
const CALLS = ${JSON.stringify(CALLS.map((c) => c.call))};`;

/**
 * A browser app: `imports` and `init` are the lines a user writes for their client. It publishes
 * `window.__toolgate = { decisions, timing }` (performance.now() is measured from navigation
 * start), or `{ error }`.
 */
export function browserApp({ imports = "import init, { Gatekeeper } from 'toolgate';", init = 'await init();' } = {}) {
  return `${imports}
${table}
try {
  const moduleStart = performance.now();
  ${init}
  const initDone = performance.now();
  const gk = new Gatekeeper(CONFIG);
  const decisions = [gk.check(CALLS[0]).decision];
  const firstVerdict = performance.now();
  for (const call of CALLS.slice(1)) decisions.push(gk.check(call).decision);
  gk.free();
  const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
  window.__toolgate = { decisions, timing: { moduleStart, initDone, firstVerdict, wasmFetch: wasm ? [wasm.startTime, wasm.responseEnd] : null } };
} catch (e) {
  window.__toolgate = { error: String(e && e.stack || e) };
}
`;
}

export const HTML = (script, head = '') => `<!doctype html>
<html><head><meta charset="utf-8">${head}<title>toolgate client</title></head>
<body><script type="module" src="${script}"></script></body></html>
`;

/** A Node program (ESM or CJS) printing `TOOLGATE_RESULT {json}`; `prelude` loads the package. */
export function nodeApp({ prelude, init = '' }) {
  return `${prelude}
${table}
async function main() {
  ${init}
  const gk = new Gatekeeper(CONFIG);
  const decisions = CALLS.map((call) => gk.check(call).decision);
  gk.free();
  return { decisions };
}
main().then(
  (r) => console.log('TOOLGATE_RESULT ' + JSON.stringify(r)),
  (e) => { console.log('TOOLGATE_RESULT ' + JSON.stringify({ error: String(e && e.stack || e) })); },
);
`;
}

/**
 * The TypeScript consumer: browser-style code (`await init()`) that must type-check under every
 * tsconfig row and then run in Node. No DOM or Node globals (the rows have neither lib). The
 * import module's types are checked too: its function and the class's static method of the
 * same name, whose configs the constructor takes.
 */
export const TS_APP = `import init, { Gatekeeper } from 'toolgate';
import initImport, { importHarness } from 'toolgate/import';
const CONFIG: ConstructorParameters<typeof Gatekeeper>[0] = ${JSON.stringify(CONFIG)};
const CALLS: Parameters<Gatekeeper['check']>[0][] = ${JSON.stringify(CALLS.map((c) => c.call))};
const out = (globalThis as unknown as { console: { log(s: string): void } }).console;
async function main(): Promise<void> {
  await init();
  await initImport();
  const imported = importHarness({ mode: 'write' });
  const viaClass = Gatekeeper.importHarness({ mode: 'write' });
  if (JSON.stringify(imported) !== JSON.stringify(viaClass)) throw new Error('Gatekeeper.importHarness differs');
  const gk = new Gatekeeper({ ...CONFIG, ...imported.config });
  const decisions: string[] = [];
  for (const call of CALLS) decisions.push(gk.check(call).decision);
  gk.free();
  out.log('TOOLGATE_RESULT ' + JSON.stringify({ decisions }));
}
main().catch((e: unknown) => out.log('TOOLGATE_RESULT ' + JSON.stringify({ error: String(e) })));
`;

/**
 * The import module ('toolgate/import'), loaded after the gate: the ignore file of CONFIG comes
 * in through `importCline`, so the three verdicts are EXPECTED only when the importer worked.
 * The code also checks what every entry promises: `Gatekeeper.importCline` gives the same
 * result, a bad input throws an Error with `field` and `code`, and the text importers are in.
 * `load` is the code that brings `importCline` and `importCodex` into scope (after `before`,
 * which runs first, with only the gate loaded).
 */
const importChecks = `const { ignoreFile, ...rest } = CONFIG;
  const imported = importCline({ clineignore: ignoreFile });
  const viaClass = Gatekeeper.importCline({ clineignore: ignoreFile });
  if (JSON.stringify(viaClass) !== JSON.stringify(imported)) throw new Error('Gatekeeper.importCline differs: ' + JSON.stringify(viaClass));
  let thrown;
  try { importCline(5); } catch (e) { thrown = e; }
  if (!(thrown instanceof Error) || thrown.field !== 'input' || thrown.code !== 'wrong-type') throw new Error('importCline(5) threw ' + String(thrown));
  if (!importCodex('prefix_rule(pattern = ["ls"])').config.rules) throw new Error('importCodex gave no rules');
  const gk = new Gatekeeper({ ...rest, ...imported.config });
  const decisions = CALLS.map((call) => gk.check(call).decision);
  gk.free();`;

/** A browser app that loads the import module on demand; publishes `{ decisions, before, wasm }`. */
export function importBrowserApp({ imports = "import init, { Gatekeeper } from 'toolgate';", load }) {
  return `${imports}
${table}
const wasmFiles = () => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')).map((n) => n.split('/').pop());
try {
  await init();
  let before = '';
  try { Gatekeeper.importCline({}); } catch (e) { before = String(e.message); }
  const wasmBefore = wasmFiles();
  ${load}
  ${importChecks}
  window.__toolgate = { decisions, before, wasm: { before: wasmBefore, after: wasmFiles() } };
} catch (e) {
  window.__toolgate = { error: String(e && e.stack || e) };
}
`;
}

/** A Node program using the import module; `before` runs with only the gate loaded. */
export function importNodeApp({ prelude, before = '', load }) {
  return `${prelude}
${table}
async function main() {
  ${before}
  ${load}
  ${importChecks}
  return { decisions };
}
main().then(
  (r) => console.log('TOOLGATE_RESULT ' + JSON.stringify(r)),
  (e) => { console.log('TOOLGATE_RESULT ' + JSON.stringify({ error: String(e && e.stack || e) })); },
);
`;
}
