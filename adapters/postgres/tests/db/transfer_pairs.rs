//! Two rows of the user's own accounts made one transfer and separated again, on a real
//! database: the month totals move between income/spending and transfers, balances stay, the
//! suggestions are exactly the domain's candidates.

use crate::support;

use std::collections::BTreeSet;

use domain::transactions::TransferDraft;
use domain::transfers::{is_candidate, Pairing, PairingRow};
use domain::{Money, Scope};
use ports::ledger::{AccountRepository, LedgerSummary, TransactionQuery, TransactionRepository};
use ports::RepoError;
use support::{assert_balances_consistent, day, Ledger};
use uuid::Uuid;

async fn summary(l: &Ledger, user: Scope) -> LedgerSummary {
    let q = TransactionQuery { page: 1, limit: 20, include_transfers: true, ..Default::default() };
    l.transactions.list(user, q).await.unwrap().summary
}

async fn suggested(l: &Ledger, user: Scope) -> Vec<(Uuid, Uuid)> {
    let pairs = l.transactions.transfer_suggestions(user, 10_000).await.unwrap();
    pairs.iter().map(|p| (p.from.id.0, p.to.id.0)).collect()
}

#[tokio::test]
async fn a_card_payment_paired_counts_as_a_transfer_and_separated_comes_back_exactly() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let current = l.account(jane, "Current", "1000").await;
    let card = l.account(jane, "Card", "0").await;
    let unsorted = l.category(jane, "Shopping").await;
    let other_income = l.category(jane, "Other Income").await;
    let food = l.category(jane, "Groceries").await;
    let payment = l.add(jane, current, unsorted, -35_000, day(2026, 11, 3)).await;
    let received = l.add(jane, card, other_income, 35_000, day(2026, 11, 5)).await;
    l.add(jane, card, food, -1_250, day(2026, 11, 4)).await;
    let before = summary(&l, jane).await;
    assert_eq!((before.total_income.pence(), before.total_expenses.pence()), (35_000, -36_250));
    assert_eq!(suggested(&l, jane).await, vec![(payment.id.0, received.id.0)]);
    let looks: Vec<(i64, bool)> = l.all(jane).await.iter().map(|t| (t.amount.pence(), t.looks_like_transfer)).collect();
    assert_eq!(looks, vec![(35_000, true), (-1_250, false), (-35_000, true)]);
    let balances = (l.balance(jane, current).await, l.balance(jane, card).await);

    // Either row may ask; the answer is (out, in).
    let transfer = l.transactions.pair(jane, received.id, payment.id).await.unwrap();
    assert_eq!((transfer.from.id, transfer.to.id), (payment.id, received.id));
    for leg in [&transfer.from, &transfer.to] {
        assert!(leg.is_transfer && leg.category.is_none() && !leg.looks_like_transfer, "{leg:?}");
        assert_eq!(leg.pairing, Some(Pairing::Manual));
        assert_eq!(leg.date, if leg.amount.is_negative() { day(2026, 11, 3) } else { day(2026, 11, 5) });
    }
    assert_eq!(transfer.from.transfer_peer.as_ref().and_then(|p| p.seen()).unwrap().id, received.id);
    let paired = summary(&l, jane).await;
    assert_eq!((paired.total_income.pence(), paired.total_expenses.pence()), (0, -1_250));
    assert_eq!((paired.transaction_count, paired.transfer_legs), (1, 2));
    let card_totals = l.accounts.get(jane, card).await.unwrap().totals;
    assert_eq!((card_totals.income.pence(), card_totals.transfers.pence()), (0, 35_000));
    assert_eq!((l.balance(jane, current).await, l.balance(jane, card).await), balances);
    assert!(suggested(&l, jane).await.is_empty());
    assert_balances_consistent(&l, jane).await;

    // Separated: the rows are what they were, and not suggested again.
    let rows = l.transactions.unpair(jane, payment.id).await.unwrap();
    assert_eq!(rows.len(), 2);
    let again = l.transactions.get(jane, payment.id).await.unwrap();
    assert!(!again.is_transfer && again.transfer_peer.is_none() && again.pairing.is_none());
    assert_eq!(again.category.map(|c| c.id), Some(unsorted));
    assert_eq!(l.transactions.get(jane, received.id).await.unwrap().category.map(|c| c.id), Some(other_income));
    assert_eq!(summary(&l, jane).await, before);
    assert!(suggested(&l, jane).await.is_empty(), "a separated pair is not offered again");
    assert!(!l.transactions.get(jane, payment.id).await.unwrap().looks_like_transfer);
    assert_eq!((l.balance(jane, current).await, l.balance(jane, card).await), balances);

    // The user can still pair them by hand; deleting the transfer then removes both rows.
    l.transactions.pair(jane, payment.id, received.id).await.unwrap();
    l.transactions.delete(jane, received.id).await.unwrap();
    assert_eq!(l.all(jane).await.len(), 1);
    assert_balances_consistent(&l, jane).await;
    let left = summary(&l, jane).await;
    assert_eq!((left.total_income.pence(), left.total_expenses.pence(), left.transfer_legs), (0, -1_250, 0));
}

