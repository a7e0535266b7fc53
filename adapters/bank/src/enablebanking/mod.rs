//! Enable Banking (restricted mode: a self-hoster linking their own UK and EU bank accounts
//! through PSD2 consent), a second provider beside Plaid (issue 34). So far: the application's
//! token and the API client; the provider's data rules are `domain::psd2`. Not yet behind the
//! bank port, with no routes or screens.

mod client;
mod token;

pub use client::{
    AccountResource, Aspsp, Balance, EnableBankingClient, Session, StartAuth, StartedAuth, Transaction,
    TransactionsPage, DEFAULT_BASE_URL,
};
pub use token::AppToken;
