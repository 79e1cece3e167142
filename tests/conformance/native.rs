//! The cases through the core: the JS config read into [`Settings`] by the reader the facade
//! uses, and `importCline`'s command permissions through the importer.

use serde_json::Value as Json;
use toolgate::engine::{Begin, Engine};
use toolgate::import::cline::{self, ClineCommandPermissions};
use toolgate::settings::Settings;
use toolgate::Decision;

use super::security::tool_call;
use super::{Judge, Outcome, Setup};

/// The config as the facade reads it: [`Settings::read`], the reader both share.
fn config(setup: &Setup) -> Result<Settings, String> {
    let mut json = serde_json::Deserializer::from_str(&setup.config);
    let mut c = Settings::read(&mut json).map_err(|e| e.to_string())?;
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
        c.rules = cline::command_permissions(&p).config.rules;
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
