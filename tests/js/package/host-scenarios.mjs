// What a host needs of the package whatever its JS does (issue 26): the host never crashes,
// an instance survives any exception of the host's code, results own their fields, and a
// pending decision never fails open. Plain JS over a `Gatekeeper` class, so the same scenarios
// run on the package as shipped in Node (host.test.mjs here) and in Chromium
// (tests/js/host.test.mjs), and on wasm-bindgen's own glue of the plain build in both
// (tests/wasm_host.rs). Resolves to the failures, one line each (none: all held).

// `pollutedThen: false` leaves out the scenarios that set `Object.prototype.then` while an
// `authorize` settles: a test harness resolving its own promises with objects meanwhile
// (wasm-bindgen-test's in a browser) would adopt it, endlessly.
export async function hostScenarios(Gatekeeper, { churn = 3000, pollutedThen = true } = {}) {
  const failures = [];
  // A scenario that does not finish in 10 s (an `authorize` that never settles) fails.
  const scenario = async (name, f) => {
    let timer;
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('did not settle within 10 s')), 10_000); });
    try {
      await Promise.race([f(), late]);
    } catch (e) {
      failures.push(`${name}: ${e && e.message ? e.message : String(e)}`);
    } finally {
      clearTimeout(timer);
    }
  };
  const expect = (ok, what) => {
    if (!ok) throw new Error(what);
  };
  const read = (path) => ({ tool: 'read_file', params: { path } });
  const config = (extra) => ({ workspaceRoots: ['/ws'], ignoreFile: '.env\n', mode: 'yolo', ...extra });
  const own = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
  const never = () => new Promise(() => {});
  const tick = () => new Promise((r) => setTimeout(r, 0));
  /** A usable instance: it answers, and frees. */
  const usable = (gk, what) => {
    const v = gk.check(read('src/a.rs'));
    expect(v.decision === 'allow' || v.code === 'policy_prompt', `${what}: a later check answered ${JSON.stringify(v)}`);
    expect(gk.check(read('.env')).decision === 'deny', `${what}: a later check of .env did not deny`);
    gk.free();
  };
  /**
   * Runs `f` with `target[key]` defined as `descriptor`, then takes it away: at once when `f`
   * returns no promise (nothing else runs while it is polluted), else when its promise settles.
   */
  const polluted = (target, key, descriptor, f) => {
    Object.defineProperty(target, key, { configurable: true, ...descriptor });
    let out;
    try {
      out = f();
    } finally {
      if (!(out instanceof Promise)) delete target[key];
    }
    return out instanceof Promise ? out.finally(() => { delete target[key]; }) : out;
  };

  // 1. Instances created and dropped or freed by the thousand, interleaved with checks: Node
  // 20's V8 crashed the process here (a JS→wasm call returning one externref, inlined and then
  // deoptimized).
  await scenario('churn', () => {
    const keep = new Gatekeeper(config());
    for (let i = 0; i < churn; i++) {
      const gk = new Gatekeeper(i % 7 === 0 ? config({ tools: { [`t${i}`]: { tier: 'read' } } }) : config());
      const v = gk.check(read(i % 2 ? 'a' : `dir/${i}.txt`));
      expect(v.decision === 'allow', `instance ${i}: ${v.decision}`);
      if (i % 3 === 0) gk.free();
      if (i % 50 === 0) expect(keep.check(read('.env')).decision === 'deny', `check ${i} on the kept instance`);
    }
    usable(keep, 'after the churn');
  });

  // 2. A host's exception while a result is built: a throwing setter on the prototypes. The
  // results are built without running it, so each call answers and the instance stays usable.
  const methods = {
    check: (gk) => gk.check(read('.env')).decision === 'deny',
    validate: (gk) => gk.validate(read('.env')).ok === false,
    explain: (gk) => gk.explain(read('.env')).verdict.decision === 'deny',
    snapshot: (gk) => gk.snapshot().version === 1,
    alwaysAllowedTools: (gk) => gk.alwaysAllowedTools[0] === 'list_files',
    turnGrants: (gk) => Array.isArray(gk.turnGrants.allow),
    catalogue: (gk) => typeof gk.catalogue.read_file === 'object',
    filterPaths: (gk) => JSON.stringify(gk.filterPaths(['.env', 'a', 'b'])) === '["a","b"]',
    analyseCommand: () => Gatekeeper.analyseCommand('ls; cat a').commands.length === 2,
  };
  const boom = { set() { throw new Error('boom'); } };
  for (const [target, keys] of [
    [Object.prototype, ['decision', 'ok', 'verdict', 'version', 'allow', 'read_file', 'commands', 'code']],
    [Array.prototype, ['0', '1']],
  ]) {
    for (const key of keys) {
      await scenario(`a throwing setter ${target === Object.prototype ? 'Object' : 'Array'}.prototype.${key}`, async () => {
        const gk = new Gatekeeper(config({ alwaysAllow: ['list_files'] }));
        polluted(target, key, boom, () => {
          for (const [name, holds] of Object.entries(methods)) {
            let ok;
            try {
              ok = holds(gk);
            } catch (e) {
              throw new Error(`${name} threw ${e}`);
            }
            expect(ok, `${name} answered wrongly`);
          }
        });
        usable(gk, key);
      });
    }
  }

  // 3. Results own their fields: an inherited value cannot show through.
  await scenario('an inherited decision, ok or allowed', async () => {
    const gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => 'deny' }));
    await polluted(Object.prototype, 'decision', { value: 'allow' }, () => {
      const v = gk.check(read('.env'));
      expect(own(v, 'decision') && v.decision === 'deny', `check: decision ${v.decision}`);
      expect(gk.explain(read('.env')).verdict.decision === 'deny', 'explain');
    });
    await polluted(Object.prototype, 'ok', { value: true }, () => {
      const r = gk.validate(read('.env'));
      expect(own(r, 'ok') && r.ok === false, `validate: ok ${r.ok}`);
    });
    await polluted(Object.prototype, 'allowed', { value: true }, async () => {
      const o = await gk.authorize(read('src/a.rs'));
      expect(own(o, 'allowed') && o.allowed === false, `authorize: allowed ${o.allowed}`);
    });
    usable(gk, 'inherited values');
  });

  // 4. An inherited `then` cannot make an outcome or a marker a thenable.
  if (pollutedThen) await scenario('a polluted then', async () => {
    const cases = [
      ['a deny answer', config({ mode: 'always-ask', prompt: () => 'deny' }), undefined],
      ['a timeout', config({ mode: 'always-ask', promptTimeoutMs: 5, prompt: never }), undefined],
      ['an abort', config({ mode: 'always-ask', prompt: never }), 'abort'],
      ['an engine deny', config(), undefined],
    ];
    for (const [what, cfg, abort] of cases) {
      const gk = new Gatekeeper(cfg);
      const controller = new AbortController();
      let outcome;
      await polluted(Object.prototype, 'then', { value: (res) => res({ allowed: true }), writable: true }, async () => {
        const p = gk.authorize(read(what === 'an engine deny' ? '.env' : 'src/a.rs'), { signal: controller.signal });
        if (abort) setTimeout(() => controller.abort(), 5);
        // taken by `then` itself: the test's own awaiting adopts no object while polluted
        await new Promise((done) => { p.then((o) => { outcome = o; done(); }); });
      });
      expect(outcome.allowed === false, `${what}: allowed ${outcome.allowed}`);
      usable(gk, what);
    }
  });

  // 5. Judged again at the answer: a deny made while the prompt is open wins.
  const changes = {
    'a deny override': (gk) => gk.setOverride('read_file', 'deny'),
    'a turn deny': (gk) => gk.grantForTurn({ deny: ['read_file'] }),
    'a deny rule': (gk) => gk.setRules({ deny: ['read_file(src/**)'] }),
    'an ignore line': (gk) => gk.setIgnoreFile('src/\n'),
  };
  for (const answer of ['once', 'always']) {
    for (const [what, change] of Object.entries(changes)) {
      await scenario(`${what}, then "${answer}"`, async () => {
        let gk;
        gk = new Gatekeeper(config({ mode: 'always-ask', prompt: async () => { change(gk); return answer; } }));
        const o = await gk.authorize(read('src/a.rs'));
        expect(o.allowed === false && o.decidedBy !== 'user', `${JSON.stringify(o)}`);
        expect(gk.check(read('src/a.rs')).decision === 'deny', 'check does not deny either');
        expect(!gk.isAlwaysAllowed('read_file'), '"always" was recorded');
      });
    }
  }

  // 6. Aborts: seen when they happen inside the callback; a signal that cannot be read denies.
  await scenario('an abort inside the callback', async () => {
    const controller = new AbortController();
    const gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => { controller.abort(); return never(); } }));
    const o = await Promise.race([gk.authorize(read('src/a.rs'), { signal: controller.signal }), tick().then(tick).then(() => 'unsettled')]);
    expect(o !== 'unsettled' && o.allowed === false && o.decidedBy === 'abort', JSON.stringify(o));
  });
  await scenario('an abort inside the callback, then "once"', async () => {
    const controller = new AbortController();
    const gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => { controller.abort(); return 'once'; } }));
    const o = await gk.authorize(read('src/a.rs'), { signal: controller.signal });
    expect(o.allowed === false && o.decidedBy === 'abort', JSON.stringify(o));
  });
  const unreadable = {
    'a throwing signal getter': () => ({ get signal() { throw new Error('no'); } }),
    'a throwing aborted': () => ({ signal: { get aborted() { throw new Error('no'); }, addEventListener() {}, removeEventListener() {} } }),
    'a revoked proxy': () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return { signal: proxy }; },
    'revoked options': () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; },
  };
  for (const [what, options] of Object.entries(unreadable)) {
    await scenario(what, async () => {
      let asked = false;
      const gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => { asked = true; return 'once'; } }));
      const o = await gk.authorize(read('src/a.rs'), options());
      expect(o.allowed === false && !asked, `${JSON.stringify(o)}, asked: ${asked}`);
      usable(gk, what);
    });
  }

  // 7. Freed while a prompt is open: denied.
  await scenario('free() inside the callback', async () => {
    let gk;
    gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => { gk.free(); return 'once'; } }));
    const o = await gk.authorize(read('src/a.rs'));
    expect(o.allowed === false, JSON.stringify(o));
  });
  await scenario('free() while the answer is pending', async () => {
    let answer;
    const gk = new Gatekeeper(config({ mode: 'always-ask', prompt: () => new Promise((r) => { answer = r; }) }));
    const p = gk.authorize(read('src/a.rs'));
    await tick();
    gk.free();
    answer('always');
    const o = await p;
    expect(o.allowed === false, JSON.stringify(o));
  });

  // 8. The host's code running while a call is read may call the same instance.
  await scenario('re-entry from a getter of the call', async () => {
    const gk = new Gatekeeper(config());
    const call = { get tool() { gk.mode = 'always-ask'; gk.setRules({ deny: ['bash'] }); return 'read_file'; }, params: { path: 'a' } };
    const v = gk.check(call);
    expect(v.decision === 'prompt', JSON.stringify(v));
    gk.mode = 'yolo';
    gk.setRules({});
    usable(gk, 're-entry');
  });

  // 9. Settings: a BigInt is no number; fromSnapshot names every field under `snapshot.`.
  await scenario('promptTimeoutMs: 10n', () => {
    let thrown;
    try { new Gatekeeper({ promptTimeoutMs: 10n }); } catch (e) { thrown = e; }
    expect(thrown && thrown.field === 'promptTimeoutMs' && /BigInt/.test(thrown.message), `threw ${thrown}`);
  });
  await scenario('fromSnapshot field names', () => {
    const bad = [
      { version: 1, promptTimeoutMs: 10n },
      { version: 1, promptTimeoutMs: 2 ** 31 },
      { version: 1, overrideOrigins: { read_file: 'x' } },
      { version: 1, rules: { allow: ['bad tool'] } },
      { version: 1, workspaceRoots: ['relative'] },
    ];
    for (const s of bad) {
      let thrown;
      try { Gatekeeper.fromSnapshot(s); } catch (e) { thrown = e; }
      expect(thrown && typeof thrown.field === 'string' && thrown.field.startsWith('snapshot.'), `${JSON.stringify(s, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))}: field ${thrown && thrown.field}`);
    }
  });

  return failures;
}
