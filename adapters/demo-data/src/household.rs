//! What a demo household has besides its money: budgets, goals, recurring templates and a stocked
//! house.

use chrono::{Datelike, Days, Months, NaiveDate};
use domain::goals::{ContributionSource, GoalCategory};
use ports::demo::{DemoBudget, DemoEntry, DemoGoal, DemoItem, DemoKind, DemoTemplate};

use crate::{days_in_month, p, CARD, CURRENT, SAVINGS};

/// A household's cupboards: plenty of some things, running low on others (so the shopping list
/// has auto-added entries), milk and yoghurt near their dates, and one jar past it.
pub(crate) fn demo_inventory(today: NaiveDate) -> Vec<DemoItem> {
    let in_days = |n: i64| Some(today + chrono::Duration::days(n));
    #[allow(clippy::too_many_arguments)]
    let item = |name, category, brand, stock, needed, pence, store, unit, expiry, item_type, location| DemoItem {
        name,
        category,
        brand,
        stock,
        needed,
        price: p(pence),
        store,
        unit,
        expiry,
        item_type,
        location,
    };
    vec![
        item("Semi-skimmed milk", "Dairy", "Cravendale", 1, 3, 165, "Tesco", "bottle", in_days(4), "Fresh", "Fridge"),
        item("Free-range eggs", "Eggs", "Happy Egg", 4, 12, 299, "Sainsbury's", "item", in_days(12), "Fresh", "Fridge"),
        item("Greek yoghurt", "Dairy", "Fage", 2, 2, 235, "Tesco", "pot", in_days(1), "Fresh", "Fridge"),
        item("Wholemeal bread", "Bread", "Hovis", 0, 1, 145, "Tesco", "loaf", in_days(2), "Fresh", "Bread bin"),
        item("Basmati rice", "Pasta & Rice", "Tilda", 2, 1, 350, "Aldi", "bag", in_days(300), "Dried", "Cupboard"),
        item("Penne pasta", "Pasta & Rice", "Napolina", 3, 2, 110, "Aldi", "bag", in_days(400), "Dried", "Cupboard"),
        item("Chopped tomatoes", "Tinned Goods", "Cirio", 1, 4, 85, "Aldi", "tin", in_days(600), "Tinned", "Cupboard"),
        item("Peanut butter", "Condiments", "Whole Earth", 1, 1, 300, "Tesco", "jar", in_days(-3), "Jar", "Cupboard"),
        item("Frozen peas", "Frozen", "Birds Eye", 1, 1, 200, "Iceland", "bag", in_days(200), "Frozen", "Freezer"),
        item("Tea bags", "Tea", "Yorkshire Tea", 0, 1, 450, "Tesco", "box", None, "Dried", "Cupboard"),
        item("Washing-up liquid", "Dishwashing", "Fairy", 1, 1, 175, "Tesco", "bottle", None, "", "Under the sink"),
        item("Toilet roll", "Toilet Roll", "Andrex", 4, 9, 550, "Tesco", "pack", None, "", "Bathroom"),
        item("Laundry capsules", "Laundry", "Persil", 12, 20, 800, "Sainsbury's", "box", None, "", "Utility room"),
        item("Toothpaste", "Oral Care", "Colgate", 2, 1, 150, "Boots", "tube", None, "", "Bathroom"),
    ]
}

/// Savings goals in every state: a holiday saved for monthly and on track, an emergency fund
/// with a bonus put in, a laptop bought with a goal completed two months ago, and a car fund
/// just started.
pub(crate) fn demo_goals(today: NaiveDate) -> Vec<DemoGoal> {
    let months_ago = |n: u32, day: u32| {
        let month = today.with_day(1).expect("first") - Months::new(n);
        month.with_day(day.min(days_in_month(month))).expect("valid day").min(today)
    };
    let months_on = |n: u32| today.with_day(1).expect("first") + Months::new(n) + Days::new(14);
    let monthly = |from: u32, pence: i64, source| {
        (0..=from).rev().map(move |n| (months_ago(n, 26), p(pence), source, "Monthly savings")).collect::<Vec<_>>()
    };
    let mut emergency = monthly(5, 25_000, ContributionSource::BankTransfer);
    emergency.push((months_ago(2, 28), p(50_000), ContributionSource::Bonus, "Christmas bonus"));
    emergency.sort_by_key(|c| c.0);
    vec![
        DemoGoal {
            name: "Summer holiday in Cornwall",
            description: "A week in St Ives for the four of us",
            category: GoalCategory::Vacation,
            target: p(180_000),
            target_date: months_on(7),
            contributions: monthly(4, 15_000, ContributionSource::Salary),
        },
        DemoGoal {
            name: "Emergency fund",
            description: "Three months of bills",
            category: GoalCategory::Emergency,
            target: p(500_000),
            target_date: months_on(14),
            contributions: emergency,
        },
        DemoGoal {
            name: "New laptop",
            description: "",
            category: GoalCategory::Purchase,
            target: p(120_000),
            target_date: months_on(0),
            contributions: vec![
                (months_ago(5, 3), p(40_000), ContributionSource::Salary, "Savings contribution"),
                (months_ago(4, 3), p(40_000), ContributionSource::Salary, "Savings contribution"),
                (months_ago(2, 9), p(40_000), ContributionSource::Refund, "Insurance refund"),
            ],
        },
        DemoGoal {
            name: "Car replacement",
            description: "",
            category: GoalCategory::Car,
            target: p(800_000),
            target_date: months_on(30),
            contributions: vec![(months_ago(0, 2), p(40_000), ContributionSource::Cash, "Sold the old bike")],
        },
    ]
}

