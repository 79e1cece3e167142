// Writes bench/fixtures/commands.json: a corpus of real-looking agent shell commands for the
// parser benchmark (toolgate vs shell-quote). Deterministic; re-run after editing templates:
//
//   node bench/make-commands.mjs
//
// The corpus mixes hand-written commands of the kind coding agents emit (package managers,
// cargo, git, docker, pytest, grep/sed/find/curl pipelines, cd && chains, quoting, heredocs,
// substitutions) with template expansions of the same shapes over varied names and paths.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from './paths.mjs';

const REAL = [
  'npm test',
  'npm run build',
  'npm install --save-dev @types/node',
  'npm ci && npm run lint && npm test -- --coverage',
  'yarn add lodash@^4.17.21',
  'pnpm -r --filter ./packages/** build',
  'pnpm exec tsc --noEmit -p tsconfig.json',
  'npx prettier --write "src/**/*.{ts,tsx}"',
  'npx eslint . --ext .ts,.tsx --fix',
  'cargo build --release',
  'cargo test -p toolgate --test ignore_table -- --nocapture',
  'cargo clippy --all-targets -- -D warnings',
  'RUST_LOG=debug cargo run --example server 2>&1 | tee run.log',
  'git status --short',
  'git log --oneline -n 20',
  'git diff HEAD~1 -- src/',
  'git add -A && git commit -m "fix: handle empty config (closes #42)"',
  "git commit -am 'refactor: split parser into modules'",
  'git checkout -b feature/login-form',
  'git stash && git pull --rebase origin main && git stash pop',
  'git rev-parse --abbrev-ref HEAD',
  'docker build -t myapp:latest .',
  'docker compose up -d --build',
  'docker run --rm -it -v "$(pwd)":/app -w /app node:20 npm test',
  'docker ps --format "{{.Names}}\\t{{.Status}}"',
  'python -m pytest tests/ -x -q',
  'pytest -k "test_parse and not slow" -vv',
  'python3 -m venv .venv && source .venv/bin/activate && pip install -r requirements.txt',
  'grep -rn "TODO" src/ | head -20',
  "grep -rnE 'fn [a-z_]+\\(' src/*.rs | wc -l",
  'find . -name "*.ts" -not -path "./node_modules/*" | xargs wc -l | sort -n | tail',
  "find src -type f -name '*.test.ts' -exec sed -i 's/jest/vi/g' {} +",
  "sed -n '1,80p' src/index.ts",
  "sed -i.bak -e 's/foo/bar/g' config/app.json",
  "awk -F, '{ sum += $3 } END { print sum }' data.csv",
  'curl -sSL https://example.com/api/health | jq .status',
  'curl -X POST -H "Content-Type: application/json" -d \'{"name":"x"}\' http://localhost:3000/api/users',
  'cd packages/core && npm run build -- --watch=false | tee build.log',
  'cd "$(git rev-parse --show-toplevel)" && make -j4',
  'cd frontend && npm install && npm run dev &',
  'ls -la',
  'cat package.json | jq .scripts',
  'head -n 50 src/main.rs',
  'tail -f logs/server.log',
  'wc -l src/**/*.ts',
  'echo "export const VERSION = \'$(git describe --tags)\';" > src/version.ts',
  'mkdir -p build/out && cp -r public/* build/out/',
  'rm -rf node_modules dist && npm install',
  'chmod +x scripts/*.sh && ./scripts/setup.sh',
  'for f in src/*.ts; do echo "$f"; done',
  'if [ -f .env ]; then echo present; else cp .env.example .env; fi',
  'while read -r line; do echo "$line"; done < input.txt',
  'cat <<EOF > config.yaml\nname: demo\nport: 8080\nEOF',
  "python3 - <<'PY'\nimport json\nprint(json.dumps({'ok': True}))\nPY",
  'node -e "console.log(process.versions.node)"',
  'tsc -p . && node dist/index.js --port=8080',
  'make test 2>&1 | grep -E "(FAIL|PASS)"',
  'go test ./... -run TestParse -count=1',
  'go build -o bin/server ./cmd/server',
  'kubectl get pods -n staging -o wide',
  'env NODE_ENV=production node server.js',
  'sudo apt-get install -y jq',
  'timeout 30 npm test -- --runInBand',
  'time cargo build',
  'nohup python worker.py > worker.log 2>&1 &',
  'diff <(sort a.txt) <(sort b.txt)',
  'tar -czf backup.tar.gz src/ package.json',
  'unzip -o archive.zip -d vendor/',
  'ps aux | grep node | grep -v grep',
  'lsof -i :3000 || true',
  'export PATH="$HOME/.local/bin:$PATH"; which python3',
  'bash -c "cd server && npm start"',
  'sh -c \'echo $0\' hello',
  'xargs -0 rm < files.txt',
  'printf "%s\\n" "${ARR[@]}"',
  'VAR=$(( 1 + 2 )); echo $VAR',
  'test -d build || mkdir build',
  'rg -n --hidden -g "!node_modules" "useEffect\\(" src',
  'jq -r \'.dependencies | keys[]\' package.json',
  'git grep -n "deprecated" -- "*.ts"',
  'npm run test -- --reporter=dot 2>/dev/null; echo exit=$?',
];

