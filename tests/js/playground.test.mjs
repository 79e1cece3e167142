// The playground (www/) in Debian's Chromium, driven by playwright-core: a simulated agent's
// sessions, the approval dialog's three answers, the settings' effect on the next call, the
// decision log and its export, persistence, keyboard use and small/dark screens. Every test
// runs in a fresh browser context (empty localStorage) and fails on any console error or
// warning, page error or failed request. Screenshots go to artifacts/ (gitignored).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  answer, card, idle, launch, openPlayground, openSection, runScenario, screenshot, send, settled,
} from './playground-helpers.mjs';

let env;
const contexts = [];

before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Opens a fresh playground; the test's last line should be `clean(problems)`. */
async function open(options) {
  const opened = await openPlayground(env.browser, env.url, options);
  opened.page.setDefaultTimeout(10_000);
  contexts.push(opened.context);
  return opened;
}
const clean = (problems) => assert.deepEqual(problems, [], 'no console errors/warnings, page errors or failed requests');
const statusOf = (page) => page.locator('#session-status');
const dialogOpen = (page) => page.evaluate(() => document.querySelector('#approval').open);
/** Clicks "Import and apply" and waits for it to finish (the first import fetches the import module). */
async function runImport(page) {
  await page.locator('#import-run').click();
  await page.locator('#import-run:not([aria-busy])').waitFor();
}
const wasmNames = (responses) => responses.map((r) => new URL(r.url()).pathname.split('/').pop());

test('the page loads the wasm once (web target, init()) and offers the scenarios', async () => {
  const { page, problems, wasmResponses } = await open();
  assert.equal(wasmResponses.length, 1, 'the .wasm is fetched once');
  assert.equal(wasmResponses[0].headers()['content-type'], 'application/wasm');
  const scenarios = await page.locator('#scenario option').allTextContents();
  assert.deepEqual(scenarios, ['Refactor a module', 'Poke at secrets', 'Dangerous commands', 'Outside the workspace', 'Two MCP servers']);
  assert.match(await statusOf(page).textContent(), /Ready/);
  assert.equal(await page.locator('#mode').inputValue(), 'write', 'the default mode');
  assert.match(await page.locator('#ignore-status').textContent(), /Applied: 3 patterns; 0 warnings/);
  await screenshot(page, 'playground-empty.png');
  clean(problems);
});

test('Allow once: the agent continues; Deny: the agent stops ("stopped by user")', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'refactor');
  // Reads inside the workspace run without a dialog under "write"; the first write asks.
  const first = await answer(page, 'once', { expectTool: 'write_to_file' });
  assert.match(first.reason, /mode "write".*needs approval/);
  const written = await settled(page, 'write_to_file');
  assert.equal(written.outcome, 'allowed');
  assert.equal(written.decidedBy, 'user');
  assert.match(written.text, /you allowed it once/);
  for (const tool of ['list_files', 'read_file', 'grep']) {
    const c = await settled(page, tool);
    assert.equal(c.decision, 'allow', `${tool} runs without asking`);
    assert.equal(c.step, 'policy');
    assert.match(c.text, /inside the workspace/);
  }
  // The agent continued: the next call is waiting for an answer. Deny it.
  await page.locator('dialog#approval[open]').waitFor();
  await screenshot(page, 'playground-dialog.png', { animations: 'disabled' });
  await answer(page, 'deny', { expectTool: 'replace_in_file' });
  await idle(page);
  const denied = await settled(page, 'replace_in_file');
  assert.equal(denied.outcome, 'denied');
  assert.match(denied.text, /Stopped by user/);
  assert.match(await statusOf(page).textContent(), /stopped by user/);
  assert.equal(await statusOf(page).getAttribute('data-state'), 'stopped');
  assert.equal(await page.locator('article.call').count(), 5, 'nothing runs after the denied call');
  assert.equal(await dialogOpen(page), false);
  clean(problems);
});

