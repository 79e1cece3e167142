// The benchmark inputs shared by bench/run.mjs and (through `node bench/workloads.mjs`) the
// native bench: the .gitignore fixture, 100 realistic command/path rules, the typical calls.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const ROOT = '/ws';
export const GITIGNORE = readFileSync(join(here, 'fixtures', 'gitignore'), 'utf8');
export const COMMANDS = JSON.parse(readFileSync(join(here, 'fixtures', 'commands.json'), 'utf8'));

export const READ_CALL = { tool: 'read_file', params: { path: 'src/index.ts' } };
export const COMPOUND = 'cd packages/core && npm run build -- --watch=false | tee build.log';
export const COMPOUND_CALL = {
  tool: 'execute_command',
  params: { command: COMPOUND, requires_approval: false },
};

const PKGS = ['core', 'ui', 'cli', 'server', 'shared', 'web', 'docs', 'sdk', 'worker', 'db'];
const SCRIPTS = ['build', 'test', 'lint', 'dev', 'typecheck', 'format', 'start', 'bench', 'docs', 'clean'];
const DIRS = ['src', 'src/components', 'src/lib', 'tests', 'docs', 'packages/core/src', 'scripts', 'config'];
const NAMES = ['index', 'button', 'modal', 'router', 'store', 'api', 'client', 'parser', 'utils', 'types'];

/** `n` distinct read_file calls (workspace-relative paths under the rules' directories and
 *  outside them), in a fixed order. */
export function readCalls(n = 1000) {
  return Array.from({ length: n }, (_, i) => ({
    tool: 'read_file',
    params: { path: `${DIRS[i % DIRS.length]}/${NAMES[(i >> 3) % NAMES.length]}-${i}.${['ts', 'tsx', 'md', 'json'][i % 4]}` },
  }));
}

/** `n` distinct compound commands of the shape of COMPOUND (cd && script | tee). */
export function compoundCalls(n = 1000) {
  return Array.from({ length: n }, (_, i) => ({
    tool: 'execute_command',
    params: {
      command: `cd packages/${PKGS[i % PKGS.length]} && ${i % 3 ? 'npm run' : 'pnpm'} ${SCRIPTS[(i >> 2) % SCRIPTS.length]} -- --watch=false | tee build-${i}.log`,
      requires_approval: false,
    },
  }));
}

/** 100 rules of the kinds people write: allow-lists of scripts and git reads, asks, denies. */
export function rules() {
  const allow = [];
  const ask = [];
  const deny = [];
  const scripts = ['build', 'test', 'lint', 'dev', 'typecheck', 'format', 'start', 'bench', 'docs', 'clean'];
  for (const pm of ['npm run', 'pnpm']) for (const s of scripts) allow.push(`execute_command(${pm} ${s} *)`);
  for (const g of ['status', 'log', 'diff', 'show', 'branch', 'rev-parse', 'blame', 'grep', 'ls-files', 'describe']) allow.push(`execute_command(git ${g} *)`);
  for (const c of ['ls', 'cat', 'head', 'tail', 'wc', 'grep', 'rg', 'find', 'tree', 'pwd', 'echo', 'which', 'node --version', 'cargo check', 'cargo test', 'cargo build', 'go test', 'pytest', 'tsc --noEmit', 'jq']) allow.push(`execute_command(${c} *)`);
  for (const d of ['src/**', 'packages/*/src/**', 'tests/**', 'docs/**', '*.md', 'package.json']) allow.push(`read_file(${d})`);
  for (const d of ['src/**', 'tests/**', 'docs/**']) allow.push(`write_to_file(${d})`);
  for (const c of ['git push *', 'git commit *', 'npm publish *', 'docker *', 'kubectl *', 'curl *', 'wget *', 'ssh *', 'scp *', 'rsync *', 'npm install *', 'pip install *', 'cargo publish *', 'gh *', 'make deploy *']) ask.push(`execute_command(${c})`);
  for (const p of ['*.pem', '*.key', '.env', 'secrets/**', '/etc/**']) ask.push(`read_file(${p})`);
  for (const c of ['rm -rf /', 'rm -rf ~', 'git push --force *', 'git push -f *', 'git reset --hard *', 'chmod -R 777 *', 'mkfs *', 'dd *', 'shutdown *', 'reboot *', 'sudo *', 'su *', 'curl * | sh']) deny.push(`execute_command(${c})`);
  for (const p of ['.env', '*.pem', 'secrets/**', '/etc/**', '~/.ssh/**', '.git/**']) deny.push(`write_to_file(${p})`);
  for (const p of ['.git/**', 'node_modules/**']) deny.push(`replace_in_file(${p})`);
  const all = allow.length + ask.length + deny.length;
  if (all !== 100) throw new Error(`expected 100 rules, made ${all}`);
  return { allow, ask, deny };
}

export function config() {
  return { workspaceRoots: [ROOT], ignoreFile: GITIGNORE, rules: rules() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // For the native bench: everything it needs as one JSON document.
  process.stdout.write(JSON.stringify({ root: ROOT, gitignore: GITIGNORE, rules: rules(), compound: COMPOUND }));
}
