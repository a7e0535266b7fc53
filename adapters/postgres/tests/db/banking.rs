//! Bank syncs on a real database: the first sync opens each account at the bank's balance, a
//! pending row replaced by its posted one leaves one row, modified rows are rewritten, a sync
//! that lost the race stores nothing, a repeated batch adds nothing, the ledger's running
//! balances stay exact throughout, and the background claim hands each due connection out once.

use crate::support::{new_user, number};
use adapter_postgres::test_support::TestDb;
use adapter_postgres::PgBankRepository;
use chrono::{NaiveDate, TimeZone, Utc};
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};
use domain::accounts::AccountType;
use domain::transactions::{TransactionStatus, TransactionType};
use domain::{Money, Scope, UserId};
use ports::banking::{AccountPlan, BankRepository, BankRow, NewConnection, ProviderKind, SyncBatch, SyncCounts};

async fn user(t: &TestDb, email: &str) -> Scope {
    new_user(t, "Bea Banks", email).await
}

fn plan(balance: i64) -> AccountPlan {
    AccountPlan {
        provider_account_id: "acc-1".into(),
        name: "Everyday ••1234".into(),
        account_type: AccountType::Current,
        mask: Some("1234".into()),
        credit_limit: None,
        bank_balance: Some(Money::from_pence(balance)),
        bank_available: None,
    }
}

fn row(id: &str, pence: i64, day: u32, pending: bool, category: &'static str) -> BankRow {
    BankRow {
        provider_transaction_id: id.into(),
        provider_account_id: "acc-1".into(),
        amount: Money::from_pence(pence),
        transaction_type: if pence > 0 { TransactionType::Income } else { TransactionType::Expense },
        date: NaiveDate::from_ymd_opt(2026, 11, day).unwrap(),
        description: format!("Row {id}"),
        category,
        status: if pending { TransactionStatus::Pending } else { TransactionStatus::Completed },
        transfer_hint: false,
    }
}

fn new_connection() -> NewConnection {
    NewConnection {
        provider: ProviderKind::Demo,
        provider_item_id: "item-1".into(),
        institution_id: None,
        institution_name: "Demo Bank UK".into(),
        sealed_token: vec![1, 2, 3],
        consent_expires_at: None,
        next_sync_at: Utc.with_ymd_and_hms(2020, 1, 1, 0, 0, 0).unwrap(),
        skipped_accounts: vec![],
    }
}

/// The account's balance as /accounts shows it, and the last row's running balance: equal when
/// the bookkeeping is right.
fn balances(t: &TestDb) -> (i64, i64) {
    let current = number(
        t,
        "SELECT (a.initial_balance + COALESCE((SELECT SUM(net) FROM account_months m WHERE m.account_id = a.id), 0))::bigint AS n
         FROM accounts a",
    );
    let last_row = number(
        t,
        "SELECT (a.initial_balance + t.month_balance + COALESCE((SELECT SUM(m.net) FROM account_months m
                 WHERE m.account_id = t.account_id AND m.month < date_trunc('month', t.date)::date), 0))::bigint AS n
         FROM transactions t JOIN accounts a ON a.id = t.account_id ORDER BY t.date DESC, t.seq DESC LIMIT 1",
    );
    (current, last_row)
}

