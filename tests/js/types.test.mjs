// The playground is type-checked against the package's shipped declarations: every www/*.js
// starts with `// @ts-check`, and `tsc -p www/` (TypeScript from the repo's dev tools, the
// declarations from dist/) reports no error. A probe that misuses the API must fail the same
// check, so a "toolgate" that resolved to nothing (any) could not pass silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const www = join(root, 'www');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const run = (project) => spawnSync(tsc, ['--noEmit', '-p', project], { encoding: 'utf8' });

test('every playground module starts with // @ts-check', () => {
  const modules = readdirSync(www).filter((f) => f.endsWith('.js'));
  assert.ok(modules.length > 1, 'www/ has modules');
  for (const f of modules) {
    assert.match(readFileSync(join(www, f), 'utf8'), /^\/\/ @ts-check\n/, `${f} lacks // @ts-check`);
  }
});

test('tsc -p www/ type-checks the playground against dist/web.d.ts', () => {
  const r = run(www);
  assert.equal(r.error, undefined, `could not run ${tsc}: ${r.error}`);
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});

test('the same check rejects a misuse of the API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-www-types-'));
  try {
    writeFileSync(join(dir, 'probe.js'), [
      '// @ts-check',
      "import { Gatekeeper } from 'toolgate';",
      "const gk = new Gatekeeper({ mode: 'sometimes' });",
      "/** @type {number} */ const d = gk.check({ tool: 'read_file' }).decision;",
      'export { d };',
      '',
    ].join('\n'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(www, 'tsconfig.json'), include: [join(dir, 'probe.js')] }));
    const r = run(dir);
    const out = `${r.stdout}${r.stderr}`;
    assert.notEqual(r.status, 0, `tsc accepted the probe:\n${out}`);
    assert.match(out, /probe\.js\(3,\d+\).*"sometimes"/, out);
    assert.match(out, /probe\.js\(4,\d+\)/, out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