test('Always allow: the next call of that tool skips the dialog; rules and completion follow', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'refactor');
  await answer(page, 'once', { expectTool: 'write_to_file' });
  await answer(page, 'always', { expectTool: 'replace_in_file' });
  const second = await settled(page, 'replace_in_file', 1);
  assert.equal(second.decision, 'allow', 'the second replace_in_file is not asked');
  assert.equal(second.step, 'always-allow');
  assert.match(second.text, /always-allowed earlier/);
  await answer(page, 'once', { expectTool: 'edit' }); // the harness's edit tool is a write too
  await idle(page);
  const tests = await settled(page, 'execute_command');
  assert.equal(tests.decision, 'allow');
  assert.equal(tests.step, 'command-rule');
  assert.match(tests.text, /execute_command\(npm test \*\)/, 'the deciding rule is shown');
  assert.equal((await settled(page, 'attempt_completion')).outcome, 'allowed');
  assert.match(await statusOf(page).textContent(), /completed/);
  await openSection(page, 'sec-always');
  assert.deepEqual(await page.locator('#always-list li.chip code').allTextContents(), ['replace_in_file']);
  await screenshot(page, 'playground.png', { animations: 'disabled' });
  clean(problems);
});

test('Poke at secrets: every route to .env is blocked by the ignore file, a missing param too', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'secrets');
  await idle(page);
  const listing = await settled(page, 'list_files');
  assert.equal(listing.outcome, 'allowed');
  assert.doesNotMatch(await card(page, 'list_files').locator('.result').textContent(), /^\.env$/m, 'filterPaths hides .env');
  for (const tool of ['read_file', 'execute_command', 'bash', 'apply_patch', 'read']) {
    const c = await settled(page, tool);
    assert.equal(c.decision, 'blocked', `${tool} is blocked`);
    assert.equal(c.step, 'validation');
    assert.match(c.text, /blocked by the \.clineignore/);
  }
  // a recursive read of config/ reaches config/api.secret: the workspace view decided it
  const walk = await settled(page, 'bash', 1);
  assert.equal(walk.decision, 'blocked');
  assert.match(walk.text, /Workspace view.*config\/api\.secret/);
  const missing = await settled(page, 'write_to_file');
  assert.equal(missing.decision, 'blocked');
  assert.match(missing.text, /Missing required parameter 'content'/);
  assert.equal(await dialogOpen(page), false, 'nothing blocked reaches the dialog');
  clean(problems);
});

test('editing the ignore file blocks the next read of secret.txt', async () => {
  const { page, problems } = await open();
  await send(page, 'read_file', { path: 'secret.txt' });
  assert.equal((await settled(page, 'read_file', 0)).decision, 'allow');
  await openSection(page, 'sec-ignore');
  const ignore = page.locator('#ignore-file');
  await ignore.fill(`${await ignore.inputValue()}secret.txt\n!include shared.ignore\n`);
  await page.locator('#ignore-apply').click();
  await page.getByText('Applied: 5 patterns; 1 warning').waitFor();
  assert.match(await page.locator('#ignore-warnings').textContent(), /shared\.ignore/);
  await send(page, 'read_file', { path: 'secret.txt' });
  const blocked = await settled(page, 'read_file', 1);
  assert.equal(blocked.decision, 'blocked');
  assert.match(blocked.text, /secret\.txt is blocked by the \.clineignore file settings/);
  await page.locator('#probe-path').fill('docs/../secret.txt');
  assert.match(await page.locator('#probe-result').textContent(), /ignored/);
  clean(problems);
});

test('unattended lets a critical command pass; yolo asks, shows the critical label, and Deny stops it', async () => {
  const { page, problems } = await open();
  await openSection(page, 'sec-mode');
  await page.locator('#mode').selectOption('unattended');
  assert.match(await page.locator('#mode-pill').textContent(), /unattended/);
  await send(page, 'execute_command', 'rm -rf /', { requiresApproval: true });
  const passed = await settled(page, 'execute_command', 0);
  assert.equal(passed.decision, 'allow');
  assert.equal(passed.outcome, 'allowed');
  assert.match(passed.text, /Critical\s*recursive-delete-root/);
  assert.equal(await dialogOpen(page), false);

  await page.locator('#mode').selectOption('yolo');
  await send(page, 'execute_command', 'rm -rf /', { requiresApproval: true });
  const shown = await answer(page, 'deny');
  assert.match(shown.critical, /recursive-delete-root/);
  assert.match(shown.reason, /always needs approval/);
  const asked = await settled(page, 'execute_command', 1);
  assert.equal(asked.decision, 'prompt');
  assert.equal(asked.step, 'critical');
  assert.equal(asked.decidedBy, 'user');
  assert.equal(asked.outcome, 'denied');
  clean(problems);
});