#[tokio::test]
async fn a_first_sync_and_later_syncs_keep_the_ledger_exact() {
    let t = TestDb::new();
    let bea = user(&t, "bea@example.com").await;
    let repo = PgBankRepository::new(t.db.clone());

    let first = SyncBatch {
        accounts: vec![plan(100_000)],
        added: vec![
            row("t1", 250_000, 1, false, "Salary"),
            row("t2", -4_500, 2, false, "Groceries"),
            row("t3", -1_250, 3, true, "No such category"),
        ],
        cursor: "c1".into(),
        ..SyncBatch::default()
    };
    let (connection, counts) = repo.create(bea, new_connection(), first.clone()).await.unwrap();
    assert_eq!(counts, SyncCounts { added: 3, modified: 0, removed: 0 });
    assert_eq!(connection.accounts[0].current_balance, Money::from_pence(100_000), "opens at the bank's balance");
    assert_eq!(balances(&t), (100_000, 100_000));
    assert_eq!(number(&t, "SELECT count(*) AS n FROM categories WHERE name = 'Uncategorised'"), 1, "made on demand");

    // The pending coffee posts at a different amount; a grocery row is corrected; a new row.
    let id = connection.id;
    let second = SyncBatch {
        accounts: vec![plan(100_000 + 1_250 - 1_300 + 500 - 999)],
        added: vec![row("t3-posted", -1_300, 3, false, "Coffee & Snacks"), row("t4", -999, 4, false, "Shopping")],
        modified: vec![row("t2", -4_000, 2, false, "Groceries")],
        removed: vec!["t3".into()],
        cursor: "c2".into(),
    };
    assert_eq!(
        repo.apply_sync(bea, id, Some("c0".into()), second.clone()).await.unwrap(),
        None,
        "lost the race: nothing"
    );
    let counts = repo.apply_sync(bea, id, Some("c1".into()), second.clone()).await.unwrap().unwrap();
    assert_eq!(counts, SyncCounts { added: 2, modified: 1, removed: 1 });
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions"), 4, "the pending row left one row");
    let (current, last_row) = balances(&t);
    assert_eq!(current, 100_000 + 1_250 - 1_300 + 500 - 999);
    assert_eq!(current, last_row);
    let stored = repo.get(bea, id).await.unwrap();
    assert_eq!(stored.cursor.as_deref(), Some("c2"));
    assert_eq!(stored.connection.accounts[0].bank_balance, Some(Money::from_pence(current)));

    // The same batch again (a retry after a crash): nothing new, nothing doubled.
    let counts = repo.apply_sync(bea, id, Some("c2".into()), second).await.unwrap().unwrap();
    assert_eq!(counts.added, 0);
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions"), 4);
    assert_eq!(balances(&t).0, current);

    // Disconnecting keeps the account and its rows.
    repo.delete(bea, id).await.unwrap();
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions"), 4);
    assert_eq!(number(&t, "SELECT count(*) AS n FROM accounts"), 1);
    assert_eq!(number(&t, "SELECT count(*) AS n FROM bank_accounts"), 0);
}

#[tokio::test]
async fn a_labelled_card_payment_arrives_as_one_transfer_and_stays_one_through_the_banks_changes() {
    let t = TestDb::new();
    let bea = user(&t, "bea@example.com").await;
    let repo = PgBankRepository::new(t.db.clone());
    let card_plan = AccountPlan {
        provider_account_id: "card-1".into(),
        name: "Card".into(),
        account_type: AccountType::CreditCard,
        mask: None,
        credit_limit: Some(Money::from_pence(500_000)),
        bank_balance: Some(Money::from_pence(-20_000)),
        bank_available: None,
    };
    let on_card = |r: BankRow| BankRow { provider_account_id: "card-1".into(), ..r };
    let labelled = |r: BankRow| BankRow { transfer_hint: true, ..r };
    // The card payment (labelled by the bank), its receipt on the card, and an unlabelled
    // £20 pair that is only offered.
    let first = SyncBatch {
        accounts: vec![plan(100_000), card_plan.clone()],
        added: vec![
            labelled(row("pay", -35_000, 3, true, "Uncategorised")),
            labelled(on_card(row("recv", 35_000, 5, false, "Other Income"))),
            row("out20", -2_000, 7, false, "Shopping"),
            on_card(row("in20", 2_000, 7, false, "Other Income")),
        ],
        cursor: "c1".into(),
        ..SyncBatch::default()
    };
    let (connection, _) = repo.create(bea, new_connection(), first).await.unwrap();
    let paired = "SELECT count(*) AS n FROM transactions WHERE is_transfer AND pairing = 'auto'";
    assert_eq!(number(&t, paired), 2, "the labelled pair is one transfer");
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions WHERE NOT is_transfer"), 2, "the other is offered");
    let income = "SELECT COALESCE(SUM(total), 0)::bigint AS n FROM ledger_month_totals WHERE type = 'income' AND NOT is_transfer";
    assert_eq!(number(&t, income), 2_000);

    // The pending payment posts (same bank id, now completed): still one transfer, nothing added.
    let second = SyncBatch {
        accounts: vec![plan(100_000), card_plan.clone()],
        modified: vec![labelled(row("pay", -35_000, 3, false, "Uncategorised"))],
        cursor: "c2".into(),
        ..SyncBatch::default()
    };
    let counts = repo.apply_sync(bea, connection.id, Some("c1".into()), second).await.unwrap().unwrap();
    assert_eq!(counts, SyncCounts { added: 0, modified: 1, removed: 0 });
    assert_eq!(number(&t, paired), 2);
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions"), 4);

    // The bank withdraws the receipt: the payment is an ordinary row again, with its category.
    let third = SyncBatch {
        accounts: vec![plan(100_000), card_plan],
        removed: vec!["recv".into()],
        cursor: "c3".into(),
        ..SyncBatch::default()
    };
    repo.apply_sync(bea, connection.id, Some("c2".into()), third).await.unwrap().unwrap();
    assert_eq!(number(&t, paired), 0);
    assert_eq!(
        number(
            &t,
            "SELECT count(*) AS n FROM transactions t JOIN categories c ON c.id = t.category_id
             WHERE NOT t.is_transfer AND t.amount = -35000 AND c.name = 'Uncategorised' AND t.pairing IS NULL"
        ),
        1
    );
    let spent = "SELECT COALESCE(SUM(total), 0)::bigint AS n FROM ledger_month_totals WHERE type = 'expense' AND NOT is_transfer";
    assert_eq!(number(&t, spent), -37_000);
}

