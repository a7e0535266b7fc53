//! Savings goals: the goal and contribution forms' rules, each goal's progress, how much to put
//! aside per day, week or month to reach it, and when it would be reached at the pace so far.
//! Pure and in integer pence: the screens and the API ask these functions.

use chrono::{Days, NaiveDate};

use crate::dates::parse_day;
use crate::money::{below_a_penny, MoneyParseError};
use crate::{Money, ValidationError};

/// The largest target or contribution: £999,999,999.99.
pub const MAX_GOAL_AMOUNT: Money = Money::from_pence(99_999_999_999);

/// A goal's category: it sets the preset icon and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GoalCategory {
    Vacation,
    Emergency,
    Purchase,
    Education,
    Home,
    Car,
    Other,
}

impl GoalCategory {
    pub const ALL: [GoalCategory; 7] = [
        GoalCategory::Vacation,
        GoalCategory::Emergency,
        GoalCategory::Purchase,
        GoalCategory::Education,
        GoalCategory::Home,
        GoalCategory::Car,
        GoalCategory::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            GoalCategory::Vacation => "vacation",
            GoalCategory::Emergency => "emergency",
            GoalCategory::Purchase => "purchase",
            GoalCategory::Education => "education",
            GoalCategory::Home => "home",
            GoalCategory::Car => "car",
            GoalCategory::Other => "other",
        }
    }

    /// Blank is Other (the default); anything not listed is refused.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(GoalCategory::Other);
        }
        Self::ALL.into_iter().find(|c| c.as_str() == raw).ok_or_else(|| {
            ValidationError::new(
                "category",
                "Category must be one of vacation, emergency, purchase, education, home, car or other",
            )
        })
    }

    /// The icon and colour a goal of this category starts with.
    pub fn preset(self) -> (&'static str, &'static str) {
        match self {
            GoalCategory::Vacation => ("plane", "#0EA5E9"),
            GoalCategory::Emergency => ("shield", "#EF4444"),
            GoalCategory::Purchase => ("shopping-bag", "#EC4899"),
            GoalCategory::Education => ("graduation-cap", "#A855F7"),
            GoalCategory::Home => ("home", "#F59E0B"),
            GoalCategory::Car => ("car", "#64748B"),
            GoalCategory::Other => ("target", "#3B82F6"),
        }
    }
}

/// The 20 icons a goal may show (lucide names).
pub const GOAL_ICONS: [&str; 20] = [
    "target",
    "plane",
    "shield",
    "shopping-bag",
    "graduation-cap",
    "home",
    "car",
    "piggy-bank",
    "gift",
    "heart",
    "briefcase",
    "baby",
    "laptop",
    "smartphone",
    "bike",
    "music",
    "camera",
    "gem",
    "umbrella",
    "trophy",
];

/// The 15 colours a goal may have.
pub const GOAL_COLORS: [&str; 15] = [
    "#3B82F6", "#0EA5E9", "#10B981", "#22C55E", "#84CC16", "#EAB308", "#F59E0B", "#F97316", "#EF4444", "#EC4899",
    "#A855F7", "#6366F1", "#14B8A6", "#64748B", "#78716C",
];

/// Where a contribution came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContributionSource {
    Cash,
    BankTransfer,
    Salary,
    Bonus,
    Refund,
    Other,
}

impl ContributionSource {
    pub const ALL: [ContributionSource; 6] = [
        ContributionSource::Cash,
        ContributionSource::BankTransfer,
        ContributionSource::Salary,
        ContributionSource::Bonus,
        ContributionSource::Refund,
        ContributionSource::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ContributionSource::Cash => "cash",
            ContributionSource::BankTransfer => "bank_transfer",
            ContributionSource::Salary => "salary",
            ContributionSource::Bonus => "bonus",
            ContributionSource::Refund => "refund",
            ContributionSource::Other => "other",
        }
    }

    /// Blank is Other (the default); anything not listed is refused.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(ContributionSource::Other);
        }
        Self::ALL.into_iter().find(|s| s.as_str() == raw).ok_or_else(|| {
            ValidationError::new("source", "Source must be one of cash, bank_transfer, salary, bonus, refund or other")
        })
    }
}

