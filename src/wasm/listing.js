// toolgate: filterPaths() reads the listing here, in JS, and judges it in one crossing
// (src/wasm/listing.rs): each entry is read once; the strings are kept (holes, null-likes and
// every other value are dropped, as the per-entry rule drops them, without running any of the
// caller's code), those with a lone surrogate dropped, and the rest passed joined by NUL. wasm
// answers one byte per string, and the result is built from these same strings: what is
// returned is exactly what was judged, and no string crosses back. Anything else (no array, a
// path holding a NUL) goes to the per-entry method. Appended to every gate entry by
// scripts/build.mjs, where `Gatekeeper` is the wasm-bindgen class.
(() => {
    // The builtins as they are now: a caller's later changes to them cannot change the reads.
    const bound = (f) => Function.prototype.call.bind(f);
    const isArrayOf = Array.isArray;
    const create = Object.create;
    const arrayFrom = bound(Array.from);
    const ArrayOf = Array;
    const wellFormed = String.prototype.isWellFormed
        ? bound(String.prototype.isWellFormed)
        : ((test) => (s) => !test(s))(RegExp.prototype.test.bind(/\p{Surrogate}/u));

    const proto = Gatekeeper.prototype;
    const perEntry = bound(proto.filterPaths);
    const judge = proto.__toolgateFilter;
    if (typeof judge !== 'function') throw new Error('toolgate: the wasm exports no Gatekeeper.__toolgateFilter');
    delete proto.__toolgateFilter;
    const judgeJoined = bound(judge);

    // Array.isArray throws for a revoked proxy: the per-entry method answers for it.
    const isArray = (v) => { try { return isArrayOf(v); } catch { return false; } };

    // No element is assigned or pushed (which would run a setter of a polluted
    // Array.prototype): the values go into a record without a prototype, and `Array.from`
    // (the one captured here, with the real Array) defines the array's elements from it, as a
    // defineProperty per element did, an order of magnitude faster.
    const arrayOf = (record, n) => {
        record.length = n;
        return arrayFrom(ArrayOf, record);
    };
    /**
     * The strings of `paths` (an array), in order, as a record without a prototype (`length`
     * set), and the same joined by NUL: built in the one pass that reads the entries.
     */
    function strings(paths) {
        // The length as wasm reads it (ToUint32).
        const n = paths.length >>> 0;
        const record = create(null);
        let m = 0;
        let text = '';
        for (let i = 0; i < n; i++) {
            const p = paths[i];
            if (typeof p !== 'string') continue;
            text = m === 0 ? p : text + '\0' + p;
            record[m++] = p;
        }
        record.length = m;
        return { record, text };
    }
    /** Those of `record` that `keep` keeps, as an array. */
    function kept(record, keep) {
        const out = create(null);
        let n = 0;
        for (let i = 0; i < record.length; i++) if (keep(record[i], i)) out[n++] = record[i];
        return arrayOf(out, n);
    }
    /** The strings of `paths` and their text, those with a lone surrogate left out. */
    function wellFormedStrings(paths) {
        let { record, text } = strings(paths);
        if (!wellFormed(text)) {
            const list = kept(record, wellFormed);
            ({ record, text } = strings(list));
        }
        return { record, text };
    }

    function filterPaths(paths) {
        if (!isArray(paths)) return perEntry(this, paths);
        const { record, text } = wellFormedStrings(paths);
        const n = record.length;
        if (n === 0) return [];
        const judged = judgeJoined(this, text, n);
        if (judged === undefined) return perEntry(this, arrayOf(record, n));
        return kept(record, (_, i) => judged[i] === 1);
    }
    Object.defineProperty(proto, 'filterPaths', { value: filterPaths, writable: true, configurable: true });

    // setWorkspaceFiles(): the same one crossing for the view (src/wasm/listing.rs).
    const setEach = bound(proto.setWorkspaceFiles);
    const setJoined = proto.__toolgateSetFiles;
    if (typeof setJoined !== 'function') throw new Error('toolgate: the wasm exports no Gatekeeper.__toolgateSetFiles');
    delete proto.__toolgateSetFiles;
    const setJoinedBound = bound(setJoined);
    function setWorkspaceFiles(files) {
        if (!isArray(files)) return setEach(this, files);
        const { record, text } = wellFormedStrings(files);
        if (!setJoinedBound(this, text, record.length)) setEach(this, arrayOf(record, record.length));
    }
    Object.defineProperty(proto, 'setWorkspaceFiles', { value: setWorkspaceFiles, writable: true, configurable: true });
})();
