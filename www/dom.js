// @ts-check
// DOM helpers shared by the panels: typed element lookup, an element builder, text helpers.

/**
 * The element with this id, checked to be of `type` (the page's ids are fixed: a missing or
 * mistyped one is a bug in the page, so it throws instead of returning null).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} [type]
 * @returns {T}
 */
export function $(id, type) {
  const node = document.getElementById(id);
  if (!node || (type && !(node instanceof type))) {
    throw new Error(`#${id} is missing or not a ${type?.name ?? 'HTMLElement'}`);
  }
  return /** @type {T} */ (node);
}

/** @typedef {Node | string | null | undefined | false} Child */

/**
 * Builds an element: `class`, `text`, `data-*`, `aria-*`, `role` and `for` are set as attributes
 * or text; any other key is set as a property (`value`, `onclick`, …). Empty values are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = String(v);
    else if (k === 'text') node.textContent = String(v);
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role' || k === 'for') node.setAttribute(k, String(v));
    else /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (node))[k] = v;
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** @param {unknown} e */
export const errorText = (e) => (e instanceof Error ? e.message : String(e));
/** Non-blank lines that are not `#` comments. @param {string} text */
export const lines = (text) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
/** Names separated by blanks or commas. @param {string} text */
export const names = (text) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `n thing` or `n things`. @param {number} n @param {string} word */
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
