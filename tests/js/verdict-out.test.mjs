// The packed answers (src/wasm/pack.rs, decoded by src/wasm/read_call.js) against
// serde-wasm-bindgen's objects: every check / validate / explain answer of dist/node.cjs (which
// decodes a packed record) must be the object wasm-bindgen's own glue of the same build
// (target/toolgate-build/gate/nodejs/, no JS layer: `to_js`, as before) hands out — the same
// values, the same keys in the same order (absent fields absent, `undefined` ones present), the
// same prototypes — over the security corpus, the decisions corpus, the wasm tests' calls and
// templates, `analyseCommand` over the benchmark's commands, and hostile texts. And the decoder
// fails closed: a record that surprises it gives the object from wasm, never a throw or a guess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BASE, CUSTOM, hostileCalls, root, securityCorpus } from './corpora.mjs';

const require = createRequire(import.meta.url);
const rawGlue = join(root, 'target', 'toolgate-build', 'gate', 'nodejs', 'toolgate.js');
const { Gatekeeper: Layer } = require(join(root, 'dist', 'node.cjs'));
const { Gatekeeper: Raw } = existsSync(rawGlue) ? require(rawGlue) : {};
if (!Raw) throw new Error(`${rawGlue} is missing: run ./scripts/build.sh first`);

const METHODS = ['check', 'validate', 'explain'];

/** Every own key in order with its value's shape, all the way down (JSON drops `undefined`). */
function shape(v) {
  if (typeof v !== 'object' || v === null) return v === undefined ? ['undefined'] : [typeof v, v];
  const proto = Object.getPrototypeOf(v);
  const kind = proto === Array.prototype ? 'array' : proto === Object.prototype ? 'object' : 'other';
  return [kind, Reflect.ownKeys(v).map((k) => [k, Object.getOwnPropertyDescriptor(v, k).enumerable, shape(v[k])])];
}

const settle = (f) => { try { return { ok: f() }; } catch (e) { return { threw: `${e?.name}: ${e?.message}` }; } };

/** The two answers are the same object: values, key order, prototypes, descriptors. */
function same(a, b, what) {
  assert.deepStrictEqual(a, b, what);
  assert.equal(JSON.stringify(a), JSON.stringify(b), what);
  assert.deepStrictEqual(shape(a), shape(b), what);
}

const pairOf = (config) => ({ layer: new Layer(structuredClone(config)), raw: new Raw(structuredClone(config)) });

/** Every method's answer to `make()` (a fresh call each time) from both. */
function sameAnswers(pair, make, what) {
  for (const method of METHODS) {
    same(settle(() => pair.layer[method](make())), settle(() => pair.raw[method](make())), `${method}(${what})`);
  }
}

// Texts that look like the record's own syntax, or are hard to count in UTF-16.
const HOSTILE_TEXTS = [
  '', '"', '"5:', '{', '}', '[', ']', 't', 'f', 'u', '#1;', '#-1;', ':', '0', '12:ab', '\u0100', '\u0101\u0102', '\uD7FF',
  '\u00FF', '\uFFFD', 'a\uD83D\uDE00b', '\u{10FFFF}', '\u2028\u2029', '\0', '\x7F', 'é'.repeat(300), '😀'.repeat(70),
  'x'.repeat(100_000), 'allow', 'deny', 'policy_allow', 'critical', 'none', 'passed',
];

test('objects are defined, never assigned: no setter of a polluted prototype runs, and fields are own', () => {
  // Both ways an answer is built (the layer's decoder, and wasm's owned.rs for a replay) define
  // every field: a setter on Object.prototype never runs, an inherited read-only value never
  // shows through.
  const ran = [];
  for (const [key, descriptor] of [['decision', { set() { ran.push(this); throw new Error('setter'); } }], ['decision', { value: 'allow' }], ['ok', { value: true }]]) {
    Object.defineProperty(Object.prototype, key, { configurable: true, ...descriptor });
    try {
      for (const gk of [new Layer(BASE), new Raw(BASE)]) {
        const calls = [{ tool: 'read_file', params: { path: '.env' } }, { tool: 'read_file', params: Object.create({ path: '.env' }) }];
        for (const call of calls) {
          const v = gk.check(call);
          assert.ok(Object.hasOwn(v, 'decision') && v.decision === 'deny', `${key}: check ${JSON.stringify(v)}`);
          const r = gk.validate(call);
          assert.ok(Object.hasOwn(r, 'ok') && r.ok === false, `${key}: validate ${JSON.stringify(r)}`);
          assert.equal(gk.explain(call).verdict.decision, 'deny');
        }
      }
    } finally {
      delete Object.prototype[key];
    }
  }
  assert.deepEqual(ran, []);
});

