//! The scheduled work that runs inside `serve`, in one place: a pass over due recurring templates
//! and a pass over bank connections due a sync, each on its own interval. A pass that is still
//! running when the next is due is waited for, never doubled; and several servers on one
//! database share the work through the repositories' claims (row locks with SKIP LOCKED, and for
//! bank connections a lease on their next sync time), so every occurrence is made, and every
//! connection synced, once wherever it runs.
//!
//! [`Schedulers::stop`] (the server is shutting down) stops them between claims: a pass finishes
//! the claim in hand and takes no other, a scheduler waiting for its next pass stops waiting.

use std::future::Future;
use std::time::Duration;

use actix_web::rt::task::JoinHandle;
use ports::banking::BankService;
use ports::recurring::RecurringService;
use ports::StopSignal;
use tokio::sync::watch;

/// The running schedulers, to stop together.
pub struct Schedulers {
    /// Read by the passes before each claim.
    stop: StopSignal,
    /// Wakes the schedulers that are waiting for their next pass.
    stopping: watch::Sender<bool>,
    running: Vec<JoinHandle<()>>,
}

impl Default for Schedulers {
    fn default() -> Self {
        Self::new()
    }
}

impl Schedulers {
    pub fn new() -> Self {
        Self { stop: StopSignal::new(), stopping: watch::channel(false).0, running: vec![] }
    }

    /// Runs `pass` on the current runtime at once (catching up whatever came due while the
    /// server was down), then once every `every` until stopped; a failed pass is logged and the
    /// next one retries.
    fn every<F, Fut, E>(&mut self, name: &'static str, every: Duration, pass: F)
    where
        F: Fn(StopSignal) -> Fut + 'static,
        Fut: Future<Output = Result<(), E>> + 'static,
        E: std::fmt::Display,
    {
        let stop = self.stop.clone();
        let mut stopping = self.stopping.subscribe();
        self.running.push(actix_web::rt::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = ticks.tick() => {}
                    // Stopped (or the sender is gone): no further pass.
                    _ = stopping.wait_for(|stopped| *stopped) => break,
                }
                if stop.is_stopped() {
                    break;
                }
                if let Err(e) = pass(stop.clone()).await {
                    tracing::error!(error = %e, pass = name, "a scheduled pass failed; the next one retries");
                }
            }
            tracing::info!(pass = name, "scheduler stopped");
        }));
    }

    /// The receipts' pass: removes from the blob store what deleted receipts left (a sweep after
    /// each delete does it at once; this catches what a failed one left).
    pub fn start_receipt_sweep(&mut self, receipts: ports::receipts::ReceiptService, interval: Duration) {
        self.every("receipt blobs", interval, move |_stop| {
            let receipts = receipts.clone();
            async move {
                receipts.sweep().await;
                Ok::<_, std::convert::Infallible>(())
            }
        });
    }

    /// The recurring pass: every due occurrence of every template becomes its ledger rows.
    pub fn start_recurring(&mut self, recurring: RecurringService, interval: Duration) {
        self.every("recurring", interval, move |stop| {
            let recurring = recurring.clone();
            async move { recurring.process_due(&stop).await.map(|_| ()) }
        });
    }

    /// The bank pass, every few minutes: each active connection whose next sync time has come is
    /// claimed (its next time moved `sync_every` ahead in the same statement, a consent's at
    /// least six hours) and synced; then each consent ending within seven days is told once.
    pub fn start_bank_sync(&mut self, banking: BankService, check_every: Duration, sync_every: Duration) {
        let sync_every = chrono::Duration::from_std(sync_every).unwrap_or(chrono::Duration::hours(6));
        self.every("bank sync", check_every, move |stop| {
            let banking = banking.clone();
            async move {
                let synced = banking.sync_due(sync_every, &stop).await?;
                if synced > 0 {
                    tracing::info!(connections = synced, "bank connections synced in the background");
                }
                let told = banking.notify_renewals(&stop).await?;
                if told > 0 {
                    tracing::info!(connections = told, "members told their bank consents end soon");
                }
                Ok::<_, ports::banking::BankingError>(())
            }
        });
    }

    /// Asks every scheduler to stop after the claim in hand, and waits until each has.
    pub async fn stop(self) {
        self.stop.stop();
        self.stopping.send_replace(true);
        for scheduler in self.running {
            let _ = scheduler.await;
        }
    }
}
