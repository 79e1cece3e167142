// Bare playground: loads the wasm (web target, `init()`), rebuilds the Gatekeeper whenever the
// ignore file changes, and asks `isIgnored` live as a path is typed.
import init, { Gatekeeper } from 'toolgate';

const ignoreFile = document.getElementById('ignore-file');
const status = document.getElementById('ignore-status');
const pathInput = document.getElementById('path');
const result = document.getElementById('result');

// The agent's workspace: relative paths resolve against it; paths outside it are not the
// ignore file's business (they are "external").
const WORKSPACE_ROOT = '/workspace';

let gatekeeper = null;

function rebuild() {
  try {
    const next = new Gatekeeper({ workspaceRoots: [WORKSPACE_ROOT], ignoreFile: ignoreFile.value });
    gatekeeper?.free();
    gatekeeper = next;
    const rules = ignoreFile.value.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).length;
    setStatus(`Ignore file compiled: ${rules} rule${rules === 1 ? '' : 's'}.`, 'ok');
  } catch (e) {
    // Keep the last good Gatekeeper; say what is wrong with the new text.
    setStatus(`Ignore file not applied: ${e instanceof Error ? e.message : String(e)}`, 'error');
  }
  check();
}

function check() {
  const path = pathInput.value;
  if (!path || !gatekeeper) {
    show('—', 'empty');
    return;
  }
  const ignored = gatekeeper.isIgnored(path);
  show(ignored ? 'ignored — blocked for the agent' : 'not ignored — allowed', ignored ? 'ignored' : 'allowed');
}

function show(text, state) {
  result.textContent = text;
  result.dataset.state = state;
}

function setStatus(text, state) {
  status.textContent = text;
  status.dataset.state = state;
}

try {
  await init();
  rebuild();
  ignoreFile.addEventListener('input', rebuild);
  pathInput.addEventListener('input', check);
  pathInput.disabled = false;
  pathInput.focus();
  document.body.dataset.ready = 'true';
} catch (e) {
  setStatus(`Could not load toolgate: ${e instanceof Error ? e.message : String(e)}`, 'error');
  document.body.dataset.ready = 'error';
  throw e;
}
