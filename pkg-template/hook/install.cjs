'use strict';
// `toolgate-hook install|uninstall <agent> [--user] [--command CMD]`: writes or removes the hook
// entry in the agent's settings (the project's by default, the user's with --user), changing
// nothing else and nothing at all when there is nothing to change, and prints the change.
const { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');

class InstallProblem extends Error {}

// Where each agent reads hooks, and under which event. Claude Code, Codex and Gemini CLI keep
// `{ hooks: { <event>: [{ matcher, hooks: [{ type: "command", command }] }] } }` in a JSON
// file; Cline runs an executable file named after the event.
const TARGETS = {
  claude: { event: 'PreToolUse', project: ['.claude', 'settings.json'], user: ['.claude', 'settings.json'] },
  codex: { event: 'PreToolUse', project: ['.codex', 'hooks.json'], user: ['.codex', 'hooks.json'] },
  gemini: { event: 'BeforeTool', project: ['.gemini', 'settings.json'], user: ['.gemini', 'settings.json'] },
  cline: { event: 'PreToolUse', project: ['.clinerules', 'hooks', 'PreToolUse'], user: ['Documents', 'Cline', 'Hooks', 'PreToolUse'] },
};

const defaultCommand = (agent) => `npx --no-install toolgate-hook ${agent}`;
// An entry is toolgate's when its command runs toolgate-hook for this agent.
const isOurs = (command, agent) => typeof command === 'string' && new RegExp(`toolgate-hook(\\.cjs)?['"]?\\s+${agent}\\b`).test(command);

const CLINE_MARK = '# installed by toolgate-hook';
const clineScript = (command) => `#!/usr/bin/env sh\n${CLINE_MARK}\nexec ${command}\n`;

function targetFile(agent, { user, cwd }) {
  const t = TARGETS[agent];
  return user ? join(homedir(), ...t.user) : join(cwd, ...t.project);
}

function readJson(file) {
  if (!existsSync(file)) return { text: '', json: {} };
  const text = readFileSync(file, 'utf8');
  let json;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch (e) {
    throw new InstallProblem(`${file} is not JSON (${e.message}); nothing changed`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new InstallProblem(`${file} does not hold a JSON object; nothing changed`);
  return { text, json };
}

/** The settings `json` with toolgate's entry for `agent` removed (a new object; empty groups go). */
function withoutOurs(json, agent, event) {
  const groups = json.hooks?.[event];
  if (!Array.isArray(groups) || !groups.some((g) => Array.isArray(g?.hooks) && g.hooks.some((h) => isOurs(h?.command, agent)))) return json;
  const kept = groups
    .map((g) => (g && Array.isArray(g.hooks) ? { ...g, hooks: g.hooks.filter((h) => !isOurs(h?.command, agent)) } : g))
    .filter((g, i) => !(Array.isArray(groups[i]?.hooks) && groups[i].hooks.length > 0 && g.hooks.length === 0));
  const hooks = { ...json.hooks, [event]: kept };
  if (!kept.length) delete hooks[event];
  const out = { ...json, hooks };
  if (!Object.keys(hooks).length) delete out.hooks;
  return out;
}

function withOurs(json, agent, event, command) {
  if (json.hooks !== undefined && (json.hooks === null || typeof json.hooks !== 'object' || Array.isArray(json.hooks))) {
    throw new InstallProblem('its "hooks" is not an object; nothing changed');
  }
  if (json.hooks?.[event] !== undefined && !Array.isArray(json.hooks[event])) throw new InstallProblem(`its hooks.${event} is not a list; nothing changed`);
  const groups = json.hooks?.[event] ?? [];
  const present = groups.some((g) => Array.isArray(g?.hooks) && g.hooks.some((h) => h?.command === command));
  const others = groups.some((g) => Array.isArray(g?.hooks) && g.hooks.some((h) => isOurs(h?.command, agent) && h.command !== command));
  if (present && !others) return json;
  const base = withoutOurs(json, agent, event);
  const entry = { type: 'command', command, ...(agent === 'gemini' ? { name: 'toolgate', timeout: 10000 } : {}) };
  return { ...base, hooks: { ...base.hooks, [event]: [...(base.hooks?.[event] ?? []), { matcher: '*', hooks: [entry] }] } };
}

/** A line diff of two texts (`-` removed, `+` added), for showing a change. */
function diff(before, after) {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { out.push(`  ${a[i]}`); i++; j++; } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.push(`+ ${b[j++]}`);
    else out.push(`- ${a[i++]}`);
  }
  return out.join('\n');
}

/**
 * Installs (`remove` false) or uninstalls toolgate's hook for `agent`. Returns
 * `{ file, changed, message }`; throws an InstallProblem when it cannot (nothing is changed then).
 */
function install(agent, { remove = false, user = false, cwd = process.cwd(), command = defaultCommand(agent) } = {}) {
  const file = targetFile(agent, { user, cwd });
  const { event } = TARGETS[agent];
  let before;
  let after;
  if (agent === 'cline') {
    before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const ours = before === '' || before.includes(CLINE_MARK);
    if (!ours) throw new InstallProblem(`${file} is another hook, not toolgate's; nothing changed (add toolgate to it by hand: ${command})`);
    after = remove ? '' : clineScript(command);
  } else {
    const { text, json } = readJson(file);
    before = text;
    let next;
    try {
      next = remove ? withoutOurs(json, agent, event) : withOurs(json, agent, event, command);
    } catch (e) {
      if (e instanceof InstallProblem) throw new InstallProblem(`${file}: ${e.message}`);
      throw e;
    }
    after = next === json ? text : `${JSON.stringify(next, null, 2)}\n`;
  }
  if (after === before) {
    return { file, changed: false, message: `${file}: ${remove ? 'no toolgate hook to remove' : 'toolgate hook already installed'}; nothing changed` };
  }
  if (agent === 'cline' && after === '') {
    rmSync(file);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, after);
    if (agent === 'cline') chmodSync(file, 0o755);
  }
  const verb = remove ? 'removed toolgate hook from' : before === '' ? 'created' : 'updated';
  return { file, changed: true, message: `${verb} ${file}:\n${diff(before, after)}` };
}

module.exports = { install, InstallProblem };
