// The facade's own TypeScript: what JS passes in beside the core's types (callbacks, calls,
// options). The core's types are in types.d.ts, generated from the Rust types.

/** What the prompt callback returns; anything else, a throw, a rejection or a timeout is a deny. */
export type Answer = "once" | "always" | "deny";
export type ParamValue = string | number | boolean | null | undefined | object;

/** Read as own properties, each param once: a field only a prototype supplies makes the call
 *  invalid. A path, command or patch param must be a primitive string: anything else (a number,
 *  an array, a `String` object, a string with a lone surrogate or, in a command, a NUL) makes
 *  the call invalid, never "absent". */
export interface ToolCall { tool: string; params?: Record<string, ParamValue> }

/** `{ ok: true }`, or why the call cannot run (with the blocking ignore line, for `ignored_path`). */
export type ValidationResult = { ok: true } | ({ ok: false } & Invalid);

/** What the prompt callback is shown: the request and the call's params as given. */
export type ApprovalRequest = ApprovalRequestCore & { params: Record<string, ParamValue> | undefined };

/** Returns a Promise (an `async` function is the natural form). A plain `Answer` returned
 *  synchronously works too, but is not in the type: TypeScript widens `'once'` to `string` in
 *  an `async` callback whose return type is `Answer | Promise<Answer>`. */
export type PromptCallback = (request: ApprovalRequest) => Promise<Answer>;

/** What a snapshot does not hold: the host's callbacks (and a timeout over the snapshot's). */
export interface HostOptions {
  prompt?: PromptCallback | null;
  onChange?: ((change: Change) => void) | null;
  promptTimeoutMs?: number;
}

/** The constructor's argument: the settings and the host's callbacks. Read as own properties
 *  only, nested objects and arrays included: an inherited value (a polluted
 *  `Object.prototype`) is absent. A bad field throws an `Error` whose `field` is its path and
 *  whose `code` is a `SettingsErrorCode`. */
export type GatekeeperConfig = Settings & {
  prompt?: PromptCallback | null;
  onChange?: ((change: Change) => void) | null;
};

/** What `snapshot()` returns and `Gatekeeper.fromSnapshot` restores: settings with a version. */
export type Snapshot = Settings & { version: number };

export interface AuthorizeOptions { signal?: AbortSignal }