#[tokio::test]
async fn each_due_connection_is_claimed_once_per_interval() {
    let t = TestDb::new();
    let repo = PgBankRepository::new(t.db.clone());
    let mut made = vec![];
    for n in 0..3 {
        let u = user(&t, &format!("u{n}@example.com")).await;
        let (c, _) =
            repo.create(u, new_connection(), SyncBatch { cursor: "c".into(), ..SyncBatch::default() }).await.unwrap();
        made.push(c.id);
    }
    repo.mark_login_required(owner(&t, made[2]), made[2], "ITEM_LOGIN_REQUIRED".into()).await.unwrap();
    let now = Utc.with_ymd_and_hms(2030, 1, 1, 0, 0, 0).unwrap();
    let every = chrono::Duration::hours(6);
    let claims = futures_claims(&repo, now, every).await;
    let mut claimed: Vec<_> = claims.iter().map(|(_, id)| *id).collect();
    claimed.sort();
    let mut expected = vec![made[0], made[1]];
    expected.sort();
    assert_eq!(claimed, expected, "each active one once; the expired one is left");
    assert!(
        repo.claim_due(now + chrono::Duration::hours(5), every, every).await.unwrap().is_none(),
        "not again within the interval"
    );
    assert!(
        repo.claim_due(now + chrono::Duration::hours(7), every, every).await.unwrap().is_some(),
        "due again after it"
    );
}

/// Claims from two tasks at once until both run dry.
async fn futures_claims(
    repo: &PgBankRepository,
    now: chrono::DateTime<Utc>,
    every: chrono::Duration,
) -> Vec<(Scope, domain::ids::BankConnectionId)> {
    let take = || async {
        let mut got = vec![];
        while let Some(c) = repo.claim_due(now, every, every).await.unwrap() {
            got.push(c);
        }
        got
    };
    let (a, b) = tokio::join!(take(), take());
    a.into_iter().chain(b).collect()
}

/// The owner of a connection, read straight from the table.
fn owner(t: &TestDb, connection: domain::ids::BankConnectionId) -> Scope {
    #[derive(QueryableByName)]
    struct Owner {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        household_id: uuid::Uuid,
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        created_by: uuid::Uuid,
    }
    let mut conn = PgConnection::establish(&t.url).unwrap();
    let owner: Owner =
        diesel::sql_query(format!("SELECT household_id, created_by FROM bank_connections WHERE id = '{connection}'"))
            .get_result(&mut conn)
            .unwrap();
    Scope { household: domain::ids::HouseholdId(owner.household_id), member: UserId(owner.created_by) }
}

#[tokio::test]
async fn a_consent_is_synced_unattended_at_most_every_six_hours_and_its_end_told_once() {
    let t = TestDb::new();
    let repo = PgBankRepository::new(t.db.clone());
    let u = user(&t, "bea@example.com").await;
    let now = Utc.with_ymd_and_hms(2030, 1, 1, 0, 0, 0).unwrap();
    let consent = NewConnection {
        provider: ProviderKind::EnableBanking,
        provider_item_id: "s-1".into(),
        consent_expires_at: Some(now + chrono::Duration::days(5)),
        ..new_connection()
    };
    let (c, _) = repo.create(u, consent, SyncBatch { cursor: "c".into(), ..SyncBatch::default() }).await.unwrap();
    let hourly = chrono::Duration::hours(1);
    let six = chrono::Duration::hours(6);
    assert!(repo.claim_due(now, hourly, six).await.unwrap().is_some());
    assert!(
        repo.claim_due(now + chrono::Duration::hours(2), hourly, six).await.unwrap().is_none(),
        "four a day at most"
    );
    assert!(repo.claim_due(now + chrono::Duration::hours(7), hourly, six).await.unwrap().is_some());

    // Its end is told once, while it is ahead.
    assert!(repo.claim_renewal(now, now + chrono::Duration::days(4)).await.unwrap().is_none(), "not within four days");
    let due = repo.claim_renewal(now, now + chrono::Duration::days(7)).await.unwrap().expect("within seven days");
    assert_eq!((due.id, due.to_address.as_str()), (c.id, "bea@example.com"));
    assert!(repo.claim_renewal(now, now + chrono::Duration::days(7)).await.unwrap().is_none(), "told once");
}

