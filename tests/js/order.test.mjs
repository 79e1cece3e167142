// scripts/lib/order.mjs: the build's sort keys for wasm-opt's --reorder-functions-by-name change
// the function names only, and a binary it cannot read goes through unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { namesForGzipOrder } from '../../scripts/lib/order.mjs';

const bytes = (...parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const section = (id, body) => bytes([id, body.length], body);
const named = (index, name) => bytes([index, name.length], name);

// One imported function (index 0) and two of its own: `a` returns 1, `b` returns 2 + 3.
const head = bytes(
  [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  section(1, bytes([1, 0x60, 0, 1, 0x7f])),
  section(2, bytes([1, 1], 'm', [1], 'f', [0, 0])),
  section(3, bytes([2, 0, 0])),
  section(7, bytes([2, 1], 'a', [0, 1, 1], 'b', [0, 2])),
  section(10, bytes([2, 4, 0, 0x41, 1, 0x0b, 7, 0, 0x41, 2, 0x41, 3, 0x6a, 0x0b])),
);
const names = bytes([3], named(0, 'm::f'), named(1, 'x::a::h0123456789abcdef'), named(2, 'x::b::hfedcba9876543210'));
const module = bytes(head, section(0, bytes([4], 'name', [1, names.length], names)));

const instance = (wasm) => new WebAssembly.Instance(new WebAssembly.Module(wasm), { m: { f: () => 0 } }).exports;

test('order: function names become name-without-hash, code size, index; the code is unchanged', () => {
  const out = namesForGzipOrder(module);
  assert.deepEqual(out.subarray(0, head.length), head);
  const [nameSection] = WebAssembly.Module.customSections(new WebAssembly.Module(out), 'name');
  const text = Buffer.from(nameSection).toString('latin1');
  assert.ok(text.includes('x::a 0000004 1') && text.includes('x::b 0000007 2'), text);
  assert.ok(!text.includes('::h0123456789abcdef'), text);
  const { a, b } = instance(out);
  assert.equal(a(), 1);
  assert.equal(b(), 5);
});

test('order: a binary without a name section, or with an import it cannot read, is returned as is', () => {
  assert.equal(namesForGzipOrder(head), head);
  // an import of kind 4 (a tag) stops the reader
  const tag = bytes(head.subarray(0, 8), section(2, bytes([1, 1], 'm', [1], 't', [4, 0, 0])), module.subarray(head.length));
  assert.equal(namesForGzipOrder(tag), tag);
});
