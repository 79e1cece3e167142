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

// ENGINE-DEPENDENT (add once the facade declares GatekeeperConfig, issue 5):
//   // @ts-expect-error unknown mode
//   new Gatekeeper({ mode: 'sometimes' });
//   // @ts-expect-error a prompt must return an Answer
//   new Gatekeeper({ prompt: () => 42 });
