// The parts of a wasm binary the build's tools read (scripts/lib/order.mjs, bench/size-profile.mjs):
// LEB128 integers, the imported functions (first in the function index space), each function's
// body, the data section and the name section's function names.

/** A cursor over `bytes` from `at`: `u32()` reads a LEB128 integer, `skip()` a sized run. */
export function cursor(bytes, at = 8) {
  const c = {
    at,
    u32() {
      let r = 0;
      let shift = 0;
      let x;
      do {
        x = bytes[c.at++];
        r += (x & 0x7f) * 2 ** shift;
        shift += 7;
      } while (x & 0x80);
      return r;
    },
    skip() {
      const n = c.u32();
      c.at += n;
    },
  };
  return c;
}

const limits = (c, bytes) => {
  const flags = bytes[c.at++];
  c.u32();
  if (flags & 1) c.u32();
};

/**
 * `{ imported, bodies, data, names }`: the number of imported functions, each own function's
 * body by function index, the data section's bytes, and `[start, end)` of the name section
 * (its id byte included; null when there is none). null when the imports hold a kind this
 * reader does not know.
 */
export function outline(bytes) {
  const c = cursor(bytes);
  let imported = 0;
  const bodies = new Map();
  let data = bytes.subarray(0, 0);
  let names = null;
  while (c.at < bytes.length) {
    const start = c.at;
    const id = bytes[c.at++];
    const end = c.u32() + c.at;
    if (id === 2) {
      for (let n = c.u32(); n > 0; n--) {
        c.skip();
        c.skip();
        const kind = bytes[c.at++];
        if (kind === 0) { c.u32(); imported++; }
        else if (kind === 1) { c.at++; limits(c, bytes); }
        else if (kind === 2) limits(c, bytes);
        else if (kind === 3) c.at += 2;
        else return null;
      }
    } else if (id === 10) {
      for (let i = 0, n = c.u32(); i < n; i++) {
        const size = c.u32();
        bodies.set(imported + i, bytes.subarray(c.at, c.at + size));
        c.at += size;
      }
    } else if (id === 11) {
      data = bytes.subarray(c.at, end);
    } else if (id === 0) {
      const n = c.u32();
      if (Buffer.from(bytes.subarray(c.at, c.at + n)).toString('latin1') === 'name') names = [start, end];
    }
    c.at = end;
  }
  return { imported, bodies, data, names };
}

/** The function names (subsection 1) of the name section at `[start, end)`, by index. */
export function functionNames(bytes, [start, end]) {
  const c = cursor(bytes, start + 1);
  c.u32();
  c.skip(); // "name"
  const out = new Map();
  while (c.at < end) {
    const id = bytes[c.at++];
    const subEnd = c.u32() + c.at;
    if (id === 1) {
      for (let n = c.u32(); n > 0; n--) {
        const index = c.u32();
        const len = c.u32();
        out.set(index, Buffer.from(bytes.subarray(c.at, c.at + len)).toString('utf8'));
        c.at += len;
      }
    }
    c.at = subEnd;
  }
  return out;
}
