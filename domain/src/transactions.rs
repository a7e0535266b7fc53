//! Transactions and transfers: the forms' rules and the sign convention (spec 1-core §5).

use std::fmt;

use chrono::NaiveDate;
use uuid::Uuid;

use crate::accounts::AccountId;
use crate::dates::parse_day;
use crate::money::{parse_amount, MAX_AMOUNT};
use crate::splits::{Allocation, SplitInput};
use crate::tags::{parse_tag_ids, TagId};
use crate::{Money, ValidationError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TransactionId(pub Uuid);

impl fmt::Display for TransactionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransactionType {
    Income,
    Expense,
}

impl TransactionType {
    /// Every TransactionType, in the order the API lists them.
    pub const ALL: [TransactionType; 2] = [TransactionType::Income, TransactionType::Expense];

    pub fn as_str(self) -> &'static str {
        match self {
            TransactionType::Income => "income",
            TransactionType::Expense => "expense",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "income" => Ok(TransactionType::Income),
            "expense" => Ok(TransactionType::Expense),
            _ => Err(ValidationError::new("type", "Type must be income or expense")),
        }
    }

    /// The stored sign: expenses negative, income positive, whatever the client sent.
    pub fn signed(self, amount: Money) -> Money {
        match self {
            TransactionType::Income => amount.abs(),
            TransactionType::Expense => -amount.abs(),
        }
    }
}

/// Whether a transaction counts. A declined one counts for nothing (balances, totals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransactionStatus {
    Completed,
    Pending,
    Declined,
}

impl TransactionStatus {
    /// Every TransactionStatus, in the order the API lists them.
    pub const ALL: [TransactionStatus; 3] =
        [TransactionStatus::Completed, TransactionStatus::Pending, TransactionStatus::Declined];

    pub fn as_str(self) -> &'static str {
        match self {
            TransactionStatus::Completed => "completed",
            TransactionStatus::Pending => "pending",
            TransactionStatus::Declined => "declined",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "" | "completed" => Ok(TransactionStatus::Completed),
            "pending" => Ok(TransactionStatus::Pending),
            "declined" => Ok(TransactionStatus::Declined),
            _ => Err(ValidationError::new("status", "Status must be completed, pending or declined")),
        }
    }

    /// Whether a transaction with this status counts towards balances, month totals, summaries,
    /// reports and budget spending. A declined one counts for nothing; a pending one counts.
    pub fn counts(self) -> bool {
        match self {
            TransactionStatus::Completed | TransactionStatus::Pending => true,
            TransactionStatus::Declined => false,
        }
    }
}

/// Raw transaction form input (amount as decimal text).
#[derive(Debug, Clone, Default)]
pub struct TransactionInput {
    pub amount: Option<String>,
    pub description: String,
    pub transaction_type: String,
    pub category_id: String,
    pub account_id: String,
    pub date: String,
    pub notes: Option<String>,
    pub status: Option<String>,
    /// The tags' ids; absent: a new transaction has none and an edit keeps its tags.
    pub tag_ids: Option<Vec<String>>,
    /// Its parts when split across categories (then `category_id` is not needed); an empty list
    /// takes a split away.
    pub splits: Option<Vec<SplitInput>>,
}

/// A transaction's fields, parsed, with the amount signed by its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionDraft {
    pub amount: Money,
    pub description: String,
    pub transaction_type: TransactionType,
    /// Its category, or its parts' categories when split.
    pub allocation: Allocation,
    pub account_id: AccountId,
    pub date: NaiveDate,
    pub notes: String,
    pub status: TransactionStatus,
    /// Its tags (at most 10, each once); `None`: none for a new one, unchanged by an edit.
    pub tags: Option<Vec<TagId>>,
}

impl TransactionDraft {
    /// Parses the form; `today` is London's today (dates after it are refused).
    pub fn parse(input: &TransactionInput, today: NaiveDate) -> Result<Self, ValidationError> {
        let amount = positive_amount(input.amount.as_deref())?;
        let description = description(&input.description)?;
        let transaction_type = TransactionType::parse(&input.transaction_type)?;
        let allocation = Allocation::parse(
            &input.category_id,
            input.splits.as_deref(),
            transaction_type.signed(amount),
            transaction_type,
        )?;
        let account_id = AccountId(reference(&input.account_id, "accountId", "Account is required")?);
        let date = not_future(parse_day(&input.date, "date", "Date is required")?, today)?;
        let notes = notes(input.notes.as_deref())?;
        let status = TransactionStatus::parse(input.status.as_deref().unwrap_or_default())?;
        let tags = input.tag_ids.as_deref().map(parse_tag_ids).transpose()?;
        Ok(Self {
            amount: transaction_type.signed(amount),
            description,
            transaction_type,
            allocation,
            account_id,
            date,
            notes,
            status,
            tags,
        })
    }
}

