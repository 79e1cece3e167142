// @ts-check
// The tool catalogue as the package knows it: the names offered in the tool inputs, and which
// param a free-form line fills. Read from the live Gatekeeper, never from a copy of the list.
import { SCENARIOS } from './scenarios.js';

/** @typedef {import('toolgate').Gatekeeper} Gatekeeper */
/** @typedef {import('toolgate').ToolSpec} ToolSpec */

/**
 * Every tool the Gatekeeper knows, with its spec: the package's default catalogue plus the
 * config's `tools`, as `gk.catalogue` reports it.
 * @param {Gatekeeper} gk
 * @returns {Record<string, ToolSpec>}
 */
export function catalogue(gk) {
  return gk.catalogue;
}

/**
 * The names for the autocomplete: the catalogue's, and the undeclared tools the scenarios and
 * the settings name (MCP tools, for one). Sorted.
 * @param {Gatekeeper} gk
 */
export function toolNames(gk) {
  const snap = gk.snapshot();
  const named = [
    ...Object.keys(catalogue(gk)),
    ...SCENARIOS.flatMap((s) => s.steps.map((step) => step.call.tool)),
    ...Object.keys(snap.overrides ?? {}), ...(snap.alwaysAllow ?? []),
  ];
  return [...new Set(named)].sort();
}

/**
 * The params a free-form line stands for: the tool's command param, else its path param (`path` when it
 * has one);
 * an unknown tool is tier exec, so the line is a command.
 * @param {Gatekeeper} gk
 * @param {string} tool
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function paramsFromLine(gk, tool, text) {
  const spec = catalogue(gk)[tool];
  if (spec?.command) return { [spec.command]: text };
  const paths = spec?.paths ?? [];
  const path = paths.includes('path') ? 'path' : paths[0];
  return path ? { [path]: text } : { command: text };
}
