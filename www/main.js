// The toolgate playground: a webview-style chat panel where a simulated agent makes tool calls
// and one Gatekeeper (the package, web target, `init()`) validates and approves each of them.
// Everything the user decides is persisted with `gk.snapshot()` and restored on load.
import init, { Gatekeeper } from 'toolgate';
import { SCENARIOS, TOOL_NAMES, WORKSPACE_FILES } from './scenarios.js';
import { askApproval, cancelApproval, formatParams } from './dialog.js';

const STORAGE_KEY = 'toolgate-playground/snapshot';
const query = new URLSearchParams(location.search);
/** Pause between the agent's steps, in ms (`?delay=0` for tests). */
const STEP_DELAY = Math.max(0, Number(query.get('delay') ?? 650) || 0);

const DEFAULT_CONFIG = {
  workspaceRoots: ['/workspace'],
  mode: 'write',
  ignoreFile: '# secrets stay out of the agent\'s reach\n.env\n*.secret\nprivate/\n',
  overrides: { browser_action: 'prompt' },
  overrideOrigins: { browser_action: 'team policy (example)' },
  rules: {
    allow: ['execute_command(npm test *)', 'bash(npm test *)', 'bash(git status)'],
    ask: ['bash(git commit *)'],
    deny: ['bash(git push --force *)', 'execute_command(git push --force *)'],
  },
};
const DEFAULT_CLINE = {
  yoloModeToggled: false, autoApproveAllToggled: false,
  actions: {
    readFiles: true, readFilesExternally: false, editFiles: false, editFilesExternally: false,
    executeSafeCommands: true, executeAllCommands: false, useBrowser: false, useMcp: false,
  },
};
const IMPORT_EXAMPLES = {
  claude: { allow: ['Bash(npm run test:*)', 'Bash(git log *)', 'Read(./docs/**)', 'WebFetch(domain:example.com)'], ask: ['Bash(git commit *)'], deny: ['Read(./.env)', 'Bash(curl *)'], defaultMode: 'acceptEdits', additionalDirectories: ['../shared-lib'] },
  cline: { autoApprovalSettings: { enabled: true, maxRequests: 20, actions: { readFiles: true, editFiles: true, executeSafeCommands: true } }, commandPermissions: { allow: ['npm *', 'git status'], deny: ['rm *'], allowRedirects: false }, clineignore: '.env\nsecrets/\n' },
  harness: { mode: 'write', overrides: { bash: 'prompt', web_fetch: 'deny' }, overrideOrigins: { web_fetch: 'org policy' }, alwaysAllow: ['grep', 'read'] },
};
const MODE_HELP = {
  'always-ask': 'Ask before every tool call.',
  write: 'Reads run; writes, commands, the browser and MCP ask.',
  yolo: 'Everything runs, except critical commands, which ask.',
  unattended: 'Everything runs, even critical commands (no one is there to ask).',
};
const LOCALITY = { local: 'inside the workspace', external: 'outside the workspace', none: 'no path' };
const BADGE = {
  allow: { icon: '✓', text: 'Allow' },
  prompt: { icon: '?', text: 'Ask' },
  deny: { icon: '✕', text: 'Deny' },
  blocked: { icon: '⊘', text: 'Blocked' },
  checking: { icon: '…', text: 'Checking' },
};

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role' || k === 'for') node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};
const errorText = (e) => (e instanceof Error ? e.message : String(e));
const lines = (text) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const names = (text) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the Gatekeeper -------------------------------------------------------------------------

/** @type {Gatekeeper} */
let gk = null;

/** Makes `next` the live Gatekeeper: installs the approval dialog and the persistence hook. */
function adopt(next) {
  const previous = gk;
  gk = next;
  gk.prompt = (req) => askApproval(req);
  gk.onChange = onGatekeeperChange;
  // Turn grants end with the turn, so snapshots leave them out; a rebuild carries them over.
  if (previous) gk.grantForTurn(previous.turnGrants);
  previous?.free();
  persist();
  renderState();
}

