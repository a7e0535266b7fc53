use chrono::NaiveDate;

use super::*;
use proptest::prelude::*;

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

const TODAY: &str = "2026-11-25";

fn goal_input(amount: &str, date: &str) -> GoalInput {
    GoalInput {
        name: "Holiday".into(),
        target_amount: Some(amount.into()),
        target_date: date.into(),
        ..GoalInput::default()
    }
}

fn message(r: Result<GoalDraft, ValidationError>) -> String {
    r.unwrap_err().message
}

#[test]
fn the_goal_form_says_what_is_wrong_in_the_specs_words() {
    let today = day(TODAY);
    let ok = goal_input("1500", "2026-11-26");
    let with = |f: &dyn Fn(&mut GoalInput)| {
        let mut i = ok.clone();
        f(&mut i);
        message(GoalDraft::parse(&i, None, today))
    };
    assert_eq!(with(&|i| i.name = "  ".into()), "Goal name is required");
    assert_eq!(with(&|i| i.name = "x".repeat(101)), "Goal name cannot exceed 100 characters");
    assert_eq!(with(&|i| i.target_amount = None), "Target amount is required");
    assert_eq!(with(&|i| i.target_amount = Some(" ".into())), "Target amount is required");
    assert_eq!(with(&|i| i.target_amount = Some("0".into())), "Target amount must be greater than 0");
    assert_eq!(with(&|i| i.target_amount = Some("-5".into())), "Target amount must be greater than 0");
    assert_eq!(with(&|i| i.target_amount = Some("0.001".into())), "Target amount must be greater than 0");
    assert_eq!(with(&|i| i.target_amount = Some("ten".into())), "Amount must be a number");
    assert_eq!(with(&|i| i.target_amount = Some("1000000000".into())), "Amount cannot exceed £999,999,999.99");
    assert_eq!(with(&|i| i.target_date = "".into()), "Target date is required");
    assert_eq!(with(&|i| i.target_date = TODAY.into()), "Target date must be in the future");
    assert_eq!(with(&|i| i.description = Some("d".repeat(501))), "Description cannot exceed 500 characters");
    assert_eq!(
        with(&|i| i.category = "wedding".into()),
        "Category must be one of vacation, emergency, purchase, education, home, car or other"
    );
    assert_eq!(with(&|i| i.icon = "rocket".into()), "Icon must be one of the goal icons");
    assert_eq!(with(&|i| i.color = "#123456".into()), "Colour must be one of the goal colours");
}

#[test]
fn a_new_goal_takes_its_categorys_preset_unless_another_pick_is_made() {
    let today = day(TODAY);
    let mut input = goal_input("999999999.99", "2026-11-26");
    let g = GoalDraft::parse(&input, None, today).unwrap();
    assert_eq!((g.category, g.icon.as_str(), g.color.as_str()), (GoalCategory::Other, "target", "#3B82F6"));
    assert_eq!(g.target_amount, MAX_GOAL_AMOUNT);
    input.category = "car".into();
    let g = GoalDraft::parse(&input, None, today).unwrap();
    assert_eq!((g.icon.as_str(), g.color.as_str()), ("car", "#64748B"));
    input.icon = "trophy".into();
    input.color = "#14b8a6".into();
    let g = GoalDraft::parse(&input, None, today).unwrap();
    assert_eq!((g.icon.as_str(), g.color.as_str()), ("trophy", "#14B8A6"));
}

#[test]
fn an_edit_may_keep_a_past_target_date_and_keeps_its_look_until_the_category_changes() {
    let today = day(TODAY);
    let before = GoalBefore {
        target_date: day("2026-10-01"),
        category: GoalCategory::Car,
        icon: "trophy".into(),
        color: "#14B8A6".into(),
    };
    let mut input = goal_input("100", "2026-10-01");
    input.category = "car".into();
    let g = GoalDraft::parse(&input, Some(&before), today).unwrap();
    assert_eq!((g.target_date, g.icon.as_str()), (day("2026-10-01"), "trophy"));
    input.target_date = "2026-10-02".into();
    assert_eq!(message(GoalDraft::parse(&input, Some(&before), today)), "Target date must be in the future");
    input.target_date = "2026-10-01".into();
    input.category = "home".into();
    let g = GoalDraft::parse(&input, Some(&before), today).unwrap();
    assert_eq!((g.icon.as_str(), g.color.as_str()), ("home", "#F59E0B"));
}

#[test]
fn the_contribution_form_says_what_is_wrong_and_fills_its_defaults() {
    let today = day(TODAY);
    let ok = ContributionInput { amount: Some("25".into()), date: TODAY.into(), ..Default::default() };
    let c = ContributionDraft::parse(&ok, today).unwrap();
    assert_eq!(c.description, "Savings contribution");
    assert_eq!(c.source, ContributionSource::Other);
    assert_eq!(c.amount, Money::from_pence(2500));
    let with = |f: &dyn Fn(&mut ContributionInput)| {
        let mut i = ok.clone();
        f(&mut i);
        ContributionDraft::parse(&i, today).unwrap_err().message
    };
    assert_eq!(with(&|i| i.amount = None), "Contribution amount is required");
    assert_eq!(with(&|i| i.amount = Some("0".into())), "Contribution amount must be greater than 0");
    assert_eq!(with(&|i| i.date = "".into()), "Date is required");
    assert_eq!(with(&|i| i.date = "2026-11-26".into()), "Contribution date cannot be in the future");
    assert_eq!(with(&|i| i.description = Some("d".repeat(201))), "Description cannot exceed 200 characters");
    assert_eq!(with(&|i| i.notes = Some("n".repeat(301))), "Notes cannot exceed 300 characters");
    assert_eq!(
        with(&|i| i.source = "lottery".into()),
        "Source must be one of cash, bank_transfer, salary, bonus, refund or other"
    );
    let mut i = ok.clone();
    i.source = "bank_transfer".into();
    assert_eq!(ContributionDraft::parse(&i, today).unwrap().source, ContributionSource::BankTransfer);
}

