// The JS call reader (src/wasm/read_call.js, in every gate entry of dist/) against the
// unwrapped Rust reader (read.rs `read_call`, through wasm-bindgen's own glue of the same build
// in target/toolgate-build/gate/nodejs/, which has no JS layer): every call of the security and
// hostile corpora, and a generated one of hostile values in every position, gets the same
// check / validate / explain / authorize answer from both, and the caller's object sees the
// same reads (every proxy trap, in the same order) from both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const dist = join(root, 'dist');
const rawGlue = join(root, 'target', 'toolgate-build', 'gate', 'nodejs', 'toolgate.js');
const { Gatekeeper: Layer } = require(join(dist, 'node.cjs'));
const { Gatekeeper: Raw } = existsSync(rawGlue) ? require(rawGlue) : {};
if (!Raw) throw new Error(`${rawGlue} is missing: run ./scripts/build.sh first`);

const METHODS = ['check', 'validate', 'explain'];

/** A proxy over `v` that logs every trap (and wraps what `get` returns), so two readers' reads can be compared. */
function traced(v, log, path = 'call') {
  if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return v;
  const handler = {};
  for (const trap of Object.getOwnPropertyNames(Reflect)) {
    handler[trap] = (target, ...args) => {
      log.push(`${trap} ${path} ${typeof args[0] === 'string' ? args[0] : typeof args[0]}`);
      const out = Reflect[trap](target, ...args);
      return trap === 'get' && typeof args[0] === 'string' ? traced(out, log, `${path}.${args[0]}`) : out;
    };
  }
  return new Proxy(v, handler);
}

/** An answer as data: a thrown error or a rejection becomes its name and message. */
const settle = (f) => { try { return { ok: f() }; } catch (e) { return { threw: `${e?.name}: ${e?.message}` }; } };

/** Both readers answer `make()` (a fresh call each time) alike, with and without tracing. */
function same(pair, make, what) {
  for (const method of METHODS) {
    for (const trace of [false, true]) {
      const logs = [[], []];
      const answers = [pair.layer, pair.raw].map((gk, i) => {
        const call = trace ? traced(make(), logs[i]) : make();
        return settle(() => gk[method](call));
      });
      assert.deepStrictEqual(answers[0], answers[1], `${method}(${what})${trace ? ' traced' : ''}: the layer and read_call differ`);
      assert.deepStrictEqual(logs[0], logs[1], `${method}(${what}): the layer and read_call read differently`);
    }
  }
}

async function sameAuthorize(pair, make, what) {
  const answers = [];
  for (const gk of [pair.layer, pair.raw]) {
    const log = [];
    const outcome = await gk.authorize(traced(make(), log)).then((ok) => ({ ok }), (e) => ({ rejected: String(e) }));
    answers.push({ outcome, log });
  }
  assert.deepStrictEqual(answers[0], answers[1], `authorize(${what})`);
}

const pairOf = (config) => {
  const make = () => (typeof config === 'function' ? config() : structuredClone(config));
  return { layer: new Layer(make()), raw: new Raw(make()) };
};

import { BASE, CUSTOM, HOLDERS, factory, hostileCalls, securityCorpus } from './corpora.mjs';

// ---- the tests ------------------------------------------------------------------------------

