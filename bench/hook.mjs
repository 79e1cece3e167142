// The whole hook process per agent, as an agent runs it: `node <dist>/bin/toolgate-hook.cjs
// <agent>` with a payload on stdin, from spawn to exit (Node start, loading the .wasm, the
// settings, the verdict, the answer). Prints the median and min wall time of N runs, in ms,
// and the median CPU time (user + system, all of the process's threads, from /usr/bin/time
// when it exists: on a loaded machine it is the steadier number), for:
//   - toolgate settings (.toolgate.json: an ignore file and rules),
//   - the agent's own configuration (the importers' .wasm is loaded too),
//   - bare `node -e ''` (the floor: Node's own start).
//
//   node bench/hook.mjs [--runs N] [--dist DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : dflt;
};
const RUNS = Number(opt('runs', 20));
const BIN = join(resolve(join(here, '..'), opt('dist', 'dist')), 'bin', 'toolgate-hook.cjs');

const dir = mkdtempSync(join(tmpdir(), 'toolgate-hook-bench-'));
const root = join(dir, 'project');
const home = join(dir, 'home');
mkdirSync(join(root, '.claude'), { recursive: true });
mkdirSync(join(root, '.codex', 'rules'), { recursive: true });
mkdirSync(join(home, '.gemini', 'policies'), { recursive: true });
writeFileSync(join(root, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)', 'Bash(git push:*)'] } }));
writeFileSync(join(root, '.codex', 'rules', 'default.rules'), 'prefix_rule(pattern = ["git", "push"], decision = "forbidden")\nprefix_rule(pattern = ["npm", "test"], decision = "allow")\n');
writeFileSync(join(home, '.gemini', 'policies', 'a.toml'), '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 100\n');
writeFileSync(join(root, '.clineignore'), '.env\n*.secret\n');
const SETTINGS = JSON.stringify({ ignoreFile: '.env\n*.secret\n', rules: { allow: ['bash(npm test *)', 'execute_command(npm test *)'], deny: ['bash(git push *)'] } });

// An ordinary call per agent: `npm test && cat README.md`, in each agent's payload.
const command = 'npm test && cat README.md';
const PAYLOADS = {
  claude: { session_id: 's', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } },
  codex: { session_id: 's', cwd: root, hook_event_name: 'PreToolUse', model: 'm', permission_mode: 'default', tool_name: 'Bash', tool_input: { command }, tool_use_id: 't', transcript_path: null, turn_id: 'u' },
  cline: { hookName: 'PreToolUse', workspaceRoots: [root], preToolUse: { toolName: 'execute_command', parameters: { command, requires_approval: 'false' } } },
  gemini: { session_id: 's', cwd: root, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command } },
};

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(args, input) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const [cmd, argv] = TIME ? [TIME, ['-f', 'cpu %U %S', process.execPath, ...args]] : [process.execPath, args];
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, argv, { input, cwd: root, env: { ...process.env, HOME: home }, encoding: 'utf8' });
    wall.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0 || /"(deny|cancel":true)/.test(r.stdout)) throw new Error(`${args.join(' ')}: unexpected answer ${r.status} ${r.stdout} ${r.stderr}`);
    const m = /^cpu ([\d.]+) ([\d.]+)$/m.exec(r.stderr);
    if (m) cpu.push((Number(m[1]) + Number(m[2])) * 1000);
  }
  return { median: median(wall), min: Math.min(...wall), cpu: cpu.length ? median(cpu) : undefined };
}

const fmt = ({ median: m, min, cpu }) => `wall median ${m.toFixed(1)} ms, min ${min.toFixed(1)} ms${cpu === undefined ? '' : `; cpu median ${cpu.toFixed(0)} ms`}`;
try {
  console.log(`${RUNS} runs each; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`node -e '' (floor): ${fmt(time(['-e', ''], ''))}`);
  for (const source of ['.toolgate.json', "agent's own"]) {
    if (source === '.toolgate.json') writeFileSync(join(root, '.toolgate.json'), SETTINGS);
    else rmSync(join(root, '.toolgate.json'), { force: true });
    for (const [agent, payload] of Object.entries(PAYLOADS)) {
      console.log(`${agent.padEnd(6)} ${source.padEnd(14)}: ${fmt(time([BIN, agent], JSON.stringify(payload)))}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
