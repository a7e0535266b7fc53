//! How a [`VerifyReport`] reads: one line of counts, then a line per difference listed, amounts
//! as pounds (`Money`'s en-GB form) and months as 2026-03.

use std::fmt;

use domain::dates::CalendarMonth;
use domain::ids::HouseholdId;
use domain::transactions::TransactionType;

use super::{AccountName, Bucket, Difference, Figure, Leg, PairProblem, Totals, VerifyReport};

impl PairProblem {
    /// Why the pair fails, as a clause after the leg.
    fn describe(self) -> &'static str {
        match self {
            PairProblem::NotMutual => "its other leg does not name it back",
            PairProblem::PeerNotATransfer => "its other leg is not marked as a transfer",
            PairProblem::NotATransfer => "it is not marked as a transfer yet names another row as its other leg",
            PairProblem::OtherHousehold => "its other leg is another household's",
            PairProblem::SameAccount => "both legs are in the same account",
            PairProblem::NotOpposite => "the legs' amounts are not each other's opposite",
            PairProblem::Declined => "a declined row cannot be a transfer leg",
        }
    }
}

/// "1 goal", "1,234 goals".
fn many(n: u64, (one, other): (&str, &str)) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { other })
}

/// 1234567 → "1,234,567".
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn month(m: CalendarMonth) -> String {
    format!("{:04}-{:02}", m.year(), m.month())
}

impl fmt::Display for AccountName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "account '{}' ({})", self.name, self.id.0)
    }
}

impl fmt::Display for Leg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "transfer leg {} in '{}' on {} ({})", self.id.0, self.account.name, self.date, self.amount)
    }
}

impl fmt::Display for Bucket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match (self.is_transfer, self.transaction_type) {
            (true, TransactionType::Expense) => "transfers out",
            (true, TransactionType::Income) => "transfers in",
            (false, t) => t.as_str(),
        };
        match &self.category {
            Some((_, name)) => write!(f, "{kind} '{name}'"),
            None => f.write_str(kind),
        }
    }
}

impl fmt::Display for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = if self.rows == 1 { "row" } else { "rows" };
        write!(f, "{} in {} {rows} ({} counted)", self.total, self.rows, self.counted)
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difference::MonthNet { account, month: m, stored, rows, .. } => {
                write!(f, "{account} month {}: stored {stored}, rows say {rows}", month(*m))
            }
            Difference::RunningBalance { account, transaction, date, stored, rows, .. } => write!(
                f,
                "{account} row {} on {date}: month-to-date balance stored {stored}, rows say {rows}",
                transaction.0
            ),
            Difference::MonthTotal { account, month: m, bucket, stored, rows, .. } => {
                write!(f, "{account} month {}, {bucket}: stored {stored}, rows say {rows}", month(*m))
            }
            Difference::GoalSaved { goal, name, stored, rows, .. } => {
                write!(
                    f,
                    "goal '{name}' ({}): saved stored {}, contributions say {}",
                    goal.0, stored.amount, rows.amount
                )?;
                match (stored.complete, rows.complete) {
                    (true, false) => f.write_str("; marked complete, though they fall short of its target"),
                    (false, true) => f.write_str("; not marked complete, though they reach its target"),
                    _ => Ok(()),
                }
            }
            Difference::SplitParts { row, .. } => {
                let parts = if row.parts == 1 { "part" } else { "parts" };
                write!(
                    f,
                    "split row {} in '{}' on {} ({}): {} {parts} adding up to {}",
                    row.id.0, row.account.name, row.date, row.amount, row.parts, row.parts_total
                )?;
                if !row.is_split {
                    f.write_str(", though the row is not marked as split")?;
                }
                if row.counted_right {
                    Ok(())
                } else {
                    f.write_str("; the categories they count the row in are not recorded right")
                }
            }
            Difference::TransferPair { leg, peer, problem, .. } => {
                write!(f, "{leg}: {}", problem.describe())?;
                match peer {
                    Some(peer) => write!(f, " (the other: {peer})"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl fmt::Display for VerifyReport {
    /// "Checked 12 accounts, 144 month balances, … in 2 households: all consistent.", or that
    /// line with how many differ (or were repaired) and a line per difference listed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counted: Vec<String> = std::iter::once(many(self.accounts, ("account", "accounts")))
            .chain(self.checks.iter().map(|c| many(c.checked, c.figure.names())))
            .collect();
        let (last, rest) = counted.split_last().expect("accounts and the checks");
        let households = many(self.households, ("household", "households"));
        write!(f, "Checked {} and {last} in {households}: ", rest.join(", "))?;
        let repairable: u64 = self.checks.iter().filter(|c| c.figure.repairable()).map(|c| c.differing).sum();
        match (self.differing(), self.repaired) {
            (0, _) => f.write_str("all consistent.")?,
            (n, false) => write!(f, "{}.", many(n, ("difference", "differences")))?,
            (_, true) => {
                write!(f, "repaired {}.", grouped(repairable))?;
                let left = [
                    (
                        Figure::TransferPairs,
                        ("transfer leg that does not pair is", "transfer legs that do not pair are"),
                    ),
                    (
                        Figure::SplitParts,
                        ("split row whose parts do not fit is", "split rows whose parts do not fit are"),
                    ),
                ];
                for (figure, words) in left {
                    let n = self.check(figure).differing;
                    if n > 0 {
                        write!(f, " {} left for a person to put right.", many(n, words))?;
                    }
                }
            }
        }
        let prefix = |household: HouseholdId| {
            if self.households > 1 {
                format!("  household {}: ", household.0)
            } else {
                "  ".to_owned()
            }
        };
        for check in self.checks.iter().filter(|c| c.differing > 0) {
            let verb = if self.repaired && check.figure.repairable() { "repaired" } else { "differ" };
            write!(
                f,
                "\n{}: {} of {} {verb}",
                capitalised(check.figure.noun()),
                grouped(check.differing),
                grouped(check.checked)
            )?;
            for d in &check.differences {
                write!(f, "\n{}{d}", prefix(d.household()))?;
            }
            let unlisted = check.differing.saturating_sub(check.differences.len() as u64);
            if unlisted > 0 {
                write!(f, "\n  … and {} more", grouped(unlisted))?;
            }
        }
        if self.lone_legs > 0 {
            write!(
                f,
                "\nNote: {} no other leg (not counted as differences: a member who leaves with a private account \
                 keeps their leg of each transfer with a shared one; any other way, the other leg was lost):",
                many(self.lone_legs, ("transfer leg has", "transfer legs have"))
            )?;
            for lone in &self.lone_listed {
                write!(f, "\n{}{}", prefix(lone.household), lone.leg)?;
            }
            let unlisted = self.lone_legs.saturating_sub(self.lone_listed.len() as u64);
            if unlisted > 0 {
                write!(f, "\n  … and {} more", grouped(unlisted))?;
            }
        }
        Ok(())
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
