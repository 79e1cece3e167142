// Helpers for the client matrix (clients.test.mjs): the packed tarball, scratch projects under
// target/clients/, child processes with timeouts, one shared Chromium.
//
// Scratch projects live under the repo so that the tools (vite, webpack, esbuild, typescript, …)
// resolve from the repo's node_modules, installed once by `npm ci` from package-lock.json: no
// network and no per-project install of tools. Only the package itself is installed per project,
// from the tarball `npm pack` makes of dist/.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const work = join(root, 'target', 'clients');
export const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

// As root Chromium needs --no-sandbox; the background-networking flags keep it off the closed
// network (TOOLCHAIN.md). The same flags as tests/js.
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** `npm pack` of dist/ into target/clients/, then unpacked once (what `npm install` does). */
export function packDist() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const r = spawnSync('npm', ['pack', '--silent', '--pack-destination', work, join(root, 'dist')],
    { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack failed:\n${r.stdout}${r.stderr}`);
  const tarball = join(work, r.stdout.trim().split('\n').pop());
  const unpacked = join(work, '.unpacked');
  mkdirSync(unpacked);
  const x = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
  if (x.status !== 0) throw new Error(`tar failed: ${x.stderr}`);
  return { tarball, unpacked: join(unpacked, 'package') };
}

/**
 * A fresh project target/clients/<name>/ with `files` ({ path: text }) and the package in
 * node_modules/toolgate: a copy of the unpacked tarball (byte for byte what `npm install
 * <tarball>` writes; the node rows install with npm itself).
 */
export function project(name, files, pkg) {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries({ 'package.json': '{ "name": "scratch", "private": true, "type": "module" }\n', ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (pkg) cpSync(pkg, join(dir, 'node_modules', 'toolgate'), { recursive: true });
  return dir;
}

const tail = (s, n = 4000) => (s.length > n ? `…${s.slice(-n)}` : s);

/** Runs a command; resolves to { stdout, stderr } or rejects with both (and the exit code). */
export function run(cmd, args, { cwd, timeout = 120_000, env } = {}) {
  return new Promise((ok, ko) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('error', (e) => { clearTimeout(timer); ko(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) ok({ stdout, stderr });
      else ko(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}\n${tail(stdout + stderr)}`));
    });
  });
}

/** Runs a script in Node and returns the object it printed on a `TOOLGATE_RESULT {json}` line. */
export async function nodeResult(args, opts) {
  const { stdout } = await run(process.execPath, args, opts);
  const line = stdout.split('\n').find((l) => l.startsWith('TOOLGATE_RESULT '));
  if (!line) throw new Error(`no TOOLGATE_RESULT line in:\n${stdout}`);
  return JSON.parse(line.slice('TOOLGATE_RESULT '.length));
}

/** A long-running server process (a dev server); resolves once `ready` matches its output. */
export function serve(cmd, args, { cwd, ready, timeout = 30_000 }) {
  return new Promise((ok, ko) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ } };
    const timer = setTimeout(() => { stop(); ko(new Error(`${cmd} not ready in ${timeout} ms:\n${out}`)); }, timeout);
    const onData = (d) => {
      out += d;
      if (ready.test(out)) { clearTimeout(timer); ok({ stop, output: () => out }); }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => { clearTimeout(timer); ko(new Error(`${cmd} exited with ${code} before it was ready:\n${out}`)); });
  });
}

export function freePort() {
  return new Promise((ok, ko) => {
    const s = createServer();
    s.once('error', ko);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

/** Serves a built app's folder on a free loopback port (scripts/serve.mjs: .wasm as application/wasm). */
export async function serveStatic(dir) {
  const { server, url } = await startServer({ port: 0, quiet: true, www: dir, pkg: dir });
  return { url, close: () => new Promise((ok) => server.close(ok)) };
}

let browser;
export async function launchBrowser() {
  browser ??= await chromium.launch({
    executablePath: process.env.TOOLGATE_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return browser;
}
export async function closeBrowser() { await browser?.close(); browser = undefined; }

/**
 * Opens `url` in a fresh context and waits for the app to publish `window.__toolgate`
 * ({ decisions, timing } or { error }). Console errors, page errors and failed requests are
 * returned as `problems` (a webview CSP violation shows up there).
 */
export async function pageResult(url, { timeout = 20_000 } = {}) {
  const context = await (await launchBrowser()).newContext();
  const page = await context.newPage();
  const problems = [];
  // Chromium asks every origin for /favicon.ico; a 404 there is no problem of the app's.
  const favicon = (u) => new URL(u).pathname === '/favicon.ico';
  page.on('console', (m) => {
    if (m.type() === 'error' && !(m.location()?.url && favicon(m.location().url))) problems.push(`console.error: ${m.text()} (${m.location()?.url ?? ''})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400 && !favicon(r.url())) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__toolgate, null, { timeout });
    const result = await page.evaluate(() => window.__toolgate);
    return { ...result, problems };
  } catch (e) {
    throw new Error(`${e.message}\nproblems: ${problems.join('\n  ') || 'none'}`);
  } finally {
    await context.close();
  }
}

export function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true });
}
