// The `toolgate-hook` command as shipped: the package's bin, run the way each agent runs it
// (a payload on stdin, the answer read from stdout and the exit code). The payloads are each
// agent's documented ones (hook-fixtures/<agent>.json, with their sources); the expected
// answers are written here from each agent's documented protocol (docs/hooks.md), not from
// toolgate's code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
// In the package stage the scratch project has the package installed: npm linked its bin.
const BIN = process.env.TOOLGATE_HOOK_BIN ?? resolve(here, 'node_modules', '.bin', 'toolgate-hook');
const fixture = (name) => JSON.parse(readFileSync(join(here, 'hook-fixtures', name), 'utf8'));
const SETTINGS = fixture('settings.json');

function scratch() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-hook-')));
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  for (const d of [root, join(root, 'src'), join(root, 'keys'), home]) mkdirSync(d, { recursive: true });
  writeFileSync(join(root, '.env'), 'KEY=1\n');
  writeFileSync(join(root, 'src', 'a.ts'), 'a\n');
  return { dir, root, home, done: () => rmSync(dir, { recursive: true, force: true }) };
}

// What the agents set for their hooks is set by each test, never inherited from the runner.
const AGENT_ENV = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CLINE_COMMAND_PERMISSIONS'];
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !AGENT_ENV.includes(k)));

function run(args, { input = '', cwd, home, env = {} } = {}) {
  const r = spawnSync(BIN, args, { input, cwd, encoding: 'utf8', env: { ...baseEnv, HOME: home ?? process.env.HOME, ...env } });
  if (r.error) throw r.error;
  return r;
}

// Each agent's protocol, from its documentation: what each answer looks like.
const PROTOCOL = {
  // Claude Code: exit 0 + hookSpecificOutput.permissionDecision; no output = no decision.
  claude(r, expect) {
    assert.equal(r.status, 0, r.stderr);
    if (expect === 'defer') return assert.equal(r.stdout, '');
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.hookEventName, 'PreToolUse');
    assert.equal(out.permissionDecision, expect);
    assert.ok(out.permissionDecisionReason.length > 0);
    return out.permissionDecisionReason;
  },
  // Codex: only a deny (with a non-empty reason) is honoured; it has no ask and no plain allow,
  // so toolgate denies what it would ask about and prints nothing for an allow.
  codex(r, expect) {
    assert.equal(r.status, 0, r.stderr);
    if (expect === 'defer' || expect === 'allow') return assert.equal(r.stdout, '');
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.hookEventName, 'PreToolUse');
    assert.equal(out.permissionDecision, 'deny');
    assert.ok(out.permissionDecisionReason.trim().length > 0);
    if (expect === 'ask') assert.match(out.permissionDecisionReason, /cannot hand a call to its approval prompt/);
    return out.permissionDecisionReason;
  },
  // Gemini CLI: exit 0 + { decision: "deny" | "ask" | "allow", reason }; no output goes on.
  gemini(r, expect) {
    assert.equal(r.status, 0, r.stderr);
    if (expect === 'defer') return assert.equal(r.stdout, '');
    const out = JSON.parse(r.stdout);
    assert.equal(out.decision, expect);
    assert.ok(out.reason.length > 0);
    return out.reason;
  },
  // Cline: { cancel: true, errorMessage } blocks; { cancel: false } goes on. It cannot ask.
  cline(r, expect) {
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    if (expect === 'defer' || expect === 'allow') return assert.deepEqual(out, { cancel: false });
    assert.equal(out.cancel, true);
    assert.ok(out.errorMessage.length > 0);
    if (expect === 'ask') assert.match(out.errorMessage, /cannot hand a call to its approval prompt/);
    return out.errorMessage;
  },
};

const substitute = (v, root) => JSON.parse(JSON.stringify(v).replaceAll('$ROOT', root));

function payload(f, c, root) {
  const { name, expect, reason, ...fields } = c;
  if (f.agent === 'cline') {
    const { toolName, parameters, ...rest } = fields;
    return substitute({ ...f.envelope, ...rest, preToolUse: { toolName, parameters } }, root);
  }
  return substitute({ ...f.envelope, ...fields }, root);
}

