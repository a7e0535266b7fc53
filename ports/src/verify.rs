//! The ledger proves itself (issue 35): every figure the database keeps beside the rows it is
//! derived from is recomputed from those rows and compared, and the two legs of each transfer
//! are checked against each other. `myspending verify` runs [`LedgerCheck`] and prints the
//! [`VerifyReport`] (its `Display`).
//!
//! The figures, each kept by the ledger's writes inside the write's own database transaction:
//! - each account's counted movement per calendar month (`account_months`), from which every
//!   opening balance is summed;
//! - each row's running balance within its account and month (`transactions.month_balance`),
//!   from which its balance after is read;
//! - the month totals per account, category, type and transfer flag (`ledger_month_totals`)
//!   that summaries, the accounts overview, budgets and reports read instead of the rows;
//! - each goal's saved amount (the sum of its contributions) and with it its completion.
//!
//! Two things are checked and never repaired, as only a person can say which side is right: the
//! two legs of each transfer, and each split row's parts (2 to 20, adding up to its amount).

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::dates::CalendarMonth;
use domain::ids::{GoalId, HouseholdId};
use domain::transactions::{TransactionId, TransactionType};
use domain::Money;

use crate::RepoError;

mod render;
#[cfg(test)]
mod tests;

/// How many differences of each kind a report lists (it counts them all).
pub const LISTED: usize = 100;

/// Recomputes the ledger's derived figures from its rows.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait LedgerCheck: Send + Sync {
    /// Checks the household `scope` (every household when `None`): recomputes each derived
    /// figure from the rows with the rules the writes use and answers how many of each kind were
    /// checked and every one that differs (the first [`LISTED`] of each kind listed). Without
    /// `repair` it changes nothing and reads one consistent snapshot.
    ///
    /// With `repair`, each household is checked again and its differing figures rewritten from
    /// its rows in one database transaction of its own, with its accounts and goals locked so no
    /// write interleaves; the report (`repaired` set) is of what was found and rewritten there.
    /// Transfer legs that do not pair are reported and never changed: which leg is right is a
    /// person's call. Answers `NotFound` when `scope` names no household.
    async fn check(&self, scope: Option<HouseholdId>, repair: bool) -> Result<VerifyReport, RepoError>;
}

/// A kind of derived figure, in the order they are checked and reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// An account's counted movement in a month.
    MonthNets,
    /// A row's running balance within its account and month.
    RunningBalances,
    /// The total, row count and counted-row count of a month's bucket.
    MonthTotals,
    /// A goal's saved amount and completion.
    GoalsSaved,
    /// A transfer's two legs, naming each other with opposite amounts.
    TransferPairs,
    /// A split row's parts: 2 to 20, adding up to its amount.
    SplitParts,
}

impl Figure {
    pub const ALL: [Figure; 6] = [
        Figure::MonthNets,
        Figure::RunningBalances,
        Figure::MonthTotals,
        Figure::GoalsSaved,
        Figure::TransferPairs,
        Figure::SplitParts,
    ];

    /// Whether a repair rewrites it from the rows. Transfer legs and split parts are never
    /// rewritten: which side is right is a person's call.
    pub fn repairable(self) -> bool {
        !matches!(self, Figure::TransferPairs | Figure::SplitParts)
    }

    /// What one of them is called in the report, plural.
    pub fn noun(self) -> &'static str {
        self.names().1
    }

    /// Its name in the singular and the plural.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Figure::MonthNets => ("month balance", "month balances"),
            Figure::RunningBalances => ("running balance", "running balances"),
            Figure::MonthTotals => ("month total", "month totals"),
            Figure::GoalsSaved => ("goal", "goals"),
            Figure::TransferPairs => ("transfer leg", "transfer legs"),
            Figure::SplitParts => ("split row", "split rows"),
        }
    }
}

/// An account, as a report names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountName {
    pub id: AccountId,
    pub name: String,
}

/// A month totals bucket within an account and month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    /// None for a typed transfer's legs.
    pub category: Option<(CategoryId, String)>,
    pub transaction_type: TransactionType,
    pub is_transfer: bool,
}

/// A month totals bucket's three figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// The counted (not declined) amounts.
    pub total: Money,
    /// Every row, declined included.
    pub rows: i64,
    /// The counted rows.
    pub counted: i64,
}

/// A goal's saved amount and whether it is marked complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    pub amount: Money,
    pub complete: bool,
}

/// One leg of a transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    pub id: TransactionId,
    pub account: AccountName,
    pub date: NaiveDate,
    pub amount: Money,
}

/// Why a transfer's legs do not make a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairProblem {
    /// The other leg names another row (or none) as its pair.
    NotMutual,
    /// The other leg is not marked as a transfer.
    PeerNotATransfer,
    /// A row that is not a transfer names a pair.
    NotATransfer,
    /// The other leg is another household's.
    OtherHousehold,
    /// Both legs are in one account.
    SameAccount,
    /// The amounts are not each other's opposite (or are zero).
    NotOpposite,
    /// A declined row is a transfer leg.
    Declined,
}

