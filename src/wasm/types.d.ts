/** How much a tool can do; the policy table is keyed by it. Undeclared tools are "exec". */
export type Tier = "read" | "write" | "exec" | "browser" | "mcp" | "interaction";
/** The harness's session modes ("alwaysAsk" is accepted as an alias of "always-ask"). Default "yolo". */
export type Mode = "always-ask" | "alwaysAsk" | "write" | "yolo" | "unattended";
export type Decision = "allow" | "prompt" | "deny";
export type Policy = "allow" | "prompt" | "deny";
/** What the prompt callback returns; anything else, a throw, a rejection or a timeout is a deny. */
export type Answer = "once" | "always" | "deny";
export type Locality = "local" | "external" | "none";
/** The step that decided: "validation" (the call is invalid; check, explain and authorize
 *  all validate first) or a step of the resolution order. */
export type Step = "validation" | "deny-override" | "turn-deny" | "deny-rule" | "critical" | "override"
  | "turn-allow" | "command-rule" | "always-allow" | "policy";
export type DecidedBy = "validation" | "engine" | "user" | "no-ui" | "prompt-error" | "timeout" | "abort";
export type ParamValue = string | number | boolean | null | undefined | object;

/** One tool's description (catalogue addition or override). Every list defaults to empty. */
export interface ToolSpec {
  tier: Tier;
  /** "a|b": either param. */
  required?: string[];
  paths?: string[];
  /** Params holding a URL: a `file:` URL in one is a path. */
  urls?: string[];
  command?: string;
  allowEmpty?: string[];
}

/** Cline's AutoApprovalSettings; when given, it is the policy table. */
export interface ClineAutoApprovalSettings {
  yoloModeToggled?: boolean;
  autoApproveAllToggled?: boolean;
  /** Legacy: false turns the per-action flags off. */
  enabled?: boolean;
  actions?: {
    readFiles?: boolean; readFilesExternally?: boolean;
    editFiles?: boolean; editFilesExternally?: boolean;
    executeSafeCommands?: boolean; executeAllCommands?: boolean;
    useBrowser?: boolean; useMcp?: boolean;
  };
}

/** Read as own properties, each param once: a field only a prototype supplies makes the call
 *  invalid. A path, command or patch param must be a primitive string: anything else (a number,
 *  an array, a `String` object, a string with a lone surrogate or, in a command, a NUL) makes
 *  the call invalid, never "absent". */
export interface ToolCall { tool: string; params?: Record<string, ParamValue> }

export type ValidationResult = { ok: true } | { ok: false; code: string; error: string };

export interface Verdict {
  decision: Decision;
  reason: string;
  code: string;
  step: Step;
  /** Where the deciding override came from. */
  origin?: string;
  /** The deciding command rule, as written. */
  rule?: string;
  locality: Locality;
  /** The critical-command label, when the command is one. */
  critical?: string;
}

export interface Outcome {
  allowed: boolean;
  reason?: string;
  code: string;
  decidedBy: DecidedBy;
  verdict: Verdict;
}

export interface ApprovalRequest {
  tool: string;
  tier: Tier;
  params: Record<string, ParamValue> | undefined;
  reason: string;
  locality: Locality;
  critical?: string;
}

/** A change the host should persist; fired once per change. */
export type Change =
  | { kind: "mode"; mode: Mode }
  | { kind: "autoApproval" }
  | { kind: "override"; tool: string; policy?: Policy; origin?: string }
  | { kind: "alwaysAllow"; tool: string }
  | { kind: "alwaysAllowRevoked"; tool: string }
  | { kind: "rules" }
  | { kind: "turnGrants" }
  | { kind: "ignoreFile" }
  | { kind: "workspaceRoots" };

/** A rule, or a rule with examples (commands or paths) it must and must not decide. */
export type RuleEntry = string | { rule: string; match?: string[]; notMatch?: string[] };
export interface Rules {
  allow?: RuleEntry[]; ask?: RuleEntry[]; deny?: RuleEntry[];
  /** Allow-listed tools, bare ("execute_command") or with patterns that only let a call through
   *  ("execute_command(npm *)"): a call neither these nor the tool's allow rules cover is denied. */
  allowOnly?: string[];
  /** Whether an allow-listed command may redirect. Default false (Cline's). */
  allowRedirects?: boolean;
}

export type Platform = "linux" | "macos" | "windows";