function snapshotConfig() {
  const { version, ...config } = gk.snapshot();
  return config;
}

function onGatekeeperChange(change) {
  persist(`saved (${change.kind}${change.tool ? `: ${change.tool}` : ''})`);
  renderState();
}

function persist(what = 'saved') {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(gk.snapshot()));
    $('persist-status').textContent = `Settings ${what} in this browser.`;
  } catch (e) {
    $('persist-status').textContent = `Could not save settings: ${errorText(e)}`;
  }
}

function restore() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved) {
    try {
      adopt(Gatekeeper.fromSnapshot(JSON.parse(saved)));
      $('persist-status').textContent = 'Settings restored from your last visit.';
      return;
    } catch (e) {
      localStorage.removeItem(STORAGE_KEY);
      notice(`Saved settings could not be restored (${errorText(e)}); using the defaults.`);
    }
  }
  adopt(new Gatekeeper(DEFAULT_CONFIG));
}

// ---- the chat -------------------------------------------------------------------------------

const messages = $('messages');

/** Keeps the newest message in view (cards grow as their verdict and outcome arrive). */
function stick() { messages.scrollTop = messages.scrollHeight; }

function append(node) {
  $('empty-state')?.remove();
  messages.append(node);
  stick();
  return node;
}

function agentSay(text) {
  append(el('div', { class: 'msg agent' }, el('span', { class: 'avatar', 'aria-hidden': 'true', text: 'A' }), el('p', { text })));
}

function notice(text, kind = 'info') {
  append(el('p', { class: `notice ${kind}`, text }));
}

function fact(label, value, cls) {
  if (value === undefined || value === null || value === '') return null;
  return el('div', { class: cls }, el('dt', { text: label }), el('dd', {}, value));
}

function badge(kind, label) {
  const b = BADGE[kind];
  return el('span', { class: 'badge', 'data-kind': kind }, el('span', { class: 'badge-icon', 'aria-hidden': 'true', text: b.icon }), ` ${label ?? b.text}`);
}

/** A tool call as a chat card; `update` fills in the verdict and then the outcome. */
function callCard(call) {
  const card = el('article', { class: 'call', 'data-tool': call.tool, 'data-state': 'checking', 'aria-label': `Tool call ${call.tool}` });
  const head = el('header', { class: 'call-head' }, el('code', { class: 'tool-name', text: call.tool }), badge('checking'));
  const params = formatParams(call.params);
  card.append(head, params ? el('pre', { class: 'params', text: params }) : '');
  append(card);
  return card;
}

function renderVerdict(card, validation, verdict) {
  const kind = validation.ok ? verdict.decision : 'blocked';
  card.dataset.state = kind;
  card.dataset.decision = kind;
  card.dataset.step = validation.ok ? verdict.step : 'validation';
  card.querySelector('.badge').replaceWith(badge(kind));
  card.querySelector('.reason')?.remove();
  card.querySelector('.facts')?.remove();
  const reason = validation.ok ? verdict.reason : validation.error;
  const facts = el('dl', { class: 'facts' },
    fact('Validation', validation.ok ? 'passed' : `failed · ${validation.code}`, validation.ok ? 'ok' : 'bad'),
    fact('Step', validation.ok ? verdict.step : 'validation'),
    fact('Locality', LOCALITY[verdict.locality] ?? verdict.locality),
    validation.ok ? fact('Rule', verdict.rule && el('code', { text: verdict.rule })) : null,
    validation.ok ? fact('Origin', verdict.origin) : null,
    fact('Critical', verdict.critical, 'warn'),
    fact('Code', validation.ok ? verdict.code : validation.code));
  card.append(el('p', { class: 'reason', text: reason }), facts);
  stick();
}

