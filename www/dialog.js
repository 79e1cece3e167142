// @ts-check
// The approval dialog: a modal <dialog> whose buttons resolve the Promise the Gatekeeper awaits.
// Keyboard: focus starts on "Allow once" (on "Deny" for critical commands and writes), Tab/Shift+Tab stay
// inside the dialog, Esc answers "deny". The page behind it is inert while it is open.

import { $ } from './dom.js';

/** @typedef {import('toolgate').Answer} Answer */
/** @typedef {import('toolgate').ApprovalRequest} ApprovalRequest */

const dialog = $('approval', HTMLDialogElement);
const toolEl = $('approval-tool');
const criticalEl = $('approval-critical');
const reasonEl = $('approval-reason');
const paramsEl = $('approval-params');
const metaEl = $('approval-meta');
const noteEl = $('approval-note');
const buttons = /** @type {HTMLButtonElement[]} */ ([...dialog.querySelectorAll('button[data-answer]')]);

/** @type {Record<import('toolgate').Locality, string>} */
const LOCALITY = { local: 'inside the workspace', external: 'outside the workspace', none: 'no path' };

/** @type {((answer: Answer) => void) | null} */
let pending = null; // the resolve function of the open request
let seq = 0; // requests shown so far (data-seq, so a test can tell one request from the next)

/** @param {Answer} answer */
function settle(answer) {
  if (!pending) return;
  const resolve = pending;
  pending = null;
  dialog.close(answer);
  resolve(answer);
}

for (const b of buttons) b.addEventListener('click', () => settle(/** @type {Answer} */ (b.dataset.answer)));

// Esc fires "cancel": answer deny (and keep the dialog's own close from racing it).
dialog.addEventListener('cancel', (e) => { e.preventDefault(); settle('deny'); });

// Keep Tab inside the dialog (showModal makes the page inert; this also keeps focus off the
// browser's own UI so the dialog behaves like a webview's).
dialog.addEventListener('keydown', (e) => {
  if (e.key !== 'Tab') return;
  const focusable = /** @type {HTMLButtonElement[]} */ ([...dialog.querySelectorAll('button, [tabindex="0"]')]).filter((el) => !el.hidden && !el.disabled);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
});

// Bidi overrides, zero-width and control characters can make a command read differently from
// what runs: show them as [U+XXXX] instead of letting them act.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const reveal = (/** @type {string} */ text) => text.replace(INVISIBLE, (c) => `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);

/** Formats a call's params for display: the command first, then one `key: value` per line;
 *  multi-line strings are shown as written, indented; invisible characters are revealed.
 * @param {Record<string, unknown> | undefined} params */
export function formatParams(params) {
  return reveal(formatRaw(params));
}

/** @param {Record<string, unknown> | undefined} params */
function formatRaw(params) {
  if (!params || typeof params !== 'object') return '';
  const out = [];
  if (typeof params.command === 'string') out.push(`$ ${params.command}`);
  for (const [key, value] of Object.entries(params)) {
    if (key === 'command' && typeof value === 'string') continue;
    if (typeof value === 'string' && value.includes('\n')) {
      out.push(`${key}:`, ...value.replace(/\n$/, '').split('\n').map((l) => `  ${l}`));
    } else {
      out.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  }
  return out.join('\n');
}

/** Opens the dialog for an ApprovalRequest; resolves to "once" | "always" | "deny".
 * @param {ApprovalRequest} req @returns {Promise<Answer>} */
export function askApproval(req) {
  if (pending) settle('deny'); // one request at a time: a second one supersedes the first
  toolEl.textContent = req.tool;
  criticalEl.hidden = !req.critical;
  criticalEl.textContent = req.critical ? `⚠ Critical: ${req.critical}` : '';
  noteEl.hidden = !req.critical;
  reasonEl.textContent = req.reason;
  paramsEl.textContent = formatParams(req.params) || '(no params)';
  const mcp = req.mcp ? ` · MCP server ${req.mcp.server} · ${req.mcp.tool ? `tool ${req.mcp.tool}` : `resource ${req.mcp.uri}`}` : '';
  metaEl.textContent = `${req.tier} tool · ${LOCALITY[req.locality] ?? req.locality}${mcp}`;
  dialog.dataset.critical = req.critical ? 'true' : 'false';
  dialog.dataset.seq = String(++seq);
  return new Promise((resolve) => {
    pending = resolve;
    dialog.showModal();
    const initial = req.critical ? buttons.find((b) => b.dataset.answer === 'deny') : buttons.find((b) => b.dataset.answer === 'once');
    initial?.focus();
  });
}

/** Denies and closes an open request (used when the session is stopped or reset). */
export function cancelApproval() { settle('deny'); }
