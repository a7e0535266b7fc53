//! The demo household's categorisation rules and an imported bank statement, so /import and
//! /settings/rules are in use from the start and 'Looks like transfers' offers one pair.

use chrono::{Duration, NaiveDate};
use domain::imports::RuleInput;

/// The rules: Tesco groceries renamed 'Tesco', TfL as transport, Pret under £10 as coffee,
/// Netflix as a subscription. `category` gives a category's id by its name; a rule whose
/// category the user no longer has is left out.
pub fn rules(category: impl Fn(&str) -> Option<String>) -> Vec<RuleInput> {
    RULES
        .iter()
        .filter_map(|&(match_type, pattern, name, rename, max)| {
            Some(RuleInput {
                match_type: match_type.into(),
                pattern: pattern.into(),
                max_amount: max.map(Into::into),
                category_id: category(name)?,
                rename: rename.map(Into::into),
                ..Default::default()
            })
        })
        .collect()
}

/// (how it matches, the text, the category's name, the new description, the largest amount).
type Rule = (&'static str, &'static str, &'static str, Option<&'static str>, Option<&'static str>);

const RULES: [Rule; 4] = [
    ("contains", "tesco", "Groceries", Some("Tesco"), None),
    ("startsWith", "tfl", "Transport", None, None),
    ("contains", "pret", "Coffee & Snacks", None, Some("10")),
    ("contains", "netflix", "Subscriptions", None, None),
];

/// The statement's file name.
pub const STATEMENT_FILE: &str = "monzo-statement.csv";

/// A Monzo CSV export of four card and bank payments three to six days before `today`, the last
/// £50 to the household's savings account.
pub fn monzo_statement(today: NaiveDate) -> String {
    let day = |n: i64| (today - Duration::days(n)).format("%d/%m/%Y").to_string();
    format!(
        "Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In\n\
         tx_demo_1,{},08:10:00,Card payment,Pret A Manger,,eating_out,-4.35,GBP,-4.35,GBP,,,,PRET A MANGER,,-4.35,\n\
         tx_demo_2,{},17:45:00,Card payment,Tesco Express,,groceries,-12.80,GBP,-12.80,GBP,,,,TESCO STORES 2231,,-12.80,\n\
         tx_demo_3,{},12:20:00,Card payment,Waterstones,,shopping,-9.99,GBP,-9.99,GBP,,,,WATERSTONES,,-9.99,\n\
         tx_demo_4,{},19:05:00,Faster payment,Easy Saver,,savings,-50.00,GBP,-50.00,GBP,,,,TO EASY SAVER,,-50.00,\n",
        day(6),
        day(5),
        day(4),
        day(3)
    )
}

/// The day the £50 the statement sent to savings arrived there (typed in by hand, so the two
/// are offered as one transfer).
pub fn savings_arrival_day(today: NaiveDate) -> NaiveDate {
    today - Duration::days(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_whose_category_is_gone_is_left_out() {
        let rules = rules(|name| (name != "Transport").then(|| format!("id-{name}")));
        let patterns: Vec<_> = rules.iter().map(|r| r.pattern.as_str()).collect();
        assert_eq!(patterns, ["tesco", "pret", "netflix"]);
        assert_eq!(rules[0].rename.as_deref(), Some("Tesco"));
        assert_eq!(rules[1].max_amount.as_deref(), Some("10"));
        for rule in &rules {
            domain::imports::RuleDraft::parse(&RuleInput { category_id: uuid_like(), ..rule.clone() }).unwrap();
        }
    }

    fn uuid_like() -> String {
        "01890a5d-ac96-774b-bcce-b302099a8057".into()
    }

    #[test]
    fn the_statement_is_dated_before_today_and_the_savings_arrive_after_it_leaves() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let csv = monzo_statement(today);
        assert_eq!(csv.lines().count(), 5);
        assert!(csv.contains("tx_demo_1,04/03/2026,") && csv.contains("tx_demo_4,07/03/2026,"));
        assert_eq!(savings_arrival_day(today), NaiveDate::from_ymd_opt(2026, 3, 8).unwrap());
    }
}