fn amounts(s: &[SavingsSuggestion]) -> Vec<(&'static str, i64)> {
    s.iter().map(|x| (x.period.as_str(), x.amount.pence())).collect()
}

#[test]
fn suggestions_change_period_at_7_and_30_days_and_round_up() {
    let left = Money::from_pence(100_000); // £1,000.00
    let cases: [(i64, Vec<(&str, i64)>); 7] = [
        (0, vec![]),
        (1, vec![("day", 100_000)]),
        (7, vec![("day", 14_286)]),                      // 1000 / 7 = 142.857… → £142.86
        (8, vec![("week", 87_500)]),                     // 1000 × 7 / 8
        (30, vec![("week", 23_334)]),                    // 233.333… → £233.34
        (31, vec![("week", 22_581), ("month", 98_194)]), // 225.806…; 1000 × 30.44 / 31 = 981.935…
        (365, vec![("week", 1_918), ("month", 8_340)]),  // 19.178…; 83.397…
    ];
    for (days, expected) in cases {
        assert_eq!(amounts(&savings_suggestions(left, days)), expected, "{days} days");
    }
    assert!(savings_suggestions(Money::ZERO, 10).is_empty());
    assert!(savings_suggestions(left, -3).is_empty());
}

fn state(target: i64, saved: i64, target_date: &str) -> GoalState {
    GoalState {
        target: Money::from_pence(target),
        saved: Money::from_pence(saved),
        target_date: day(target_date),
        completed_on: None,
        contribution_days: vec![],
    }
}

#[test]
fn stats_cap_progress_floor_what_is_left_and_know_overdue_from_completed() {
    let today = day(TODAY);
    let s = goal_stats(&state(300_000, 100_000, "2026-12-25"), today);
    assert_eq!((s.progress_permille, s.remaining.pence(), s.days_remaining), (333, 200_000, 30));
    assert!(!s.is_overdue && !s.is_completed);
    assert_eq!(amounts(&s.suggestions), vec![("week", 46_667)]);

    let overdue = goal_stats(&state(300_000, 100_000, "2026-11-20"), today);
    assert_eq!((overdue.is_overdue, overdue.days_remaining, overdue.days_passed_after_target), (true, 0, 5));
    assert!(overdue.suggestions.is_empty());

    let mut done = state(300_000, 350_000, "2026-11-20");
    done.completed_on = Some(day("2026-11-15"));
    let s = goal_stats(&done, today);
    assert_eq!((s.progress_permille, s.remaining, s.is_overdue), (1000, Money::ZERO, false));
    assert_eq!((s.days_passed_after_completion, s.days_passed_after_target), (10, 0));
    assert!(s.suggestions.is_empty() && s.projection.is_none());
}

#[test]
fn the_projection_follows_the_pace_since_the_first_contribution() {
    let today = day(TODAY);
    let mut s = state(100_000, 20_000, "2027-06-01");
    s.contribution_days = vec![day("2026-11-15")];
    assert_eq!(projection(&s, today), None, "one contribution is not a pace");
    // £200 in 10 days is £20 a day: £800 more takes 40 days.
    s.contribution_days.push(day("2026-11-20"));
    assert_eq!(projection(&s, today), Some(Projection { completion: day("2027-01-04"), on_track: true }));
    s.target_date = day("2027-01-03");
    assert!(!projection(&s, today).unwrap().on_track);
    // Two today: a pace of everything in one day.
    s.contribution_days = vec![today, today];
    assert_eq!(projection(&s, today).unwrap().completion, day("2026-11-29"));
}

#[test]
fn the_summary_counts_and_caps_each_goal_at_its_target() {
    let s = goals_summary(&[
        (Money::from_pence(50_000), Money::from_pence(100_000), false),
        (Money::from_pence(120_000), Money::from_pence(100_000), true),
    ]);
    assert_eq!((s.total, s.active, s.completed), (2, 1, 1));
    assert_eq!((s.saved.pence(), s.target.pence(), s.overall_permille), (170_000, 200_000, 750));
    assert_eq!(goals_summary(&[]).overall_permille, 0);
}

proptest! {
    #[test]
    fn each_suggestion_saved_every_period_covers_what_is_left(
        remaining in 1i64..=99_999_999_999,
        days in 1i64..=3_650,
    ) {
        for s in savings_suggestions(Money::from_pence(remaining), days) {
            // Periods that fit in the days, in hundredths of a day: amount × days / period ≥ remaining.
            let covered = i128::from(s.amount.pence()) * i128::from(days) * 100;
            prop_assert!(covered >= i128::from(remaining) * s.period.hundredths_of_a_day());
            // And it is the least such amount: a penny less would not cover it.
            let short = i128::from(s.amount.pence() - 1) * i128::from(days) * 100;
            prop_assert!(short < i128::from(remaining) * s.period.hundredths_of_a_day());
        }
    }

    #[test]
    fn progress_never_exceeds_100_percent(saved in 0i64..=1_000_000_000_000, target in 1i64..=99_999_999_999) {
        let p = progress_permille(Money::from_pence(saved), Money::from_pence(target));
        prop_assert!((0..=1000).contains(&p));
        prop_assert_eq!(p == 1000, saved >= target || saved * 1000 / target >= 1000);
    }
}
