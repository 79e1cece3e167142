// A Node consumer (moduleResolution nodenext → the package's node.d.mts).
import init, { Gatekeeper } from 'toolgate';

await init(); // a no-op in Node, typed so shared browser code compiles
const gk: Gatekeeper = new Gatekeeper({ ignoreFile: '.env\n' });
const ignored: boolean = gk.isIgnored('src/.env');
console.log(ignored);
gk.free();

// @ts-expect-error a non-string path is a type error
gk.isIgnored(42);
// @ts-expect-error isIgnored returns a boolean, not a string
const wrong: string = gk.isIgnored('a');
console.log(wrong);

// Types generated from the Rust types (issue 15).
import type { GatekeeperConfig, Verdict, Outcome, ValidationResult, SettingsError, Snapshot } from 'toolgate';

// The natural prompt callback type-checks under strict; an answer that is not one does not.
const config: GatekeeperConfig = { prompt: async () => 'once', mode: 'write' };
const typed = new Gatekeeper(config);
new Gatekeeper({ prompt: async (request) => (request.tier === 'exec' ? 'deny' : 'always') });
// @ts-expect-error 'yes' is not an Answer
new Gatekeeper({ prompt: async () => 'yes' });
// @ts-expect-error a non-Answer from a plain callback
new Gatekeeper({ prompt: () => 42 });
// @ts-expect-error unknown mode
new Gatekeeper({ mode: 'sometimes' });
// @ts-expect-error a tool spec needs its tier
new Gatekeeper({ tools: { mine: { paths: ['file'] } } });
new Gatekeeper({ tools: { mine: { tier: 'read', patch: 'diff' } } });

const verdict: Verdict = typed.check({ tool: 'read_file', params: { path: '.env' } });
const code: Verdict['code'] = verdict.code;
// @ts-expect-error codes are a union of the codes toolgate answers with
const unknownCode: Verdict['code'] = 'no_such_code';
const line: number | undefined = verdict.blocked?.line;
const result: ValidationResult = typed.validate({ tool: 'read_file', params: { path: '.env' } });
if (!result.ok) console.log(result.code, result.blocked?.pattern);
const outcome: Promise<Outcome> = typed.authorize({ tool: 'bash', params: { command: 'ls' } });
const snapshot: Snapshot = typed.snapshot();
try { Gatekeeper.fromSnapshot(snapshot); } catch (e) { const err = e as SettingsError; console.log(err.field, err.code); }
console.log(code, unknownCode, line, outcome, snapshot.version);
