//! Reports: the monthly and yearly figures, category breakdowns with percentages that add up,
//! and the report file name.

use chrono::NaiveDate;

use crate::accounts::AccountType;
use crate::dates::month_name;
use crate::transactions::TransactionType;
use crate::Money;

/// Reports cover the current year and the four before it.
pub fn year_in_range(year: i32, current_year: i32) -> bool {
    (current_year - 4..=current_year).contains(&year)
}

/// One counted (non-declined) transaction as a report lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportTransaction {
    pub date: NaiveDate,
    pub description: String,
    /// Name and colour; `None` for a transfer leg.
    pub category: Option<(String, String)>,
    pub account: String,
    /// Signed, as stored.
    pub amount: Money,
    pub transaction_type: TransactionType,
    pub is_transfer: bool,
    /// A split row's parts (category name, colour, signed amount), in order; `category` is then
    /// `None`, and each part counts in its own category.
    pub parts: Vec<(String, String, Money)>,
}

impl ReportTransaction {
    /// The category it is listed under: its own, or a split's parts' joined with ' + '
    /// ('Groceries + Household'); `None` for a transfer leg or a row without one.
    pub fn category_name(&self) -> Option<String> {
        if self.parts.is_empty() {
            self.category.as_ref().map(|(name, _)| name.clone())
        } else {
            Some(self.parts.iter().map(|(name, _, _)| name.as_str()).collect::<Vec<_>>().join(" + "))
        }
    }
}

/// A category's share of the month's income or expenses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakdownLine {
    pub name: String,
    pub color: String,
    /// Positive.
    pub total: Money,
    /// Tenths of a percent; the lines of one breakdown add up to exactly 1000.
    pub percentage_tenths: i64,
    pub count: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReportSummary {
    /// Positive.
    pub total_income: Money,
    /// Positive (the magnitude of the expenses).
    pub total_expenses: Money,
    /// Income minus expenses: a surplus when positive, a deficit when negative.
    pub net_amount: Money,
    /// The period's transactions: counted income and expense entries (transfer legs and
    /// declined entries are not transactions; the same meaning on every screen).
    pub total_transactions: i64,
    pub income_count: i64,
    pub expense_count: i64,
    /// Counted transfer legs: listed with the transactions, not counted among them.
    pub transfer_legs: i64,
    pub opening_balance: Money,
    pub closing_balance: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthlyReport {
    pub summary: ReportSummary,
    pub income: Vec<BreakdownLine>,
    pub expenses: Vec<BreakdownLine>,
    /// In date order.
    pub transactions: Vec<ReportTransaction>,
}

/// Totals of one category (or of transfers) in a period, as the month totals store them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryTotal {
    pub name: String,
    pub color: String,
    pub transaction_type: TransactionType,
    pub is_transfer: bool,
    /// Signed sum of counted amounts.
    pub total: Money,
    pub count: i64,
}

/// Shares that add up to exactly 1000 tenths (largest remainder method), largest first.
pub fn breakdown(mut lines: Vec<(String, String, Money, i64)>) -> Vec<BreakdownLine> {
    lines.retain(|(_, _, total, _)| total.pence() != 0);
    lines.sort_by(|a, b| b.2.abs().cmp(&a.2.abs()).then_with(|| a.0.cmp(&b.0)));
    let whole: i128 = lines.iter().map(|l| i128::from(l.2.abs().pence())).sum();
    if whole == 0 {
        return vec![];
    }
    let mut shares: Vec<(i64, i128)> = lines
        .iter()
        .map(|l| {
            let scaled = i128::from(l.2.abs().pence()) * 1000;
            ((scaled / whole) as i64, scaled % whole)
        })
        .collect();
    let given: i64 = shares.iter().map(|s| s.0).sum();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| shares[b].1.cmp(&shares[a].1).then(a.cmp(&b)));
    for &i in order.iter().take((1000 - given) as usize) {
        shares[i].0 += 1;
    }
    lines
        .into_iter()
        .zip(shares)
        .map(|((name, color, total, count), (tenths, _))| BreakdownLine {
            name,
            color,
            total: total.abs(),
            percentage_tenths: tenths,
            count,
        })
        .collect()
}

