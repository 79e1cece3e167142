// Type-checks small consumers of the installed package with `tsc --strict` (TypeScript from the
// repo's dev tools, path in $TOOLGATE_TSC). Correct use must compile; misuse is marked with
// `// @ts-expect-error`, so tsc fails if a misuse ever type-checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsc = process.env.TOOLGATE_TSC;

for (const project of ['types/tsconfig.node.json', 'types/tsconfig.bundler.json']) {
  test(`tsc --strict: ${project}`, { skip: tsc ? false : 'TOOLGATE_TSC not set' }, () => {
    const r = spawnSync(tsc, ['-p', fileURLToPath(new URL(project, import.meta.url))], { encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  });
}
