// Reads wasm-pack.toml: a small TOML subset ([section], key = "string" | number | bool | ["strings"]).
// Anything outside that subset is an error, not a silent misread.
import { readFileSync } from 'node:fs';

export function parseManifest(text, file = 'wasm-pack.toml') {
  const out = {};
  let section = out;
  text.split(/\r?\n/).forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    const line = stripComment(raw).trim();
    if (!line) return;
    const header = line.match(/^\[([A-Za-z0-9_.-]+)\]$/);
    if (header) {
      section = out[header[1]] ??= {};
      return;
    }
    const kv = line.match(/^([A-Za-z0-9_-]+)\s*=\s*(.+)$/);
    if (!kv) throw new Error(`${where}: expected [section] or key = value, got: ${raw}`);
    section[kv[1]] = parseValue(kv[2].trim(), where);
  });
  return out;
}

function stripComment(line) {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"' && line[i - 1] !== '\\') inString = !inString;
    else if (line[i] === '#' && !inString) return line.slice(0, i);
  }
  return line;
}

function parseValue(v, where) {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (/^"(?:[^"\\]|\\.)*"$/.test(v)) return JSON.parse(v);
  if (v.startsWith('[') && v.endsWith(']')) {
    const inner = v.slice(1, -1).trim();
    if (!inner) return [];
    return inner.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
      const value = parseValue(s, where);
      if (typeof value !== 'string') throw new Error(`${where}: arrays hold strings only`);
      return value;
    });
  }
  throw new Error(`${where}: unsupported value ${v}`);
}

export function readManifest(path) {
  return parseManifest(readFileSync(path, 'utf8'), path);
}
