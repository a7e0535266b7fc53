//! Stopping scheduled work between claims (the server is shutting down).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Asked by a scheduled pass before each claim. Once [`StopSignal::stop`] is called on any clone,
/// the pass finishes the claim in hand (its database transaction commits or rolls back as a
/// whole) and takes no other; what it left stays due for the next pass, here or on another
/// server.
#[derive(Debug, Clone, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal nobody has stopped yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// For a pass that runs to the end (`myspending process-due`, tests).
    pub fn never() -> Self {
        Self::default()
    }

    /// Asks every pass holding a clone to stop after its claim in hand.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked: a pass checks it before each claim.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}
