//! Recurring templates on a real database: occurrences made once each, catching up after
//! downtime, several schedulers at once, and a failing template that does not stop the others.

use crate::support::{new_user, number as count};
use adapter_postgres::test_support::TestDb;
use adapter_postgres::{Database, PgAccountRepository, PgCategoryRepository, PgRecurringRepository, PoolSettings};
use chrono::NaiveDate;
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};
use domain::accounts::{AccountDraft, AccountId, AccountInput};
use domain::categories::CategoryId;
use domain::recurring::{FormMode, RecurringDraft, RecurringForm, RecurringInput};
use domain::Scope;
use ports::ledger::{AccountRepository, CategoryRepository};
use ports::recurring::RecurringRepository;
use ports::StopSignal;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn exec(t: &TestDb, sql: &str) {
    let mut conn = PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(sql).execute(&mut conn).unwrap();
}

struct Household {
    user: Scope,
    current: AccountId,
    savings: AccountId,
    bills: CategoryId,
}

async fn household(t: &TestDb, email: &str) -> Household {
    let user = new_user(t, "Jane Doe", email).await;
    let accounts = PgAccountRepository::new(t.db.clone());
    let account = |name: &str, kind: &str| AccountInput {
        name: name.into(),
        account_type: kind.into(),
        initial_balance: Some("1000.00".into()),
        credit_limit: None,
        visibility: None,
    };
    let current = accounts.create(user, AccountDraft::parse(&account("Current", "current")).unwrap()).await.unwrap().id;
    let savings = accounts.create(user, AccountDraft::parse(&account("Savings", "savings")).unwrap()).await.unwrap().id;
    let categories = PgCategoryRepository::new(t.db.clone()).list(user).await.unwrap();
    let bills = categories.iter().find(|(c, _)| c.name == "Bills & Utilities").unwrap().0.id;
    Household { user, current, savings, bills }
}

/// A template due from `start` (set straight in the table: the form refuses past days).
async fn template(
    repo: &PgRecurringRepository,
    t: &TestDb,
    h: &Household,
    frequency: &str,
    form: RecurringForm,
    start: NaiveDate,
) -> domain::ids::RecurringTemplateId {
    let today = day(2000, 1, 1);
    let input = RecurringInput {
        amount: Some("12.50".into()),
        description: "Rent share".into(),
        transaction_type: "expense".into(),
        category_id: h.bills.0.to_string(),
        account_id: h.current.0.to_string(),
        from_account_id: h.current.0.to_string(),
        to_account_id: h.savings.0.to_string(),
        frequency: frequency.into(),
        day: start.to_string(),
        notes: None,
    };
    let draft = RecurringDraft::parse(&input, form, FormMode::Create, today).unwrap();
    let created = repo.create(h.user, draft).await.unwrap();
    exec(t, &format!("UPDATE recurring_templates SET start_date = '{start}', anchor = '{start}', next_due = '{start}' WHERE id = '{}'", created.id));
    created.id
}

fn balance_of(t: &TestDb, account: AccountId) -> i64 {
    count(
        t,
        &format!("SELECT COALESCE(SUM(amount), 0)::bigint AS n FROM transactions WHERE account_id = '{}'", account.0),
    )
}