#[tokio::test]
async fn a_pair_is_refused_with_the_reason_and_changes_nothing() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let mallory = l.user("mallory@example.com").await;
    let current = l.account(jane, "Current", "0").await;
    let savings = l.account(jane, "Savings", "0").await;
    let misc = l.category(jane, "Shopping").await;
    let out = l.add(jane, current, misc, -5_000, day(2026, 10, 1)).await;
    let same_account = l.add(jane, current, misc, 5_000, day(2026, 10, 1)).await;
    let same_way = l.add(jane, savings, misc, -5_000, day(2026, 10, 1)).await;
    let other_amount = l.add(jane, savings, misc, 4_999, day(2026, 10, 1)).await;
    let typed = l
        .transactions
        .create_transfer(
            jane,
            TransferDraft {
                amount: Money::from_pence(5_000),
                description: "To savings".into(),
                from_account_id: current,
                to_account_id: savings,
                date: day(2026, 10, 1),
                notes: String::new(),
            },
        )
        .await
        .unwrap();
    let before = summary(&l, jane).await;
    for (with, reason) in [
        (same_account.id, "Both transactions are in the same account; a transfer moves money between two accounts"),
        (same_way.id, "A transfer needs one payment out and one payment in"),
        (other_amount.id, "The two amounts must be the same to make a transfer"),
        (typed.to.id, "This transaction is already part of a transfer"),
    ] {
        match l.transactions.pair(jane, out.id, with).await {
            Err(RepoError::Invalid(why)) => assert_eq!(why.message, reason),
            other => panic!("{reason}: {other:?}"),
        }
    }
    let mallorys = l.account(mallory, "Current", "0").await;
    let theirs = l.add(mallory, mallorys, l.category(mallory, "Other Income").await, 5_000, day(2026, 10, 1)).await;
    assert!(matches!(l.transactions.pair(jane, out.id, theirs.id).await, Err(RepoError::NotFound)));
    assert!(matches!(l.transactions.pair(mallory, theirs.id, out.id).await, Err(RepoError::NotFound)));
    assert!(matches!(l.transactions.unpair(mallory, typed.from.id).await, Err(RepoError::NotFound)));
    match l.transactions.unpair(jane, typed.from.id).await {
        Err(RepoError::Invalid(why)) => {
            assert_eq!(why.message, "This transfer was entered as a transfer; delete it instead")
        }
        other => panic!("{other:?}"),
    }
    match l.transactions.unpair(jane, out.id).await {
        Err(RepoError::Invalid(why)) => assert_eq!(why.message, "This transaction is not part of a transfer"),
        other => panic!("{other:?}"),
    }
    assert_eq!(summary(&l, jane).await, before);
    assert_balances_consistent(&l, jane).await;
}

#[tokio::test]
async fn the_suggestions_are_exactly_the_domains_candidates() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let accounts = [
        l.account(jane, "Current", "0").await,
        l.account(jane, "Card", "0").await,
        l.account(jane, "Savings", "0").await,
    ];
    let misc = l.category(jane, "Shopping").await;
    // A deterministic spread of rows: few amounts and days, so many near-misses and a few pairs.
    let mut seed: u64 = 7;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    for _ in 0..60 {
        let account = accounts[next(3) as usize];
        let pence = [1_000, 2_500, 35_000][next(3) as usize] * if next(2) == 0 { -1 } else { 1 };
        l.add(jane, account, misc, pence, day(2026, 9, 1 + next(20) as u32)).await;
    }
    let rows: Vec<PairingRow> = l
        .all(jane)
        .await
        .iter()
        .map(|t| PairingRow {
            id: t.id.0,
            account: t.account.id,
            amount: t.amount.pence(),
            date: t.date,
            status: t.status,
            is_transfer: t.is_transfer,
            pairing: t.pairing,
            is_split: !t.splits.is_empty(),
        })
        .collect();
    let mut expected = BTreeSet::new();
    for a in rows.iter().filter(|r| r.amount < 0) {
        for b in rows.iter().filter(|b| is_candidate(a, b)) {
            expected.insert((a.id, b.id));
        }
    }
    assert!(expected.len() > 5, "the spread makes some candidates ({})", expected.len());
    let found: BTreeSet<(Uuid, Uuid)> = suggested(&l, jane).await.into_iter().collect();
    assert_eq!(found, expected);
    let looks: BTreeSet<Uuid> = l.all(jane).await.iter().filter(|t| t.looks_like_transfer).map(|t| t.id.0).collect();
    assert_eq!(looks, expected.iter().flat_map(|&(a, b)| [a, b]).collect());
}
