//! The error every parser in this crate returns.

use std::fmt;

/// A rule from the spec was broken. `message` is the exact text the user sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// The wire name of the offending field (`email`, `password`, …).
    pub field: &'static str,
    /// The spec's message for the broken rule.
    pub message: String,
}

impl ValidationError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into() }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValidationError {}