test('keyboard: the dialog traps focus, every button is reachable, Esc denies', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'dangerous');
  await page.locator('dialog#approval[open]').waitFor();
  const focused = () => page.evaluate(() => ({
    inDialog: !!document.activeElement.closest('dialog#approval'),
    answer: document.activeElement.dataset.answer ?? document.activeElement.id,
    outline: getComputedStyle(document.activeElement).outlineStyle,
  }));
  // A critical command: focus starts on Deny (the safe choice).
  assert.equal((await focused()).answer, 'deny');
  const seen = new Set();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const f = await focused();
    assert.ok(f.inDialog, `focus stays in the dialog (Tab #${i + 1})`);
    seen.add(f.answer);
    if (['deny', 'always', 'once'].includes(f.answer)) assert.notEqual(f.outline, 'none', 'focus is visible');
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok((await focused()).inDialog, 'Shift+Tab stays in the dialog too');
  }
  for (const b of ['deny', 'always', 'once']) assert.ok(seen.has(b), `${b} is reachable with Tab`);
  await screenshot(page, 'playground-dialog-critical.png', { animations: 'disabled' });
  await page.keyboard.press('Escape');
  await idle(page);
  const c = await settled(page, 'execute_command');
  assert.equal(c.decidedBy, 'user');
  assert.equal(c.outcome, 'denied');
  assert.match(await statusOf(page).textContent(), /stopped by user/);
  assert.equal(await page.locator('article.call[data-tool="bash"]').count(), 0, 'the agent stopped');
  // Focus went back to the page (the Run button is usable from the keyboard again).
  await page.locator('#run').focus();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'run');
  clean(problems);
});

