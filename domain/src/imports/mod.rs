//! Importing statements: which rows of a file an account already has, which category a row
//! gets, and the user's categorisation rules.
//!
//! A row is a duplicate when the account holds a row with the same bank id (OFX FITID, a CSV's
//! id column), or, failing that, with the same day, amount and normalised description —
//! counting multiplicity: each existing row absorbs at most one row of the file. A row a linked
//! bank's feed brought in also absorbs a file row of its day and amount whatever the text: a
//! feed and the same bank's export describe one payment in different words.
//!
//! `rules`: the categorisation rules' form and matching; `categorise`: a row's category from
//! the rules, the bank's label and the user's categories. Both are re-exported here.

mod categorise;
mod rules;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;

use crate::transactions::TransactionType;
use crate::Money;

pub use categorise::*;
pub use rules::*;

/// A description reduced to what identifies it: lower case, letters and digits, one space
/// between words. 'TESCO STORES  2231*' and 'Tesco Stores 2231' are the same.
pub fn normalise_description(description: &str) -> String {
    let kept: String = description
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_lowercase().next().unwrap_or(c) } else { ' ' })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What duplicate detection needs to know about a row, stored or in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowIdentity<'a> {
    pub date: NaiveDate,
    /// Signed like the ledger.
    pub amount: Money,
    pub description: &'a str,
    pub external_id: Option<&'a str>,
    /// Brought in by a linked bank's feed (a stored row only).
    pub fed: bool,
}

type Key = (NaiveDate, i64, String);

fn key(row: &RowIdentity<'_>) -> Key {
    (row.date, row.amount.pence(), normalise_description(row.description))
}

/// For each row of a file, whether the account already has it. `existing` are the account's
/// stored rows (at least those on the file's days, and those with any of the file's ids).
pub fn mark_duplicates(existing: &[RowIdentity<'_>], file: &[RowIdentity<'_>]) -> Vec<bool> {
    let stored_ids: HashMap<&str, Key> = existing.iter().filter_map(|r| r.external_id.map(|id| (id, key(r)))).collect();
    let mut unmatched: HashMap<Key, usize> = HashMap::new();
    for row in existing {
        *unmatched.entry(key(row)).or_default() += 1;
    }
    let mut seen_ids: HashSet<&str> = HashSet::new();
    let mut duplicate = vec![false; file.len()];
    // First the rows the bank identifies: a known id is a duplicate whatever else it says, and
    // it takes its stored twin out of the count so no other row matches it again.
    for (i, row) in file.iter().enumerate() {
        let Some(id) = row.external_id else { continue };
        if !seen_ids.insert(id) {
            duplicate[i] = true;
        } else if let Some(twin) = stored_ids.get(id) {
            duplicate[i] = true;
            if let Some(n) = unmatched.get_mut(twin) {
                *n = n.saturating_sub(1);
            }
        }
    }
    for (i, row) in file.iter().enumerate() {
        if duplicate[i] {
            continue;
        }
        if let Some(n) = unmatched.get_mut(&key(row)).filter(|n| **n > 0) {
            *n -= 1;
            duplicate[i] = true;
        }
    }
    // Then the feed's rows still unmatched, by day and amount alone.
    let mut fed_left: HashMap<(NaiveDate, i64), usize> = HashMap::new();
    for row in existing.iter().filter(|r| r.fed) {
        if let Some(n) = unmatched.get_mut(&key(row)).filter(|n| **n > 0) {
            *n -= 1;
            *fed_left.entry((row.date, row.amount.pence())).or_default() += 1;
        }
    }
    for (i, row) in file.iter().enumerate() {
        if duplicate[i] {
            continue;
        }
        if let Some(n) = fed_left.get_mut(&(row.date, row.amount.pence())).filter(|n| **n > 0) {
            *n -= 1;
            duplicate[i] = true;
        }
    }
    duplicate
}

/// The ledger's type of a signed amount.
pub fn type_of(amount: Money) -> TransactionType {
    if amount.is_negative() {
        TransactionType::Expense
    } else {
        TransactionType::Income
    }
}
