#!/usr/bin/env node
'use strict';
// toolgate as a pre-tool hook of Claude Code, Codex, Cline and Gemini CLI (docs/hooks.md).
//
//   toolgate-hook <agent> [--config FILE]            judge the call on stdin, answer on stdout
//   toolgate-hook install <agent> [--user] [--command CMD]
//   toolgate-hook uninstall <agent> [--user]
//
// The hook never exits in a way its agent reads as "go on" when something failed: every
// error, including one in this file, is a deny in the agent's protocol.

const AGENTS = ['claude', 'codex', 'cline', 'gemini'];
const USAGE = `usage: toolgate-hook <agent> [--config FILE]
       toolgate-hook install <agent> [--user] [--command CMD]
       toolgate-hook uninstall <agent> [--user]
agents: ${AGENTS.join(', ')}`;

// The last resort when even the hook's own modules fail: a deny every agent understands.
// Claude Code, Codex and Gemini CLI block on exit 2 with stderr as the reason; Cline reads
// { cancel: true } from stdout.
function lastResort(agent, reason) {
  const text = `toolgate: ${reason}; the call is denied`;
  try {
    if (agent === 'cline') process.stdout.write(JSON.stringify({ cancel: true, errorMessage: text }));
    process.stderr.write(`${text}\n`);
  } finally {
    process.exitCode = agent === 'cline' ? 0 : 2;
  }
}

function flags(args, known) {
  const out = { rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = a.indexOf('=');
    const name = a.startsWith('--') ? (eq > 0 ? a.slice(2, eq) : a.slice(2)) : undefined;
    if (name === undefined) { out.rest.push(a); continue; }
    if (!Object.hasOwn(known, name)) throw new Error(`unknown option --${name}`);
    if (known[name] === 'bool') out[name] = true;
    else if (eq > 0) out[name] = a.slice(eq + 1);
    else if (i + 1 < args.length) out[name] = args[++i];
    else throw new Error(`--${name} needs a value`);
  }
  return out;
}

function runHook(agent, args) {
  const { answer } = require('../hook/agents.cjs');
  let out;
  let opts;
  let text;
  try {
    opts = flags(args, { config: 'value' });
    if (opts.rest.length) throw new Error(`unexpected argument ${opts.rest[0]}`);
    text = require('node:fs').readFileSync(0, 'utf8');
  } catch (e) {
    out = answer(agent, 'deny', `toolgate-hook: ${e.code ?? e.message} (${USAGE.split('\n')[0]}); the call is denied`);
  }
  if (!out) {
    const { judge } = require('../hook/judge.cjs');
    out = judge({ agent, text, configFile: opts.config, loadGatekeeper: () => require('../node.cjs').Gatekeeper });
  }
  if (out.stdout) process.stdout.write(`${out.stdout}\n`);
  process.exitCode = out.exitCode;
}

function runInstall(verb, args) {
  const opts = flags(args, { user: 'bool', command: 'value' });
  const [agent, ...extra] = opts.rest;
  if (!AGENTS.includes(agent) || extra.length || (verb === 'uninstall' && opts.command !== undefined)) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 64;
    return;
  }
  const { install, InstallProblem } = require('../hook/install.cjs');
  try {
    const r = install(agent, { remove: verb === 'uninstall', user: Boolean(opts.user), ...(opts.command ? { command: opts.command } : {}) });
    process.stdout.write(`${r.message}\n`);
  } catch (e) {
    if (!(e instanceof InstallProblem)) throw e;
    process.stderr.write(`toolgate-hook ${verb}: ${e.message}\n`);
    process.exitCode = 1;
  }
}

const [first, ...args] = process.argv.slice(2);
if (first === 'install' || first === 'uninstall') {
  try {
    runInstall(first, args);
  } catch (e) {
    process.stderr.write(`toolgate-hook ${first}: ${e.message}\n`);
    process.exitCode = 1;
  }
} else if (first === '--help' || first === '-h') {
  process.stdout.write(`${USAGE}\n`);
} else if (AGENTS.includes(first)) {
  try {
    runHook(first, args);
  } catch (e) {
    lastResort(first, `internal error: ${e && e.message}`);
  }
} else {
  // Not a known agent: nothing can answer in its protocol, so say so the way every agent
  // but Cline reads as a block (exit 2) — a Cline hook always names its agent.
  process.stderr.write(`${first === undefined ? 'toolgate-hook: no agent given' : `toolgate-hook: unknown agent or command ${JSON.stringify(first)}`}\n${USAGE}\n`);
  process.exitCode = 2;
}
