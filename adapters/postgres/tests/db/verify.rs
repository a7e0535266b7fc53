//! The ledger proves itself (issue 35): books kept by the real repositories check clean; each
//! derived figure corrupted behind their back is reported with what is stored and what the rows
//! say; a repair rewrites exactly those, in the household asked for and no other, and the next
//! check is clean.

use crate::support::{self, assert_balances_consistent, day, Ledger};

use adapter_postgres::test_support::TestDb;
use adapter_postgres::{PgGoalRepository, PgLedgerCheck, PgLedgerLoader};
use chrono::{TimeZone, Utc};
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use domain::accounts::AccountId;
use domain::dates::CalendarMonth;
use domain::goals::{ContributionDraft, ContributionSource, GoalCategory, GoalDraft};
use domain::ids::{ContributionId, GoalId, HouseholdId};
use domain::transactions::{TransactionId, TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, Scope};
use ports::demo::LedgerLoader;
use ports::goals::GoalRepository;
use ports::ledger::TransactionRepository;
use ports::verify::{Difference, Figure, LedgerCheck, PairProblem, Saved, Totals, VerifyReport};
use ports::RepoError;

/// Runs raw SQL behind the repositories' back.
fn corrupt(t: &TestDb, statements: &str) {
    PgConnection::establish(&t.url).unwrap().batch_execute(statements).unwrap();
}

fn pence(n: i64) -> Money {
    Money::from_pence(n)
}

/// (checked, differing) of each figure, in `Figure::ALL`'s order.
fn counts(r: &VerifyReport) -> Vec<(u64, u64)> {
    Figure::ALL.iter().map(|&f| (r.check(f).checked, r.check(f).differing)).collect()
}

fn differences(r: &VerifyReport, figure: Figure) -> &[Difference] {
    &r.check(figure).differences
}

/// Jane's books: two accounts over three months (a back-dated row, a declined and a pending one),
/// a transfer between them and a goal with two contributions.
struct Books {
    jane: Scope,
    current: AccountId,
    savings: AccountId,
    back_dated: TransactionId,
    transfer_out: TransactionId,
    transfer_in: TransactionId,
    goal: GoalId,
}

async fn books(l: &Ledger, goals: &PgGoalRepository) -> Books {
    let jane = l.user("jane@example.com").await;
    let current = l.account(jane, "Current", "1000").await;
    let savings = l.account(jane, "Savings", "0").await;
    let food = l.category(jane, "Groceries").await;
    let salary = l.category(jane, "Salary").await;
    l.add(jane, current, food, -1_250, day(2026, 1, 5)).await;
    l.add(jane, current, salary, 250_000, day(2026, 1, 28)).await;
    let back_dated = l.add(jane, current, food, -2_000, day(2026, 1, 10)).await.id;
    l.add(jane, current, food, -3_000, day(2026, 2, 3)).await;
    let mut declined = support::draft(current, food, -999, day(2026, 2, 4));
    declined.status = TransactionStatus::Declined;
    l.transactions.create(jane, declined).await.unwrap();
    let mut pending = support::draft(current, food, -700, day(2026, 3, 1));
    pending.status = TransactionStatus::Pending;
    l.transactions.create(jane, pending).await.unwrap();
    let transfer = l
        .transactions
        .create_transfer(
            jane,
            TransferDraft {
                amount: pence(50_000),
                description: "To savings".into(),
                from_account_id: current,
                to_account_id: savings,
                date: day(2026, 2, 10),
                notes: String::new(),
            },
        )
        .await
        .unwrap();
    let goal = goals
        .create(
            jane,
            GoalId::generate(),
            &GoalDraft {
                name: "Holiday".into(),
                description: String::new(),
                target_amount: pence(100_000),
                target_date: day(2027, 6, 1),
                category: GoalCategory::Vacation,
                icon: "plane".into(),
                color: "#0EA5E9".into(),
            },
        )
        .await
        .unwrap()
        .id;
    let now = Utc.with_ymd_and_hms(2026, 3, 2, 10, 0, 0).unwrap();
    for amount in [10_000, 5_000] {
        let draft = ContributionDraft {
            amount: pence(amount),
            date: day(2026, 3, 2),
            description: "Savings".into(),
            source: ContributionSource::Salary,
            notes: String::new(),
        };
        goals.contribute(jane, goal, ContributionId::generate(), &draft, now).await.unwrap();
    }
    Books { jane, current, savings, back_dated, transfer_out: transfer.from.id, transfer_in: transfer.to.id, goal }
}

