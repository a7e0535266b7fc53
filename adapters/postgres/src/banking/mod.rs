//! Bank connections. A sync is stored in one database transaction: the connection's row is
//! locked and its cursor compared with the one the sync started from (a sync that lost the race
//! stores nothing), the accounts are made or refreshed, the rows are removed, added and updated
//! through the ledger's own write path (running balances and month totals stay exact), and the
//! new cursor is written last. The bank's id of each row is unique per connection, so a sync
//! that is repeated, or restarted after a crash, adds nothing twice.

use domain::ids::{BankConnectionId, HouseholdId};
use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Bytea, Date, Interval, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::{Money, Scope, UserId};
use ports::banking::{
    BankRepository, Connection, ConnectionSecrets, ConsentState, LinkedAccount, NewConnection, ProviderKind,
    RenewalDue, RenewedConsent, SkippedAccount, SyncBatch, SyncCounts,
};
use ports::ledger::TransactionRecord;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::transactions::load_view;
use crate::Database;

mod sync;

use crate::statements::{query, sql};
use crate::visibility::sees_account;
use sync::{apply, IdRow};

pub struct PgBankRepository {
    db: Database,
}

impl PgBankRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct ConnectionRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    provider: String,
    #[diesel(sql_type = Text)]
    institution_name: String,
    #[diesel(sql_type = Bool)]
    is_active: bool,
    #[diesel(sql_type = Nullable<Text>)]
    error_code: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    last_synced_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    next_sync_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    consent_expires_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    institution_id: Option<String>,
    #[diesel(sql_type = Text)]
    skipped_accounts: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Bytea)]
    sealed_token: Vec<u8>,
    #[diesel(sql_type = Nullable<Text>)]
    sync_cursor: Option<String>,
}

#[derive(QueryableByName)]
struct LinkedRow {
    #[diesel(sql_type = SqlUuid)]
    connection_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Text)]
    provider_account_id: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    account_type: String,
    #[diesel(sql_type = Nullable<Text>)]
    mask: Option<String>,
    #[diesel(sql_type = BigInt)]
    current_balance: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    bank_balance: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    bank_available: Option<i64>,
}

macro_rules! connection_columns {
    () => {
        "id, provider, institution_name, is_active, error_code, last_synced_at, next_sync_at,
     consent_expires_at, institution_id, skipped_accounts::text, created_at, sealed_token, sync_cursor"
    };
}

/// A skipped account as stored (a JSON array of these).
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredSkip {
    name: String,
    reason: String,
}

fn read_skipped(stored: &str) -> Result<Vec<SkippedAccount>, RepoError> {
    let skips: Vec<StoredSkip> = serde_json::from_str(stored).map_err(|_| corrupt("skipped accounts"))?;
    Ok(skips.into_iter().map(|s| SkippedAccount { name: s.name, reason: s.reason }).collect())
}

fn write_skipped(skipped: &[SkippedAccount]) -> String {
    let skips: Vec<StoredSkip> =
        skipped.iter().map(|s| StoredSkip { name: s.name.clone(), reason: s.reason.clone() }).collect();
    serde_json::to_string(&skips).unwrap_or_else(|_| "[]".into())
}

fn corrupt(what: &str) -> RepoError {
    RepoError::Unexpected(anyhow::anyhow!("stored bank connection: {what}"))
}

