//! The cases through the core: the JS config keys the fixtures use, read into a native
//! [`Config`], and `importCline`'s command permissions through the importer.

use serde_json::Value as Json;
use toolgate::config::Config;
use toolgate::engine::{Begin, Engine};
use toolgate::import::cline::{self, ClineCommandPermissions};
use toolgate::policy::{Mode, Policy};
use toolgate::Decision;

use super::security::tool_call;
use super::{Judge, Outcome, Setup};

fn strings(v: &Json) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn config(setup: &Setup) -> Result<Config, String> {
    let v: serde_json::Map<String, Json> =
        serde_json::from_str(&setup.config).map_err(|e| e.to_string())?;
    let mut c = Config::default();
    for (key, value) in &v {
        match key.as_str() {
            "workspaceRoots" => c.workspace_roots = strings(value),
            "ignoreFile" => c.ignore_file = value.as_str().map(String::from),
            "ignoreIncludes" => {
                c.ignore_includes =
                    serde_json::from_value(value.clone()).map_err(|e| e.to_string())?
            }
            "mode" => c.mode = Mode::parse(value.as_str().unwrap_or("")).ok_or("bad mode")?,
            "alwaysAllow" => c.always_allow = strings(value),
            "tools" => {
                c.tools = serde_json::from_value::<std::collections::BTreeMap<_, _>>(value.clone())
                    .map_err(|e| e.to_string())?
                    .into_iter()
                    .collect()
            }
            "overrides" => {
                for (tool, p) in value.as_object().into_iter().flatten() {
                    let policy = Policy::parse(p.as_str().unwrap_or("")).ok_or("bad policy")?;
                    c.overrides.push((tool.clone(), policy));
                }
            }
            other => {
                return Err(format!(
                    "the native runner does not read config key {other:?}"
                ))
            }
        }
    }
    let mut permissions = match &setup.command_permissions {
        Some(p) => Some(serde_json::from_str::<Json>(p).map_err(|e| e.to_string())?),
        None => None,
    };
    // what the facade does: a string is the env var's JSON text, and an empty one is unset
    if let Some(text) = permissions
        .as_ref()
        .and_then(Json::as_str)
        .map(String::from)
    {
        permissions = match text.as_str() {
            "" => None,
            text => Some(serde_json::from_str(text).map_err(|e| e.to_string())?),
        };
    }
    if let Some(p) = permissions {
        let p: ClineCommandPermissions = serde_json::from_value(p).map_err(|e| e.to_string())?;
        let imported = cline::command_permissions(&p).config.into_config();
        c.rules = imported.map_err(|e| e.to_string())?.rules;
    }
    Ok(c)
}

/// What the core answers for the case.
pub fn judge(setup: &Setup, call: &str) -> Outcome {
    let Ok(engine) = config(setup).and_then(|c| Engine::new(c).map_err(|e| e.to_string())) else {
        return Outcome::Invalid;
    };
    let call = tool_call(call);
    let authorize = setup.judge == Judge::Authorize;
    if authorize && engine.validate(&call).is_err() {
        return Outcome::Deny;
    }
    let v = engine.check(&call);
    // authorize's engine half agrees: without a prompt UI a prompt is a deny there
    match engine.begin(&call, false) {
        Begin::Settled(o) if authorize => assert_eq!(o.allowed, v.decision == Decision::Allow),
        Begin::Settled(_) => {}
        Begin::Ask(..) => panic!("begin asked without a prompt"),
    }
    match v.decision {
        Decision::Allow => Outcome::Allow,
        Decision::Prompt if v.code == "critical_command" => Outcome::Critical,
        Decision::Prompt => Outcome::Prompt,
        Decision::Deny => Outcome::Deny,
    }
}
