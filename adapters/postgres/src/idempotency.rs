use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{Binary, Bool, Integer, Nullable, Text, Uuid as SqlUuid};
use domain::UserId;
use ports::idempotency::{Claim, IdempotencyStore};
use ports::RepoError;

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
    stale: bool,
}

#[async_trait]
impl IdempotencyStore for PgIdempotencyStore {
    async fn claim(&self, user: UserId, key: &str, fingerprint: &str) -> Result<Claim, RepoError> {
        let (key, fingerprint) = (key.to_owned(), fingerprint.to_owned());
        self.db
            .write(move |conn| {
                query(
                    sql!("DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < now() - interval '24 hours'"),
                )
                .bind::<SqlUuid, _>(user.0)
                .execute(conn)
                .or_repo()?;
                let inserted = query(
                    sql!("INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING"),
                )
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
                .bind::<Text, _>(&fingerprint)
                .execute(conn)
                .or_repo()?;
                if inserted == 1 {
                    return Ok(Claim::New);
                }
                // The other claim has committed (the insert waited for it), so the row is there.
                let stored: Stored = query(
                    sql!("SELECT fingerprint, status, body, created_at < now() - interval '10 minutes' AS stale
                     FROM idempotency_keys WHERE user_id = $1 AND key = $2 FOR UPDATE"),
                )
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(&key)
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
                    (None, _) if stored.stale => {
                        query(sql!("UPDATE idempotency_keys SET created_at = now() WHERE user_id = $1 AND key = $2"))
                            .bind::<SqlUuid, _>(user.0)
                            .bind::<Text, _>(&key)
                            .execute(conn)
                            .or_repo()?;
                        Ok(Claim::New)
                    }
                    (None, _) => Ok(Claim::InProgress),
                }
            })
            .await
    }

    async fn complete(&self, user: UserId, key: &str, status: u16, body: Vec<u8>) -> Result<(), RepoError> {
        let key = key.to_owned();
        self.db
            .run(move |conn| {
                query(sql!("UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Text, _>(&key)
                    .bind::<Integer, _>(i32::from(status))
                    .bind::<Binary, _>(&body)
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }

    async fn release(&self, user: UserId, key: &str) -> Result<(), RepoError> {
        let key = key.to_owned();
        self.db
            .run(move |conn| {
                query(sql!("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Text, _>(&key)
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }
}
