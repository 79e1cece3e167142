// `filterPaths` on odd listings, against the built package (dist/, or TOOLGATE_DIST): the whole
// listing crosses into wasm as one text (src/wasm/listing.js and listing.rs), and must keep
// exactly what the per-entry rule keeps — a string with no lone surrogate that `isIgnored` does not ignore —
// in order, each kept entry the input's string; holes, `null`-likes and other non-strings are
// dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = resolve(root, process.env.TOOLGATE_DIST ?? 'dist');
const { Gatekeeper } = createRequire(import.meta.url)(join(dist, 'node.cjs'));

const gk = new Gatekeeper({
  workspaceRoots: ['/ws'],
  ignoreFile: '.env\nsecrets/\n*.pem\nnode_modules/\n!keep.pem\nsp ace/\n\\#hash\n',
});

/** What the per-entry rule keeps. */
const expected = (paths) => {
  const out = [];
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i];
    if (typeof p === 'string' && p.isWellFormed() && !gk.isIgnored(p)) out.push(p);
  }
  return out;
};

const check = (paths, what) => {
  const kept = gk.filterPaths(paths);
  assert.ok(Array.isArray(kept), `${what}: an array`);
  assert.equal(Object.getPrototypeOf(kept), Array.prototype, `${what}: a plain array`);
  assert.deepStrictEqual(kept, expected(paths), what);
  return kept;
};

const ESCAPES = [
  '"quoted"', 'back\\slash', 'tab\tname', 'new\nline', 'cr\r', '\b\f', 'nul\u0000', 'unit\u001f', 'del\u007f',
  'line\u2028sep\u2029', 'é/ü.txt', '日本/語.md', '😀.txt', 'a\uD83D\uDE00b', '/', '', ' ', 'sp ace/x', '#hash',
  'a/../.env', 'src/.env', 'x.pem', 'keep.pem', 'secrets/a', 'node_modules/x/y.js', '\\u0041', '\\"', '\uFFFD', '\uFEFF',
];

test('strings with every kind of JSON escape and non-ASCII text', () => {
  check(ESCAPES, 'escapes');
  check([...ESCAPES].reverse(), 'escapes, reversed');
  for (const p of ESCAPES) check([p], `alone: ${JSON.stringify(p)}`);
  // Non-ASCII first, last, and as the only unit: the text does not fit one byte a unit.
  check(['é'], 'one two-byte character');
  check(['😀'], 'one four-byte character');
  check(['a'.repeat(1000) + '😀', 'b.txt'], 'non-ASCII at the end');
  check(['é'.repeat(5000), '.env', 'src/a.rs'], 'non-ASCII throughout');
});

test('lone surrogates are dropped, pairs kept', () => {
  const paths = ['\uD800', 'src/\uDFFF.rs', '\uDE00\uD83D', 'a\uD83D', '\uDBFF\uDFFF', 'ok.txt', '\uD800\uD800/.env', 'z'];
  const kept = check(paths, 'surrogates');
  assert.deepStrictEqual(kept, ['\uDBFF\uDFFF', 'ok.txt', 'z']);
});

test('holes, null-likes and non-strings are dropped', () => {
  // eslint-disable-next-line no-sparse-arrays
  check(['a.txt', , '.env', , 'src/x.rs', ,], 'holes');
  check(new Array(5), 'only holes');
  check([], 'empty');
  check([null, undefined, 'a', () => {}, Symbol('s'), 'b'], 'null-likes');
  const odd = [1, true, false, 0, NaN, {}, [], ['a'], new String('s'), Object.freeze({}), new Date(0), 10n, 'kept.txt'];
  check(odd, 'non-strings');
  for (const v of odd) check([v, 'c.txt'], `with ${typeof v}`);
  const cycle = ['a']; cycle.push(cycle);
  check(cycle, 'a cycle');
  check([{ toJSON: () => 'x.txt' }, 'y.txt'], 'an object with toJSON');
});

