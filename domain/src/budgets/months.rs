//! A month's budget lines: a finalised snapshot, or computed from the limits of its time.

use crate::categories::CategoryId;
use crate::dates::CalendarMonth;
use crate::money::permille;
use crate::Money;

use super::*;

/// One category's line in a month: what was budgeted and spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryMonth {
    pub category_id: Option<CategoryId>,
    pub name: String,
    pub color: String,
    pub budgeted: Option<Money>,
    pub spent: Money,
    pub status: BudgetStatus,
}

impl CategoryMonth {
    pub fn difference(&self) -> Money {
        self.budgeted.unwrap_or(Money::ZERO) - self.spent
    }

    pub fn used_permille(&self) -> i64 {
        self.budgeted.map_or(0, |b| permille(self.spent.pence(), b.pence()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonthSource {
    Snapshot,
    Computed,
}

impl MonthSource {
    /// Every MonthSource, in the order the API lists them.
    pub const ALL: [MonthSource; 2] = [MonthSource::Snapshot, MonthSource::Computed];

    pub fn as_str(self) -> &'static str {
        match self {
            MonthSource::Snapshot => "snapshot",
            MonthSource::Computed => "computed",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetMonth {
    pub month: CalendarMonth,
    pub source: MonthSource,
    pub categories: Vec<CategoryMonth>,
}

impl BudgetMonth {
    /// Sum of the limits of the budgeted categories.
    pub fn total_budgeted(&self) -> Money {
        self.categories.iter().filter_map(|c| c.budgeted).sum()
    }

    /// Spending in the budgeted categories (unbudgeted spending is shown, not compared).
    pub fn total_spent(&self) -> Money {
        self.categories.iter().filter(|c| c.budgeted.is_some()).map(|c| c.spent).sum()
    }

    /// Budgeted minus spent: positive when under budget.
    pub fn net_difference(&self) -> Money {
        self.total_budgeted() - self.total_spent()
    }

    pub fn label(&self) -> String {
        self.month.label()
    }
}

/// A change of one category's budget: from the month `from` on its limit is
/// `limit`, until the next change; `None` when the budget was removed that month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitChange {
    pub category_id: CategoryId,
    pub name: String,
    pub color: String,
    pub from: CalendarMonth,
    pub limit: Option<Money>,
}

/// The limits that applied in `month`: each category's latest change made in or before that
/// month, when it set a limit. A month before a category's first limit has no budget for it,
/// so a past month is judged by the limit of its time, not by today's.
pub fn limits_in(month: CalendarMonth, history: &[LimitChange]) -> Vec<(CategoryId, String, String, Money)> {
    let mut latest: Vec<&LimitChange> = Vec::new();
    for change in history.iter().filter(|c| c.from <= month) {
        match latest.iter_mut().find(|l| l.category_id == change.category_id) {
            Some(l) if l.from < change.from => *l = change,
            Some(_) => {}
            None => latest.push(change),
        }
    }
    latest
        .sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.category_id.0.cmp(&b.category_id.0)));
    latest
        .into_iter()
        .filter_map(|c| c.limit.map(|limit| (c.category_id, c.name.clone(), c.color.clone(), limit)))
        .collect()
}

/// A month computed from the limits and the month's net expenses per category: every
/// budgeted category, then categories with spending but no budget.
pub fn computed_month(
    month: CalendarMonth,
    budgets: &[(CategoryId, String, String, Money)],
    spending: &[(CategoryId, String, String, Money)],
) -> BudgetMonth {
    let spent_of = |id: CategoryId| spending.iter().find(|s| s.0 == id).map_or(Money::ZERO, |s| s.3);
    let mut categories: Vec<CategoryMonth> = budgets
        .iter()
        .map(|(id, name, color, limit)| {
            let f = figures(Some(*limit), spent_of(*id));
            CategoryMonth {
                category_id: Some(*id),
                name: name.clone(),
                color: color.clone(),
                budgeted: Some(*limit),
                spent: f.spent,
                status: f.status,
            }
        })
        .collect();
    // The unbudgeted by name (the budgeted come so ordered): the same books answer the same
    // order, whatever order the spending was read in.
    let mut unbudgeted: Vec<_> =
        spending.iter().filter(|(id, _, _, net)| net.is_positive() && !budgets.iter().any(|b| b.0 == *id)).collect();
    unbudgeted.sort_by(|a, b| a.1.to_lowercase().cmp(&b.1.to_lowercase()).then(a.0 .0.cmp(&b.0 .0)));
    categories.extend(unbudgeted.into_iter().map(|(id, name, color, net)| CategoryMonth {
        category_id: Some(*id),
        name: name.clone(),
        color: color.clone(),
        budgeted: None,
        spent: *net,
        status: BudgetStatus::NoBudget,
    }));
    BudgetMonth { month, source: MonthSource::Computed, categories }
}
