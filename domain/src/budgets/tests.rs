use crate::dates::CalendarMonth;

use super::*;
use crate::categories::CategoryId;
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

fn month(y: i32, m: u32) -> CalendarMonth {
    CalendarMonth::new(y, m).unwrap()
}

fn change(n: u128, from: CalendarMonth, limit: Option<i64>) -> LimitChange {
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
    let cases: [(CalendarMonth, Vec<(u128, i64)>); 7] = [
        (month(2026, 2), vec![]),                         // before any budget
        (month(2026, 3), vec![(1, 30_000)]),              // from the month it was set
        (month(2026, 5), vec![(1, 30_000), (2, 10_000)]), // the old limit still applies
        (month(2026, 6), vec![(1, 40_000), (2, 10_000)]), // an edit starts a new period
        (month(2026, 7), vec![(1, 40_000), (2, 10_000)]),
        (month(2026, 8), vec![(1, 40_000)]), // removed
        (month(2026, 11), vec![(1, 40_000), (3, 5_000)]),
    ];
    for (m, want) in cases {
        assert_eq!(limits(m), want, "{}", m.label());
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
fn unbudgeted_spending_is_listed_by_name_whatever_order_it_was_read_in() {
    let spending = |order: [u128; 3]| {
        let named = |n: u128| {
            (id(n), ["", "rent", "Bills", "Eating Out"][n as usize].to_string(), "#f00".to_string(), p(1_000))
        };
        order.map(named).to_vec()
    };
    let names = |m: BudgetMonth| m.categories.into_iter().map(|c| c.name).collect::<Vec<_>>();
    let first = names(computed_month(month(2026, 3), &[], &spending([1, 2, 3])));
    assert_eq!(first, ["Bills", "Eating Out", "rent"]);
    assert_eq!(names(computed_month(month(2026, 3), &[], &spending([3, 1, 2]))), first);
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
