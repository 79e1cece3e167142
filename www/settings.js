// @ts-check
// The settings panel: mode and policy table (harness modes or Cline's toggles), overrides, turn
// grants, "always allow", the ignore file with a path probe, command rules, workspace roots and
// reset. Each control calls one Gatekeeper setter; the panel re-renders from the Gatekeeper.
import { toolNames } from './catalogue.js';
import { notice } from './chat.js';
import { cancelApproval } from './dialog.js';
import { $, el, errorText, lines, names, plural } from './dom.js';
import { gatekeeper, onStateChange, resetToDefaults } from './state.js';
import { LOCALITY } from './verdict.js';

/** Cline's settings, as `setAutoApproval` takes them.
 * @typedef {NonNullable<Parameters<import('toolgate').Gatekeeper['setAutoApproval']>[0]>} ClineAutoApprovalSettings */

/** @type {ClineAutoApprovalSettings} */
const DEFAULT_CLINE = {
  yoloModeToggled: false, autoApproveAllToggled: false,
  actions: {
    readFiles: true, readFilesExternally: false, editFiles: false, editFilesExternally: false,
    executeSafeCommands: true, executeAllCommands: false, useBrowser: false, useMcp: false,
  },
};
/** @type {Record<string, string>} */
const MODE_HELP = {
  'always-ask': 'Ask before every tool call.',
  write: 'Reads run; writes, commands, the browser and MCP ask.',
  yolo: 'Everything runs, except critical commands and writes that grant execution, which ask.',
  unattended: 'Everything runs, even critical commands and writes (no one is there to ask).',
};

const input = (/** @type {string} */ id) => $(id, HTMLInputElement);
const area = (/** @type {string} */ id) => $(id, HTMLTextAreaElement);

/** Cline's toggles: `data-aa` names a top-level flag, `data-action` one of `actions`. */
const toggles = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll('#cline-toggles input')]);

/** @returns {ClineAutoApprovalSettings} */
function readToggles() {
  /** @type {Record<string, boolean>} */
  const top = {};
  /** @type {Record<string, boolean>} */
  const actions = {};
  for (const t of toggles) {
    if (t.dataset.aa) top[t.dataset.aa] = t.checked;
    else if (t.dataset.action) actions[t.dataset.action] = t.checked;
  }
  return { ...top, actions };
}

/** @param {ClineAutoApprovalSettings} aa @param {HTMLInputElement} t */
function toggleValue(aa, t) {
  if (t.dataset.aa) return !!(/** @type {Record<string, unknown>} */ (aa))[t.dataset.aa];
  return !!(/** @type {Record<string, unknown>} */ (aa.actions ?? {}))[t.dataset.action ?? ''];
}

/** Reflects the Gatekeeper's state in the mode pill, the toggles and the lists. */
function renderState() {
  const gk = gatekeeper();
  const snap = gk.snapshot();
  const mode = gk.mode;
  const cline = !!snap.autoApproval;
  $('mode', HTMLSelectElement).value = mode;
  $('mode-help').textContent = `${MODE_HELP[mode] ?? ''}${cline ? ' Cline’s table below replaces the mode’s table; the mode still decides whether critical commands ask.' : ''}`;
  input('table-cline').checked = cline;
  input('table-harness').checked = !cline;
  const aa = snap.autoApproval ?? DEFAULT_CLINE;
  for (const t of toggles) {
    t.checked = toggleValue(aa, t);
    t.disabled = !cline;
  }
  $('cline-toggles').dataset.disabled = String(!cline);
  const pill = $('mode-pill');
  pill.dataset.mode = mode;
  pill.textContent = `${mode}${cline ? ' · Cline auto-approval' : ''}`;
  pill.setAttribute('aria-label', `Mode ${mode}${cline ? ', Cline auto-approval table' : ''}`);

  const origins = snap.overrideOrigins ?? {};
  const overrides = Object.entries(snap.overrides ?? {}).sort(([a], [b]) => a.localeCompare(b));
  $('override-list').replaceChildren(...(overrides.length ? overrides.map(([tool, policy]) => el('li', { class: 'chip', 'data-policy': policy },
    el('code', { text: tool }), el('span', { class: 'chip-policy', text: policy }),
    origins[tool] ? el('span', { class: 'chip-origin', text: `from ${origins[tool]}` }) : null,
    el('button', { type: 'button', class: 'chip-remove', 'aria-label': `Remove the override for ${tool}`, text: '×', onclick: () => gk.clearOverride(tool) })))
    : [el('li', { class: 'hint', text: 'No overrides.' })]));

  const always = gk.alwaysAllowedTools;
  $('always-count').textContent = String(always.length);
  $('always-list').replaceChildren(...(always.length ? always.map((tool) => el('li', { class: 'chip', 'data-tool': tool },
    el('code', { text: tool }),
    el('button', { type: 'button', class: 'chip-remove', 'aria-label': `Stop always allowing ${tool}`, text: '×', onclick: () => gk.revokeAlwaysAllow(tool) })))
    : [el('li', { class: 'hint', text: 'None yet. “Always allow” in the approval dialog adds tools here.' })]));

  const turn = gk.turnGrants;
  const granted = [turn.allow.length ? `allow ${turn.allow.join(', ')}` : '', turn.deny.length ? `deny ${turn.deny.join(', ')}` : ''].filter(Boolean);
  $('turn-status').textContent = granted.length ? `This turn: ${granted.join(' · ')}` : 'No grants this turn.';
  $('tool-names').replaceChildren(...toolNames(gk).map((n) => el('option', { value: n })));
  renderIgnoreStatus();
  probePath();
}

