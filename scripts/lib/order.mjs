// The names wasm-opt's `--reorder-functions-by-name` sorts by (wasm-pack.toml [wasm-opt]): a
// function's name from the name section without its hash, its code size, its index. Sorted so,
// the instances of one generic (`from_iter`, `Map::fold`, a serializer's `serialize_field`) sit
// next to each other, the similar-sized (most alike) side by side, within gzip's 32 KiB window.
// Only the name section changes; `--strip-debug` drops it after the sort. Measured in
// docs/size.md (round 9: the size levers).

import { cursor, functionNames, outline } from './wasm-binary.mjs';

/** `wasm` with its function names rewritten as sort keys; `wasm` itself when it has none. */
export function namesForGzipOrder(wasm) {
  const bytes = Buffer.from(wasm);
  const leb = (n) => {
    const out = [];
    do {
      let x = n & 0x7f;
      n = Math.floor(n / 128);
      if (n) x |= 0x80;
      out.push(x);
    } while (n);
    return Buffer.from(out);
  };
  // The imported functions come first in the index space; a binary this reader cannot read,
  // or one without names, goes through as it is.
  const parts = outline(bytes);
  if (!parts?.names) return wasm;
  const names = parts.names;
  const keys = new Map();
  for (const [index, name] of functionNames(bytes, names)) {
    const size = parts.bodies.get(index)?.length ?? 0;
    keys.set(index, `${name.replace(/::h[0-9a-f]{16}$/, '')} ${String(size).padStart(7, '0')} ${index}`);
  }

  // The name section again, its function names (subsection 1) replaced, the others kept.
  const c = cursor(bytes, names[0] + 1);
  c.u32();
  c.skip(); // "name"
  const subsections = [];
  while (c.at < names[1]) {
    const start = c.at;
    const id = bytes[c.at++];
    const end = c.u32() + c.at;
    if (id === 1) {
      const entries = [leb(keys.size)];
      for (const [index, key] of keys) {
        const text = Buffer.from(key);
        entries.push(leb(index), leb(text.length), text);
      }
      const body = Buffer.concat(entries);
      subsections.push(Buffer.from([1]), leb(body.length), body);
    } else {
      subsections.push(bytes.subarray(start, end));
    }
    c.at = end;
  }
  const body = Buffer.concat([leb(4), Buffer.from('name'), ...subsections]);
  return Buffer.concat([bytes.subarray(0, names[0]), Buffer.from([0]), leb(body.length), body, bytes.subarray(names[1])]);
}
