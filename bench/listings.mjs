// The benchmark's other listings, beside the monorepo of bench/paths.mjs:
//
// - `wideListing()`: 100,000 paths in 16 top directories × 50 subdirectories, ~125 files each
//   (directly and in a few nested folders), with `WIDE_GITIGNORE`, 50 lines of `**` forms and
//   negations. This is the shape where a matcher that re-matches every path's parents, or
//   tries every `**` line on every file, loses its lead.
// - `realListing(root)`: the repository's own files (`git ls-files`) plus every file under its
//   node_modules/, read at bench time (nothing committed), with the monorepo .gitignore.
//
//   node bench/listings.mjs wide|real   prints the paths, one per line (the native bench reads this)
//   node bench/listings.mjs wide-gitignore   prints WIDE_GITIGNORE
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prng } from './paths.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** 50 pattern lines: `**` at the start, middle and end, dir-only lines, negations of files and
 *  of directories (some re-includable, some under an excluded directory and so inert). */
export const WIDE_GITIGNORE = `# 16 x 50 listing (bench fixture): ** forms and negations
**/node_modules/
**/.cache/
**/dist/**
!**/dist/keep/**
!**/dist/*.d.ts
**/build/
**/*.log
!**/important.log
**/logs/**/*.gz
**/tmp/
*.tmp
*.swp
*~
**/coverage/**
!**/coverage/summary.json
**/__pycache__/
**/*.pyc
**/.DS_Store
**/target/
!**/target/
**/out/*.js
!**/out/main.js
/top00/**/secrets/
/top01/mod*/
!/top01/mod1*/
/top02/**/*.bin
/top03/mod0*/generated/**
!/top03/mod0*/generated/keep.txt
/top04/**/fixtures/*.json
!/top04/**/fixtures/small.json
/top05/mod4*/
/top06/**/vendor/**
!/top06/**/vendor/README.md
**/snapshots/**/*.snap
!**/snapshots/**/pinned.snap
/top07/*/data/
!/top07/mod00/data/
/top08/**/*.csv
/top09/mod*/assets/**/*.png
!/top09/mod*/assets/**/logo.png
**/.env
**/.env.*
!**/.env.example
/top10/**/*.min.js
/top11/mod[0-2]*/
/top12/**/docs/**/*.html
/top13/**/tests/**/*.snap
**/*.bak
/top14/**/private/
/top15/mod*/cache*/
`;

const TOPS = Array.from({ length: 16 }, (_, i) => `top${String(i).padStart(2, '0')}`);
const SUBS = Array.from({ length: 50 }, (_, i) => `mod${String(i).padStart(2, '0')}`);
const NESTED = ['src', 'src/lib', 'src/components', 'tests', 'tests/snapshots', 'dist', 'dist/keep',
  'build', 'node_modules/dep', '.cache', 'logs', 'logs/old', 'coverage', 'out', 'data', 'assets/img',
  'generated', 'fixtures', 'vendor', 'docs/api', 'private', 'secrets', 'target', 'cache1', 'tmp'];
const STEMS = ['index', 'main', 'util', 'app', 'server', 'client', 'logo', 'important', 'keep',
  'pinned', 'small', 'summary', 'README', 'config', 'model', 'view', 'test', 'data', 'types'];
const EXTS = ['.ts', '.js', '.json', '.md', '.log', '.d.ts', '.snap', '.png', '.csv', '.bin', '.txt',
  '.min.js', '.html', '.py', '.pyc', '.gz', '.tmp', '.bak', '.example', ''];

/** The 16 × 50 listing: sorted, flat strings, `count` paths. */
export function wideListing(count = 100_000, seed = 0x16050) {
  const r = prng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const perSub = Math.ceil(count / (TOPS.length * SUBS.length));
  const seen = new Set();
  const out = [];
  for (const top of TOPS) {
    for (const sub of SUBS) {
      let made = 0;
      for (let tries = 0; made < perSub && tries < perSub * 20; tries++) {
        const dir = r() < 0.35 ? '' : `${pick(NESTED)}/`;
        const stem = pick(STEMS);
        const name = r() < 0.04 ? pick(['.env', '.env.local', '.env.example', '.DS_Store', 'notes~'])
          : `${stem}${r() < 0.5 ? '' : String(Math.floor(r() * 40))}${pick(EXTS)}`;
        const p = `${top}/${sub}/${dir}${name}`;
        if (!seen.has(p)) {
          seen.add(p);
          out.push(p);
          made++;
        }
      }
    }
  }
  out.length = Math.min(out.length, count);
  return JSON.parse(JSON.stringify(out.sort()));
}

/** The repository's tracked files plus every file under node_modules/ (sorted), or [] when git
 *  is not there. Read at bench time: its size depends on what `npm ci` installed. */
export function realListing(root = join(here, '..')) {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const out = git.status === 0 ? git.stdout.split('\0').filter(Boolean) : [];
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk('node_modules');
  return JSON.parse(JSON.stringify(out.sort()));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const what = process.argv[2] ?? 'wide';
  if (what === 'wide-gitignore') process.stdout.write(WIDE_GITIGNORE);
  else process.stdout.write((what === 'real' ? realListing() : wideListing()).join('\n') + '\n');
}
