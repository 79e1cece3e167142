// Runs inside a scratch project where scripts/test has `npm install`ed the built package
// (dist/): the host scenarios (host-scenarios.mjs, issue 26) on the Node entry as shipped, and
// instance churn in fresh Node processes, where Node 20's V8 crashed (SIGTRAP, "unreachable
// code" in its deoptimizer) before the facade stopped returning single externrefs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { hostScenarios } from './host-scenarios.mjs';

test('the host scenarios hold on the package (Node)', async () => {
  const { Gatekeeper } = await import('toolgate');
  assert.deepEqual(await hostScenarios(Gatekeeper, { churn: 3000 }), []);
});

test('instances created, checked and dropped by the thousand never crash Node', () => {
  const entry = createRequire(import.meta.url).resolve('toolgate');
  // The reported reproduction: 2,000 crashed 3 runs of 3. Each process runs 5,000, with and
  // without free(); a crash is a signal or a non-zero exit.
  const churn = `const { Gatekeeper } = require(${JSON.stringify(entry)});
    for (let i = 0; i < 5000; i++) {
      const gk = new Gatekeeper();
      gk.check({ tool: 'read_file', params: { path: 'a' } });
      if (i % 2) gk.free();
    }
    console.log('survived');`;
  for (let run = 0; run < 4; run++) {
    const r = spawnSync(process.execPath, ['-e', churn], { encoding: 'utf8' });
    assert.equal(`${r.status} ${r.signal} ${r.stdout.trim()}`, '0 null survived', `run ${run}:\n${r.stderr.slice(-1500)}`);
  }
});
