//! Personal access tokens: the member's id leads every key; the secret's digest has its own
//! unique index, by which each request finds its token.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::ids::TokenId;
use domain::tokens::TokenScope;
use domain::UserId;
use ports::tokens::{NewToken, PersonalToken, TokenRepository, TokenUser};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::users::token_user;
use crate::Database;

/// [`TokenRepository`] on PostgreSQL.
pub struct PgTokenRepository {
    db: Database,
}

impl PgTokenRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct TokenRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    scope: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    expires_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    last_used_at: Option<DateTime<Utc>>,
}

/// A token's columns, as [`TokenRow`] reads them (never the digest).
macro_rules! token_columns {
    () => {
        "id, name, scope, created_at, expires_at, last_used_at"
    };
}

fn scope_of(stored: &str) -> Result<TokenScope, RepoError> {
    TokenScope::parse(Some(stored))
        .map_err(|_| RepoError::Unexpected(anyhow::anyhow!("stored token scope {stored:?} is invalid")))
}

impl TryFrom<TokenRow> for PersonalToken {
    type Error = RepoError;

    fn try_from(row: TokenRow) -> Result<Self, RepoError> {
        Ok(PersonalToken {
            id: TokenId(row.id),
            scope: scope_of(&row.scope)?,
            name: row.name,
            created_at: row.created_at,
            expires_at: row.expires_at,
            last_used_at: row.last_used_at,
        })
    }
}

#[async_trait]
impl TokenRepository for PgTokenRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create(&self, user: UserId, token: NewToken) -> Result<PersonalToken, RepoError> {
        let row: TokenRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "INSERT INTO personal_access_tokens (user_id, id, name, scope, digest, created_at, expires_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
                    token_columns!()
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<SqlUuid, _>(token.id.0)
                .bind::<Text, _>(token.name.as_str())
                .bind::<Text, _>(token.scope.as_str())
                .bind::<Text, _>(&token.digest)
                .bind::<Timestamptz, _>(token.created_at)
                .bind::<Nullable<Timestamptz>, _>(token.expires_at)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn list(&self, user: UserId) -> Result<Vec<PersonalToken>, RepoError> {
        let rows: Vec<TokenRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT ",
                    token_columns!(),
                    " FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id DESC"
                ))
                .bind::<SqlUuid, _>(user.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter().map(PersonalToken::try_from).collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete(&self, user: UserId, id: TokenId) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                query(sql!("DELETE FROM personal_access_tokens WHERE user_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<SqlUuid, _>(id.0)
                    .execute(conn)
                    .or_repo()
                    .and_then(found)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn user_of(&self, digest: String, now: DateTime<Utc>) -> Result<TokenUser, RepoError> {
        let (user, token, scope) = self.db.run(move |conn| token_user(conn, &digest, now)?.user()).await?;
        Ok(TokenUser { user, token: TokenId(token), scope: scope_of(&scope)? })
    }
}
