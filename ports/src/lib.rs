//! The hexagon's boundary.
//!
//! Driven ports are the async traits the core needs from the outside world (storage, mail,
//! time, cryptography); each documents its contract. Use cases are written only against
//! those traits, so they are tested with mockall mocks (the `mocks` feature) and run in
//! production against the adapters the server wires in.

pub mod admin;
pub mod auth;
pub mod backup;
pub mod banking;
pub mod blobs;
pub mod budgets;
pub mod clock;
pub mod demo;
pub mod goals;
pub mod health;
pub mod households;
pub mod idempotency;
pub mod images;
pub mod imports;
pub mod inventory;
pub mod ledger;
pub mod mailer;
pub mod receipts;
pub mod recurring;
pub mod reports;
pub mod repository;
pub mod rules;
pub mod security;
pub mod statements;
pub mod stop;
pub mod tags;
pub mod tokens;
pub mod users;
pub mod verify;
pub mod work;

pub use clock::Clock;
pub use health::HealthProbe;
pub use mailer::{Mailer, OutgoingEmail};
pub use repository::{RepoError, UniqueField};
pub use stop::StopSignal;
pub use work::WorkError;
