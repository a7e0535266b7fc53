//! Importing statements: which rows of a file an account already has, which category a row
//! gets, and the user's categorisation rules.
//!
//! A row is a duplicate when the account holds a row with the same bank id (OFX FITID, a CSV's
//! id column), or, failing that, with the same day, amount and normalised description —
//! counting multiplicity: each existing row absorbs at most one row of the file.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use uuid::Uuid;

use crate::accounts::AccountId;
use crate::banking::{DESCRIPTION_MAX, UNCATEGORISED};
use crate::categories::CategoryId;
use crate::money::parse_amount;
use crate::transactions::TransactionType;
use crate::{Money, ValidationError};

/// A description reduced to what identifies it: lower case, letters and digits, one space
/// between words. 'TESCO STORES  2231*' and 'Tesco Stores 2231' are the same.
pub fn normalise_description(description: &str) -> String {
    let kept: String = description
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_lowercase().next().unwrap_or(c) } else { ' ' })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What duplicate detection needs to know about a row, stored or in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowIdentity<'a> {
    pub date: NaiveDate,
    /// Signed like the ledger.
    pub amount: Money,
    pub description: &'a str,
    pub external_id: Option<&'a str>,
}

type Key = (NaiveDate, i64, String);

fn key(row: &RowIdentity<'_>) -> Key {
    (row.date, row.amount.pence(), normalise_description(row.description))
}

/// For each row of a file, whether the account already has it. `existing` are the account's
/// stored rows (at least those on the file's days, and those with any of the file's ids).
pub fn mark_duplicates(existing: &[RowIdentity<'_>], file: &[RowIdentity<'_>]) -> Vec<bool> {
    let stored_ids: HashMap<&str, Key> = existing.iter().filter_map(|r| r.external_id.map(|id| (id, key(r)))).collect();
    let mut unmatched: HashMap<Key, usize> = HashMap::new();
    for row in existing {
        *unmatched.entry(key(row)).or_default() += 1;
    }
    let mut seen_ids: HashSet<&str> = HashSet::new();
    let mut duplicate = vec![false; file.len()];
    // First the rows the bank identifies: a known id is a duplicate whatever else it says, and
    // it takes its stored twin out of the count so no other row matches it again.
    for (i, row) in file.iter().enumerate() {
        let Some(id) = row.external_id else { continue };
        if !seen_ids.insert(id) {
            duplicate[i] = true;
        } else if let Some(twin) = stored_ids.get(id) {
            duplicate[i] = true;
            if let Some(n) = unmatched.get_mut(twin) {
                *n = n.saturating_sub(1);
            }
        }
    }
    for (i, row) in file.iter().enumerate() {
        if duplicate[i] {
            continue;
        }
        if let Some(n) = unmatched.get_mut(&key(row)).filter(|n| **n > 0) {
            *n -= 1;
            duplicate[i] = true;
        }
    }
    duplicate
}

/// The ledger's type of a signed amount.
pub fn type_of(amount: Money) -> TransactionType {
    if amount.is_negative() {
        TransactionType::Expense
    } else {
        TransactionType::Income
    }
}

/// The default category a bank's own category label stands for (Monzo's 'eating_out',
/// Starling's 'EATING_OUT', Revolut's 'Restaurants', a QIF 'Food:Groceries'), if any.
pub fn default_category_for(label: &str) -> Option<&'static str> {
    let label = label.to_lowercase().replace(['_', '-'], " ");
    let last = label.rsplit(':').next().unwrap_or(&label).trim().to_owned();
    let name = match last.as_str() {
        "groceries" | "supermarkets" | "food" => "Groceries",
        "eating out" | "restaurants" | "takeaway" | "dining" | "food and drink" => "Eating Out",
        "transport" | "travel and transport" | "fuel" | "car" | "taxi" => "Transport",
        "bills" | "bills and services" | "utilities" | "household" => "Bills & Utilities",
        "shopping" | "general merchandise" | "clothing" => "Shopping",
        "entertainment" | "leisure" => "Entertainment",
        "holidays" | "travel" | "holiday" => "Travel",
        "personal care" | "health" | "health and fitness" | "fitness" => "Health & Fitness",
        "charity" | "gifts" | "donations" => "Gifts & Donations",
        "subscriptions" => "Subscriptions",
        "education" => "Education",
        "coffee" | "cafes" => "Coffee & Snacks",
        "mortgage" | "rent" | "housing" => "Rent & Mortgage",
        "salary" | "wages" => "Salary",
        "income" => "Other Income",
        _ => return None,
    };
    Some(name)
}