const CMDS = ['npm test', 'npm run build', 'npm run lint', 'yarn test', 'pnpm build', 'cargo test',
  'cargo build', 'go test ./...', 'pytest -q', 'make', 'npx vitest run', 'npx tsc --noEmit'];
const DIRS = ['packages/core', 'packages/ui', 'apps/web', 'services/api', 'frontend', 'backend',
  'crates/parser', 'tools/cli', 'src', 'lib'];
const FILES = ['src/index.ts', 'src/app.tsx', 'README.md', 'package.json', 'src/lib/utils.ts',
  'Cargo.toml', 'src/main.rs', 'tests/test_api.py', 'config/settings.yaml', '.env.example',
  'docs/guide.md', 'src/components/Button.tsx', 'server/routes/users.js'];
const PATTERNS = ['TODO', 'FIXME', 'console.log', 'unwrap()', 'import React', 'def test_',
  'useState', 'async fn', 'export default', 'password'];
const MSGS = ['fix typo', 'add tests for parser', 'bump deps', 'refactor: extract helper',
  "feat: add user's avatar", 'chore(ci): cache node_modules', 'wip'];

const TEMPLATES = [
  (p) => `cd ${p.dir} && ${p.cmd}`,
  (p) => `cd ${p.dir} && ${p.cmd} 2>&1 | tail -n ${p.n}`,
  (p) => `${p.cmd} -- --watch=false | tee ${p.word}.log`,
  (p) => `grep -rn "${p.pat}" ${p.dir} --include="*.${p.ext}" | head -${p.n}`,
  (p) => `grep -n '${p.pat}' ${p.file}`,
  (p) => `cat ${p.file}`,
  (p) => `sed -n '${p.n},${p.n + 40}p' ${p.file}`,
  (p) => `sed -i 's/${p.word}/${p.word2}/g' ${p.file}`,
  (p) => `find ${p.dir} -name "*.${p.ext}" -type f | xargs grep -l "${p.pat}"`,
  (p) => `git add ${p.file} && git commit -m "${p.msg}"`,
  (p) => `git diff --stat ${p.dir}`,
  (p) => `git log --oneline -${p.n} -- ${p.file}`,
  (p) => `ls -la ${p.dir}`,
  (p) => `mkdir -p ${p.dir}/${p.word} && touch ${p.dir}/${p.word}/index.${p.ext}`,
  (p) => `npm install ${p.word}@^${p.n}.0.0 --save`,
  (p) => `docker run --rm -v "$(pwd)/${p.dir}":/work -w /work node:20 ${p.cmd}`,
  (p) => `curl -s http://localhost:${3000 + p.n}/api/${p.word} | jq '.${p.word2}'`,
  (p) => `python -m pytest tests/test_${p.word}.py -k "${p.word2}" -x`,
  (p) => `cat > ${p.dir}/${p.word}.json <<'EOF'\n{ "${p.word}": ${p.n}, "enabled": true }\nEOF`,
  (p) => `echo "${p.msg}" >> CHANGELOG.md`,
  (p) => `for f in ${p.dir}/*.${p.ext}; do wc -l "$f"; done`,
  (p) => `test -f ${p.file} && head -n ${p.n} ${p.file} || echo missing`,
  (p) => `export ${p.WORD}=${p.n}; ${p.cmd}`,
  (p) => `(cd ${p.dir} && ${p.cmd}) && echo ok`,
  (p) => `wc -l $(git ls-files '*.${p.ext}') | sort -n | tail -${p.n}`,
  (p) => `rm -rf ${p.dir}/dist ${p.dir}/.cache && ${p.cmd}`,
];

const EXT = ['ts', 'tsx', 'js', 'rs', 'py', 'go', 'md', 'json'];
const WORDS = ['user', 'session', 'config', 'parser', 'router', 'cache', 'auth', 'billing', 'search', 'upload'];

const r = prng(0xc0ffee);
const pick = (xs) => xs[Math.floor(r() * xs.length)];
const commands = [...REAL];
while (commands.length < 3000) {
  const word = pick(WORDS);
  const p = {
    cmd: pick(CMDS), dir: pick(DIRS), file: pick(FILES), pat: pick(PATTERNS), msg: pick(MSGS),
    ext: pick(EXT), word, word2: pick(WORDS), WORD: word.toUpperCase(), n: 1 + Math.floor(r() * 60),
  };
  commands.push(pick(TEMPLATES)(p));
}
const out = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'commands.json');
writeFileSync(out, JSON.stringify(commands, null, 0).replace(/","/g, '",\n"') + '\n');
console.log(`wrote ${commands.length} commands to ${out}`);