test('the security corpus: the same objects', () => {
  let n = 0;
  for (const { name, config, cases } of securityCorpus()) {
    const pair = pairOf(config);
    for (const { call, line } of cases) {
      sameAnswers(pair, () => JSON.parse(call), `${name}:${line}`);
      n++;
    }
  }
  assert.ok(n > 500, `${n} cases`);
});

test('the decisions corpus: the same objects, and each the decision of bench/fixtures/decisions.tsv', () => {
  const commands = JSON.parse(readFileSync(join(root, 'bench', 'fixtures', 'commands.json'), 'utf8'));
  const expected = readFileSync(join(root, 'bench', 'fixtures', 'decisions.tsv'), 'utf8').split('\n').filter(Boolean);
  const base = { workspaceRoots: ['/ws'], ignoreFile: '.env\nsecrets/\n*.pem\n' };
  const configs = [['yolo', base], ['cline-safe', { ...base, autoApproval: { actions: { readFiles: true, executeSafeCommands: true } } }]];
  let i = 0;
  for (const [name, config] of configs) {
    const pair = pairOf(config);
    for (const command of commands) {
      const make = () => ({ tool: 'execute_command', params: { command, requires_approval: false } });
      sameAnswers(pair, make, command);
      const v = pair.layer.check(make());
      assert.equal(expected[i++].split('\t').slice(0, 3).join('\t'), `${name}\t${v.decision}\t${v.code}`, command);
    }
  }
  assert.equal(i, expected.length);
});

test('the wasm tests\' calls and templates, under configs with rules, origins, MCP tools and prompts', () => {
  const { calls } = hostileCalls();
  const configs = [
    BASE,
    CUSTOM,
    { ...BASE, mode: 'always-ask', autoApproval: { actions: { executeSafeCommands: true } } },
    {
      ...BASE,
      overrides: { read_file: 'prompt', write_to_file: 'deny', 'mcp__srv__tool': 'allow' },
      overrideOrigins: { read_file: 'team policy "x"', write_to_file: '\u0100\u{1F600}' },
      rules: { allow: ['execute_command(npm run *)'], ask: ['read_file(*.md)'], deny: ['execute_command(rm *)', 'write_to_file(src/**)'] },
    },
  ];
  for (const config of configs) {
    const pair = pairOf(config);
    for (const { expr, make } of calls) sameAnswers(pair, make, expr);
  }
});

test('hostile texts in every string a verdict carries: paths, commands, tools, origins, ignore lines', () => {
  for (const text of HOSTILE_TEXTS) {
    const pair = pairOf({ ...BASE, ignoreFile: `${text}\n.env\n`, overrides: { [`t${text}`]: 'prompt' }, overrideOrigins: { [`t${text}`]: text } });
    const calls = [
      { tool: 'read_file', params: { path: text } },
      { tool: 'read_file', params: { path: `/elsewhere/${text}` } },
      { tool: 'write_to_file', params: { path: text, content: text } },
      { tool: 'execute_command', params: { command: `echo ${JSON.stringify(text)}; cat ${text}`, requires_approval: false } },
      { tool: 'execute_command', params: { command: text, requires_approval: true } },
      { tool: text },
      { tool: `t${text}` },
      { tool: `mcp__${text}__x`, params: {} },
      { tool: 'use_mcp_tool', params: { server_name: text, tool_name: text, arguments: '{}' } },
      { tool: 'access_mcp_resource', params: { server_name: text, uri: text } },
    ];
    for (const call of calls) sameAnswers(pair, () => structuredClone(call), JSON.stringify(call).slice(0, 80));
  }
});

