// Smoke test of the playground (www/) in Debian's Chromium, driven by playwright-core (never a
// downloaded browser). Serves www/ + dist/ with scripts/serve.mjs on a free loopback port.
// Fails on any console error, page error or failed request; saves artifacts/playground.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(root, 'artifacts');

// As root Chromium needs --no-sandbox; the background-networking flags keep it off the
// closed network (TOOLCHAIN.md).
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

let server;
let browser;
let page;
const problems = []; // console errors, page errors, failed requests: any of them fails the run
const wasmResponses = [];

before(async () => {
  let url;
  ({ server, url } = await startServer({ port: 0, quiet: true }));
  browser = await chromium.launch({
    executablePath: process.env.TOOLGATE_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  page = await browser.newPage({ viewport: { width: 900, height: 720 } });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console.error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    if (r.url().endsWith('.wasm')) wasmResponses.push(r);
  });
  await page.goto(url);
});

after(async () => {
  if (page) {
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'playground.png'), fullPage: true }).catch(() => {});
  }
  await browser?.close();
  server?.close();
});

const verdict = () => page.locator('#result');

test('the page loads the wasm (web target, init()) and becomes ready', async () => {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  assert.equal(wasmResponses.length, 1, 'the .wasm is fetched once');
  assert.equal(wasmResponses[0].headers()['content-type'], 'application/wasm');
  assert.match(await page.locator('#ignore-status').textContent(), /compiled/);
});

test('typing a path shows a verdict live', async () => {
  await page.locator('#path').fill('src/main.rs');
  await assert.doesNotReject(page.waitForFunction(() => document.querySelector('#result').dataset.state !== 'empty'));
  assert.equal(await verdict().getAttribute('data-state'), 'allowed');
  assert.match(await verdict().textContent(), /not ignored/);
  await page.locator('#path').fill('');
  assert.equal(await verdict().getAttribute('data-state'), 'empty');
});

test('editing the ignore file rebuilds the Gatekeeper', async () => {
  await page.locator('#ignore-file').fill('*.log\n# a comment\nbuild/\n');
  assert.match(await page.locator('#ignore-status').textContent(), /compiled: 2 rules/);
  await page.locator('#path').fill('notes.txt');
  assert.equal(await verdict().getAttribute('data-state'), 'allowed');
});

test('an ignored path is shown as blocked', async () => {
  await page.locator('#ignore-file').fill('.env\n*.secret\n');
  await page.locator('#path').fill('config/api.secret');
  assert.equal(await verdict().getAttribute('data-state'), 'ignored');
  await page.locator('#path').fill('.env');
  assert.equal(await verdict().getAttribute('data-state'), 'ignored');
});

test('no console errors, page errors or failed requests', async () => {
  await page.locator('#ignore-file').fill('.env\n*.secret\nprivate/\n');
  await page.locator('#path').fill('private/notes.md');
  assert.deepEqual(problems, []);
});
