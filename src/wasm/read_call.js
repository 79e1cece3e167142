// toolgate: check(), validate(), explain() and authorize() read the call here, in JS, and pass
// it into wasm as one string (packed as src/wasm/plain.rs describes): read from wasm, every
// property costs a guarded call into JS. This is read_call (src/wasm/read.rs), read for read:
// the same properties in the same order, each value taken with `Reflect.get` (a getter or a
// proxy's `get` trap runs once) and, when it holds something, asked whether it is own. Any
// read that throws or finds an inherited value, and any value that is not a string, a
// boolean, null or undefined, hands read_call a replay of exactly what was read (so it runs
// nothing of the caller's twice) and read_call words the verdict. The packed method's answer
// comes back as a packed record (src/wasm/pack.rs: a tape in wasm memory and one string of
// texts), decoded here into the object owned.rs builds; any surprise in it takes the
// object from wasm instead. Every call into wasm goes through the layer's methods, whose
// exports return two values (plain.rs says why: Node 20's V8). Appended to every gate entry by
// scripts/lib/glue.mjs, where `Gatekeeper` is the wasm-bindgen class.
(() => {
    // The builtins as they are now: a caller's later changes to them cannot change the reads.
    const get = Reflect.get;
    const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
    const isArrayOf = Array.isArray;
    const create = Object.create;
    const ProxyOf = Proxy;
    const startsWith = Function.prototype.call.bind(String.prototype.startsWith);
    const loneSurrogate = String.prototype.isWellFormed
        ? ((wellFormed) => (s) => !wellFormed(s))(Function.prototype.call.bind(String.prototype.isWellFormed))
        : RegExp.prototype.test.bind(/\p{Surrogate}/u);
    const tables = new WeakMap();
    const tableOf = WeakMap.prototype.get.bind(tables);
    const keepTable = WeakMap.prototype.set.bind(tables);

    const bound = (f) => Function.prototype.call.bind(f);

    const proto = Gatekeeper.prototype;
    const take = (name) => {
        const f = proto[name];
        if (typeof f !== 'function') throw new Error(`toolgate: the wasm exports no Gatekeeper.${name}`);
        delete proto[name];
        return bound(f);
    };
    const takeStatic = (name) => {
        const f = Gatekeeper[name];
        if (typeof f !== 'function') throw new Error(`toolgate: the wasm exports no Gatekeeper.${name}`);
        delete Gatekeeper[name];
        return f;
    };
    const paramsTable = take('__toolgateParams');
    // plain.rs `judge_packed`: (method number, packed call or '' for the replay `read`, call, options).
    const judgePacked = take('__toolgateJudge');
    const METHOD = { __proto__: null, check: 0, validate: 1, explain: 2, authorize: 3 };
    const AS_OBJECT = 4; // added to a method's number: the answer as an object, not a record
    const nameList = takeStatic('__toolgateNames');
    const tapeAt = takeStatic('__toolgateTape');
    const Units = Uint16Array;
    const getter = (proto, key) => bound(Object.getOwnPropertyDescriptor(proto, key).get);
    const unitsIn = getter(Object.getPrototypeOf(Uint16Array.prototype), 'length');
    const bufferOf = getter(WebAssembly.Memory.prototype, 'buffer');
    const sliceText = bound(String.prototype.slice);
    const analysePacked = takeStatic('__toolgateAnalyse');
    const defineProperty = Reflect.defineProperty;
    const keysOf = Object.keys;
    const arrayFrom = bound(Array.from);
    const ArrayOf = Array;
    /** An array of `n` own elements, made without a store into an array (a store into a
     *  missing element would run a setter of a polluted Array.prototype; one into an own
     *  element never consults it). */
    const filled = (n) => {
        const o = create(null);
        for (let i = 0; i < n; i++) o[i] = 0;
        return keysOf(o);
    };
    const MAX_SAFE_INTEGER = 2 ** 53 - 1;

    // What each tool reads, from the instance's catalogue (asked once per instance).
    function table(gk) {
        let t = tableOf(gk);
        if (t === undefined) {
            const list = paramsTable(gk);
            t = create(null);
            t.prefix = list[0];
            t.unknown = internalized(list[1]);
            t.mcp = internalized(list[2]);
            t.tools = create(null);
            for (let i = 3; i < list.length; i += 2) t.tools[list[i]] = internalized(list[i + 1]);
            keepTable(gk, t);
        }
        return t;
    }
    /** The params `tool` reads; undefined for a tool read_call judges by its name alone. */
    function namesOf(t, tool) {
        const names = t.tools[tool];
        if (names !== undefined) return names; // a declared name is valid Unicode
        if (loneSurrogate(tool)) return undefined;
        return startsWith(tool, t.prefix) ? t.mcp : t.unknown;
    }

    // Array.isArray throws for a revoked proxy, which read_call takes for no array.
    const isArray = (v) => { try { return isArrayOf(v); } catch { return false; } };

    // A read that cannot be judged: `field` returns FAILED and says how in `failure`, which
    // its caller takes before any other code of the caller's runs. Every record here has no
    // prototype, so a polluted Object.prototype adds no field to it.
    const FAILED = create(null);
    const THREW = 1;
    const OWN_THREW = 2;
    const INHERITED = 3;
    let failure;
    const NOT_READ = create(null);

    /** read.rs `call_field`: `o[key]`, asked whether own only when it holds something. */
    function field(o, key) {
        let v;
        try { v = get(o, key); } catch (error) { failure = { __proto__: null, kind: THREW, error }; return FAILED; }
        if (v === undefined) return v;
        let own;
        try { own = hasOwn(o, key); } catch (error) { failure = { __proto__: null, kind: OWN_THREW, value: v, error }; return FAILED; }
        if (!own) { failure = { __proto__: null, kind: INHERITED, value: v }; return FAILED; }
        return v;
    }

    // A replay: an object that answers read_call's two questions (`Reflect.get`, and the own
    // property test) for each key as the caller's object answered them. `answers[key]` is a
    // value read (own, or undefined) or a failure; unread keys are absent.
    const replay = (answers) => new ProxyOf(create(null), {
        __proto__: null,
        get(_, key) {
            const a = answers[key];
            if (a === undefined) return undefined;
            if (a.kind === THREW) throw a.error;
            return a.value;
        },
        getOwnPropertyDescriptor(_, key) {
            const a = answers[key];
            if (a === undefined || a.kind === INHERITED) return undefined;
            if (a.kind === OWN_THREW) throw a.error;
            return { __proto__: null, value: a.value, writable: true, enumerable: true, configurable: true };
        },
    });
    const own = (value) => ({ __proto__: null, value });
    function callReplay(tool, params) {
        const answers = create(null);
        answers.tool = tool;
        if (params !== undefined) answers.params = params;
        return replay(answers);
    }
    /** The params replay: the first `n` names read as `values[name]`, then `last` if any. */
    function paramsReplay(names, values, n, last) {
        const answers = create(null);
        for (let i = 0; i < n; i++) answers[names[i]] = own(values[names[i]]);
        if (last !== undefined) answers[names[n]] = last;
        return replay(answers);
    }

    /**
     * The call as one packed string (plain.rs), or what to hand read_call instead: a replay,
     * or NOT_READ when read_call reads nothing of it (it is no object): then the call itself.
     */
    function read(gk, call) {
        if (typeof call !== 'object' || call === null || isArray(call)) return NOT_READ;
        const tool = field(call, 'tool');
        if (tool === FAILED) return callReplay(failure);
        // read_call stops at a tool that is not a valid string, before reading params.
        if (typeof tool !== 'string') return callReplay(own(tool));
        const t = table(gk);
        const names = namesOf(t, tool);
        if (names === undefined) return callReplay(own(tool));
        const p = field(call, 'params');
        if (p === FAILED) return callReplay(own(tool), failure);
        if (p === undefined || p === null) return `${tool.length}:${tool}`;
        if (typeof p !== 'object' || isArray(p)) return callReplay(own(tool), own(p));
        const values = create(null);
        let packedCall = `${tool.length}:${tool}o`;
        let plain = true;
        for (let i = 0; i < names.length; i++) {
            const v = field(p, names[i]);
            if (v === FAILED) return callReplay(own(tool), own(paramsReplay(names, values, i, failure)));
            values[names[i]] = v;
            if (typeof v === 'string') packedCall += `${v.length}:${v}`;
            else if (v === undefined || v === null) packedCall += 'n';
            else if (v === true) packedCall += 't';
            else if (v === false) packedCall += 'f';
            else plain = false;
        }
        return plain ? packedCall : callReplay(own(tool), own(paramsReplay(names, values, names.length)));
    }

    // A packed call the packed method declined (its text holds U+FFFD, which a lone surrogate
    // becomes on the way into wasm): the same values, as a replay for read_call to tell.
    function unpacked(gk, text) {
        let at = 0;
        const string = () => {
            const colon = text.indexOf(':', at);
            const end = colon + 1 + Number(text.slice(at, colon));
            const s = text.slice(colon + 1, end);
            at = end;
            return s;
        };
        const tool = string();
        if (at === text.length) return callReplay(own(tool), own(undefined));
        at++; // 'o'
        const names = namesOf(table(gk), tool);
        const answers = create(null);
        for (let i = 0; i < names.length; i++) {
            const slot = text[at];
            answers[names[i]] = own(slot === 'n' ? null : slot === 't' ? true : slot === 'f' ? false : string());
            if (slot === 'n' || slot === 't' || slot === 'f') at++;
        }
        return callReplay(own(tool), own(replay(answers)));
    }

    // ---- the answer: a packed record (pack.rs) as the object owned.rs builds -----------------

    // Every field and element is defined, never assigned: an assignment would run a setter of
    // a polluted Object.prototype or Array.prototype, and an inherited read-only property
    // (`decision`, `ok`) would keep the result from getting its own. An object or array
    // literal defines its fields (computed keys too) and runs nothing of the caller's, so the
    // usual sizes are built as one literal from the decoded keys and values (an order of
    // magnitude faster than a defineProperty per field); larger ones field by field, through a
    // descriptor that has no prototype (an inherited `get` would make it an accessor's).
    const ownData = { __proto__: null, value: undefined, writable: true, enumerable: true, configurable: true };
    const put = (o, key, v) => {
        ownData.value = v;
        defineProperty(o, key, ownData);
    };
    // The keys and values decoded so far, as a stack (an object's fields from `base` up; a
    // nested value's above them). Filled once, so a store finds its own element and never
    // consults Array.prototype.
    const STACK = 1024;
    const K = filled(STACK);
    const V = filled(STACK);
    let sp = 0;
    const objectOf = [
        () => ({}),
        (b) => ({ [K[b]]: V[b] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4],
            [K[b + 5]]: V[b + 5] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4],
            [K[b + 5]]: V[b + 5], [K[b + 6]]: V[b + 6] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4],
            [K[b + 5]]: V[b + 5], [K[b + 6]]: V[b + 6], [K[b + 7]]: V[b + 7] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4],
            [K[b + 5]]: V[b + 5], [K[b + 6]]: V[b + 6], [K[b + 7]]: V[b + 7], [K[b + 8]]: V[b + 8] }),
        (b) => ({ [K[b]]: V[b], [K[b + 1]]: V[b + 1], [K[b + 2]]: V[b + 2], [K[b + 3]]: V[b + 3], [K[b + 4]]: V[b + 4],
            [K[b + 5]]: V[b + 5], [K[b + 6]]: V[b + 6], [K[b + 7]]: V[b + 7], [K[b + 8]]: V[b + 8], [K[b + 9]]: V[b + 9] }),
    ];
    const arrayOf = [
        () => [],
        (b) => [V[b]],
        (b) => [V[b], V[b + 1]],
        (b) => [V[b], V[b + 1], V[b + 2]],
        (b) => [V[b], V[b + 1], V[b + 2], V[b + 3]],
    ];
    /** The object or array of the `n` keys and values from `base`, which it then releases. */
    function built(base, n, array) {
        const of = array ? arrayOf : objectOf;
        let o;
        if (n < of.length) o = of[n](base);
        else if (array) {
            // the captured Array.from over a record without a prototype: no store into an array
            const record = create(null);
            for (let i = 0; i < n; i++) record[i] = V[base + i];
            record.length = n;
            o = arrayFrom(ArrayOf, record);
        } else {
            o = {};
            for (let i = 0; i < n; i++) put(o, K[base + i], V[base + i]);
        }
        for (let i = base; i < base + n; i++) V[i] = undefined;
        sp = base;
        return o;
    }

    // The names by number (fixed texts and field names), as pack.rs numbers them; fetched
    // again when a record has a number not yet here (the list only grows).
    let names = [];
    const SURPRISE = create(null);
    // pack.rs's units.
    const OBJECT = 1, END_OBJECT = 2, ARRAY = 3, END_ARRAY = 4, TRUE = 5, FALSE = 6, UNDEFINED = 7;
    const STRING = 8, INTEGER = 9, NEGATIVE = 10, NAME = 16;
    // Where the tape is: wasm memory (a view, made again when the memory grows) and the tape's
    // address (fixed), asked on the first record.
    let memory;
    let view = new Units(0);
    let address = -1;
    // The record being decoded: where in the view its value is, and its texts. Saved and
    // restored around each decode: a setter on Object.prototype may call a method of the class
    // meanwhile (and that method's record replaces this one: see the serial number).
    let at = 0;
    let end = 0;
    let text = '';
    let pos = 0;

    function name(k) {
        if (k >= names.length) names = internalized(nameList());
        if (k >= names.length) throw SURPRISE;
        return names[k];
    }
    // The names as V8's own keys: a string made from wasm memory is looked up in V8's string
    // table each time it names a property, a key taken back from an object never is.
    function internalized(list) {
        const out = filled(list.length);
        for (let i = 0; i < list.length; i++) {
            const o = create(null);
            o[list[i]] = 0;
            out[i] = keysOf(o)[0];
        }
        return out;
    }

    function value() {
        if (at >= end) throw SURPRISE;
        const c = view[at++];
        if (c >= NAME) return name(c - NAME);
        if (c === STRING) {
            const last = pos + view[at] + view[at + 1] * 0x10000;
            at += 2;
            if (!(last <= text.length)) throw SURPRISE;
            const s = sliceText(text, pos, last);
            pos = last;
            return s;
        }
        if (c === OBJECT) {
            const base = sp;
            let k;
            while ((k = view[at]) >= NAME) {
                at++;
                if (sp >= STACK) throw SURPRISE;
                K[sp] = name(k - NAME);
                const slot = sp++;
                V[slot] = value();
            }
            if (view[at++] !== END_OBJECT) throw SURPRISE;
            return built(base, sp - base, false);
        }
        if (c === ARRAY) {
            const base = sp;
            while (view[at] !== END_ARRAY) {
                if (at >= end || sp >= STACK) throw SURPRISE;
                const slot = sp++;
                V[slot] = value();
            }
            at++;
            return built(base, sp - base, true);
        }
        if (c === TRUE) return true;
        if (c === FALSE) return false;
        if (c === UNDEFINED) return undefined;
        if (c === INTEGER || c === NEGATIVE) {
            const n = view[at] + view[at + 1] * 0x10000 + view[at + 2] * 0x100000000 + view[at + 3] * 0x1000000000000;
            at += 4;
            if (!(n <= MAX_SAFE_INTEGER)) throw SURPRISE;
            return c === NEGATIVE ? -n : n;
        }
        throw SURPRISE;
    }

    /** The object the record in wasm memory with these texts stands for; throws on any surprise. */
    function decoded(texts) {
        if (address < 0) {
            const where = tapeAt();
            memory = where[0];
            address = where[1] / 2;
        }
        if (unitsIn(view) === 0) view = new Units(bufferOf(memory));
        const serial = view[address + 1] + view[address + 2] * 0x10000;
        const outer = at;
        const outerEnd = end;
        const outerText = text;
        const outerPos = pos;
        const outerSp = sp;
        try {
            at = address + 3;
            end = at + view[address];
            text = texts;
            pos = 0;
            const v = value();
            if (at !== end || pos !== text.length) throw SURPRISE;
            // A method that ran meanwhile (a setter's) wrote its record over this one.
            if (unitsIn(view) === 0 || view[address + 1] + view[address + 2] * 0x10000 !== serial) throw SURPRISE;
            return v;
        } finally {
            at = outer;
            end = outerEnd;
            text = outerText;
            pos = outerPos;
            sp = outerSp;
        }
    }

    /** The packed method for a packed call, else (or when it declines) read_call's, as an object. */
    function judge(gk, call, method) {
        const r = read(gk, call);
        const object = (read) => judgePacked(gk, METHOD[method] + AS_OBJECT, '', read, undefined, undefined);
        if (r === NOT_READ) return object(call);
        if (typeof r !== 'string') return object(r);
        const out = judgePacked(gk, METHOD[method], r, undefined, undefined, undefined);
        if (out === undefined) return object(unpacked(gk, r));
        if (typeof out !== 'string') return out; // it did not pack: the object
        try {
            return decoded(out);
        } catch {
            return judgePacked(gk, METHOD[method] + AS_OBJECT, r, undefined, undefined, undefined);
        }
    }

    const method = (value) => ({ value, writable: true, configurable: true });
    Object.defineProperties(proto, {
        check: method(function check(call) { return judge(this, call, 'check'); }),
        validate: method(function validate(call) { return judge(this, call, 'validate'); }),
        explain: method(function explain(call) { return judge(this, call, 'explain'); }),
        // authorize prompts with the call as given: `call` goes along for its params.
        authorize: method(function authorize(call, options) {
            const r = read(this, call);
            const replayed = (read) => judgePacked(this, METHOD.authorize, '', read, call, options);
            if (r === NOT_READ) return replayed(call);
            if (typeof r !== 'string') return replayed(r);
            const out = judgePacked(this, METHOD.authorize, r, undefined, call, options);
            return out !== undefined ? out : replayed(unpacked(this, r));
        }),
    });
    Object.defineProperty(Gatekeeper, 'analyseCommand', method(function analyseCommand(command) {
        const out = analysePacked(command, false);
        if (typeof out !== 'string') return out;
        try {
            return decoded(out);
        } catch {
            return analysePacked(command, true);
        }
    }));
})();
