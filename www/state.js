// @ts-check
// The live Gatekeeper and its persistence. One instance governs the page; import and reset
// replace it whole (`adopt`). Everything the user decides is saved with `gk.snapshot()` in
// localStorage on every change the Gatekeeper reports, and restored on load.
import { Gatekeeper } from 'toolgate';
import { askApproval } from './dialog.js';
import { $, errorText } from './dom.js';
import { WORKSPACE_FILES } from './scenarios.js';

/** @typedef {import('toolgate').GatekeeperConfig} GatekeeperConfig */
/** @typedef {import('toolgate').Change} Change */

const STORAGE_KEY = 'toolgate-playground/snapshot';

/** @type {GatekeeperConfig} */
export const DEFAULT_CONFIG = {
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

/** @type {Gatekeeper | null} */
let live = null;
/** @type {Array<() => void>} */
const listeners = [];

/** The live Gatekeeper (after `restore()`). */
export function gatekeeper() {
  if (!live) throw new Error('toolgate is not loaded yet');
  return live;
}

/** Calls `fn` whenever the Gatekeeper's state changes (a setter, an answer, a rebuild). */
export function onStateChange(/** @type {() => void} */ fn) { listeners.push(fn); }
const changed = () => { for (const fn of listeners) fn(); };

/** Makes `next` the live Gatekeeper: installs the approval dialog and the persistence hook. */
export function adopt(/** @type {Gatekeeper} */ next) {
  const previous = live;
  live = next;
  next.prompt = (req) => askApproval(req);
  next.onChange = onGatekeeperChange;
  // The scenario's files are the workspace view (the host's, so no snapshot carries it).
  next.setWorkspaceFiles(WORKSPACE_FILES);
  // Turn grants end with the turn, so snapshots leave them out; a rebuild carries them over.
  if (previous) next.grantForTurn(previous.turnGrants);
  previous?.free();
  persist();
  changed();
}

/** The live settings as a config (the snapshot without its version). @returns {GatekeeperConfig} */
export function snapshotConfig() {
  const { version, ...config } = gatekeeper().snapshot();
  return config;
}

function onGatekeeperChange(/** @type {Change} */ change) {
  // new roots drop the view: the files were placed against the old ones
  if (change.kind === 'workspaceRoots') gatekeeper().setWorkspaceFiles(WORKSPACE_FILES);
  persist(`saved (${change.kind}${'tool' in change ? `: ${change.tool}` : ''})`);
  changed();
}

function persist(what = 'saved') {
  const status = $('persist-status');
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(gatekeeper().snapshot()));
    status.textContent = `Settings ${what} in this browser.`;
  } catch (e) {
    status.textContent = `Could not save settings: ${errorText(e)}`;
  }
}

/** Restores the saved settings, else the defaults; returns why the saved ones were dropped. */
export function restore() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved) {
    try {
      adopt(Gatekeeper.fromSnapshot(JSON.parse(saved)));
      $('persist-status').textContent = 'Settings restored from your last visit.';
      return null;
    } catch (e) {
      localStorage.removeItem(STORAGE_KEY);
      adopt(new Gatekeeper(DEFAULT_CONFIG));
      return `Saved settings could not be restored (${errorText(e)}); using the defaults.`;
    }
  }
  adopt(new Gatekeeper(DEFAULT_CONFIG));
  return null;
}

/** Forgets the saved settings and starts over from the defaults. */
export function resetToDefaults() {
  localStorage.removeItem(STORAGE_KEY);
  gatekeeper().clearTurnGrants();
  adopt(new Gatekeeper(DEFAULT_CONFIG));
  $('persist-status').textContent = 'Settings reset to the defaults.';
}
