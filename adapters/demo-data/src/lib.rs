//! Deterministic demo and load data: a believable UK household's money, month by month.
//!
//! Pure: the same inputs always give the same plan; `myspending seed` stores it through the
//! ledger loader port. Kept out of the domain (it is made-up data, not a rule), and shared by
//! whatever else needs believable data (a demo bank).

pub mod statement;

use chrono::{Datelike, Days, Months, NaiveDate};
use domain::accounts::AccountType;
use domain::goals::{ContributionSource, GoalCategory};
use domain::Money;
use ports::demo::{DemoAccount, DemoBudget, DemoEntry, DemoGoal, DemoItem, DemoKind, DemoPlan, DemoTemplate};

/// SplitMix64: small, fast and good enough for made-up shopping.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo + 1) as u64)) as i64
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next_u64() % items.len() as u64) as usize]
    }
}

pub const CURRENT: usize = 0;
pub const SAVINGS: usize = 1;
pub const CARD: usize = 2;

fn p(pence: i64) -> Money {
    Money::from_pence(pence)
}

fn plan_accounts() -> Vec<DemoAccount> {
    vec![
        DemoAccount {
            name: "Current Account",
            account_type: AccountType::Current,
            // Last month's salary has just arrived when the history starts.
            initial_balance: p(260_000),
            credit_limit: None,
        },
        DemoAccount {
            name: "Easy Saver",
            account_type: AccountType::Savings,
            initial_balance: p(500_000),
            credit_limit: None,
        },
        DemoAccount {
            name: "Credit Card",
            account_type: AccountType::CreditCard,
            initial_balance: Money::ZERO,
            credit_limit: Some(p(400_000)),
        },
    ]
}

