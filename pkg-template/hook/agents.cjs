'use strict';
// Each agent's hook protocol: what its pre-tool hook reads on stdin, how its tool calls map onto
// toolgate's catalogue, and how an answer is written back (stdout and exit code). The protocols
// and their sources are in docs/hooks.md.
//
// An answer is one of:
//   deny   the call does not run; the reason goes to the model
//   ask    the agent's own approval prompt decides (agents that cannot ask deny instead)
//   allow  toolgate approves (only when the settings say toolgate decides)
//   defer  no decision: the agent's own permission flow goes on as if there were no hook

/** A payload or tool input toolgate cannot read: the call is denied, saying what was wrong. */
class ShapeError extends Error {}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o, k) => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

function field(input, name, tool, kind) {
  const v = own(input, name);
  if (kind === 'any') return v;
  if (v === undefined || v === null) {
    if (kind === 'str?') return undefined;
    throw new ShapeError(`${tool}: tool_input has no "${name}"`);
  }
  if (typeof v !== 'string') throw new ShapeError(`${tool}: tool_input.${name} is not a string`);
  return v;
}

/**
 * Maps `input` through a table row `[toolgateTool, [[from, to, kind], …]]`, where kind is
 * 'str' (a required string), 'str?' (an optional string) or 'any' (passed as it is). A `from`
 * of 'a|b' takes the first of the two that is present.
 */
function mapped(tool, [target, fields], input) {
  const params = {};
  for (const [from, to, kind] of fields) {
    const names = from.split('|');
    const present = names.filter((n) => own(input, n) !== undefined && own(input, n) !== null);
    // Two spellings of one param that disagree: which one the tool reads is not certain.
    if (new Set(present.map((n) => input[n])).size > 1) throw new ShapeError(`${tool}: tool_input has both ${present.join(' and ')}`);
    const name = present[0] ?? names[0];
    const v = field(input, name, tool, kind);
    if (v !== undefined) params[to] = v;
  }
  return { tool: target, params };
}

const PATH = (from) => [from, 'path', 'str'];
const OPT_PATH = (from) => [from, 'path', 'str?'];

// Claude Code's tools (https://code.claude.com/docs/en/hooks, "PreToolUse input": tool_input
// per tool; file paths are absolute).
const CLAUDE_TOOLS = {
  Bash: ['bash', [['command', 'command', 'str']]],
  Read: ['read', [PATH('file_path')]],
  Write: ['write', [PATH('file_path'), ['content', 'content', 'any']]],
  Edit: ['edit', [PATH('file_path')]],
  MultiEdit: ['multi_edit', [PATH('file_path'), ['edits', 'edits', 'any']]],
  NotebookEdit: ['edit', [PATH('notebook_path')]],
  NotebookRead: ['read', [PATH('notebook_path')]],
  Glob: ['glob', [['pattern', 'pattern', 'str'], OPT_PATH('path')]],
  Grep: ['grep', [['pattern', 'pattern', 'str'], OPT_PATH('path')]],
  LS: ['ls', [PATH('path')]],
  WebFetch: ['web_fetch', [['url', 'url', 'str']]],
  WebSearch: ['web_search', [['query', 'query', 'str']]],
};

// Codex (codex-rs/hooks: tool_name "Bash" with { command }, "apply_patch" with the patch text
// in { command }, MCP tools as mcp__server__tool with their JSON arguments).
const CODEX_TOOLS = {
  apply_patch: ['apply_patch', [['command', 'input', 'str']]],
};
// Codex's shell tools under their own names (the hook reports them as "Bash"; the others are
// read too rather than passed on unanalysed): `command` as a string or an argv list, or `cmd`.
const CODEX_SHELLS = ['Bash', 'shell', 'local_shell', 'exec_command', 'unified_exec'];
function codexCommand(tool, input) {
  const v = own(input, 'command') ?? own(input, 'cmd');
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.length && v.every((a) => typeof a === 'string')) return v.map(shellQuote).join(' ');
  throw new ShapeError(`${tool}: tool_input has no command string or argv list`);
}

