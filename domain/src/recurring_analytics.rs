//! Recurring analytics: month by month, what the templates actually moved (only transactions
//! made from templates count), the insights over the range, and each template's amount against
//! what it made. Finalised months come from their snapshot so a later template edit does not
//! rewrite them.

use chrono::NaiveDate;

use crate::dates::CalendarMonth;
use crate::Money;

/// The ranges the screen offers.
pub const RANGES: [u32; 4] = [3, 6, 12, 24];

/// What a line of money is in the breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlowKind {
    Income,
    Expense,
    Transfer,
}

impl FlowKind {
    /// As the screen labels it.
    pub fn label(self) -> &'static str {
        match self {
            FlowKind::Income => "Income",
            FlowKind::Expense => "Expense",
            FlowKind::Transfer => "Transfer",
        }
    }
}

/// One transaction made by a template (a transfer counted once, by its outgoing leg; a split one
/// once in each category of its parts, with their amount there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeByTemplate {
    pub month: CalendarMonth,
    pub template_id: crate::ids::RecurringTemplateId,
    /// The category's name and icon; for a transfer 'Transfers'.
    pub category: (String, String),
    pub kind: FlowKind,
    /// Positive.
    pub amount: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Snapshot,
    Computed,
    /// No template made anything that month (template trends only).
    NoData,
}

