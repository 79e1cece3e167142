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
 * tsconfig row and then run in Node. No DOM or Node globals (the rows have neither lib).
 */
export const TS_APP = `import init, { Gatekeeper } from 'toolgate';
const CONFIG: ConstructorParameters<typeof Gatekeeper>[0] = ${JSON.stringify(CONFIG)};
const CALLS: Parameters<Gatekeeper['check']>[0][] = ${JSON.stringify(CALLS.map((c) => c.call))};
const out = (globalThis as unknown as { console: { log(s: string): void } }).console;
async function main(): Promise<void> {
  await init();
  const gk = new Gatekeeper(CONFIG);
  const decisions: string[] = [];
  for (const call of CALLS) decisions.push(gk.check(call).decision);
  gk.free();
  out.log('TOOLGATE_RESULT ' + JSON.stringify({ decisions }));
}
main().catch((e: unknown) => out.log('TOOLGATE_RESULT ' + JSON.stringify({ error: String(e) })));
`;
