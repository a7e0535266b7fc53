//! Recurring templates: their form's rules, when each occurrence falls, and how soon the next
//! one is due. Pure: the scheduler, the screens and the analytics all ask these functions.

use chrono::{Datelike, Days, Months, NaiveDate};

use crate::accounts::AccountId;
use crate::categories::CategoryId;
use crate::dates::parse_day;
use crate::money::{below_a_penny, MAX_AMOUNT};
use crate::transactions::{reference, TransactionType};
use crate::{Money, MoneyParseError, ValidationError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frequency {
    Weekly,
    Monthly,
    Yearly,
}

impl Frequency {
    /// Every Frequency, in the order the API lists them.
    pub const ALL: [Frequency; 3] = [Frequency::Weekly, Frequency::Monthly, Frequency::Yearly];

    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::Weekly => "weekly",
            Frequency::Monthly => "monthly",
            Frequency::Yearly => "yearly",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "weekly" => Ok(Frequency::Weekly),
            "monthly" => Ok(Frequency::Monthly),
            "yearly" => Ok(Frequency::Yearly),
            _ => Err(ValidationError::new("frequency", "Frequency must be weekly, monthly or yearly")),
        }
    }
}

/// `day` in `year`/`month`, or the month's last day when it is shorter (31 → 30, 29 Feb → 28).
fn clamped(year: i32, month: u32, day: u32) -> NaiveDate {
    (1..=day).rev().find_map(|d| NaiveDate::from_ymd_opt(year, month, d)).expect("every month has a first day")
}

/// The occurrence after `due` of a template whose occurrences fall on `anchor`'s day: weekly
/// seven days on; monthly on the anchor's day of the next month, clamped to its end (31 Jan →
/// 28/29 Feb → 31 Mar → 30 Apr); yearly on the anchor's day and month of the next year (29 Feb
/// → 28 Feb in a common year, 29 Feb again in a leap year). `None` past the calendar's end.
pub fn next_due(anchor: NaiveDate, frequency: Frequency, due: NaiveDate) -> Option<NaiveDate> {
    match frequency {
        Frequency::Weekly => due.checked_add_days(Days::new(7)),
        Frequency::Monthly => {
            let next = due.with_day(1)?.checked_add_months(Months::new(1))?;
            Some(clamped(next.year(), next.month(), anchor.day()))
        }
        Frequency::Yearly => {
            let year = due.year().checked_add(1)?;
            NaiveDate::from_ymd_opt(year, 1, 1)?;
            Some(clamped(year, anchor.month(), anchor.day()))
        }
    }
}

/// How a due status is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueTone {
    /// Overdue: the error colour.
    Overdue,
    /// Due today or within three days: the warning colour.
    Soon,
    /// Within a week: the info colour.
    Near,
    /// Later: the success colour.
    Later,
}

impl DueTone {
    /// Every DueTone, in the order the API lists them.
    pub const ALL: [DueTone; 4] = [DueTone::Overdue, DueTone::Soon, DueTone::Near, DueTone::Later];

    pub fn as_str(self) -> &'static str {
        match self {
            DueTone::Overdue => "overdue",
            DueTone::Soon => "soon",
            DueTone::Near => "near",
            DueTone::Later => "later",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueStatus {
    /// Whole days from today to the next due day; negative when overdue.
    pub days: i64,
    pub text: String,
    pub tone: DueTone,
}

/// 'N day(s) overdue', 'Due today', 'Due tomorrow' or 'Due in N days', with its tone.
pub fn due_status(next_due: NaiveDate, today: NaiveDate) -> DueStatus {
    let days = (next_due - today).num_days();
    let (text, tone) = match days {
        d if d < 0 => {
            let n = -d;
            (format!("{n} day{} overdue", if n == 1 { "" } else { "s" }), DueTone::Overdue)
        }
        0 => ("Due today".to_owned(), DueTone::Soon),
        1 => ("Due tomorrow".to_owned(), DueTone::Soon),
        d => (
            format!("Due in {d} days"),
            if d <= 3 {
                DueTone::Soon
            } else if d <= 7 {
                DueTone::Near
            } else {
                DueTone::Later
            },
        ),
    };
    DueStatus { days, text, tone }
}

/// Whether a template is due (or overdue): its next due day is today or earlier.
pub fn is_due(next_due: NaiveDate, today: NaiveDate) -> bool {
    next_due <= today
}

/// Due soon: after today and within `within` days (7 by default).
pub fn is_due_soon(next_due: NaiveDate, today: NaiveDate, within: i64) -> bool {
    let days = (next_due - today).num_days();
    days > 0 && days <= within
}

/// What a recurring template moves: income or an expense in one account, or a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecurringKind {
    Entry { transaction_type: TransactionType, category_id: CategoryId, account_id: AccountId },
    Transfer { from_account_id: AccountId, to_account_id: AccountId },
}

/// The recurring forms as sent, before parsing.
#[derive(Debug, Clone, Default)]
pub struct RecurringInput {
    pub amount: Option<String>,
    pub description: String,
    /// income or expense; 'transfer' for the transfer form.
    pub transaction_type: String,
    pub category_id: String,
    pub account_id: String,
    pub from_account_id: String,
    pub to_account_id: String,
    pub frequency: String,
    /// The start date when creating, the next due date when editing.
    pub day: String,
    pub notes: Option<String>,
}

/// A template's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringDraft {
    /// Positive; the ledger signs it by the kind.
    pub amount: Money,
    pub description: String,
    pub kind: RecurringKind,
    pub frequency: Frequency,
    /// The first occurrence (creating) or the next one (editing); never before today.
    pub due: NaiveDate,
    pub notes: String,
}

