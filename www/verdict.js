// @ts-check
// How a call and toolgate's answer look: the call card in the chat, its badge, the verdict's
// facts (validation, step, locality, rule, origin, critical label, code) and the outcome line.
import { append, stick } from './chat.js';
import { formatParams } from './dialog.js';
import { el } from './dom.js';

/** @typedef {import('toolgate').ToolCall} ToolCall */
/** @typedef {import('toolgate').ValidationResult} ValidationResult */
/** @typedef {import('toolgate').Verdict} Verdict */
/** @typedef {import('toolgate').Outcome} Outcome */
/** @typedef {import('toolgate').Decision | 'blocked' | 'checking'} BadgeKind */

/** @type {Record<import('toolgate').Locality, string>} */
export const LOCALITY = { local: 'inside the workspace', external: 'outside the workspace', none: 'no path' };

/** @type {Record<BadgeKind, { icon: string, text: string }>} */
const BADGE = {
  allow: { icon: '✓', text: 'Allow' },
  prompt: { icon: '?', text: 'Ask' },
  deny: { icon: '✕', text: 'Deny' },
  blocked: { icon: '⊘', text: 'Blocked' },
  checking: { icon: '…', text: 'Checking' },
};

/** @param {BadgeKind} kind @param {string} [label] */
export function badge(kind, label) {
  const b = BADGE[kind];
  return el('span', { class: 'badge', 'data-kind': kind }, el('span', { class: 'badge-icon', 'aria-hidden': 'true', text: b.icon }), ` ${label ?? b.text}`);
}

/** The card's kind: the decision, or "blocked" when validation refused the call. */
export const kindOf = (/** @type {ValidationResult} */ validation, /** @type {Verdict} */ verdict) =>
  /** @type {BadgeKind} */ (validation.ok ? verdict.decision : 'blocked');

/** @param {string} label @param {Node | string | undefined} value @param {string} [cls] */
function fact(label, value, cls) {
  if (value === undefined || value === null || value === '') return null;
  return el('div', { class: cls }, el('dt', { text: label }), el('dd', {}, value));
}

/** An MCP call's server and tool (or resource), for the facts. @param {Verdict['mcp']} mcp */
function mcpText(mcp) {
  if (!mcp) return undefined;
  return `${mcp.server} · ${mcp.tool ? `tool ${mcp.tool}` : `resource ${mcp.uri}`}`;
}

/** A tool call as a chat card; `renderVerdict` and `renderOutcome` fill it in. @param {ToolCall} call */
export function callCard(call) {
  const card = el('article', { class: 'call', 'data-tool': call.tool, 'data-state': 'checking', 'aria-label': `Tool call ${call.tool}` });
  const head = el('header', { class: 'call-head' }, el('code', { class: 'tool-name', text: call.tool }), badge('checking'));
  const params = formatParams(call.params);
  card.append(head, params ? el('pre', { class: 'params', text: params }) : '');
  append(card);
  return card;
}

/** @param {HTMLElement} card @param {ValidationResult} validation @param {Verdict} verdict */
export function renderVerdict(card, validation, verdict) {
  const kind = kindOf(validation, verdict);
  card.dataset.state = kind;
  card.dataset.decision = kind;
  card.dataset.step = validation.ok ? verdict.step : 'validation';
  card.querySelector('.badge')?.replaceWith(badge(kind));
  card.querySelector('.reason')?.remove();
  card.querySelector('.facts')?.remove();
  const facts = validation.ok
    ? [fact('Validation', 'passed', 'ok'), fact('Step', verdict.step), fact('Locality', LOCALITY[verdict.locality] ?? verdict.locality),
      fact('Rule', verdict.rule && el('code', { text: verdict.rule })), fact('Origin', verdict.origin),
      fact('Critical', verdict.critical, 'warn'), fact('MCP', mcpText(verdict.mcp)), fact('Code', verdict.code)]
    : [fact('Validation', `failed · ${validation.code}`, 'bad'), fact('Step', 'validation'),
      fact('Locality', LOCALITY[verdict.locality] ?? verdict.locality), fact('Critical', verdict.critical, 'warn'),
      fact('Workspace view', validation.blocked?.view ? `decided it: ${validation.blocked.path} is in the listed files` : undefined, 'warn'),
      fact('Code', validation.code)];
  card.append(el('p', { class: 'reason', text: validation.ok ? verdict.reason : validation.error }), el('dl', { class: 'facts' }, facts));
  stick();
}

/** @param {Outcome} outcome */
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

/** @param {HTMLElement} card @param {Outcome} outcome @param {string | null} resultText */
export function renderOutcome(card, outcome, resultText) {
  card.dataset.outcome = outcome.allowed ? 'allowed' : 'denied';
  card.dataset.decidedBy = outcome.decidedBy;
  card.append(el('p', { class: 'outcome', 'data-allowed': String(outcome.allowed) },
    el('span', { 'aria-hidden': 'true', text: outcome.allowed ? '▶ ' : '■ ' }), outcomeLine(outcome)));
  if (outcome.allowed && resultText) card.append(el('pre', { class: 'result', text: resultText }));
  stick();
}