/** Fills the text fields from the Gatekeeper (on load, reset, import and rebuilds). */
export function fillForms() {
  const snap = gatekeeper().snapshot();
  area('ignore-file').value = snap.ignoreFile ?? '';
  const rules = (/** @type {Array<string | { rule: string }> | undefined} */ list) => (list ?? []).map((e) => (typeof e === 'string' ? e : e.rule)).join('\n');
  area('rules-allow').value = rules(snap.rules?.allow);
  area('rules-ask').value = rules(snap.rules?.ask);
  area('rules-deny').value = rules(snap.rules?.deny);
  area('roots').value = (snap.workspaceRoots ?? []).join('\n');
  for (const id of ['rules-error', 'roots-error', 'override-error', 'import-error']) $(id).textContent = '';
}

function renderIgnoreStatus() {
  const gk = gatekeeper();
  const patterns = lines(gk.snapshot().ignoreFile ?? '').length;
  const warnings = gk.ignoreWarnings;
  $('ignore-status').textContent = `Applied: ${plural(patterns, 'pattern')}; ${plural(warnings.length, 'warning')}.`;
  $('ignore-warnings').replaceChildren(...warnings.map((w) => el('li', { text: w })));
}

function probePath() {
  const gk = gatekeeper();
  const path = input('probe-path').value.trim();
  const out = $('probe-result', HTMLOutputElement);
  if (!path) { out.textContent = '—'; out.dataset.state = 'empty'; return; }
  const ignored = gk.isIgnored(path);
  out.dataset.state = ignored ? 'ignored' : 'allowed';
  out.textContent = `${ignored ? '⊘ ignored — blocked for the agent' : '✓ not ignored'} · ${LOCALITY[gk.classifyPath(path)]}`;
}

function applyRules() {
  const gk = gatekeeper();
  // the allow-lists (allowOnly, allowRedirects) an import set are kept: the form edits the lists
  const rules = { ...gk.snapshot().rules, allow: lines(area('rules-allow').value), ask: lines(area('rules-ask').value), deny: lines(area('rules-deny').value) };
  $('rules-error').textContent = '';
  try {
    gk.setRules(rules); // throws naming a malformed rule, and then changes nothing
    $('rules-status').textContent = `Applied ${plural(rules.allow.length + rules.ask.length + rules.deny.length, 'rule')}.`;
  } catch (e) {
    $('rules-error').textContent = errorText(e);
    $('rules-status').textContent = 'Rules not applied; the previous rules stay in force.';
  }
}

function resetAll() {
  cancelApproval();
  resetToDefaults();
  fillForms();
}

/**
 * Runs a control's action; a thrown Error (a setter refusing bad input) is shown in the
 * control's error line, or as a notice in the chat.
 * @template {unknown[]} A
 * @param {string | null} errorId
 * @param {(...args: A) => void} fn
 * @returns {(...args: A) => void}
 */
function guarded(errorId, fn) {
  return (...args) => {
    if (errorId) $(errorId).textContent = '';
    try { fn(...args); } catch (e) { if (errorId) $(errorId).textContent = errorText(e); else notice(errorText(e), 'error'); }
  };
}

export function wireSettings() {
  onStateChange(renderState);
  const gk = gatekeeper;
  const mode = $('mode', HTMLSelectElement);
  mode.addEventListener('change', guarded(null, () => { gk().mode = /** @type {import('toolgate').Mode} */ (mode.value); }));
  $('table-harness').addEventListener('change', guarded(null, () => gk().setAutoApproval(null)));
  $('table-cline').addEventListener('change', guarded(null, () => gk().setAutoApproval(readToggles())));
  for (const t of toggles) t.addEventListener('change', guarded(null, () => gk().setAutoApproval(readToggles())));

  $('override-form').addEventListener('submit', guarded('override-error', (/** @type {Event} */ e) => {
    e.preventDefault();
    const tool = input('override-tool').value.trim();
    const origin = input('override-origin').value.trim();
    gk().setOverride(tool, /** @type {import('toolgate').Policy} */ ($('override-policy', HTMLSelectElement).value), origin || undefined);
    input('override-tool').value = '';
  }));

  $('turn-form').addEventListener('submit', guarded(null, (/** @type {Event} */ e) => {
    e.preventDefault();
    gk().grantForTurn({ allow: names(input('turn-allow').value), deny: names(input('turn-deny').value) });
    input('turn-allow').value = '';
    input('turn-deny').value = '';
    renderState();
  }));
  $('turn-clear').addEventListener('click', () => gk().clearTurnGrants());

  $('always-form').addEventListener('submit', guarded(null, (/** @type {Event} */ e) => {
    e.preventDefault();
    const tool = input('always-tool').value.trim();
    if (tool) gk().allowAlways(tool);
    input('always-tool').value = '';
  }));

  $('ignore-apply').addEventListener('click', () => {
    try {
      gk().setIgnoreFile(area('ignore-file').value);
    } catch (e) {
      $('ignore-status').textContent = `Not applied: ${errorText(e)}`;
    }
  });
  $('ignore-file').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) $('ignore-apply').click(); });
  $('probe-path').addEventListener('input', probePath);

  $('rules-apply').addEventListener('click', applyRules);
  $('roots-apply').addEventListener('click', guarded('roots-error', () => gk().setWorkspaceRoots(lines(area('roots').value))));
  $('reset').addEventListener('click', resetAll);
}