test('the decision log explains every call and exports as JSON', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'outside');
  // /etc/hosts is read without asking under "write"; writing the shell profile asks.
  await answer(page, 'once', { expectTool: 'write' });
  await answer(page, 'once', { expectTool: 'bash' });
  await answer(page, 'once', { expectTool: 'browser_action' }); // the "prompt" override (list_files ran)
  await answer(page, 'deny', { expectTool: 'use_mcp_tool' });
  await idle(page);
  const hosts = await settled(page, 'read');
  assert.match(hosts.text, /outside the workspace/);
  // The shell profile is a place where a write grants execution: the card names the label,
  // the family and why.
  const profile = await settled(page, 'write');
  assert.equal(profile.step, 'critical');
  assert.match(profile.text, /startup-file-write/);
  assert.match(profile.text, /family startup-and-user-config.*runs at the next shell/);
  const browser = await settled(page, 'browser_action');
  assert.equal(browser.step, 'override');
  assert.match(browser.text, /Origin\s*team policy \(example\)/);

  await page.locator('#tab-log').click();
  assert.equal(await page.locator('#log-count').textContent(), '6');
  const entries = page.locator('#log .log-entry');
  assert.equal(await entries.count(), 6);
  const newest = entries.first();
  await newest.locator('summary').click();
  assert.match(await newest.locator('summary').textContent(), /use_mcp_tool/);
  const steps = newest.locator('.trace li');
  assert.equal(await steps.count(), 9, 'each step of the resolution order');
  assert.deepEqual(await steps.evaluateAll((lis) => lis.map((li) => li.dataset.outcome)),
    ['passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'decided']);
  assert.match(await steps.last().textContent(), /policy.*decided.*needs approval/i);
  await screenshot(page, 'playground-log.png', { animations: 'disabled' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#log-export').click()]);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(data.entries.length, 6);
  assert.equal(data.settings.version, 1);
  const mcp = data.entries.find((e) => e.call.tool === 'use_mcp_tool');
  assert.equal(mcp.outcome.decidedBy, 'user');
  assert.equal(mcp.explanation.steps.length, 9);
  assert.equal(mcp.explanation.steps.filter((s) => s.outcome === 'decided').length, 1);
  clean(problems);
});

test('settings take effect on the next call: overrides, turn grants, rules, Cline toggles, roots', async () => {
  const { page, problems } = await open();
  const last = async (tool) => settled(page, tool, (await page.locator(`article.call[data-tool="${tool}"]`).count()) - 1);

  // An override with its origin.
  await openSection(page, 'sec-overrides');
  await page.locator('#override-tool').fill('read_file');
  await page.locator('#override-policy').selectOption('deny');
  await page.locator('#override-origin').fill('security review');
  await page.getByRole('button', { name: 'Set override' }).click();
  await send(page, 'read_file', 'src/app.ts');
  let c = await last('read_file');
  assert.equal(c.decision, 'deny');
  assert.equal(c.step, 'deny-override');
  assert.match(c.text, /Origin\s*security review/);
  await page.getByRole('button', { name: 'Remove the override for read_file' }).click();
  await send(page, 'read_file', 'src/app.ts');
  assert.equal((await last('read_file')).decision, 'allow');

  // Turn grants, then a new turn.
  await openSection(page, 'sec-turn');
  await page.locator('#turn-deny').fill('grep');
  await page.getByRole('button', { name: 'Grant for this turn' }).click();
  assert.match(await page.locator('#turn-status').textContent(), /deny grep/);
  await send(page, 'grep', { pattern: 'TODO', path: 'src' });
  c = await last('grep');
  assert.equal(c.step, 'turn-deny');
  await page.getByRole('button', { name: 'New turn' }).click();
  await send(page, 'grep', { pattern: 'TODO', path: 'src' });
  assert.equal((await last('grep')).decision, 'allow');

  // Command rules: a malformed one is reported inline and changes nothing; a good one applies.
  await openSection(page, 'sec-rules');
  await page.locator('#rules-deny').fill('execute_command(npm test');
  await page.locator('#rules-apply').click();
  assert.match(await page.locator('#rules-error').textContent(), /unbalanced parentheses/);
  await send(page, 'execute_command', 'npm test');
  assert.equal((await last('execute_command')).step, 'command-rule', 'the old allow rule still applies');
  await page.locator('#rules-deny').fill('execute_command(npm test *)');
  await page.locator('#rules-apply').click();
  assert.equal(await page.locator('#rules-error').textContent(), '');
  await send(page, 'execute_command', 'npm test');
  c = await last('execute_command');
  assert.equal(c.decision, 'deny');
  assert.equal(c.step, 'deny-rule');

  // Cline's auto-approval table, then back to the harness mode.
  await openSection(page, 'sec-mode');
  await page.locator('#table-cline').check();
  await page.getByLabel('Edit files').check();
  await send(page, 'write_to_file', { path: 'src/a.ts', content: 'x' });
  c = await last('write_to_file');
  assert.equal(c.decision, 'allow');
  assert.match(c.text, /Cline auto-approval/);
  await page.locator('#table-harness').check();
  await send(page, 'write_to_file', { path: 'src/a.ts', content: 'x' });
  await answer(page, 'deny', { expectTool: 'write_to_file' });
  assert.match((await last('write_to_file')).text, /mode "write"/);

  // Workspace roots: /workspace is no longer local once the root moves.
  await openSection(page, 'sec-roots');
  await page.locator('#roots').fill('/srv/app');
  await page.locator('#roots-apply').click();
  await send(page, 'read', { path: '/workspace/README.md' });
  assert.match((await last('read')).text, /outside the workspace/);
  clean(problems);
});

test('settings persist across reloads (snapshot in localStorage); Reset restores the defaults', async () => {
  const { page, problems } = await open();
  await openSection(page, 'sec-mode');
  await page.locator('#mode').selectOption('always-ask');
  await page.locator('#table-cline').check();
  await openSection(page, 'sec-always');
  await page.locator('#always-tool').fill('grep');
  await page.getByRole('button', { name: 'Always allow', exact: true }).click();
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('toolgate-playground/snapshot')));
  assert.equal(saved.mode, 'always-ask');
  assert.deepEqual(saved.alwaysAllow, ['grep']);

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#mode').inputValue(), 'always-ask');
  assert.equal(await page.locator('#table-cline').isChecked(), true);
  assert.match(await page.locator('#persist-status').textContent(), /restored/);
  await send(page, 'grep', { pattern: 'x' });
  assert.equal((await settled(page, 'grep')).step, 'always-allow');

  await openSection(page, 'sec-always');
  await page.getByRole('button', { name: 'Stop always allowing grep' }).click();
  assert.equal(await page.locator('#always-count').textContent(), '0');

  await page.locator('#reset').click();
  assert.equal(await page.locator('#mode').inputValue(), 'write');
  assert.equal(await page.locator('#table-harness').isChecked(), true);
  const afterReset = JSON.parse(await page.evaluate(() => localStorage.getItem('toolgate-playground/snapshot')));
  assert.equal(afterReset.mode, 'write');
  clean(problems);
});