/// `months` of realistic activity ending on `today` (the current month is cut at today).
pub fn realistic(today: NaiveDate, months: u32, seed: u64) -> DemoPlan {
    let mut rng = Rng::new(seed);
    let mut entries = Vec::new();
    let first = today.with_day(1).expect("first") - Months::new(months.saturating_sub(1));
    let mut card_spend = 0i64;
    for m in 0..months {
        let month = first + Months::new(m);
        let on = |day: u32| month.with_day(day.min(days_in_month(month))).expect("valid day");
        let mut month_entries: Vec<DemoEntry> = Vec::new();
        let tx = |entries: &mut Vec<DemoEntry>, account, date, description: &str, category, pence, declined| {
            entries.push(DemoEntry {
                account,
                date,
                description: description.into(),
                kind: DemoKind::Transaction { category, amount: p(pence), declined },
            })
        };
        tx(&mut month_entries, CURRENT, on(1), "Rent - Oakwood Lettings", "Rent & Mortgage", -115_000, false);
        tx(&mut month_entries, CURRENT, on(1), "Council Tax - Leeds City Council", "Bills & Utilities", -14_512, false);
        tx(&mut month_entries, CURRENT, on(5), "Octopus Energy", "Bills & Utilities", -rng.range(7_500, 13_500), false);
        tx(&mut month_entries, CURRENT, on(10), "Yorkshire Water", "Bills & Utilities", -3_850, false);
        tx(&mut month_entries, CURRENT, on(12), "BT Broadband", "Phone & Internet", -3_200, false);
        tx(&mut month_entries, CURRENT, on(14), "Vodafone", "Phone & Internet", -1_800, false);
        tx(&mut month_entries, CARD, on(3), "Netflix", "Subscriptions", -1_099, false);
        tx(&mut month_entries, CARD, on(8), "Spotify", "Subscriptions", -1_199, false);
        tx(&mut month_entries, CURRENT, on(25), "Acme Ltd Salary", "Salary", rng.range(275_000, 290_000), false);
        month_entries.push(DemoEntry {
            account: CURRENT,
            date: on(26),
            description: "Monthly savings".into(),
            kind: DemoKind::Transfer { to: SAVINGS, amount: p(30_000) },
        });
        if card_spend > 0 {
            month_entries.push(DemoEntry {
                account: CURRENT,
                date: on(20),
                description: "Credit card repayment".into(),
                kind: DemoKind::Transfer { to: CARD, amount: p(card_spend) },
            });
        }
        card_spend = 1_099 + 1_199;
        for _ in 0..rng.range(7, 10) {
            let shop = *rng.pick(&["Tesco", "Sainsbury's", "Aldi", "Lidl", "Co-op", "Morrisons"]);
            tx(
                &mut month_entries,
                CURRENT,
                on(rng.range(1, 28) as u32),
                shop,
                "Groceries",
                -rng.range(1_200, 9_500),
                false,
            );
        }
        for _ in 0..rng.range(3, 6) {
            let place = *rng.pick(&["Pret A Manger", "Nando's", "Wagamama", "Greggs", "Dishoom", "The Red Lion"]);
            tx(
                &mut month_entries,
                CURRENT,
                on(rng.range(1, 28) as u32),
                place,
                "Eating Out",
                -rng.range(450, 4_800),
                false,
            );
        }
        for _ in 0..rng.range(2, 4) {
            let t = *rng.pick(&["TfL Travel", "Trainline", "Shell Petrol", "Northern Rail"]);
            tx(&mut month_entries, CURRENT, on(rng.range(1, 28) as u32), t, "Transport", -rng.range(280, 6_500), false);
        }
        for i in 0..rng.range(3, 6) {
            let (shop, category) = *rng.pick(&[
                ("Amazon", "Shopping"),
                ("John Lewis", "Shopping"),
                ("Boots", "Health & Fitness"),
                ("Argos", "Shopping"),
                ("Odeon Cinemas", "Entertainment"),
            ]);
            let pence = rng.range(899, 8_999);
            let declined = i == 0 && m % 2 == 1;
            if !declined {
                card_spend += pence;
            }
            tx(&mut month_entries, CARD, on(rng.range(1, 28) as u32), shop, category, -pence, declined);
        }
        month_entries.retain(|e| e.date <= today);
        month_entries.sort_by_key(|e| e.date);
        entries.extend(month_entries);
    }
    let budgets = demo_budgets(&entries, today);
    let templates = demo_templates(first);
    DemoPlan {
        accounts: plan_accounts(),
        entries,
        budgets,
        templates,
        goals: demo_goals(today),
        inventory: demo_inventory(today),
        bank_access: true,
    }
}