/// A stored figure that is not what the rows say, or a transfer whose legs do not pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    MonthNet {
        household: HouseholdId,
        account: AccountName,
        month: CalendarMonth,
        stored: Money,
        rows: Money,
    },
    RunningBalance {
        household: HouseholdId,
        account: AccountName,
        transaction: TransactionId,
        date: NaiveDate,
        stored: Money,
        rows: Money,
    },
    MonthTotal {
        household: HouseholdId,
        account: AccountName,
        month: CalendarMonth,
        bucket: Bucket,
        stored: Totals,
        rows: Totals,
    },
    GoalSaved {
        household: HouseholdId,
        goal: GoalId,
        name: String,
        stored: Saved,
        rows: Saved,
    },
    TransferPair {
        household: HouseholdId,
        leg: Leg,
        peer: Option<Leg>,
        problem: PairProblem,
    },
    /// A split row whose parts are too few or too many, do not add up to its amount, are counted
    /// wrongly in their categories, or exist though the row is not marked as split.
    SplitParts {
        household: HouseholdId,
        row: SplitRow,
    },
}

/// A split row as a report names it, with what its parts say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitRow {
    pub id: TransactionId,
    pub account: AccountName,
    pub date: NaiveDate,
    pub amount: Money,
    /// Marked as split (no category of its own).
    pub is_split: bool,
    pub parts: i64,
    pub parts_total: Money,
    /// Its count of its parts' categories, and the one part in each category that counts it
    /// there, are right.
    pub counted_right: bool,
}

impl Difference {
    pub fn household(&self) -> HouseholdId {
        match self {
            Difference::MonthNet { household, .. }
            | Difference::RunningBalance { household, .. }
            | Difference::MonthTotal { household, .. }
            | Difference::GoalSaved { household, .. }
            | Difference::TransferPair { household, .. }
            | Difference::SplitParts { household, .. } => *household,
        }
    }

    pub fn figure(&self) -> Figure {
        match self {
            Difference::MonthNet { .. } => Figure::MonthNets,
            Difference::RunningBalance { .. } => Figure::RunningBalances,
            Difference::MonthTotal { .. } => Figure::MonthTotals,
            Difference::GoalSaved { .. } => Figure::GoalsSaved,
            Difference::TransferPair { .. } => Figure::TransferPairs,
            Difference::SplitParts { .. } => Figure::SplitParts,
        }
    }
}

/// A transfer leg whose other leg is gone. Not a difference: a member who leaves the household
/// with a private account takes their leg of each transfer between it and a shared account, and
/// each household keeps its own leg; but a leg lost any other way looks the same, so each is
/// listed for a person to judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoneLeg {
    pub household: HouseholdId,
    pub leg: Leg,
}

/// One kind of figure: how many were checked and which differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub figure: Figure,
    pub checked: u64,
    /// All that differ, listed or not.
    pub differing: u64,
    /// The first [`LISTED`] that differ.
    pub differences: Vec<Difference>,
}

/// What a check found (or, `repaired`, what it rewrote).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    pub households: u64,
    pub accounts: u64,
    /// One per [`Figure::ALL`], in that order.
    pub checks: Vec<Check>,
    /// Transfer legs without their other leg, all of them.
    pub lone_legs: u64,
    /// The first [`LISTED`] of them.
    pub lone_listed: Vec<LoneLeg>,
    /// The differences were rewritten from the rows (transfer pairs excepted).
    pub repaired: bool,
}

impl VerifyReport {
    /// A report of nothing checked yet.
    pub fn empty(repaired: bool) -> Self {
        VerifyReport {
            households: 0,
            accounts: 0,
            checks: Figure::ALL
                .iter()
                .map(|&figure| Check { figure, checked: 0, differing: 0, differences: Vec::new() })
                .collect(),
            lone_legs: 0,
            lone_listed: Vec::new(),
            repaired,
        }
    }

    pub fn check(&self, figure: Figure) -> &Check {
        self.checks.iter().find(|c| c.figure == figure).expect("a check per figure")
    }

    fn check_mut(&mut self, figure: Figure) -> &mut Check {
        self.checks.iter_mut().find(|c| c.figure == figure).expect("a check per figure")
    }

    /// Every difference found, of every kind.
    pub fn differing(&self) -> u64 {
        self.checks.iter().map(|c| c.differing).sum()
    }

    /// Whether a person has something to do: a difference not repaired (a transfer's legs that do
    /// not pair and a split's parts that do not fit are never repaired).
    pub fn needs_attention(&self) -> bool {
        if self.repaired {
            self.checks.iter().any(|c| !c.figure.repairable() && c.differing > 0)
        } else {
            self.differing() > 0
        }
    }

    /// Adds another part's counts and differences (another household's, say), listing at most
    /// [`LISTED`] of each kind.
    pub fn absorb(&mut self, other: VerifyReport) {
        self.households += other.households;
        self.accounts += other.accounts;
        for part in other.checks {
            let mine = self.check_mut(part.figure);
            mine.checked += part.checked;
            mine.differing += part.differing;
            let room = LISTED.saturating_sub(mine.differences.len());
            mine.differences.extend(part.differences.into_iter().take(room));
        }
        self.lone_legs += other.lone_legs;
        let room = LISTED.saturating_sub(self.lone_listed.len());
        self.lone_listed.extend(other.lone_listed.into_iter().take(room));
    }
}