test('the layer is in every gate entry and leaves no method of its own on the class', async () => {
  for (const file of ['node.cjs', 'web.js', 'bundler.js']) {
    const text = readFileSync(join(dist, file), 'utf8');
    assert.equal(text.split('read_call (src/wasm/read.rs), read').length - 1, 1, `${file} holds the layer once`);
  }
  assert.match(Layer.prototype.check.toString(), /judge\(this, call, 'check'\)/);
  assert.doesNotMatch(Raw.prototype.check.toString(), /judge/);
  const own = Object.getOwnPropertyNames(Layer.prototype);
  assert.deepEqual(own.filter((n) => n.startsWith('__toolgate')), []);
  assert.deepEqual(own.sort(), Object.getOwnPropertyNames(Raw.prototype).filter((n) => !n.startsWith('__toolgate')).sort());
  for (const file of ['node.d.cts', 'web.d.ts', 'bundler.d.ts']) {
    const dts = readFileSync(join(dist, file), 'utf8');
    const at = dts.indexOf('export class Gatekeeper');
    assert.ok(at >= 0, file);
    assert.doesNotMatch(dts.slice(at, dts.indexOf('\n}\n', at)), /__toolgate/, `${file}: the class declares no hidden method`);
  }
  const { Gatekeeper: Esm } = await import(join(dist, 'node.mjs'));
  assert.equal(Esm, Layer, 'node.mjs is node.cjs');
  // the web entry: the layer patches the class at load, before init, and judges after it
  const web = await import(join(dist, 'web.js'));
  assert.match(web.Gatekeeper.prototype.check.toString(), /judge\(this, call, 'check'\)/);
  web.initSync({ module: readFileSync(join(dist, 'toolgate_bg.wasm')) });
  const gk = new web.Gatekeeper(BASE);
  assert.equal(gk.check({ tool: 'read_file', params: { path: 'src/a.rs' } }).decision, 'allow');
  assert.equal(gk.check({ tool: 'read_file', params: { path: '.env' } }).code, 'ignored_path');
  assert.equal(gk.check({ tool: 'read_file', params: Object.create({ path: 'src/a.rs' }) }).step, 'validation');
});

test('the security corpus: the same answers, and each case its expected one', () => {
  let n = 0;
  for (const { name, config, cases } of securityCorpus()) {
    const pair = pairOf(config);
    for (const { expect, call, line } of cases) {
      same(pair, () => JSON.parse(call), `${name}:${line} ${call}`);
      const decision = pair.layer.check(JSON.parse(call)).decision;
      const ok = { block: decision !== 'allow', deny: decision === 'deny', prompt: decision === 'prompt', allow: decision === 'allow' }[expect];
      assert.ok(ok, `${name}:${line} expected ${expect}, got ${decision}: ${call}`);
      n++;
    }
  }
  assert.ok(n > 500, `${n} cases`);
});

test('the wasm-bindgen tests\' hostile and malformed calls, and their templates with every odd value', () => {
  const { calls, values } = hostileCalls();
  assert.ok(calls.length > 300, `${calls.length} calls`);
  assert.ok(values.length > 25, `${values.length} values`);
  for (const config of [BASE, CUSTOM, { ...BASE, mode: 'always-ask', autoApproval: { actions: { executeSafeCommands: true } } }]) {
    const pair = pairOf(config);
    for (const { expr, make } of calls) same(pair, make, expr);
  }
});

test('bench commands, through execute_command and bash', () => {
  const commands = JSON.parse(readFileSync(join(root, 'bench', 'fixtures', 'commands.json'), 'utf8'));
  const pair = pairOf({ ...BASE, mode: 'always-ask', rules: { allow: ['execute_command(npm run *)', 'bash(git status *)'], deny: ['bash(rm *)'] } });
  for (const command of commands) {
    same(pair, () => ({ tool: 'execute_command', params: { command, requires_approval: false } }), command);
    same(pair, () => ({ tool: 'bash', params: { command } }), command);
  }
});

test('every hostile holder of every odd value, in every position of every tool (custom tools too)', () => {
  const pair = pairOf(CUSTOM);
  const names = Object.fromEntries(Object.entries(CUSTOM.tools).map(([t]) => [t, null]));
  const tools = ['read_file', 'write_to_file', 'execute_command', 'bash', 'apply_patch', 'ls', 'report_bug', 'zzz', 'my_read',
    'my_exec', 'many', 'mcp__srv__tool', 'mcp__other__x', 'unknown_tool', 'tool\uFFFDname', '__proto__', 'constructor'];
  const good = { path: 'src/a.rs', content: 'x', command: 'ls -la', requires_approval: false, input: '*** Begin Patch\n*** End Patch', file: 'src/a.rs', cmd: 'ls', x: 'y', a: 'src/a', g: 'src/g', p: 'src/p', also: 'src/b' };
  const { values } = hostileCalls();
  const odd = values.map((v) => factory(v)).filter(Boolean);
  const strings = ['src/a.rs', '.env', '', ' ', 'x'.repeat(70000), `${'a/'.repeat(5000)}b`, 'a\u0000b', '\uFFFD', '.e\uD800nv', 'src/\u00e9\u{1F600}.rs', '/etc/passwd', 'C:\\x'];
  let n = 0;
  for (const tool of tools) {
    const keys = [...new Set([...Object.keys(good), 'path', 'absolutePath', 'title', 'b', 'c', 'd', 'e', 'f'])];
    const base = Object.fromEntries(keys.map((k) => [k, good[k] ?? 'v']));
    for (const key of Object.keys(base)) {
      const rest = { ...base };
      delete rest[key];
      const valueMakers = [...strings.map((s) => () => s), ...odd, () => true, () => null, () => undefined];
      for (const value of valueMakers) {
        for (const [holder, hold] of Object.entries(HOLDERS)) {
          if (holder !== 'own' && value !== valueMakers[0] && value !== valueMakers[1]) continue; // every holder with two values
          same(pair, () => ({ tool, params: hold(key, value(), rest) }), `${tool} ${key} ${holder} ${String(value).slice(0, 40)}`);
          n++;
        }
      }
    }
    for (const [holder, hold] of Object.entries(HOLDERS)) {
      same(pair, () => hold('tool', tool, { params: { ...base } }), `tool held ${holder}: ${tool}`);
      same(pair, () => hold('params', { ...base }, { tool }), `params held ${holder}: ${tool}`);
      n += 2;
    }
  }
  assert.ok(n > 5000, `${n} calls`);
  void names;
});