/// The category name a row without a rule gets: the user's category named like the bank's
/// label, else the default it stands for, else 'Other Income' for money in and
/// 'Uncategorised' for money out. `has` says whether the user has a category of that name
/// (case-insensitive).
pub fn category_name_for(label: Option<&str>, amount: Money, has: impl Fn(&str) -> bool) -> String {
    if let Some(label) = label.map(str::trim).filter(|l| !l.is_empty()) {
        if has(label) {
            return label.to_owned();
        }
        if let Some(name) = default_category_for(label).filter(|n| has(n)) {
            return name.to_owned();
        }
    }
    match type_of(amount) {
        TransactionType::Income => "Other Income".into(),
        TransactionType::Expense => UNCATEGORISED.into(),
    }
}

/// How a rule's text is compared with a description (both without regard to case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleMatch {
    Contains,
    StartsWith,
    Equals,
}

impl RuleMatch {
    /// Every RuleMatch, in the order the API lists them.
    pub const ALL: [RuleMatch; 3] = [RuleMatch::Contains, RuleMatch::StartsWith, RuleMatch::Equals];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleMatch::Contains => "contains",
            RuleMatch::StartsWith => "startsWith",
            RuleMatch::Equals => "equals",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw {
            "contains" => Ok(RuleMatch::Contains),
            "startsWith" => Ok(RuleMatch::StartsWith),
            "equals" => Ok(RuleMatch::Equals),
            _ => Err(ValidationError::new("matchType", "Match must be contains, startsWith or equals")),
        }
    }
}

/// The longest text a rule matches on, and the longest description it may rewrite to.
pub const RULE_TEXT_MAX: usize = 100;

/// A categorisation rule's form as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleInput {
    pub match_type: String,
    pub pattern: String,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    pub account_id: Option<String>,
    pub category_id: String,
    pub rename: Option<String>,
    /// Its matches are money moved between the user's accounts (a card payment, a standing order
    /// to savings): with an unambiguous counterpart they become transfers.
    pub mark_transfer: bool,
}

/// A categorisation rule, parsed. The amount range is inclusive and on the amount without its
/// sign (a rule for '£0 to £5' covers a £4.50 coffee and a £4.50 refund).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDraft {
    pub match_type: RuleMatch,
    pub pattern: String,
    pub min_amount: Option<Money>,
    pub max_amount: Option<Money>,
    pub account_id: Option<AccountId>,
    pub category_id: CategoryId,
    pub rename: Option<String>,
    pub mark_transfer: bool,
}

fn optional_amount(raw: Option<&str>, field: &'static str) -> Result<Option<Money>, ValidationError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => {
            let amount = parse_amount(raw, field, "Amount must be a number")?;
            if amount.is_negative() {
                return Err(ValidationError::new(field, "Amount cannot be negative"));
            }
            Ok(Some(amount))
        }
    }
}

fn uuid(raw: &str, field: &'static str, message: &str) -> Result<Uuid, ValidationError> {
    Uuid::parse_str(raw.trim()).map_err(|_| ValidationError::new(field, message))
}

