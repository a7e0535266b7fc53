use super::*;
use uuid::Uuid;

fn id(n: u128) -> Uuid {
    Uuid::from_u128(n)
}

fn current() -> AccountName {
    AccountName { id: AccountId(id(1)), name: "Current".into() }
}

fn month_net(household: u128, stored: i64, rows: i64) -> Difference {
    Difference::MonthNet {
        household: HouseholdId(id(household)),
        account: current(),
        month: CalendarMonth::new(2026, 3).unwrap(),
        stored: Money::from_pence(stored),
        rows: Money::from_pence(rows),
    }
}

fn report(households: u64, differences: Vec<Difference>) -> VerifyReport {
    let mut r = VerifyReport::empty(false);
    r.households = households;
    r.accounts = 12;
    for (figure, n) in Figure::ALL.iter().zip([144, 2_000, 300, 3, 40, 5]) {
        r.check_mut(*figure).checked = n;
    }
    for d in differences {
        let c = r.check_mut(d.figure());
        c.differing += 1;
        c.differences.push(d);
    }
    r
}

#[test]
fn a_clean_report_is_one_line_with_every_count() {
    assert_eq!(
        report(2, vec![]).to_string(),
        "Checked 12 accounts, 144 month balances, 2,000 running balances, 300 month totals, 3 goals, 40 \
         transfer legs and 5 split rows in 2 households: all consistent."
    );
    assert!(!report(2, vec![]).needs_attention());
}

#[test]
fn each_difference_is_a_line_with_the_stored_and_the_recomputed_figure_in_pounds() {
    let r = report(1, vec![month_net(7, 123_456, 120_000)]);
    assert_eq!(
        r.to_string(),
        format!(
            "Checked 12 accounts, 144 month balances, 2,000 running balances, 300 month totals, 3 goals, 40 \
             transfer legs and 5 split rows in 1 household: 1 difference.\nMonth balances: 1 of 144 differ\n  account 'Current' \
             ({}) month 2026-03: stored £1,234.56, rows say £1,200.00",
            id(1)
        )
    );
    assert!(r.needs_attention());
}

#[test]
fn with_several_households_each_line_names_its_household() {
    let text = report(2, vec![month_net(7, 1, 0)]).to_string();
    assert!(text.contains(&format!("\n  household {}: account 'Current'", id(7))), "{text}");
}

#[test]
fn after_a_repair_only_transfer_legs_that_do_not_pair_need_a_person() {
    let leg = |n: u128, pence: i64| Leg {
        id: TransactionId(id(n)),
        account: current(),
        date: NaiveDate::from_ymd_opt(2026, 3, 4).unwrap(),
        amount: Money::from_pence(pence),
    };
    let mut r = report(1, vec![month_net(7, 1, 0)]);
    r.repaired = true;
    assert!(!r.needs_attention());
    let text = r.to_string();
    assert!(text.contains(": repaired 1.\nMonth balances: 1 of 144 repaired\n  account 'Current'"), "{text}");
    r.absorb(report(
        0,
        vec![Difference::TransferPair {
            household: HouseholdId(id(7)),
            leg: leg(10, -5_000),
            peer: Some(leg(11, 4_999)),
            problem: PairProblem::NotOpposite,
        }],
    ));
    assert!(r.needs_attention());
    let text = r.to_string();
    assert!(text.contains("repaired 1. 1 transfer leg that does not pair is left for a person"), "{text}");
    assert!(
        text.contains(&format!(
            "transfer leg {} in 'Current' on 2026-03-04 (-£50.00): the legs' amounts are not each other's \
             opposite (the other: transfer leg {} in 'Current' on 2026-03-04 (£49.99))",
            id(10),
            id(11)
        )),
        "{text}"
    );
    r.absorb(report(
        0,
        vec![Difference::SplitParts {
            household: HouseholdId(id(7)),
            row: SplitRow {
                id: TransactionId(id(12)),
                account: current(),
                date: NaiveDate::from_ymd_opt(2026, 3, 5).unwrap(),
                amount: Money::from_pence(-8_420),
                is_split: true,
                parts: 2,
                parts_total: Money::from_pence(-8_000),
                counted_right: true,
            },
        }],
    ));
    let text = r.to_string();
    assert!(text.contains("1 split row whose parts do not fit is left for a person to put right."), "{text}");
    assert!(text.contains("Split rows: 1 of 15 differ"), "{text}");
    assert!(
        text.contains(&format!(
            "split row {} in 'Current' on 2026-03-05 (-£84.20): 2 parts adding up to -£80.00",
            id(12)
        )),
        "{text}"
    );
}

#[test]
fn absorbing_adds_the_counts_and_lists_at_most_the_limit() {
    let mut r = report(1, (0..LISTED as i64).map(|n| month_net(7, n + 1, 0)).collect());
    r.absorb(report(1, vec![month_net(8, 5, 0), month_net(8, 6, 0)]));
    let nets = r.check(Figure::MonthNets);
    assert_eq!((r.households, nets.checked, nets.differing, nets.differences.len()), (2, 288, 102, LISTED));
    assert!(r.to_string().contains("\n  … and 2 more"));
}
