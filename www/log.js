// @ts-check
// The decision log: every call with its validation, the full resolution trace (`explain`) and
// the outcome; exported as JSON with the settings in force.
import { formatParams } from './dialog.js';
import { $, el } from './dom.js';
import { gatekeeper } from './state.js';
import { badge, kindOf } from './verdict.js';

/**
 * @typedef {object} LogInput
 * @property {string} source the scenario's title, or "free-form"
 * @property {import('toolgate').ToolCall} call
 * @property {string} mode the mode when the call was made
 * @property {import('toolgate').ValidationResult} validation
 * @property {import('toolgate').Explanation} explanation
 * @property {import('toolgate').Outcome} outcome
 */
/** @typedef {LogInput & { n: number, at: string, verdict: import('toolgate').Verdict }} LogEntry */

/** @type {LogEntry[]} */
const log = [];

/** @param {LogInput} input */
export function addLogEntry({ source, call, mode, validation, explanation, outcome }) {
  /** @type {LogEntry} */
  const entry = { n: log.length + 1, at: new Date().toISOString(), source, mode, call, validation, verdict: outcome.verdict, outcome, explanation };
  log.push(entry);
  $('log-count').textContent = String(log.length);
  $('log-empty').hidden = true;
  const kind = kindOf(validation, outcome.verdict);
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
  const data = { exportedAt: new Date().toISOString(), settings: gatekeeper().snapshot(), entries: log };
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = el('a', { href: url, download: `toolgate-decisions-${Date.now()}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function clearLog() {
  log.length = 0;
  $('log').replaceChildren();
  $('log-count').textContent = '0';
  $('log-empty').hidden = false;
}

export function wireLog() {
  $('log-export').addEventListener('click', exportLog);
  $('log-clear').addEventListener('click', clearLog);
}