test('a path holding a NUL is judged entry by entry', () => {
  check(['a\u0000b', 'src/x.rs', '.env\u0000', '\u0000', 'keep.pem'], 'NULs');
  check(['x.pem\u0000', '\uD800', 'ok.txt'], 'a NUL and a lone surrogate');
});

test('each entry is read once, and what is returned is what was judged', () => {
  // A getter that names a kept file on its first read and an ignored one after.
  const flip = ['src/a.rs', 'b.txt'];
  let reads = 0;
  Object.defineProperty(flip, 1, { get: () => (reads++ === 0 ? 'b.txt' : '.env'), enumerable: true });
  assert.deepStrictEqual(gk.filterPaths(flip), ['src/a.rs', 'b.txt']);
  assert.equal(reads, 1, 'the getter ran once');
  // A proxy's get trap runs once per index, and its answers are what is judged.
  const gets = [];
  const target = ['a.txt', '.env', 'c.txt', 'x.pem'];
  const proxy = new Proxy(target, { get: (t, k) => { gets.push(k); return k === '2' ? 'secrets/k' : t[k]; } });
  assert.deepStrictEqual(gk.filterPaths(proxy), ['a.txt']);
  assert.deepStrictEqual(gets.filter((k) => /^\d+$/.test(k)), ['0', '1', '2', '3']);
  // A getter that throws: the error reaches the caller, and the gate still answers.
  const throwing = ['a.txt'];
  Object.defineProperty(throwing, 1, { get: () => { throw new Error('no'); } });
  assert.throws(() => gk.filterPaths(throwing), /no/);
  check(['a.txt', '.env'], 'after a throw');
  // Entries inherited from Array.prototype are read as the per-entry rule reads them.
  const holes = ['a.txt', , 'b.txt']; // eslint-disable-line no-sparse-arrays
  Array.prototype[1] = '.env'; // eslint-disable-line no-extend-native
  try { check(holes, 'an inherited entry'); } finally { delete Array.prototype[1]; }
});

test('not an array throws', () => {
  for (const v of [undefined, null, 'a', 1, {}, { length: 1, 0: 'a' }]) {
    assert.throws(() => gk.filterPaths(v), /expected an array/, String(v));
  }
});

test('a 100k listing, mixed', () => {
  const paths = [];
  for (let i = 0; i < 100_000; i++) {
    const dir = ['src', 'node_modules/pkg', 'secrets', 'docs/é', 'a b'][i % 5];
    const name = [`f${i}.ts`, `.env`, `k${i}.pem`, `😀${i}.md`, `q"${i}`, `\uD800${i}`][i % 6];
    paths.push(i % 97 === 0 ? null : `${dir}/${name}`);
  }
  const kept = check(paths, '100k');
  assert.ok(kept.length > 20_000 && kept.length < 80_000, `kept ${kept.length}`);
  // Each kept entry is the input's string, in order.
  let j = 0;
  for (const p of paths) if (j < kept.length && p === kept[j]) j++;
  assert.equal(j, kept.length, 'kept entries are the input entries, in order');
});

test('setWorkspaceFiles (the same one crossing) decides a recursive read from the view, and null returns to blind', () => {
  const g = new Gatekeeper({ workspaceRoots: ['/ws'], ignoreFile: '.env\n', mode: 'yolo' });
  const grep = { tool: 'execute_command', params: { command: 'grep -rn TODO src', requires_approval: false } };
  g.setWorkspaceFiles(['src/a.ts', 'src/.env', 42, null, 'src/\uD800x']);
  assert.equal(g.check(grep).decision, 'deny');
  g.setWorkspaceFiles(['src/a.ts', 'src/b.ts']);
  assert.equal(g.check(grep).decision, 'allow');
  g.setWorkspaceFiles(null);
  assert.notEqual(g.check(grep).decision, 'deny');
  g.free();
});