/// The goal form as sent, before parsing.
#[derive(Debug, Clone, Default)]
pub struct GoalInput {
    pub name: String,
    pub description: Option<String>,
    pub target_amount: Option<String>,
    pub target_date: String,
    pub category: String,
    /// Blank keeps the category's preset (a new goal) or the goal's own (an edit).
    pub icon: String,
    pub color: String,
}

/// A goal's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalDraft {
    pub name: String,
    pub description: String,
    pub target_amount: Money,
    pub target_date: NaiveDate,
    pub category: GoalCategory,
    pub icon: String,
    pub color: String,
}

/// What an edited goal was: a past target date may stay, and the icon and colour stay unless
/// the category or the pick changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalBefore {
    pub target_date: NaiveDate,
    pub category: GoalCategory,
    pub icon: String,
    pub color: String,
}

fn positive_amount(
    raw: Option<&str>,
    field: &'static str,
    required: &str,
    positive: &str,
) -> Result<Money, ValidationError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| ValidationError::new(field, required))?;
    if below_a_penny(raw) {
        return Err(ValidationError::new(field, positive));
    }
    let amount = Money::parse(raw).map_err(|e| match e {
        MoneyParseError::NotANumber => ValidationError::new(field, "Amount must be a number"),
        MoneyParseError::TooManyDecimals => {
            ValidationError::new(field, "Amount cannot have more than 2 decimal places")
        }
        MoneyParseError::TooLarge => ValidationError::new(field, "Amount cannot exceed £999,999,999.99"),
    })?;
    if !amount.is_positive() {
        return Err(ValidationError::new(field, positive));
    }
    if amount > MAX_GOAL_AMOUNT {
        return Err(ValidationError::new(field, "Amount cannot exceed £999,999,999.99"));
    }
    Ok(amount)
}

fn optional_text(raw: Option<&str>, max: usize, field: &'static str, message: &str) -> Result<String, ValidationError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > max {
        return Err(ValidationError::new(field, message));
    }
    Ok(text.to_owned())
}

impl GoalDraft {
    /// Parses the goal form: creating (`before` None) or editing a goal.
    pub fn parse(input: &GoalInput, before: Option<&GoalBefore>, today: NaiveDate) -> Result<Self, ValidationError> {
        let name = input.name.trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "Goal name is required"));
        }
        if name.chars().count() > 100 {
            return Err(ValidationError::new("name", "Goal name cannot exceed 100 characters"));
        }
        let description = optional_text(
            input.description.as_deref(),
            500,
            "description",
            "Description cannot exceed 500 characters",
        )?;
        let target_amount = positive_amount(
            input.target_amount.as_deref(),
            "targetAmount",
            "Target amount is required",
            "Target amount must be greater than 0",
        )?;
        let target_date = parse_day(&input.target_date, "targetDate", "Target date is required")?;
        let unchanged = before.is_some_and(|b| b.target_date == target_date);
        if target_date <= today && !unchanged {
            return Err(ValidationError::new("targetDate", "Target date must be in the future"));
        }
        let category = GoalCategory::parse(&input.category)?;
        let (preset_icon, preset_color) = category.preset();
        // A new category brings its preset; otherwise the goal keeps what it had.
        let (kept_icon, kept_color) = match before {
            Some(b) if b.category == category => (b.icon.as_str(), b.color.as_str()),
            _ => (preset_icon, preset_color),
        };
        let icon = match input.icon.trim() {
            "" => kept_icon,
            icon => GOAL_ICONS
                .into_iter()
                .find(|i| *i == icon)
                .ok_or_else(|| ValidationError::new("icon", "Icon must be one of the goal icons"))?,
        };
        let color = match input.color.trim() {
            "" => kept_color.to_owned(),
            color => GOAL_COLORS
                .into_iter()
                .find(|c| c.eq_ignore_ascii_case(color))
                .map(str::to_owned)
                .ok_or_else(|| ValidationError::new("color", "Colour must be one of the goal colours"))?,
        };
        Ok(GoalDraft {
            name: name.to_owned(),
            description,
            target_amount,
            target_date,
            category,
            icon: icon.to_owned(),
            color,
        })
    }
}

