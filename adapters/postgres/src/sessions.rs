//! Signed-in devices, two-factor enrolments, recovery codes and sign-in challenges. Every key
//! leads with the user's id.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Binary, Bool, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::ids::SessionId;
use domain::{User, UserId};
use ports::auth::store::{Challenge, ClientMeta, SessionInfo, SessionRepository, TwoFactorRecord, TwoFactorRepository};
use ports::{RepoError, UniqueField};
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::users::{clear_two_factor, session_user};
use crate::Database;

/// [`SessionRepository`] and [`TwoFactorRepository`] on PostgreSQL.
pub struct PgSessionRepository {
    db: Database,
}

impl PgSessionRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct SessionRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    last_seen_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    ip_address: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    user_agent: Option<String>,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[async_trait]
impl SessionRepository for PgSessionRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create(
        &self,
        user: UserId,
        id: SessionId,
        meta: ClientMeta,
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.db
            .run(move |conn| {
                query(sql!(
                    "WITH stale AS (DELETE FROM sessions WHERE user_id = $1 AND last_seen_at < $6)
                     INSERT INTO sessions (user_id, id, created_at, last_seen_at, ip_address, user_agent)
                     VALUES ($1, $2, $3, $3, $4, $5)"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<SqlUuid, _>(id.0)
                .bind::<Timestamptz, _>(now)
                .bind::<Nullable<Text>, _>(meta.ip)
                .bind::<Nullable<Text>, _>(meta.user_agent)
                .bind::<Timestamptz, _>(stale_before)
                .execute(conn)
                .or_repo()
                .map(|_| ())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn user_of(&self, user: UserId, id: SessionId, now: DateTime<Utc>) -> Result<User, RepoError> {
        self.db.run(move |conn| session_user(conn, user.0, id.0, now)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn list(&self, user: UserId) -> Result<Vec<SessionInfo>, RepoError> {
        let rows: Vec<SessionRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT id, created_at, last_seen_at, ip_address, user_agent FROM sessions
                     WHERE user_id = $1 ORDER BY last_seen_at DESC, id"
                ))
                .bind::<SqlUuid, _>(user.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| SessionInfo {
                id: SessionId(r.id),
                created_at: r.created_at,
                last_seen_at: r.last_seen_at,
                meta: ClientMeta { ip: r.ip_address, user_agent: r.user_agent },
            })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete(&self, user: UserId, id: SessionId) -> Result<(), RepoError> {
        let deleted = self
            .db
            .run(move |conn| {
                query(sql!("DELETE FROM sessions WHERE user_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<SqlUuid, _>(id.0)
                    .execute(conn)
                    .or_repo()
            })
            .await?;
        if deleted == 0 {
            return Err(RepoError::NotFound);
        }
        Ok(())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete_others(&self, user: UserId, keep: SessionId) -> Result<u64, RepoError> {
        let deleted = self
            .db
            .run(move |conn| {
                query(sql!("DELETE FROM sessions WHERE user_id = $1 AND id <> $2"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<SqlUuid, _>(keep.0)
                    .execute(conn)
                    .or_repo()
            })
            .await?;
        Ok(deleted as u64)
    }
}

#[async_trait]
impl TwoFactorRepository for PgSessionRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn record(&self, user: UserId) -> Result<TwoFactorRecord, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Binary)]
            secret: Vec<u8>,
            #[diesel(sql_type = Bool)]
            enabled: bool,
            #[diesel(sql_type = Nullable<BigInt>)]
            last_step: Option<i64>,
        }
        let row: Row = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT secret, enabled_at IS NOT NULL AS enabled, last_step FROM user_two_factor WHERE user_id = $1"
                ))
                .bind::<SqlUuid, _>(user.0)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(TwoFactorRecord { sealed_secret: row.secret, enabled: row.enabled, last_step: row.last_step })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn begin(&self, user: UserId, sealed_secret: Vec<u8>) -> Result<(), RepoError> {
        let stored = self
            .db
            .run(move |conn| {
                query(sql!(
                    "INSERT INTO user_two_factor (user_id, secret) VALUES ($1, $2)
                     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()
                     WHERE user_two_factor.enabled_at IS NULL"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Binary, _>(sealed_secret)
                .execute(conn)
                .or_repo()
            })
            .await?;
        if stored == 0 {
            return Err(RepoError::Duplicate(UniqueField::TwoFactor));
        }
        Ok(())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn enable(&self, user: UserId, step: i64, recovery_digests: Vec<String>) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                let confirmed = query(sql!(
                    "UPDATE user_two_factor SET enabled_at = now(), last_step = $2
                     WHERE user_id = $1 AND enabled_at IS NULL"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<BigInt, _>(step)
                .execute(conn)
                .or_repo()?;
                if confirmed == 0 {
                    return Err(RepoError::NotFound);
                }
                query(sql!(
                    "WITH old AS (DELETE FROM user_recovery_codes WHERE user_id = $1)
                     INSERT INTO user_recovery_codes (user_id, digest) SELECT $1, unnest($2::text[])"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Array<Text>, _>(recovery_digests)
                .execute(conn)
                .or_repo()?;
                query(sql!("UPDATE users SET two_factor_enabled = true, updated_at = now() WHERE id = $1"))
                    .bind::<SqlUuid, _>(user.0)
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn use_step(&self, user: UserId, step: i64) -> Result<bool, RepoError> {
        let updated = self
            .db
            .run(move |conn| {
                query(sql!(
                    "UPDATE user_two_factor SET last_step = $2
                     WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<BigInt, _>(step)
                .execute(conn)
                .or_repo()
            })
            .await?;
        Ok(updated == 1)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn use_recovery_code(&self, user: UserId, digest: String, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let updated = self
            .db
            .run(move |conn| {
                query(sql!(
                    "UPDATE user_recovery_codes SET used_at = $3
                     WHERE user_id = $1 AND digest = $2 AND used_at IS NULL"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(digest)
                .bind::<Timestamptz, _>(now)
                .execute(conn)
                .or_repo()
            })
            .await?;
        Ok(updated == 1)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn recovery_codes_left(&self, user: UserId) -> Result<i64, RepoError> {
        let row: Count = self
            .db
            .run(move |conn| {
                query(sql!("SELECT count(*) AS count FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL"))
                    .bind::<SqlUuid, _>(user.0)
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        Ok(row.count)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn disable(&self, user: UserId) -> Result<(), RepoError> {
        self.db.run(move |conn| clear_two_factor(conn, user.0).map(|_| ())).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create_challenge(
        &self,
        user: UserId,
        digest: String,
        expires_at: DateTime<Utc>,
        meta: ClientMeta,
    ) -> Result<(), RepoError> {
        self.db
            .run(move |conn| {
                // Expired challenges of this user go as a new one comes.
                query(sql!(
                    "WITH expired AS (DELETE FROM login_challenges WHERE user_id = $1 AND expires_at < now())
                     INSERT INTO login_challenges (user_id, digest, expires_at, ip_address, user_agent)
                     VALUES ($1, $2, $3, $4, $5)"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(digest)
                .bind::<Timestamptz, _>(expires_at)
                .bind::<Nullable<Text>, _>(meta.ip)
                .bind::<Nullable<Text>, _>(meta.user_agent)
                .execute(conn)
                .or_repo()
                .map(|_| ())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn challenge(&self, user: UserId, digest: String, now: DateTime<Utc>) -> Result<Challenge, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Nullable<Text>)]
            ip_address: Option<String>,
            #[diesel(sql_type = Nullable<Text>)]
            user_agent: Option<String>,
        }
        let row: Row = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT ip_address, user_agent FROM login_challenges
                     WHERE user_id = $1 AND digest = $2 AND expires_at > $3"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(digest)
                .bind::<Timestamptz, _>(now)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(Challenge { meta: ClientMeta { ip: row.ip_address, user_agent: row.user_agent } })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn challenge_failed(&self, user: UserId, digest: String, limit: i32) -> Result<i32, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Integer)]
            failures: i32,
        }
        self.db
            .write(move |conn| {
                let row: Option<Row> = query(sql!(
                    "UPDATE login_challenges SET failures = failures + 1
                     WHERE user_id = $1 AND digest = $2 RETURNING failures"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(digest.clone())
                .get_result(conn)
                .optional()
                .or_repo()?;
                // Gone meanwhile (taken or locked by a parallel request): as good as locked.
                let failures = row.map_or(limit, |r| r.failures);
                if failures >= limit {
                    query(sql!("DELETE FROM login_challenges WHERE user_id = $1 AND digest = $2"))
                        .bind::<SqlUuid, _>(user.0)
                        .bind::<Text, _>(digest)
                        .execute(conn)
                        .or_repo()?;
                }
                Ok(failures)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn take_challenge(&self, user: UserId, digest: String) -> Result<bool, RepoError> {
        let deleted = self
            .db
            .run(move |conn| {
                query(sql!("DELETE FROM login_challenges WHERE user_id = $1 AND digest = $2"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Text, _>(digest)
                    .execute(conn)
                    .or_repo()
            })
            .await?;
        Ok(deleted == 1)
    }
}
