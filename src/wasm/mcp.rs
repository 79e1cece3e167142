//! The facade's MCP importers: Cline's MCP settings, Gemini CLI policy files and Codex rules
//! files. Conversions only; the core decides. (Verdicts and requests carry `mcp` through
//! their serde form.)

use wasm_bindgen::prelude::*;

use super::read::{from_js, object_or_nothing, optional, own_field};
use super::{describe, to_js, Gatekeeper};
use crate::settings::{ErrorCode, SettingsError};

/// `line N: …` as a thrown error naming the input.
#[cfg(feature = "text-importers")]
fn syntax(field: &str, e: crate::import::value::SyntaxError) -> SettingsError {
    SettingsError::new(ErrorCode::InvalidValue, field, e.to_string())
}

#[wasm_bindgen]
impl Gatekeeper {
    /// Cline's MCP settings (per-server `autoApprove` lists, `disabled`) → a config; with
    /// Cline's auto-approval settings, the lists count only when MCP auto-approval is on.
    #[wasm_bindgen(js_name = importClineMcp, unchecked_return_type = "Imported")]
    pub fn import_cline_mcp(
        #[wasm_bindgen(unchecked_param_type = "ClineMcpSettings | string")] settings: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ClineAutoApproval")]
        auto_approval: JsValue,
    ) -> Result<JsValue, JsValue> {
        use crate::import::{cline, cline_mcp};
        use crate::policy::{PolicyTable, Situation};
        let settings = match settings.as_string() {
            Some(text) => js_sys::JSON::parse(&text).map_err(|e| {
                SettingsError::new(ErrorCode::InvalidValue, "settings", describe(&e))
            })?,
            None => settings,
        };
        let settings: cline_mcp::ClineMcpSettings = from_js(settings, "settings")?;
        let auto: Option<cline::ClineAutoApprovalSettings> =
            optional(auto_approval, "autoApprovalSettings")?;
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
    ) -> Result<JsValue, JsValue> {
        let context = object_or_nothing(context, "context")?;
        let mode: Option<String> = optional(
            own_field(&context, "mode").map_err(|e| e.under("context"))?,
            "context.mode",
        )?;
        let context = crate::import::gemini::GeminiContext {
            mode: mode.as_deref(),
        };
        let imported =
            crate::import::gemini::policy(text, context).map_err(|e| syntax("policy", e))?;
        Ok(to_js(&imported))
    }

    /// A Codex execpolicy rules file (`prefix_rule(…)` calls) → a config whose rules keep
    /// the examples that held; throws when it is not the Starlark subset read, naming the line.
    #[wasm_bindgen(js_name = importCodex, unchecked_return_type = "Imported")]
    pub fn import_codex(text: &str) -> Result<JsValue, JsValue> {
        let imported = crate::import::codex::rules(text).map_err(|e| syntax("rules", e))?;
        Ok(to_js(&imported))
    }
}
