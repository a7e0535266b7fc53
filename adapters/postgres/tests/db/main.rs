//! The PostgreSQL adapter on a real database: one test binary with a module per repository
//! (a binary per file linked diesel and the adapter eight times over).

mod support;

mod banking;
mod database;
mod goals;
mod households;
mod idempotency;
mod imports;
mod inventory;
mod ledger;
mod recurring;
mod reports;
mod splits;
mod statements;
mod tags;
mod tokens;
mod transfer_pairs;
mod users;
mod verify;