#[tokio::test]
async fn a_pass_catches_up_every_missed_occurrence_once_each_dated_its_own_day() {
    let t = TestDb::new();
    let repo = PgRecurringRepository::new(t.db.clone());
    let h = household(&t, "jane@example.com").await;
    let weekly = template(&repo, &t, &h, "weekly", RecurringForm::Entry, day(2026, 11, 2)).await;
    let monthly = template(&repo, &t, &h, "monthly", RecurringForm::Transfer, day(2026, 8, 31)).await;

    // A pass asked to stop (the server is shutting down) before its first claim makes nothing.
    let stopped = StopSignal::new();
    stopped.stop();
    assert_eq!(repo.process_due(day(2026, 11, 23), &stopped).await.unwrap().created, 0);

    let report = repo.process_due(day(2026, 11, 23), &StopSignal::never()).await.unwrap();
    assert_eq!(report.created, 4 + 3, "{report:?}");
    assert!(report.failed.is_empty());
    let dates = |id: domain::ids::RecurringTemplateId| -> Vec<String> {
        let mut conn = PgConnection::establish(&t.url).unwrap();
        #[derive(QueryableByName)]
        struct D {
            #[diesel(sql_type = diesel::sql_types::Text)]
            d: String,
        }
        diesel::sql_query(format!(
            "SELECT due::text AS d FROM recurring_occurrences WHERE template_id = '{id}' ORDER BY due"
        ))
        .load::<D>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|d| d.d)
        .collect()
    };
    assert_eq!(dates(weekly), ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    assert_eq!(dates(monthly), ["2026-08-31", "2026-09-30", "2026-10-31"], "only what is due");
    let templates = repo.list(h.user, false).await.unwrap();
    let next = |id| templates.iter().find(|x| x.id == id).unwrap().next_due;
    assert_eq!(next(weekly), day(2026, 11, 30));
    assert_eq!(next(monthly), day(2026, 11, 30), "back on the 31st's month end");
    // Each expense is a real transaction dated its due day; each transfer two linked legs.
    assert_eq!(
        count(
            &t,
            &format!("SELECT count(*) AS n FROM transactions WHERE recurring_id = '{weekly}' AND amount = -1250")
        ),
        4
    );
    assert_eq!(
        count(&t, &format!("SELECT count(*) AS n FROM transactions WHERE recurring_id = '{monthly}' AND is_transfer")),
        6
    );
    assert_eq!(balance_of(&t, h.current), -1250 * 4 - 1250 * 3);
    assert_eq!(balance_of(&t, h.savings), 1250 * 3);

    // A second pass the same day makes nothing.
    assert_eq!(repo.process_due(day(2026, 11, 23), &StopSignal::never()).await.unwrap().created, 0);
}

#[tokio::test]
async fn schedulers_running_at_once_make_each_occurrence_exactly_once() {
    let t = TestDb::new();
    let repo = PgRecurringRepository::new(t.db.clone());
    let mut households = vec![];
    for i in 0..4 {
        households.push(household(&t, &format!("u{i}@example.com")).await);
    }
    for (i, h) in households.iter().enumerate() {
        for j in 0..10 {
            let start = day(2026, 9, 1 + ((i * 10 + j) % 28) as u32);
            template(
                &repo,
                &t,
                h,
                if j % 2 == 0 { "weekly" } else { "monthly" },
                if j % 3 == 0 { RecurringForm::Transfer } else { RecurringForm::Entry },
                start,
            )
            .await;
        }
    }
    // The occurrences a single pass would make, counted from the rule rather than the code.
    let today = day(2026, 11, 23);
    let mut expected = 0;
    for row in PgRecurringRepository::new(t.db.clone())
        .list(households[0].user, false)
        .await
        .unwrap()
        .iter()
        .chain(futures_all(&repo, &households[1..]).await.iter())
    {
        let mut due = row.next_due;
        while due <= today {
            expected += 1;
            due = domain::recurring::next_due(row.anchor, row.frequency, due).unwrap();
        }
    }
    // Three schedulers, each with its own pool, as three servers would be.
    let pass = |url: String| async move {
        let db = Database::connect_lazy(&url, PoolSettings { max_size: 2, ..PoolSettings::default() }).unwrap();
        PgRecurringRepository::new(db).process_due(today, &StopSignal::never()).await.unwrap()
    };
    let (a, b, c) = tokio::join!(pass(t.url.clone()), pass(t.url.clone()), pass(t.url.clone()));
    assert_eq!(a.created + b.created + c.created, expected, "{} {} {}", a.created, b.created, c.created);
    assert!(a.failed.is_empty() && b.failed.is_empty() && c.failed.is_empty());
    assert_eq!(count(&t, "SELECT count(*) AS n FROM recurring_occurrences") as usize, expected);
    assert_eq!(
        count(
            &t,
            "SELECT count(DISTINCT (recurring_id, date))::bigint AS n FROM transactions WHERE recurring_id IS NOT NULL"
        ) as usize,
        expected,
        "no occurrence made twice"
    );
    assert_eq!(count(&t, "SELECT count(*) AS n FROM recurring_templates WHERE next_due <= '2026-11-23'"), 0);
}