/// The contribution form as sent, before parsing.
#[derive(Debug, Clone, Default)]
pub struct ContributionInput {
    pub amount: Option<String>,
    pub date: String,
    pub description: Option<String>,
    pub source: String,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContributionDraft {
    pub amount: Money,
    pub date: NaiveDate,
    pub description: String,
    pub source: ContributionSource,
    pub notes: String,
}

/// The description a contribution gets when none is given.
pub const DEFAULT_CONTRIBUTION_DESCRIPTION: &str = "Savings contribution";

impl ContributionDraft {
    /// Parses the contribution form. A contribution is money already put aside: its day is today
    /// or earlier.
    pub fn parse(input: &ContributionInput, today: NaiveDate) -> Result<Self, ValidationError> {
        let amount = positive_amount(
            input.amount.as_deref(),
            "amount",
            "Contribution amount is required",
            "Contribution amount must be greater than 0",
        )?;
        let date = parse_day(&input.date, "date", "Date is required")?;
        if date > today {
            return Err(ValidationError::new("date", "Contribution date cannot be in the future"));
        }
        let description = optional_text(
            input.description.as_deref(),
            200,
            "description",
            "Description cannot exceed 200 characters",
        )?;
        let description =
            if description.is_empty() { DEFAULT_CONTRIBUTION_DESCRIPTION.to_owned() } else { description };
        let source = ContributionSource::parse(&input.source)?;
        let notes = optional_text(input.notes.as_deref(), 300, "notes", "Notes cannot exceed 300 characters")?;
        Ok(ContributionDraft { amount, date, description, source, notes })
    }
}

/// Whether `saved` reaches `target`.
pub fn reaches(saved: Money, target: Money) -> bool {
    saved >= target
}

/// How often a suggested amount is put aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavingsPeriod {
    Day,
    Week,
    Month,
}

impl SavingsPeriod {
    /// Every SavingsPeriod, in the order the API lists them.
    pub const ALL: [SavingsPeriod; 3] = [SavingsPeriod::Day, SavingsPeriod::Week, SavingsPeriod::Month];

    pub fn as_str(self) -> &'static str {
        match self {
            SavingsPeriod::Day => "day",
            SavingsPeriod::Week => "week",
            SavingsPeriod::Month => "month",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SavingsPeriod::Day => "per day",
            SavingsPeriod::Week => "per week",
            SavingsPeriod::Month => "per month",
        }
    }

    /// The period's length in hundredths of a day: a month is 30.44 days.
    fn hundredths_of_a_day(self) -> i128 {
        match self {
            SavingsPeriod::Day => 100,
            SavingsPeriod::Week => 700,
            SavingsPeriod::Month => 3044,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavingsSuggestion {
    pub period: SavingsPeriod,
    /// Rounded up to the penny, so saving it every period covers what is left.
    pub amount: Money,
}

/// `a / b` rounded up, for positive `b`.
fn div_ceil(a: i128, b: i128) -> i128 {
    a.div_euclid(b) + i128::from(a.rem_euclid(b) != 0)
}

/// How much to put aside to save `remaining` in `days`: 7 or fewer days per day; 8 to 30 per
/// week; more than 30 per week and per month (30.44 days). None with nothing left or no days.
pub fn savings_suggestions(remaining: Money, days: i64) -> Vec<SavingsSuggestion> {
    if days <= 0 || !remaining.is_positive() {
        return Vec::new();
    }
    let periods: &[SavingsPeriod] = match days {
        ..=7 => &[SavingsPeriod::Day],
        8..=30 => &[SavingsPeriod::Week],
        _ => &[SavingsPeriod::Week, SavingsPeriod::Month],
    };
    periods
        .iter()
        .map(|&period| {
            let pence = div_ceil(i128::from(remaining.pence()) * period.hundredths_of_a_day(), i128::from(days) * 100);
            SavingsSuggestion { period, amount: Money::from_pence(i64::try_from(pence).unwrap_or(i64::MAX)) }
        })
        .collect()
}

/// A goal's figures as its card shows them on `today`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalStats {
    /// Tenths of a percent, capped at 1000 (100.0 %).
    pub progress_permille: i64,
    /// Floor 0.
    pub remaining: Money,
    /// Target day minus today, floor 0.
    pub days_remaining: i64,
    /// Days since the target day while it is not reached; 0 otherwise.
    pub days_passed_after_target: i64,
    /// Days since the goal was completed; 0 while it is not.
    pub days_passed_after_completion: i64,
    pub is_overdue: bool,
    pub is_completed: bool,
    pub suggestions: Vec<SavingsSuggestion>,
    pub projection: Option<Projection>,
}

/// When the goal would be reached at the pace of the contributions so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Projection {
    pub completion: NaiveDate,
    /// Reached on or before the target day.
    pub on_track: bool,
}