#[tokio::test]
async fn each_corrupted_figure_is_reported_with_both_values_and_a_repair_of_one_household_leaves_the_other() {
    let l = Ledger::new();
    let goals = PgGoalRepository::new(l.t.db.clone());
    let check = PgLedgerCheck::new(l.t.db.clone());
    let b = books(&l, &goals).await;
    let john = l.user("john@example.com").await;
    let johns = l.account(john, "Johns Current", "0").await;
    let johns_food = l.category(john, "Groceries").await;
    l.add(john, johns, johns_food, -4_200, day(2026, 1, 7)).await;
    let jane = Some(b.jane.household);

    // Kept by the repositories: consistent. Current has January, February and March, Savings
    // February; 8 rows; 6 month buckets (February's groceries hold the declined row too).
    let clean = check.check(jane, false).await.unwrap();
    assert_eq!((clean.households, clean.accounts), (1, 2));
    assert_eq!(counts(&clean), vec![(4, 0), (8, 0), (6, 0), (1, 0), (2, 0), (0, 0)]);
    assert_eq!(clean.lone_legs, 0);
    assert!(!clean.needs_attention());
    assert_eq!(
        clean.to_string(),
        "Checked 2 accounts, 4 month balances, 8 running balances, 6 month totals, 1 goal, 2 transfer legs and 0 \
         split rows in 1 household: all consistent."
    );
    let everyone = check.check(None, false).await.unwrap();
    assert_eq!((everyone.households, everyone.accounts, everyone.differing()), (2, 3, 0));

    // Each kind of figure corrupted, and one leg of the transfer deleted.
    let (current, savings) = (b.current.0, b.savings.0);
    corrupt(
        &l.t,
        &format!(
            "UPDATE account_months SET net = net + 1 WHERE account_id = '{current}' AND month = '2026-01-01';
             UPDATE transactions SET month_balance = month_balance + 7 WHERE id = '{}';
             UPDATE ledger_month_totals SET total = total - 5, counted_count = counted_count + 1
              WHERE account_id = '{current}' AND month = '2026-02-01' AND NOT is_transfer;
             UPDATE goals SET current_amount = current_amount + 100 WHERE id = '{}';
             DELETE FROM transactions WHERE id = '{}';
             UPDATE account_months SET net = net + 3 WHERE account_id = '{}';",
            b.back_dated.0, b.goal.0, b.transfer_in.0, johns.0
        ),
    );

    let found = check.check(jane, false).await.unwrap();
    assert_eq!(counts(&found), vec![(4, 2), (7, 1), (6, 2), (1, 1), (1, 0), (0, 0)]);
    assert!(found.needs_attention());
    let household = b.jane.household;
    let month = |m| CalendarMonth::new(2026, m).unwrap();
    let nets: Vec<_> = differences(&found, Figure::MonthNets)
        .iter()
        .map(|d| match d {
            Difference::MonthNet { household: h, account, month, stored, rows } => {
                assert_eq!(*h, household);
                (account.name.as_str(), *month, *stored, *rows)
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        nets,
        vec![
            ("Current", month(1), pence(246_751), pence(246_750)),
            // The deleted leg is still in Savings' month; no row says so.
            ("Savings", month(2), pence(50_000), pence(0)),
        ]
    );
    match differences(&found, Figure::RunningBalances) {
        [Difference::RunningBalance { account, transaction, date, stored, rows, .. }] => {
            assert_eq!((account.id, *transaction, *date), (b.current, b.back_dated, day(2026, 1, 10)));
            assert_eq!((*stored, *rows), (pence(-3_243), pence(-3_250)));
        }
        other => panic!("{other:?}"),
    }
    let totals: Vec<_> = differences(&found, Figure::MonthTotals)
        .iter()
        .map(|d| match d {
            Difference::MonthTotal { account, month, bucket, stored, rows, .. } => {
                (account.name.as_str(), *month, bucket.transaction_type, bucket.is_transfer, *stored, *rows)
            }
            other => panic!("{other:?}"),
        })
        .collect();
    let t = |total, rows, counted| Totals { total: pence(total), rows, counted };
    assert_eq!(
        totals,
        vec![
            ("Current", month(2), TransactionType::Expense, false, t(-3_005, 2, 2), t(-3_000, 2, 1)),
            ("Savings", month(2), TransactionType::Income, true, t(50_000, 1, 1), t(0, 0, 0)),
        ]
    );
    match differences(&found, Figure::GoalsSaved) {
        [Difference::GoalSaved { goal, name, stored, rows, .. }] => {
            assert_eq!((*goal, name.as_str()), (b.goal, "Holiday"));
            assert_eq!(*stored, Saved { amount: pence(15_100), complete: false });
            assert_eq!(*rows, Saved { amount: pence(15_000), complete: false });
        }
        other => panic!("{other:?}"),
    }
    // The leg left behind is listed, not counted: a member leaving with a private account
    // leaves such legs by design.
    assert_eq!(found.lone_legs, 1);
    assert_eq!(found.lone_listed[0].leg.id, b.transfer_out);
    let text = found.to_string();
    assert!(text.contains("in 1 household: 6 differences.\n"), "{text}");
    assert!(
        text.contains(&format!("  account 'Current' ({current}) month 2026-01: stored £2,467.51, rows say £2,467.50")),
        "{text}"
    );
    assert!(
        text.contains(&format!(
        "  account 'Savings' ({savings}) month 2026-02, transfers in: stored £500.00 in 1 row (1 counted), rows say \
         £0.00 in 0 rows (0 counted)"
    )),
        "{text}"
    );
    assert!(text.contains("goal 'Holiday'"), "{text}");
    assert!(text.contains("Note: 1 transfer leg has no other leg"), "{text}");

    // Repaired: what was found is what was rewritten; John's household is not Jane's.
    let repaired = check.check(jane, true).await.unwrap();
    assert!(repaired.repaired && !repaired.needs_attention());
    assert_eq!(counts(&repaired), counts(&found));
    assert_eq!(repaired.checks, found.checks);
    assert!(repaired.to_string().contains(": repaired 6.\n"), "{repaired}");
    let again = check.check(jane, false).await.unwrap();
    assert_eq!(counts(&again), vec![(4, 0), (7, 0), (6, 0), (1, 0), (1, 0), (0, 0)]);
    assert_eq!(again.lone_legs, 1);
    assert!(!again.needs_attention());
    assert_balances_consistent(&l, b.jane).await;
    assert_eq!(goals.get(b.jane, b.goal).await.unwrap().saved, pence(15_000));

    let johns_check = check.check(Some(john.household), false).await.unwrap();
    match differences(&johns_check, Figure::MonthNets) {
        [Difference::MonthNet { household, stored, rows, .. }] => {
            assert_eq!((*household, *stored, *rows), (john.household, pence(-4_197), pence(-4_200)));
        }
        other => panic!("{other:?}"),
    }
    // Every household: John's repaired, Jane's found clean.
    let all = check.check(None, true).await.unwrap();
    assert_eq!((all.households, all.differing()), (2, 1));
    assert_eq!(check.check(None, false).await.unwrap().differing(), 0);
}

#[tokio::test]
async fn transfer_legs_that_do_not_pair_are_reported_and_left_for_a_person() {
    let l = Ledger::new();
    let goals = PgGoalRepository::new(l.t.db.clone());
    let check = PgLedgerCheck::new(l.t.db.clone());
    let b = books(&l, &goals).await;
    let second = l
        .transactions
        .create_transfer(
            b.jane,
            TransferDraft {
                amount: pence(1_000),
                description: "Back".into(),
                from_account_id: b.savings,
                to_account_id: b.current,
                date: day(2026, 3, 5),
                notes: String::new(),
            },
        )
        .await
        .unwrap();
    // The first transfer's incoming leg a penny short; the second's incoming leg naming the first's
    // outgoing leg, which does not name it back (and so the second's outgoing leg is not named
    // back either).
    corrupt(
        &l.t,
        &format!(
            "UPDATE transactions SET amount = 49999 WHERE id = '{}';
             UPDATE transactions SET transfer_peer = '{}' WHERE id = '{}';",
            b.transfer_in.0, b.transfer_out.0, second.to.id.0
        ),
    );
    let found = check.check(Some(b.jane.household), false).await.unwrap();
    let pairs: Vec<_> = differences(&found, Figure::TransferPairs)
        .iter()
        .map(|d| match d {
            Difference::TransferPair { leg, peer, problem, .. } => (leg.id, peer.as_ref().map(|p| p.id), *problem),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        pairs,
        vec![
            (b.transfer_out, Some(b.transfer_in), PairProblem::NotOpposite),
            (b.transfer_in, Some(b.transfer_out), PairProblem::NotOpposite),
            (second.from.id, Some(second.to.id), PairProblem::NotMutual),
            (second.to.id, Some(b.transfer_out), PairProblem::NotMutual),
        ]
    );
    // The changed amount also moved Savings' figures, which the rows now say.
    assert_eq!(found.check(Figure::MonthNets).differing, 1);

    let repaired = check.check(Some(b.jane.household), true).await.unwrap();
    assert!(repaired.needs_attention(), "the legs are a person's to put right");
    assert!(repaired.to_string().contains("4 transfer legs that do not pair are left for a person"), "{repaired}");
    let after = check.check(Some(b.jane.household), false).await.unwrap();
    assert_eq!(after.differing(), 4);
    assert_eq!(after.check(Figure::TransferPairs).differing, 4);
}

#[tokio::test]
async fn every_kind_of_write_and_a_bulk_load_leave_nothing_to_repair() {
    let l = Ledger::new();
    let goals = PgGoalRepository::new(l.t.db.clone());
    let check = PgLedgerCheck::new(l.t.db.clone());
    let b = books(&l, &goals).await;
    let jane = b.jane;
    let food = l.category(jane, "Groceries").await;
    let shopping = l.category(jane, "Shopping").await;
    let income = l.category(jane, "Other Income").await;
    // Rewritten into another account and month, deleted, a transfer rewritten the other way,
    // two ordinary rows paired into a transfer and another pair separated again, a contribution
    // removed.
    let moved = l.add(jane, b.current, food, -1_500, day(2026, 2, 20)).await;
    let mut to = support::draft(b.savings, food, -1_600, day(2026, 1, 2));
    to.status = TransactionStatus::Pending;
    l.transactions.update(jane, moved.id, to).await.unwrap();
    let gone = l.add(jane, b.current, food, -100, day(2026, 1, 6)).await;
    l.transactions.delete(jane, gone.id).await.unwrap();
    l.transactions
        .update_transfer(
            jane,
            b.transfer_in,
            TransferDraft {
                amount: pence(12_345),
                description: "Back again".into(),
                from_account_id: b.savings,
                to_account_id: b.current,
                date: day(2026, 1, 31),
                notes: String::new(),
            },
        )
        .await
        .unwrap();
    let out = l.add(jane, b.current, shopping, -35_000, day(2026, 3, 3)).await;
    let into = l.add(jane, b.savings, income, 35_000, day(2026, 3, 5)).await;
    l.transactions.pair(jane, into.id, out.id).await.unwrap();
    let out = l.add(jane, b.current, shopping, -7_000, day(2026, 3, 6)).await;
    let into = l.add(jane, b.savings, income, 7_000, day(2026, 3, 6)).await;
    l.transactions.pair(jane, out.id, into.id).await.unwrap();
    l.transactions.unpair(jane, out.id).await.unwrap();
    let list = goals.contributions(jane, b.goal).await.unwrap();
    goals.remove_contribution(jane, b.goal, list[0].id).await.unwrap();
    // And a household's books loaded in bulk, as `myspending seed` does.
    let bulk = l.user("bulk@example.com").await;
    PgLedgerLoader::new(l.t.db.clone()).load(bulk.member, demo_data::realistic(day(2026, 11, 22), 6, 9)).await.unwrap();

    let report = check.check(None, false).await.unwrap();
    assert_eq!(report.differing(), 0, "{report}");
    assert_eq!(report.lone_legs, 0, "{report}");
    assert!(report.check(Figure::RunningBalances).checked > 150, "{report}");
}

#[tokio::test]
async fn a_household_that_does_not_exist_is_not_found() {
    let t = TestDb::new();
    let check = PgLedgerCheck::new(t.db.clone());
    for repair in [false, true] {
        assert!(matches!(check.check(Some(HouseholdId::generate()), repair).await, Err(RepoError::NotFound)));
    }
    let empty = check.check(None, false).await.unwrap();
    assert_eq!((empty.households, empty.differing()), (0, 0));
}
