// Runs inside a scratch project where scripts/test has `npm install`ed the built package
// (dist/): exercises the Node ES-module entry and the package's exports map.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';

const require = createRequire(import.meta.url);

test('import { Gatekeeper } from "toolgate"', async () => {
  const { Gatekeeper } = await import('toolgate');
  assert.equal(typeof Gatekeeper, 'function');
  const gk = new Gatekeeper({});
  assert.equal(gk.isIgnored('a/b.txt'), false);
  gk.free();
});

test('import and require share one wasm instance (no dual-package hazard)', async () => {
  const esm = await import('toolgate');
  assert.equal(esm.Gatekeeper, require('toolgate').Gatekeeper);
});

test('the default init() is a harmless no-op in Node, so browser code runs unchanged', async () => {
  const { default: init, initSync, Gatekeeper } = await import('toolgate');
  assert.equal(await init(), undefined);
  assert.equal(initSync(), undefined);
  new Gatekeeper({}).free();
});

test('exports map: node → node.mjs/node.cjs; web, bundler and the wasm are addressable', async () => {
  assert.match(import.meta.resolve('toolgate'), /\/node_modules\/toolgate\/node\.mjs$/);
  assert.match(import.meta.resolve('toolgate/web'), /\/toolgate\/web\.js$/);
  assert.match(import.meta.resolve('toolgate/bundler'), /\/toolgate\/bundler\.js$/);
  assert.match(import.meta.resolve('toolgate/toolgate_bg.wasm'), /\/toolgate\/toolgate_bg\.wasm$/);
  const pkg = JSON.parse(await readFile(new URL(import.meta.resolve('toolgate/package.json')), 'utf8'));
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.type, 'module');
});

test('the web entry loads in Node from bytes via initSync (same binary as the Node entry)', async () => {
  const web = await import('toolgate/web');
  const bytes = await readFile(new URL(import.meta.resolve('toolgate/toolgate_bg.wasm')));
  web.initSync({ module: bytes });
  const gk = new web.Gatekeeper({ ignoreFile: '*.log\n' });
  assert.equal(typeof gk.isIgnored('x.log'), 'boolean');
  gk.free();
});

test('import: isIgnored follows the ignore file', async () => {
  const { Gatekeeper } = await import('toolgate');
  const gk = new Gatekeeper({ workspaceRoots: ['/ws'], ignoreFile: 'private/\n' });
  assert.equal(gk.isIgnored('private/notes.md'), true);
  assert.equal(gk.isIgnored('private'), false);
});

test('Gatekeeper.importX: the shipped statics are the import module\'s functions', async () => {
  const { Gatekeeper } = await import('toolgate');
  const importers = await import('toolgate/import');
  const cases = {
    importCline: [{ commandPermissions: '{"allow":["npm *"]}', clineignore: '.env\n' }],
    importClaudeCode: [{ allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] }, { workspaceRoot: '/ws' }],
    importHarness: [{ mode: 'write', overrides: { bash: 'prompt' } }],
    importClineMcp: [{ mcpServers: { gh: { autoApprove: ['get_issue'] } } }, { actions: { useMcp: true } }],
    importGemini: ['[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 10\n'],
    importCodex: ['prefix_rule(pattern = ["git", "status"], decision = "allow")\n'],
  };
  for (const [name, args] of Object.entries(cases)) {
    assert.equal(typeof Gatekeeper[name], 'function', name);
    assert.ok(!Object.keys(Gatekeeper).includes(name), `${name} is not enumerable`);
    const viaClass = Gatekeeper[name](...args);
    assert.deepEqual(viaClass, importers[name](...args), name);
    assert.ok(Object.keys(viaClass.config).length > 0, `${name} carried something`);
  }
  // a refusal is the same Error, with its field and code
  const thrown = (f) => { try { f(); } catch (e) { return [e.field, e.code]; } return null; };
  assert.deepEqual(thrown(() => Gatekeeper.importCline(5)), thrown(() => importers.importCline(5)));
  assert.notEqual(thrown(() => Gatekeeper.importCline(5)), null);
});
