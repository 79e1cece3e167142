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
    const join = bound(Array.prototype.join);
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
    /** The strings of `paths` (an array), in order. */
    function strings(paths) {
        // The length as wasm reads it (ToUint32).
        const n = paths.length >>> 0;
        const record = create(null);
        let m = 0;
        for (let i = 0; i < n; i++) {
            const p = paths[i];
            if (typeof p === 'string') record[m++] = p;
        }
        return arrayOf(record, m);
    }
    /** Those of `list` that `keep` keeps. */
    function kept(list, keep) {
        const record = create(null);
        let n = 0;
        for (let i = 0; i < list.length; i++) if (keep(list[i], i)) record[n++] = list[i];
        return arrayOf(record, n);
    }

    function filterPaths(paths) {
        if (!isArray(paths)) return perEntry(this, paths);
        let list = strings(paths);
        if (list.length === 0) return [];
        let text = join(list, '\0');
        if (!wellFormed(text)) {
            list = kept(list, wellFormed);
            if (list.length === 0) return [];
            text = join(list, '\0');
        }
        const judged = judgeJoined(this, text, list.length);
        if (judged === undefined) return perEntry(this, list);
        return kept(list, (_, i) => judged[i] === 1);
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
        let list = strings(files);
        let text = join(list, '\0');
        if (!wellFormed(text)) {
            list = kept(list, wellFormed);
            text = join(list, '\0');
        }
        if (!setJoinedBound(this, text, list.length)) setEach(this, list);
    }
    Object.defineProperty(proto, 'setWorkspaceFiles', { value: setWorkspaceFiles, writable: true, configurable: true });
})();
