//! Bank providers behind `ports::banking::BankProvider`: the built-in demo bank, which needs no
//! keys and is the default, and Plaid.

mod demo;

pub use demo::DemoBank;
