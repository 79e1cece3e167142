'use strict';
// One hook call: the agent's payload in, the agent's answer out. Every failure on the way is a
// deny in the agent's protocol, with a reason saying what went wrong.
const { AGENTS, ShapeError, answer } = require('./agents.cjs');
const { SEVERITY, SettingsProblem, resolveSettings } = require('./settings.cjs');

/** The verdict that decides a call made of several toolgate calls: the most severe one. */
function worst(verdicts) {
  return verdicts.reduce((a, b) => (SEVERITY[b.decision] > SEVERITY[a.decision] ? b : a));
}

const describe = (v) => `toolgate: ${v.reason} [${v.code}]`;

/**
 * Judges the hook payload `text` for `agent`: `{ stdout, exitCode }`. `loadGatekeeper` gives
 * the package's class; a failure to load it is thrown to the caller, which denies.
 */
function judge({ agent, text, configFile, loadGatekeeper }) {
  let payload;
  try {
    payload = JSON.parse(text);
  } catch (e) {
    return answer(agent, 'deny', `toolgate: the hook input is not JSON (${e.message}); the call is denied`);
  }
  let read;
  try {
    read = AGENTS[agent].read(payload);
  } catch (e) {
    if (e instanceof ShapeError) return answer(agent, 'deny', `toolgate: ${e.message}; the call is denied`);
    throw e;
  }
  let settings;
  try {
    settings = resolveSettings({ agent, roots: read.roots, configFile });
  } catch (e) {
    if (e instanceof SettingsProblem) return answer(agent, 'deny', `toolgate: settings error: ${e.message}; every call is denied until it is fixed`);
    throw e;
  }
  const Gatekeeper = loadGatekeeper();
  let gk;
  try {
    gk = new Gatekeeper(settings.config);
  } catch (e) {
    return answer(agent, 'deny', `toolgate: settings error in ${settings.source}: ${e.message}; every call is denied until it is fixed`);
  }
  try {
    // A call may carry the least it is (`atLeast`): what the mapping knows toolgate cannot see.
    const verdict = worst(read.calls.map(({ atLeast, ...call }) => {
      const v = gk.check(call);
      return atLeast && SEVERITY[v.decision] < SEVERITY[atLeast.decision] ? atLeast : v;
    }));
    const decision = { deny: 'deny', prompt: 'ask', allow: settings.hook.allow === 'decide' ? 'allow' : 'defer' }[verdict.decision];
    return answer(agent, decision, describe(verdict));
  } finally {
    gk.free();
  }
}

module.exports = { judge };