test('analyseCommand: the same summaries for the benchmark\'s commands and hostile texts; non-strings as before', () => {
  const commands = JSON.parse(readFileSync(join(root, 'bench', 'fixtures', 'commands.json'), 'utf8'));
  const inputs = [...commands, ...HOSTILE_TEXTS, ...HOSTILE_TEXTS.map((t) => `echo ${t} | grep "${t}" && $(cat ${t}) <<<'${t}'`), 'a'.repeat(300_000), '((', 'if then fi'];
  for (const c of inputs) same(settle(() => Layer.analyseCommand(c)), settle(() => Raw.analyseCommand(c)), c.slice(0, 80));
  for (const v of [undefined, null, 42, {}, [], Symbol('s'), { toString: () => 'ls' }]) {
    same(settle(() => Layer.analyseCommand(v)), settle(() => Raw.analyseCommand(v)), String(typeof v));
  }
  assert.equal(Layer.analyseCommand.name, 'analyseCommand');
  assert.equal(Layer.analyseCommand.length, Raw.analyseCommand.length);
  assert.deepEqual(Object.getOwnPropertyNames(Layer).filter((n) => n.startsWith('__toolgate')), []);
});

// ---- the decoder alone: read_call.js over a stand-in class that hands it any record -------------

// pack.rs's units, and a record's pieces.
const [OBJ, END_OBJ, ARR, END_ARR, TRUE, FALSE, UNDEF, STR, INT, NEG, NAME] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16];
const str = (n) => [STR, n & 0xFFFF, Math.floor(n / 0x10000)];
const int = (n, unit = INT) => [unit, ...[0, 1, 2, 3].map((d) => Math.floor(n / 2 ** (16 * d)) % 0x10000)];
const nm = (k) => NAME + k;

/** read_call.js over a class whose packed method answers `records` ([units, texts]) in turn, the object methods OLD. */
function layerOver(records, names) {
  const OLD = Object.freeze({ old: true });
  const asked = [];
  const memory = new WebAssembly.Memory({ initial: 1 });
  const ADDRESS = 64;
  let serial = 0;
  const bufferOf = Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get;
  const answer = () => {
    const [units, texts, count = units.length] = records.shift();
    serial++;
    new Uint16Array(bufferOf.call(memory)).set([count, serial & 0xFFFF, serial >>> 16, ...units], ADDRESS / 2);
    return texts;
  };
  class Gatekeeper {
    check() { return OLD; }
    validate() { return OLD; }
    explain() { return OLD; }
    authorize() { return OLD; }
    __toolgateParams() { return ['mcp__', [], [], 'read_file', ['path']]; }
    __toolgateJudge(method) { asked.push(method); return method >= 4 ? OLD : answer(); }
    static __toolgateNames() { return names; }
    static __toolgateTape() { return [memory, ADDRESS]; }
    static __toolgateAnalyse(_, asObject) { return asObject ? OLD : answer(); }
    static analyseCommand() { return OLD; }
  }
  new Function('Gatekeeper', readFileSync(join(root, 'src', 'wasm', 'read_call.js'), 'utf8'))(Gatekeeper);
  return { gk: new Gatekeeper(), Gatekeeper, OLD, asked, memory };
}

const NAMES = ['allow', 'decision', 'reason', 'line', 'list', 'flag', 'gone'];
const CALL = () => ({ tool: 'read_file', params: { path: 'x' } });

test('the decoder: well-formed records become their objects', () => {
  const cases = [
    [[OBJ, nm(1), nm(0), nm(2), ...str(3), END_OBJ], 'a"b', { decision: 'allow', reason: 'a"b' }],
    [[OBJ, nm(3), ...int(0), nm(4), ARR, ...int(12, NEG), ...str(0), nm(0), ARR, END_ARR, END_ARR, nm(5), TRUE, nm(6), UNDEF, END_OBJ], '',
      { line: 0, list: [-12, '', 'allow', []], flag: true, gone: undefined }],
    [[OBJ, nm(2), ...str(4), END_OBJ], 'a\uD83D\uDE00b', { reason: 'a\uD83D\uDE00b' }],
    [[OBJ, nm(2), ...str(70_000), END_OBJ], 'x'.repeat(70_000), { reason: 'x'.repeat(70_000) }],
    [[OBJ, END_OBJ], '', {}],
    [[FALSE], '', false],
    [int(Number.MAX_SAFE_INTEGER), '', Number.MAX_SAFE_INTEGER],
  ];
  for (const [units, texts, object] of cases) {
    const { gk, asked } = layerOver([[units, texts]], NAMES);
    same(gk.check(CALL()), object, JSON.stringify(units));
    assert.deepEqual(asked, [0]);
  }
});

