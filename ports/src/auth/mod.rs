//! The sign-in lifecycle: register, verify, log in (with a second factor when it is on), profile,
//! forgotten password, and the signed-in devices.

mod emails;
mod service;
pub mod store;
#[cfg(test)]
mod tests;
mod two_factor;
#[cfg(test)]
mod two_factor_tests;

pub use service::{
    AuthDeps, AuthError, AuthService, AuthSettings, Authenticated, LoginOutcome, LoginRequest, ProfileChange,
    RegisterRequest, Registered, SignedIn,
};
pub use two_factor::{challenge_account, DeviceSession, Enrolment, SecondFactor, CHALLENGE_ATTEMPTS};
