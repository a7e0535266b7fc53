//! Enable Banking (restricted mode: a self-hoster linking their own UK and EU bank accounts
//! through PSD2 consent), a second provider beside Plaid (issue 34). So far: the application's
//! token. The provider's data rules are `domain::psd2`.

mod token;

pub use token::AppToken;
