//! The import facade: another agent's settings → `Imported` (a config and what could not be
//! carried over), as free functions. Built alone (feature `importers`), it is the package's
//! on-demand module `toolgate/import`, so a host that only gates calls never loads an importer.
//! Conversions only; the core (`crate::import`) decides. Errors are the readers' own: an
//! `Error` with the field's path and a code.

use wasm_bindgen::prelude::*;

use super::prompt::describe;
use super::read::{from_js, object_or_nothing, optional, own_field};
use super::write::to_js;
use crate::settings::{ErrorCode, SettingsError};

/// JSON text as a JS value, or an `invalid-value` error naming `field`.
fn parse_json(text: &str, field: &str) -> Result<JsValue, SettingsError> {
    js_sys::JSON::parse(text)
        .map_err(|e| SettingsError::new(ErrorCode::InvalidValue, field, describe(&e)))
}

/// `line N: …` as a thrown error naming the input.
#[cfg(feature = "text-importers")]
fn syntax(field: &str, e: crate::import::value::SyntaxError) -> SettingsError {
    SettingsError::new(ErrorCode::InvalidValue, field, e.to_string())
}

/// Cline's auto-approval settings, command permissions and .clineignore → a config.
#[wasm_bindgen(js_name = importCline, unchecked_return_type = "Imported")]
pub fn import_cline(
    #[wasm_bindgen(unchecked_param_type = "ClineImport")] input: JsValue,
) -> Result<JsValue, JsValue> {
    use crate::import::{cline, Imported};
    let input = object_or_nothing(input, "input")?;
    let settings = optional(
        own_field(&input, "autoApprovalSettings")?,
        "autoApprovalSettings",
    )?;
    let mut permissions = own_field(&input, "commandPermissions")?;
    // an empty CLINE_COMMAND_PERMISSIONS is unset, as in Cline
    if let Some(text) = permissions.as_string() {
        permissions = match text.as_str() {
            "" => JsValue::UNDEFINED,
            text => parse_json(text, "commandPermissions")?,
        };
    }
    let permissions = optional(permissions, "commandPermissions")?;
    let ignore: Option<String> = optional(own_field(&input, "clineignore")?, "clineignore")?;
    let parts = [
        settings.as_ref().map(cline::auto_approval),
        permissions.as_ref().map(cline::command_permissions),
        ignore.as_deref().map(cline::ignore_file),
    ];
    let imported = parts
        .into_iter()
        .flatten()
        .fold(Imported::default(), Imported::merge);
    Ok(to_js(&imported))
}

/// A Claude Code settings `permissions` block → a config.
#[wasm_bindgen(js_name = importClaudeCode, unchecked_return_type = "Imported")]
pub fn import_claude_code(
    #[wasm_bindgen(unchecked_param_type = "ClaudeCodePermissions")] permissions: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ClaudeCodeContext")] context: JsValue,
) -> Result<JsValue, JsValue> {
    use crate::import::claude;
    let permissions: claude::ClaudePermissions = from_js(permissions, "permissions")?;
    let context = object_or_nothing(context, "context")?;
    let root: Option<String> = optional(
        own_field(&context, "workspaceRoot").map_err(|e| e.under("context"))?,
        "context.workspaceRoot",
    )?;
    let home: Option<String> = optional(
        own_field(&context, "home").map_err(|e| e.under("context"))?,
        "context.home",
    )?;
    let context = claude::ClaudeContext {
        workspace_root: root.as_deref(),
        home: home.as_deref(),
    };
    Ok(to_js(&claude::permissions(&permissions, context)))
}

/// The harness's mode, overrides with origins and always-allow list → a config.
#[wasm_bindgen(js_name = importHarness, unchecked_return_type = "Imported")]
pub fn import_harness(
    #[wasm_bindgen(unchecked_param_type = "HarnessImport")] settings: JsValue,
) -> Result<JsValue, JsValue> {
    let settings = from_js(settings, "settings")?;
    Ok(to_js(&crate::import::harness::settings(&settings)))
}

/// Cline's MCP settings (per-server `autoApprove` lists, `disabled`) → a config; with
/// Cline's auto-approval settings, the lists count only when MCP auto-approval is on.
#[wasm_bindgen(js_name = importClineMcp, unchecked_return_type = "Imported")]
pub fn import_cline_mcp(
    #[wasm_bindgen(unchecked_param_type = "ClineMcpSettings | string")] settings: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ClineAutoApproval")] auto_approval: JsValue,
) -> Result<JsValue, JsValue> {
    use crate::import::{cline, cline_mcp};
    let settings = match settings.as_string() {
        Some(text) => parse_json(&text, "settings")?,
        None => settings,
    };
    let settings: cline_mcp::ClineMcpSettings = from_js(settings, "settings")?;
    let auto: Option<cline::ClineAutoApprovalSettings> =
        optional(auto_approval, "autoApprovalSettings")?;
    let use_mcp = auto.as_ref().map(cline_mcp::mcp_auto_approval);
    Ok(to_js(&cline_mcp::settings(&settings, use_mcp)))
}

/// A Gemini CLI policy file (TOML `[[rule]]` entries) → a config; throws when it is not
/// TOML, naming the line.
#[cfg(feature = "text-importers")]
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
    let imported = crate::import::gemini::policy(text, context).map_err(|e| syntax("policy", e))?;
    Ok(to_js(&imported))
}

/// A Codex execpolicy rules file (`prefix_rule(…)` calls) → a config whose rules keep
/// the examples that held; throws when it is not the Starlark subset read, naming the line.
#[cfg(feature = "text-importers")]
#[wasm_bindgen(js_name = importCodex, unchecked_return_type = "Imported")]
pub fn import_codex(text: &str) -> Result<JsValue, JsValue> {
    let imported = crate::import::codex::rules(text).map_err(|e| syntax("rules", e))?;
    Ok(to_js(&imported))
}