async fn futures_all(repo: &PgRecurringRepository, hs: &[Household]) -> Vec<ports::recurring::RecurringTemplate> {
    let mut all = vec![];
    for h in hs {
        all.extend(repo.list(h.user, false).await.unwrap());
    }
    all
}

#[tokio::test]
async fn a_failing_template_leaves_nothing_behind_and_the_others_go_on() {
    let t = TestDb::new();
    let repo = PgRecurringRepository::new(t.db.clone());
    let jane = household(&t, "jane@example.com").await;
    let mallory = household(&t, "mallory@example.com").await;
    let broken = template(&repo, &t, &jane, "monthly", RecurringForm::Transfer, day(2026, 11, 1)).await;
    let fine = template(&repo, &t, &jane, "monthly", RecurringForm::Entry, day(2026, 11, 1)).await;
    // The transfer now points at someone else's account: its occurrence must fail.
    exec(&t, &format!("UPDATE recurring_templates SET to_account_id = '{}' WHERE id = '{broken}'", mallory.savings.0));
    let report = repo.process_due(day(2026, 11, 23), &StopSignal::never()).await.unwrap();
    assert_eq!(report.created, 1);
    assert_eq!(report.failed.len(), 1);
    assert_eq!(report.failed[0].0, broken);
    assert_eq!(
        count(&t, &format!("SELECT count(*) AS n FROM transactions WHERE recurring_id = '{broken}'")),
        0,
        "no half occurrence"
    );
    assert_eq!(count(&t, &format!("SELECT count(*) AS n FROM transactions WHERE recurring_id = '{fine}'")), 1);
    assert_eq!(repo.get(jane.user, broken).await.unwrap().next_due, day(2026, 11, 1), "still due, for the next pass");
}

#[tokio::test]
async fn process_now_makes_the_next_occurrence_each_time_and_templates_stay_private() {
    let t = TestDb::new();
    let repo = PgRecurringRepository::new(t.db.clone());
    let jane = household(&t, "jane@example.com").await;
    let mallory = household(&t, "mallory@example.com").await;
    let id = template(&repo, &t, &jane, "monthly", RecurringForm::Entry, day(2027, 1, 31)).await;
    let first = repo.process_now(jane.user, id).await.unwrap();
    let second = repo.process_now(jane.user, id).await.unwrap();
    assert_eq!((first.due, second.due), (day(2027, 1, 31), day(2027, 2, 28)));
    assert_eq!(repo.get(jane.user, id).await.unwrap().next_due, day(2027, 3, 31));
    assert_eq!(balance_of(&t, jane.current), -2500);

    assert!(matches!(repo.process_now(mallory.user, id).await, Err(ports::RepoError::NotFound)));
    assert!(matches!(repo.get(mallory.user, id).await, Err(ports::RepoError::NotFound)));
    assert!(matches!(repo.toggle_active(mallory.user, id).await, Err(ports::RepoError::NotFound)));
    assert!(matches!(repo.delete(mallory.user, id).await, Err(ports::RepoError::NotFound)));
    // Someone else's account in a template is refused.
    let input = RecurringInput {
        amount: Some("5".into()),
        description: "Sneaky".into(),
        transaction_type: "expense".into(),
        category_id: jane.bills.0.to_string(),
        account_id: mallory.current.0.to_string(),
        frequency: "weekly".into(),
        day: "2030-01-01".into(),
        ..Default::default()
    };
    let draft = RecurringDraft::parse(&input, RecurringForm::Entry, FormMode::Create, day(2026, 1, 1)).unwrap();
    assert!(matches!(repo.create(jane.user, draft).await, Err(ports::RepoError::NotFound)));

    // Deleting keeps the transactions; the last template is deactivated instead.
    let other = template(&repo, &t, &jane, "weekly", RecurringForm::Entry, day(2027, 1, 1)).await;
    assert_eq!(repo.delete(jane.user, other).await.unwrap(), ports::recurring::DeleteOutcome::Deleted);
    assert_eq!(repo.delete(jane.user, id).await.unwrap(), ports::recurring::DeleteOutcome::Deactivated);
    assert!(!repo.get(jane.user, id).await.unwrap().is_active);
    assert_eq!(count(&t, &format!("SELECT count(*) AS n FROM transactions WHERE recurring_id = '{id}'")), 2);
}
