//! Enable Banking (restricted mode: a self-hoster linking their own UK and EU bank accounts
//! through PSD2 consent), a provider beside Plaid and the demo bank (issue 34): the application's
//! token, the API client, and the provider behind the bank port; the provider's data rules are
//! `domain::psd2`.

mod client;
mod provider;
mod token;

pub use client::{
    AccountResource, Aspsp, Balance, EnableBankingClient, Session, StartAuth, StartedAuth, Transaction,
    TransactionsPage, DEFAULT_BASE_URL,
};
pub use provider::EnableBankingBank;
pub use token::AppToken;