test('each value is read once, by its getter; a proxy\'s get trap is what counts', () => {
  const pair = pairOf(BASE);
  for (const [gk, name] of [[pair.layer, 'layer'], [pair.raw, 'read_call']]) {
    let reads = 0;
    const call = { tool: 'read_file', params: { get path() { reads++; return reads % 2 ? 'src/a.rs' : '.env'; } } };
    assert.equal(gk.check(call).decision, 'allow', name);
    assert.equal(reads, 1, name);
    assert.equal(gk.check(call).code, 'ignored_path', name);
    assert.equal(gk.validate(call).ok, true, name);
    assert.equal(gk.explain(call).verdict.code, 'ignored_path', name);
    assert.equal(reads, 4, name);
    let tools = 0;
    const counted = { get tool() { tools++; return 'ls'; } };
    gk.check(counted);
    gk.validate(counted);
    assert.equal(tools, 2, name);
    // the descriptor says '.env', the get trap 'src/a.rs': the get trap is what the host reads
    const disagree = new Proxy({ path: '.env' }, { get: (t, k) => (k === 'path' ? 'src/a.rs' : t[k]) });
    assert.equal(gk.check({ tool: 'read_file', params: disagree }).decision, 'allow', name);
    const otherWay = new Proxy({ path: 'src/a.rs' }, { get: (t, k) => (k === 'path' ? '.env' : t[k]) });
    assert.equal(gk.check({ tool: 'read_file', params: otherWay }).code, 'ignored_path', name);
  }
});

test('a throwing getter or trap: the same validation verdict, with the thrown message', () => {
  const pair = pairOf(BASE);
  const calls = [
    () => ({ get tool() { throw new Error('boom'); } }),
    () => ({ tool: 'read_file', get params() { throw new RangeError('deep'); } }),
    () => ({ tool: 'read_file', params: { get path() { throw 'a string'; } } }),
    () => ({ tool: 'read_file', params: { get path() { throw Symbol('s'); } } }),
    () => ({ tool: 'read_file', params: { path: 'src/a.rs', get requires_approval() { throw null; } } }),
    () => ({ tool: 'read_file', params: new Proxy({ path: 'src/a.rs' }, { getOwnPropertyDescriptor() { throw new Error('trap'); } }) }),
    () => ({ tool: 'read_file', params: { get path() { const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw new Error('message getter'); } }); throw e; } } }),
  ];
  for (const make of calls) {
    same(pair, make, make.toString());
    // read_call words a throw with its message: a throwing `message` throws out of check
    // (read_call's behaviour, kept: the layer adds no second reading of its own)
    if (make === calls.at(-1)) continue;
    const v = pair.layer.check(make());
    assert.equal(v.decision, 'deny');
    assert.equal(v.step, 'validation');
  }
  assert.match(pair.layer.check(calls[1]()).reason, /deep/);
});