/// The household's connections (one, or all when `id` is None), oldest first, with their accounts.
fn load(conn: &mut PgConnection, scope: Scope, id: Option<Uuid>) -> Result<Vec<ConnectionSecrets>, RepoError> {
    let rows: Vec<ConnectionRow> = query(sql!(
        "SELECT ",
        connection_columns!(),
        " FROM bank_connections
         WHERE household_id = $1 AND ($2::uuid IS NULL OR id = $2) ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Nullable<SqlUuid>, _>(id)
    .load(conn)
    .or_repo()?;
    let linked: Vec<LinkedRow> = query(sql!(
        "SELECT b.connection_id, b.account_id, b.provider_account_id, a.name, a.type AS account_type, b.mask,
                (a.initial_balance + COALESCE((SELECT SUM(m.net) FROM account_months m WHERE m.account_id = a.id), 0))::bigint
                  AS current_balance,
                b.bank_balance, b.bank_available
         FROM bank_accounts b JOIN accounts a ON a.id = b.account_id
         WHERE b.household_id = $1 AND ($2::uuid IS NULL OR b.connection_id = $2) AND ",
        sees_account!("a", "$3"),
        "
         ORDER BY a.created_at, a.id"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Nullable<SqlUuid>, _>(id)
    .bind::<SqlUuid, _>(scope.member.0)
    .load(conn)
    .or_repo()?;
    let mut by_connection: HashMap<Uuid, Vec<LinkedAccount>> = HashMap::new();
    for l in linked {
        let account_type = AccountType::parse(&l.account_type).map_err(|_| corrupt("account type"))?;
        by_connection.entry(l.connection_id).or_default().push(LinkedAccount {
            account_id: AccountId(l.account_id),
            provider_account_id: l.provider_account_id,
            name: l.name,
            account_type,
            mask: l.mask,
            current_balance: Money::from_pence(l.current_balance),
            bank_balance: l.bank_balance.map(Money::from_pence),
            bank_available: l.bank_available.map(Money::from_pence),
        });
    }
    rows.into_iter()
        .map(|r| {
            Ok(ConnectionSecrets {
                connection: Connection {
                    id: BankConnectionId(r.id),
                    provider: ProviderKind::parse(&r.provider).ok_or_else(|| corrupt("provider"))?,
                    institution_name: r.institution_name,
                    is_active: r.is_active,
                    error_code: r.error_code,
                    last_synced_at: r.last_synced_at,
                    next_sync_at: r.is_active.then_some(r.next_sync_at),
                    consent_expires_at: r.consent_expires_at,
                    institution_id: r.institution_id,
                    renewal_due: false,
                    skipped_accounts: read_skipped(&r.skipped_accounts)?,
                    created_at: r.created_at,
                    accounts: by_connection.remove(&r.id).unwrap_or_default(),
                },
                sealed_token: r.sealed_token,
                cursor: r.sync_cursor,
            })
        })
        .collect()
}

fn load_one(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<ConnectionSecrets, RepoError> {
    load(conn, scope, Some(id))?.pop().ok_or(RepoError::NotFound)
}

/// A connection found or claimed for a sync, with whose books and on whose behalf it runs.
#[derive(QueryableByName)]
struct Claimed {
    #[diesel(sql_type = SqlUuid)]
    household_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    created_by: Uuid,
}

impl Claimed {
    fn into_pair(self) -> (Scope, BankConnectionId) {
        (
            Scope { household: HouseholdId(self.household_id), member: UserId(self.created_by) },
            BankConnectionId(self.id),
        )
    }
}

#[async_trait]
impl BankRepository for PgBankRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(
        &self,
        scope: Scope,
        new: NewConnection,
        first: SyncBatch,
    ) -> Result<(Connection, SyncCounts), RepoError> {
        self.db
            .write(move |conn| {
                let id: IdRow = query(sql!(
                    "INSERT INTO bank_connections (id, household_id, provider, provider_item_id, institution_id,
                                                   institution_name, sealed_token, created_by, consent_expires_at,
                                                   next_sync_at, skipped_accounts)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)
                     ON CONFLICT (household_id, provider, provider_item_id) DO UPDATE
                       SET sealed_token = EXCLUDED.sealed_token, institution_name = EXCLUDED.institution_name,
                           consent_expires_at = EXCLUDED.consent_expires_at, renewal_notified_at = NULL,
                           skipped_accounts = EXCLUDED.skipped_accounts
                     RETURNING id"
                ))
                .bind::<SqlUuid, _>(Uuid::now_v7())
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(new.provider.as_str())
                .bind::<Text, _>(&new.provider_item_id)
                .bind::<Nullable<Text>, _>(&new.institution_id)
                .bind::<Text, _>(&new.institution_name)
                .bind::<Bytea, _>(&new.sealed_token)
                .bind::<SqlUuid, _>(scope.member.0)
                .bind::<Nullable<Timestamptz>, _>(new.consent_expires_at)
                .bind::<Timestamptz, _>(new.next_sync_at)
                .bind::<Text, _>(write_skipped(&new.skipped_accounts))
                .get_result(conn)
                .or_repo()?;
                let counts = apply(conn, scope, id.id, &first)?;
                Ok((load_one(conn, scope, id.id)?.connection, counts))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<Connection>, RepoError> {
        let all = self.db.run(move |conn| load(conn, scope, None)).await?;
        Ok(all.into_iter().map(|c| c.connection).collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: BankConnectionId) -> Result<ConnectionSecrets, RepoError> {
        let id = id.0;
        self.db.run(move |conn| load_one(conn, scope, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn apply_sync(
        &self,
        scope: Scope,
        id: BankConnectionId,
        from: Option<String>,
        batch: SyncBatch,
    ) -> Result<Option<SyncCounts>, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                #[derive(QueryableByName)]
                struct Cursor {
                    #[diesel(sql_type = Nullable<Text>)]
                    sync_cursor: Option<String>,
                }
                let stored: Cursor = query(sql!(
                    "SELECT sync_cursor FROM bank_connections WHERE household_id = $1 AND id = $2 FOR UPDATE"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .get_result(conn)
                .or_repo()?;
                if stored.sync_cursor != from {
                    return Ok(None);
                }
                apply(conn, scope, id, &batch).map(Some)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn mark_login_required(&self, scope: Scope, id: BankConnectionId, code: String) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!(
                    "UPDATE bank_connections SET is_active = false, error_code = $3 WHERE household_id = $1 AND id = $2"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .bind::<Text, _>(&code)
                .execute(conn)
                .or_repo()?;
                found(n)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: BankConnectionId) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!("DELETE FROM bank_connections WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                found(n)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn transactions(
        &self,
        scope: Scope,
        id: BankConnectionId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<TransactionRecord>, RepoError> {
        let id = id.0;
        self.db
            .read_snapshot(move |conn| {
                load_one(conn, scope, id)?;
                let ids: Vec<IdRow> = query(
                    sql!("SELECT id FROM transactions WHERE household_id = $1 AND bank_connection_id = $2 AND date BETWEEN $3 AND $4"),
                )
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .load(conn)
                .or_repo()?;
                let ids: Vec<Uuid> = ids.into_iter().map(|r| r.id).collect();
                load_view(conn, scope, &ids)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn find_by_item(
        &self,
        provider: ProviderKind,
        provider_item_id: String,
    ) -> Result<Option<(Scope, BankConnectionId)>, RepoError> {
        let found: Option<Claimed> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT household_id, id, ",
                    crate::households::acting_member!("c"),
                    " AS created_by FROM bank_connections c WHERE provider = $1 AND provider_item_id = $2 LIMIT 1"
                ))
                .bind::<Text, _>(provider.as_str())
                .bind::<Text, _>(&provider_item_id)
                .get_result(conn)
                .optional()
                .or_repo()
            })
            .await?;
        Ok(found.map(Claimed::into_pair))
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        every: chrono::Duration,
        consent_every: chrono::Duration,
    ) -> Result<Option<(Scope, BankConnectionId)>, RepoError> {
        let interval = |d: chrono::Duration| {
            diesel::data_types::PgInterval::from_microseconds(d.num_microseconds().unwrap_or(i64::MAX))
        };
        let (every, consent_every) = (interval(every), interval(consent_every));
        let claimed: Option<Claimed> = self
            .db
            .write(move |conn| {
                query(sql!(
                    "UPDATE bank_connections c
                     SET next_sync_at = $1::timestamptz + CASE WHEN c.consent_expires_at IS NULL THEN $2::interval ELSE $3::interval END
                     WHERE id = (SELECT id FROM bank_connections WHERE is_active AND next_sync_at <= $1
                                 ORDER BY next_sync_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
                     RETURNING household_id, id, ",
                    crate::households::acting_member!("c"),
                    " AS created_by"
                ))
                .bind::<Timestamptz, _>(now)
                .bind::<Interval, _>(every)
                .bind::<Interval, _>(consent_every)
                .get_result(conn)
                .optional()
                .or_repo()
            })
            .await?;
        Ok(claimed.map(Claimed::into_pair))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %state.scope))]
    async fn save_consent_state(&self, digest: String, state: ConsentState) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                // A member's abandoned consents are worthless once expired: cleared as they start another.
                query(sql!("DELETE FROM bank_consent_states WHERE household_id = $1 AND member_id = $2 AND expires_at < now()"))
                    .bind::<SqlUuid, _>(state.scope.household.0)
                    .bind::<SqlUuid, _>(state.scope.member.0)
                    .execute(conn)
                    .or_repo()?;
                query(sql!(
                    "INSERT INTO bank_consent_states (household_id, digest, member_id, bank_name, bank_country, connection_id, expires_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)"
                ))
                .bind::<SqlUuid, _>(state.scope.household.0)
                .bind::<Text, _>(&digest)
                .bind::<SqlUuid, _>(state.scope.member.0)
                .bind::<Text, _>(&state.bank)
                .bind::<Text, _>(&state.country)
                .bind::<Nullable<SqlUuid>, _>(state.connection.map(|c| c.0))
                .bind::<Timestamptz, _>(state.expires_at)
                .execute(conn)
                .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn take_consent_state(&self, digest: String, now: DateTime<Utc>) -> Result<Option<ConsentState>, RepoError> {
        #[derive(QueryableByName)]
        struct Taken {
            #[diesel(sql_type = SqlUuid)]
            household_id: Uuid,
            #[diesel(sql_type = SqlUuid)]
            member_id: Uuid,
            #[diesel(sql_type = Text)]
            bank_name: String,
            #[diesel(sql_type = Text)]
            bank_country: String,
            #[diesel(sql_type = Nullable<SqlUuid>)]
            connection_id: Option<Uuid>,
            #[diesel(sql_type = Timestamptz)]
            expires_at: DateTime<Utc>,
        }
        let taken: Option<Taken> = self
            .db
            .write(move |conn| {
                // Deleted as it is read: a second callback with the same state finds nothing.
                query(sql!(
                    "DELETE FROM bank_consent_states WHERE digest = $1
                     RETURNING household_id, member_id, bank_name, bank_country, connection_id, expires_at"
                ))
                .bind::<Text, _>(&digest)
                .get_result(conn)
                .optional()
                .or_repo()
            })
            .await?;
        Ok(taken.filter(|t| t.expires_at > now).map(|t| ConsentState {
            scope: Scope { household: HouseholdId(t.household_id), member: UserId(t.member_id) },
            bank: t.bank_name,
            country: t.bank_country,
            connection: t.connection_id.map(BankConnectionId),
            expires_at: t.expires_at,
        }))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn find_by_account_keys(
        &self,
        scope: Scope,
        provider: ProviderKind,
        keys: Vec<String>,
    ) -> Result<Option<BankConnectionId>, RepoError> {
        let found: Option<IdRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT c.id FROM bank_connections c
                     WHERE c.household_id = $1 AND c.provider = $2
                       AND EXISTS (SELECT 1 FROM bank_accounts b WHERE b.household_id = $1 AND b.connection_id = c.id
                                     AND b.provider_account_id = ANY($3))
                     ORDER BY c.created_at LIMIT 1"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(provider.as_str())
                .bind::<diesel::sql_types::Array<Text>, _>(&keys)
                .get_result(conn)
                .optional()
                .or_repo()
            })
            .await?;
        Ok(found.map(|r| BankConnectionId(r.id)))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn renew(&self, scope: Scope, id: BankConnectionId, renewed: RenewedConsent) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!(
                    "UPDATE bank_connections
                     SET provider_item_id = $3, sealed_token = $4, consent_expires_at = $5, renewal_notified_at = NULL,
                         is_active = true, error_code = NULL, next_sync_at = $6, skipped_accounts = $7::jsonb
                     WHERE household_id = $1 AND id = $2"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .bind::<Text, _>(&renewed.provider_item_id)
                .bind::<Bytea, _>(&renewed.sealed_token)
                .bind::<Timestamptz, _>(renewed.consent_expires_at)
                .bind::<Timestamptz, _>(renewed.next_sync_at)
                .bind::<Text, _>(write_skipped(&renewed.skipped_accounts))
                .execute(conn)
                .or_repo()?;
                found(n)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn claim_renewal(&self, now: DateTime<Utc>, until: DateTime<Utc>) -> Result<Option<RenewalDue>, RepoError> {
        #[derive(QueryableByName)]
        struct Due {
            #[diesel(sql_type = SqlUuid)]
            id: Uuid,
            #[diesel(sql_type = Text)]
            institution_name: String,
            #[diesel(sql_type = Timestamptz)]
            consent_expires_at: DateTime<Utc>,
            #[diesel(sql_type = Text)]
            to_name: String,
            #[diesel(sql_type = Text)]
            to_address: String,
        }
        let due: Option<Due> = self
            .db
            .write(move |conn| {
                query(sql!(
                    "WITH claimed AS (
                       UPDATE bank_connections c SET renewal_notified_at = $1
                       WHERE id = (SELECT id FROM bank_connections
                                   WHERE renewal_notified_at IS NULL AND is_active
                                     AND consent_expires_at > $1 AND consent_expires_at <= $2
                                   ORDER BY consent_expires_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
                       RETURNING c.id, c.institution_name, c.consent_expires_at, ",
                    crate::households::acting_member!("c"),
                    " AS member)
                     SELECT claimed.id, claimed.institution_name, claimed.consent_expires_at,
                            u.name AS to_name, u.email AS to_address
                     FROM claimed JOIN users u ON u.id = claimed.member"
                ))
                .bind::<Timestamptz, _>(now)
                .bind::<Timestamptz, _>(until)
                .get_result(conn)
                .optional()
                .or_repo()
            })
            .await?;
        Ok(due.map(|d| RenewalDue {
            id: BankConnectionId(d.id),
            institution_name: d.institution_name,
            consent_expires_at: d.consent_expires_at,
            to_name: d.to_name,
            to_address: d.to_address,
        }))
    }
}
