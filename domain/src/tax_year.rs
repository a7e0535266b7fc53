//! The UK tax year (6 April to 5 April) and the Self Assessment helper: which categories count
//! as income for tax or as allowable expenses, and their totals over a tax year.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};

use crate::dates::{london_today, month_name};
use crate::reports::CategoryTotal;
use crate::transactions::TransactionType;
use crate::validation::whole_number;
use crate::{Money, ValidationError};

/// The years a tax-year report may be asked for (the year its tax year starts in).
pub const TAX_YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;

/// A UK tax year: 6 April of `start_year` to 5 April of the year after, labelled "2025/26".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TaxYear {
    start_year: i32,
}

impl TaxYear {
    /// The tax year that starts on 6 April of `start_year`.
    pub fn starting(start_year: i32) -> Self {
        Self { start_year }
    }

    /// The tax year `day` falls in: 5 April is the last day of one, 6 April the first of the next.
    pub fn containing(day: NaiveDate) -> Self {
        let starts_this_year = (day.month(), day.day()) >= (4, 6);
        Self { start_year: if starts_this_year { day.year() } else { day.year() - 1 } }
    }

    /// London's tax year at the instant `now`.
    pub fn current(now: DateTime<Utc>) -> Self {
        Self::containing(london_today(now))
    }

    /// Reads `?year=` as sent: the year the tax year starts in, 1900 to 2200, required.
    pub fn parse(raw: Option<&str>) -> Result<Self, ValidationError> {
        let year = whole_number(raw, "year", "Year must be a whole number")?
            .ok_or_else(|| ValidationError::new("year", "Year is required"))?;
        i32::try_from(year).ok().filter(|y| TAX_YEARS.contains(y)).map(Self::starting).ok_or_else(|| {
            ValidationError::new("year", format!("Year must be between {} and {}", TAX_YEARS.start(), TAX_YEARS.end()))
        })
    }

    pub fn start_year(self) -> i32 {
        self.start_year
    }

    /// 6 April of its start year.
    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.start_year, 4, 6).expect("6 April exists")
    }

    /// 5 April of the year after.
    pub fn last_day(self) -> NaiveDate {
        self.next().first_day() - Days::new(1)
    }

    pub fn next(self) -> Self {
        Self { start_year: self.start_year + 1 }
    }

    pub fn contains(self, day: NaiveDate) -> bool {
        Self::containing(day) == self
    }

    /// "2025/26"; "2099/00" across a century.
    pub fn label(self) -> String {
        format!("{}/{:02}", self.start_year, (self.start_year + 1).rem_euclid(100))
    }

    /// Its twelve tax months, April first: the 6th of each month to the 5th of the next.
    pub fn months(self) -> Vec<TaxMonth> {
        (0..12)
            .map(|i| {
                let first = self.first_day().checked_add_months(chrono::Months::new(i)).expect("a date in range");
                let last = first.checked_add_months(chrono::Months::new(1)).expect("a date in range") - Days::new(1);
                TaxMonth { first, last }
            })
            .collect()
    }

    /// Which of its tax months (0 for April … 11 for March) holds `day`, if the year does.
    pub fn month_index(self, day: NaiveDate) -> Option<usize> {
        if !self.contains(day) {
            return None;
        }
        let months = (day.year() - self.start_year) * 12 + day.month() as i32 - 4 - i32::from(day.day() < 6);
        usize::try_from(months).ok()
    }
}

/// One tax month: the 6th of a month to the 5th of the next, named after the month it starts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxMonth {
    pub first: NaiveDate,
    pub last: NaiveDate,
}

impl TaxMonth {
    /// "April" for 6 April – 5 May.
    pub fn name(self) -> &'static str {
        month_name(self.first.month()).unwrap_or_default()
    }
}

/// How a category counts for Self Assessment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaxTreatment {
    /// Income for tax (e.g. freelance earnings): only an income category.
    Income,
    /// An allowable expense: only an expense category.
    Allowable,
}

impl TaxTreatment {
    pub fn as_str(self) -> &'static str {
        match self {
            TaxTreatment::Income => "income",
            TaxTreatment::Allowable => "allowable",
        }
    }

    /// "income", "allowable", or blank for none.
    pub fn parse(raw: &str) -> Result<Option<Self>, ValidationError> {
        match raw.trim() {
            "" => Ok(None),
            "income" => Ok(Some(TaxTreatment::Income)),
            "allowable" => Ok(Some(TaxTreatment::Allowable)),
            _ => Err(ValidationError::new("taxTreatment", "Tax treatment must be income, allowable or none")),
        }
    }

    /// The treatment a category of `kind` may carry: income only on an income category, an
    /// allowable expense only on an expense category.
    pub fn fits(self, kind: TransactionType) -> Result<Self, ValidationError> {
        match (self, kind) {
            (TaxTreatment::Income, TransactionType::Income) | (TaxTreatment::Allowable, TransactionType::Expense) => {
                Ok(self)
            }
            (TaxTreatment::Income, TransactionType::Expense) => {
                Err(ValidationError::new("taxTreatment", "Only an income category can be marked as income for tax"))
            }
            (TaxTreatment::Allowable, TransactionType::Income) => Err(ValidationError::new(
                "taxTreatment",
                "Only an expense category can be marked as an allowable expense",
            )),
        }
    }
}

