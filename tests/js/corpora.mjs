// The corpora of calls the JS layer's tests run (tests/js/read-call.test.mjs, the reader;
// tests/js/verdict-out.test.mjs, the packed answers): configs, the security corpus, the
// wasm-bindgen tests' calls and templates, hostile holders of a value.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const BASE = { workspaceRoots: ['/ws'], ignoreFile: '.env\nsecrets/\n*.pem\n', mode: 'yolo' };
export const CUSTOM = {
  ...BASE,
  tools: {
    zzz: { tier: 'write', required: ['x'] },
    my_read: { tier: 'read', required: ['file|alt'], paths: ['file', 'alt'] },
    my_exec: { tier: 'exec', command: 'cmd', required: ['cmd'] },
    many: { tier: 'write', required: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], paths: ['a', 'g'] },
    'mcp__srv__tool': { tier: 'read', paths: ['p'] },
    'tool\uFFFDname': { tier: 'read', paths: ['path'] },
    read_file: { tier: 'write', paths: ['path', 'also'], required: ['path'] },
  },
};

/** tests/security/mod.rs `unescape`, for the command lines of the corpus. */
export const unescape = (s) => s.replace(/\\(n|r|t|\\|u\{([0-9a-fA-F]+)\})/g, (_, c, hex) => (
  hex ? String.fromCodePoint(parseInt(hex, 16)) : { n: '\n', r: '\r', t: '\t', '\\': '\\' }[c]));

/** tests/fixtures/security/*.tsv as tests/security/mod.rs reads them: [{ name, config, cases: [{ expect, call, line }] }].
 * A file with `#>` sections is one entry per section (`name §n`), each with its own config. */
export function securityCorpus() {
  const dir = join(root, 'tests', 'fixtures', 'security');
  return readdirSync(dir).filter((f) => f.endsWith('.tsv')).sort().flatMap((file) => {
    const config = { ...BASE };
    const sections = [{ keys: {}, cases: [] }];
    readFileSync(join(dir, file), 'utf8').split('\n').forEach((line, i) => {
      if (line.startsWith('#!')) { Object.assign(config, JSON.parse(line.slice(2))); return; }
      if (line.startsWith('#>')) {
        sections.push({ keys: { ...sections.at(-1).keys, ...JSON.parse(line.slice(2)) }, cases: [] });
        return;
      }
      if (!line.trim() || line.startsWith('#')) return;
      const [expect, input] = line.split('\t');
      const call = input.startsWith('{') ? input
        : JSON.stringify({ tool: 'execute_command', params: { command: unescape(input), requires_approval: false } });
      sections.at(-1).cases.push({ expect, call, line: i + 1 });
    });
    return sections.filter((s) => s.cases.length).map((s, n) => ({
      name: n ? `${file} §${n}` : file, config: { ...config, ...s.keys }, cases: s.cases,
    }));
  });
}

/** Rust string literals of a test file, as the text they hold. */
export function rustStrings(file) {
  const text = readFileSync(join(root, 'tests', file), 'utf8');
  const out = [];
  for (const m of text.matchAll(/r#"([\s\S]*?)"#|"((?:[^"\\]|\\[\s\S])*)"/g)) {
    if (m[1] !== undefined) { out.push(m[1]); continue; }
    out.push(m[2].replace(/\\(u\{[0-9a-fA-F]+\}|[\s\S])/g, (_, e) => (
      e[0] === 'u' && e.length > 1 ? String.fromCodePoint(parseInt(e.slice(2, -1), 16))
        : { n: '\n', r: '\r', t: '\t', 0: '\0', '\\': '\\', '"': '"', "'": "'", '\n': '' }[e] ?? e)));
  }
  return out;
}
/** A JS expression as a factory of fresh values, or null when it is not one. */
export function factory(expr) {
  let f;
  try { f = new Function(`return (${expr});`); f(); } catch { return null; }
  return f;
}
/** The JS expressions of the wasm-bindgen call tests that are calls, or call templates filled in with every value of NOT_STRINGS. */
export function hostileCalls() {
  const files = ['wasm_malformed_calls.rs', 'wasm_hostile.rs', 'wasm_own_properties.rs', 'wasm_gatekeeper.rs', 'wasm_authorize.rs'];
  const literals = files.filter((f) => existsSync(join(root, 'tests', f))).flatMap(rustStrings);
  const malformed = readFileSync(join(root, 'tests', 'wasm_malformed_calls.rs'), 'utf8');
  const notStrings = rustStrings('wasm_malformed_calls.rs').filter((s, i, all) => {
    const block = malformed.slice(malformed.indexOf('const NOT_STRINGS'), malformed.indexOf('];', malformed.indexOf('const NOT_STRINGS')));
    return block.includes(JSON.stringify(s).slice(1, -1).replace(/\\\\/g, '\\')) || block.includes(s);
  });
  const values = [...new Set([...notStrings, 'undefined', 'null', "''", "'src/a.rs'", "'.env'", "'\\uFFFD'", "'a\\uD83D\\uDE00b'"])];
  const calls = new Set();
  for (const s of literals) {
    if (!/\b(tool|params)\b/.test(s) || s.includes('{{') || s.length > 2000) continue;
    if (/\bV\b/.test(s)) { for (const v of values) calls.add(s.replace(/\bV\b/g, v)); continue; }
    calls.add(s);
  }
  for (const v of values) {
    calls.add(`{ tool: ${v}, params: { path: '.env' } }`);
    calls.add(`{ tool: 'read_file', params: ${v} }`);
  }
  return { calls: [...calls].map((expr) => ({ expr, make: factory(expr) })).filter((c) => c.make), values };
}

/** Hostile ways to hold `v` as `key` of an object (`rest` are its other own properties). */
export const HOLDERS = {
  own: (key, v, rest) => ({ ...rest, [key]: v }),
  getter: (key, v, rest) => Object.defineProperty({ ...rest }, key, { get: () => v, enumerable: true, configurable: true }),
  throwing: (key, _v, rest) => Object.defineProperty({ ...rest }, key, { get() { throw new Error(`boom ${key}`); }, enumerable: true }),
  'throwing a non-Error': (key, _v, rest) => Object.defineProperty({ ...rest }, key, { get() { throw 42; } }),
  inherited: (key, v, rest) => Object.assign(Object.create({ [key]: v }), rest),
  'inherited getter': (key, v, rest) => Object.assign(Object.create(Object.defineProperty({}, key, { get: () => v })), rest),
  'proxy: get says v, the descriptor another value': (key, v, rest) => new Proxy({ ...rest, [key]: '.env' }, { get: (t, k) => (k === key ? v : t[k]) }),
  'proxy: get says v, no descriptor': (key, v, rest) => new Proxy({ ...rest }, { get: (t, k) => (k === key ? v : t[k]) }),
  'proxy: descriptor says v, get undefined': (key, v, rest) => new Proxy({ ...rest, [key]: v }, { get: (t, k) => (k === key ? undefined : t[k]) }),
  'proxy: descriptor throws': (key, v, rest) => new Proxy({ ...rest, [key]: v }, { getOwnPropertyDescriptor(t, k) { if (k === key) throw new Error('gopd'); return Reflect.getOwnPropertyDescriptor(t, k); } }),
  'proxy: get throws': (key, v, rest) => new Proxy({ ...rest, [key]: v }, { get(t, k) { if (k === key) throw new TypeError('get'); return t[k]; } }),
  revoked: () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
  'null prototype': (key, v, rest) => Object.assign(Object.create(null), rest, { [key]: v }),
};