// Gemini CLI's built-in tools (packages/core/src/tools/definitions/base-declarations.ts; the
// older names and params of docs/hooks are accepted too).
const GEMINI_TOOLS = {
  read_file: ['read', [PATH('file_path|absolute_path')]],
  write_file: ['write', [PATH('file_path'), ['content', 'content', 'any']]],
  replace: ['edit', [PATH('file_path')]],
  glob: ['glob', [['pattern', 'pattern', 'str'], OPT_PATH('dir_path|path')]],
  grep_search: ['grep', [['pattern', 'pattern', 'str'], OPT_PATH('dir_path|path')]],
  search_file_content: ['grep', [['pattern', 'pattern', 'str'], OPT_PATH('dir_path|path')]],
  list_directory: ['ls', [PATH('dir_path|path')]],
  google_web_search: ['web_search', [['query', 'query', 'str']]],
};

/** `s` quoted for a POSIX shell. */
const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

// Glob syntax: wildcards, classes, braces and extglob groups.
const GLOB_CHARS = /[*?[\]{}()!@+,]/;
/** A shell word naming `pattern` with its glob syntax live and everything else literal. */
function globWord(pattern, tool) {
  if (/[\0-\x1f\x7f]/.test(pattern)) throw new ShapeError(`${tool}: a pattern holds a control character`);
  return pattern.replace(/[^A-Za-z0-9_./*?[\]{}()!@+,-]/g, (c) => `\\${c}`);
}

/**
 * read_many_files' entries. A path is read as it is (and lowercased: Gemini CLI matches without
 * case). A glob is expanded by Gemini CLI itself, dot files included and without case, which a
 * shell glob does not reproduce: it is judged as `cat <glob>` for what it certainly names, and
 * asked about otherwise.
 */
function manyFiles(list, tool) {
  return list.flatMap((p) => {
    if (!GLOB_CHARS.test(p)) return [...new Set([p, p.toLowerCase()])].map((path) => ({ tool: 'read', params: { path } }));
    const reason = `Gemini CLI expands \`${p}\` itself (dot files included, any case), so toolgate cannot tell which files ${tool} reads.`;
    return [{ tool: 'bash', params: { command: `cat -- ${globWord(p, tool)}` }, atLeast: { decision: 'prompt', code: 'unanalysable_command', reason } }];
  });
}

/** A command run in `dir`: toolgate's shell analysis follows the `cd`. */
const inDir = (command, dir) => (dir === undefined ? command : `cd -- ${shellQuote(dir)} && {\n${command}\n}`);

const URL_RE = /\b(?:https?|file):\/\/[^\s<>"'`)\]]+/gi;

function geminiCalls(name, input, mcp, shellDir) {
  if (name === 'run_shell_command') {
    // The command runs in dir_path (relative to the workspace root), else where the shell is.
    const command = field(input, 'command', name, 'str');
    return [{ tool: 'bash', params: { command: inDir(command, field(input, 'dir_path', name, 'str?') ?? shellDir) } }];
  }
  if (name === 'read_many_files') {
    const include = own(input, 'include') ?? own(input, 'paths');
    const list = typeof include === 'string' ? [include] : include;
    if (!Array.isArray(list) || !list.length || list.some((p) => typeof p !== 'string')) {
      throw new ShapeError(`${name}: tool_input.include is not a list of strings`);
    }
    return manyFiles(list, name);
  }
  if (name === 'web_fetch') {
    // The URLs are in the prompt text.
    const prompt = field(input, 'prompt', name, 'str');
    const urls = prompt.match(URL_RE) ?? [];
    return urls.length ? urls.map((url) => ({ tool: 'web_fetch', params: { url } })) : [{ tool: 'web_search', params: { query: prompt } }];
  }
  const row = own(GEMINI_TOOLS, name);
  if (row) return [mapped(name, row, input)];
  if (isObject(mcp) && typeof mcp.server_name === 'string' && typeof mcp.tool_name === 'string') {
    return [{ tool: 'use_mcp_tool', params: { server_name: mcp.server_name, tool_name: mcp.tool_name, arguments: input } }];
  }
  return [{ tool: name, params: input }];
}

// Cline passes every parameter as a string (objects and arrays as JSON text).
function clineValue(v) {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!(t.startsWith('[') || t.startsWith('{'))) return v;
  try { return JSON.parse(t); } catch { return v; }
}

function clineList(params, names, tool) {
  const name = names.find((n) => own(params, n) !== undefined);
  if (name === undefined) throw new ShapeError(`${tool}: parameters have no ${names.map((n) => `"${n}"`).join(' or ')}`);
  const v = clineValue(own(params, name));
  const list = Array.isArray(v) ? v : [v];
  if (!list.length) throw new ShapeError(`${tool}: parameters.${name} is empty`);
  return list;
}

function clineCalls(name, params) {
  switch (name) {
    // The Cline SDK's tools (sdk/packages/core/src/extensions/tools/schemas.ts).
    case 'run_commands':
      return clineList(params, ['commands', 'command', 'cmd'], name).map((c) => {
        let command = c;
        if (isObject(c) && typeof c.command === 'string' && (c.args === undefined || (Array.isArray(c.args) && c.args.every((a) => typeof a === 'string')))) {
          command = [c.command, ...(c.args ?? []).map(shellQuote)].join(' ');
        }
        if (typeof command !== 'string') throw new ShapeError(`${name}: a command is not a string or { command, args }`);
        return { tool: 'execute_command', params: { command, requires_approval: 'false' } };
      });
    case 'read_files':
      return clineList(params, ['files', 'paths', 'file_paths'], name).map((f) => {
        const path = isObject(f) ? f.path : f;
        if (typeof path !== 'string') throw new ShapeError(`${name}: a file is not a path or { path }`);
        return { tool: 'read_file', params: { path } };
      });
    case 'editor':
      return [mapped(name, ['edit', [PATH('path')]], params)];
    case 'fetch_web_content':
      return clineList(params, ['requests'], name).map((r) => {
        if (!isObject(r) || typeof r.url !== 'string') throw new ShapeError(`${name}: a request has no url`);
        return { tool: 'web_fetch', params: { url: r.url } };
      });
    case 'search_codebase':
      return clineList(params, ['queries'], name).map((q) => {
        if (typeof q !== 'string') throw new ShapeError(`${name}: a query is not a string`);
        return { tool: 'search_files', params: { path: '.', regex: q } };
      });
    // Cline's classic tools are toolgate's catalogue names already.
    default:
      return [{ tool: name, params }];
  }
}

function stringList(v) {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s !== '') ? v : undefined;
}

/**
 * Checks the common envelope of Claude Code, Codex and Gemini CLI payloads. The workspace root
 * is the project directory the agent gives its hooks (`projectEnv`), else `cwd`: Claude Code's
 * shell keeps its working directory between calls, so `cwd` can move while the project, its
 * settings and its ignore file stay where they are. A shell command then runs in `cwd`.
 */
function envelope(payload, event, projectEnv) {
  if (!isObject(payload)) throw new ShapeError('the hook input is not a JSON object');
  const ev = own(payload, 'hook_event_name');
  if (ev !== undefined && ev !== event) throw new ShapeError(`the hook input is a ${JSON.stringify(ev)} event, not ${event}`);
  const name = own(payload, 'tool_name');
  if (typeof name !== 'string' || name === '') throw new ShapeError('the hook input has no tool_name');
  const input = own(payload, 'tool_input') ?? {};
  if (!isObject(input)) throw new ShapeError(`${name}: tool_input is not an object`);
  const cwd = own(payload, 'cwd');
  if (typeof cwd !== 'string' || cwd === '') throw new ShapeError('the hook input has no cwd');
  const project = projectEnv && process.env[projectEnv];
  const root = project || cwd;
  return { name, input, roots: [root], shellDir: root === cwd ? undefined : cwd };
}

const claudeOutput = (decision, reason) => ({
  stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } }),
  exitCode: 0,
});