#[tokio::test]
async fn a_split_the_household_made_stays_while_the_bank_keeps_the_amount() {
    use adapter_postgres::PgTransactionRepository;
    use domain::splits::{Allocation, SplitPart};
    use ports::ledger::{TransactionQuery, TransactionRepository};
    let t = TestDb::new();
    let bea = user(&t, "bea@example.com").await;
    let repo = PgBankRepository::new(t.db.clone());
    let ledger = PgTransactionRepository::new(t.db.clone());
    let first = SyncBatch {
        accounts: vec![plan(100_000)],
        added: vec![row("shop", -8_420, 2, true, "Groceries")],
        cursor: "c1".into(),
        ..SyncBatch::default()
    };
    let (connection, _) = repo.create(bea, new_connection(), first).await.unwrap();
    let all = || TransactionQuery { page: 1, limit: 10, include_transfers: true, ..Default::default() };
    let shop = ledger.list(bea, all()).await.unwrap().items.remove(0);
    let categories: Vec<(String, uuid::Uuid)> = {
        let mut conn = PgConnection::establish(&t.url).unwrap();
        #[derive(QueryableByName)]
        struct C {
            #[diesel(sql_type = diesel::sql_types::Text)]
            name: String,
            #[diesel(sql_type = diesel::sql_types::Uuid)]
            id: uuid::Uuid,
        }
        diesel::sql_query("SELECT name, id FROM categories WHERE name IN ('Groceries', 'Shopping') ORDER BY name")
            .load::<C>(&mut conn)
            .unwrap()
            .into_iter()
            .map(|c| (c.name, c.id))
            .collect()
    };
    let part = |i: usize, pence| SplitPart {
        category_id: domain::categories::CategoryId(categories[i].1),
        amount: Money::from_pence(pence),
        note: String::new(),
    };
    let mut draft = crate::support::draft(shop.account.id, part(0, 0).category_id, -8_420, shop.date);
    draft.allocation = Allocation::Split(vec![part(0, -6_100), part(1, -2_320)]);
    draft.status = TransactionStatus::Pending;
    draft.description = shop.description.clone();
    ledger.update(bea, shop.id, draft).await.unwrap();

    // The payment settles at the same amount: the split stays.
    let settled = SyncBatch {
        accounts: vec![plan(100_000)],
        modified: vec![row("shop", -8_420, 2, false, "Groceries")],
        cursor: "c2".into(),
        ..SyncBatch::default()
    };
    repo.apply_sync(bea, connection.id, Some("c1".into()), settled).await.unwrap().unwrap();
    let now = ledger.get(bea, shop.id).await.unwrap();
    assert_eq!((now.status, now.splits.len()), (TransactionStatus::Completed, 2));
    // The bank corrects the amount: parts of the old amount cannot stay; the bank's category comes.
    let corrected = SyncBatch {
        accounts: vec![plan(100_000)],
        modified: vec![row("shop", -8_000, 2, false, "Groceries")],
        cursor: "c3".into(),
        ..SyncBatch::default()
    };
    repo.apply_sync(bea, connection.id, Some("c2".into()), corrected).await.unwrap().unwrap();
    let now = ledger.get(bea, shop.id).await.unwrap();
    assert!(now.splits.is_empty());
    assert_eq!(now.category.map(|c| c.name), Some("Groceries".to_owned()));
    let (current, last_row) = balances(&t);
    assert_eq!(current, last_row);
    let check = adapter_postgres::PgLedgerCheck::new(t.db.clone());
    let report = ports::verify::LedgerCheck::check(&check, None, false).await.unwrap();
    assert!(!report.needs_attention(), "{report}");
}