/// What the figures of a goal are made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalState {
    pub target: Money,
    pub saved: Money,
    pub target_date: NaiveDate,
    /// The London day it was completed on, when it is.
    pub completed_on: Option<NaiveDate>,
    /// The days of its contributions (any order).
    pub contribution_days: Vec<NaiveDate>,
}

/// Progress in tenths of a percent, rounded down and capped at 100 %.
pub fn progress_permille(saved: Money, target: Money) -> i64 {
    if !target.is_positive() {
        return 0;
    }
    let permille = i128::from(saved.pence().max(0)) * 1000 / i128::from(target.pence());
    i64::try_from(permille.min(1000)).unwrap_or(1000)
}

/// At the pace so far (everything saved ÷ days since the first contribution, at least one), the
/// day the rest would be saved. None with fewer than two contributions, nothing saved, or a
/// completed goal.
pub fn projection(state: &GoalState, today: NaiveDate) -> Option<Projection> {
    if state.completed_on.is_some() || state.contribution_days.len() < 2 || !state.saved.is_positive() {
        return None;
    }
    let remaining = (state.target - state.saved).pence();
    if remaining <= 0 {
        return None;
    }
    let first = *state.contribution_days.iter().min()?;
    let elapsed = (today - first).num_days().max(1);
    let days = div_ceil(i128::from(remaining) * i128::from(elapsed), i128::from(state.saved.pence()));
    let completion = today.checked_add_days(Days::new(u64::try_from(days).ok()?))?;
    Some(Projection { completion, on_track: completion <= state.target_date })
}

pub fn goal_stats(state: &GoalState, today: NaiveDate) -> GoalStats {
    let is_completed = state.completed_on.is_some();
    let remaining = Money::from_pence((state.target - state.saved).pence().max(0));
    let until_target = (state.target_date - today).num_days();
    let days_remaining = until_target.max(0);
    let is_overdue = !is_completed && until_target < 0;
    GoalStats {
        progress_permille: progress_permille(state.saved, state.target),
        remaining,
        days_remaining,
        days_passed_after_target: if is_overdue { -until_target } else { 0 },
        days_passed_after_completion: state.completed_on.map_or(0, |d| (today - d).num_days().max(0)),
        is_overdue,
        is_completed,
        suggestions: if is_completed { Vec::new() } else { savings_suggestions(remaining, days_remaining) },
        projection: projection(state, today),
    }
}

/// The goals summary: how many, and how far all of them together are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalsSummary {
    pub total: i64,
    pub active: i64,
    pub completed: i64,
    /// Everything saved of everything targeted, in tenths of a percent (uncapped parts: a goal
    /// saved past its target counts only up to it).
    pub overall_permille: i64,
    pub saved: Money,
    pub target: Money,
}