const CANNOT_ASK = (agent) => `${agent}'s pre-tool hook cannot hand a call to its approval prompt, so toolgate denies what it would ask about`;

const AGENTS = {
  // https://code.claude.com/docs/en/hooks — PreToolUse: exit 0 with hookSpecificOutput
  // permissionDecision "allow" | "deny" | "ask"; no output is no decision; exit 2 blocks with
  // stderr as the reason; any other exit code is a non-blocking error (the call proceeds).
  claude: {
    title: 'Claude Code',
    read(payload) {
      const { name, input, roots, shellDir } = envelope(payload, 'PreToolUse', 'CLAUDE_PROJECT_DIR');
      const row = own(CLAUDE_TOOLS, name);
      const call = row ? mapped(name, row, input) : { tool: name, params: input };
      if (name === 'Bash') call.params.command = inDir(call.params.command, shellDir);
      return { tool: name, roots, calls: [call] };
    },
    answer(decision, reason) {
      return decision === 'defer' ? { stdout: '', exitCode: 0 } : claudeOutput(decision, reason);
    },
  },
  // codex-rs/hooks (events/pre_tool_use.rs, engine/output_parser.rs): the same PreToolUse
  // output, but only "deny" (with a non-empty reason) is honoured; "ask", and "allow" without
  // updatedInput, are rejected as unsupported and the call proceeds; exit 2 blocks with stderr.
  codex: {
    title: 'Codex',
    canAsk: false,
    read(payload) {
      const { name, input, roots } = envelope(payload, 'PreToolUse');
      if (CODEX_SHELLS.includes(name)) return { tool: name, roots, calls: [{ tool: 'bash', params: { command: codexCommand(name, input) } }] };
      const row = own(CODEX_TOOLS, name);
      return { tool: name, roots, calls: [row ? mapped(name, row, input) : { tool: name, params: input }] };
    },
    answer(decision, reason) {
      return decision === 'deny' ? claudeOutput('deny', reason) : { stdout: '', exitCode: 0 };
    },
  },
  // Cline (.clinerules/hooks/README.md, apps/vscode/src/sdk/hooks-adapter.ts): an executable
  // named PreToolUse reads { hookName, workspaceRoots, preToolUse: { toolName, parameters } }
  // and prints { cancel, errorMessage }; cancel: true stops the call with the message. A hook
  // that fails (no JSON, an error) is logged and the call proceeds.
  cline: {
    title: 'Cline',
    canAsk: false,
    read(payload) {
      if (!isObject(payload)) throw new ShapeError('the hook input is not a JSON object');
      const ev = own(payload, 'hookName');
      if (ev !== undefined && ev !== 'PreToolUse') throw new ShapeError(`the hook input is a ${JSON.stringify(ev)} hook, not PreToolUse`);
      const pre = own(payload, 'preToolUse');
      if (!isObject(pre)) throw new ShapeError('the hook input has no preToolUse');
      const name = own(pre, 'toolName');
      if (typeof name !== 'string' || name === '') throw new ShapeError('the hook input has no preToolUse.toolName');
      const params = own(pre, 'parameters') ?? {};
      if (!isObject(params)) throw new ShapeError(`${name}: parameters is not an object`);
      const roots = stringList(own(payload, 'workspaceRoots'));
      if (!roots) throw new ShapeError('the hook input has no workspaceRoots');
      return { tool: name, roots, calls: clineCalls(name, params) };
    },
    answer(decision, reason) {
      return { stdout: JSON.stringify(decision === 'deny' ? { cancel: true, errorMessage: reason } : { cancel: false }), exitCode: 0 };
    },
  },
  // https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md — BeforeTool:
  // exit 0 with { decision: "deny" | "block", reason } blocks (the reason goes to the model);
  // "ask" forces the confirmation prompt (packages/core/src/scheduler/hook-utils.ts); "allow"
  // or no output goes on to Gemini CLI's own policy; exit 2 blocks with stderr; exit 1 warns.
  gemini: {
    title: 'Gemini CLI',
    read(payload) {
      const { name, input, roots, shellDir } = envelope(payload, 'BeforeTool', 'GEMINI_PROJECT_DIR');
      return { tool: name, roots, calls: geminiCalls(name, input, own(payload, 'mcp_context'), shellDir) };
    },
    answer(decision, reason) {
      if (decision === 'defer') return { stdout: '', exitCode: 0 };
      const out = decision === 'ask' ? { decision, reason, systemMessage: reason } : { decision, reason };
      return { stdout: JSON.stringify(out), exitCode: 0 };
    },
  },
};

/**
 * The answer for `decision` in `agent`'s protocol. An agent whose hook cannot ask denies what
 * toolgate would ask about, saying so.
 */
function answer(agent, decision, reason) {
  const a = AGENTS[agent];
  if (decision === 'ask' && a.canAsk === false) return a.answer('deny', `${reason} (${CANNOT_ASK(a.title)})`);
  return a.answer(decision, reason);
}

module.exports = { AGENTS, ShapeError, answer };