/// Groups income and expense rows (transfers left out) by category.
fn by_category(rows: &[ReportTransaction], kind: TransactionType) -> Vec<(String, String, Money, i64)> {
    let mut groups: Vec<(String, String, Money, i64)> = Vec::new();
    for r in rows.iter().filter(|r| !r.is_transfer && r.transaction_type == kind) {
        let lines = if r.parts.is_empty() {
            let (name, color) = r.category.clone().unwrap_or_else(|| ("Uncategorised".into(), "#9E9E9E".into()));
            vec![(name, color, r.amount)]
        } else {
            r.parts.clone()
        };
        // A row counts once in each category it has a part in.
        let mut counted: Vec<String> = Vec::new();
        for (name, color, amount) in lines {
            let first = !counted.contains(&name);
            match groups.iter_mut().find(|g| g.0 == name) {
                Some(g) => {
                    g.2 += amount;
                    g.3 += i64::from(first);
                }
                None => groups.push((name.clone(), color, amount, 1)),
            }
            counted.push(name);
        }
    }
    groups
}

/// The report of a period (a month, or a whole year) from its counted rows and the opening
/// balance of the chosen account (or of all accounts together).
pub fn monthly_report(opening_balance: Money, mut rows: Vec<ReportTransaction>) -> MonthlyReport {
    rows.sort_by_key(|r| r.date);
    let sum = |kind| -> (Money, i64) {
        rows.iter()
            .filter(|r| !r.is_transfer && r.transaction_type == kind)
            .fold((Money::ZERO, 0), |(t, n), r| (t + r.amount, n + 1))
    };
    let (income, income_count) = sum(TransactionType::Income);
    let (expenses, expense_count) = sum(TransactionType::Expense);
    let movement: Money = rows.iter().map(|r| r.amount).sum();
    MonthlyReport {
        summary: ReportSummary {
            total_income: income,
            total_expenses: expenses.abs(),
            net_amount: income + expenses,
            total_transactions: income_count + expense_count,
            income_count,
            expense_count,
            transfer_legs: rows.iter().filter(|r| r.is_transfer).count() as i64,
            opening_balance,
            closing_balance: opening_balance + movement,
        },
        income: breakdown(by_category(&rows, TransactionType::Income)),
        expenses: breakdown(by_category(&rows, TransactionType::Expense)),
        transactions: rows,
    }
}

/// The summary of a period from its category totals (transfers counted apart) and the balances
/// at its start and end: the same figures [`monthly_report`] gives from the period's rows.
pub fn summary_of(totals: &[CategoryTotal], opening_balance: Money, closing_balance: Money) -> ReportSummary {
    let f = figures(totals);
    ReportSummary {
        total_income: f.income,
        total_expenses: f.expenses,
        net_amount: f.net,
        total_transactions: f.income_count + f.expense_count,
        income_count: f.income_count,
        expense_count: f.expense_count,
        transfer_legs: totals.iter().filter(|t| t.is_transfer).map(|t| t.count).sum(),
        opening_balance,
        closing_balance,
    }
}

/// Income, expenses (both positive) and net of one month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MonthFigures {
    pub income: Money,
    pub expenses: Money,
    pub net: Money,
    pub income_count: i64,
    pub expense_count: i64,
}

/// Income and expense figures (transfers left out) of a set of category totals.
pub fn figures(totals: &[CategoryTotal]) -> MonthFigures {
    let mut f = MonthFigures::default();
    for t in totals.iter().filter(|t| !t.is_transfer) {
        match t.transaction_type {
            TransactionType::Income => {
                f.income += t.total;
                f.income_count += t.count;
            }
            TransactionType::Expense => {
                f.expenses += t.total.abs();
                f.expense_count += t.count;
            }
        }
    }
    f.net = f.income - f.expenses;
    f
}

/// The breakdown of one kind from category totals (several months of one category merge).
pub fn breakdown_of(totals: &[CategoryTotal], kind: TransactionType) -> Vec<BreakdownLine> {
    let mut groups: Vec<(String, String, Money, i64)> = Vec::new();
    for t in totals.iter().filter(|t| !t.is_transfer && t.transaction_type == kind) {
        match groups.iter_mut().find(|g| g.0 == t.name) {
            Some(g) => {
                g.2 += t.total;
                g.3 += t.count;
            }
            None => groups.push((t.name.clone(), t.color.clone(), t.total, t.count)),
        }
    }
    breakdown(groups)
}