for (const agent of ['claude', 'codex', 'gemini', 'cline']) {
  const f = fixture(`${agent}.json`);
  test(`${agent}: every documented payload gets the documented answer (${f.cases.length} cases)`, () => {
    const s = scratch();
    try {
      writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify(SETTINGS));
      for (const c of f.cases) {
        const r = run([agent], { input: JSON.stringify(payload(f, c, s.root)), cwd: s.root, home: s.home });
        let why;
        try {
          why = PROTOCOL[agent](r, c.expect);
        } catch (e) {
          e.message = `${c.name}: ${e.message}\nstdout: ${r.stdout}`;
          throw e;
        }
        if (c.reason) assert.ok(why.includes(c.reason), `${c.name}: reason ${JSON.stringify(why)} does not name ${c.reason}`);
      }
    } finally {
      s.done();
    }
  });
}

test('with hook.allow "decide" an allow is printed where the protocol has one', () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify({ ...SETTINGS, hook: { allow: 'decide' } }));
    const bash = { cwd: s.root, tool_name: 'Bash', tool_input: { command: 'npm test' } };
    PROTOCOL.claude(run(['claude'], { input: JSON.stringify({ ...bash, hook_event_name: 'PreToolUse' }), cwd: s.root, home: s.home }), 'allow');
    PROTOCOL.gemini(run(['gemini'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test' } }), cwd: s.root, home: s.home }), 'allow');
    PROTOCOL.codex(run(['codex'], { input: JSON.stringify({ ...bash, hook_event_name: 'PreToolUse' }), cwd: s.root, home: s.home }), 'allow');
    PROTOCOL.cline(run(['cline'], { input: JSON.stringify({ hookName: 'PreToolUse', workspaceRoots: [s.root], preToolUse: { toolName: 'execute_command', parameters: { command: 'npm test', requires_approval: 'false' } } }), cwd: s.root, home: s.home }), 'allow');
  } finally {
    s.done();
  }
});

// Input no agent would send, and settings that cannot be used: a deny in every protocol.
const MALFORMED = ['', 'not json', '[]', 'null', '42', '{"tool_name": 1}', '{', JSON.stringify({ hook_event_name: 'PreToolUse' })];
for (const agent of ['claude', 'codex', 'gemini', 'cline']) {
  test(`${agent}: malformed input is denied, never let through`, () => {
    const s = scratch();
    try {
      for (const input of MALFORMED) PROTOCOL[agent](run([agent], { input, cwd: s.root, home: s.home }), 'deny');
    } finally {
      s.done();
    }
  });

  test(`${agent}: a settings error denies every call, naming the problem`, () => {
    const s = scratch();
    try {
      const call = substitute(payload(fixture(`${agent}.json`), fixture(`${agent}.json`).cases.find((c) => c.expect === 'defer'), s.root), s.root);
      const problems = [
        ['{ "mode": ', 'not JSON'],
        ['[]', 'JSON object'],
        ['{ "mdoe": "write" }', 'mdoe'],
        ['{ "rules": { "allow": ["bash("] } }', 'rules.allow[0]'],
        ['{ "hook": { "allow": "yes" } }', 'hook.allow'],
        ['{ "hook": { "colour": 1 } }', 'hook.colour'],
        ['{ "ignoreFile": ".env", "hook": { "ignoreFile": ".aiignore" } }', 'not both'],
        ['{ "hook": { "ignoreFile": ".missing-ignore" } }', '.missing-ignore'],
      ];
      for (const [text, named] of problems) {
        writeFileSync(join(s.root, '.toolgate.json'), text);
        const why = PROTOCOL[agent](run([agent], { input: JSON.stringify(call), cwd: s.root, home: s.home }), 'deny');
        assert.ok(why.includes(named), `${text}: ${why}`);
      }
      rmSync(join(s.root, '.toolgate.json'));
      const why = PROTOCOL[agent](run([agent, '--config', join(s.dir, 'missing.json')], { input: JSON.stringify(call), cwd: s.root, home: s.home }), 'deny');
      assert.match(why, /missing\.json/);
      PROTOCOL[agent](run([agent, '--colour'], { input: JSON.stringify(call), cwd: s.root, home: s.home }), 'deny');
    } finally {
      s.done();
    }
  });
}

test('an unknown agent or no agent exits 2 (a block for the agents that read exit codes)', () => {
  for (const args of [[], ['cursor'], ['--config']]) {
    const r = run(args, { input: '{}' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /usage: toolgate-hook/);
  }
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /usage: toolgate-hook/);
});

