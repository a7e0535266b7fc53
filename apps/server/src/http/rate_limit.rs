//! Attempt limits for the sign-in forms, per client address and per e-mail address.
//!
//! Built on `governor` (GCRA) directly; actix-governor is GPL and cannot ship in an MIT product.

use std::num::NonZeroU32;

use governor::clock::DefaultClock;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use super::error::{ApiError, ErrorCode};

type Keyed = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock>;

pub const TOO_MANY: &str = "Too many attempts. Please wait a minute and try again.";

pub struct AttemptLimiter {
    per_ip: Keyed,
    per_email: Keyed,
}

impl AttemptLimiter {
    pub fn new(per_ip_per_minute: u32, per_email_per_minute: u32) -> Self {
        let quota = |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).expect("non-zero"));
        Self {
            per_ip: RateLimiter::keyed(quota(per_ip_per_minute)),
            per_email: RateLimiter::keyed(quota(per_email_per_minute)),
        }
    }

    /// Counts one attempt at `action` from `client` for `email`; refuses when either is over.
    pub fn check(&self, action: &str, client: &str, email: &str) -> Result<(), ApiError> {
        let email = email.trim().to_lowercase();
        let ip_ok = self.per_ip.check_key(&format!("{action}|{client}")).is_ok();
        let email_ok = email.is_empty() || self.per_email.check_key(&format!("{action}|{email}")).is_ok();
        if ip_ok && email_ok {
            Ok(())
        } else {
            tracing::warn!(action, client, "attempt limit reached");
            Err(ApiError::new(ErrorCode::RateLimited, TOO_MANY.into()))
        }
    }

    /// Forgets keys whose limits have fully recovered; called periodically.
    pub fn shrink(&self) {
        self.per_ip.retain_recent();
        self.per_email.retain_recent();
        self.per_ip.shrink_to_fit();
        self.per_email.shrink_to_fit();
    }
}
