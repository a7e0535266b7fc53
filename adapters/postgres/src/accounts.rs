use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Uuid as SqlUuid};
use domain::accounts::{Account, AccountDraft, AccountId, AccountName, AccountTotals, AccountType};
use domain::{Money, UserId};
use ports::ledger::{AccountRepository, AccountWithTotals};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::schema::accounts;
use crate::Database;

#[derive(Queryable, Selectable, QueryableByName)]
#[diesel(table_name = accounts, check_for_backend(diesel::pg::Pg))]
pub(crate) struct AccountRow {
    id: Uuid,
    user_id: Uuid,
    name: String,
    #[diesel(column_name = type_)]
    account_type: String,
    initial_balance: i64,
    credit_limit: Option<i64>,
    created_at: DateTime<Utc>,
}

impl TryFrom<AccountRow> for Account {
    type Error = RepoError;

    fn try_from(row: AccountRow) -> Result<Self, RepoError> {
        let corrupt =
            |e: domain::ValidationError| RepoError::Unexpected(anyhow::anyhow!("stored account {}: {e}", row.id));
        Ok(Account {
            id: AccountId(row.id),
            user_id: UserId(row.user_id),
            name: AccountName::parse(&row.name).map_err(corrupt)?,
            account_type: AccountType::parse(&row.account_type).map_err(corrupt)?,
            initial_balance: Money::from_pence(row.initial_balance),
            credit_limit: row.credit_limit.map(Money::from_pence),
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
const ACCOUNTS_WITH_TOTALS: &str = "
    SELECT a.id, a.user_id, a.name, a.type AS type_, a.initial_balance, a.credit_limit, a.created_at,
           COALESCE(SUM(l.total) FILTER (WHERE NOT l.is_transfer AND l.type = 'income'), 0)::bigint AS income,
           COALESCE(SUM(l.total) FILTER (WHERE NOT l.is_transfer AND l.type = 'expense'), 0)::bigint AS expenses,
           COALESCE(SUM(l.total) FILTER (WHERE l.is_transfer), 0)::bigint AS transfers
    FROM accounts a
    LEFT JOIN ledger_month_totals l ON l.account_id = a.id
    WHERE a.user_id = $1 AND ($2::uuid IS NULL OR a.id = $2)
    GROUP BY a.id
    ORDER BY a.created_at, a.id";

pub struct PgAccountRepository {
    db: Database,
}

impl PgAccountRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn query(&self, user: UserId, id: Option<AccountId>) -> Result<Vec<AccountWithTotals>, RepoError> {
        let rows: Vec<AccountTotalsRow> = self
            .db
            .run(move |conn| {
                diesel::sql_query(ACCOUNTS_WITH_TOTALS)
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<diesel::sql_types::Nullable<SqlUuid>, _>(id.map(|i| i.0))
                    .load(conn)
                    .or_repo()
            })
            .await?;
        rows.into_iter().map(TryInto::try_into).collect()
    }
}

#[async_trait]
impl AccountRepository for PgAccountRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn list(&self, user: UserId) -> Result<Vec<AccountWithTotals>, RepoError> {
        self.query(user, None).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn get(&self, user: UserId, id: AccountId) -> Result<AccountWithTotals, RepoError> {
        self.query(user, Some(id)).await?.pop().ok_or(RepoError::NotFound)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create(&self, user: UserId, draft: AccountDraft) -> Result<Account, RepoError> {
        let row: AccountRow = self
            .db
            .run(move |conn| {
                diesel::insert_into(accounts::table)
                    .values((
                        accounts::id.eq(Uuid::now_v7()),
                        accounts::user_id.eq(user.0),
                        accounts::name.eq(draft.name.as_str()),
                        accounts::type_.eq(draft.account_type.as_str()),
                        accounts::initial_balance.eq(draft.initial_balance.pence()),
                        accounts::credit_limit.eq(draft.credit_limit.map(Money::pence)),
                    ))
                    .returning(AccountRow::as_returning())
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn update(&self, user: UserId, id: AccountId, draft: AccountDraft) -> Result<Account, RepoError> {
        let row: AccountRow = self
            .db
            .run(move |conn| {
                diesel::update(accounts::table.find(id.0).filter(accounts::user_id.eq(user.0)))
                    .set((
                        accounts::name.eq(draft.name.as_str()),
                        accounts::type_.eq(draft.account_type.as_str()),
                        accounts::initial_balance.eq(draft.initial_balance.pence()),
                        accounts::credit_limit.eq(draft.credit_limit.map(Money::pence)),
                        accounts::updated_at.eq(diesel::dsl::now),
                    ))
                    .returning(AccountRow::as_returning())
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete(&self, user: UserId, id: AccountId) -> Result<(), RepoError> {
        #[derive(QueryableByName)]
        struct Uses {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        self.db
            .write(move |conn| {
                accounts::table
                    .find(id.0)
                    .filter(accounts::user_id.eq(user.0))
                    .select(accounts::id)
                    .for_update()
                    .first::<Uuid>(conn)
                    .or_repo()?;
                let uses: Uses =
                    diesel::sql_query("SELECT count(*) AS n FROM transactions WHERE user_id = $1 AND account_id = $2")
                        .bind::<SqlUuid, _>(user.0)
                        .bind::<SqlUuid, _>(id.0)
                        .get_result(conn)
                        .or_repo()?;
                if uses.n > 0 {
                    return Err(RepoError::InUse { count: uses.n });
                }
                diesel::delete(accounts::table.find(id.0)).execute(conn).or_repo()?;
                Ok(())
            })
            .await
    }
}
