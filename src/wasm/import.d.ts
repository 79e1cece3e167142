// What JS passes to the importers, and the error every entry point throws: in both modules'
// declarations (the gate's `Gatekeeper.importX` static methods take the same inputs).

/** A thrown settings error (constructor, `fromSnapshot`, setters, importers). */
export interface SettingsError extends Error { field: string; code: SettingsErrorCode }

/** Cline's settings as stored: any of the three may be given. */
export interface ClineImport {
  autoApprovalSettings?: ClineAutoApproval & Record<string, unknown>;
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
/** Cline's MCP settings file (`cline_mcp_settings.json`), as an object or its JSON text. */
export interface ClineMcpSettings {
  mcpServers?: Record<string, { autoApprove?: string[]; disabled?: boolean } & Record<string, unknown>>;
}
/** The Gemini CLI approval mode to import for; default "default". */
export interface GeminiContext { mode?: "default" | "autoEdit" | "plan" | "yolo" }
/** The harness's ApprovalManager state. */
export interface HarnessImport {
  mode?: string; overrides?: Record<string, string>; overrideOrigins?: Record<string, string>; alwaysAllow?: string[];
}
