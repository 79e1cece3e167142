// @ts-check
// The call panel: runs a scripted scenario or one free-form call. Each call is validated,
// explained and authorized by the live Gatekeeper, and each stage is shown in the chat.
import { paramsFromLine } from './catalogue.js';
import { agentSay, divider, notice, userSay } from './chat.js';
import { $, el, errorText, plural, sleep } from './dom.js';
import { addLogEntry } from './log.js';
import { SCENARIOS, WORKSPACE_FILES } from './scenarios.js';
import { Gatekeeper } from 'toolgate';
import { fillForms } from './settings.js';
import { adopt, gatekeeper, snapshotConfig } from './state.js';
import { callCard, renderOutcome, renderVerdict } from './verdict.js';

/** @typedef {import('toolgate').ToolCall} ToolCall */
/** @typedef {import('./scenarios.js').Scenario} Scenario */

const query = new URLSearchParams(location.search);
/** Pause between the agent's steps, in ms (`?delay=0` for tests). */
const STEP_DELAY = Math.max(0, Number(query.get('delay') ?? 650) || 0);

/** @type {{ title: string, cancelled: boolean } | null} */
let session = null;

/** What the simulated tool returns; `'filter'` lists the workspace through the ignore file. */
function simulatedResult(/** @type {string | undefined} */ scripted) {
  if (scripted === 'filter') {
    const visible = gatekeeper().filterPaths(WORKSPACE_FILES);
    const hidden = WORKSPACE_FILES.length - visible.length;
    return `${visible.join('\n')}\n(${plural(hidden, 'file')} hidden by the ignore file)`;
  }
  return scripted ?? '(simulated: the tool ran)';
}

/**
 * Validates, checks, explains and authorizes one call, showing each stage in the chat.
 * @param {ToolCall} call @param {string | undefined} scripted @param {string} source
 */
async function executeCall(call, scripted, source) {
  const gk = gatekeeper();
  const card = callCard(call);
  const mode = gk.mode;
  const validation = gk.validate(call);
  const explanation = gk.explain(call);
  renderVerdict(card, validation, explanation.verdict);
  const outcome = await gk.authorize(call);
  // What toolgate finally said (validation failures and user answers included).
  if (validation.ok) renderVerdict(card, validation, outcome.verdict);
  renderOutcome(card, outcome, outcome.allowed ? simulatedResult(scripted) : null);
  addLogEntry({ source, call, mode, validation, explanation, outcome });
  return outcome;
}

/** @param {boolean} busy */
export function setBusy(busy) {
  $('run', HTMLButtonElement).disabled = busy;
  $('stop', HTMLButtonElement).disabled = !busy;
  $('composer-run', HTMLButtonElement).disabled = busy;
  document.body.dataset.busy = String(busy);
}

/** @param {string} text @param {'idle' | 'running' | 'completed' | 'stopped' | 'cancelled' | 'error'} state */
export function status(text, state) {
  const s = $('session-status');
  s.textContent = text;
  s.dataset.state = state;
}

/** @param {Scenario} scenario */
async function runScenario(scenario) {
  if (session) return;
  const me = (session = { title: scenario.title, cancelled: false });
  setBusy(true);
  divider(`Scenario · ${scenario.title}`);
  /** @type {'completed' | 'stopped' | 'cancelled' | 'error'} */
  let end = 'completed';
  try {
    if (scenario.rules) addScenarioRules(scenario.rules);
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

/** Adds a scenario's rules to the live settings (once: rules already there are kept). */
function addScenarioRules(/** @type {import('./scenarios.js').ScenarioRules} */ rules) {
  const config = snapshotConfig();
  /** @type {import('toolgate').Rules} */
  const live = { ...(config.rules ?? {}) };
  const added = [];
  for (const list of /** @type {const} */ (['allow', 'ask', 'deny'])) {
    const have = live[list] ?? [];
    const text = (/** @type {import('toolgate').RuleEntry} */ e) => (typeof e === 'string' ? e : e.rule);
    const more = (rules[list] ?? []).filter((r) => !have.some((e) => text(e) === r));
    if (more.length) { live[list] = [...have, ...more]; added.push(...more.map((r) => `${list} ${r}`)); }
  }
  if (!added.length) return;
  adopt(new Gatekeeper({ ...config, rules: live }));
  fillForms();
  notice(`This scenario adds rules: ${added.join(', ')}.`);
}

/** The composer's params: JSON, nothing, or a line the tool's spec says is a command or a path. */
function composerParams(/** @type {string} */ tool, /** @type {string} */ text) {
  if (text.startsWith('{')) {
    /** @type {unknown} */
    let params;
    try { params = JSON.parse(text); } catch (e) { throw new Error(`Params are not valid JSON: ${errorText(e)}`); }
    if (!params || typeof params !== 'object' || Array.isArray(params)) throw new Error('Params must be a JSON object.');
    return /** @type {Record<string, import('toolgate').ParamValue>} */ (params);
  }
  if (!text) return {};
  /** @type {Record<string, import('toolgate').ParamValue>} */
  const params = paramsFromLine(gatekeeper(), tool, text);
  if (tool === 'execute_command') params.requires_approval = $('composer-requires', HTMLInputElement).checked;
  return params;
}

async function runFreeForm() {
  const err = $('composer-error');
  err.textContent = '';
  const tool = $('composer-tool', HTMLInputElement).value.trim();
  const text = $('composer-params', HTMLTextAreaElement).value.trim();
  if (!tool) { err.textContent = 'Type a tool name.'; return; }
  let params;
  try { params = composerParams(tool, text); } catch (e) { err.textContent = errorText(e); return; }
  if (session) return;
  session = { title: 'free-form', cancelled: false };
  setBusy(true);
  try {
    userSay(`${tool} ${JSON.stringify(params)}`);
    status(`Running ${tool}…`, 'running');
    const outcome = await executeCall({ tool, params }, undefined, 'free-form');
    status(outcome.allowed ? `${tool}: ran.` : `${tool}: not run.`, outcome.allowed ? 'completed' : (outcome.decidedBy === 'user' ? 'stopped' : 'completed'));
  } finally {
    session = null;
    setBusy(false);
  }
}

export function wireSession() {
  const scenarioSelect = $('scenario', HTMLSelectElement);
  scenarioSelect.replaceChildren(...SCENARIOS.map((s) => el('option', { value: s.id, text: s.title, title: s.blurb })));
  $('run').addEventListener('click', () => {
    const scenario = SCENARIOS.find((s) => s.id === scenarioSelect.value);
    if (scenario) runScenario(scenario);
  });
  $('stop').addEventListener('click', () => { if (session) { session.cancelled = true; status('Stopping after this step…', 'running'); } });
  const composer = $('composer', HTMLFormElement);
  composer.addEventListener('submit', (e) => { e.preventDefault(); runFreeForm(); });
  $('composer-params').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); composer.requestSubmit(); }
  });
}
