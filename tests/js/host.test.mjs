// The host scenarios (tests/js/package/host-scenarios.mjs, issue 26) on the package as shipped
// (dist/web.js, served at /pkg/) in Debian's Chromium, driven by playwright-core: instance
// churn, a host's exceptions, results that own their fields, a pending decision that never
// fails open. The same scenarios run in Node in the package stage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, root } from './playground-helpers.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// A classic script defining `hostScenarios` (the module's one export).
const scenarios = readFileSync(join(root, 'tests', 'js', 'package', 'host-scenarios.mjs'), 'utf8').replace(/^export /m, '');

test('the host scenarios hold on the package (Chromium)', { timeout: 180_000 }, async () => {
  const page = await (await env.browser.newContext()).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => errors.push('the page crashed'));
  await page.goto(`${env.url}/pkg/package.json`);
  await page.addScriptTag({ content: scenarios });
  const failures = await page.evaluate(async () => {
    const { default: init, Gatekeeper } = await import('/pkg/web.js');
    await init();
    // eslint-disable-next-line no-undef
    return hostScenarios(Gatekeeper, { churn: 5000 });
  });
  assert.deepEqual(failures, []);
  assert.deepEqual(errors, []);
});