/// Raw transfer form input.
#[derive(Debug, Clone, Default)]
pub struct TransferInput {
    pub amount: Option<String>,
    pub description: String,
    pub from_account_id: String,
    pub to_account_id: String,
    pub date: String,
    pub notes: Option<String>,
}

/// A transfer, parsed: a positive amount moving from one account to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferDraft {
    pub amount: Money,
    pub description: String,
    pub from_account_id: AccountId,
    pub to_account_id: AccountId,
    pub date: NaiveDate,
    pub notes: String,
}

impl TransferDraft {
    pub fn parse(input: &TransferInput, today: NaiveDate) -> Result<Self, ValidationError> {
        let amount = positive_amount(input.amount.as_deref())?;
        let description = description(&input.description)?;
        let from = AccountId(reference(&input.from_account_id, "fromAccountId", "From account is required")?);
        let to = AccountId(reference(&input.to_account_id, "toAccountId", "To account is required")?);
        if from == to {
            return Err(ValidationError::new("toAccountId", "Cannot transfer to the same account"));
        }
        let date = not_future(parse_day(&input.date, "date", "Date is required")?, today)?;
        let notes = notes(input.notes.as_deref())?;
        Ok(Self { amount, description, from_account_id: from, to_account_id: to, date, notes })
    }
}

/// The absolute value of an amount field: required, a number, above zero, at most £999,999.99.
fn positive_amount(raw: Option<&str>) -> Result<Money, ValidationError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty());
    let raw = raw.ok_or_else(|| ValidationError::new("amount", "Amount is required"))?;
    let amount = parse_amount(raw, "amount", "Amount must be a number")?.abs();
    if !amount.is_positive() {
        return Err(ValidationError::new("amount", "Amount must be positive"));
    }
    if amount > MAX_AMOUNT {
        return Err(ValidationError::new("amount", "Amount cannot exceed £999,999.99"));
    }
    Ok(amount)
}

fn description(raw: &str) -> Result<String, ValidationError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(ValidationError::new("description", "Description is required"));
    }
    if trimmed.chars().count() > 100 {
        return Err(ValidationError::new("description", "Description cannot exceed 100 characters"));
    }
    Ok(trimmed.to_owned())
}

fn notes(raw: Option<&str>) -> Result<String, ValidationError> {
    let trimmed = raw.unwrap_or_default().trim();
    if trimmed.chars().count() > 200 {
        return Err(ValidationError::new("notes", "Notes cannot exceed 200 characters"));
    }
    Ok(trimmed.to_owned())
}

/// An id the form refers to. A malformed id cannot name anything of the user's, so it is
/// reported like a missing one would be by the lookup: the caller answers "not found".
pub(crate) fn reference(raw: &str, field: &'static str, required: &str) -> Result<Uuid, ValidationError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(ValidationError::new(field, required));
    }
    Ok(Uuid::parse_str(trimmed).unwrap_or_default())
}

