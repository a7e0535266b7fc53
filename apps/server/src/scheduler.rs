//! The scheduled work that runs inside `serve`: a pass over due recurring templates every
//! interval. A pass that is still running when the next is due is waited for, never doubled;
//! and several servers on one database share the work through the repository's row locks, so
//! every occurrence is made once wherever it runs.

use std::time::Duration;

use ports::recurring::RecurringService;

/// Starts the recurring pass loop on the current runtime: the first pass at once (catching up
/// whatever came due while the server was down), then one every `every`.
pub fn start(recurring: RecurringService, every: Duration) {
    actix_web::rt::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = recurring.process_due().await {
                tracing::error!(error = %e, "the recurring pass failed; the next one retries");
            }
        }
    });
}