impl Source {
    /// Every Source, in the order the API lists them.
    pub const ALL: [Source; 3] = [Source::Snapshot, Source::Computed, Source::NoData];

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Snapshot => "snapshot",
            Source::Computed => "computed",
            Source::NoData => "no-data",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryLine {
    pub name: String,
    pub icon: String,
    pub kind: FlowKind,
    /// Positive.
    pub amount: Money,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthFlow {
    pub month: CalendarMonth,
    pub income: Money,
    /// Positive.
    pub expenses: Money,
    pub source: Source,
    /// Largest first.
    pub categories: Vec<CategoryLine>,
}

impl MonthFlow {
    pub fn net_flow(&self) -> Money {
        self.income - self.expenses
    }
}

/// A month's figures from the transactions templates made in it.
pub fn month_flow(month: CalendarMonth, made: &[MadeByTemplate]) -> MonthFlow {
    let mut categories: Vec<CategoryLine> = Vec::new();
    let (mut income, mut expenses) = (Money::ZERO, Money::ZERO);
    for m in made.iter().filter(|m| m.month == month) {
        match m.kind {
            FlowKind::Income => income += m.amount,
            FlowKind::Expense => expenses += m.amount,
            FlowKind::Transfer => {}
        }
        match categories.iter_mut().find(|c| c.name == m.category.0 && c.kind == m.kind) {
            Some(c) => {
                c.amount += m.amount;
                c.count += 1;
            }
            None => categories.push(CategoryLine {
                name: m.category.0.clone(),
                icon: m.category.1.clone(),
                kind: m.kind,
                amount: m.amount,
                count: 1,
            }),
        }
    }
    categories.sort_by(|a, b| b.amount.cmp(&a.amount).then_with(|| a.name.cmp(&b.name)));
    MonthFlow { month, income, expenses, source: Source::Computed, categories }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insights {
    pub total_income: Money,
    pub total_expenses: Money,
    pub total_net_flow: Money,
    pub active_templates: i64,
    /// The month with the highest net flow (the latest of equals), if any month had activity.
    pub best_month: Option<(CalendarMonth, Money)>,
    /// The month with the lowest net flow (the latest of equals), if any month had activity.
    pub worst_month: Option<(CalendarMonth, Money)>,
    /// The income or expense category with the largest total over the range.
    pub top_category: Option<(String, String, Money)>,
}

/// The insights over the months shown.
pub fn insights(months: &[MonthFlow], active_templates: i64) -> Insights {
    let total_income: Money = months.iter().map(|m| m.income).sum();
    let total_expenses: Money = months.iter().map(|m| m.expenses).sum();
    let active: Vec<&MonthFlow> = months.iter().filter(|m| !m.categories.is_empty()).collect();
    let best_month = active
        .iter()
        .max_by(|a, b| a.net_flow().cmp(&b.net_flow()).then(a.month.cmp(&b.month)))
        .map(|m| (m.month, m.net_flow()));
    let worst_month = active
        .iter()
        .min_by(|a, b| a.net_flow().cmp(&b.net_flow()).then(b.month.cmp(&a.month)))
        .map(|m| (m.month, m.net_flow()));
    let mut totals: Vec<(String, String, Money)> = Vec::new();
    for line in months.iter().flat_map(|m| &m.categories).filter(|c| c.kind != FlowKind::Transfer) {
        match totals.iter_mut().find(|t| t.0 == line.name) {
            Some(t) => t.2 += line.amount,
            None => totals.push((line.name.clone(), line.icon.clone(), line.amount)),
        }
    }
    let top_category = totals.into_iter().max_by(|a, b| a.2.cmp(&b.2).then(b.0.cmp(&a.0)));
    Insights {
        total_income,
        total_expenses,
        total_net_flow: total_income - total_expenses,
        active_templates,
        best_month,
        worst_month,
        top_category,
    }
}

/// One month of a template's trend: its amount then, and what it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrendPoint {
    pub month: CalendarMonth,
    pub template_amount: Money,
    pub actual_amount: Money,
    pub source: Source,
}

/// A template's amount against what it made, month by month: a finalised month's amounts come
/// from its snapshot (`snapshot(month)`), other months use today's amount and the transactions;
/// a month in which it made nothing is 'no-data'.
pub fn template_trend(
    template_id: crate::ids::RecurringTemplateId,
    current_amount: Money,
    months: &[CalendarMonth],
    made: &[MadeByTemplate],
    snapshot: impl Fn(CalendarMonth) -> Option<(Money, Money)>,
) -> Vec<TrendPoint> {
    months
        .iter()
        .map(|&month| match snapshot(month) {
            Some((template_amount, actual_amount)) => {
                TrendPoint { month, template_amount, actual_amount, source: Source::Snapshot }
            }
            None => {
                let mine: Vec<&MadeByTemplate> =
                    made.iter().filter(|m| m.month == month && m.template_id == template_id).collect();
                let actual_amount = mine.iter().map(|m| m.amount).sum();
                let source = if mine.is_empty() { Source::NoData } else { Source::Computed };
                TrendPoint { month, template_amount: current_amount.abs(), actual_amount, source }
            }
        })
        .collect()
}

/// The `count` months ending with the one holding `today`, oldest first.
pub fn range(today: NaiveDate, count: u32) -> Vec<CalendarMonth> {
    let current = CalendarMonth::of(today);
    (0..count as i32).rev().map(|back| current.plus(-back)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn month(y: i32, m: u32) -> CalendarMonth {
        CalendarMonth::new(y, m).unwrap()
    }

    fn made(m: CalendarMonth, t: u128, category: &str, kind: FlowKind, pence: i64) -> MadeByTemplate {
        MadeByTemplate {
            month: m,
            template_id: crate::ids::RecurringTemplateId(Uuid::from_u128(t)),
            category: (category.into(), "icon".into()),
            kind,
            amount: Money::from_pence(pence),
        }
    }

    fn sample() -> Vec<MadeByTemplate> {
        vec![
            made(month(2026, 9), 1, "Salary", FlowKind::Income, 250_000),
            made(month(2026, 9), 2, "Bills & Utilities", FlowKind::Expense, 90_000),
            made(month(2026, 9), 3, "Entertainment", FlowKind::Expense, 1_099),
            made(month(2026, 9), 4, "Transfers", FlowKind::Transfer, 20_000),
            made(month(2026, 10), 1, "Salary", FlowKind::Income, 250_000),
            made(month(2026, 10), 2, "Bills & Utilities", FlowKind::Expense, 95_000),
            made(month(2026, 10), 3, "Entertainment", FlowKind::Expense, 1_099),
            made(month(2026, 10), 3, "Entertainment", FlowKind::Expense, 1_099),
        ]
    }

    #[test]
    fn a_month_counts_income_and_expenses_and_lists_transfers_apart() {
        let sep = month_flow(month(2026, 9), &sample());
        assert_eq!((sep.income.pence(), sep.expenses.pence(), sep.net_flow().pence()), (250_000, 91_099, 158_901));
        let kinds: Vec<_> =
            sep.categories.iter().map(|c| (c.name.as_str(), c.kind, c.amount.pence(), c.count)).collect();
        assert_eq!(
            kinds,
            vec![
                ("Salary", FlowKind::Income, 250_000, 1),
                ("Bills & Utilities", FlowKind::Expense, 90_000, 1),
                ("Transfers", FlowKind::Transfer, 20_000, 1),
                ("Entertainment", FlowKind::Expense, 1_099, 1),
            ]
        );
        let oct = month_flow(month(2026, 10), &sample());
        assert_eq!(oct.categories.iter().find(|c| c.name == "Entertainment").unwrap().count, 2);
        assert!(month_flow(month(2026, 11), &sample()).categories.is_empty());
    }

    #[test]
    fn insights_over_the_range() {
        let months: Vec<MonthFlow> = range(NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(), 3)
            .into_iter()
            .map(|m| month_flow(m, &sample()))
            .collect();
        assert_eq!(months.iter().map(|m| m.month.month()).collect::<Vec<_>>(), vec![9, 10, 11]);
        let i = insights(&months, 4);
        assert_eq!((i.total_income.pence(), i.total_expenses.pence()), (500_000, 91_099 + 97_198));
        assert_eq!(i.total_net_flow.pence(), 500_000 - 188_297);
        assert_eq!(i.best_month, Some((month(2026, 9), Money::from_pence(158_901))));
        assert_eq!(
            i.worst_month,
            Some((month(2026, 10), Money::from_pence(152_802))),
            "November made nothing: not a month to rank"
        );
        assert_eq!(i.top_category.map(|t| (t.0, t.2.pence())), Some(("Salary".to_owned(), 500_000)));
        assert_eq!(insights(&[], 0).best_month, None);
    }

    #[test]
    fn a_template_trend_uses_snapshots_then_todays_amount_and_says_when_there_was_no_data() {
        let months = vec![month(2026, 9), month(2026, 10), month(2026, 11)];
        let trend = template_trend(
            crate::ids::RecurringTemplateId(Uuid::from_u128(3)),
            Money::from_pence(-1_299),
            &months,
            &sample(),
            |m| (m == month(2026, 9)).then(|| (Money::from_pence(999), Money::from_pence(999))),
        );
        let points: Vec<_> =
            trend.iter().map(|p| (p.template_amount.pence(), p.actual_amount.pence(), p.source)).collect();
        assert_eq!(
            points,
            vec![(999, 999, Source::Snapshot), (1_299, 2_198, Source::Computed), (1_299, 0, Source::NoData)]
        );
    }
}
