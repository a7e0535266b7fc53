//! A goal's figures: progress, what to put aside per day, week or month, when it would be
//! reached at the pace so far, and the summary of all goals.

use chrono::{Days, NaiveDate};

use crate::Money;

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
    pub(super) fn hundredths_of_a_day(self) -> i128 {
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