impl RuleDraft {
    pub fn parse(input: &RuleInput) -> Result<Self, ValidationError> {
        let match_type = RuleMatch::parse(&input.match_type)?;
        let pattern = input.pattern.split_whitespace().collect::<Vec<_>>().join(" ");
        if pattern.is_empty() {
            return Err(ValidationError::new("pattern", "Text to match is required"));
        }
        if pattern.chars().count() > RULE_TEXT_MAX {
            return Err(ValidationError::new("pattern", "Text to match must be at most 100 characters"));
        }
        let min_amount = optional_amount(input.min_amount.as_deref(), "minAmount")?;
        let max_amount = optional_amount(input.max_amount.as_deref(), "maxAmount")?;
        if let (Some(min), Some(max)) = (min_amount, max_amount) {
            if min > max {
                return Err(ValidationError::new("maxAmount", "Maximum amount must not be less than the minimum"));
            }
        }
        let account_id = match input.account_id.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(raw) => Some(AccountId(uuid(raw, "accountId", "Invalid account")?)),
        };
        if input.category_id.trim().is_empty() {
            return Err(ValidationError::new("categoryId", "Category is required"));
        }
        let category_id = CategoryId(uuid(&input.category_id, "categoryId", "Invalid category")?);
        let rename = match input.rename.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => None,
            Some(r) if r.chars().count() > DESCRIPTION_MAX => {
                return Err(ValidationError::new("rename", "New description must be at most 100 characters"))
            }
            Some(r) => Some(r.to_owned()),
        };
        Ok(Self {
            match_type,
            pattern,
            min_amount,
            max_amount,
            account_id,
            category_id,
            rename,
            mark_transfer: input.mark_transfer,
        })
    }

    /// Whether the rule covers a row of `account` with this description and signed amount.
    pub fn matches(&self, description: &str, amount: Money, account: AccountId) -> bool {
        if self.account_id.is_some_and(|a| a != account) {
            return false;
        }
        let size = amount.abs();
        if self.min_amount.is_some_and(|min| size < min) || self.max_amount.is_some_and(|max| size > max) {
            return false;
        }
        let text = description.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let pattern = self.pattern.to_lowercase();
        match self.match_type {
            RuleMatch::Contains => text.contains(&pattern),
            RuleMatch::StartsWith => text.starts_with(&pattern),
            RuleMatch::Equals => text == pattern,
        }
    }
}

/// The first rule, in the user's order, that covers the row.
pub fn first_match<'a, R: AsRef<RuleDraft>>(
    rules: &'a [R],
    description: &str,
    amount: Money,
    account: AccountId,
) -> Option<&'a RuleDraft> {
    rules.iter().map(AsRef::as_ref).find(|r| r.matches(description, amount, account))
}

impl AsRef<RuleDraft> for RuleDraft {
    fn as_ref(&self) -> &RuleDraft {
        self
    }
}

/// A row's category and description once rules and the bank's label have had their say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Categorised {
    /// The user's category, when it exists (a default name the user deleted is made again).
    pub category_id: Option<CategoryId>,
    pub category_name: String,
    pub description: String,
    /// A rule said the row is money moved between the user's accounts.
    pub transfer: bool,
}

/// Categorises rows with the user's rules (in order) and categories.
#[derive(Debug, Clone, Default)]
pub struct Categoriser {
    rules: Vec<RuleDraft>,
    by_name: HashMap<String, (CategoryId, String)>,
    by_id: HashMap<CategoryId, String>,
}

impl Categoriser {
    pub fn new(rules: Vec<RuleDraft>, categories: impl IntoIterator<Item = (CategoryId, String)>) -> Self {
        let mut by_name = HashMap::new();
        let mut by_id = HashMap::new();
        for (id, name) in categories {
            by_name.insert(name.to_lowercase(), (id, name.clone()));
            by_id.insert(id, name);
        }
        Self { rules, by_name, by_id }
    }

