//! The scheduled work that runs inside `serve`, in one place: a pass over due recurring templates
//! and a pass over bank connections due a sync, each on its own interval. A pass that is still
//! running when the next is due is waited for, never doubled; and several servers on one
//! database share the work through the repositories' claims (row locks with SKIP LOCKED, and for
//! bank connections a lease on their next sync time), so every occurrence is made, and every
//! connection synced, once wherever it runs.

use std::future::Future;
use std::time::Duration;

use ports::banking::BankService;
use ports::recurring::RecurringService;

/// Runs `pass` on the current runtime at once (catching up whatever came due while the server
/// was down), then once every `every`; a failed pass is logged and the next one retries.
fn every<F, Fut, E>(name: &'static str, every: Duration, pass: F)
where
    F: Fn() -> Fut + 'static,
    Fut: Future<Output = Result<(), E>> + 'static,
    E: std::fmt::Display,
{
    actix_web::rt::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = pass().await {
                tracing::error!(error = %e, pass = name, "a scheduled pass failed; the next one retries");
            }
        }
    });
}

/// The recurring pass: every due occurrence of every template becomes its ledger rows.
pub fn start(recurring: RecurringService, interval: Duration) {
    every("recurring", interval, move || {
        let recurring = recurring.clone();
        async move { recurring.process_due().await.map(|_| ()) }
    });
}

/// The bank pass, every few minutes: each active connection whose next sync time has come is
/// claimed (its next time moved `sync_every` ahead in the same statement, a consent's at least
/// six hours) and synced; then each consent ending within seven days is told once.
pub fn start_bank_sync(banking: BankService, check_every: Duration, sync_every: Duration) {
    let sync_every = chrono::Duration::from_std(sync_every).unwrap_or(chrono::Duration::hours(6));
    every("bank sync", check_every, move || {
        let banking = banking.clone();
        async move {
            let synced = banking.sync_due(sync_every).await?;
            if synced > 0 {
                tracing::info!(connections = synced, "bank connections synced in the background");
            }
            let told = banking.notify_renewals().await?;
            if told > 0 {
                tracing::info!(connections = told, "members told their bank consents end soon");
            }
            Ok::<_, ports::banking::BankingError>(())
        }
    });
}