/// Budgets on the main spending categories, with a history: most were set six months ago (or
/// when the history starts), Groceries was raised three months ago, and Bills & Utilities only
/// got a budget last month, so analytics shows limits changing and months without a budget.
/// This month's limits are set against this month's spending so far so the budgets screen shows
/// each status: Groceries near its limit (about 90 % used), Eating Out over it, and the rest
/// comfortably within.
pub(crate) fn demo_budgets(entries: &[DemoEntry], today: NaiveDate) -> Vec<DemoBudget> {
    let this_month = |category: &str| -> i64 {
        entries
            .iter()
            .filter(|e| e.date.year() == today.year() && e.date.month() == today.month())
            .filter_map(|e| match &e.kind {
                DemoKind::Transaction { category: c, amount, declined: false } if *c == category => {
                    Some(-amount.pence())
                }
                _ => None,
            })
            .sum()
    };
    // A limit in whole pounds from pence spent × percent / 100, at least `floor` pounds.
    let limit = |spent: i64, percent: i64, floor: i64| p((spent * percent / 100 / 100).max(floor) * 100);
    let month = today.with_day(1).expect("first");
    let first = entries.first().map_or(month, |e| e.date.with_day(1).expect("first"));
    let ago = |n: u32| (month - Months::new(n)).max(first);
    let groceries = limit(this_month("Groceries"), 110, 20);
    vec![
        DemoBudget { category: "Groceries", limit: p(groceries.pence() * 85 / 100 / 100 * 100), from: ago(6) },
        DemoBudget { category: "Groceries", limit: groceries, from: ago(3) },
        DemoBudget { category: "Eating Out", limit: limit(this_month("Eating Out"), 80, 10), from: ago(6) },
        DemoBudget { category: "Transport", limit: p(35_000), from: ago(6) },
        DemoBudget { category: "Shopping", limit: p(60_000), from: ago(6) },
        DemoBudget { category: "Bills & Utilities", limit: p(45_000), from: ago(1) },
    ]
}

/// The household's regular money as recurring templates, from the first month of the history:
/// the loader links the matching entries to them, so analytics has history and the scheduler
/// takes over from today (the salary of the 25th, the rent of the 1st...).
pub(crate) fn demo_templates(first: NaiveDate) -> Vec<DemoTemplate> {
    let on = |day: u32| first.with_day(day).expect("valid day");
    let entry = |description, account, category, pence: i64, day| DemoTemplate {
        description,
        account,
        kind: DemoKind::Transaction { category, amount: p(pence), declined: false },
        start: on(day),
    };
    vec![
        entry("Acme Ltd Salary", CURRENT, "Salary", 280_000, 25),
        entry("Rent - Oakwood Lettings", CURRENT, "Rent & Mortgage", -115_000, 1),
        entry("Council Tax - Leeds City Council", CURRENT, "Bills & Utilities", -14_512, 1),
        entry("BT Broadband", CURRENT, "Phone & Internet", -3_200, 12),
        entry("Netflix", CARD, "Subscriptions", -1_099, 3),
        entry("Spotify", CARD, "Subscriptions", -1_199, 8),
        DemoTemplate {
            description: "Monthly savings",
            account: CURRENT,
            kind: DemoKind::Transfer { to: SAVINGS, amount: p(30_000) },
            start: on(26),
        },
    ]
}
