use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::{Email, PersonName, Role, User, UserId};
use ports::users::{LinkTokenRepository, NewUser, TokenPurpose, UserCredentials, UserRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::schema::{link_tokens, users};
use crate::Database;

/// A row of `users` as stored; converted into the domain's [`User`] on the way out.
#[derive(Queryable, Selectable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
struct UserRow {
    id: Uuid,
    name: String,
    email: String,
    password_hash: String,
    role: String,
    is_active: bool,
    is_verified: bool,
    can_connect_bank: bool,
    can_finalize_month: bool,
    token_version: i32,
    created_at: DateTime<Utc>,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    id: Uuid,
    name: &'a str,
    email: &'a str,
    password_hash: &'a str,
    role: &'a str,
    is_verified: bool,
}

impl TryFrom<UserRow> for UserCredentials {
    type Error = RepoError;

    fn try_from(row: UserRow) -> Result<Self, RepoError> {
        let corrupt = |e: domain::ValidationError| {
            RepoError::Unexpected(anyhow::anyhow!("stored user {} is invalid: {e}", row.id))
        };
        let user = User {
            id: UserId(row.id),
            name: PersonName::parse(&row.name).map_err(corrupt)?,
            email: Email::parse(&row.email).map_err(corrupt)?,
            role: Role::parse(&row.role).map_err(corrupt)?,
            is_active: row.is_active,
            is_verified: row.is_verified,
            can_connect_bank: row.can_connect_bank,
            can_finalize_month: row.can_finalize_month,
            token_version: row.token_version,
            created_at: row.created_at,
        };
        Ok(UserCredentials { user, password_hash: row.password_hash })
    }
}

fn into_user(row: UserRow) -> Result<User, RepoError> {
    UserCredentials::try_from(row).map(|c| c.user)
}

/// [`UserRepository`] on PostgreSQL.
pub struct PgUserRepository {
    db: Database,
}

impl PgUserRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Applies an update to one user and returns the row, or `NotFound`.
    async fn update_returning<F>(&self, id: UserId, f: F) -> Result<User, RepoError>
    where
        F: FnOnce(&mut PgConnection, Uuid) -> QueryResult<UserRow> + Send + 'static,
    {
        into_user(self.db.run(move |conn| f(conn, id.0).or_repo()).await?)
    }
}

#[async_trait]
impl UserRepository for PgUserRepository {
    #[tracing::instrument(level = "debug", skip_all)]
    async fn create(&self, user: NewUser) -> Result<User, RepoError> {
        let row = self
            .db
            .write(move |conn| {
                let row = diesel::insert_into(users::table)
                    .values(NewUserRow {
                        id: Uuid::now_v7(),
                        name: user.name.as_str(),
                        email: user.email.as_str(),
                        password_hash: &user.password_hash,
                        role: user.role.as_str(),
                        is_verified: user.is_verified,
                    })
                    .returning(UserRow::as_returning())
                    .get_result(conn)
                    .or_repo()?;
                crate::categories::insert_categories(conn, row.id, &user.default_categories, true).or_repo()?;
                Ok(row)
            })
            .await?;
        into_user(row)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn find_by_id(&self, id: UserId) -> Result<User, RepoError> {
        let row =
            self.db.run(move |conn| users::table.find(id.0).select(UserRow::as_select()).first(conn).or_repo()).await?;
        into_user(row)
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn find_credentials_by_email(&self, email: &Email) -> Result<UserCredentials, RepoError> {
        let email = email.as_str().to_owned();
        let row = self
            .db
            .run(move |conn| {
                users::table.filter(users::email.eq(email)).select(UserRow::as_select()).first(conn).or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn password_hash(&self, id: UserId) -> Result<String, RepoError> {
        self.db.run(move |conn| users::table.find(id.0).select(users::password_hash).first(conn).or_repo()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn update_profile(&self, id: UserId, name: PersonName, email: Email) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            diesel::update(users::table.find(id))
                .set((
                    users::name.eq(name.as_str()),
                    users::email.eq(email.as_str()),
                    users::updated_at.eq(diesel::dsl::now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn set_password(&self, id: UserId, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            diesel::update(users::table.find(id))
                .set((
                    users::password_hash.eq(password_hash),
                    users::token_version.eq(users::token_version + 1),
                    users::updated_at.eq(diesel::dsl::now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn replace_unverified(&self, id: UserId, name: PersonName, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            diesel::update(users::table.find(id).filter(users::is_verified.eq(false)))
                .set((
                    users::name.eq(name.as_str()),
                    users::password_hash.eq(password_hash),
                    users::updated_at.eq(diesel::dsl::now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn mark_verified(&self, id: UserId) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            diesel::update(users::table.find(id))
                .set((users::is_verified.eq(true), users::updated_at.eq(diesel::dsl::now)))
                .returning(UserRow::as_returning())
                .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn promote_to_superadmin(&self, id: UserId, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            diesel::update(users::table.find(id))
                .set((
                    users::role.eq(Role::Superadmin.as_str()),
                    users::is_verified.eq(true),
                    users::is_active.eq(true),
                    users::password_hash.eq(password_hash),
                    users::token_version.eq(users::token_version + 1),
                    users::updated_at.eq(diesel::dsl::now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
        })
        .await
    }
}

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
                diesel::delete(
                    link_tokens::table
                        .filter(link_tokens::user_id.eq(user_id.0))
                        .filter(link_tokens::purpose.eq(purpose.as_str())),
                )
                .execute(conn)
                .or_repo()?;
                diesel::insert_into(link_tokens::table)
                    .values((
                        link_tokens::digest.eq(digest),
                        link_tokens::user_id.eq(user_id.0),
                        link_tokens::purpose.eq(purpose.as_str()),
                        link_tokens::expires_at.eq(expires_at),
                    ))
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn consume(&self, purpose: TokenPurpose, digest: String, now: DateTime<Utc>) -> Result<UserId, RepoError> {
        let (user_id, expires_at): (Uuid, DateTime<Utc>) = self
            .db
            .run(move |conn| {
                diesel::delete(
                    link_tokens::table
                        .filter(link_tokens::digest.eq(digest))
                        .filter(link_tokens::purpose.eq(purpose.as_str())),
                )
                .returning((link_tokens::user_id, link_tokens::expires_at))
                .get_result(conn)
                .or_repo()
            })
            .await?;
        if expires_at <= now {
            return Err(RepoError::NotFound);
        }
        Ok(UserId(user_id))
    }
}