test('a polluted Object.prototype supplies nothing: the same answers as read_call', () => {
  const probes = [
    () => ({ tool: 'read_file', params: { path: 'src/a.rs' } }),
    () => ({ tool: 'read_file', params: {} }),
    () => ({ tool: 'read_file' }),
    () => ({ params: { path: 'src/a.rs' } }),
    () => ({ tool: 'execute_command', params: { command: 'ls' } }),
    () => ({ tool: 'ls', params: {} }),
    () => ({ tool: 'zzz', params: { x: 'y' } }),
    () => ({ tool: 'read_file', params: { get path() { throw new Error('boom'); } } }),
    () => ({ tool: 'read_file', params: { path: 5 } }),
    () => ({ tool: 'read_file', params: { path: '.e\uD800nv' } }),
  ];
  const pollutions = {
    tool: 'read_file', params: { path: 'src/a.rs' }, path: 'src/a.rs', command: 'ls', requires_approval: false, x: 'y',
    // what the layer's own records and descriptors hold: a pollution must not reach them
    kind: 1, value: 'src/a.rs', error: 'e', get: () => 'src/a.rs', set: () => {}, writable: false, enumerable: false, configurable: false,
    prefix: 'read', unknown: ['path'], mcp: ['path'], tools: { read_file: [] }, __toolgateCheck: () => ({ decision: 'allow' }),
  };
  const pair = pairOf(CUSTOM);
  for (const [key, value] of Object.entries(pollutions)) {
    const had = Object.getOwnPropertyDescriptor(Object.prototype, key);
    Object.defineProperty(Object.prototype, key, { value, writable: true, configurable: true, enumerable: false });
    try {
      for (const make of probes) same(pair, make, `Object.prototype.${key} polluted: ${make}`);
      if (['tool', 'params', 'path', 'command', 'requires_approval', 'x'].includes(key)) {
        const v = pair.layer.check({ tool: 'read_file', params: {} });
        assert.equal(v.step, 'validation', key);
      }
    } finally {
      if (had) Object.defineProperty(Object.prototype, key, had); else delete Object.prototype[key];
    }
  }
  // a fresh instance reads its table with the prototype polluted
  Object.prototype.read_file = ['requires_approval'];
  try {
    same(pairOf(BASE), () => ({ tool: 'read_file', params: { path: '.env' } }), 'polluted before the first call');
  } finally { delete Object.prototype.read_file; }
});

test('custom tools: the table is the instance\'s catalogue', () => {
  const plain = pairOf(BASE);
  const custom = pairOf(CUSTOM);
  // the custom read_file also reads `also`, which the default one does not
  const call = () => ({ tool: 'read_file', params: { path: 'src/a.rs', also: '.env' } });
  same(plain, call, 'default read_file');
  same(custom, call, 'custom read_file');
  assert.equal(plain.layer.check(call()).decision, 'allow');
  assert.notEqual(custom.layer.check(call()).decision, 'allow');
  let reads = 0;
  const all = { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, requires_approval: 1 };
  custom.layer.check({ tool: 'many', params: new Proxy(all, { get(_, k) { reads++; return typeof k === 'string' ? 'src/x' : undefined; } }) });
  assert.equal(reads, 8, 'a..g and requires_approval');
  // a snapshot's instance gets its own table
  const restored = { layer: Layer.fromSnapshot(custom.layer.snapshot()), raw: Raw.fromSnapshot(custom.raw.snapshot()) };
  same(restored, call, 'fromSnapshot');
});

test('authorize: the same outcomes and reads, and the prompt gets the params as given', async () => {
  const pair = pairOf(BASE);
  const { calls } = hostileCalls();
  for (const { expr, make } of calls.slice(0, 300)) await sameAuthorize(pair, make, expr);
  const asked = [];
  const prompting = pairOf(() => ({ ...BASE, mode: 'always-ask', prompt: (request) => { asked.push(request); return 'once'; } }));
  for (const gk of [prompting.layer, prompting.raw]) {
    const params = { path: 'src/a.rs', content: 'x', extra: { deep: true } };
    let reads = 0;
    const call = { tool: 'write_to_file', get params() { reads++; return params; } };
    const outcome = await gk.authorize(call);
    assert.equal(outcome.allowed, true);
    assert.equal(reads, 2, 'judged once, and read again for the prompt (as read_call does)');
    assert.equal(asked.at(-1).params, params);
  }
  assert.deepStrictEqual(JSON.stringify(asked[0]), JSON.stringify(asked[1]));
});
