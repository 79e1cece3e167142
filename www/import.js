// @ts-check
// The import panel: another agent's settings (Claude Code, Cline and its MCP settings, the
// harness, Gemini CLI policy files, Codex rules files) through the package's import module,
// merged over the live settings; what could not be carried over is listed. The import module
// ('toolgate/import', its own .wasm) is fetched on the first import, not with the page.
import { Gatekeeper } from 'toolgate';
import { $, el, errorText, plural } from './dom.js';
import { adopt, gatekeeper, snapshotConfig } from './state.js';
import { fillForms } from './settings.js';

/** @typedef {import('toolgate').Imported} Imported */
/** @typedef {typeof import('toolgate/import')} ImportModule */

/**
 * One importer per entry of the "From" menu: an example input, and how to run it. An
 * importer whose example is a string reads the text as it is (a TOML or Starlark file).
 * @type {Record<string, { example: object | string, run: (m: ImportModule, input: any, gk: Gatekeeper) => Imported }>}
 */
const IMPORTERS = {
  claude: {
    example: { allow: ['Bash(npm run test:*)', 'Bash(git log *)', 'Read(./docs/**)', 'WebFetch(domain:example.com)'], ask: ['Bash(git commit *)'], deny: ['Read(./.env)', 'Bash(curl *)'], defaultMode: 'acceptEdits', additionalDirectories: ['../shared-lib'] },
    run: (m, input, gk) => m.importClaudeCode(input, { workspaceRoot: gk.snapshot().workspaceRoots?.[0], home: '/home/dev' }),
  },
  cline: {
    example: { autoApprovalSettings: { enabled: true, maxRequests: 20, actions: { readFiles: true, editFiles: true, executeSafeCommands: true } }, commandPermissions: { allow: ['npm *', 'git status'], deny: ['rm *'], allowRedirects: false }, clineignore: '.env\nsecrets/\n' },
    run: (m, input) => m.importCline(input),
  },
  harness: {
    example: { mode: 'write', overrides: { bash: 'prompt', web_fetch: 'deny' }, overrideOrigins: { web_fetch: 'org policy' }, alwaysAllow: ['grep', 'read'] },
    run: (m, input) => m.importHarness(input),
  },
  clineMcp: {
    example: { mcpServers: { docs: { command: 'npx', args: ['-y', 'docs-mcp'], autoApprove: ['search', 'read_page'] }, github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], autoApprove: ['get_issue'] }, 'old-db': { command: 'node', args: ['db.js'], disabled: true } } },
    run: (m, input) => m.importClineMcp(input, { actions: { useMcp: true } }),
  },
  gemini: {
    example: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git status", "git diff"]\ndecision = "allow"\npriority = 100\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm -rf"\ndecision = "deny"\npriority = 500\n\n[[rule]]\nmcpName = "docs"\ndecision = "allow"\npriority = 200\n\n[[rule]]\nmcpName = "github"\ntoolName = "delete_repo"\ndecision = "deny"\npriority = 900\n',
    run: (m, input) => m.importGemini(input, { mode: 'default' }),
  },
  codex: {
    example: 'prefix_rule(\n    pattern = ["git", ["status", "log"]],\n    match = ["git status", "git log -3"],\n    not_match = ["git push"],\n)\n\nprefix_rule(\n    pattern = ["rm", ["-rf", "-fr"]],\n    decision = "forbidden",\n    justification = "Use trash instead.",\n    match = ["rm -rf build"],\n)\n',
    run: (m, input) => m.importCodex(input),
  },
};

/** @type {Promise<ImportModule> | undefined} */
let importModule;
/** The import module, fetched and initialised once, on the first import (again after a failure). */
function loadImporters() {
  importModule ??= import('toolgate/import').then(async (m) => { await m.default(); return m; });
  importModule.catch(() => { importModule = undefined; });
  return importModule;
}

const kindSelect = () => $('import-kind', HTMLSelectElement);
const textArea = () => $('import-text', HTMLTextAreaElement);
const example = (/** @type {string} */ kind) => {
  const input = IMPORTERS[kind]?.example ?? {};
  return typeof input === 'string' ? input : JSON.stringify(input, null, 2);
};

async function applyImport() {
  const importer = IMPORTERS[kindSelect().value];
  $('import-error').textContent = '';
  $('import-warnings').replaceChildren();
  let input = textArea().value;
  if (typeof importer.example !== 'string') {
    try { input = JSON.parse(input); } catch (e) { $('import-error').textContent = `Not valid JSON: ${errorText(e)}`; return; }
  }
  // Busy while the import module loads (the first import fetches it).
  const button = $('import-run', HTMLButtonElement);
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const m = await loadImporters();
    const roots = gatekeeper().snapshot().workspaceRoots ?? [];
    const imported = importer.run(m, input, gatekeeper());
    const config = { ...snapshotConfig(), ...imported.config };
    if (imported.config.workspaceRoots) config.workspaceRoots = [...new Set([...roots, ...imported.config.workspaceRoots])];
    adopt(new Gatekeeper(config));
    fillForms();
    const carried = Object.keys(imported.config);
    $('import-status').textContent = `Imported ${carried.length ? carried.join(', ') : 'nothing'}; ${plural(imported.warnings.length, 'warning')}.`;
    $('import-warnings').replaceChildren(...imported.warnings.map((w) => el('li', { text: w })));
  } catch (e) {
    $('import-error').textContent = errorText(e);
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

export function wireImport() {
  textArea().value = example('claude');
  kindSelect().addEventListener('change', () => {
    const current = textArea().value.trim();
    // Swap the example in, unless the user has typed their own settings.
    if (!current || Object.keys(IMPORTERS).some((k) => example(k).trim() === current)) textArea().value = example(kindSelect().value);
  });
  $('import-run').addEventListener('click', applyImport);
}
