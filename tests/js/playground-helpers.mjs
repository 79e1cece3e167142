// Shared by the playground tests: serves www/ + dist/ with scripts/serve.mjs on a free loopback
// port and drives Debian's Chromium with playwright-core (never a downloaded browser).
// Every page records console errors and warnings, page errors, failed requests and HTTP errors
// in `problems`; the tests assert it stays empty.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artifacts = join(root, 'artifacts');

// As root Chromium needs --no-sandbox; the background-networking flags keep it off the
// closed network (TOOLCHAIN.md).
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Starts the server and the browser; returns { url, browser, close }. */
export async function launch() {
  const { server, url } = await startServer({ port: 0, quiet: true });
  const browser = await chromium.launch({
    executablePath: process.env.TOOLGATE_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    url,
    browser,
    async close() { await browser.close(); server.close(); },
  };
}

/**
 * Opens the playground in a fresh context (empty localStorage) and waits until it is ready.
 * Returns { page, context, problems, wasmResponses }.
 */
export async function openPlayground(browser, url, {
  viewport = { width: 1280, height: 860 }, colorScheme = 'light', query = 'delay=0', acceptDownloads = true,
} = {}) {
  const context = await browser.newContext({ viewport, colorScheme, acceptDownloads });
  const page = await context.newPage();
  const problems = [];
  const wasmResponses = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A download's blob: URL "fails" in the page when the browser takes it over; not a problem.
    if (!r.url().startsWith('blob:')) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    if (r.url().endsWith('.wasm')) wasmResponses.push(r);
  });
  await page.goto(`${url}?${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  return { page, context, problems, wasmResponses };
}

export async function screenshot(page, name, options = {}) {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, name);
  await page.screenshot({ path, ...options });
  return path;
}

/** The n-th (0-based) tool-call card for `tool` in the chat. */
export const card = (page, tool, n = 0) => page.locator(`article.call[data-tool="${tool}"]`).nth(n);

/** Waits for a card to be fully decided (it has an outcome) and returns its data attributes. */
export async function settled(page, tool, n = 0) {
  const c = card(page, tool, n);
  await c.locator('.outcome').waitFor();
  return c.evaluate((el) => ({ ...el.dataset, text: el.textContent }));
}

/** Waits for the approval dialog, returns what it shows, and answers with a button. */
export async function answer(page, button, { expectTool } = {}) {
  const dialog = page.locator('dialog#approval[open]');
  await dialog.waitFor();
  const shown = {
    tool: await dialog.locator('#approval-tool').textContent(),
    reason: await dialog.locator('#approval-reason').textContent(),
    critical: await dialog.locator('#approval-critical').isVisible() ? await dialog.locator('#approval-critical').textContent() : null,
  };
  if (expectTool && shown.tool !== expectTool) throw new Error(`dialog for ${shown.tool}, expected ${expectTool}`);
  const seq = await dialog.getAttribute('data-seq');
  const label = { once: 'Allow once', always: 'Always allow', deny: 'Deny' }[button];
  await dialog.getByRole('button', { name: label }).click();
  // Answered: the dialog closed, or already shows the agent's next request.
  await page.waitForFunction((s) => {
    const d = document.querySelector('dialog#approval');
    return !d.open || d.dataset.seq !== s;
  }, seq);
  return shown;
}

/** Sends a free-form call from the composer (params: object → JSON, string → as typed). */
export async function send(page, tool, params, { requiresApproval = false } = {}) {
  await page.locator('#composer-tool').fill(tool);
  await page.locator('#composer-params').fill(typeof params === 'string' ? params : JSON.stringify(params));
  await page.locator('#composer-requires').setChecked(requiresApproval);
  await page.locator('#composer-run').click();
}

/** Selects a scenario and presses Run. */
export async function runScenario(page, id) {
  await page.locator('#scenario').selectOption(id);
  await page.locator('#run').click();
}

/** Waits until no session runs (the Run button is enabled again). */
export async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy === 'false');
}

export async function openSection(page, id) {
  await page.locator('#tab-settings').click();
  await page.locator(`#${id}`).evaluate((d) => { d.open = true; });
}