test('--config names the settings; .toolgate.json is then not read', () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.toolgate.json'), '{ broken');
    const cfg = join(s.dir, 'strict.json');
    writeFileSync(cfg, JSON.stringify({ rules: { deny: ['bash(ls *)'] } }));
    const input = JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls -l' } });
    const why = PROTOCOL.claude(run(['claude', '--config', cfg], { input, cwd: s.root, home: s.home }), 'deny');
    assert.match(why, /deny_rule/);
  } finally {
    s.done();
  }
});

test('hook.ignoreFile names a gitignore-style file, read with its !include files', () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.aiignore'), 'private/\n!include .more-ignore\n');
    writeFileSync(join(s.root, '.more-ignore'), 'notes.txt\n');
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify({ hook: { ignoreFile: '.aiignore' } }));
    const read = (p) => JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: join(s.root, p) } });
    assert.match(PROTOCOL.claude(run(['claude'], { input: read('private/key'), cwd: s.root, home: s.home }), 'deny'), /private/);
    assert.match(PROTOCOL.claude(run(['claude'], { input: read('notes.txt'), cwd: s.root, home: s.home }), 'deny'), /notes\.txt/);
    assert.match(PROTOCOL.claude(run(['claude'], { input: read('.aiignore'), cwd: s.root, home: s.home }), 'deny'), /\.aiignore/);
    PROTOCOL.claude(run(['claude'], { input: read('src/a.ts'), cwd: s.root, home: s.home }), 'defer');
  } finally {
    s.done();
  }
});

test("without toolgate settings the agent's own configuration is imported", () => {
  const s = scratch();
  try {
    // Claude Code: the project's permissions (its mode stays Claude Code's own).
    mkdirSync(join(s.root, '.claude'));
    writeFileSync(join(s.root, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./.env)', 'Bash(git push:*)'], defaultMode: 'default' } }));
    const claude = (tool_name, tool_input) => run(['claude'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name, tool_input }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.claude(claude('Read', { file_path: join(s.root, '.env') }), 'deny'), /deny_rule/);
    assert.match(PROTOCOL.claude(claude('Bash', { command: 'cd src && git push origin main' }), 'deny'), /deny_rule/);
    PROTOCOL.claude(claude('Edit', { file_path: join(s.root, 'src/a.ts') }), 'defer');
    PROTOCOL.claude(claude('Bash', { command: 'rm -rf ~' }), 'ask');
    writeFileSync(join(s.root, '.claude', 'settings.local.json'), '{ nope');
    assert.match(PROTOCOL.claude(claude('Bash', { command: 'ls' }), 'deny'), /settings\.local\.json/);

    // Cline: its .clineignore.
    writeFileSync(join(s.root, '.clineignore'), '.env\n');
    const cline = run(['cline'], { input: JSON.stringify({ hookName: 'PreToolUse', workspaceRoots: [s.root], preToolUse: { toolName: 'execute_command', parameters: { command: 'grep KEY .env', requires_approval: 'false' } } }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.cline(cline, 'deny'), /\.env/);

    // Gemini CLI: its policy files; Codex: its execpolicy rules.
    mkdirSync(join(s.home, '.gemini', 'policies'), { recursive: true });
    writeFileSync(join(s.home, '.gemini', 'policies', 'a.toml'), '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 100\n');
    const gemini = run(['gemini'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'git push' } }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.gemini(gemini, 'deny'), /deny_rule/);
    mkdirSync(join(s.root, '.codex', 'rules'), { recursive: true });
    writeFileSync(join(s.root, '.codex', 'rules', 'default.rules'), 'prefix_rule(pattern = ["git", "push"], decision = "forbidden")\n');
    const codex = (command) => run(['codex'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.codex(codex('git push --force'), 'deny'), /deny_rule/);
    PROTOCOL.codex(codex('git status'), 'defer');
    writeFileSync(join(s.root, '.codex', 'rules', 'default.rules'), 'prefix_rule(pattern = \n');
    assert.match(PROTOCOL.codex(codex('git status'), 'deny'), /default\.rules/);
  } finally {
    s.done();
  }
});

// --- install / uninstall -------------------------------------------------------------------

const SETTINGS_FILE = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' };
const EVENT = { claude: 'PreToolUse', codex: 'PreToolUse', gemini: 'BeforeTool' };

for (const agent of ['claude', 'codex', 'gemini']) {
  test(`install/uninstall ${agent}: idempotent, keeps everything else, shows the change`, () => {
    const s = scratch();
    try {
      const file = join(s.root, SETTINGS_FILE[agent]);
      mkdirSync(join(file, '..'), { recursive: true });
      const other = { matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] };
      const before = { model: 'x', permissions: { allow: ['Bash(ls)'] }, hooks: { [EVENT[agent]]: [other], Stop: [{ hooks: [{ type: 'command', command: 'echo' }] }] } };
      writeFileSync(file, `${JSON.stringify(before, null, 2)}\n`);

      const first = run(['install', agent], { cwd: s.root, home: s.home });
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, /^updated /);
      assert.match(first.stdout, new RegExp(`^\\+ .*toolgate-hook ${agent}`, 'm'));
      const installed = JSON.parse(readFileSync(file, 'utf8'));
      assert.deepEqual(installed.hooks[EVENT[agent]][0], other);
      assert.deepEqual(installed.hooks.Stop, before.hooks.Stop);
      assert.deepEqual(installed.permissions, before.permissions);
      const ours = installed.hooks[EVENT[agent]][1];
      assert.equal(ours.matcher, '*');
      assert.equal(ours.hooks[0].type, 'command');
      assert.equal(ours.hooks[0].command, `npx --no-install toolgate-hook ${agent}`);

      const bytes = readFileSync(file, 'utf8');
      const again = run(['install', agent], { cwd: s.root, home: s.home });
      assert.equal(again.status, 0);
      assert.match(again.stdout, /already installed; nothing changed/);
      assert.equal(readFileSync(file, 'utf8'), bytes);

      // Another command replaces toolgate's entry instead of adding a second one.
      const moved = run(['install', agent, '--command', `node /opt/toolgate/bin/toolgate-hook.cjs ${agent}`], { cwd: s.root, home: s.home });
      assert.match(moved.stdout, /^- .*npx --no-install/m);
      assert.equal(JSON.parse(readFileSync(file, 'utf8')).hooks[EVENT[agent]].length, 2);

      const removed = run(['uninstall', agent], { cwd: s.root, home: s.home });
      assert.equal(removed.status, 0, removed.stderr);
      assert.match(removed.stdout, /^removed toolgate hook from /);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), before);
      const none = run(['uninstall', agent], { cwd: s.root, home: s.home });
      assert.match(none.stdout, /no toolgate hook to remove; nothing changed/);
    } finally {
      s.done();
    }
  });
}