test('importing Claude Code settings applies them and lists what could not be carried over', async () => {
  const { page, problems, wasmResponses } = await open();
  await openSection(page, 'sec-import');
  assert.deepEqual(wasmNames(wasmResponses), ['toolgate_bg.wasm'], 'the import module waits for the first import');
  await runImport(page); // the prefilled Claude Code example
  assert.deepEqual(wasmNames(wasmResponses), ['toolgate_bg.wasm', 'toolgate_import_bg.wasm']);
  assert.match(await page.locator('#import-status').textContent(), /Imported .*rules/);
  assert.match(await page.locator('#import-warnings').textContent(), /WebFetch/);
  assert.match(await page.locator('#rules-deny').inputValue(), /read_file\(\.env\)/);
  await send(page, 'bash', 'curl https://example.com');
  assert.equal((await settled(page, 'bash')).step, 'deny-rule');
  // Malformed JSON is reported, not thrown.
  await page.locator('#import-text').fill('{ nope');
  await runImport(page);
  assert.match(await page.locator('#import-error').textContent(), /Not valid JSON/);
  clean(problems);
});

test('Two MCP servers: the trusted one runs, the other asks per tool, "Always" covers that tool only, a deny rule names one tool', async () => {
  const { page, problems } = await open();
  await runScenario(page, 'mcp');
  // The docs server is trusted by the scenario's rule, its resources too.
  const search = await settled(page, 'use_mcp_tool');
  assert.equal(search.decision, 'allow');
  assert.equal(search.step, 'command-rule');
  assert.match(search.text, /mcp\(docs\)/);
  assert.match(search.text, /docs · tool search/);
  assert.equal((await settled(page, 'access_mcp_resource')).decision, 'allow');
  // github asks; the dialog names the server and the tool.
  const meta = page.locator('#approval-meta');
  await page.locator('dialog#approval[open]').waitFor();
  assert.match(await meta.textContent(), /MCP server github · tool get_issue/);
  await answer(page, 'always', { expectTool: 'use_mcp_tool' });
  const again = await settled(page, 'use_mcp_tool', 2);
  assert.equal(again.decision, 'allow', 'the second get_issue is not asked');
  assert.equal(again.step, 'always-allow');
  assert.match(again.text, /mcp\(github\/get_issue\)/);
  // Another github tool (Claude Code's spelling) still asks.
  await page.locator('dialog#approval[open]').waitFor();
  assert.match(await meta.textContent(), /MCP server github · tool add_issue_comment/);
  await answer(page, 'once', { expectTool: 'mcp__github__add_issue_comment' });
  const deleted = await settled(page, 'use_mcp_tool', 3);
  assert.equal(deleted.decision, 'deny');
  assert.equal(deleted.step, 'deny-rule');
  await idle(page);
  assert.match(await statusOf(page).textContent(), /completed/);
  assert.match(await page.locator('#rules-allow').inputValue(), /mcp\(docs\)/);
  clean(problems);
});