/// `financial-report-{account name or all-accounts}-{account type}-{month name}-{year}.pdf`,
/// lower-case ASCII letters, digits and hyphens only (the type is left out for all accounts);
/// a whole year's report has no month name.
pub fn report_file_name(account: Option<(&str, AccountType)>, month: Option<u32>, year: i32) -> String {
    let month = month.map(|m| slug(month_name(m).unwrap_or("month")));
    let mut parts: Vec<String> = match account {
        Some((name, t)) => vec![slug(name), slug(t.as_str())],
        None => vec!["all-accounts".into()],
    };
    parts.extend(month);
    parts.push(year.to_string());
    let body = parts.into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-");
    format!("financial-report-{body}.pdf")
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let c = match c {
            'à'..='å' | 'À'..='Å' => 'a',
            'è'..='ë' | 'È'..='Ë' => 'e',
            'ì'..='ï' | 'Ì'..='Ï' => 'i',
            'ò'..='ö' | 'Ò'..='Ö' => 'o',
            'ù'..='ü' | 'Ù'..='Ü' => 'u',
            'ç' | 'Ç' => 'c',
            'ñ' | 'Ñ' => 'n',
            other => other,
        };
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn row(day: u32, category: Option<&str>, pence: i64, transfer: bool) -> ReportTransaction {
        ReportTransaction {
            date: NaiveDate::from_ymd_opt(2026, 3, day).unwrap(),
            description: "x".into(),
            category: category.map(|c| (c.to_owned(), "#000".to_owned())),
            account: "Current".into(),
            amount: Money::from_pence(pence),
            transaction_type: if pence > 0 { TransactionType::Income } else { TransactionType::Expense },
            is_transfer: transfer,
            parts: vec![],
        }
    }

    #[test]
    fn a_split_row_counts_each_part_in_its_own_category_and_once_in_the_summary() {
        let part = |name: &str, pence: i64| (name.to_owned(), "#000".to_owned(), Money::from_pence(pence));
        let shop = ReportTransaction {
            category: None,
            parts: vec![part("Groceries", -6_100), part("Household", -2_000), part("Groceries", -320)],
            ..row(2, None, -8_420, false)
        };
        assert_eq!(shop.category_name().as_deref(), Some("Groceries + Household + Groceries"));
        let r = monthly_report(Money::ZERO, vec![shop, row(3, Some("Groceries"), -1_000, false)]);
        assert_eq!((r.summary.expense_count, r.summary.total_expenses), (2, Money::from_pence(9_420)));
        let lines: Vec<(&str, i64, i64)> =
            r.expenses.iter().map(|l| (l.name.as_str(), l.total.pence(), l.count)).collect();
        assert_eq!(lines, [("Groceries", 7_420, 2), ("Household", 2_000, 1)]);
    }

    #[test]
    fn a_month_is_summed_by_hand() {
        let rows = vec![
            row(1, Some("Salary"), 250_000, false),
            row(2, Some("Groceries"), -4_500, false),
            row(3, Some("Groceries"), -5_500, false),
            row(4, Some("Eating Out"), -2_000, false),
            row(5, None, -30_000, true),
        ];
        let r = monthly_report(Money::from_pence(100_000), rows);
        assert_eq!(r.summary.total_income, Money::from_pence(250_000));
        assert_eq!(r.summary.total_expenses, Money::from_pence(12_000));
        assert_eq!(r.summary.net_amount, Money::from_pence(238_000));
        assert_eq!(
            (r.summary.income_count, r.summary.expense_count, r.summary.total_transactions, r.summary.transfer_legs),
            (1, 3, 4, 1),
            "a transfer leg is listed but is not a transaction"
        );
        assert_eq!(r.summary.closing_balance, Money::from_pence(100_000 + 250_000 - 12_000 - 30_000));
        assert_eq!(r.expenses[0].name, "Groceries");
        assert_eq!(r.expenses[0].total, Money::from_pence(10_000));
        assert_eq!(r.expenses[0].count, 2);
        assert_eq!(r.expenses.iter().map(|l| l.percentage_tenths).collect::<Vec<_>>(), vec![833, 167]);
        assert_eq!(r.income[0].percentage_tenths, 1000);
    }

    #[test]
    fn an_empty_month_is_zeros_and_empty_lists() {
        let r = monthly_report(Money::from_pence(500), vec![]);
        assert_eq!(r.summary.closing_balance, Money::from_pence(500));
        assert!(r.income.is_empty() && r.expenses.is_empty() && r.transactions.is_empty());
    }

    #[test]
    fn thirds_round_to_a_whole_hundred() {
        let lines = breakdown(vec![
            ("A".into(), "".into(), Money::from_pence(100), 1),
            ("B".into(), "".into(), Money::from_pence(100), 1),
            ("C".into(), "".into(), Money::from_pence(100), 1),
        ]);
        assert_eq!(lines.iter().map(|l| l.percentage_tenths).collect::<Vec<_>>(), vec![334, 333, 333]);
    }

    proptest! {
        #[test]
        fn percentages_always_add_up_to_exactly_one_hundred(totals in proptest::collection::vec(1i64..10_000_000, 1..30)) {
            let lines = breakdown(totals.iter().enumerate().map(|(i, t)| (format!("c{i}"), String::new(), Money::from_pence(-t), 1)).collect());
            prop_assert_eq!(lines.iter().map(|l| l.percentage_tenths).sum::<i64>(), 1000);
            prop_assert!(lines.windows(2).all(|w| w[0].total >= w[1].total));
        }
    }

    #[test]
    fn file_names_follow_the_spec_and_are_safe() {
        assert_eq!(
            report_file_name(Some(("Current Account", AccountType::Current)), Some(11), 2026),
            "financial-report-current-account-current-november-2026.pdf"
        );
        assert_eq!(report_file_name(None, Some(1), 2025), "financial-report-all-accounts-january-2025.pdf");
        assert_eq!(report_file_name(None, None, 2025), "financial-report-all-accounts-2025.pdf");
        assert_eq!(
            report_file_name(Some(("Joint", AccountType::Savings)), None, 2026),
            "financial-report-joint-savings-2026.pdf"
        );
        assert_eq!(
            report_file_name(Some(("Zoë's \"Card\" / ../../etc", AccountType::CreditCard)), Some(2), 2026),
            "financial-report-zoe-s-card-etc-credit-card-february-2026.pdf"
        );
    }

    #[test]
    fn months_and_years_have_their_ranges() {
        assert!(year_in_range(2022, 2026) && year_in_range(2026, 2026));
        assert!(!year_in_range(2021, 2026) && !year_in_range(2027, 2026));
    }

    #[test]
    fn a_summary_from_totals_is_the_summary_from_rows() {
        let rows = vec![
            row(1, Some("Salary"), 250_000, false),
            row(2, Some("Groceries"), -4_500, false),
            row(3, Some("Groceries"), -5_500, false),
            row(5, None, -30_000, true),
            row(6, None, 12_000, true),
        ];
        let mut totals: Vec<CategoryTotal> = Vec::new();
        for r in &rows {
            let name = r.category.as_ref().map_or("Transfers", |c| c.0.as_str()).to_owned();
            match totals.iter_mut().find(|t| t.name == name && t.transaction_type == r.transaction_type) {
                Some(t) => {
                    t.total += r.amount;
                    t.count += 1;
                }
                None => totals.push(CategoryTotal {
                    name,
                    color: "#000".into(),
                    transaction_type: r.transaction_type,
                    is_transfer: r.is_transfer,
                    total: r.amount,
                    count: 1,
                }),
            }
        }
        let opening = Money::from_pence(1_000);
        let from_rows = monthly_report(opening, rows).summary;
        assert_eq!(summary_of(&totals, opening, from_rows.closing_balance), from_rows);
        assert_eq!(from_rows.transfer_legs, 2);
    }

    #[test]
    fn figures_leave_transfers_out() {
        let t = |kind, transfer, pence| CategoryTotal {
            name: "x".into(),
            color: "#000".into(),
            transaction_type: kind,
            is_transfer: transfer,
            total: Money::from_pence(pence),
            count: 1,
        };
        let f = figures(&[
            t(TransactionType::Income, false, 1000),
            t(TransactionType::Expense, false, -300),
            t(TransactionType::Expense, true, -500),
        ]);
        assert_eq!((f.income.pence(), f.expenses.pence(), f.net.pence()), (1000, 300, 700));
    }
}
