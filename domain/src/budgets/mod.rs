//! Monthly budgets: the limit's rules, status (good below 80 % used, warning to 100 %, over
//! budget above), month figures and the analytics. Every figure is computed here on plain data;
//! storage only loads and stores. See docs/decisions.md.
//!
//! `months`: a month's lines, from a snapshot or computed from the limits of its time;
//! `analytics`: the range's trends and insights. Both are re-exported here.

mod analytics;
mod months;
#[cfg(test)]
mod tests;

use crate::money::{below_a_penny, permille, MoneyParseError};
use crate::{Money, ValidationError};

pub use analytics::*;
pub use months::*;

pub const MAX_LIMIT: Money = Money::from_pence(99_999_999);

/// Parses the budget form's limit: required, a number, at least £0.01, at most £999,999.99, with
/// the form's messages (a fraction of a penny is below the minimum, not a decimals problem).
pub fn parse_limit(raw: Option<&str>) -> Result<Money, ValidationError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty());
    let raw = raw.ok_or_else(|| ValidationError::new("limit", "Budget limit is required"))?;
    let invalid = |message: &str| ValidationError::new("limit", message);
    let positive = || invalid("Budget limit must be positive");
    let limit = match Money::parse(raw) {
        Ok(limit) => limit,
        Err(MoneyParseError::NotANumber) => return Err(invalid("Budget limit must be a number")),
        Err(_) if raw.starts_with('-') => return Err(positive()),
        Err(MoneyParseError::TooLarge) => return Err(invalid("Budget limit cannot exceed £999,999.99")),
        Err(MoneyParseError::TooManyDecimals) if below_a_penny(raw) => {
            return Err(invalid("Budget limit must be at least £0.01"))
        }
        Err(MoneyParseError::TooManyDecimals) => {
            return Err(invalid("Budget limit cannot have more than 2 decimal places"))
        }
    };
    if limit.is_negative() || limit == Money::ZERO {
        return Err(positive());
    }
    if limit > MAX_LIMIT {
        return Err(invalid("Budget limit cannot exceed £999,999.99"));
    }
    Ok(limit)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BudgetStatus {
    Good,
    Warning,
    OverBudget,
    NoBudget,
}

impl BudgetStatus {
    /// Every BudgetStatus, in the order the API lists them.
    pub const ALL: [BudgetStatus; 4] =
        [BudgetStatus::Good, BudgetStatus::Warning, BudgetStatus::OverBudget, BudgetStatus::NoBudget];

    pub fn as_str(self) -> &'static str {
        match self {
            BudgetStatus::Good => "good",
            BudgetStatus::Warning => "warning",
            BudgetStatus::OverBudget => "over_budget",
            BudgetStatus::NoBudget => "no_budget",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [BudgetStatus::Good, BudgetStatus::Warning, BudgetStatus::OverBudget, BudgetStatus::NoBudget]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

/// How a category stands against its limit in a month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetFigures {
    pub limit: Option<Money>,
    /// The month's net expenses in the category (refunds reduce it), never below zero.
    pub spent: Money,
    /// Limit minus spent; negative when over. Zero without a limit.
    pub remaining: Money,
    /// Spent as a share of the limit, in tenths of a percent (0 without a limit).
    pub used_permille: i64,
    pub status: BudgetStatus,
}

/// good below 80 % used, warning from 80 % up to 100 %, over_budget above 100 %;
/// no_budget without a limit.
pub fn figures(limit: Option<Money>, net_expenses: Money) -> BudgetFigures {
    let spent = Money::from_pence(net_expenses.pence().max(0));
    let Some(limit) = limit else {
        return BudgetFigures {
            limit,
            spent,
            remaining: Money::ZERO,
            used_permille: 0,
            status: BudgetStatus::NoBudget,
        };
    };
    // Compared exactly in pence: 80 % is spent * 10 >= limit * 8.
    let (s, l) = (i128::from(spent.pence()), i128::from(limit.pence()));
    let status = if s > l {
        BudgetStatus::OverBudget
    } else if s * 10 >= l * 8 {
        BudgetStatus::Warning
    } else {
        BudgetStatus::Good
    };
    BudgetFigures {
        limit: Some(limit),
        spent,
        remaining: limit - spent,
        used_permille: permille(spent.pence(), limit.pence()),
        status,
    }
}
