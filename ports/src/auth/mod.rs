//! The sign-in lifecycle: register, verify, log in, profile, forgotten password.

mod emails;
mod service;
#[cfg(test)]
mod tests;

pub use service::{
    AuthDeps, AuthError, AuthService, AuthSettings, LoginRequest, ProfileChange, RegisterRequest, Registered, SignedIn,
};
