// A browser/bundler consumer (moduleResolution bundler → the package's web.d.ts).
import init, { Gatekeeper, initSync } from 'toolgate';
import * as web from 'toolgate/web';

await init();
await init({ module_or_path: new URL('toolgate_bg.wasm', import.meta.url) });
initSync({ module: new Uint8Array(0) });
const gk = new web.Gatekeeper({});
const ok: boolean = new Gatekeeper({ ignoreFile: '*.secret' }).isIgnored('a.secret') || gk.isIgnored('b');
console.log(ok);

// @ts-expect-error initSync needs the module (bytes or a WebAssembly.Module)
initSync();
// @ts-expect-error a non-string path is a type error
gk.isIgnored(['a']);
// (No misuse test for init(42): lib.dom declares WebAssembly.Module as an empty interface,
// so wasm-bindgen's InitInput accepts any non-null value.)
