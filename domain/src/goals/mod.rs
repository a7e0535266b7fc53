//! Savings goals: the goal and contribution forms' rules, each goal's progress, how much to put
//! aside per day, week or month to reach it, and when it would be reached at the pace so far.
//! Pure and in integer pence: the screens and the API ask these functions.
//!
//! `form`: the goal and contribution forms; `figures`: progress, suggestions, projections and
//! the summary. Both are re-exported here, so callers name `domain::goals::…`.

mod figures;
mod form;
#[cfg(test)]
mod tests;

use crate::{Money, ValidationError};

pub use figures::*;
pub use form::*;

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

/// Whether `saved` reaches `target`.
pub fn reaches(saved: Money, target: Money) -> bool {
    saved >= target
}
