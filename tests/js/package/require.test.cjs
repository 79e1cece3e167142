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