function outcomeLine(outcome) {
  if (outcome.allowed) {
    if (outcome.decidedBy === 'user') return outcome.code === 'user_always' ? 'Ran — you chose Always allow' : 'Ran — you allowed it once';
    return 'Ran automatically';
  }
  switch (outcome.decidedBy) {
    case 'validation': return 'Not run — blocked before approval; the agent is told why';
    case 'user': return 'Stopped by user';
    case 'engine': return 'Not run — denied by toolgate';
    default: return `Not run — ${outcome.reason ?? outcome.decidedBy}`;
  }
}

function renderOutcome(card, outcome, resultText) {
  card.dataset.outcome = outcome.allowed ? 'allowed' : 'denied';
  card.dataset.decidedBy = outcome.decidedBy;
  card.append(el('p', { class: 'outcome', 'data-allowed': String(outcome.allowed) },
    el('span', { 'aria-hidden': 'true', text: outcome.allowed ? '▶ ' : '■ ' }), outcomeLine(outcome)));
  if (outcome.allowed && resultText) card.append(el('pre', { class: 'result', text: resultText }));
  stick();
}

function simulatedResult(call, scripted) {
  if (scripted === 'filter') {
    const visible = gk.filterPaths(WORKSPACE_FILES);
    const hidden = WORKSPACE_FILES.length - visible.length;
    return `${visible.join('\n')}\n(${hidden} file${hidden === 1 ? '' : 's'} hidden by the ignore file)`;
  }
  return scripted ?? '(simulated: the tool ran)';
}

// ---- running calls and scenarios ------------------------------------------------------------

let session = null; // { title, cancelled }

/** Validates, checks, explains and authorizes one call, showing each stage in the chat. */
async function executeCall(call, scripted, source) {
  const card = callCard(call);
  const mode = gk.mode;
  const validation = gk.validate(call);
  const explanation = gk.explain(call);
  renderVerdict(card, validation, explanation.verdict);
  const outcome = await gk.authorize(call);
  // What toolgate finally said (validation failures and user answers included).
  if (validation.ok) renderVerdict(card, validation, outcome.verdict);
  renderOutcome(card, outcome, outcome.allowed ? simulatedResult(call, scripted) : null);
  addLogEntry({ source, call, mode, validation, explanation, outcome });
  return outcome;
}

function setBusy(busy) {
  $('run').disabled = busy;
  $('stop').disabled = !busy;
  $('composer-run').disabled = busy;
  document.body.dataset.busy = String(busy);
}

function status(text, state) {
  const s = $('session-status');
  s.textContent = text;
  s.dataset.state = state;
}

async function runScenario(scenario) {
  if (session) return;
  const me = (session = { title: scenario.title, cancelled: false });
  setBusy(true);
  append(el('div', { class: 'divider', role: 'separator' }, el('span', { text: `Scenario · ${scenario.title}` })));
  let end = 'completed';
  try {
    for (const [i, step] of scenario.steps.entries()) {
      if (STEP_DELAY) await sleep(STEP_DELAY);
      if (me.cancelled) { end = 'cancelled'; break; }
      status(`Running “${scenario.title}” — step ${i + 1} of ${scenario.steps.length}`, 'running');
      if (step.say) agentSay(step.say);
      const outcome = await executeCall(step.call, step.result, scenario.title);
      if (!outcome.allowed && outcome.decidedBy === 'user') { end = 'stopped'; break; }
      if (me.cancelled) { end = 'cancelled'; break; }
    }
  } catch (e) {
    end = 'error';
    notice(`The session failed: ${errorText(e)}`, 'error');
  } finally {
    session = null;
    setBusy(false);
  }
  const text = {
    completed: `“${scenario.title}” completed.`,
    stopped: `“${scenario.title}” stopped by user: you denied a tool call.`,
    cancelled: `“${scenario.title}” stopped.`,
    error: `“${scenario.title}” failed.`,
  }[end];
  if (end === 'stopped') notice('Stopped by user — the agent will not continue this task.', 'stop');
  status(text, end);
}

