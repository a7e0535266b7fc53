//! Exactly once across crashes: a write commits with its Idempotency-Key marked applied, and only
//! while its request still holds the key's claim.

use adapter_postgres::PgIdempotencyStore;
use ports::idempotency::{within, Claim, IdempotencyStore, Scope};
use ports::ledger::TransactionRepository;

use crate::support::{day, number, Ledger};

fn claimed(claim: Claim) -> ports::idempotency::ClaimToken {
    match claim {
        Claim::New(token) => token,
        other => panic!("expected a new claim, got {other:?}"),
    }
}

/// Ages the user's key `key` past the stale limit, as a server killed 31 s ago would leave it.
fn age(l: &Ledger, key: &str) {
    use diesel::{Connection, RunQueryDsl};
    let mut conn = diesel::PgConnection::establish(&l.t.url).unwrap();
    diesel::sql_query(format!(
        "UPDATE idempotency_keys SET claimed_at = claimed_at - interval '31 seconds' WHERE key = '{key}'"
    ))
    .execute(&mut conn)
    .unwrap();
}

#[tokio::test]
async fn a_write_whose_answer_was_lost_is_told_applied_and_never_written_again() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let account = l.account(jane, "Current", "100.00").await;
    let groceries = l.category(jane, "Groceries").await;
    let store = PgIdempotencyStore::new(l.t.db.clone());
    let user = jane.member;

    let claim = claimed(store.claim(user, "k1", "print").await.unwrap());
    let scope = Scope { user, key: "k1".into(), claim };
    within(scope, l.add(jane, account, groceries, -1_234, day(2026, 11, 2))).await;
    // The server dies here: no `complete`. A retry at once waits for the answer...
    assert_eq!(store.claim(user, "k1", "print").await.unwrap(), Claim::InProgress);
    // ...and once the claim is stale, learns the write was saved instead of writing it again.
    age(&l, "k1");
    assert_eq!(store.claim(user, "k1", "print").await.unwrap(), Claim::Applied);
    assert_eq!(l.all(jane).await.len(), 1);
    // A failed answer (release) does not forget a saved write either.
    store.release(user, "k1", claim).await.unwrap();
    assert_eq!(store.claim(user, "k1", "print").await.unwrap(), Claim::Applied);
}

#[tokio::test]
async fn a_stale_claim_is_taken_over_and_its_first_request_can_no_longer_commit() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let account = l.account(jane, "Current", "100.00").await;
    let groceries = l.category(jane, "Groceries").await;
    let store = PgIdempotencyStore::new(l.t.db.clone());
    let user = jane.member;

    let first = claimed(store.claim(user, "k2", "print").await.unwrap());
    age(&l, "k2");
    let second = claimed(store.claim(user, "k2", "print").await.unwrap());
    assert_ne!(first, second);

    // The first request (slow, not dead) now tries to write: refused, nothing stored.
    let late = Scope { user, key: "k2".into(), claim: first };
    let refused =
        within(late, l.transactions.create(jane, crate::support::draft(account, groceries, -500, day(2026, 11, 3))));
    assert!(refused.await.is_err());
    assert!(l.all(jane).await.is_empty(), "the first request's write rolled back");

    // The retry's write goes through, once.
    let retry = Scope { user, key: "k2".into(), claim: second };
    within(retry, l.add(jane, account, groceries, -500, day(2026, 11, 3))).await;
    store.complete(user, "k2", first, 201, b"{\"late\":true}".to_vec()).await.unwrap();
    store.complete(user, "k2", second, 201, b"{\"ok\":true}".to_vec()).await.unwrap();
    assert_eq!(
        store.claim(user, "k2", "print").await.unwrap(),
        Claim::Replay { status: 201, body: b"{\"ok\":true}".to_vec() },
        "only the holder of the claim stores its answer"
    );
    assert_eq!(l.all(jane).await.len(), 1);
    assert_eq!(number(&l.t, "SELECT count(*) AS n FROM idempotency_keys WHERE applied_at IS NOT NULL"), 1);
}
