//! The budget analytics: a range of months, each category's trend, and the insights.

use crate::dates::CalendarMonth;
use crate::money::permille;
use crate::Money;

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrendDirection {
    Increasing,
    Decreasing,
    Stable,
}

impl TrendDirection {
    /// Every TrendDirection, in the order the API lists them.
    pub const ALL: [TrendDirection; 3] =
        [TrendDirection::Increasing, TrendDirection::Decreasing, TrendDirection::Stable];

    pub fn as_str(self) -> &'static str {
        match self {
            TrendDirection::Increasing => "increasing",
            TrendDirection::Decreasing => "decreasing",
            TrendDirection::Stable => "stable",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetInsights {
    /// Share of (month, budgeted category) pairs that stayed within budget, tenths of a percent.
    pub accuracy_permille: i64,
    /// The month with the largest net difference (savings), if any month had budgets.
    pub best_month: Option<(String, Money)>,
    /// The category with the largest total overspend over the range, if any overspent.
    pub most_overspent: Option<(String, Money)>,
    pub trend: TrendDirection,
    /// Change from the first half's average spending to the second half's, tenths of a percent.
    pub trend_permille: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetAnalytics {
    pub months: Vec<BudgetMonth>,
    /// Averages over the months that had any budget.
    pub avg_monthly_budget: Money,
    pub avg_monthly_spent: Money,
    /// Sum of the months' net differences.
    pub total_savings: Money,
    pub insights: BudgetInsights,
}

/// The `count` months of a range ending with `current`, oldest first.
pub fn range_months(current: CalendarMonth, count: u32) -> Vec<CalendarMonth> {
    (0..count).rev().map(|i| current.plus(-(i as i32))).collect()
}

fn average(values: &[Money]) -> Money {
    if values.is_empty() {
        return Money::ZERO;
    }
    // Rounded half away from zero to whole pence.
    let sum: i64 = values.iter().map(|m| m.pence()).sum();
    let n = values.len() as i64;
    Money::from_pence((2 * sum + sum.signum() * n) / (2 * n))
}

pub fn analytics(months: Vec<BudgetMonth>) -> BudgetAnalytics {
    let budgeted: Vec<&BudgetMonth> =
        months.iter().filter(|m| m.categories.iter().any(|c| c.budgeted.is_some())).collect();
    let avg_monthly_budget = average(&budgeted.iter().map(|m| m.total_budgeted()).collect::<Vec<_>>());
    let avg_monthly_spent = average(&budgeted.iter().map(|m| m.total_spent()).collect::<Vec<_>>());
    let total_savings: Money = budgeted.iter().map(|m| m.net_difference()).sum();

    let pairs: Vec<&CategoryMonth> =
        budgeted.iter().flat_map(|m| m.categories.iter()).filter(|c| c.budgeted.is_some()).collect();
    let within = pairs.iter().filter(|c| c.status != BudgetStatus::OverBudget).count() as i64;
    let accuracy_permille = permille(within, pairs.len() as i64);

    let best_month = budgeted
        .iter()
        .max_by(|a, b| a.net_difference().cmp(&b.net_difference()).then(b.month.cmp(&a.month)))
        .map(|m| (m.label(), m.net_difference()));

    let mut overspend: Vec<(String, Money)> = Vec::new();
    for c in &pairs {
        let over = c.spent - c.budgeted.unwrap_or(Money::ZERO);
        if over.is_positive() {
            match overspend.iter_mut().find(|o| o.0 == c.name) {
                Some(o) => o.1 += over,
                None => overspend.push((c.name.clone(), over)),
            }
        }
    }
    let most_overspent = overspend.into_iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)));

    let spent: Vec<Money> = budgeted.iter().map(|m| m.total_spent()).collect();
    let half = spent.len() / 2;
    let (trend, trend_permille) = if half == 0 {
        (TrendDirection::Stable, 0)
    } else {
        let first = average(&spent[..half]);
        let second = average(&spent[spent.len() - half..]);
        let change = permille(second.pence() - first.pence(), first.pence());
        let direction = match second.cmp(&first) {
            std::cmp::Ordering::Greater => TrendDirection::Increasing,
            std::cmp::Ordering::Less => TrendDirection::Decreasing,
            std::cmp::Ordering::Equal => TrendDirection::Stable,
        };
        (direction, change.abs())
    };

    BudgetAnalytics {
        avg_monthly_budget,
        avg_monthly_spent,
        total_savings,
        insights: BudgetInsights { accuracy_permille, best_month, most_overspent, trend, trend_permille },
        months,
    }
}
