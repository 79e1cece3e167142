// @ts-check
// The chat transcript: agent messages, the user's free-form calls, notices and dividers.
import { $, el } from './dom.js';

const messages = $('messages');

/** Keeps the newest message in view (cards grow as their verdict and outcome arrive). */
export function stick() { messages.scrollTop = messages.scrollHeight; }

/** @template {Node} T @param {T} node @returns {T} */
export function append(node) {
  document.getElementById('empty-state')?.remove();
  messages.append(node);
  stick();
  return node;
}

/** @param {string} text */
export function agentSay(text) {
  append(el('div', { class: 'msg agent' }, el('span', { class: 'avatar', 'aria-hidden': 'true', text: 'A' }), el('p', { text })));
}

/** @param {string} text */
export function userSay(text) {
  append(el('div', { class: 'msg user' }, el('p', {}, el('code', { text }))));
}

/** @param {string} text @param {'info' | 'error' | 'stop'} [kind] */
export function notice(text, kind = 'info') {
  append(el('p', { class: `notice ${kind}`, text }));
}

/** @param {string} text */
export function divider(text) {
  append(el('div', { class: 'divider', role: 'separator' }, el('span', { text })));
}