async function runFreeForm() {
  const err = $('composer-error');
  err.textContent = '';
  const tool = $('composer-tool').value.trim();
  const text = $('composer-params').value.trim();
  if (!tool) { err.textContent = 'Type a tool name.'; return; }
  let params;
  if (text.startsWith('{')) {
    try { params = JSON.parse(text); } catch (e) { err.textContent = `Params are not valid JSON: ${errorText(e)}`; return; }
    if (!params || typeof params !== 'object' || Array.isArray(params)) { err.textContent = 'Params must be a JSON object.'; return; }
  } else if (!text) {
    params = {};
  } else if (['execute_command', 'bash'].includes(tool) || !TOOL_NAMES.includes(tool)) {
    params = { command: text };
    if (tool === 'execute_command') params.requires_approval = $('composer-requires').checked;
  } else {
    params = { path: text };
  }
  if (session) return;
  session = { title: 'free-form', cancelled: false };
  setBusy(true);
  try {
    append(el('div', { class: 'msg user' }, el('p', {}, el('code', { text: `${tool} ${JSON.stringify(params)}` }))));
    status(`Running ${tool}…`, 'running');
    const outcome = await executeCall({ tool, params }, undefined, 'free-form');
    status(outcome.allowed ? `${tool}: ran.` : `${tool}: not run.`, outcome.allowed ? 'completed' : (outcome.decidedBy === 'user' ? 'stopped' : 'completed'));
  } finally {
    session = null;
    setBusy(false);
  }
}

// ---- the decision log -----------------------------------------------------------------------

const log = [];

function addLogEntry({ source, call, mode, validation, explanation, outcome }) {
  const entry = { n: log.length + 1, at: new Date().toISOString(), source, mode, call, validation, verdict: outcome.verdict, outcome, explanation };
  log.push(entry);
  $('log-count').textContent = String(log.length);
  $('log-empty').hidden = true;
  const kind = validation.ok ? outcome.verdict.decision : 'blocked';
  const steps = el('ol', { class: 'trace' },
    validation.ok ? null : el('li', { 'data-outcome': 'decided' }, el('span', { class: 'step-name', text: 'validation' }), el('span', { class: 'step-outcome', text: 'decided' }), el('span', { class: 'step-note', text: validation.error })),
    explanation.steps.map((s) => el('li', { 'data-outcome': validation.ok ? s.outcome : 'skipped' },
      el('span', { class: 'step-name', text: s.step }),
      el('span', { class: 'step-outcome', text: validation.ok ? s.outcome : 'skipped' }),
      el('span', { class: 'step-note', text: validation.ok ? s.note : 'validation failed first' }))));
  const item = el('li', { class: 'log-entry', 'data-decision': kind, 'data-allowed': String(outcome.allowed) },
    el('details', {},
      el('summary', {},
        el('span', { class: 'log-n', text: `#${entry.n}` }),
        badge(kind),
        el('code', { class: 'log-tool', text: call.tool }),
        el('span', { class: 'log-outcome', text: outcome.allowed ? 'ran' : 'not run' })),
      el('p', { class: 'log-reason', text: validation.ok ? outcome.verdict.reason : validation.error }),
      el('p', { class: 'hint', text: `${source} · mode ${mode} · decided by ${outcome.decidedBy} · ${new Date(entry.at).toLocaleTimeString()}` }),
      el('pre', { class: 'params', text: formatParams(call.params) || '(no params)' }),
      el('h3', { class: 'trace-title', text: 'Resolution order' }),
      steps,
      validation.ok ? null : el('p', { class: 'hint', text: `Had it passed validation: ${explanation.verdict.decision} — ${explanation.verdict.reason}` })));
  $('log').prepend(item);
}

