// @ts-check
// The toolgate playground: a webview-style chat panel where a simulated agent makes tool calls
// and one Gatekeeper (the package, web target, `init()`) validates and approves each of them.
// One module per concern: state.js (the Gatekeeper and its persistence), session.js (scenarios
// and free-form calls), verdict.js (how a verdict looks), log.js (the decision log),
// settings.js (the settings panel), import.js (the importers), dialog.js (the approval
// dialog), catalogue.js (tool names from the package), chat.js, dom.js.
import init from 'toolgate';
import { notice } from './chat.js';
import { $, errorText } from './dom.js';
import { wireImport } from './import.js';
import { wireLog } from './log.js';
import { setBusy, status, wireSession } from './session.js';
import { fillForms, wireSettings } from './settings.js';
import { restore } from './state.js';

function wireTabs() {
  const tabs = [$('tab-settings'), $('tab-log')];
  const select = (/** @type {HTMLElement} */ tab) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls') ?? '').hidden = !on;
    }
  };
  for (const [i, t] of tabs.entries()) {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => {
      const next = /** @type {Record<string, number>} */ ({ ArrowRight: 1, ArrowLeft: -1 })[e.key];
      if (!next) return;
      const target = tabs[(i + next + tabs.length) % tabs.length];
      select(target);
      target.focus();
    });
  }
}

try {
  await init();
  wireTabs();
  wireSession();
  wireLog();
  wireSettings();
  wireImport();
  const dropped = restore();
  if (dropped) notice(dropped);
  fillForms();
  setBusy(false);
  status('Ready. Pick a scenario and press Run, or send a tool call.', 'idle');
  document.body.dataset.ready = 'true';
} catch (e) {
  status(`Could not load toolgate: ${errorText(e)}`, 'error');
  document.body.dataset.ready = 'error';
  throw e;
}