test('install --user writes the user settings; a broken settings file is left as it is', () => {
  const s = scratch();
  try {
    const r = run(['install', 'claude', '--user'], { cwd: s.root, home: s.home });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^created /);
    const file = join(s.home, '.claude', 'settings.json');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[0].hooks[0].command, 'npx --no-install toolgate-hook claude');
    assert.equal(existsSync(join(s.root, '.claude')), false);

    const gem = join(s.root, '.gemini', 'settings.json');
    mkdirSync(join(gem, '..'), { recursive: true });
    writeFileSync(gem, '{ "hooks": ');
    const bad = run(['install', 'gemini'], { cwd: s.root, home: s.home });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /is not JSON.*nothing changed/);
    assert.equal(readFileSync(gem, 'utf8'), '{ "hooks": ');
    writeFileSync(gem, '{ "hooks": [] }');
    assert.equal(run(['install', 'gemini'], { cwd: s.root, home: s.home }).status, 1);

    for (const args of [['install'], ['install', 'cursor'], ['uninstall', 'claude', '--command', 'x'], ['install', 'claude', 'extra']]) {
      assert.equal(run(args, { cwd: s.root, home: s.home }).status, 64, args.join(' '));
    }
  } finally {
    s.done();
  }
});

test('install cline: an executable PreToolUse script; a foreign hook is never overwritten', () => {
  const s = scratch();
  try {
    const file = join(s.root, '.clinerules', 'hooks', 'PreToolUse');
    const r = run(['install', 'cline'], { cwd: s.root, home: s.home });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^created .*\n\+ #!\/usr\/bin\/env sh/);
    assert.ok(statSync(file).mode & 0o100, 'executable');
    assert.match(readFileSync(file, 'utf8'), /^#!\/usr\/bin\/env sh\n.*\nexec npx --no-install toolgate-hook cline\n$/);
    assert.match(run(['install', 'cline'], { cwd: s.root, home: s.home }).stdout, /already installed/);
    assert.match(run(['uninstall', 'cline'], { cwd: s.root, home: s.home }).stdout, /^removed/);
    assert.equal(existsSync(file), false);

    writeFileSync(file, '#!/bin/sh\necho \'{"cancel":false}\'\n');
    chmodSync(file, 0o755);
    const foreign = run(['install', 'cline'], { cwd: s.root, home: s.home });
    assert.equal(foreign.status, 1);
    assert.match(foreign.stderr, /another hook/);
    assert.equal(run(['uninstall', 'cline'], { cwd: s.root, home: s.home }).status, 1);
    assert.match(readFileSync(file, 'utf8'), /echo/);

    assert.equal(run(['install', 'cline', '--user'], { cwd: s.root, home: s.home }).status, 0);
    assert.ok(existsSync(join(s.home, 'Documents', 'Cline', 'Hooks', 'PreToolUse')));
  } finally {
    s.done();
  }
});

test('the installed hook entry runs: its command judges a call', () => {
  const s = scratch();
  try {
    assert.equal(run(['install', 'claude', '--command', `${BIN} claude`], { cwd: s.root, home: s.home }).status, 0);
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify(SETTINGS));
    const { command } = JSON.parse(readFileSync(join(s.root, '.claude', 'settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0];
    const r = spawnSync('sh', ['-c', command], { cwd: s.root, encoding: 'utf8', input: JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat .env' } }) });
    assert.match(PROTOCOL.claude(r, 'deny'), /\.env/);
  } finally {
    s.done();
  }
});

test("a mode's prompt is an ask too (mode write: every command and edit is asked about)", () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify({ mode: 'write' }));
    const claude = (tool_name, tool_input) => run(['claude'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name, tool_input }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.claude(claude('Bash', { command: 'ls' }), 'ask'), /policy_prompt/);
    assert.match(PROTOCOL.claude(claude('Edit', { file_path: join(s.root, 'src/a.ts') }), 'ask'), /policy_prompt/);
    PROTOCOL.claude(claude('Read', { file_path: join(s.root, 'src/a.ts') }), 'defer');
  } finally {
    s.done();
  }
});

test('.toolgate.json blocks itself when no other ignore file is read (the agent cannot rewrite its judge)', () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify(SETTINGS));
    const claude = (tool_name, tool_input) => run(['claude'], { input: JSON.stringify({ cwd: s.root, hook_event_name: 'PreToolUse', tool_name, tool_input }), cwd: s.root, home: s.home });
    assert.match(PROTOCOL.claude(claude('Write', { file_path: join(s.root, '.toolgate.json'), content: '{}' }), 'deny'), /\.toolgate\.json/);
    assert.match(PROTOCOL.claude(claude('Bash', { command: 'echo {} > .toolgate.json' }), 'deny'), /\.toolgate\.json/);
    assert.match(PROTOCOL.claude(claude('Bash', { command: 'cat .env' }), 'deny'), /\.toolgate\.json line 1/);
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify({ rules: { deny: ['bash(git push *)'] } }));
    assert.match(PROTOCOL.claude(claude('Edit', { file_path: join(s.root, '.toolgate.json') }), 'deny'), /\.toolgate\.json/);
    PROTOCOL.claude(claude('Bash', { command: 'cat .env' }), 'defer');
  } finally {
    s.done();
  }
});

test("the project directory the agent names is the root; a shell that moved runs its commands where it is", () => {
  const s = scratch();
  try {
    writeFileSync(join(s.root, '.toolgate.json'), JSON.stringify(SETTINGS));
    const src = join(s.root, 'src');
    for (const [agent, env, event, tool, key] of [['claude', 'CLAUDE_PROJECT_DIR', 'PreToolUse', 'Bash', 'command'], ['gemini', 'GEMINI_PROJECT_DIR', 'BeforeTool', 'run_shell_command', 'command']]) {
      const call = (command, extra = {}) => run([agent], { input: JSON.stringify({ cwd: src, hook_event_name: event, tool_name: tool, tool_input: { [key]: command } }), cwd: src, home: s.home, env: { [env]: s.root, ...extra } });
      // The settings are the project's, although the shell is in src/.
      assert.match(PROTOCOL[agent](call('cat ../.env'), 'deny'), /\.env/);
      PROTOCOL[agent](call('cat a.ts'), 'defer');
      assert.match(PROTOCOL[agent](call('git push'), 'deny'), /deny_rule/);
    }
  } finally {
    s.done();
  }
});
