//! Monthly budgets: the limit's rules, status (good below 80 % used, warning to 100 %, over
//! budget above), month figures and the analytics. Every figure is computed here on plain data;
//! storage only loads and stores. See docs/decisions.md.

use chrono::{Months, NaiveDate};

use crate::categories::CategoryId;
use crate::dates::CalendarMonth;
use crate::money::{below_a_penny, permille, MoneyParseError};
use crate::{Money, ValidationError};

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
    pub month: NaiveDate,
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
        CalendarMonth::of(self.month).label()
    }
}

/// A change of one category's budget: from the month `from` (a first of month) its limit is
/// `limit`, until the next change; `None` when the budget was removed that month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitChange {
    pub category_id: CategoryId,
    pub name: String,
    pub color: String,
    pub from: NaiveDate,
    pub limit: Option<Money>,
}

/// The limits that applied in `month`: each category's latest change made in or before that
/// month, when it set a limit. A month before a category's first limit has no budget for it,
/// so a past month is judged by the limit of its time, not by today's.
pub fn limits_in(month: NaiveDate, history: &[LimitChange]) -> Vec<(CategoryId, String, String, Money)> {
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
    month: NaiveDate,
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
    for (id, name, color, net) in spending {
        if budgets.iter().any(|b| b.0 == *id) || !net.is_positive() {
            continue;
        }
        categories.push(CategoryMonth {
            category_id: Some(*id),
            name: name.clone(),
            color: color.clone(),
            budgeted: None,
            spent: *net,
            status: BudgetStatus::NoBudget,
        });
    }
    BudgetMonth { month, source: MonthSource::Computed, categories }
}

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

