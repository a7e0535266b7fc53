use chrono::{DateTime, Utc};

/// The source of "now". Use cases never read the system clock directly, so tests pin time.
#[cfg_attr(test, mockall::automock)]
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}
