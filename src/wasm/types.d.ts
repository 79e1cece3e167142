// Generated from toolgate's Rust types by `src/typescript.rs`; do not edit.
// Regenerate: TOOLGATE_BLESS=1 cargo test --lib typescript

/** Why a call cannot run. */
export type ValidationCode = "invalid_call" | "invalid_param" | "missing_param" | "invalid_path" | "ignored_path" | "invalid_mcp_name";

/** Which step of the resolution order decided, and how. */
export type ResolutionCode = "deny_override" | "turn_deny" | "deny_rule" | "not_allow_listed" | "allow_list_redirect" | "suspicious_command" | "unanalysable_command" | "critical_command" | "override_allow" | "override_prompt" | "turn_allow" | "rule_allow" | "rule_ask" | "always_allow" | "policy_allow" | "policy_prompt";

/** How the prompt settled a call. */
export type PromptCode = "no_approval_ui" | "user_once" | "user_always" | "user_deny" | "prompt_failed" | "prompt_invalid_answer" | "prompt_timeout" | "prompt_aborted";

/** A critical command's label (see `src/shell/critical/labels.rs`). */
export type CriticalLabel = "recursive-delete-root" | "workspace-delete" | "recursive-delete-unknown" | "sudo-rm" | "move-root" | "recursive-chmod-root" | "recursive-chown-root" | "extract-root" | "disk-write" | "mkfs" | "remote-code-exec" | "opaque-code-exec" | "remote-shell" | "encoded-command" | "fork-bomb" | "crontab-write" | "kill-init" | "kill-host" | "host-mount" | "shutdown" | "shadow-copy-delete" | "boot-config-write" | "force-push" | "remote-branch-delete" | "git-hook-write" | "git-config-write" | "editor-config-write" | "agent-config-write" | "startup-file-write" | "auth-file-write" | "autostart-write" | "user-config-write" | "service-write" | "system-file-write" | "device-write" | "sysrq-trigger" | "ignore-file-write";

/** A thrown settings `Error`'s `code`. */
export type SettingsErrorCode = "unknown-field" | "missing-field" | "duplicate-field" | "wrong-type" | "unreadable" | "invalid-value" | "out-of-range" | "unsupported-version" | "empty-path" | "invalid-path" | "invalid-file-name" | "invalid-ignore-file" | "empty-name" | "origin-without-override" | "invalid-rule" | "rule-example-failed";

/** A verdict's code: validation's or the deciding step's. */
export type VerdictCode = ValidationCode | ResolutionCode;

/** An outcome's code: the verdict's, or the prompt's. */
export type OutcomeCode = VerdictCode | PromptCode;

export type Tier = "read" | "write" | "exec" | "browser" | "mcp" | "interaction";

export type Decision = "allow" | "prompt" | "deny";

export type Policy = "allow" | "prompt" | "deny";

export type Locality = "local" | "external" | "none";

export type Step = "validation" | "deny-override" | "turn-deny" | "deny-rule" | "critical" | "override" | "turn-allow" | "command-rule" | "always-allow" | "policy";

export type DecidedBy = "validation" | "engine" | "user" | "no-ui" | "prompt-error" | "timeout" | "abort";

export type Mode = "always-ask" | "write" | "yolo" | "unattended";

export type Platform = "linux" | "macos" | "windows";

export type Shell = "bash" | "sh" | "powershell" | "cmd";

export type RecursiveReads = "allow" | "prompt";

export type Settings = { 
/**
 * Set by [`crate::engine::Engine::snapshot`] ([`Settings::VERSION`]); settings written
 * by a newer toolgate are refused, not guessed at. Default: none (plain settings).
 */
version?: number, 
/**
 * The first is the primary root; relative paths resolve against it. Default: none
 * (relative paths are local, every absolute path is external).
 */
workspaceRoots?: Array<string>, 
/**
 * Path flavour, case folding and normalisation together. Default: inferred from the
 * primary root (see [`crate::platform`]).
 */
platform?: Platform, 
/**
 * Turns case folding on or off for the platform. Default: the platform's own.
 */
caseInsensitivePaths?: boolean, 
/**
 * Which shell reads a command (see [`crate::shell::analyse_as`]). Default: on Windows
 * both PowerShell and cmd.exe, the stricter verdict standing; elsewhere bash.
 */
shell?: Shell, 
/**
 * The ignore file's text (`.clineignore` syntax). Default: none (only the ignore file
 * itself is blocked).
 */
ignoreFile?: string, 
/**
 * Texts for `!include NAME` lines. Default: none.
 */
ignoreIncludes?: { [key in string]?: string }, 
/**
 * A file of this name is always blocked. Default [`DEFAULT_IGNORE_FILE_NAME`].
 */
ignoreFileName?: string, 
/**
 * The harness's session mode. Default `yolo` ([`Mode::default`]).
 */
mode?: Mode, 
/**
 * When given, Cline's settings are the policy table instead of the mode's.
 */
autoApproval?: ClineAutoApproval, 
/**
 * Catalogue additions and overrides. Default: none.
 */
tools?: { [key in string]?: ToolSpec }, 
/**
 * Tool → policy. Default: none.
 */
overrides?: { [key in string]?: Policy }, 
/**
 * Tool → where its override came from (shown in reasons); only for tools with an
 * override. Default: none.
 */
overrideOrigins?: { [key in string]?: string }, 
/**
 * Tools the user answered "always" for. Default: none.
 */
alwaysAllow?: Array<string>, 
/**
 * Command and path rules. Default: none.
 */
rules?: Rules, 
/**
 * A prompt not answered in time is a deny. Default: no timeout.
 */
promptTimeoutMs?: number, 
/**
 * Without a workspace view, what a recursive read of a directory that may hold an
 * ignored file does (`grep -r x src`, `cp -r src /tmp`). Default
 * [`RecursiveReads::Prompt`].
 */
recursiveReads?: RecursiveReads, 
/**
 * The workspace view: the files the workspace holds (see [`crate::view`]). The host's,
 * not the user's: [`crate::engine::Engine::snapshot`] leaves it out. Default: none (not
 * known).
 */
workspaceFiles?: Array<string>,
};