test('the decoder fails closed: any surprise gives the object from wasm, never a throw', () => {
  const good = [OBJ, nm(1), ...str(1), END_OBJ];
  const bad = [
    [[], ''], [[OBJ], ''], [[END_OBJ], ''], [[OBJ, nm(1)], ''], [[OBJ, nm(1), END_OBJ], ''],
    [good, ''], [good, 'ab'], [[OBJ, nm(1), ...str(5), END_OBJ], 'allo'], [[OBJ, nm(1), STR, 1], 'a'],
    [[OBJ, nm(200), ...str(1), END_OBJ], 'a'], [[nm(300)], ''], [[ARR], ''], [[ARR, TRUE], ''], [[0], ''], [[11], ''], [[15], ''],
    [[INT, 0, 0, 0], ''], [int(2 ** 53), ''], [int(2 ** 53, NEG), ''], [[OBJ, END_OBJ, END_OBJ], ''], [[TRUE, TRUE], ''],
    [[OBJ, ...str(1), ...str(1), END_OBJ], 'ab'], [[OBJ, nm(1), ARR, END_OBJ], ''],
    [good, 'a', 0], [good, 'a', 3], [good, 'a', 40_000], // the tape's count says otherwise
  ];
  for (const record of bad) {
    const what = JSON.stringify(record);
    const { gk, OLD, asked } = layerOver([record, record, record], NAMES);
    for (const [method, n] of [['check', 0], ['validate', 1], ['explain', 2]]) {
      asked.length = 0;
      assert.equal(gk[method](CALL()), OLD, `${method}: ${what}`);
      assert.deepEqual(asked, [n, n + 4], `${method}: ${what} asks for the object`);
    }
  }
  // analyseCommand falls back to the unwrapped static method
  const { Gatekeeper, OLD } = layerOver([[[OBJ, nm(1)], ''], [good, 'a']], NAMES);
  assert.equal(Gatekeeper.analyseCommand('ls'), OLD);
  same(Gatekeeper.analyseCommand('ls'), { decision: 'a' }, 'analyseCommand');
  // a setter that would throw while an object is built never runs: the record is the answer
  Object.defineProperty(Object.prototype, 'decision', { configurable: true, set() { throw new Error('setter'); } });
  try {
    const { gk: g2 } = layerOver([[good, 'a']], NAMES);
    same(g2.check(CALL()), { decision: 'a' }, 'a throwing setter');
  } finally {
    delete Object.prototype.decision;
  }
});

test('the decoder runs none of the caller\'s code: a setter that would call the class never runs', () => {
  const { gk, asked } = layerOver([
    [[OBJ, nm(1), nm(0), nm(2), ...str(3), END_OBJ], 'abc'],
  ], NAMES);
  let inner = 'not called';
  Object.defineProperty(Object.prototype, 'decision', {
    configurable: true,
    set() { inner = gk.check(CALL()); },
  });
  let outer;
  try {
    outer = gk.check(CALL());
  } finally {
    delete Object.prototype.decision;
  }
  assert.equal(inner, 'not called');
  same(outer, { decision: 'allow', reason: 'abc' }, 'outer');
  assert.deepEqual(asked, [0]);
});

test('the decoder after the memory grows, and with builtins replaced after load', () => {
  const record = [[OBJ, nm(1), nm(0), nm(2), ...str(2), END_OBJ], 'ok'];
  const { gk, memory } = layerOver([record, record, record], NAMES);
  same(gk.check(CALL()), { decision: 'allow', reason: 'ok' }, 'before');
  memory.grow(1);
  same(gk.check(CALL()), { decision: 'allow', reason: 'ok' }, 'after growing');
  const saved = [String.prototype.slice, Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer')];
  try {
    String.prototype.slice = () => 'forged';
    Object.defineProperty(WebAssembly.Memory.prototype, 'buffer', { get: () => new ArrayBuffer(8), configurable: true });
    same(gk.check(CALL()), { decision: 'allow', reason: 'ok' }, 'builtins replaced');
  } finally {
    String.prototype.slice = saved[0];
    Object.defineProperty(WebAssembly.Memory.prototype, 'buffer', saved[1]);
  }
});
