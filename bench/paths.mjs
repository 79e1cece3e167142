// Deterministic, monorepo-like listing of workspace-relative paths for the benchmarks.
//
//   node bench/paths.mjs [count]   prints the paths, one per line (the native bench reads this)
//
// Shape (roughly what `git ls-files -o` plus dependencies shows in a JS/TS monorepo):
// src/ and packages/*/src with components, tests and styles; packages/*/dist and lib builds;
// node_modules/ with scoped packages (the bulk, as in real trees); .git/objects; coverage/,
// dist/, logs, env files, assets, docs, editor folders.
import { pathToFileURL } from 'node:url';

/** mulberry32: tiny seeded PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['button', 'modal', 'table', 'form', 'auth', 'user', 'session', 'router', 'store',
  'api', 'client', 'server', 'cache', 'queue', 'parser', 'lexer', 'config', 'logger', 'metrics',
  'theme', 'layout', 'hooks', 'utils', 'types', 'editor', 'panel', 'search', 'index', 'schema',
  'migrate', 'billing', 'invoice', 'chart', 'graph', 'upload', 'image', 'video', 'i18n', 'date'];
const PKGS = ['core', 'ui', 'cli', 'server', 'shared', 'config', 'eslint-config', 'tsconfig',
  'web', 'docs', 'sdk', 'worker', 'db', 'email', 'analytics', 'auth'];
const NPM = ['react', 'react-dom', 'lodash', 'typescript', 'esbuild', 'vite', 'rollup', 'webpack',
  '@babel/core', '@babel/parser', '@types/node', '@types/react', 'eslint', 'prettier', 'jest',
  'vitest', 'chalk', 'commander', 'zod', 'axios', 'express', 'debug', 'ms', 'semver', 'glob',
  'minimatch', 'picomatch', 'micromatch', 'fast-glob', 'ignore', '@tanstack/query-core', 'tslib',
  '@esbuild/linux-x64', 'postcss', 'tailwindcss', 'date-fns', 'uuid', 'yargs', 'rxjs', 'ws'];
const SRC_EXT = ['.ts', '.tsx', '.ts', '.js', '.css', '.test.ts', '.spec.tsx', '.json', '.md', '.d.ts'];
const DEP_FILES = ['index.js', 'index.d.ts', 'package.json', 'README.md', 'LICENSE', 'index.mjs',
  'index.cjs', 'CHANGELOG.md'];

export function generatePaths(count = 100_000, seed = 0x70017a7e) {
  const r = prng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const word = () => pick(WORDS);
  const dirs = (n) => Array.from({ length: n }, word).join('/');
  const srcFile = () => `${word()}${r() < 0.3 ? '-' + word() : ''}${pick(SRC_EXT)}`;
  const out = [];
  const seen = new Set();
  const add = (p) => {
    if (!seen.has(p)) {
      seen.add(p);
      out.push(p);
    }
  };
  const generators = [
    // [weight, generator]
    [22, () => `src/${dirs(1 + Math.floor(r() * 3))}/${srcFile()}`],
    [20, () => `packages/${pick(PKGS)}/src/${dirs(Math.floor(r() * 3))}/${srcFile()}`.replace('//', '/')],
    [3, () => `packages/${pick(PKGS)}/dist/${word()}.${pick(['js', 'd.ts', 'js.map', 'cjs'])}`],
    [2, () => `packages/${pick(PKGS)}/lib/${word()}.js`],
    [3, () => `packages/${pick(PKGS)}/${pick(['package.json', 'README.md', 'tsconfig.json', 'CHANGELOG.md', '.env', 'vite.config.ts'])}`],
    [28, () => {
      const dep = pick(NPM);
      const inner = r() < 0.5 ? `${pick(['lib', 'dist', 'esm', 'cjs', 'src', 'build'])}/` : '';
      const nested = r() < 0.15 ? `node_modules/${pick(NPM)}/` : '';
      return `${r() < 0.2 ? `packages/${pick(PKGS)}/` : ''}node_modules/${dep}/${nested}${inner}${r() < 0.5 ? word() + '.js' : pick(DEP_FILES)}`;
    }],
    [6, () => {
      const h = Math.floor(r() * 0xffffffff).toString(16).padStart(8, '0');
      return r() < 0.8 ? `.git/objects/${h.slice(0, 2)}/${h}${h}${h.slice(0, 6)}` : `.git/${pick(['refs/heads/main', 'HEAD', 'config', 'index', 'logs/HEAD', 'hooks/pre-commit.sample'])}`;
    }],
    [6, () => `tests/${dirs(1 + Math.floor(r() * 2))}/${word()}.${pick(['test.ts', 'spec.ts', 'snap', 'fixture.json'])}`],
    [2, () => `tests/${word()}/__snapshots__/${word()}.test.ts.snap${r() < 0.2 ? '.bak' : ''}`],
    [3, () => `coverage/${pick(['lcov-report/', ''])}${word()}.${pick(['html', 'json', 'info'])}`],
    [2, () => `dist/${pick(['assets/', ''])}${word()}-${Math.floor(r() * 1e6).toString(36)}.${pick(['js', 'css', 'js.map'])}`],
    [3, () => `assets/${pick(['images', 'icons', 'fonts', 'design'])}/${word()}.${pick(['png', 'svg', 'woff2', 'psd', 'jpg'])}`],
    [2, () => `docs/${pick(['guide/', 'api/', '_build/html/', ''])}${word()}.${pick(['md', 'mdx', 'html'])}`],
    [1, () => `${pick(['logs/', ''])}${pick(['npm-debug.log', 'yarn-error.log', 'server.log', 'debug.log.1', 'build.log'])}`],
    [1, () => pick(['.env', '.env.local', '.env.example', '.env.production', 'config/credentials.dev.json', 'secrets/api.key', 'certs/server.pem', 'config/app.json'])],
    [1, () => pick(['.vscode/settings.json', '.vscode/launch.json', '.vscode/extensions.json', '.idea/workspace.xml', '.DS_Store', `src/${word()}/.DS_Store`, 'tmp/scratch.txt', `src/${word()}.ts~`])],
    [2, () => pick(['package.json', 'pnpm-lock.yaml', 'tsconfig.json', 'README.md', 'turbo.json', '.yarn/releases/yarn-4.1.0.cjs', '.yarn/cache/lodash.zip', '.github/workflows/ci.yml', '.gitignore', '.clineignore', `.next/cache/${word()}.pack`, `.turbo/cookies/${word()}.cookie`])],
  ];
  const total = generators.reduce((s, [w]) => s + w, 0);
  while (out.length < count) {
    let x = r() * total;
    for (const [w, g] of generators) {
      x -= w;
      if (x < 0) { add(g()); break; }
    }
  }
  // A listing comes grouped by directory (git ls-files sorts; a directory walk groups), and
  // as flat strings (from JSON, postMessage or the file system), not the concatenation ropes
  // the templates above build.
  return JSON.parse(JSON.stringify(out.sort()));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 100_000);
  process.stdout.write(generatePaths(n).join('\n') + '\n');
}