export type Rules = { allow?: Array<RuleEntry>, ask?: Array<RuleEntry>, deny?: Array<RuleEntry>, 
/**
 * Allow-listed tools, bare or with patterns (see [`crate::allow_list`]).
 */
allowOnly?: Array<string>, 
/**
 * Whether an allow-listed command may redirect. Default false, as in Cline.
 */
allowRedirects?: boolean,
};

export type RuleEntry = string | { rule: string, match?: Array<string>, notMatch?: Array<string> };

export type Dropped = unknown;

export type ToolSpec = { tier: Tier, 
/**
 * Params that must be present and not blank; `a|b` is satisfied by either.
 */
required?: Array<string>, 
/**
 * Params that hold a path (checked against the ignore rules and classified local/external).
 */
paths?: Array<string>, 
/**
 * Params that hold a URL: a `file:` URL (also behind `view-source:`) names a path, checked
 * and classified as one (a browser renders it); other URLs name none.
 */
urls?: Array<string>, 
/**
 * The param that holds a patch (apply_patch or unified diff) whose file headers name
 * the paths it touches, if any.
 */
patch?: string, 
/**
 * The param that holds a shell command, if any.
 */
command?: string, 
/**
 * Required params that may be the empty string (Cline's `content`: creating an empty file).
 */
allowEmpty?: Array<string>,
};

export type ClineActions = { readFiles?: boolean, readFilesExternally?: boolean, editFiles?: boolean, editFilesExternally?: boolean, executeSafeCommands?: boolean, executeAllCommands?: boolean, useBrowser?: boolean, useMcp?: boolean, };

export type ClineAutoApproval = { yoloModeToggled?: boolean, autoApproveAllToggled?: boolean, enabled?: boolean, actions?: ClineActions, version?: Dropped, favorites?: Dropped, maxRequests?: Dropped, enableNotifications?: Dropped, };

export type TurnGrants = { allow?: Array<string>, deny?: Array<string>, };

export type McpTarget = { server: string, tool?: string, 
/**
 * The resource's URI (an `access_mcp_resource` call).
 */
uri?: string,
};

export type BlockedPath = { 
/**
 * The path as the call named it.
 */
path: string, 
/**
 * The file the line came from: the ignore file's name, an include's name, or
 * `"(built-in)"` for the rule that makes the ignore file block itself.
 */
source: string, 
/**
 * 1-based line number in that file (0 for the built-in rule).
 */
line: number, 
/**
 * The pattern as written.
 */
pattern: string, 
/**
 * `true` when the workspace view decided it: the path is a file the view lists, read
 * through a glob, `find` or a recursive read.
 */
view?: boolean,
};

export type Invalid = { code: ValidationCode, error: string, 
/**
 * For `ignored_path`: the path and the ignore line that blocked it.
 */
blocked?: BlockedPath,
};

export type Verdict = { decision: Decision, reason: string, 
/**
 * Stable machine-readable code, e.g. `deny_override`, `policy_prompt`.
 */
code: VerdictCode, step: Step, 
/**
 * Where the deciding override came from, or the deciding rule's text.
 */
origin?: string, rule?: string, locality: Locality, 
/**
 * The critical-command label, when step 4 saw one (even if a deny outranked it).
 */
critical?: CriticalLabel, 
/**
 * The MCP server and tool (or resource) of an MCP call (see [`crate::mcp`]).
 */
mcp?: McpTarget, 
/**
 * A call denied at validation for an ignored path: the path and the line that blocked it.
 */
blocked?: BlockedPath,
};

export type Outcome = { allowed: boolean, reason?: string, code: OutcomeCode, decidedBy: DecidedBy, verdict: Verdict, };

export type ApprovalRequestCore = { tool: string, tier: Tier, reason: string, locality: Locality, critical?: CriticalLabel, 
/**
 * The MCP server and tool (or resource) being asked about.
 */
mcp?: McpTarget,
};

export type TraceStep = { step: Step, 
/**
 * "decided", "passed" (looked and handed the call on) or "skipped" (after the decision).
 */
outcome: "decided" | "passed" | "skipped", note: string,
};

export type Explanation = { invalid?: Invalid, steps: Array<TraceStep>, verdict: Verdict, };

export type Change = { "kind": "mode", mode: Mode, } | { "kind": "autoApproval" } | { "kind": "override", tool: string, policy?: Policy, origin?: string, } | { "kind": "alwaysAllow", tool: string, } | { "kind": "alwaysAllowRevoked", tool: string, } | { "kind": "rules" } | { "kind": "turnGrants" } | { "kind": "ignoreFile" } | { "kind": "workspaceRoots" };

export type CommandSummary = { 
/**
 * Each simple command that would run (nested ones included), words joined by spaces.
 */
commands: Array<string>, 
/**
 * Only words joined by `&& || ; |`.
 */
plain: boolean, 
/**
 * Why the command cannot be judged (syntax error, limit, suspicious characters).
 */
problem?: string,
};

export type Imported = { 
/**
 * Only what the import knows; every other field is at its default.
 */
config: Settings, 
/**
 * One sentence per thing not carried over exactly, naming it and saying why. Empty when
 * the import is exact.
 */
warnings: Array<string>,
};

