//! The ledger test fixture shared by the ledger's test files: a test database with the ledger
//! repositories, users, accounts and rows made in one line each, and a recomputation of every
//! running balance to compare against.

#![allow(dead_code)]

use std::collections::HashMap;

use adapter_postgres::test_support::TestDb;
use adapter_postgres::{
    PgAccountRepository, PgCategoryRepository, PgHouseholdRepository, PgTransactionRepository, PgUserRepository,
};
use chrono::NaiveDate;
use domain::accounts::{AccountDraft, AccountId, AccountInput};
use domain::categories::{default_categories, CategoryId};
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType};
use domain::{Email, Money, PersonName, Role, Scope};
use ports::households::HouseholdRepository;
use ports::ledger::{
    AccountRepository, CategoryRepository, TransactionQuery, TransactionRecord, TransactionRepository,
};
use ports::users::{NewUser, UserRepository};

pub struct Ledger {
    pub t: TestDb,
    pub accounts: PgAccountRepository,
    pub categories: PgCategoryRepository,
    pub transactions: PgTransactionRepository,
}

impl Ledger {
    pub fn new() -> Self {
        let t = TestDb::new();
        Self {
            accounts: PgAccountRepository::new(t.db.clone()),
            categories: PgCategoryRepository::new(t.db.clone()),
            transactions: PgTransactionRepository::new(t.db.clone()),
            t,
        }
    }

    pub async fn user(&self, email: &str) -> Scope {
        new_user(&self.t, "Jane Doe", email).await
    }

    pub async fn account(&self, user: Scope, name: &str, initial: &str) -> AccountId {
        let input = AccountInput {
            name: name.into(),
            account_type: "current".into(),
            initial_balance: Some(initial.into()),
            credit_limit: None,
            visibility: None,
        };
        self.accounts.create(user, AccountDraft::parse(&input).unwrap()).await.unwrap().id
    }

    pub async fn category(&self, user: Scope, name: &str) -> CategoryId {
        let list = self.categories.list(user).await.unwrap();
        list.into_iter().find(|(c, _)| c.name == name).map(|(c, _)| c.id).expect("category")
    }

    pub async fn add(
        &self,
        user: Scope,
        account: AccountId,
        category: CategoryId,
        pence: i64,
        date: NaiveDate,
    ) -> TransactionRecord {
        self.transactions.create(user, draft(account, category, pence, date)).await.unwrap()
    }

    pub async fn all(&self, user: Scope) -> Vec<TransactionRecord> {
        let q = TransactionQuery { page: 1, limit: 100_000, include_transfers: true, ..Default::default() };
        self.transactions.list(user, q).await.unwrap().items
    }

    pub async fn balance(&self, user: Scope, account: AccountId) -> Money {
        let a = self.accounts.get(user, account).await.unwrap();
        a.account.balances(a.totals).current_balance
    }
}

pub fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

pub fn draft(account: AccountId, category: CategoryId, pence: i64, date: NaiveDate) -> TransactionDraft {
    let t = if pence > 0 { TransactionType::Income } else { TransactionType::Expense };
    TransactionDraft {
        amount: Money::from_pence(pence),
        description: format!("tx {pence}"),
        transaction_type: t,
        allocation: domain::splits::Allocation::Category(category),
        account_id: account,
        date,
        notes: String::new(),
        status: TransactionStatus::Completed,
        tags: None,
    }
}

/// Recomputes every running balance from scratch and compares with what the repository says.
pub async fn assert_balances_consistent(l: &Ledger, user: Scope) {
    let mut rows = l.all(user).await;
    rows.reverse(); // oldest first: (date, entry order)
    let mut running: HashMap<AccountId, i64> = HashMap::new();
    for row in &rows {
        let start = match running.get(&row.account.id) {
            Some(v) => *v,
            None => l.accounts.get(user, row.account.id).await.unwrap().account.initial_balance.pence(),
        };
        let counted = if row.status == TransactionStatus::Declined { 0 } else { row.amount.pence() };
        let after = start + counted;
        running.insert(row.account.id, after);
        assert_eq!(row.balance_after.pence(), after, "balance after {} on {}", row.description, row.date);
    }
    for (account, expected) in running {
        assert_eq!(l.balance(user, account).await.pence(), expected, "current balance of {account}");
    }
}

/// A verified user with the default categories, alone in their household: their own books.
pub async fn new_user(t: &TestDb, name: &str, email: &str) -> Scope {
    let member = PgUserRepository::new(t.db.clone())
        .create(NewUser {
            name: PersonName::parse(name).unwrap(),
            email: Email::parse(email).unwrap(),
            password_hash: "x".into(),
            role: Role::User,
            is_verified: true,
            default_categories: default_categories(),
        })
        .await
        .unwrap()
        .id;
    let (household, _) = PgHouseholdRepository::new(t.db.clone()).membership(member).await.unwrap();
    Scope { household, member }
}

#[derive(diesel::QueryableByName)]
struct Number {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// The one bigint `n` a query answers, read on a connection of its own.
pub fn number(t: &TestDb, sql: &str) -> i64 {
    use diesel::{Connection, RunQueryDsl};
    let mut conn = diesel::PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(sql).get_result::<Number>(&mut conn).unwrap().n
}
