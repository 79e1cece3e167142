//! A tool call as the agent emitted it: a tool name and loosely typed parameters.

/// A parameter value. JS values are mapped onto these by the facade; anything that is not a
/// scalar is `Other` (it counts as present, and is never a usable path or command).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    /// A string that is not valid Unicode (a lone surrogate in JS): present, but unusable as a
    /// path or command, since any repair would check a different string than the one used.
    InvalidStr,
    Other,
}

impl Value {
    /// Cline's `String(val).trim() === ""` test, with null/undefined also counting as missing.
    pub fn is_blank(&self) -> bool {
        match self {
            Value::Null => true,
            Value::Str(s) => is_blank(s),
            _ => false,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// `s.trim().is_empty()`, stopping at the first character that is not whitespace.
pub fn is_blank(s: &str) -> bool {
    // A printable ASCII first byte (nearly every value) is no whitespace: no decoding.
    if s.as_bytes().first().is_some_and(u8::is_ascii_graphic) {
        return false;
    }
    s.chars().all(char::is_whitespace)
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolCall {
    pub tool: String,
    /// In the order the caller gave them; calls have a handful of params, so a Vec beats a map.
    pub params: Vec<(String, Value)>,
}

impl ToolCall {
    pub fn new(tool: impl Into<String>) -> Self {
        ToolCall {
            tool: tool.into(),
            params: Vec::new(),
        }
    }

    /// Builder used by tests and importers: `ToolCall::new("read_file").with("path", "a.txt")`.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.params.push((name.to_string(), value.into()));
        self
    }

    pub fn param(&self, name: &str) -> Option<&Value> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}
impl From<f64> for Value {
    fn from(n: f64) -> Self {
        Value::Number(n)
    }
}
