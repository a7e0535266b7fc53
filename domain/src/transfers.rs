//! Money moved between two of the user's own accounts is a transfer, not spending and income.
//! A card payment out of the current account and its receipt on the card often arrive as two
//! separate rows (two bank connections, two statements): these rules find such pairs, decide
//! which become a transfer without asking, and check a pair the user asks for.

use std::collections::HashMap;

use chrono::NaiveDate;
use uuid::Uuid;

use crate::accounts::AccountId;
use crate::transactions::TransactionStatus;
use crate::ValidationError;

/// Two rows at most this many days apart can be one transfer (a payment leaves on a Friday and
/// arrives on the Monday; card payments post a few working days later).
pub const PAIR_WINDOW_DAYS: i64 = 5;

/// How a pair of rows became one transfer, or that the user separated them again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// Paired without asking: the source said it is a transfer and the pair was unambiguous.
    Auto,
    /// Paired by the user.
    Manual,
    /// The user separated the pair: never suggested or paired automatically again (the user can
    /// still pair it by hand).
    Dismissed,
}

impl Pairing {
    /// Every Pairing, in the order the API lists them.
    pub const ALL: [Pairing; 3] = [Pairing::Auto, Pairing::Manual, Pairing::Dismissed];

    pub fn as_str(self) -> &'static str {
        match self {
            Pairing::Auto => "auto",
            Pairing::Manual => "manual",
            Pairing::Dismissed => "dismissed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "auto" => Some(Pairing::Auto),
            "manual" => Some(Pairing::Manual),
            "dismissed" => Some(Pairing::Dismissed),
            _ => None,
        }
    }

    /// Whether a row with this pairing is one leg of a paired transfer.
    pub fn is_paired(self) -> bool {
        matches!(self, Pairing::Auto | Pairing::Manual)
    }
}

/// A stored row as the pairing rules see it. `amount` is signed pence (money out negative).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    pub id: Uuid,
    pub account: AccountId,
    pub amount: i64,
    pub date: NaiveDate,
    pub status: TransactionStatus,
    pub is_transfer: bool,
    pub pairing: Option<Pairing>,
    /// Split across categories by hand: spending, never one leg of a transfer.
    pub is_split: bool,
}

impl PairingRow {
    /// Whether it may be suggested or paired automatically: an ordinary, counted, unsplit row the
    /// user has not separated from a pair before.
    pub fn is_pairable(&self) -> bool {
        !self.is_transfer && !self.is_split && self.pairing.is_none() && self.status.counts()
    }
}

/// Whether two rows look like the two legs of one transfer: both pairable, in two different
/// accounts, one out and one in of the same amount, at most [`PAIR_WINDOW_DAYS`] apart.
pub fn is_candidate(a: &PairingRow, b: &PairingRow) -> bool {
    a.is_pairable()
        && b.is_pairable()
        && a.account != b.account
        && a.amount != 0
        && a.amount == -b.amount
        && (a.date - b.date).num_days().abs() <= PAIR_WINDOW_DAYS
}

/// Checks a pair the user asks for and answers it as (out, in). The dates may be any distance
/// apart (the user knows best); everything else must hold, each with the reason a user reads.
pub fn check_pair<'a>(
    a: &'a PairingRow,
    b: &'a PairingRow,
) -> Result<(&'a PairingRow, &'a PairingRow), ValidationError> {
    let refuse = |message: &str| Err(ValidationError::new("withId", message));
    if a.is_transfer || b.is_transfer {
        return refuse("This transaction is already part of a transfer");
    }
    if a.is_split || b.is_split {
        return refuse("A split transaction cannot be part of a transfer");
    }
    if a.account == b.account {
        return refuse("Both transactions are in the same account; a transfer moves money between two accounts");
    }
    if (a.amount < 0) == (b.amount < 0) {
        return refuse("A transfer needs one payment out and one payment in");
    }
    if a.amount != -b.amount {
        return refuse("The two amounts must be the same to make a transfer");
    }
    if !a.status.counts() || !b.status.counts() {
        return refuse("A declined transaction cannot be part of a transfer");
    }
    Ok(if a.amount < 0 { (a, b) } else { (b, a) })
}

/// A candidate pair (out, in) and whether its source said either row is a transfer (the bank's
/// transfer or card-payment label, a rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub out: Uuid,
    pub into: Uuid,
    pub hinted: bool,
}

/// The pairs to make without asking, from every candidate pair around the rows in question
/// (each row's candidates and their candidates): those the source labelled and that are
/// unambiguous — each row has exactly one candidate, the other. Anything else is only offered.
pub fn automatic_pairs(candidates: &[Candidate]) -> Vec<(Uuid, Uuid)> {
    let mut counts: HashMap<Uuid, usize> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for c in candidates.iter().filter(|c| seen.insert((c.out, c.into))) {
        *counts.entry(c.out).or_default() += 1;
        *counts.entry(c.into).or_default() += 1;
    }
    let mut pairs: Vec<(Uuid, Uuid)> = candidates
        .iter()
        .filter(|c| c.hinted && counts[&c.out] == 1 && counts[&c.into] == 1)
        .map(|c| (c.out, c.into))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Whether a bank's own label (Plaid's personal finance category, which the demo bank uses too)
