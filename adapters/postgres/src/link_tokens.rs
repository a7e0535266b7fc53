//! The one-time links a user is sent (e-mail verification, password reset): only a digest of
//! each token is stored, one live token per user and purpose.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
use domain::UserId;
use ports::users::{LinkState, LinkTokenRepository, TokenPurpose};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::Database;

/// [`LinkTokenRepository`] on PostgreSQL.
pub struct PgLinkTokenRepository {
    db: Database,
}

impl PgLinkTokenRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl LinkTokenRepository for PgLinkTokenRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user_id))]
    async fn replace(
        &self,
        user_id: UserId,
        purpose: TokenPurpose,
        digest: String,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                query(sql!("DELETE FROM link_tokens WHERE user_id = $1 AND purpose = $2"))
                    .bind::<SqlUuid, _>(user_id.0)
                    .bind::<Text, _>(purpose.as_str())
                    .execute(conn)
                    .or_repo()?;
                query(sql!("INSERT INTO link_tokens (digest, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)"))
                    .bind::<Text, _>(digest)
                    .bind::<SqlUuid, _>(user_id.0)
                    .bind::<Text, _>(purpose.as_str())
                    .bind::<Timestamptz, _>(expires_at)
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn consume(&self, purpose: TokenPurpose, digest: String, now: DateTime<Utc>) -> Result<UserId, RepoError> {
        #[derive(QueryableByName)]
        struct Consumed {
            #[diesel(sql_type = SqlUuid)]
            user_id: Uuid,
        }
        let token: Consumed = self
            .db
            .run(move |conn| {
                query(sql!(
                    "UPDATE link_tokens SET used_at = $3
                     WHERE digest = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
                     RETURNING user_id"
                ))
                .bind::<Text, _>(digest)
                .bind::<Text, _>(purpose.as_str())
                .bind::<Timestamptz, _>(now)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(UserId(token.user_id))
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn state(&self, purpose: TokenPurpose, digest: String, now: DateTime<Utc>) -> Result<LinkState, RepoError> {
        #[derive(QueryableByName)]
        struct Token {
            #[diesel(sql_type = SqlUuid)]
            user_id: Uuid,
            #[diesel(sql_type = diesel::sql_types::Bool)]
            used: bool,
        }
        let token: Token = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT user_id, used_at IS NOT NULL AS used FROM link_tokens
                     WHERE digest = $1 AND purpose = $2 AND expires_at > $3"
                ))
                .bind::<Text, _>(digest)
                .bind::<Text, _>(purpose.as_str())
                .bind::<Timestamptz, _>(now)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        let user = UserId(token.user_id);
        Ok(if token.used { LinkState::Used(user) } else { LinkState::Live(user) })
    }
}