function exportLog() {
  const data = { exportedAt: new Date().toISOString(), settings: gk.snapshot(), entries: log };
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = el('a', { href: url, download: `toolgate-decisions-${Date.now()}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- settings -------------------------------------------------------------------------------

const toggles = [...document.querySelectorAll('#cline-toggles input')];

function readToggles() {
  const s = { actions: {} };
  for (const t of toggles) {
    if (t.dataset.aa) s[t.dataset.aa] = t.checked;
    else s.actions[t.dataset.action] = t.checked;
  }
  return s;
}

/** Reflects the Gatekeeper's state in the mode pill, the toggles and the lists. */
function renderState() {
  const snap = gk.snapshot();
  const mode = snap.mode === 'alwaysAsk' ? 'always-ask' : snap.mode;
  const cline = !!snap.autoApproval;
  $('mode').value = mode;
  $('mode-help').textContent = `${MODE_HELP[mode] ?? ''}${cline ? ' Cline’s table below replaces the mode’s table; the mode still decides whether critical commands ask.' : ''}`;
  $('table-cline').checked = cline;
  $('table-harness').checked = !cline;
  const aa = snap.autoApproval ?? DEFAULT_CLINE;
  for (const t of toggles) {
    t.checked = !!(t.dataset.aa ? aa[t.dataset.aa] : aa.actions?.[t.dataset.action]);
    t.disabled = !cline;
  }
  $('cline-toggles').dataset.disabled = String(!cline);
  const pill = $('mode-pill');
  pill.dataset.mode = mode;
  pill.textContent = `${mode}${cline ? ' · Cline auto-approval' : ''}`;
  pill.setAttribute('aria-label', `Mode ${mode}${cline ? ', Cline auto-approval table' : ''}`);

  const overrides = Object.entries(snap.overrides).sort(([a], [b]) => a.localeCompare(b));
  $('override-list').replaceChildren(...(overrides.length ? overrides.map(([tool, policy]) => el('li', { class: 'chip', 'data-policy': policy },
    el('code', { text: tool }), el('span', { class: 'chip-policy', text: policy }),
    snap.overrideOrigins[tool] ? el('span', { class: 'chip-origin', text: `from ${snap.overrideOrigins[tool]}` }) : null,
    el('button', { type: 'button', class: 'chip-remove', 'aria-label': `Remove the override for ${tool}`, text: '×', onclick: () => gk.clearOverride(tool) })))
    : [el('li', { class: 'hint', text: 'No overrides.' })]));

  const always = gk.alwaysAllowedTools;
  $('always-count').textContent = String(always.length);
  $('always-list').replaceChildren(...(always.length ? always.map((tool) => el('li', { class: 'chip', 'data-tool': tool },
    el('code', { text: tool }),
    el('button', { type: 'button', class: 'chip-remove', 'aria-label': `Stop always allowing ${tool}`, text: '×', onclick: () => forgetAlways(tool) })))
    : [el('li', { class: 'hint', text: 'None yet. “Always allow” in the approval dialog adds tools here.' })]));

  const turn = gk.turnGrants;
  const granted = [turn.allow.length ? `allow ${turn.allow.join(', ')}` : '', turn.deny.length ? `deny ${turn.deny.join(', ')}` : ''].filter(Boolean);
  $('turn-status').textContent = granted.length ? `This turn: ${granted.join(' · ')}` : 'No grants this turn.';
  renderIgnoreStatus();
  probePath();
}

/** Fills the text fields from the Gatekeeper (on load, reset, import and rebuilds). */
function fillForms() {
  const snap = gk.snapshot();
  $('ignore-file').value = snap.ignoreFile ?? '';
  $('rules-allow').value = snap.rules.allow.join('\n');
  $('rules-ask').value = snap.rules.ask.join('\n');
  $('rules-deny').value = snap.rules.deny.join('\n');
  $('roots').value = snap.workspaceRoots.join('\n');
  for (const id of ['rules-error', 'roots-error', 'override-error', 'import-error']) $(id).textContent = '';
}

function renderIgnoreStatus() {
  const text = gk.snapshot().ignoreFile ?? '';
  const patterns = lines(text).length;
  $('ignore-status').textContent = `Applied: ${patterns} pattern${patterns === 1 ? '' : 's'}; ${gk.ignoreWarnings.length} warning${gk.ignoreWarnings.length === 1 ? '' : 's'}.`;
  $('ignore-warnings').replaceChildren(...gk.ignoreWarnings.map((w) => el('li', { text: w })));
}

function probePath() {
  const path = $('probe-path').value.trim();
  const out = $('probe-result');
  if (!path) { out.textContent = '—'; out.dataset.state = 'empty'; return; }
  const ignored = gk.isIgnored(path);
  out.dataset.state = ignored ? 'ignored' : 'allowed';
  out.textContent = `${ignored ? '⊘ ignored — blocked for the agent' : '✓ not ignored'} · ${LOCALITY[gk.classifyPath(path)]}`;
}

function forgetAlways(tool) {
  gk.revokeAlwaysAllow(tool);
}

function applyRules() {
  // the allow-lists (allowOnly, allowRedirects) an import set are kept: the form edits the lists
  const rules = { ...gk.snapshot().rules, allow: lines($('rules-allow').value), ask: lines($('rules-ask').value), deny: lines($('rules-deny').value) };
  $('rules-error').textContent = '';
  try {
    gk.setRules(rules); // throws naming a malformed rule, and then changes nothing
    const n = rules.allow.length + rules.ask.length + rules.deny.length;
    $('rules-status').textContent = `Applied ${n} rule${n === 1 ? '' : 's'}.`;
  } catch (e) {
    $('rules-error').textContent = errorText(e);
    $('rules-status').textContent = 'Rules not applied; the previous rules stay in force.';
  }
}

function applyImport() {
  const kind = $('import-kind').value;
  $('import-error').textContent = '';
  $('import-warnings').replaceChildren();
  let input;
  try { input = JSON.parse($('import-text').value); } catch (e) { $('import-error').textContent = `Not valid JSON: ${errorText(e)}`; return; }
  try {
    const roots = gk.snapshot().workspaceRoots;
    const imported = kind === 'claude' ? Gatekeeper.importClaudeCode(input, { workspaceRoot: roots[0], home: '/home/dev' })
      : kind === 'cline' ? Gatekeeper.importCline(input)
        : Gatekeeper.importHarness(input);
    const config = { ...snapshotConfig(), ...imported.config };
    if (imported.config.workspaceRoots) config.workspaceRoots = [...new Set([...roots, ...imported.config.workspaceRoots])];
    adopt(new Gatekeeper(config));
    fillForms();
    const carried = Object.keys(imported.config);
    $('import-status').textContent = `Imported ${carried.length ? carried.join(', ') : 'nothing'}; ${imported.warnings.length} warning${imported.warnings.length === 1 ? '' : 's'}.`;
    $('import-warnings').replaceChildren(...imported.warnings.map((w) => el('li', { text: w })));
  } catch (e) {
    $('import-error').textContent = errorText(e);
  }
}

function resetAll() {
  cancelApproval();
  localStorage.removeItem(STORAGE_KEY);
  gk.clearTurnGrants();
  adopt(new Gatekeeper(DEFAULT_CONFIG));
  fillForms();
  $('persist-status').textContent = 'Settings reset to the defaults.';
}

function guarded(errorId, fn) {
  return (...args) => {
    if (errorId) $(errorId).textContent = '';
    try { fn(...args); } catch (e) { if (errorId) $(errorId).textContent = errorText(e); else notice(errorText(e), 'error'); }
  };
}

function wireSettings() {
  $('mode').addEventListener('change', guarded(null, (e) => { gk.mode = e.target.value; }));
  $('table-harness').addEventListener('change', guarded(null, () => gk.setAutoApproval(null)));
  $('table-cline').addEventListener('change', guarded(null, () => gk.setAutoApproval(readToggles())));
  for (const t of toggles) t.addEventListener('change', guarded(null, () => gk.setAutoApproval(readToggles())));

  $('override-form').addEventListener('submit', guarded('override-error', (e) => {
    e.preventDefault();
    const tool = $('override-tool').value.trim();
    const origin = $('override-origin').value.trim();
    gk.setOverride(tool, $('override-policy').value, origin || undefined);
    $('override-tool').value = '';
  }));

  $('turn-form').addEventListener('submit', guarded(null, (e) => {
    e.preventDefault();
    const grant = { allow: names($('turn-allow').value), deny: names($('turn-deny').value) };
    gk.grantForTurn(grant);
    $('turn-allow').value = '';
    $('turn-deny').value = '';
    renderState();
  }));
  $('turn-clear').addEventListener('click', () => gk.clearTurnGrants());

  $('always-form').addEventListener('submit', guarded(null, (e) => {
    e.preventDefault();
    const tool = $('always-tool').value.trim();
    if (tool) gk.allowAlways(tool);
    $('always-tool').value = '';
  }));

  $('ignore-apply').addEventListener('click', guarded(null, () => {
    try {
      gk.setIgnoreFile($('ignore-file').value);
    } catch (e) {
      $('ignore-status').textContent = `Not applied: ${errorText(e)}`;
    }
  }));
  $('ignore-file').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) $('ignore-apply').click(); });
  $('probe-path').addEventListener('input', probePath);

  $('rules-apply').addEventListener('click', applyRules);
  $('roots-apply').addEventListener('click', guarded('roots-error', () => gk.setWorkspaceRoots(lines($('roots').value))));

  const example = (kind) => JSON.stringify(IMPORT_EXAMPLES[kind], null, 2);
  $('import-text').value = example('claude');
  $('import-kind').addEventListener('change', () => {
    const current = $('import-text').value.trim();
    if (!current || Object.keys(IMPORT_EXAMPLES).some((k) => example(k) === current)) $('import-text').value = example($('import-kind').value);
  });
  $('import-run').addEventListener('click', applyImport);
  $('reset').addEventListener('click', resetAll);
}

// ---- tabs, scenario menu, composer -----------------------------------------------------------

function wireTabs() {
  const tabs = [$('tab-settings'), $('tab-log')];
  const select = (tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls')).hidden = !on;
    }
  };
  for (const [i, t] of tabs.entries()) {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => {
      const next = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (!next) return;
      const target = tabs[(i + next + tabs.length) % tabs.length];
      select(target);
      target.focus();
    });
  }
}

function wireSession() {
  $('scenario').replaceChildren(...SCENARIOS.map((s) => el('option', { value: s.id, text: s.title, title: s.blurb })));
  $('run').addEventListener('click', () => runScenario(SCENARIOS.find((s) => s.id === $('scenario').value)));
  $('stop').addEventListener('click', () => { if (session) { session.cancelled = true; status('Stopping after this step…', 'running'); } });
  $('composer').addEventListener('submit', (e) => { e.preventDefault(); runFreeForm(); });
  $('composer-params').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('composer').requestSubmit(); }
  });
  $('tool-names').replaceChildren(...TOOL_NAMES.map((n) => el('option', { value: n })));
  $('log-export').addEventListener('click', exportLog);
  $('log-clear').addEventListener('click', () => {
    log.length = 0;
    $('log').replaceChildren();
    $('log-count').textContent = '0';
    $('log-empty').hidden = false;
  });
}

try {
  await init();
  wireTabs();
  wireSession();
  wireSettings();
  restore();
  fillForms();
  setBusy(false);
  status('Ready. Pick a scenario and press Run, or send a tool call.', 'idle');
  document.body.dataset.ready = 'true';
} catch (e) {
  status(`Could not load toolgate: ${errorText(e)}`, 'error');
  document.body.dataset.ready = 'error';
  throw e;
}