    /// The first matching rule's category and new description; else the category the bank's
    /// label stands for (see `category_name_for`) and the description as it was.
    pub fn categorise(&self, description: &str, amount: Money, label: Option<&str>, account: AccountId) -> Categorised {
        if let Some(rule) = first_match(&self.rules, description, amount, account) {
            if let Some(name) = self.by_id.get(&rule.category_id) {
                return Categorised {
                    category_id: Some(rule.category_id),
                    category_name: name.clone(),
                    description: rule.rename.clone().unwrap_or_else(|| description.to_owned()),
                    transfer: rule.mark_transfer,
                };
            }
        }
        let name = category_name_for(label, amount, |n| self.by_name.contains_key(&n.to_lowercase()));
        match self.by_name.get(&name.to_lowercase()) {
            Some((id, stored)) => Categorised {
                category_id: Some(*id),
                category_name: stored.clone(),
                description: description.to_owned(),
                transfer: false,
            },
            None => Categorised {
                category_id: None,
                category_name: name,
                description: description.to_owned(),
                transfer: false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, day).unwrap()
    }

    fn row(day: u32, pence: i64, description: &str) -> RowIdentity<'_> {
        RowIdentity { date: d(day), amount: Money::from_pence(pence), description, external_id: None }
    }

    fn with_id<'a>(day: u32, pence: i64, description: &'a str, id: &'a str) -> RowIdentity<'a> {
        RowIdentity { external_id: Some(id), ..row(day, pence, description) }
    }

    #[test]
    fn descriptions_compare_without_case_punctuation_or_spacing() {
        assert_eq!(normalise_description("  TESCO STORES  2231*LONDON "), "tesco stores 2231 london");
        assert_eq!(normalise_description("Café Nero"), normalise_description("CAFÉ  NERO"));
        assert_eq!(normalise_description("***"), "");
    }

    #[test]
    fn two_identical_coffees_import_as_two_into_an_empty_account() {
        let file = [row(2, -350, "Pret"), row(2, -350, "PRET")];
        assert_eq!(mark_duplicates(&[], &file), [false, false]);
    }

    #[test]
    fn two_identical_coffees_import_as_none_when_the_account_has_both() {
        let existing = [row(2, -350, "Pret"), row(2, -350, "Pret")];
        let file = [row(2, -350, "Pret"), row(2, -350, "Pret")];
        assert_eq!(mark_duplicates(&existing, &file), [true, true]);
    }

    #[test]
    fn one_stored_coffee_absorbs_one_of_two() {
        let existing = [row(2, -350, "Pret")];
        let file = [row(2, -350, "Pret"), row(2, -350, "Pret")];
        assert_eq!(mark_duplicates(&existing, &file), [true, false]);
    }

    #[test]
    fn a_different_day_amount_or_description_is_new() {
        let existing = [row(2, -350, "Pret")];
        let file = [row(3, -350, "Pret"), row(2, -351, "Pret"), row(2, -350, "Costa")];
        assert_eq!(mark_duplicates(&existing, &file), [false, false, false]);
    }

    #[test]
    fn a_known_bank_id_is_a_duplicate_whatever_it_says_now() {
        let existing = [with_id(2, -350, "Pret", "tx_1")];
        let file = [with_id(4, -400, "PRET A MANGER", "tx_1"), row(2, -350, "Pret")];
        // The id takes its twin out of the count: the second row, though equal to the stored
        // one, is new (the stored row is already matched).
        assert_eq!(mark_duplicates(&existing, &file), [true, false]);
    }

    #[test]
    fn an_unknown_id_still_matches_a_row_from_the_bank_by_its_fields() {
        let existing = [with_id(2, -350, "Pret", "plaid-abc")];
        let file = [with_id(2, -350, "PRET", "FITID-9")];
        assert_eq!(mark_duplicates(&existing, &file), [true]);
    }

    #[test]
    fn the_same_id_twice_in_one_file_imports_once() {
        let file = [with_id(2, -350, "Pret", "a"), with_id(2, -350, "Pret", "a")];
        assert_eq!(mark_duplicates(&[], &file), [false, true]);
    }

