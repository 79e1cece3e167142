// The names wasm-opt's `--reorder-functions-by-name` sorts by (wasm-pack.toml [wasm-opt]): a
// function's name from the name section without its hash, its code size, its index. Sorted so,
// the instances of one generic (`from_iter`, `Map::fold`, a serializer's `serialize_field`) sit
// next to each other, the similar-sized (most alike) side by side, within gzip's 32 KiB window.
// Only the name section changes; `--strip-debug` drops it after the sort. Measured in
// docs/size.md (round 9: the size levers).

/** `wasm` with its function names rewritten as sort keys; `wasm` itself when it has none. */
export function namesForGzipOrder(wasm) {
  const bytes = Buffer.from(wasm);
  let p = 8;
  const u32 = () => {
    let r = 0;
    let shift = 0;
    let x;
    do {
      x = bytes[p++];
      r += (x & 0x7f) * 2 ** shift;
      shift += 7;
    } while (x & 0x80);
    return r;
  };
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
  const skipName = () => { const n = u32(); p += n; };
  const skipLimits = () => { const flags = bytes[p++]; u32(); if (flags & 1) u32(); };

  // Pass 1: the imported functions (they come first in the index space) and each body's size.
  let imported = 0;
  const sizes = new Map();
  let names = null; // [start, end) of the name section
  while (p < bytes.length) {
    const start = p;
    const id = bytes[p++];
    const len = u32();
    const end = p + len;
    if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        skipName();
        skipName();
        const kind = bytes[p++];
        if (kind === 0) { u32(); imported++; }
        else if (kind === 1) { p++; skipLimits(); }
        else if (kind === 2) skipLimits();
        else if (kind === 3) p += 2;
        else return wasm; // a kind this reader does not know: leave the binary as it is
      }
    } else if (id === 10) {
      const n = u32();
      for (let i = 0; i < n; i++) { const size = u32(); sizes.set(imported + i, size); p += size; }
    } else if (id === 0) {
      const n = u32();
      if (bytes.toString('latin1', p, p + n) === 'name') names = [start, end];
    }
    p = end;
  }
  if (!names) return wasm;

  // Pass 2: the name section again, its function names (subsection 1) replaced.
  p = names[0] + 1;
  u32();
  skipName();
  const subsections = [];
  while (p < names[1]) {
    const start = p;
    const id = bytes[p++];
    const len = u32();
    const end = p + len;
    if (id === 1) {
      const entries = [leb(u32())];
      while (p < end) {
        const index = u32();
        const n = u32();
        const name = bytes.toString('utf8', p, p + n);
        p += n;
        const key = Buffer.from(`${name.replace(/::h[0-9a-f]{16}$/, '')} ${String(sizes.get(index) ?? 0).padStart(7, '0')} ${index}`);
        entries.push(leb(index), leb(key.length), key);
      }
      const body = Buffer.concat(entries);
      subsections.push(Buffer.from([1]), leb(body.length), body);
    } else {
      subsections.push(bytes.subarray(start, end));
    }
    p = end;
  }
  const body = Buffer.concat([leb(4), Buffer.from('name'), ...subsections]);
  return Buffer.concat([bytes.subarray(0, names[0]), Buffer.from([0]), leb(body.length), body, bytes.subarray(names[1])]);
}
