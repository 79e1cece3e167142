// @ts-check
// The import panel: another agent's settings (Claude Code, Cline, the harness) through the
// package's importers, merged over the live settings; what could not be carried over is listed.
import { Gatekeeper } from 'toolgate';
import { $, el, errorText, plural } from './dom.js';
import { adopt, gatekeeper, snapshotConfig } from './state.js';
import { fillForms } from './settings.js';

/** @typedef {import('toolgate').Imported} Imported */

/**
 * One importer per entry of the "From" menu: an example input, and how to run it.
 * @type {Record<string, { example: object, run: (input: any, gk: Gatekeeper) => Imported }>}
 */
const IMPORTERS = {
  claude: {
    example: { allow: ['Bash(npm run test:*)', 'Bash(git log *)', 'Read(./docs/**)', 'WebFetch(domain:example.com)'], ask: ['Bash(git commit *)'], deny: ['Read(./.env)', 'Bash(curl *)'], defaultMode: 'acceptEdits', additionalDirectories: ['../shared-lib'] },
    run: (input, gk) => Gatekeeper.importClaudeCode(input, { workspaceRoot: gk.snapshot().workspaceRoots?.[0], home: '/home/dev' }),
  },
  cline: {
    example: { autoApprovalSettings: { enabled: true, maxRequests: 20, actions: { readFiles: true, editFiles: true, executeSafeCommands: true } }, commandPermissions: { allow: ['npm *', 'git status'], deny: ['rm *'], allowRedirects: false }, clineignore: '.env\nsecrets/\n' },
    run: (input) => Gatekeeper.importCline(input),
  },
  harness: {
    example: { mode: 'write', overrides: { bash: 'prompt', web_fetch: 'deny' }, overrideOrigins: { web_fetch: 'org policy' }, alwaysAllow: ['grep', 'read'] },
    run: (input) => Gatekeeper.importHarness(input),
  },
};

const kindSelect = () => $('import-kind', HTMLSelectElement);
const textArea = () => $('import-text', HTMLTextAreaElement);
const example = (/** @type {string} */ kind) => JSON.stringify(IMPORTERS[kind]?.example ?? {}, null, 2);

function applyImport() {
  const importer = IMPORTERS[kindSelect().value];
  $('import-error').textContent = '';
  $('import-warnings').replaceChildren();
  let input;
  try { input = JSON.parse(textArea().value); } catch (e) { $('import-error').textContent = `Not valid JSON: ${errorText(e)}`; return; }
  try {
    const roots = gatekeeper().snapshot().workspaceRoots ?? [];
    const imported = importer.run(input, gatekeeper());
    const config = { ...snapshotConfig(), ...imported.config };
    if (imported.config.workspaceRoots) config.workspaceRoots = [...new Set([...roots, ...imported.config.workspaceRoots])];
    adopt(new Gatekeeper(config));
    fillForms();
    const carried = Object.keys(imported.config);
    $('import-status').textContent = `Imported ${carried.length ? carried.join(', ') : 'nothing'}; ${plural(imported.warnings.length, 'warning')}.`;
    $('import-warnings').replaceChildren(...imported.warnings.map((w) => el('li', { text: w })));
  } catch (e) {
    $('import-error').textContent = errorText(e);
  }
}

export function wireImport() {
  textArea().value = example('claude');
  kindSelect().addEventListener('change', () => {
    const current = textArea().value.trim();
    // Swap the example in, unless the user has typed their own settings.
    if (!current || Object.keys(IMPORTERS).some((k) => example(k) === current)) textArea().value = example(kindSelect().value);
  });
  $('import-run').addEventListener('click', applyImport);
}