    proptest! {
        /// Importing a file into an account that already holds exactly its rows adds nothing;
        /// into an empty account adds everything.
        #[test]
        fn a_file_against_itself_is_all_duplicates(rows in prop::collection::vec((1u32..28, -5000i64..5000, "[a-c]{0,2}"), 0..40)) {
            let file: Vec<RowIdentity<'_>> = rows.iter().map(|(day, p, s)| row(*day, *p, s)).collect();
            prop_assert!(mark_duplicates(&file, &file).iter().all(|d| *d));
            prop_assert!(mark_duplicates(&[], &file).iter().all(|d| !*d));
        }

        /// An overlapping later statement adds exactly the rows the first did not have.
        #[test]
        fn an_overlap_adds_only_what_is_new(rows in prop::collection::vec((1u32..28, -5000i64..5000, "[a-b]{1}"), 1..40), cut in 0usize..40, overlap in 0usize..40) {
            let all: Vec<RowIdentity<'_>> = rows.iter().map(|(day, p, s)| row(*day, *p, s)).collect();
            let cut = cut.min(all.len());
            let start = cut.saturating_sub(overlap);
            let first = &all[..cut];
            let second = &all[start..];
            let added = mark_duplicates(first, second).iter().filter(|d| !**d).count();
            prop_assert_eq!(added, all.len() - cut);
        }
    }

    #[test]
    fn a_bank_label_finds_the_users_category_or_its_default() {
        let has = |n: &str| ["Groceries", "Eating Out", "Holiday Fund"].iter().any(|c| c.eq_ignore_ascii_case(n));
        assert_eq!(category_name_for(Some("holiday fund"), Money::from_pence(-1), has), "holiday fund");
        assert_eq!(category_name_for(Some("eating_out"), Money::from_pence(-1), has), "Eating Out");
        assert_eq!(category_name_for(Some("Food:Groceries"), Money::from_pence(-1), has), "Groceries");
        assert_eq!(category_name_for(Some("Rocket fuel"), Money::from_pence(-1), has), "Uncategorised");
        assert_eq!(category_name_for(None, Money::from_pence(100), has), "Other Income");
    }

    fn rule(match_type: &str, pattern: &str) -> RuleInput {
        RuleInput {
            match_type: match_type.into(),
            pattern: pattern.into(),
            category_id: Uuid::nil().to_string(),
            ..RuleInput::default()
        }
    }

    const HERE: AccountId = AccountId(Uuid::nil());

    #[test]
    fn a_rule_wins_over_the_banks_label_and_may_rename() {
        let groceries = CategoryId(Uuid::from_u128(1));
        let eating_out = CategoryId(Uuid::from_u128(2));
        let mut tesco = RuleDraft::parse(&rule("contains", "tesco")).unwrap();
        tesco.category_id = groceries;
        tesco.rename = Some("Tesco".into());
        let c = Categoriser::new(vec![tesco], [(groceries, "Groceries".into()), (eating_out, "Eating Out".into())]);
        let by_rule = c.categorise("TESCO STORES 2231 LONDON", Money::from_pence(-2000), Some("eating_out"), HERE);
        assert_eq!(
            by_rule,
            Categorised {
                category_id: Some(groceries),
                category_name: "Groceries".into(),
                description: "Tesco".into(),
                transfer: false,
            }
        );
        let by_label = c.categorise("Dishoom", Money::from_pence(-4000), Some("eating_out"), HERE);
        assert_eq!(by_label.category_id, Some(eating_out));
        assert_eq!(by_label.description, "Dishoom");
        let unknown = c.categorise("Mystery", Money::from_pence(-1), None, HERE);
        assert_eq!((unknown.category_id, unknown.category_name.as_str()), (None, "Uncategorised"));
    }

    #[test]
    fn a_rule_can_say_its_matches_are_transfers() {
        let card = CategoryId(Uuid::from_u128(1));
        let mut payment =
            RuleDraft::parse(&RuleInput { mark_transfer: true, ..rule("contains", "card payment") }).unwrap();
        payment.category_id = card;
        let c = Categoriser::new(vec![payment], [(card, "Uncategorised".into())]);
        assert!(c.categorise("DEMO BANK CARD PAYMENT", Money::from_pence(-35_000), None, HERE).transfer);
        assert!(!c.categorise("TESCO", Money::from_pence(-35_000), None, HERE).transfer);
    }