test('importing MCP settings, a Gemini CLI policy and Codex rules through the import panel', async () => {
  const { page, problems } = await open();
  await openSection(page, 'sec-import');
  const kind = page.locator('#import-kind');
  await kind.selectOption('clineMcp');
  await runImport(page);
  assert.match(await page.locator('#import-status').textContent(), /Imported .*overrides/);
  await send(page, 'use_mcp_tool', { server_name: 'old-db', tool_name: 'query' });
  assert.equal((await settled(page, 'use_mcp_tool')).step, 'deny-override');
  await kind.selectOption('gemini');
  assert.match(await page.locator('#import-text').inputValue(), /\[\[rule\]\]/);
  await runImport(page);
  assert.match(await page.locator('#import-status').textContent(), /Imported .*rules/);
  assert.match(await page.locator('#rules-deny').inputValue(), /mcp\(github\/delete_repo\)/);
  await send(page, 'bash', 'rm -rf build');
  assert.equal((await settled(page, 'bash')).step, 'deny-rule');
  await kind.selectOption('codex');
  await runImport(page);
  assert.match(await page.locator('#import-warnings').textContent(), /justification is not carried/);
  assert.match(await page.locator('#rules-allow').inputValue(), /execute_command\(git status \*\)/);
  // A file that is not TOML is reported, not thrown.
  await kind.selectOption('gemini');
  await page.locator('#import-text').fill('[[rule]\n');
  await runImport(page);
  assert.match(await page.locator('#import-error').textContent(), /line 1/);
  clean(problems);
});

test('free-form box: malformed JSON is reported inline; an unknown tool is treated as exec', async () => {
  const { page, problems } = await open();
  await send(page, 'read_file', '{"path": ');
  assert.match(await page.locator('#composer-error').textContent(), /not valid JSON/);
  assert.equal(await page.locator('article.call').count(), 0);
  await send(page, 'deploy', { target: 'prod' });
  await answer(page, 'once', { expectTool: 'deploy' });
  const c = await settled(page, 'deploy');
  assert.equal(c.decision, 'prompt');
  assert.equal(c.outcome, 'allowed');
  clean(problems);
});

test('small screens and dark mode: no horizontal scroll at 360px, the dialog fits', async () => {
  const { page, problems } = await open({ viewport: { width: 360, height: 760 }, colorScheme: 'dark' });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(await overflow(), 0, 'no horizontal scroll when empty');
  await runScenario(page, 'dangerous');
  await page.locator('dialog#approval[open]').waitFor();
  const box = await page.locator('dialog#approval').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, `the dialog fits (${box.x}+${box.width})`);
  await screenshot(page, 'playground-mobile-dark-dialog.png', { animations: 'disabled' });
  await answer(page, 'once', { expectTool: 'execute_command' }); // rm -rf /
  // git push --force is denied by a default rule without asking; curl | sh asks.
  await answer(page, 'once', { expectTool: 'bash' });
  // The bidi override is shown as a code point, not applied to the text.
  await page.locator('dialog#approval[open][data-seq="3"]').waitFor();
  assert.match(await page.locator('#approval-params').textContent(), /invoice\[U\+202E\]fdp\.exe/);
  await answer(page, 'deny', { expectTool: 'execute_command' }); // the bidi override
  await idle(page);
  assert.equal(await overflow(), 0, 'no horizontal scroll with messages');
  await screenshot(page, 'playground-mobile-dark.png', { fullPage: true, animations: 'disabled' });
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(21, 23, 28)', 'the dark palette applies');

  const wide = await open({ colorScheme: 'dark' });
  await runScenario(wide.page, 'secrets');
  await idle(wide.page);
  await screenshot(wide.page, 'playground-dark.png', { animations: 'disabled' });
  clean(problems);
  clean(wide.problems);
});
