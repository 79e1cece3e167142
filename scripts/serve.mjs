// Static server for the playground: www/ at /, the built package (dist/) at /pkg/.
// No dependencies. Usage: node scripts/serve.mjs [--port N] [--host H]   (env PORT, HOST too)
// Defaults: http://127.0.0.1:8080. `.wasm` is served as application/wasm, which
// WebAssembly.instantiateStreaming requires.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

/** Maps a URL path to a file under one of the mounts, or null (never escapes a mount). */
function locate(mounts, urlPath) {
  let path;
  try { path = decodeURIComponent(urlPath.split('?')[0]); } catch { return null; }
  if (path.includes('\0')) return null;
  for (const [prefix, dir] of mounts) {
    if (!path.startsWith(prefix)) continue;
    const file = normalize(join(dir, path.slice(prefix.length)));
    if (file !== dir && !file.startsWith(dir + sep)) return null;
    try {
      const st = statSync(file);
      if (st.isDirectory()) return locate([[prefix, dir]], `${path.replace(/\/?$/, '/')}index.html`);
      return st.isFile() ? file : null;
    } catch { return null; }
  }
  return null;
}

/** Starts the server; resolves to { server, url }. port 0 picks a free port (used by tests). */
export function startServer({
  port = 8080, host = '127.0.0.1', www = join(root, 'www'), pkg = join(root, 'dist'), quiet = false,
} = {}) {
  const mounts = [['/pkg/', resolve(pkg)], ['/', resolve(www)]];
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') { res.writeHead(405).end(); return; }
    const file = locate(mounts, req.url ?? '/');
    if (!quiet) console.log(`${req.method} ${req.url} ${file ? 200 : 404}`);
    if (!file) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n'); return; }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end(); else createReadStream(file).pipe(res);
  });
  return new Promise((ok, ko) => {
    server.once('error', ko);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      ok({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const port = Number(arg('port') ?? process.env.PORT ?? 8080);
  const host = arg('host') ?? process.env.HOST ?? '127.0.0.1';
  const { url } = await startServer({ port, host, quiet: !!process.env.QUIET });
  console.log(`serving www/ and the package (dist/ at /pkg/) on ${url}  — Ctrl-C to stop`);
}