fn not_future(day: NaiveDate, today: NaiveDate) -> Result<NaiveDate, ValidationError> {
    if day > today {
        return Err(ValidationError::new("date", "Date cannot be in the future"));
    }
    Ok(day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::categories::CategoryId;
    use crate::splits::SplitInput;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 6, 15).unwrap()
    }

    fn id() -> String {
        Uuid::from_u128(1).to_string()
    }

    fn valid() -> TransactionInput {
        TransactionInput {
            amount: Some("-12.34".into()),
            description: " Tesco ".into(),
            transaction_type: "expense".into(),
            category_id: id(),
            account_id: Uuid::from_u128(2).to_string(),
            date: "2026-06-14T23:00:00.000Z".into(),
            notes: None,
            status: None,
            tag_ids: None,
            splits: None,
        }
    }

    fn msg(i: TransactionInput) -> String {
        TransactionDraft::parse(&i, today()).map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message)
    }

    #[test]
    fn the_transaction_form_rules_carry_the_spec_messages() {
        let cases: Vec<(TransactionInput, &str)> = vec![
            (TransactionInput { amount: None, ..valid() }, "Amount is required"),
            (TransactionInput { amount: Some("ten".into()), ..valid() }, "Amount must be a number"),
            (TransactionInput { amount: Some("0".into()), ..valid() }, "Amount must be positive"),
            (TransactionInput { amount: Some("1000000".into()), ..valid() }, "Amount cannot exceed £999,999.99"),
            (
                TransactionInput { amount: Some("1.001".into()), ..valid() },
                "Amount cannot have more than 2 decimal places",
            ),
            (TransactionInput { description: "  ".into(), ..valid() }, "Description is required"),
            (TransactionInput { description: "d".repeat(101), ..valid() }, "Description cannot exceed 100 characters"),
            (TransactionInput { transaction_type: "gift".into(), ..valid() }, "Type must be income or expense"),
            (TransactionInput { category_id: "".into(), ..valid() }, "Category is required"),
            (TransactionInput { account_id: " ".into(), ..valid() }, "Account is required"),
            (TransactionInput { date: "".into(), ..valid() }, "Date is required"),
            (TransactionInput { date: "2026-06-16".into(), ..valid() }, "Date cannot be in the future"),
            (TransactionInput { notes: Some("n".repeat(201)), ..valid() }, "Notes cannot exceed 200 characters"),
            (TransactionInput { notes: Some("n".repeat(200)), ..valid() }, "ok"),
            (valid(), "ok"),
        ];
        for (i, expected) in cases {
            assert_eq!(msg(i.clone()), expected, "{i:?}");
        }
    }

    #[test]
    fn the_sign_follows_the_type_whatever_the_client_sent() {
        let expense = TransactionDraft::parse(&TransactionInput { amount: Some("12.34".into()), ..valid() }, today());
        assert_eq!(expense.unwrap().amount, Money::from_pence(-1234));
        let income = TransactionInput { amount: Some("-50".into()), transaction_type: "income".into(), ..valid() };
        assert_eq!(TransactionDraft::parse(&income, today()).unwrap().amount, Money::from_pence(5000));
    }

    #[test]
    fn a_bst_timestamp_becomes_its_london_day_and_today_is_allowed() {
        let draft = TransactionDraft::parse(&valid(), today()).unwrap();
        assert_eq!(draft.date, today());
        assert_eq!(draft.description, "Tesco");
    }

    #[test]
    fn only_a_declined_transaction_counts_for_nothing() {
        let cases = [
            (TransactionStatus::Completed, true),
            (TransactionStatus::Pending, true),
            (TransactionStatus::Declined, false),
        ];
        for (status, counts) in cases {
            assert_eq!(status.counts(), counts, "{status:?}");
        }
    }

    #[test]
    fn a_split_form_needs_no_category_and_its_parts_take_the_sign() {
        let part = |n: u128, amount: &str| SplitInput {
            category_id: Uuid::from_u128(n).to_string(),
            amount: Some(amount.into()),
            note: None,
        };
        let input = TransactionInput {
            amount: Some("84.20".into()),
            category_id: "".into(),
            splits: Some(vec![part(3, "61.00"), part(4, "23.20")]),
            ..valid()
        };
        let draft = TransactionDraft::parse(&input, today()).unwrap();
        assert_eq!(draft.allocation.category(), None);
        assert_eq!(draft.allocation.parts().iter().map(|p| p.amount.pence()).collect::<Vec<_>>(), [-6100, -2320]);
        let short = TransactionInput { amount: Some("90".into()), ..input };
        assert_eq!(msg(short), "Split amounts must add up to £90.00 (they add up to £84.20)");
    }

    #[test]
    fn a_malformed_reference_names_nothing() {
        let draft = TransactionDraft::parse(&TransactionInput { category_id: "abc".into(), ..valid() }, today());
        assert_eq!(draft.unwrap().allocation, Allocation::Category(CategoryId(Uuid::nil())));
    }

    fn transfer() -> TransferInput {
        TransferInput {
            amount: Some("-100".into()),
            description: "To savings".into(),
            from_account_id: id(),
            to_account_id: Uuid::from_u128(2).to_string(),
            date: "2026-06-01".into(),
            notes: None,
        }
    }

    #[test]
    fn the_transfer_form_rules_carry_the_spec_messages() {
        let parse =
            |i: TransferInput| TransferDraft::parse(&i, today()).map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message);
        assert_eq!(parse(TransferInput { from_account_id: "".into(), ..transfer() }), "From account is required");
        assert_eq!(parse(TransferInput { to_account_id: "".into(), ..transfer() }), "To account is required");
        assert_eq!(parse(TransferInput { to_account_id: id(), ..transfer() }), "Cannot transfer to the same account");
        assert_eq!(parse(TransferInput { amount: Some("0.00".into()), ..transfer() }), "Amount must be positive");
        assert_eq!(TransferDraft::parse(&transfer(), today()).unwrap().amount, Money::from_pence(10_000));
    }
}
