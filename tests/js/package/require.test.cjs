// Runs inside a scratch project where scripts/test has `npm install`ed the built package
// (dist/): exercises the Node CommonJS entry exactly as a user's `require` does.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');

test('require("toolgate") gives the Gatekeeper class', () => {
  const toolgate = require('toolgate');
  assert.equal(typeof toolgate.Gatekeeper, 'function');
  assert.equal(toolgate.Gatekeeper.name, 'Gatekeeper');
  assert.match(require.resolve('toolgate'), /node_modules[\\/]toolgate[\\/]node\.cjs$/);
});

test('require: construct and call isIgnored (works with the stub engine)', () => {
  const { Gatekeeper } = require('toolgate');
  const gk = new Gatekeeper({ workspaceRoots: ['/ws'], ignoreFile: '.env\n' });
  assert.equal(typeof gk.isIgnored('src/main.rs'), 'boolean');
  assert.equal(gk.isIgnored('src/main.rs'), false);
  // A non-string path throws or fails closed (true), and never traps the instance.
  let answer;
  try { answer = gk.isIgnored(42); } catch (e) { answer = 'threw'; }
  assert.ok(answer === 'threw' || answer === true, `isIgnored(42) gave ${answer}`);
  assert.equal(gk.isIgnored('still/usable'), false, 'the instance survives');
  gk.free();
});

test('require("toolgate/node") is the same module instance', () => {
  assert.equal(require('toolgate/node'), require('toolgate'));
});

test('require: isIgnored follows the ignore file', () => {
  const { Gatekeeper } = require('toolgate');
  const gk = new Gatekeeper({ workspaceRoots: ['/ws'], ignoreFile: '.env\n*.secret\n' });
  assert.equal(gk.isIgnored('.env'), true);
  assert.equal(gk.isIgnored('keys/a.secret'), true);
  assert.equal(gk.isIgnored('src/a.rs'), false);
});

test('require: check() reads the call in JS as own properties (src/wasm/read_call.js)', () => {
  const { Gatekeeper } = require('toolgate');
  assert.deepEqual(Object.getOwnPropertyNames(Gatekeeper.prototype).filter((n) => n.startsWith('__toolgate')), []);
  const gk = new Gatekeeper({ workspaceRoots: ['/ws'], ignoreFile: '.env\n', mode: 'yolo' });
  assert.equal(gk.check({ tool: 'read_file', params: { path: 'src/a.rs' } }).decision, 'allow');
  assert.equal(gk.check({ tool: 'read_file', params: { path: '.env' } }).code, 'ignored_path');
  let reads = 0;
  assert.equal(gk.check({ tool: 'read_file', params: { get path() { reads++; return 'src/a.rs'; } } }).decision, 'allow');
  assert.equal(reads, 1, 'a getter runs once');
  for (const call of [
    { tool: 'read_file', params: Object.create({ path: 'src/a.rs' }) },
    { tool: 'read_file', params: { get path() { throw new Error('boom'); } } },
    { tool: 'read_file', params: { path: 5 } },
    { tool: 'read_file', params: { path: '.e\uD800nv' } },
  ]) {
    const v = gk.check(call);
    assert.equal(v.decision, 'deny');
    assert.equal(v.step, 'validation');
    assert.equal(gk.validate(call).ok, false);
  }
});