/// Whether the form creates a template (its day is the start date) or edits one (the next due
/// date); the messages differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormMode {
    Create,
    Edit,
}

/// Which form a template comes from: a recurring income or expense (/recurring-transactions)
/// or a recurring transfer (/recurring-transfers). Their fields, rules and messages differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecurringForm {
    Entry,
    Transfer,
}

impl RecurringForm {
    /// The shortest description the form takes: a transfer's may be one character.
    fn description_min(self) -> usize {
        match self {
            RecurringForm::Entry => 2,
            RecurringForm::Transfer => 1,
        }
    }

    /// What a refusal names when a referenced row is missing or someone else's.
    pub fn referent(self) -> &'static str {
        match self {
            RecurringForm::Entry => "Account or category",
            RecurringForm::Transfer => "Account",
        }
    }
}

impl RecurringDraft {
    /// Parses the recurring transaction form or the recurring transfer form.
    pub fn parse(
        input: &RecurringInput,
        form: RecurringForm,
        mode: FormMode,
        today: NaiveDate,
    ) -> Result<Self, ValidationError> {
        let amount = amount(input.amount.as_deref())?;
        let description = description(&input.description, form.description_min())?;
        let kind = match form {
            RecurringForm::Transfer => {
                let from = AccountId(reference(&input.from_account_id, "fromAccountId", "From account is required")?);
                let to = AccountId(reference(&input.to_account_id, "toAccountId", "To account is required")?);
                if from == to {
                    return Err(ValidationError::new("toAccountId", "Cannot transfer to the same account"));
                }
                RecurringKind::Transfer { from_account_id: from, to_account_id: to }
            }
            RecurringForm::Entry => {
                let transaction_type = TransactionType::parse(&input.transaction_type)?;
                let category_id = CategoryId(reference(&input.category_id, "categoryId", "Category is required")?);
                let account_id = AccountId(reference(&input.account_id, "accountId", "Account is required")?);
                RecurringKind::Entry { transaction_type, category_id, account_id }
            }
        };
        let frequency = Frequency::parse(&input.frequency)?;
        let (field, required, past) = match mode {
            FormMode::Create => ("startDate", "Start date is required", "Start date cannot be in the past"),
            FormMode::Edit => ("nextDue", "Next due date is required", "Next due date cannot be in the past"),
        };
        let due = parse_day(&input.day, field, required)?;
        if due < today {
            return Err(ValidationError::new(field, past));
        }
        let notes = notes(input.notes.as_deref())?;
        Ok(Self { amount, description, kind, frequency, due, notes })
    }

    /// The amount as the ledger stores it: negative for an expense, positive otherwise.
    pub fn signed_amount(&self) -> Money {
        match self.kind {
            RecurringKind::Entry { transaction_type, .. } => transaction_type.signed(self.amount),
            RecurringKind::Transfer { .. } => self.amount,
        }
    }
}

/// The recurring amount: a number from £0.01 to £999,999.99.
fn amount(raw: Option<&str>) -> Result<Money, ValidationError> {
    let invalid = |message: &str| ValidationError::new("amount", message);
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| invalid("Amount must be a number"))?;
    let at_least = || invalid("Amount must be at least £0.01");
    let amount = match Money::parse(raw) {
        Ok(amount) => amount,
        Err(MoneyParseError::NotANumber) => return Err(invalid("Amount must be a number")),
        Err(_) if raw.starts_with('-') => return Err(at_least()),
        Err(MoneyParseError::TooLarge) => return Err(invalid("Amount cannot exceed £999,999.99")),
        Err(MoneyParseError::TooManyDecimals) if below_a_penny(raw) => return Err(at_least()),
        Err(MoneyParseError::TooManyDecimals) => return Err(invalid("Amount cannot have more than 2 decimal places")),
    };
    if !amount.is_positive() {
        return Err(at_least());
    }
    if amount > MAX_AMOUNT {
        return Err(invalid("Amount cannot exceed £999,999.99"));
    }
    Ok(amount)
}