/// The months of a range ending with `current` (a first of month), oldest first.
pub fn range_months(current: NaiveDate, count: u32) -> Vec<NaiveDate> {
    (0..count).rev().map(|i| current - Months::new(i)).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn p(pence: i64) -> Money {
        Money::from_pence(pence)
    }

    #[test]
    fn the_limit_follows_the_budget_form() {
        let msg = |raw: Option<&str>| parse_limit(raw).map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message);
        assert_eq!(msg(None), "Budget limit is required");
        assert_eq!(msg(Some(" ")), "Budget limit is required");
        assert_eq!(msg(Some("ten")), "Budget limit must be a number");
        assert_eq!(msg(Some("0")), "Budget limit must be positive");
        assert_eq!(msg(Some("-5")), "Budget limit must be positive");
        assert_eq!(msg(Some("1000000")), "Budget limit cannot exceed £999,999.99");
        assert_eq!(msg(Some("0.01")), "ok");
        assert_eq!(msg(Some("999999.99")), "ok");
        assert_eq!(msg(Some("£1,250.50")), "ok");
        for below in ["0.001", "0.004", ".0099", "£0.009"] {
            assert_eq!(msg(Some(below)), "Budget limit must be at least £0.01", "{below}");
        }
        assert_eq!(msg(Some("-0.001")), "Budget limit must be positive");
        assert_eq!(msg(Some("12.345")), "Budget limit cannot have more than 2 decimal places");
        assert_eq!(msg(Some("0.0000")), "Budget limit must be positive");
    }

    #[test]
    fn status_boundaries_are_exact() {
        // Limit £100.00: 79.99 % good, 80 % warning, 100 % warning, 100.01 % over.
        let status = |spent| figures(Some(p(10_000)), p(spent)).status;
        assert_eq!(status(7_999), BudgetStatus::Good);
        assert_eq!(status(8_000), BudgetStatus::Warning);
        assert_eq!(status(10_000), BudgetStatus::Warning);
        assert_eq!(status(10_001), BudgetStatus::OverBudget);
        assert_eq!(status(0), BudgetStatus::Good);
        let f = figures(Some(p(10_000)), p(12_550));
        assert_eq!((f.remaining, f.used_permille), (p(-2_550), 1_255));
        assert_eq!(figures(None, p(500)).status, BudgetStatus::NoBudget);
    }

    #[test]
    fn refunds_reduce_spending_but_never_below_zero() {
        assert_eq!(figures(Some(p(10_000)), p(3_000 - 1_000)).spent, p(2_000));
        assert_eq!(figures(Some(p(10_000)), p(-500)).spent, Money::ZERO);
    }

    fn id(n: u128) -> CategoryId {
        CategoryId(Uuid::from_u128(n))
    }

    fn month(y: i32, m: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, 1).unwrap()
    }

    fn change(n: u128, from: NaiveDate, limit: Option<i64>) -> LimitChange {
        LimitChange { category_id: id(n), name: format!("C{n}"), color: "#000".into(), from, limit: limit.map(p) }
    }

    #[test]
    fn a_month_takes_the_limits_of_its_time() {
        let history = vec![
            change(1, month(2026, 3), Some(30_000)),
            change(1, month(2026, 6), Some(40_000)), // raised in June
            change(2, month(2026, 5), Some(10_000)),
            change(2, month(2026, 8), None), // removed in August
            change(3, month(2026, 9), Some(5_000)),
        ];
        let limits =
            |m| limits_in(m, &history).into_iter().map(|(c, _, _, l)| (c.0.as_u128(), l.pence())).collect::<Vec<_>>();
        let cases: [(NaiveDate, Vec<(u128, i64)>); 7] = [
            (month(2026, 2), vec![]),                         // before any budget
            (month(2026, 3), vec![(1, 30_000)]),              // from the month it was set
            (month(2026, 5), vec![(1, 30_000), (2, 10_000)]), // the old limit still applies
            (month(2026, 6), vec![(1, 40_000), (2, 10_000)]), // an edit starts a new period
            (month(2026, 7), vec![(1, 40_000), (2, 10_000)]),
            (month(2026, 8), vec![(1, 40_000)]), // removed
            (month(2026, 11), vec![(1, 40_000), (3, 5_000)]),
        ];
        for (m, want) in cases {
            assert_eq!(limits(m), want, "{m}");
        }
    }

    #[test]
    fn the_order_of_the_history_does_not_matter() {
        let mut history = vec![change(1, month(2026, 6), Some(40_000)), change(1, month(2026, 3), Some(30_000))];
        assert_eq!(limits_in(month(2026, 7), &history)[0].3, p(40_000));
        history.reverse();
        assert_eq!(limits_in(month(2026, 7), &history)[0].3, p(40_000));
        assert_eq!(limits_in(month(2026, 4), &history)[0].3, p(30_000));
    }

    #[test]
    fn a_computed_month_lists_budgets_then_unbudgeted_spending() {
        let budgets = vec![(id(1), "Groceries".into(), "#0f0".into(), p(30_000))];
        let spending = vec![
            (id(1), "Groceries".into(), "#0f0".into(), p(25_000)),
            (id(2), "Eating Out".into(), "#f00".into(), p(4_000)),
            (id(3), "Refunded".into(), "#00f".into(), p(-100)),
        ];
        let m = computed_month(month(2026, 3), &budgets, &spending);
        assert_eq!(m.categories.len(), 2);
        assert_eq!(m.categories[0].status, BudgetStatus::Warning);
        assert_eq!(m.categories[1].status, BudgetStatus::NoBudget);
        assert_eq!((m.total_budgeted(), m.total_spent(), m.net_difference()), (p(30_000), p(25_000), p(5_000)));
    }

    #[test]
    fn a_month_without_budgets_has_no_totals() {
        let m = computed_month(month(2026, 3), &[], &[(id(2), "Eating Out".into(), "#f00".into(), p(4_000))]);
        assert_eq!((m.total_budgeted(), m.total_spent()), (Money::ZERO, Money::ZERO));
        let a = analytics(vec![m]);
        assert_eq!(a.avg_monthly_budget, Money::ZERO);
        assert_eq!(a.insights.best_month, None);
        assert_eq!(a.insights.trend, TrendDirection::Stable);
    }

    fn line(n: u128, name: &str, budgeted: i64, spent: i64) -> CategoryMonth {
        let f = figures(Some(p(budgeted)), p(spent));
        CategoryMonth {
            category_id: Some(id(n)),
            name: name.into(),
            color: "#000".into(),
            budgeted: Some(p(budgeted)),
            spent: f.spent,
            status: f.status,
        }
    }

    #[test]
    fn analytics_over_snapshot_and_computed_months() {
        let months = vec![
            BudgetMonth {
                month: month(2026, 1),
                source: MonthSource::Snapshot,
                categories: vec![line(1, "Groceries", 30_000, 32_000), line(2, "Fun", 10_000, 5_000)],
            },
            BudgetMonth {
                month: month(2026, 2),
                source: MonthSource::Snapshot,
                categories: vec![line(1, "Groceries", 30_000, 20_000), line(2, "Fun", 10_000, 12_000)],
            },
            BudgetMonth {
                month: month(2026, 3),
                source: MonthSource::Computed,
                categories: vec![line(1, "Groceries", 30_000, 35_000), line(2, "Fun", 10_000, 9_000)],
            },
            BudgetMonth {
                month: month(2026, 4),
                source: MonthSource::Computed,
                categories: vec![line(1, "Groceries", 30_000, 33_000), line(2, "Fun", 10_000, 9_500)],
            },
        ];
        let a = analytics(months);
        assert_eq!(a.avg_monthly_budget, p(40_000));
        // Spent per month: 37,000; 32,000; 44,000; 42,500 → mean 38,875.
        assert_eq!(a.avg_monthly_spent, p(38_875));
        assert_eq!(a.total_savings, p(3_000 + 8_000 - 4_000 - 2_500));
        // Over budget: Jan Groceries, Feb Fun, Mar Groceries, Apr Groceries → 4 of 8 within.
        assert_eq!(a.insights.accuracy_permille, 500);
        assert_eq!(a.insights.best_month, Some(("February 2026".into(), p(8_000))));
        // Groceries over by 2,000 + 5,000 + 3,000; Fun by 2,000.
        assert_eq!(a.insights.most_overspent, Some(("Groceries".into(), p(10_000))));
        // First half mean 34,500, second half 43,250: +25.4 %.
        assert_eq!(a.insights.trend, TrendDirection::Increasing);
        assert_eq!(a.insights.trend_permille, 254);
    }

    #[test]
    fn the_range_ends_with_the_current_month() {
        let r = range_months(month(2026, 2), 3);
        assert_eq!(r, vec![month(2025, 12), month(2026, 1), month(2026, 2)]);
    }
}