/// says a row moves money between the holder's accounts.
pub fn is_transfer_label(primary: Option<&str>, detailed: Option<&str>) -> bool {
    matches!(primary, Some("TRANSFER_IN" | "TRANSFER_OUT"))
        || matches!(detailed, Some("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn row(n: u128, account: u128, amount: i64, date: u32) -> PairingRow {
        PairingRow {
            id: Uuid::from_u128(n),
            account: AccountId(Uuid::from_u128(1000 + account)),
            amount,
            date: day(date),
            status: TransactionStatus::Completed,
            is_transfer: false,
            pairing: None,
            is_split: false,
        }
    }

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    #[test]
    fn a_payment_out_and_the_same_amount_in_another_account_within_five_days_is_a_candidate() {
        let out = row(1, 1, -35_000, 10);
        for (other, expected, why) in [
            (row(2, 2, 35_000, 10), true, "same day"),
            (row(2, 2, 35_000, 15), true, "five days later"),
            (row(2, 2, 35_000, 5), true, "five days earlier"),
            (row(2, 2, 35_000, 16), false, "six days later"),
            (row(2, 1, 35_000, 10), false, "same account"),
            (row(2, 2, 35_001, 10), false, "another amount"),
            (row(2, 2, -35_000, 10), false, "same direction"),
        ] {
            assert_eq!(is_candidate(&out, &other), expected, "{why}");
            assert_eq!(is_candidate(&other, &out), expected, "{why}, either way round");
        }
    }

    #[test]
    fn transfer_legs_declined_rows_and_dismissed_pairs_are_never_candidates() {
        let out = row(1, 1, -35_000, 10);
        let mut leg = row(2, 2, 35_000, 10);
        leg.is_transfer = true;
        let mut declined = row(3, 2, 35_000, 10);
        declined.status = TransactionStatus::Declined;
        let mut dismissed = row(4, 2, 35_000, 10);
        dismissed.pairing = Some(Pairing::Dismissed);
        for other in [leg, declined, dismissed] {
            assert!(!is_candidate(&out, &other), "{other:?}");
        }
        let mut pending = row(5, 2, 35_000, 10);
        pending.status = TransactionStatus::Pending;
        assert!(is_candidate(&out, &pending), "a pending row can be paired");
        let mut split = row(6, 2, 5_000, 1);
        split.is_split = true;
        assert!(!is_candidate(&out, &split), "a split row is spending, not a transfer");
    }

    #[test]
    fn a_pair_asked_for_is_refused_with_the_reason() {
        let out = row(1, 1, -5_000, 1);
        let mut leg = row(9, 2, 5_000, 1);
        leg.is_transfer = true;
        let mut declined = row(8, 2, 5_000, 1);
        declined.status = TransactionStatus::Declined;
        let mut split = row(7, 2, 5_000, 1);
        split.is_split = true;
        for (other, message) in [
            (
                row(2, 1, 5_000, 1),
                "Both transactions are in the same account; a transfer moves money between two accounts",
            ),
            (out.clone(), "Both transactions are in the same account; a transfer moves money between two accounts"),
            (row(3, 2, -5_000, 1), "A transfer needs one payment out and one payment in"),
            (row(4, 2, 4_999, 1), "The two amounts must be the same to make a transfer"),
            (leg, "This transaction is already part of a transfer"),
            (declined, "A declined transaction cannot be part of a transfer"),
            (split.clone(), "A split transaction cannot be part of a transfer"),
        ] {
            let refused = check_pair(&out, &other).unwrap_err();
            assert_eq!((refused.field, refused.message.as_str()), ("withId", message));
        }
    }

    #[test]
    fn a_pair_asked_for_may_be_far_apart_and_comes_back_out_first() {
        let into = row(2, 2, 5_000, 1);
        let out = row(1, 1, -5_000, 28);
        let (o, i) = check_pair(&into, &out).unwrap();
        assert_eq!((o.id, i.id), (id(1), id(2)));
    }

    #[test]
    fn only_labelled_unambiguous_pairs_are_made_without_asking() {
        let c = |out: u128, into: u128, hinted: bool| Candidate { out: id(out), into: id(into), hinted };
        // 1↔2 labelled and alone: paired. 3↔4 alone but nobody said transfer: offered only.
        // 5 has two candidates (6 and 7): offered only, though labelled.
        let candidates = [c(1, 2, true), c(3, 4, false), c(5, 6, true), c(5, 7, true), c(1, 2, true)];
        assert_eq!(automatic_pairs(&candidates), vec![(id(1), id(2))]);
        // 8 is alone but its candidate 9 has another out-row 10 that matches it.
        assert!(automatic_pairs(&[c(8, 9, true), c(10, 9, false)]).is_empty());
    }

    #[test]
    fn a_banks_transfer_and_card_payment_labels_say_transfer() {
        assert!(is_transfer_label(Some("TRANSFER_IN"), Some("TRANSFER_IN_ACCOUNT_TRANSFER")));
        assert!(is_transfer_label(Some("TRANSFER_OUT"), None));
        assert!(is_transfer_label(Some("LOAN_PAYMENTS"), Some("LOAN_PAYMENTS_CREDIT_CARD_PAYMENT")));
        assert!(!is_transfer_label(Some("LOAN_PAYMENTS"), Some("LOAN_PAYMENTS_MORTGAGE_PAYMENT")));
        assert!(!is_transfer_label(Some("FOOD_AND_DRINK"), None));
        assert!(!is_transfer_label(None, None));
    }

    proptest! {
        /// Every automatic pair is one of the labelled candidates, and no row is in two.
        #[test]
        fn automatic_pairs_are_labelled_candidates_and_never_share_a_row(
            raw in proptest::collection::vec((0u128..6, 6u128..12, any::<bool>()), 0..12)
        ) {
            let candidates: Vec<Candidate> =
                raw.iter().map(|&(o, i, h)| Candidate { out: id(o), into: id(i), hinted: h }).collect();
            let pairs = automatic_pairs(&candidates);
            let mut used = std::collections::HashSet::new();
            for (o, i) in &pairs {
                prop_assert!(candidates.iter().any(|c| c.out == *o && c.into == *i && c.hinted));
                prop_assert!(used.insert(*o) && used.insert(*i));
            }
        }
    }
}