fn description(raw: &str, min: usize) -> Result<String, ValidationError> {
    let trimmed = raw.trim();
    let length = trimmed.chars().count();
    if length == 0 {
        return Err(ValidationError::new("description", "Description is required"));
    }
    if length < min {
        return Err(ValidationError::new("description", format!("Description must be at least {min} characters")));
    }
    if length > 100 {
        return Err(ValidationError::new("description", "Description cannot exceed 100 characters"));
    }
    Ok(trimmed.to_owned())
}

fn notes(raw: Option<&str>) -> Result<String, ValidationError> {
    let trimmed = raw.unwrap_or_default().trim();
    if trimmed.chars().count() > 500 {
        return Err(ValidationError::new("notes", "Notes cannot exceed 500 characters"));
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use uuid::Uuid;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    /// The first `n` occurrences from `start`.
    fn series(start: NaiveDate, frequency: Frequency, n: usize) -> Vec<NaiveDate> {
        let mut out = vec![start];
        while out.len() < n {
            let last = *out.last().unwrap();
            out.push(next_due(start, frequency, last).unwrap());
        }
        out
    }

    #[test]
    fn monthly_keeps_the_start_day_clamped_to_each_months_end() {
        assert_eq!(
            series(day(2026, 1, 31), Frequency::Monthly, 5),
            vec![day(2026, 1, 31), day(2026, 2, 28), day(2026, 3, 31), day(2026, 4, 30), day(2026, 5, 31)]
        );
        assert_eq!(series(day(2028, 1, 31), Frequency::Monthly, 2)[1], day(2028, 2, 29), "leap year");
        assert_eq!(
            series(day(2026, 1, 30), Frequency::Monthly, 3),
            vec![day(2026, 1, 30), day(2026, 2, 28), day(2026, 3, 30)]
        );
        assert_eq!(
            series(day(2026, 11, 29), Frequency::Monthly, 4),
            vec![day(2026, 11, 29), day(2026, 12, 29), day(2027, 1, 29), day(2027, 2, 28)],
            "across the year end"
        );
        assert_eq!(series(day(2026, 6, 15), Frequency::Monthly, 3)[2], day(2026, 8, 15));
    }

    #[test]
    fn weekly_is_seven_days_and_yearly_keeps_29_february_when_it_can() {
        assert_eq!(
            series(day(2026, 12, 28), Frequency::Weekly, 3),
            vec![day(2026, 12, 28), day(2027, 1, 4), day(2027, 1, 11)]
        );
        assert_eq!(
            series(day(2024, 2, 29), Frequency::Yearly, 5),
            vec![day(2024, 2, 29), day(2025, 2, 28), day(2026, 2, 28), day(2027, 2, 28), day(2028, 2, 29)]
        );
        assert_eq!(series(day(2026, 3, 31), Frequency::Yearly, 2)[1], day(2027, 3, 31));
    }

    proptest! {
        #[test]
        fn every_next_due_is_later_on_the_right_day_and_in_the_next_period(
            start in (0i32..8000).prop_map(|n| day(2000, 1, 1) + chrono::Duration::days(i64::from(n))),
            steps in 1usize..40,
        ) {
            for frequency in [Frequency::Weekly, Frequency::Monthly, Frequency::Yearly] {
                let dates = series(start, frequency, steps + 1);
                for pair in dates.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    prop_assert!(b > a);
                    match frequency {
                        Frequency::Weekly => prop_assert_eq!((b - a).num_days(), 7),
                        Frequency::Monthly => {
                            let months = (b.year() - a.year()) * 12 + b.month() as i32 - a.month() as i32;
                            prop_assert_eq!(months, 1);
                            let last = clamped(b.year(), b.month(), 31).day();
                            prop_assert_eq!(b.day(), start.day().min(last));
                        }
                        Frequency::Yearly => {
                            prop_assert_eq!(b.year(), a.year() + 1);
                            prop_assert_eq!(b.month(), start.month());
                            prop_assert!(b.day() == start.day() || (start.day() == 29 && b.day() == 28));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn due_status_at_each_boundary() {
        let today = day(2026, 11, 23);
        let cases = [
            (-3, "3 days overdue", DueTone::Overdue),
            (-1, "1 day overdue", DueTone::Overdue),
            (0, "Due today", DueTone::Soon),
            (1, "Due tomorrow", DueTone::Soon),
            (2, "Due in 2 days", DueTone::Soon),
            (3, "Due in 3 days", DueTone::Soon),
            (4, "Due in 4 days", DueTone::Near),
            (7, "Due in 7 days", DueTone::Near),
            (8, "Due in 8 days", DueTone::Later),
            (40, "Due in 40 days", DueTone::Later),
        ];
        for (offset, text, tone) in cases {
            let s = due_status(today + chrono::Duration::days(offset), today);
            assert_eq!((s.days, s.text.as_str(), s.tone), (offset, text, tone), "{offset}");
        }
        assert!(is_due(today, today) && is_due(day(2026, 11, 1), today) && !is_due(day(2026, 11, 24), today));
        assert!(!is_due_soon(today, today, 7) && is_due_soon(day(2026, 11, 30), today, 7));
        assert!(!is_due_soon(day(2026, 12, 1), today, 7));
    }

    fn input() -> RecurringInput {
        RecurringInput {
            amount: Some("12.50".into()),
            description: "Netflix".into(),
            transaction_type: "expense".into(),
            category_id: Uuid::from_u128(1).to_string(),
            account_id: Uuid::from_u128(2).to_string(),
            from_account_id: Uuid::from_u128(2).to_string(),
            to_account_id: Uuid::from_u128(3).to_string(),
            frequency: "monthly".into(),
            day: "2026-11-23".into(),
            notes: None,
        }
    }

    #[test]
    fn the_recurring_forms_rules_and_messages() {
        let today = day(2026, 11, 23);
        let msg = |f: &dyn Fn(&mut RecurringInput), form: RecurringForm, mode: FormMode| {
            let mut i = input();
            f(&mut i);
            RecurringDraft::parse(&i, form, mode, today).map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message)
        };
        let entry = |f: &dyn Fn(&mut RecurringInput)| msg(f, RecurringForm::Entry, FormMode::Create);
        assert_eq!(entry(&|_| {}), "ok");
        assert_eq!(entry(&|i| i.amount = None), "Amount must be a number");
        assert_eq!(entry(&|i| i.amount = Some("lots".into())), "Amount must be a number");
        for low in ["0", "0.001", "-5", "-0.001"] {
            assert_eq!(entry(&|i| i.amount = Some(low.into())), "Amount must be at least £0.01", "{low}");
        }
        assert_eq!(entry(&|i| i.amount = Some("1000000".into())), "Amount cannot exceed £999,999.99");
        assert_eq!(entry(&|i| i.amount = Some("£1,234.56".into())), "ok");
        assert_eq!(entry(&|i| i.description = " N ".into()), "Description must be at least 2 characters");
        assert_eq!(entry(&|i| i.description = "x".repeat(101)), "Description cannot exceed 100 characters");
        assert_eq!(entry(&|i| i.transaction_type = "transfer".into()), "Type must be income or expense");
        assert_eq!(entry(&|i| i.category_id = String::new()), "Category is required");
        assert_eq!(entry(&|i| i.account_id = " ".into()), "Account is required");
        assert_eq!(entry(&|i| i.frequency = "daily".into()), "Frequency must be weekly, monthly or yearly");
        assert_eq!(entry(&|i| i.day = "2026-11-22".into()), "Start date cannot be in the past");
        assert_eq!(entry(&|i| i.day = String::new()), "Start date is required");
        assert_eq!(entry(&|i| i.notes = Some("n".repeat(501))), "Notes cannot exceed 500 characters");
        assert_eq!(
            msg(&|i| i.day = "2026-11-01".into(), RecurringForm::Entry, FormMode::Edit),
            "Next due date cannot be in the past"
        );

        let transfer = |f: &dyn Fn(&mut RecurringInput)| msg(f, RecurringForm::Transfer, FormMode::Create);
        assert_eq!(transfer(&|i| i.description = "X".into()), "ok", "a transfer's description may be one character");
        assert_eq!(transfer(&|i| i.from_account_id = String::new()), "From account is required");
        assert_eq!(transfer(&|i| i.to_account_id = String::new()), "To account is required");
        assert_eq!(transfer(&|i| i.to_account_id = i.from_account_id.clone()), "Cannot transfer to the same account");
    }

    #[test]
    fn an_expense_is_stored_negative_income_and_transfers_positive() {
        let today = day(2026, 11, 23);
        let mut i = input();
        assert_eq!(
            RecurringDraft::parse(&i, RecurringForm::Entry, FormMode::Create, today).unwrap().signed_amount().pence(),
            -1250
        );
        i.transaction_type = "income".into();
        assert_eq!(
            RecurringDraft::parse(&i, RecurringForm::Entry, FormMode::Create, today).unwrap().signed_amount().pence(),
            1250
        );
        assert_eq!(
            RecurringDraft::parse(&i, RecurringForm::Transfer, FormMode::Create, today)
                .unwrap()
                .signed_amount()
                .pence(),
            1250
        );
    }
}