/// Sums the goals' (saved, target, completed) figures.
pub fn goals_summary(goals: &[(Money, Money, bool)]) -> GoalsSummary {
    let completed = goals.iter().filter(|g| g.2).count() as i64;
    let saved: Money = goals.iter().map(|g| g.0).sum();
    let target: Money = goals.iter().map(|g| g.1).sum();
    let counted: Money = goals.iter().map(|g| g.0.min(g.1)).sum();
    GoalsSummary {
        total: goals.len() as i64,
        active: goals.len() as i64 - completed,
        completed,
        overall_permille: progress_permille(counted, target),
        saved,
        target,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const TODAY: &str = "2026-11-25";

    fn goal_input(amount: &str, date: &str) -> GoalInput {
        GoalInput {
            name: "Holiday".into(),
            target_amount: Some(amount.into()),
            target_date: date.into(),
            ..GoalInput::default()
        }
    }

    fn message(r: Result<GoalDraft, ValidationError>) -> String {
        r.unwrap_err().message
    }

    #[test]
    fn the_goal_form_says_what_is_wrong_in_the_specs_words() {
        let today = day(TODAY);
        let ok = goal_input("1500", "2026-11-26");
        let with = |f: &dyn Fn(&mut GoalInput)| {
            let mut i = ok.clone();
            f(&mut i);
            message(GoalDraft::parse(&i, None, today))
        };
        assert_eq!(with(&|i| i.name = "  ".into()), "Goal name is required");
        assert_eq!(with(&|i| i.name = "x".repeat(101)), "Goal name cannot exceed 100 characters");
        assert_eq!(with(&|i| i.target_amount = None), "Target amount is required");
        assert_eq!(with(&|i| i.target_amount = Some(" ".into())), "Target amount is required");
        assert_eq!(with(&|i| i.target_amount = Some("0".into())), "Target amount must be greater than 0");
        assert_eq!(with(&|i| i.target_amount = Some("-5".into())), "Target amount must be greater than 0");
        assert_eq!(with(&|i| i.target_amount = Some("0.001".into())), "Target amount must be greater than 0");
        assert_eq!(with(&|i| i.target_amount = Some("ten".into())), "Amount must be a number");
        assert_eq!(with(&|i| i.target_amount = Some("1000000000".into())), "Amount cannot exceed £999,999,999.99");
        assert_eq!(with(&|i| i.target_date = "".into()), "Target date is required");
        assert_eq!(with(&|i| i.target_date = TODAY.into()), "Target date must be in the future");
        assert_eq!(with(&|i| i.description = Some("d".repeat(501))), "Description cannot exceed 500 characters");
        assert_eq!(
            with(&|i| i.category = "wedding".into()),
            "Category must be one of vacation, emergency, purchase, education, home, car or other"
        );
        assert_eq!(with(&|i| i.icon = "rocket".into()), "Icon must be one of the goal icons");
        assert_eq!(with(&|i| i.color = "#123456".into()), "Colour must be one of the goal colours");
    }

    #[test]
    fn a_new_goal_takes_its_categorys_preset_unless_another_pick_is_made() {
        let today = day(TODAY);
        let mut input = goal_input("999999999.99", "2026-11-26");
        let g = GoalDraft::parse(&input, None, today).unwrap();
        assert_eq!((g.category, g.icon.as_str(), g.color.as_str()), (GoalCategory::Other, "target", "#3B82F6"));
        assert_eq!(g.target_amount, MAX_GOAL_AMOUNT);
        input.category = "car".into();
        let g = GoalDraft::parse(&input, None, today).unwrap();
        assert_eq!((g.icon.as_str(), g.color.as_str()), ("car", "#64748B"));
        input.icon = "trophy".into();
        input.color = "#14b8a6".into();
        let g = GoalDraft::parse(&input, None, today).unwrap();
        assert_eq!((g.icon.as_str(), g.color.as_str()), ("trophy", "#14B8A6"));
    }

    #[test]
    fn an_edit_may_keep_a_past_target_date_and_keeps_its_look_until_the_category_changes() {
        let today = day(TODAY);
        let before = GoalBefore {
            target_date: day("2026-10-01"),
            category: GoalCategory::Car,
            icon: "trophy".into(),
            color: "#14B8A6".into(),
        };
        let mut input = goal_input("100", "2026-10-01");
        input.category = "car".into();
        let g = GoalDraft::parse(&input, Some(&before), today).unwrap();
        assert_eq!((g.target_date, g.icon.as_str()), (day("2026-10-01"), "trophy"));
        input.target_date = "2026-10-02".into();
        assert_eq!(message(GoalDraft::parse(&input, Some(&before), today)), "Target date must be in the future");
        input.target_date = "2026-10-01".into();
        input.category = "home".into();
        let g = GoalDraft::parse(&input, Some(&before), today).unwrap();
        assert_eq!((g.icon.as_str(), g.color.as_str()), ("home", "#F59E0B"));
    }

    #[test]
    fn the_contribution_form_says_what_is_wrong_and_fills_its_defaults() {
        let today = day(TODAY);
        let ok = ContributionInput { amount: Some("25".into()), date: TODAY.into(), ..Default::default() };
        let c = ContributionDraft::parse(&ok, today).unwrap();
        assert_eq!(c.description, "Savings contribution");
        assert_eq!(c.source, ContributionSource::Other);
        assert_eq!(c.amount, Money::from_pence(2500));
        let with = |f: &dyn Fn(&mut ContributionInput)| {
            let mut i = ok.clone();
            f(&mut i);
            ContributionDraft::parse(&i, today).unwrap_err().message
        };
        assert_eq!(with(&|i| i.amount = None), "Contribution amount is required");
        assert_eq!(with(&|i| i.amount = Some("0".into())), "Contribution amount must be greater than 0");
        assert_eq!(with(&|i| i.date = "".into()), "Date is required");
        assert_eq!(with(&|i| i.date = "2026-11-26".into()), "Contribution date cannot be in the future");
        assert_eq!(with(&|i| i.description = Some("d".repeat(201))), "Description cannot exceed 200 characters");
        assert_eq!(with(&|i| i.notes = Some("n".repeat(301))), "Notes cannot exceed 300 characters");
        assert_eq!(
            with(&|i| i.source = "lottery".into()),
            "Source must be one of cash, bank_transfer, salary, bonus, refund or other"
        );
        let mut i = ok.clone();
        i.source = "bank_transfer".into();
        assert_eq!(ContributionDraft::parse(&i, today).unwrap().source, ContributionSource::BankTransfer);
    }

    fn amounts(s: &[SavingsSuggestion]) -> Vec<(&'static str, i64)> {
        s.iter().map(|x| (x.period.as_str(), x.amount.pence())).collect()
    }

    #[test]
    fn suggestions_change_period_at_7_and_30_days_and_round_up() {
        let left = Money::from_pence(100_000); // £1,000.00
        let cases: [(i64, Vec<(&str, i64)>); 7] = [
            (0, vec![]),
            (1, vec![("day", 100_000)]),
            (7, vec![("day", 14_286)]),                      // 1000 / 7 = 142.857… → £142.86
            (8, vec![("week", 87_500)]),                     // 1000 × 7 / 8
            (30, vec![("week", 23_334)]),                    // 233.333… → £233.34
            (31, vec![("week", 22_581), ("month", 98_194)]), // 225.806…; 1000 × 30.44 / 31 = 981.935…
            (365, vec![("week", 1_918), ("month", 8_340)]),  // 19.178…; 83.397…
        ];
        for (days, expected) in cases {
            assert_eq!(amounts(&savings_suggestions(left, days)), expected, "{days} days");
        }
        assert!(savings_suggestions(Money::ZERO, 10).is_empty());
        assert!(savings_suggestions(left, -3).is_empty());
    }

    fn state(target: i64, saved: i64, target_date: &str) -> GoalState {
        GoalState {
            target: Money::from_pence(target),
            saved: Money::from_pence(saved),
            target_date: day(target_date),
            completed_on: None,
            contribution_days: vec![],
        }
    }

    #[test]
    fn stats_cap_progress_floor_what_is_left_and_know_overdue_from_completed() {
        let today = day(TODAY);
        let s = goal_stats(&state(300_000, 100_000, "2026-12-25"), today);
        assert_eq!((s.progress_permille, s.remaining.pence(), s.days_remaining), (333, 200_000, 30));
        assert!(!s.is_overdue && !s.is_completed);
        assert_eq!(amounts(&s.suggestions), vec![("week", 46_667)]);

        let overdue = goal_stats(&state(300_000, 100_000, "2026-11-20"), today);
        assert_eq!((overdue.is_overdue, overdue.days_remaining, overdue.days_passed_after_target), (true, 0, 5));
        assert!(overdue.suggestions.is_empty());

        let mut done = state(300_000, 350_000, "2026-11-20");
        done.completed_on = Some(day("2026-11-15"));
        let s = goal_stats(&done, today);
        assert_eq!((s.progress_permille, s.remaining, s.is_overdue), (1000, Money::ZERO, false));
        assert_eq!((s.days_passed_after_completion, s.days_passed_after_target), (10, 0));
        assert!(s.suggestions.is_empty() && s.projection.is_none());
    }

    #[test]
    fn the_projection_follows_the_pace_since_the_first_contribution() {
        let today = day(TODAY);
        let mut s = state(100_000, 20_000, "2027-06-01");
        s.contribution_days = vec![day("2026-11-15")];
        assert_eq!(projection(&s, today), None, "one contribution is not a pace");
        // £200 in 10 days is £20 a day: £800 more takes 40 days.
        s.contribution_days.push(day("2026-11-20"));
        assert_eq!(projection(&s, today), Some(Projection { completion: day("2027-01-04"), on_track: true }));
        s.target_date = day("2027-01-03");
        assert!(!projection(&s, today).unwrap().on_track);
        // Two today: a pace of everything in one day.
        s.contribution_days = vec![today, today];
        assert_eq!(projection(&s, today).unwrap().completion, day("2026-11-29"));
    }

    #[test]
    fn the_summary_counts_and_caps_each_goal_at_its_target() {
        let s = goals_summary(&[
            (Money::from_pence(50_000), Money::from_pence(100_000), false),
            (Money::from_pence(120_000), Money::from_pence(100_000), true),
        ]);
        assert_eq!((s.total, s.active, s.completed), (2, 1, 1));
        assert_eq!((s.saved.pence(), s.target.pence(), s.overall_permille), (170_000, 200_000, 750));
        assert_eq!(goals_summary(&[]).overall_permille, 0);
    }

    proptest! {
        #[test]
        fn each_suggestion_saved_every_period_covers_what_is_left(
            remaining in 1i64..=99_999_999_999,
            days in 1i64..=3_650,
        ) {
            for s in savings_suggestions(Money::from_pence(remaining), days) {
                // Periods that fit in the days, in hundredths of a day: amount × days / period ≥ remaining.
                let covered = i128::from(s.amount.pence()) * i128::from(days) * 100;
                prop_assert!(covered >= i128::from(remaining) * s.period.hundredths_of_a_day());
                // And it is the least such amount: a penny less would not cover it.
                let short = i128::from(s.amount.pence() - 1) * i128::from(days) * 100;
                prop_assert!(short < i128::from(remaining) * s.period.hundredths_of_a_day());
            }
        }

        #[test]
        fn progress_never_exceeds_100_percent(saved in 0i64..=1_000_000_000_000, target in 1i64..=99_999_999_999) {
            let p = progress_permille(Money::from_pence(saved), Money::from_pence(target));
            prop_assert!((0..=1000).contains(&p));
            prop_assert_eq!(p == 1000, saved >= target || saved * 1000 / target >= 1000);
        }
    }
}
