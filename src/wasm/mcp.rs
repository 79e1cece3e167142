//! The facade's MCP part, kept apart from the rest of the class: the importers for Cline's
//! MCP settings, Gemini CLI policy files and Codex rules files, and the TypeScript for the
//! `mcp` field of verdicts and approval requests. Conversions only; the core decides.

use wasm_bindgen::prelude::*;

use super::{config_error, facade_error, from_js, to_js, Gatekeeper};

#[wasm_bindgen(typescript_custom_section)]
const MCP_TS: &'static str = r#"
/** The MCP server and tool (or resource) of an MCP call. */
export interface McpTarget { server: string; tool?: string; uri?: string }
export interface Verdict {
  /** For an MCP call (`use_mcp_tool`, `access_mcp_resource`, `mcp__server__tool`): its server and tool. */
  mcp?: McpTarget;
}
export interface ApprovalRequest {
  /** For an MCP call: its server and tool (an "always" answer allows that tool only). */
  mcp?: McpTarget;
}
/** Cline's MCP settings file (`cline_mcp_settings.json`), as an object or its JSON text. */
export interface ClineMcpSettings {
  mcpServers?: Record<string, { autoApprove?: string[]; disabled?: boolean } & Record<string, unknown>>;
}
export interface GeminiContext { /** The Gemini CLI approval mode to import for; default "default". */ mode?: "default" | "autoEdit" | "plan" | "yolo" }
"#;

/// `line N: …` as a thrown error naming the input.
#[cfg(feature = "text-importers")]
fn syntax(field: &str, e: crate::import::value::SyntaxError) -> JsError {
    config_error(facade_error(field, e.to_string()))
}

#[wasm_bindgen]
impl Gatekeeper {
    /// Cline's MCP settings (per-server `autoApprove` lists, `disabled`) → a config; with
    /// Cline's auto-approval settings, the lists count only when MCP auto-approval is on.
    #[wasm_bindgen(js_name = importClineMcp, unchecked_return_type = "Imported")]
    pub fn import_cline_mcp(
        #[wasm_bindgen(unchecked_param_type = "ClineMcpSettings | string")] settings: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ClineAutoApprovalSettings")]
        auto_approval: JsValue,
    ) -> Result<JsValue, JsError> {
        use crate::import::{cline, cline_mcp};
        use crate::policy::{PolicyTable, Situation};
        let settings = match settings.as_string() {
            Some(text) => js_sys::JSON::parse(&text)
                .map_err(|e| config_error(facade_error("settings", super::describe(&e))))?,
            None => settings,
        };
        let settings: cline_mcp::ClineMcpSettings =
            from_js(settings, "settings").map_err(config_error)?;
        let auto: Option<cline::ClineAutoApprovalSettings> =
            super::optional(auto_approval, "autoApprovalSettings").map_err(config_error)?;
        let use_mcp = auto.map(|a| {
            let table = cline::auto_approval(&a).config.auto_approval.unwrap_or_default();
            PolicyTable::for_cline(&table).get(crate::Tier::Mcp, Situation::NoPath)
                == crate::policy::Policy::Allow
        });
        Ok(to_js(&cline_mcp::settings(&settings, use_mcp)))
    }
}

#[cfg(feature = "text-importers")]
#[wasm_bindgen]
impl Gatekeeper {
    /// A Gemini CLI policy file (TOML `[[rule]]` entries) → a config; throws when it is not
    /// TOML, naming the line.
    #[wasm_bindgen(js_name = importGemini, unchecked_return_type = "Imported")]
    pub fn import_gemini(
        text: &str,
        #[wasm_bindgen(unchecked_optional_param_type = "GeminiContext")] context: JsValue,
    ) -> Result<JsValue, JsError> {
        let mode: Option<String> =
            super::get_field(&context, "mode", "context.mode").map_err(config_error)?;
        let context = crate::import::gemini::GeminiContext {
            mode: mode.as_deref(),
        };
        let imported = crate::import::gemini::policy(text, context).map_err(|e| syntax("policy", e))?;
        Ok(to_js(&imported))
    }

    /// A Codex execpolicy rules file (`prefix_rule(…)` calls) → a config whose rules keep
    /// the examples that held; throws when it is not the Starlark subset read, naming the line.
    #[wasm_bindgen(js_name = importCodex, unchecked_return_type = "Imported")]
    pub fn import_codex(text: &str) -> Result<JsValue, JsError> {
        let imported = crate::import::codex::rules(text).map_err(|e| syntax("rules", e))?;
        Ok(to_js(&imported))
    }
}

/// Sets `mcp` on a verdict or request object built by hand.
pub(super) fn set_target(o: &JsValue, target: &Option<crate::mcp::Target>) {
    if let Some(t) = target {
        let _ = js_sys::Reflect::set(o, &JsValue::from_str("mcp"), &to_js(t));
    }
}
