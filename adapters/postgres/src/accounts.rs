use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{Account, AccountDraft, AccountId, AccountName, AccountTotals, AccountType, Visibility};
use domain::ids::HouseholdId;
use domain::{Money, Scope, UserId};
use ports::ledger::{AccountRepository, AccountWithTotals};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::visibility::sees_account;
use crate::Database;

#[derive(QueryableByName)]
pub(crate) struct AccountRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    household_id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text, column_name = type_)]
    account_type: String,
    #[diesel(sql_type = BigInt)]
    initial_balance: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    credit_limit: Option<i64>,
    #[diesel(sql_type = Text)]
    visibility: String,
    #[diesel(sql_type = SqlUuid)]
    owner_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

/// An account's columns, as [`AccountRow`] reads them.
macro_rules! account_columns {
    () => {
        "id, household_id, name, type AS type_, initial_balance, credit_limit, visibility, owner_id, created_at"
    };
}

impl TryFrom<AccountRow> for Account {
    type Error = RepoError;

    fn try_from(row: AccountRow) -> Result<Self, RepoError> {
        let corrupt =
            |e: domain::ValidationError| RepoError::Unexpected(anyhow::anyhow!("stored account {}: {e}", row.id));
        Ok(Account {
            id: AccountId(row.id),
            household_id: HouseholdId(row.household_id),
            name: AccountName::parse(&row.name).map_err(corrupt)?,
            account_type: AccountType::parse(&row.account_type).map_err(corrupt)?,
            initial_balance: Money::from_pence(row.initial_balance),
            credit_limit: row.credit_limit.map(Money::from_pence),
            visibility: Visibility::parse(&row.visibility).map_err(corrupt)?,
            owner: UserId(row.owner_id),
            created_at: row.created_at,
        })
    }
}

#[derive(QueryableByName)]
struct AccountTotalsRow {
    #[diesel(embed)]
    account: AccountRow,
    #[diesel(sql_type = BigInt)]
    income: i64,
    #[diesel(sql_type = BigInt)]
    expenses: i64,
    #[diesel(sql_type = BigInt)]
    transfers: i64,
}

impl TryFrom<AccountTotalsRow> for AccountWithTotals {
    type Error = RepoError;

    fn try_from(row: AccountTotalsRow) -> Result<Self, RepoError> {
        Ok(AccountWithTotals {
            account: row.account.try_into()?,
            totals: AccountTotals {
                income: Money::from_pence(row.income),
                expenses: Money::from_pence(row.expenses),
                transfers: Money::from_pence(row.transfers),
            },
        })
    }
}

/// The totals come from `ledger_month_totals`: a handful of rows per account and month.
macro_rules! accounts_with_totals {
    () => {
        concat!(
            "
    SELECT a.id, a.household_id, a.name, a.type AS type_, a.initial_balance, a.credit_limit, a.visibility,
           a.owner_id, a.created_at,
           COALESCE(SUM(l.total) FILTER (WHERE NOT l.is_transfer AND l.type = 'income'), 0)::bigint AS income,
           COALESCE(SUM(l.total) FILTER (WHERE NOT l.is_transfer AND l.type = 'expense'), 0)::bigint AS expenses,
           COALESCE(SUM(l.total) FILTER (WHERE l.is_transfer), 0)::bigint AS transfers
    FROM accounts a
    LEFT JOIN ledger_month_totals l ON l.account_id = a.id
    WHERE a.household_id = $1 AND ($2::uuid IS NULL OR a.id = $2) AND ",
            sees_account!("a", "$3"),
            "
    GROUP BY a.id
    ORDER BY a.created_at, a.id"
        )
    };
}

pub struct PgAccountRepository {
    db: Database,
}

impl PgAccountRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn query(&self, scope: Scope, id: Option<AccountId>) -> Result<Vec<AccountWithTotals>, RepoError> {
        let rows: Vec<AccountTotalsRow> = self
            .db
            .run(move |conn| {
                query(sql!(accounts_with_totals!()))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<diesel::sql_types::Nullable<SqlUuid>, _>(id.map(|i| i.0))
                    .bind::<SqlUuid, _>(scope.member.0)
                    .load(conn)
                    .or_repo()
            })
            .await?;
        rows.into_iter().map(TryInto::try_into).collect()
    }
}

#[async_trait]
impl AccountRepository for PgAccountRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<AccountWithTotals>, RepoError> {
        self.query(scope, None).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: AccountId) -> Result<AccountWithTotals, RepoError> {
        self.query(scope, Some(id)).await?.pop().ok_or(RepoError::NotFound)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, draft: AccountDraft) -> Result<Account, RepoError> {
        let row: AccountRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "INSERT INTO accounts (id, household_id, name, type, initial_balance, credit_limit, visibility, owner_id)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
                    account_columns!()
                ))
                .bind::<SqlUuid, _>(Uuid::now_v7())
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(draft.name.as_str())
                .bind::<Text, _>(draft.account_type.as_str())
                .bind::<BigInt, _>(draft.initial_balance.pence())
                .bind::<Nullable<BigInt>, _>(draft.credit_limit.map(Money::pence))
                .bind::<Text, _>(draft.visibility.unwrap_or(Visibility::Household).as_str())
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(&self, scope: Scope, id: AccountId, draft: AccountDraft) -> Result<Account, RepoError> {
        let row: AccountRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "UPDATE accounts a SET name = $3, type = $4, initial_balance = $5, credit_limit = $6,
                            visibility = COALESCE($7, a.visibility), updated_at = now()
                     WHERE a.household_id = $1 AND a.id = $2 AND ",
                    sees_account!("a", "$8"),
                    " RETURNING ",
                    account_columns!()
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id.0)
                .bind::<Text, _>(draft.name.as_str())
                .bind::<Text, _>(draft.account_type.as_str())
                .bind::<BigInt, _>(draft.initial_balance.pence())
                .bind::<Nullable<BigInt>, _>(draft.credit_limit.map(Money::pence))
                .bind::<Nullable<Text>, _>(draft.visibility.map(Visibility::as_str))
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: AccountId) -> Result<(), RepoError> {
        #[derive(QueryableByName)]
        struct Uses {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        self.db
            .write(move |conn| {
                #[derive(QueryableByName)]
                struct Locked {
                    #[diesel(sql_type = SqlUuid)]
                    #[allow(dead_code)]
                    id: Uuid,
                }
                query(sql!(
                    "SELECT a.id FROM accounts a WHERE a.household_id = $1 AND a.id = $2 AND ",
                    sees_account!("a", "$3"),
                    " FOR UPDATE"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result::<Locked>(conn)
                .or_repo()?;
                let uses: Uses =
                    query(sql!("SELECT count(*) AS n FROM transactions WHERE household_id = $1 AND account_id = $2"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(id.0)
                        .get_result(conn)
                        .or_repo()?;
                if uses.n > 0 {
                    return Err(RepoError::InUse { count: uses.n });
                }
                query(sql!("DELETE FROM accounts WHERE id = $1")).bind::<SqlUuid, _>(id.0).execute(conn).or_repo()?;
                Ok(())
            })
            .await
    }
}
