'use strict';
// Which settings judge a hook's call, in order: `--config FILE`, else `.toolgate.json` in the
// workspace root, else the agent's own configuration through toolgate's importers. Any error
// here (an unreadable or invalid file, an importer's refusal) is thrown as a SettingsProblem,
// and the call is denied with it.
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { homedir } = require('node:os');
const { basename, isAbsolute, join, resolve } = require('node:path');

class SettingsProblem extends Error {}

const PROJECT_FILE = '.toolgate.json';
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new SettingsProblem(`cannot read ${file}: ${e.code ?? e.message}`);
  }
}
/** The file's text, or undefined when it does not exist (any other failure is a problem). */
function readIfExists(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (e.code === 'ENOENT') return undefined;
    throw new SettingsProblem(`cannot read ${file}: ${e.code ?? e.message}`);
  }
}
function parseJson(text, file) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SettingsProblem(`${file} is not JSON: ${e.message}`);
  }
}

// The `hook` section of a toolgate settings file (the rest is the Gatekeeper's config).
const HOOK_KEYS = { allow: ['defer', 'decide'], ignoreFile: 'string' };
function hookSection(value, file) {
  if (value === undefined) return {};
  if (!isObject(value)) throw new SettingsProblem(`${file}: "hook" must be an object`);
  for (const [k, v] of Object.entries(value)) {
    const want = HOOK_KEYS[k];
    if (!Object.hasOwn(HOOK_KEYS, k)) throw new SettingsProblem(`${file}: unknown key hook.${k} (known: ${Object.keys(HOOK_KEYS).join(', ')})`);
    if (Array.isArray(want) ? !want.includes(v) : typeof v !== want) {
      throw new SettingsProblem(`${file}: hook.${k} must be ${Array.isArray(want) ? want.map((w) => JSON.stringify(w)).join(' or ') : `a ${want}`}`);
    }
  }
  return value;
}

const MAX_INCLUDES = 64;
/**
 * An ignore file's text and the texts of its `!include` files (read beside the root). A file
 * the settings name must exist; the agent's own (`.clineignore`) may not.
 */
function ignoreFiles(root, name, required) {
  const text = required ? read(resolve(root, name)) : readIfExists(resolve(root, name));
  if (text === undefined) return {};
  const includes = {};
  const pending = [text];
  while (pending.length) {
    for (const line of pending.pop().split('\n')) {
      const m = /^\s*!include\s+(.*?)\s*$/.exec(line.replace(/\r$/, ''));
      if (!m || Object.hasOwn(includes, m[1])) continue;
      if (Object.keys(includes).length >= MAX_INCLUDES) throw new SettingsProblem(`${name}: more than ${MAX_INCLUDES} !include files`);
      const inc = readIfExists(resolve(root, m[1]));
      if (inc === undefined) continue; // the Gatekeeper warns about a missing include
      includes[m[1]] = inc;
      pending.push(inc);
    }
  }
  return { ignoreFile: text, ignoreIncludes: includes };
}

/** Settings from a toolgate settings file: `{ config, hook, source }`. */
function fromFile(file) {
  const json = parseJson(read(file), file);
  if (!isObject(json)) throw new SettingsProblem(`${file} must hold a JSON object`);
  const { hook, ...config } = json;
  return { config, hook: hookSection(hook, file), source: file, file };
}

// --- the agent's own configuration ----------------------------------------------------------

/** An importer's result (the importers' module is loaded on the first call). */
function imported(fn, args, file) {
  try {
    return require('../import-node.cjs')[fn](...args);
  } catch (e) {
    throw new SettingsProblem(`${file}: ${e.message}`);
  }
}

/** Files in `dir` ending in `ext`, sorted; none when the folder does not exist. */
function filesIn(dir, ext) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (e) {
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return [];
    throw new SettingsProblem(`cannot list ${dir}: ${e.code ?? e.message}`);
  }
  return names.filter((n) => n.endsWith(ext)).sort().map((n) => join(dir, n));
}

/** How strict a decision is: deny, then prompt, then allow. */
const SEVERITY = { allow: 0, prompt: 1, deny: 2 };
/** Several imports as one config: lists appended, an override set twice keeps the stricter. */
function merge(configs) {
  const out = { rules: { allow: [], ask: [], deny: [] }, overrides: {}, overrideOrigins: {} };
  for (const c of configs) {
    for (const list of ['allow', 'ask', 'deny']) out.rules[list].push(...(c.rules?.[list] ?? []));
    if (c.rules?.allowOnly) out.rules.allowOnly = [...(out.rules.allowOnly ?? []), ...c.rules.allowOnly];
    if (c.rules?.allowRedirects) out.rules.allowRedirects = true;
    for (const [tool, policy] of Object.entries(c.overrides ?? {})) {
      if (!Object.hasOwn(out.overrides, tool) || SEVERITY[policy] > SEVERITY[out.overrides[tool]]) {
        out.overrides[tool] = policy;
        if (c.overrideOrigins?.[tool]) out.overrideOrigins[tool] = c.overrideOrigins[tool];
      }
    }
    if (c.workspaceRoots) out.workspaceRoots = [...(out.workspaceRoots ?? []), ...c.workspaceRoots];
    if (c.ignoreFile !== undefined) out.ignoreFile = out.ignoreFile === undefined ? c.ignoreFile : `${out.ignoreFile}\n${c.ignoreFile}`;
    if (c.tools) out.tools = { ...out.tools, ...c.tools };
  }
  return out;
}

