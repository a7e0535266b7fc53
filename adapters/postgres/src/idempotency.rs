use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{Binary, Bool, Integer, Nullable, Text, Uuid as SqlUuid};
use domain::UserId;
use ports::idempotency::{Claim, ClaimToken, IdempotencyStore, Scope, KEY_KEPT_FOR_DAYS, STALE_CLAIM_SECONDS};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::Database;

pub struct PgIdempotencyStore {
    db: Database,
}

impl PgIdempotencyStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct Stored {
    #[diesel(sql_type = Text)]
    fingerprint: String,
    #[diesel(sql_type = Nullable<Integer>)]
    status: Option<i32>,
    #[diesel(sql_type = Nullable<Binary>)]
    body: Option<Vec<u8>>,
    #[diesel(sql_type = Bool)]
    applied: bool,
    #[diesel(sql_type = Bool)]
    stale: bool,
}

#[async_trait]
impl IdempotencyStore for PgIdempotencyStore {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn claim(&self, user: UserId, key: &str, fingerprint: &str) -> Result<Claim, RepoError> {
        let (key, fingerprint) = (key.to_owned(), fingerprint.to_owned());
        let token = ClaimToken(Uuid::new_v4());
        self.db
            .write(move |conn| {
                // The user's keys past the keep window: found through the primary key, which leads
                // with the user's id, so the cost is the user's own keys, whatever the table holds.
                query(sql!(
                    "DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < now() - make_interval(days => $2)"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Integer, _>(KEY_KEPT_FOR_DAYS)
                .execute(conn)
                .or_repo()?;
                let inserted = query(sql!(
                    "INSERT INTO idempotency_keys (user_id, key, fingerprint, claim) VALUES ($1, $2, $3, $4)
                     ON CONFLICT DO NOTHING"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
                .bind::<Text, _>(&fingerprint)
                .bind::<SqlUuid, _>(token.0)
                .execute(conn)
                .or_repo()?;
                if inserted == 1 {
                    return Ok(Claim::New(token));
                }
                // The other claim has committed (the insert waited for it), so the row is there.
                let stored: Stored = query(sql!(
                    "SELECT fingerprint, status, body, applied_at IS NOT NULL AS applied,
                            claimed_at < now() - make_interval(secs => $3) AS stale
                     FROM idempotency_keys WHERE user_id = $1 AND key = $2 FOR UPDATE"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
                .bind::<Integer, _>(STALE_CLAIM_SECONDS)
                .get_result(conn)
                .or_repo()?;
                if stored.fingerprint != fingerprint {
                    return Ok(Claim::Mismatch);
                }
                match (stored.status, stored.body) {
                    (Some(status), body) => Ok(Claim::Replay {
                        status: u16::try_from(status).map_err(|e| RepoError::Unexpected(e.into()))?,
                        body: body.unwrap_or_default(),
                    }),
                    // Saved, and its request gone without answering (one still running is about
                    // to answer: the retry waits for that answer to replay it).
                    (None, _) if stored.applied && stored.stale => Ok(Claim::Applied),
                    (None, _) if stored.applied => Ok(Claim::InProgress),
                    (None, _) if stored.stale => {
                        // Its request died before its write committed (or is still running and
                        // will now fail to commit): this one takes the key over.
                        query(sql!(
                            "UPDATE idempotency_keys SET claim = $3, claimed_at = now() WHERE user_id = $1 AND key = $2"
                        ))
                        .bind::<SqlUuid, _>(user.0)
                        .bind::<Text, _>(&key)
                        .bind::<SqlUuid, _>(token.0)
                        .execute(conn)
                        .or_repo()?;
                        Ok(Claim::New(token))
                    }
                    (None, _) => Ok(Claim::InProgress),
                }
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn complete(
        &self,
        user: UserId,
        key: &str,
        claim: ClaimToken,
        status: u16,
        body: Vec<u8>,
    ) -> Result<(), RepoError> {
        let key = key.to_owned();
        self.db
            .run(move |conn| {
                query(sql!(
                    "UPDATE idempotency_keys SET status = $4, body = $5 WHERE user_id = $1 AND key = $2 AND claim = $3"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
                .bind::<SqlUuid, _>(claim.0)
                .bind::<Integer, _>(i32::from(status))
                .bind::<Binary, _>(&body)
                .execute(conn)
                .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn release(&self, user: UserId, key: &str, claim: ClaimToken) -> Result<(), RepoError> {
        let key = key.to_owned();
        self.db
            .run(move |conn| {
                query(sql!(
                    "DELETE FROM idempotency_keys
                     WHERE user_id = $1 AND key = $2 AND claim = $3 AND status IS NULL AND applied_at IS NULL"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
                .bind::<SqlUuid, _>(claim.0)
                .execute(conn)
                .or_repo()?;
                Ok(())
            })
            .await
    }
}

/// Marks the key of the request being handled applied, in the transaction of its write, and
/// refuses the write (rolling it back) when the request's claim was taken over.
pub(crate) fn mark_applied(conn: &mut PgConnection, scope: &Scope) -> Result<(), RepoError> {
    let marked = query(sql!(
        "UPDATE idempotency_keys SET applied_at = COALESCE(applied_at, now())
         WHERE user_id = $1 AND key = $2 AND claim = $3"
    ))
    .bind::<SqlUuid, _>(scope.user.0)
    .bind::<Text, _>(&scope.key)
    .bind::<SqlUuid, _>(scope.claim.0)
    .execute(conn)
    .or_repo()?;
    if marked == 0 {
        return Err(RepoError::Unexpected(anyhow::anyhow!(
            "the request's Idempotency-Key was taken over by a retry: its write is not committed"
        )));
    }
    Ok(())
}