    #[test]
    fn rules_match_without_case() {
        let contains = RuleDraft::parse(&rule("contains", "tesco")).unwrap();
        assert!(contains.matches("TESCO STORES 2231", Money::from_pence(-500), HERE));
        assert!(!contains.matches("Sainsbury's", Money::from_pence(-500), HERE));
        let starts = RuleDraft::parse(&rule("startsWith", "tfl")).unwrap();
        assert!(starts.matches("TfL Travel  Charge", Money::from_pence(-280), HERE));
        assert!(!starts.matches("Paid TfL", Money::from_pence(-280), HERE));
        let equals = RuleDraft::parse(&rule("equals", "netflix")).unwrap();
        assert!(equals.matches("NETFLIX", Money::from_pence(-1099), HERE));
        assert!(!equals.matches("NETFLIX.COM", Money::from_pence(-1099), HERE));
    }

    #[test]
    fn a_rules_amount_range_is_inclusive_and_ignores_the_sign() {
        let mut input = rule("contains", "pret");
        input.min_amount = Some("2".into());
        input.max_amount = Some("5.00".into());
        let r = RuleDraft::parse(&input).unwrap();
        assert!(r.matches("Pret", Money::from_pence(-200), HERE));
        assert!(r.matches("Pret", Money::from_pence(500), HERE));
        assert!(!r.matches("Pret", Money::from_pence(-501), HERE));
        assert!(!r.matches("Pret", Money::from_pence(-199), HERE));
    }

    #[test]
    fn a_rule_for_one_account_leaves_the_others() {
        let other = AccountId(Uuid::from_u128(7));
        let mut input = rule("contains", "pret");
        input.account_id = Some(other.0.to_string());
        let r = RuleDraft::parse(&input).unwrap();
        assert!(r.matches("Pret", Money::from_pence(-1), other));
        assert!(!r.matches("Pret", Money::from_pence(-1), HERE));
    }

    #[test]
    fn the_first_rule_in_order_wins() {
        let mut a = RuleDraft::parse(&rule("contains", "tesco")).unwrap();
        a.rename = Some("Tesco".into());
        let b = RuleDraft::parse(&rule("contains", "tesco stores")).unwrap();
        let rules = [a.clone(), b];
        assert_eq!(first_match(&rules, "TESCO STORES 1", Money::from_pence(-1), HERE), Some(&a));
        assert_eq!(first_match(&rules, "Asda", Money::from_pence(-1), HERE), None);
    }

    #[test]
    fn a_rule_form_says_what_is_wrong() {
        let message = |f: &dyn Fn(&mut RuleInput)| {
            let mut input = rule("contains", "tesco");
            f(&mut input);
            RuleDraft::parse(&input).unwrap_err().message
        };
        assert_eq!(message(&|i| i.pattern = "  ".into()), "Text to match is required");
        assert_eq!(message(&|i| i.pattern = "x".repeat(101)), "Text to match must be at most 100 characters");
        assert_eq!(message(&|i| i.match_type = "regex".into()), "Match must be contains, startsWith or equals");
        assert_eq!(message(&|i| i.category_id = String::new()), "Category is required");
        assert_eq!(message(&|i| i.category_id = "nope".into()), "Invalid category");
        assert_eq!(message(&|i| i.account_id = Some("nope".into())), "Invalid account");
        assert_eq!(message(&|i| i.min_amount = Some("abc".into())), "Amount must be a number");
        assert_eq!(message(&|i| i.min_amount = Some("-1".into())), "Amount cannot be negative");
        assert_eq!(
            message(&|i| {
                i.min_amount = Some("10".into());
                i.max_amount = Some("5".into());
            }),
            "Maximum amount must not be less than the minimum"
        );
        assert_eq!(message(&|i| i.rename = Some("x".repeat(101))), "New description must be at most 100 characters");
    }
}
