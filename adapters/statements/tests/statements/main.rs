//! The statement parsers on real files: one test binary with a module per concern.

mod common;

mod csv_rules;
mod currencies;
mod fixtures;
mod properties;
