use uuid::Uuid;

use super::*;
use crate::accounts::AccountId;
use crate::categories::CategoryId;
use proptest::prelude::*;

fn d(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, day).unwrap()
}

fn row(day: u32, pence: i64, description: &str) -> RowIdentity<'_> {
    RowIdentity { date: d(day), amount: Money::from_pence(pence), description, external_id: None, fed: false }
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
fn identical_rows_of_a_day_are_new_only_beyond_as_many_as_the_account_holds() {
    // Two identical coffees already imported; a file with three of them adds one.
    let existing = [row(1, -250, "a"), row(1, -250, "a")];
    let file = [row(1, -250, "a"), row(1, -250, "a"), row(1, -250, "a")];
    assert_eq!(mark_duplicates(&existing, &file), [true, true, false]);
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

    /// An overlapping later statement adds exactly the rows the first did not have. Banks cut
    /// statements at day boundaries: the first runs to the end of `last_day`, the second from
    /// the day after `from_day` (on or before `last_day`). Identical rows within one day are
    /// told apart only by how many there are (the test below).
    #[test]
    fn an_overlap_adds_only_what_is_new(mut rows in prop::collection::vec((1u32..28, -5000i64..5000, "[a-b]{1}"), 1..40), last_day in 0u32..28, overlap_days in 0u32..28) {
        rows.sort_by_key(|r| r.0);
        let all: Vec<RowIdentity<'_>> = rows.iter().map(|(day, p, s)| row(*day, *p, s)).collect();
        let from_day = last_day.saturating_sub(overlap_days);
        let cut = rows.iter().take_while(|r| r.0 <= last_day).count();
        let start = rows.iter().take_while(|r| r.0 <= from_day).count();
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
    let holiday = crate::tags::TagId(Uuid::from_u128(7));
    tesco.tag_ids = vec![holiday];
    let c = Categoriser::new(vec![tesco], [(groceries, "Groceries".into()), (eating_out, "Eating Out".into())]);
    let by_rule = c.categorise("TESCO STORES 2231 LONDON", Money::from_pence(-2000), Some("eating_out"), HERE);
    assert_eq!(
        by_rule,
        Categorised {
            category_id: Some(groceries),
            category_name: "Groceries".into(),
            description: "Tesco".into(),
            transfer: false,
            tags: vec![holiday],
        }
    );
    let by_label = c.categorise("Dishoom", Money::from_pence(-4000), Some("eating_out"), HERE);
    assert_eq!(by_label.category_id, Some(eating_out));
    assert_eq!(by_label.description, "Dishoom");
    assert_eq!(by_label.tags, vec![], "no rule, no tags");
    let unknown = c.categorise("Mystery", Money::from_pence(-1), None, HERE);
    assert_eq!((unknown.category_id, unknown.category_name.as_str()), (None, "Uncategorised"));
}

#[test]
fn a_rule_can_say_its_matches_are_transfers() {
    let card = CategoryId(Uuid::from_u128(1));
    let mut payment = RuleDraft::parse(&RuleInput { mark_transfer: true, ..rule("contains", "card payment") }).unwrap();
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

#[test]
fn a_bank_feed_row_absorbs_the_same_payment_from_the_banks_export_whatever_its_text() {
    let fed = |day, pence, description| RowIdentity { fed: true, ..row(day, pence, description) };
    let existing =
        [fed(3, -320, "COFFEE SHOP CARD PAYMENT"), fed(3, -320, "COFFEE SHOP CARD PAYMENT"), row(4, -500, "Cash")];
    let file = [
        row(3, -320, "Coffee Shop London"),
        row(3, -320, "Coffee Shop London"),
        row(3, -320, "Coffee Shop London"),
        row(4, -500, "Another text"),
    ];
    assert_eq!(
        mark_duplicates(&existing, &file),
        vec![true, true, false, false],
        "two fed coffees absorb two of three; a typed row still needs its own text"
    );
    // A fed row that matched exactly is not counted twice.
    let exact = [fed(3, -320, "Coffee Shop London")];
    assert_eq!(
        mark_duplicates(&exact, &[row(3, -320, "Coffee Shop London"), row(3, -320, "Other")]),
        vec![true, false]
    );
}