// Each agent's own settings files, in the order the agent layers them (user, then project).
const OWN = {
  claude(root, home) {
    // https://code.claude.com/docs/en/settings: ~/.claude/settings.json, .claude/settings.json,
    // .claude/settings.local.json; their permission lists combine.
    const files = [join(home, '.claude', 'settings.json'), join(root, '.claude', 'settings.json'), join(root, '.claude', 'settings.local.json')];
    const permissions = { allow: [], ask: [], deny: [], additionalDirectories: [] };
    const sources = [];
    for (const file of files) {
      const text = readIfExists(file);
      if (text === undefined) continue;
      const p = parseJson(text, file)?.permissions;
      if (p === undefined) continue;
      if (!isObject(p)) throw new SettingsProblem(`${file}: "permissions" is not an object`);
      for (const k of ['allow', 'ask', 'deny', 'additionalDirectories']) {
        if (p[k] !== undefined && !Array.isArray(p[k])) throw new SettingsProblem(`${file}: permissions.${k} is not a list`);
        permissions[k].push(...(p[k] ?? []));
      }
      if (p.defaultMode !== undefined) permissions.defaultMode = p.defaultMode;
      sources.push(file);
    }
    if (!sources.length) return undefined;
    return { configs: [imported('importClaudeCode', [permissions, { workspaceRoot: root, home }], sources.join(', ')).config], sources };
  },
  codex(root, home) {
    // Codex's execpolicy rules: ~/.codex/rules/*.rules and the project's .codex/rules/.
    const files = [...filesIn(join(home, '.codex', 'rules'), '.rules'), ...filesIn(join(root, '.codex', 'rules'), '.rules')];
    if (!files.length) return undefined;
    return { configs: files.map((f) => imported('importCodex', [read(f)], f).config), sources: files };
  },
  gemini(root, home) {
    // Gemini CLI's policy files: ~/.gemini/policies/*.toml and the project's .gemini/policies/.
    const files = [...filesIn(join(home, '.gemini', 'policies'), '.toml'), ...filesIn(join(root, '.gemini', 'policies'), '.toml')];
    if (!files.length) return undefined;
    return { configs: files.map((f) => imported('importGemini', [read(f)], f).config), sources: files };
  },
  cline(root) {
    // Cline's command permissions come from the environment it runs hooks in; its
    // auto-approval settings live in the editor's state, out of a hook's reach.
    const permissions = process.env.CLINE_COMMAND_PERMISSIONS;
    if (!permissions) return undefined;
    return { configs: [imported('importCline', [{ commandPermissions: permissions }], 'CLINE_COMMAND_PERMISSIONS').config], sources: ['CLINE_COMMAND_PERMISSIONS'] };
  },
};

// The agent's own ignore file, read when the settings name none.
const OWN_IGNORE = { cline: '.clineignore', gemini: '.geminiignore' };

/**
 * The agent's own configuration as toolgate settings. The agent's mode and auto-approval
 * stay the agent's (it applies them after the hook): toolgate adds its rules, overrides and
 * ignore file, read through its own analysis, and leaves the rest to the agent.
 */
function fromAgent(agent, root) {
  const own = OWN[agent](root, homedir());
  if (!own) return { config: {}, hook: {}, source: `no settings (${agent}'s own configuration has none toolgate reads)` };
  return { config: merge(own.configs), hook: {}, source: own.sources.join(', ') };
}

const PLATFORMS = { linux: 'linux', darwin: 'macos', win32: 'windows' };

/**
 * The Gatekeeper config for a call from `agent` in `roots` (the first is the primary), and
 * the hook's own settings: `{ config, hook, source }`.
 */
function resolveSettings({ agent, roots, configFile }) {
  const root = roots[0];
  let found;
  if (configFile !== undefined) found = fromFile(resolve(configFile));
  else if (existsSync(join(root, PROJECT_FILE))) found = fromFile(join(root, PROJECT_FILE));
  else found = fromAgent(agent, root);
  const { config, hook } = found;
  if (config.workspaceRoots !== undefined && !Array.isArray(config.workspaceRoots)) {
    throw new SettingsProblem(`${found.source}: workspaceRoots must be a list`);
  }
  const extra = (config.workspaceRoots ?? []).map((r) => (typeof r === 'string' && !isAbsolute(r) ? resolve(root, r) : r));
  const out = { ...config, workspaceRoots: [...new Set([...roots, ...extra])] };
  if (out.platform === undefined && PLATFORMS[process.platform]) out.platform = PLATFORMS[process.platform];
  const ignoreName = hook.ignoreFile ?? (config.ignoreFile === undefined ? OWN_IGNORE[agent] : undefined);
  if (ignoreName !== undefined) {
    if (config.ignoreFile !== undefined) throw new SettingsProblem(`${found.source}: give ignoreFile (the text) or hook.ignoreFile (a file), not both`);
    Object.assign(out, ignoreFiles(root, ignoreName, hook.ignoreFile !== undefined));
  }
  // The ignore file's name is always blocked. Without an ignore file of its own that is the
  // project's .toolgate.json: the agent can neither read nor rewrite the settings that judge it.
  if (out.ignoreFileName === undefined) {
    if (ignoreName !== undefined) out.ignoreFileName = basename(ignoreName);
    else if (found.file === join(root, PROJECT_FILE)) out.ignoreFileName = PROJECT_FILE;
  }
  return { config: out, hook, source: found.source };
}

module.exports = { SEVERITY, SettingsProblem, resolveSettings };
