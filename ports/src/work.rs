//! What every port for expensive, bounded work (hashing a password, rendering a PDF) answers
//! when it gives no result.

/// Why bounded work gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    /// As much of this work as the server allows is running and waiting: nothing was computed
    /// or changed; the client should try again shortly.
    #[error("at capacity for this work")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// The message a user reads when the server is at capacity.
pub const BUSY_MESSAGE: &str = "The server is busy. Please try again in a moment.";