/// Which year the Reports screen opens on: the calendar year or the UK tax year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReportYear {
    #[default]
    Calendar,
    Tax,
}

impl ReportYear {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportYear::Calendar => "calendar",
            ReportYear::Tax => "tax",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "calendar" => Ok(ReportYear::Calendar),
            "tax" => Ok(ReportYear::Tax),
            _ => Err(ValidationError::new("reportYear", "Report year must be calendar or tax")),
        }
    }
}

/// One category's total on a Self Assessment list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxLine {
    pub category: String,
    /// Positive for income received or money spent; refunds reduce it.
    pub total: Money,
}

/// The Self Assessment helper's figures for a tax year.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SelfAssessment {
    /// Largest first.
    pub income: Vec<TaxLine>,
    /// Largest first.
    pub allowable_expenses: Vec<TaxLine>,
    pub total_income: Money,
    pub total_allowable_expenses: Money,
    /// Income less allowable expenses.
    pub net: Money,
}

/// Totals the categories marked for tax (transfers never count): an income category's signed
/// sum as received, an allowable category's as spent. Categories that net to zero are left out.
pub fn self_assessment(totals: &[(CategoryTotal, Option<TaxTreatment>)]) -> SelfAssessment {
    let lines = |treatment: TaxTreatment| -> Vec<TaxLine> {
        let mut lines: Vec<TaxLine> = Vec::new();
        for (t, _) in totals.iter().filter(|(t, tr)| !t.is_transfer && *tr == Some(treatment)) {
            let signed = if treatment == TaxTreatment::Income { t.total } else { -t.total };
            match lines.iter_mut().find(|l| l.category == t.name) {
                Some(l) => l.total += signed,
                None => lines.push(TaxLine { category: t.name.clone(), total: signed }),
            }
        }
        lines.retain(|l| l.total != Money::ZERO);
        lines.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.category.cmp(&b.category)));
        lines
    };
    let income = lines(TaxTreatment::Income);
    let allowable_expenses = lines(TaxTreatment::Allowable);
    let total_income: Money = income.iter().map(|l| l.total).sum();
    let total_allowable_expenses: Money = allowable_expenses.iter().map(|l| l.total).sum();
    SelfAssessment {
        income,
        allowable_expenses,
        total_income,
        total_allowable_expenses,
        net: total_income - total_allowable_expenses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn days_fall_in_the_tax_year_that_starts_on_the_6th_of_april() {
        let cases = [
            (d(2025, 4, 5), "2024/25"),
            (d(2025, 4, 6), "2025/26"),
            (d(2025, 12, 31), "2025/26"),
            (d(2026, 1, 1), "2025/26"),
            (d(2026, 4, 5), "2025/26"),
            (d(2026, 4, 6), "2026/27"),
            (d(2024, 2, 29), "2023/24"),
            (d(2024, 4, 1), "2023/24"),
            (d(1999, 4, 6), "1999/00"),
            (d(2100, 3, 1), "2099/00"),
        ];
        for (day, label) in cases {
            assert_eq!(TaxYear::containing(day).label(), label, "{day}");
        }
    }

    #[test]
    fn a_tax_year_has_its_bounds_and_twelve_months_april_first() {
        let y = TaxYear::starting(2025);
        assert_eq!((y.first_day(), y.last_day(), y.label()), (d(2025, 4, 6), d(2026, 4, 5), "2025/26".to_owned()));
        let months = y.months();
        assert_eq!(months.len(), 12);
        assert_eq!((months[0].name(), months[0].first, months[0].last), ("April", d(2025, 4, 6), d(2025, 5, 5)));
        assert_eq!((months[10].name(), months[10].first, months[10].last), ("February", d(2026, 2, 6), d(2026, 3, 5)));
        assert_eq!((months[11].name(), months[11].first, months[11].last), ("March", d(2026, 3, 6), d(2026, 4, 5)));
        let leap = TaxYear::starting(2023);
        assert_eq!(leap.month_index(d(2024, 2, 29)), Some(10));
        assert_eq!(leap.month_index(d(2024, 4, 5)), Some(11));
        assert_eq!(leap.month_index(d(2024, 4, 6)), None);
        assert_eq!(leap.month_index(d(2023, 4, 6)), Some(0));
        assert_eq!(leap.month_index(d(2023, 5, 5)), Some(0));
        assert_eq!(leap.month_index(d(2023, 5, 6)), Some(1));
    }

    #[test]
    fn today_is_londons() {
        // 23:30 UTC on 5 April 2026 is already 6 April in British Summer Time.
        let now = Utc.with_ymd_and_hms(2026, 4, 5, 23, 30, 0).unwrap();
        assert_eq!(TaxYear::current(now).label(), "2026/27");
        let before = Utc.with_ymd_and_hms(2026, 4, 5, 22, 59, 0).unwrap();
        assert_eq!(TaxYear::current(before).label(), "2025/26");
    }

    #[test]
    fn the_year_parameter_is_required_whole_and_in_range() {
        assert_eq!(TaxYear::parse(Some("2025")), Ok(TaxYear::starting(2025)));
        assert_eq!(TaxYear::parse(Some(" 1900 ")), Ok(TaxYear::starting(1900)));
        assert_eq!(TaxYear::parse(Some("2200")), Ok(TaxYear::starting(2200)));
        let message = |raw| TaxYear::parse(raw).unwrap_err().message;
        assert_eq!(message(None), "Year is required");
        assert_eq!(message(Some(" ")), "Year is required");
        assert_eq!(message(Some("twenty")), "Year must be a whole number");
        assert_eq!(message(Some("2025.5")), "Year must be a whole number");
        assert_eq!(message(Some("1899")), "Year must be between 1900 and 2200");
        assert_eq!(message(Some("2201")), "Year must be between 1900 and 2200");
        assert_eq!(message(Some("99999999999")), "Year must be between 1900 and 2200");
    }

    #[test]
    fn a_treatment_fits_only_its_kind_of_category() {
        assert_eq!(TaxTreatment::parse(" income "), Ok(Some(TaxTreatment::Income)));
        assert_eq!(TaxTreatment::parse(""), Ok(None));
        assert!(TaxTreatment::parse("deductible").is_err());
        assert!(TaxTreatment::Income.fits(TransactionType::Income).is_ok());
        assert!(TaxTreatment::Allowable.fits(TransactionType::Expense).is_ok());
        assert_eq!(
            TaxTreatment::Income.fits(TransactionType::Expense).unwrap_err().message,
            "Only an income category can be marked as income for tax"
        );
        assert_eq!(
            TaxTreatment::Allowable.fits(TransactionType::Income).unwrap_err().message,
            "Only an expense category can be marked as an allowable expense"
        );
        assert_eq!(ReportYear::parse("tax"), Ok(ReportYear::Tax));
        assert_eq!(ReportYear::default().as_str(), "calendar");
        assert_eq!(ReportYear::parse("fiscal").unwrap_err().message, "Report year must be calendar or tax");
    }

    #[test]
    fn self_assessment_totals_the_marked_categories_only() {
        let t = |name: &str, kind, transfer, pence| CategoryTotal {
            name: name.into(),
            color: "#000".into(),
            transaction_type: kind,
            is_transfer: transfer,
            total: Money::from_pence(pence),
            count: 1,
        };
        use TransactionType::{Expense, Income};
        let sa = self_assessment(&[
            (t("Freelance", Income, false, 120_000), Some(TaxTreatment::Income)),
            (t("Freelance", Income, false, 30_000), Some(TaxTreatment::Income)),
            (t("Salary", Income, false, 250_000), None),
            (t("Office", Expense, false, -4_000), Some(TaxTreatment::Allowable)),
            (t("Office", Income, false, 500), Some(TaxTreatment::Allowable)),
            (t("Travel", Expense, false, -9_000), Some(TaxTreatment::Allowable)),
            (t("Groceries", Expense, false, -7_000), None),
            (t("Transfers", Expense, true, -50_000), Some(TaxTreatment::Allowable)),
        ]);
        assert_eq!(sa.income, vec![TaxLine { category: "Freelance".into(), total: Money::from_pence(150_000) }]);
        assert_eq!(
            sa.allowable_expenses,
            vec![
                TaxLine { category: "Travel".into(), total: Money::from_pence(9_000) },
                TaxLine { category: "Office".into(), total: Money::from_pence(3_500) },
            ],
            "a refund reduces an allowable expense; a transfer never counts"
        );
        assert_eq!(
            (sa.total_income.pence(), sa.total_allowable_expenses.pence(), sa.net.pence()),
            (150_000, 12_500, 137_500)
        );
        assert_eq!(self_assessment(&[]), SelfAssessment::default());
    }

    proptest! {
        #[test]
        fn every_day_belongs_to_exactly_one_tax_year_and_one_of_its_months(days in -80_000i64..80_000) {
            let day = d(2000, 1, 1) + chrono::Duration::days(days);
            let year = TaxYear::containing(day);
            prop_assert!(year.first_day() <= day && day <= year.last_day());
            let neighbours = [TaxYear::starting(year.start_year() - 1), year.next()];
            prop_assert!(neighbours.iter().all(|n| !n.contains(day)));
            let index = year.month_index(day).expect("a day of the year is in one of its months");
            let months = year.months();
            prop_assert!(months[index].first <= day && day <= months[index].last);
            prop_assert_eq!(months.iter().filter(|m| m.first <= day && day <= m.last).count(), 1);
        }
    }
}
