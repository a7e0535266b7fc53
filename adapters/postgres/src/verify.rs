//! [`LedgerCheck`] on PostgreSQL: the derived figures recomputed from the rows in SQL, set-based
//! (one statement per kind of figure, however many rows), with the rules the writes use:
//! - `recompute`: each figure beside what its rows say, as a subquery shared by both below;
//! - `checks`: the check over a scope, counting and listing the differences;
//! - `pairs`: the transfer legs' part of it (checked, never repaired);
//! - `splits`: the split rows' parts (checked, never repaired);
//! - `repair`: one household locked, checked again and rewritten from its rows.

mod checks;
mod pairs;
mod recompute;
mod repair;
mod splits;

use async_trait::async_trait;
use domain::ids::HouseholdId;
use ports::verify::{LedgerCheck, VerifyReport};
use ports::RepoError;

use crate::Database;

/// [`LedgerCheck`] on PostgreSQL.
pub struct PgLedgerCheck {
    db: Database,
}

impl PgLedgerCheck {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl LedgerCheck for PgLedgerCheck {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = ?scope, repair))]
    async fn check(&self, scope: Option<HouseholdId>, repair: bool) -> Result<VerifyReport, RepoError> {
        let scope = scope.map(|h| h.0);
        if !repair {
            // One snapshot: every figure and its rows as of one instant, whatever is written meanwhile.
            let report = self.db.read_snapshot(move |conn| checks::run(conn, scope)).await?;
            if scope.is_some() && report.households == 0 {
                return Err(RepoError::NotFound);
            }
            return Ok(report);
        }
        let households = self.db.run(move |conn| repair::households(conn, scope)).await?;
        if scope.is_some() && households.is_empty() {
            return Err(RepoError::NotFound);
        }
        let mut report = VerifyReport::empty(true);
        for household in households {
            report.absorb(self.db.write(move |conn| repair::household(conn, household)).await?);
        }
        Ok(report)
    }
}
