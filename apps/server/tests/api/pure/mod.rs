//! The server's pure helpers, tested without a server or a database. They are here rather than
//! in `#[cfg(test)]` modules of the server's library because a unit test there compiles the
//! whole crate a second time, in test mode (29 s of a clean CI build on two cores for eleven
//! tests); the library is built with `test = false` (Cargo.toml), and scripts/check-architecture.sh
//! refuses a test module in apps/server/src.

mod config;
mod idempotency;
mod openapi;
mod pacing;
mod text;