export type PromptCallback = (req: ApprovalRequest) => Answer | Promise<Answer>;

/** Read as own properties only, nested objects and arrays included: an inherited value (a
 *  polluted `Object.prototype`) is absent. A field whose read throws is an Error naming it. */
export interface GatekeeperConfig {
  /** The first is the primary root; relative paths resolve against it. Default: none. */
  workspaceRoots?: string[];
  /** Path flavour, case folding and normalisation. Default: inferred from the primary root. */
  platform?: Platform;
  /** Case folding on or off for the platform. Default: the platform's own. */
  caseInsensitivePaths?: boolean;
  /** The ignore file's text (.clineignore syntax). Default: none. */
  ignoreFile?: string;
  /** Contents for `!include NAME` lines. */
  ignoreIncludes?: Record<string, string>;
  /** Default ".clineignore"; the ignore file always blocks itself. */
  ignoreFileName?: string;
  /** Default "yolo". */
  mode?: Mode;
  autoApproval?: ClineAutoApprovalSettings;
  tools?: Record<string, ToolSpec>;
  overrides?: Record<string, Policy>;
  overrideOrigins?: Record<string, string>;
  alwaysAllow?: string[];
  /** Entries like "execute_command(npm test *)" or a bare tool name, optionally with examples
   *  that are checked when the Gatekeeper is built. */
  rules?: Rules;
  prompt?: PromptCallback | null;
  /** Default: no timeout. */
  promptTimeoutMs?: number;
  onChange?: ((change: Change) => void) | null;
}

export interface TraceStep {
  step: Step;
  /** "decided" took the decision, "passed" looked and handed it on, "skipped" came after. */
  outcome: "decided" | "passed" | "skipped";
  note: string;
}

/** The full trace of a call: validation, then each step of the resolution order. */
export interface Explanation {
  invalid?: { code: string; error: string };
  steps: TraceStep[];
  verdict: Verdict;
}

/** Plain JSON of everything a user decided; `Gatekeeper.fromSnapshot` restores it exactly. */
export interface Snapshot {
  version: 1;
  mode: Mode;
  autoApproval?: ClineAutoApprovalSettings;
  overrides: Record<string, Policy>;
  overrideOrigins: Record<string, string>;
  alwaysAllow: string[];
  rules: { allow: string[]; ask: string[]; deny: string[]; allowOnly?: string[]; allowRedirects?: boolean };
  ignoreFile?: string;
  ignoreIncludes: Record<string, string>;
  ignoreFileName: string;
  workspaceRoots: string[];
  platform?: Platform;
  caseInsensitivePaths?: boolean;
  tools: Record<string, ToolSpec>;
}

/** What a snapshot does not hold: the host's callbacks and timeout. */
export interface HostOptions {
  prompt?: PromptCallback | null;
  onChange?: ((change: Change) => void) | null;
  promptTimeoutMs?: number;
}

/** What an importer carried over, and what it could not (never silently dropped). */
export interface Imported { config: GatekeeperConfig; warnings: string[] }
/** Cline's settings as stored: any of the three may be given. */
export interface ClineImport {
  autoApprovalSettings?: ClineAutoApprovalSettings & Record<string, unknown>;
  /** The CLINE_COMMAND_PERMISSIONS JSON (object or its text; an empty text is unset). */
  commandPermissions?: { allow?: string[]; deny?: string[]; allowRedirects?: boolean } | string;
  clineignore?: string;
}
/** A Claude Code settings `permissions` block. */
export interface ClaudeCodePermissions {
  allow?: string[]; ask?: string[]; deny?: string[];
  defaultMode?: string; additionalDirectories?: string[];
}
export interface ClaudeCodeContext { workspaceRoot?: string; home?: string }
/** The harness's ApprovalManager state. */
export interface HarnessImport {
  mode?: string; overrides?: Record<string, string>; overrideOrigins?: Record<string, string>; alwaysAllow?: string[];
}

export interface AuthorizeOptions { signal?: AbortSignal }
/** `Gatekeeper.analyseCommand`: the shell analysis alone. */
export interface CommandSummary {
  /** Each simple command that would run (nested ones included), words joined by spaces. */
  commands: string[];
  /** Only words joined by `&& || ; |`. */
  plain: boolean;
  /** Why the command cannot be judged (syntax error, limit, suspicious characters). */
  problem?: string;
}
export interface TurnGrants { allow?: string[]; deny?: string[] }
