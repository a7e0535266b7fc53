//! Bank providers behind `ports::banking::BankProvider`: the built-in demo bank, which needs no
//! keys and is the default, and Plaid.

mod demo;
pub mod enablebanking;
mod http;
mod plaid;

pub use demo::DemoBank;
pub use plaid::{PlaidBank, PlaidSettings};
