//! Deterministic demo and load data: a believable UK household's money, month by month.
//!
//! Pure: the same inputs always give the same plan; `myspending seed` stores it through the
//! ledger loader port. Kept out of the domain (it is made-up data, not a rule), and shared by
//! whatever else needs believable data (a demo bank).

mod household;
pub mod statement;

use chrono::{Datelike, Days, Months, NaiveDate};
use domain::accounts::AccountType;
use domain::tax_year::TaxTreatment;
use domain::transactions::TransactionType;
use domain::Money;
use household::{demo_budgets, demo_goals, demo_inventory, demo_templates};
use ports::demo::{DemoAccount, DemoEntry, DemoKind, DemoPlan, DemoSplit, DemoTag, DemoTaxCategory};

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
        // Design work on the side, paid every other month: the Self Assessment's income.
        if month.month().is_multiple_of(2) {
            let invoice = rng.range(45_000, 90_000);
            tx(&mut month_entries, CURRENT, on(18), "Brightside Studio - invoice", FREELANCE, invoice, false);
        }
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
        tax_categories: tax_categories(),
        tags: demo_tags(today),
        splits: demo_splits(today),
    }
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
        tax_categories: vec![],
        tags: vec![],
        splits: vec![],
    }
}

/// The demo's side income, an income category marked for Self Assessment.
pub const FREELANCE: &str = "Freelance";

/// Freelance income for tax and the phone and broadband it needs as an allowable expense, so a
/// newcomer sees a tax year's Self Assessment table filled.
fn tax_categories() -> Vec<DemoTaxCategory> {
    vec![
        DemoTaxCategory { name: FREELANCE, kind: TransactionType::Income, treatment: TaxTreatment::Income },
        DemoTaxCategory {
            name: "Phone & Internet",
            kind: TransactionType::Expense,
            treatment: TaxTreatment::Allowable,
        },
    ]
}

/// A few tags a household really keeps, across categories: trips on the rail and dinners out
/// since the summer as 'Holiday 2026', travel to clients as 'Work expenses', and what the
/// children need as 'Kids'.
fn demo_tags(today: NaiveDate) -> Vec<DemoTag> {
    let summer = NaiveDate::from_ymd_opt(2026, 7, 1).unwrap_or(today).min(today - Days::new(60));
    let long_ago = today - Months::new(24);
    vec![
        DemoTag {
            name: "Holiday 2026",
            color: "#03A9F4",
            descriptions: &["Trainline", "Wagamama", "Nando's"],
            from: summer,
        },
        DemoTag {
            name: "Work expenses",
            color: "#FF9800",
            descriptions: &["Northern Rail", "Pret A Manger"],
            from: long_ago,
        },
        DemoTag { name: "Kids", color: "#4CAF50", descriptions: &["Argos", "Boots", "Odeon Cinemas"], from: long_ago },
    ]
}

/// The weekly Tesco shop of the last six months split: most of it food, the rest household
/// things (bulbs, cleaning, a kettle) counted under Shopping.
fn demo_splits(today: NaiveDate) -> Vec<DemoSplit> {
    vec![DemoSplit {
        description: "Tesco",
        from: today - Months::new(6),
        parts: &[("Groceries", 780), ("Shopping", 220)],
    }]
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
    fn a_newcomer_has_freelance_income_and_an_allowable_expense_to_see_in_the_self_assessment() {
        let plan = realistic(today(), 12, 1);
        let freelance =
            plan.entries.iter().filter(|e| matches!(e.kind, DemoKind::Transaction { category: FREELANCE, .. })).count();
        assert_eq!(freelance, 6, "every other month");
        for c in &plan.tax_categories {
            assert!(c.treatment.fits(c.kind).is_ok(), "{c:?}");
        }
        let phone =
            plan.entries.iter().any(|e| matches!(e.kind, DemoKind::Transaction { category: "Phone & Internet", .. }));
        assert!(phone);
    }

    #[test]
    fn a_newcomer_has_a_few_tags_each_on_some_of_the_transactions() {
        let plan = realistic(today(), 12, 1);
        let names: Vec<_> = plan.tags.iter().map(|t| t.name).collect();
        assert_eq!(names, ["Holiday 2026", "Work expenses", "Kids"]);
        for tag in &plan.tags {
            let tagged = plan
                .entries
                .iter()
                .filter(|e| e.date >= tag.from && tag.descriptions.contains(&e.description.as_str()))
                .count();
            assert!(tagged > 0 && tagged < plan.entries.len() / 4, "{}: {tagged}", tag.name);
            assert!(domain::tags::TagColour::parse(tag.color).is_ok());
        }
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
    fn every_category_is_a_default_or_marked_one_and_signs_match() {
        for plan in [realistic(today(), 12, 1), bulk(today(), 24, 5_000, 1)] {
            let mut names: Vec<String> = default_categories().into_iter().map(|c| c.name).collect();
            names.extend(plan.tax_categories.iter().map(|c| c.name.to_owned()));
            for e in &plan.entries {
                match &e.kind {
                    DemoKind::Transaction { category, amount, .. } => {
                        assert!(names.iter().any(|n| n == category), "{category}");
                        assert_eq!(["Salary", FREELANCE].contains(category), amount.is_positive(), "{e:?}");
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
