//! The HTTP tests: the real server on port 0 over its own database, driven with reqwest. One
//! test binary with a module per area (as zero2prod's tests/api and crates.io do): each
//! integration test file used to be a binary of its own linking actix, diesel, image and genpdf,
//! and on two cores the links were most of the build.

mod common;

mod auth;
mod authz;
mod backup;
mod banking;
mod budgets;
mod edge;
mod goals;
mod headers;
mod household;
mod http_edges;
mod idempotency;
mod imports;
mod inventory;
mod ledger;
mod net_worth;
mod photos;
mod private_accounts;
mod pure;
mod receipts;
mod recurring;
mod reports;
mod shopping_ticks;
mod shutdown;
mod splits;
mod tags;
mod tax_year;
mod tokens;
mod transfer_pairs;
mod transfers;
mod two_factor;
mod users;
mod verify;