/// A household's cupboards: plenty of some things, running low on others (so the shopping list
/// has auto-added entries), milk and yoghurt near their dates, and one jar past it.
fn demo_inventory(today: NaiveDate) -> Vec<DemoItem> {
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
        item("Chopped tomatoes", "Canned Goods", "Cirio", 1, 4, 85, "Aldi", "can", in_days(600), "Canned", "Cupboard"),
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
fn demo_goals(today: NaiveDate) -> Vec<DemoGoal> {
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
fn demo_budgets(entries: &[DemoEntry], today: NaiveDate) -> Vec<DemoBudget> {
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
fn demo_templates(first: NaiveDate) -> Vec<DemoTemplate> {
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

/// `count` transactions spread evenly over `months` ending today, for load tests: everyday
/// spending on the current account and the card, with a salary and a transfer now and then.
pub fn bulk(today: NaiveDate, months: u32, count: u64, seed: u64) -> DemoPlan {
    let mut rng = Rng::new(seed);
    let first = today.with_day(1).expect("first") - Months::new(months.saturating_sub(1));
    let days = (today - first).num_days().max(0) as u64 + 1;
    let mut entries = Vec::with_capacity(count as usize);
    let shops: [(&str, &str); 8] = [
        ("Tesco", "Groceries"),
        ("Sainsbury's", "Groceries"),
        ("Pret A Manger", "Eating Out"),
        ("TfL Travel", "Transport"),
        ("Amazon", "Shopping"),
        ("Boots", "Health & Fitness"),
        ("Odeon Cinemas", "Entertainment"),
        ("Greggs", "Coffee & Snacks"),
    ];
    for i in 0..count {
        let date = first + Days::new(i * days / count.max(1));
        let kind = match i % 50 {
            0 => DemoKind::Transaction { category: "Salary", amount: p(rng.range(150_000, 260_000)), declined: false },
            25 => DemoKind::Transfer { to: SAVINGS, amount: p(rng.range(1_000, 20_000)) },
            n => {
                let (_, category) = shops[(n % 8) as usize];
                DemoKind::Transaction { category, amount: p(-rng.range(100, 9_000)), declined: n % 47 == 0 }
            }
        };
        let account =
            if i % 3 == 2 && !matches!(kind, DemoKind::Transfer { .. }) && i % 50 != 0 { CARD } else { CURRENT };
        let description = match &kind {
            DemoKind::Transfer { .. } => "To savings".to_owned(),
            DemoKind::Transaction { category: "Salary", .. } => "Acme Ltd Salary".to_owned(),
            _ => shops[(i % 50 % 8) as usize].0.to_owned(),
        };
        entries.push(DemoEntry { account, date, description, kind });
    }
    DemoPlan {
        accounts: plan_accounts(),
        entries,
        budgets: vec![],
        templates: vec![],
        goals: vec![],
        inventory: vec![],
        bank_access: false,
    }
}

fn days_in_month(month: NaiveDate) -> u32 {
    let next = month.with_day(1).expect("first") + Months::new(1);
    (next - Days::new(1)).day()
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::categories::default_categories;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn the_plan_is_deterministic_and_stays_in_the_past() {
        let a = realistic(today(), 12, 7);
        assert_eq!(a, realistic(today(), 12, 7));
        assert!(a.entries.iter().all(|e| e.date <= today()));
        assert!(a.entries.windows(2).all(|w| w[0].date <= w[1].date), "in date order");
        let first = a.entries.first().unwrap().date;
        assert_eq!((first.year(), first.month()), (2025, 12));
    }

    #[test]
    fn every_category_is_a_default_one_and_signs_match() {
        let names: Vec<String> = default_categories().into_iter().map(|c| c.name).collect();
        for plan in [realistic(today(), 12, 1), bulk(today(), 24, 5_000, 1)] {
            for e in &plan.entries {
                match &e.kind {
                    DemoKind::Transaction { category, amount, .. } => {
                        assert!(names.iter().any(|n| n == category), "{category}");
                        assert_eq!(*category == "Salary", amount.is_positive(), "{e:?}");
                    }
                    DemoKind::Transfer { to, amount } => {
                        assert_ne!(*to, e.account);
                        assert!(amount.is_positive());
                    }
                }
            }
        }
    }

    #[test]
    fn a_realistic_month_has_salary_rent_and_shopping() {
        let plan = realistic(today(), 3, 42);
        let october: Vec<_> = plan.entries.iter().filter(|e| e.date.month() == 10).collect();
        assert!(october.iter().any(|e| e.description.contains("Salary")));
        assert!(october.iter().any(|e| e.description.contains("Rent")));
        assert!(
            october.iter().filter(|e| matches!(e.kind, DemoKind::Transaction { category: "Groceries", .. })).count()
                >= 7
        );
        assert!(october.iter().any(|e| matches!(e.kind, DemoKind::Transfer { to: SAVINGS, .. })));
    }

    #[test]
    fn the_current_account_stays_healthy_and_the_savings_grow() {
        let plan = realistic(today(), 12, 2026);
        let mut balances: Vec<i64> = plan.accounts.iter().map(|a| a.initial_balance.pence()).collect();
        let mut lowest_current = i64::MAX;
        for e in &plan.entries {
            match &e.kind {
                DemoKind::Transaction { amount, declined: false, .. } => balances[e.account] += amount.pence(),
                DemoKind::Transaction { .. } => {}
                DemoKind::Transfer { to, amount } => {
                    balances[e.account] -= amount.pence();
                    balances[*to] += amount.pence();
                }
            }
            lowest_current = lowest_current.min(balances[CURRENT]);
        }
        assert!(lowest_current > 0, "the current account never goes overdrawn: lowest {lowest_current}");
        let start = plan.accounts[CURRENT].initial_balance.pence();
        assert!(balances[CURRENT] > start - 50_000, "no drift deeper and deeper: {} from {start}", balances[CURRENT]);
        assert!(balances[SAVINGS] > plan.accounts[SAVINGS].initial_balance.pence() + 300_000, "savings grow");
        assert!(balances[CARD] <= 0 && balances[CARD] > -60_000, "the card is paid off monthly: {}", balances[CARD]);
    }

    #[test]
    fn the_budgets_show_one_near_and_one_over_its_limit_this_month() {
        for day in [10, 22, 28] {
            let today = NaiveDate::from_ymd_opt(2026, 11, day).unwrap();
            let plan = realistic(today, 12, 2026);
            let spent = |category: &str| -> i64 {
                plan.entries
                    .iter()
                    .filter(|e| e.date.month() == 11 && e.date.year() == 2026)
                    .filter_map(|e| match &e.kind {
                        DemoKind::Transaction { category: c, amount, declined: false } if *c == category => {
                            Some(-amount.pence())
                        }
                        _ => None,
                    })
                    .sum()
            };
            let limit = |category: &str| {
                plan.budgets.iter().filter(|b| b.category == category).max_by_key(|b| b.from).unwrap().limit.pence()
            };
            let used = |category: &str| spent(category) * 100 / limit(category);
            assert!((80..=100).contains(&used("Groceries")), "day {day}: groceries {}%", used("Groceries"));
            assert!(used("Eating Out") > 100, "day {day}: eating out {}%", used("Eating Out"));
            assert!(used("Transport") < 80, "day {day}: transport {}%", used("Transport"));
        }
    }

    #[test]
    fn the_budgets_have_a_history() {
        let plan = realistic(today(), 12, 2026);
        let changes = |category: &str| -> Vec<(NaiveDate, i64)> {
            plan.budgets.iter().filter(|b| b.category == category).map(|b| (b.from, b.limit.pence())).collect()
        };
        let month = |m| NaiveDate::from_ymd_opt(2026, m, 1).unwrap();
        let groceries = changes("Groceries");
        assert_eq!(groceries.iter().map(|c| c.0).collect::<Vec<_>>(), vec![month(5), month(8)]);
        assert!(groceries[0].1 < groceries[1].1, "raised: {groceries:?}");
        assert_eq!(changes("Bills & Utilities")[0].0, month(10), "set last month");
        assert!(plan.budgets.iter().all(|b| b.from.day() == 1));
    }

    #[test]
    fn every_template_has_the_plans_entries_to_link() {
        let plan = realistic(today(), 12, 2026);
        for t in &plan.templates {
            let made = plan.entries.iter().filter(|e| e.description == t.description && e.account == t.account).count();
            assert!(made >= 11, "{}: {made}", t.description);
            assert!(plan
                .entries
                .iter()
                .filter(|e| e.description == t.description)
                .all(|e| e.date.day() == t.start.day()));
        }
    }

    #[test]
    fn bulk_makes_exactly_the_count_asked_for_over_the_whole_range() {
        let plan = bulk(today(), 120, 10_000, 3);
        assert_eq!(plan.entries.len(), 10_000);
        assert_eq!(plan.entries.first().unwrap().date, NaiveDate::from_ymd_opt(2016, 12, 1).unwrap());
        assert!(plan.entries.last().unwrap().date <= today());
    }
}
