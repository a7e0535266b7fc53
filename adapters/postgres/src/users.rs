use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::admin::admin_may;
use domain::{Email, PersonName, Role, User, UserId};
use ports::users::{AdminChange, AuditRecord, AuditStamp, NewUser, UserCredentials, UserRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};
use crate::Database;

/// A row of `users` as stored; converted into the domain's [`User`] on the way out.
#[derive(QueryableByName)]
pub(crate) struct UserRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    password_hash: String,
    #[diesel(sql_type = Text)]
    role: String,
    #[diesel(sql_type = Bool)]
    is_active: bool,
    #[diesel(sql_type = Bool)]
    is_verified: bool,
    #[diesel(sql_type = Bool)]
    can_connect_bank: bool,
    #[diesel(sql_type = Bool)]
    can_finalize_month: bool,
    #[diesel(sql_type = Integer)]
    token_version: i32,
    #[diesel(sql_type = Bool)]
    two_factor_enabled: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

/// A user's columns, as [`UserRow`] reads them.
macro_rules! user_columns {
    () => {
        "id, name, email, password_hash, role, is_active, is_verified, can_connect_bank, can_finalize_month,
         token_version, two_factor_enabled, created_at"
    };
}

/// The user `id` (`statement` selects it by `$1`, perhaps locking it).
fn user_row(conn: &mut PgConnection, statement: Sql, id: Uuid) -> QueryResult<UserRow> {
    query(statement).bind::<SqlUuid, _>(id).get_result(conn)
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
            two_factor_enabled: row.two_factor_enabled,
            created_at: row.created_at,
        };
        Ok(UserCredentials { user, password_hash: row.password_hash })
    }
}

fn into_user(row: UserRow) -> Result<User, RepoError> {
    UserCredentials::try_from(row).map(|c| c.user)
}

/// How stale a session's last-seen time may get before a request refreshes it: the list of
/// devices is told to the minute or so, and most requests then write nothing.
const SEEN_EVERY: &str = "5 minutes";

/// The user of session `session`, if it still exists, noting it seen at `now`: one statement,
/// by the sessions' and users' keys.
pub(crate) fn session_user(
    conn: &mut PgConnection,
    user: Uuid,
    session: Uuid,
    now: DateTime<Utc>,
) -> Result<User, RepoError> {
    let row: UserRow = query(sql!(
        "WITH seen AS (
             UPDATE sessions SET last_seen_at = $3
             WHERE user_id = $1 AND id = $2 AND last_seen_at < $3::timestamptz - $4::interval
         )
         SELECT ",
        user_columns!(),
        " FROM users
         WHERE id = $1 AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = $1 AND s.id = $2)"
    ))
    .bind::<SqlUuid, _>(user)
    .bind::<SqlUuid, _>(session)
    .bind::<Timestamptz, _>(now)
    .bind::<Text, _>(SEEN_EVERY)
    .get_result(conn)
    .or_repo()?;
    into_user(row)
}

/// A user as a personal access token signs them in: the user and the token's id and scope.
#[derive(QueryableByName)]
pub(crate) struct TokenUserRow {
    #[diesel(embed)]
    user: UserRow,
    #[diesel(sql_type = SqlUuid)]
    pub(crate) token_id: Uuid,
    #[diesel(sql_type = Text)]
    pub(crate) token_scope: String,
}

impl TokenUserRow {
    pub(crate) fn user(self) -> Result<(User, Uuid, String), RepoError> {
        Ok((into_user(self.user)?, self.token_id, self.token_scope))
    }
}

/// How stale a token's last use may get before a request notes it again.
const TOKEN_USED_EVERY: &str = "1 minute";

/// The user of the live (unexpired) personal token whose secret has this digest, noting it used
/// at `now` (a write at most once a minute): one statement, by the digest's unique index and the
/// users' key. `NotFound` for an unknown, revoked or expired token.
pub(crate) fn token_user(conn: &mut PgConnection, digest: &str, now: DateTime<Utc>) -> Result<TokenUserRow, RepoError> {
    query(sql!(
        "WITH live AS (
             SELECT user_id AS token_user, id AS token_id, scope AS token_scope FROM personal_access_tokens
             WHERE digest = $1 AND (expires_at IS NULL OR expires_at > $2)
         ), used AS (
             UPDATE personal_access_tokens t SET last_used_at = $2 FROM live
             WHERE t.user_id = live.token_user AND t.id = live.token_id
               AND (t.last_used_at IS NULL OR t.last_used_at < $2::timestamptz - $3::interval)
         )
         SELECT ",
        user_columns!(),
        ", live.token_id, live.token_scope FROM users JOIN live ON users.id = live.token_user"
    ))
    .bind::<Text, _>(digest)
    .bind::<Timestamptz, _>(now)
    .bind::<Text, _>(TOKEN_USED_EVERY)
    .get_result(conn)
    .or_repo()
}

/// Turns a user's two-factor sign-in off: enrolment, recovery codes and pending challenges go.
pub(crate) fn clear_two_factor(conn: &mut PgConnection, user: Uuid) -> Result<UserRow, RepoError> {
    query(sql!(
        "WITH secret AS (DELETE FROM user_two_factor WHERE user_id = $1),
              codes AS (DELETE FROM user_recovery_codes WHERE user_id = $1),
              challenges AS (DELETE FROM login_challenges WHERE user_id = $1)
         UPDATE users SET two_factor_enabled = false, updated_at = now() WHERE id = $1 RETURNING ",
        user_columns!()
    ))
    .bind::<SqlUuid, _>(user)
    .get_result(conn)
    .or_repo()
}

/// Inserts a user with their default categories; run it inside a transaction.
fn insert_user(conn: &mut PgConnection, user: &NewUser) -> Result<UserRow, RepoError> {
    let row: UserRow = query(sql!(
        "INSERT INTO users (id, name, email, password_hash, role, is_verified) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ",
        user_columns!()
    ))
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<Text, _>(user.name.as_str())
    .bind::<Text, _>(user.email.as_str())
    .bind::<Text, _>(&user.password_hash)
    .bind::<Text, _>(user.role.as_str())
    .bind::<Bool, _>(user.is_verified)
    .get_result(conn)
    .or_repo()?;
    let household = crate::households::create_for(conn, row.id, user.name.as_str())?;
    crate::categories::insert_categories(conn, household, &user.default_categories, true).or_repo()?;
    Ok(row)
}

/// Writes one audit entry; run it in the transaction of the change it records.
fn audit(conn: &mut PgConnection, by: &AuditStamp, target: Uuid, action: &str, detail: &str) -> Result<(), RepoError> {
    query(sql!("INSERT INTO admin_audit (user_id, id, target_id, action, detail, ip) VALUES ($1, $2, $3, $4, $5, $6)"))
        .bind::<SqlUuid, _>(by.actor.0)
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(target)
        .bind::<Text, _>(action)
        .bind::<Text, _>(detail)
        .bind::<Nullable<Text>, _>(by.ip.as_deref())
        .execute(conn)
        .or_repo()?;
    Ok(())
}

/// What an edit changed, for the audit log: field names and the new role, never a password.
fn edit_detail(before: &User, name: &PersonName, email: &Email, role: Role, new_password: bool) -> String {
    let mut changed = vec![];
    if before.name.as_str() != name.as_str() {
        changed.push("name".to_owned());
    }
    if before.email.as_str() != email.as_str() {
        changed.push(format!("email {} -> {}", before.email.as_str(), email.as_str()));
    }
    if before.role != role {
        changed.push(format!("role {} -> {}", before.role.as_str(), role.as_str()));
    }
    if new_password {
        changed.push("password replaced".to_owned());
    }
    if changed.is_empty() {
        "no change".to_owned()
    } else {
        changed.join(", ")
    }
}

/// Applies an administrator's change with the active superadmins and the target locked, so
/// two administrators acting at once can never leave no active superadmin.
fn apply_admin_change(
    conn: &mut PgConnection,
    target: Uuid,
    change: AdminChange,
    by: &AuditStamp,
) -> Result<Option<UserRow>, RepoError> {
    #[derive(QueryableByName)]
    struct Admin {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    let admins: Vec<Admin> = query(sql!("SELECT id FROM users WHERE role = $1 AND is_active ORDER BY id FOR UPDATE"))
        .bind::<Text, _>(Role::Superadmin.as_str())
        .load(conn)
        .or_repo()?;
    let locked = sql!("SELECT ", user_columns!(), " FROM users WHERE id = $1 FOR UPDATE");
    let actor = into_user(user_row(conn, locked, by.actor.0).or_repo()?)?;
    let before = into_user(user_row(conn, locked, target).or_repo()?)?;
    let action = change.action();
    admin_may(&actor, &before, action, admins.len() as i64).map_err(RepoError::Refused)?;
    // Sets one permission column ($2) of the target ($1).
    let toggle = |conn: &mut PgConnection, statement: Sql, value: bool| {
        query(statement).bind::<SqlUuid, _>(target).bind::<Bool, _>(value).get_result::<UserRow>(conn).or_repo()
    };
    let (row, detail) = match change {
        AdminChange::Edit { name, email, role, password_hash } => {
            let detail = edit_detail(&before, &name, &email, role, password_hash.is_some());
            // A new password ($5) also signs the user out everywhere (a new token version, and
            // the sessions and pending sign-ins go).
            let row = query(sql!(
                "WITH sessions_ended AS (DELETE FROM sessions WHERE user_id = $1 AND $5::text IS NOT NULL),
                      challenges_ended AS (DELETE FROM login_challenges WHERE user_id = $1 AND $5::text IS NOT NULL)
                 UPDATE users SET name = $2, email = $3, role = $4, password_hash = COALESCE($5, password_hash),
                        token_version = token_version + CASE WHEN $5::text IS NULL THEN 0 ELSE 1 END,
                        updated_at = now()
                 WHERE id = $1 RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(target)
            .bind::<Text, _>(name.as_str())
            .bind::<Text, _>(email.as_str())
            .bind::<Text, _>(role.as_str())
            .bind::<Nullable<Text>, _>(password_hash)
            .get_result::<UserRow>(conn)
            .or_repo()?;
            (Some(row), detail)
        }
        AdminChange::ResetTwoFactor => (Some(clear_two_factor(conn, target)?), "two-factor sign-in reset".to_owned()),
        AdminChange::Delete => {
            // Their membership goes with them; the database then removes a household left
            // empty, or gives one left without an owner to its longest-standing member.
            query(sql!("DELETE FROM users WHERE id = $1")).bind::<SqlUuid, _>(target).execute(conn).or_repo()?;
            (None, format!("deleted {}", before.email.as_str()))
        }
        AdminChange::ToggleActive => {
            let statement =
                sql!("UPDATE users SET is_active = $2, updated_at = now() WHERE id = $1 RETURNING ", user_columns!());
            let row = toggle(conn, statement, !before.is_active)?;
            (Some(row), if before.is_active { "disabled" } else { "enabled" }.to_owned())
        }
        AdminChange::ToggleBankAccess => {
            let statement = sql!(
                "UPDATE users SET can_connect_bank = $2, updated_at = now() WHERE id = $1 RETURNING ",
                user_columns!()
            );
            let row = toggle(conn, statement, !before.can_connect_bank)?;
            (Some(row), if before.can_connect_bank { "bank access revoked" } else { "bank access granted" }.to_owned())
        }
        AdminChange::ToggleFinalizeAccess => {
            let statement = sql!(
                "UPDATE users SET can_finalize_month = $2, updated_at = now() WHERE id = $1 RETURNING ",
                user_columns!()
            );
            let row = toggle(conn, statement, !before.can_finalize_month)?;
            let detail = if before.can_finalize_month { "finalise access revoked" } else { "finalise access granted" };
            (Some(row), detail.to_owned())
        }
    };
    audit(conn, by, target, action.as_str(), &detail)?;
    Ok(row)
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
        into_user(self.db.write(move |conn| insert_user(conn, &user)).await?)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn find_by_id(&self, id: UserId) -> Result<User, RepoError> {
        let statement = sql!("SELECT ", user_columns!(), " FROM users WHERE id = $1");
        into_user(self.db.run(move |conn| user_row(conn, statement, id.0).or_repo()).await?)
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn find_credentials_by_email(&self, email: &Email) -> Result<UserCredentials, RepoError> {
        let email = email.as_str().to_owned();
        let row = self
            .db
            .run(move |conn| {
                query(sql!("SELECT ", user_columns!(), " FROM users WHERE email = $1"))
                    .bind::<Text, _>(email)
                    .get_result::<UserRow>(conn)
                    .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn password_hash(&self, id: UserId) -> Result<String, RepoError> {
        let statement = sql!("SELECT ", user_columns!(), " FROM users WHERE id = $1");
        self.db.run(move |conn| user_row(conn, statement, id.0).map(|u| u.password_hash).or_repo()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn update_profile(&self, id: UserId, name: PersonName, email: Email) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            query(sql!(
                "UPDATE users SET name = $2, email = $3, updated_at = now() WHERE id = $1 RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(name.as_str())
            .bind::<Text, _>(email.as_str())
            .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn set_password(&self, id: UserId, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            // Every session ends, and every sign-in still owing a code (its password was the old).
            query(sql!(
                "WITH sessions_ended AS (DELETE FROM sessions WHERE user_id = $1),
                      challenges_ended AS (DELETE FROM login_challenges WHERE user_id = $1)
                 UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
                 WHERE id = $1 RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(password_hash)
            .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn replace_unverified(&self, id: UserId, name: PersonName, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            query(sql!(
                "UPDATE users SET name = $2, password_hash = $3, updated_at = now()
                 WHERE id = $1 AND NOT is_verified RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(name.as_str())
            .bind::<Text, _>(password_hash)
            .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn mark_verified(&self, id: UserId) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            query(sql!(
                "UPDATE users SET is_verified = true, updated_at = now() WHERE id = $1 RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(id)
            .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %id))]
    async fn promote_to_superadmin(&self, id: UserId, password_hash: String) -> Result<User, RepoError> {
        self.update_returning(id, move |conn, id| {
            query(sql!(
                "UPDATE users SET role = $2, is_verified = true, is_active = true, password_hash = $3,
                        token_version = token_version + 1, updated_at = now()
                 WHERE id = $1 RETURNING ",
                user_columns!()
            ))
            .bind::<SqlUuid, _>(id)
            .bind::<Text, _>(Role::Superadmin.as_str())
            .bind::<Text, _>(password_hash)
            .get_result(conn)
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn list_users(&self, page: Option<(i64, i64)>) -> Result<(Vec<User>, i64), RepoError> {
        let (rows, total) = self
            .db
            .read_snapshot(move |conn| {
                #[derive(QueryableByName)]
                struct Count {
                    #[diesel(sql_type = BigInt)]
                    n: i64,
                }
                let total = query(sql!("SELECT count(*) AS n FROM users")).get_result::<Count>(conn).or_repo()?.n;
                // LIMIT NULL is no limit: every user, for the CLI's list.
                let rows: Vec<UserRow> =
                    query(sql!("SELECT ", user_columns!(), " FROM users ORDER BY created_at, id LIMIT $1 OFFSET $2"))
                        .bind::<Nullable<BigInt>, _>(page.map(|(_, limit)| limit))
                        .bind::<BigInt, _>(page.map_or(0, |(page, limit)| (page - 1).saturating_mul(limit)))
                        .load(conn)
                        .or_repo()?;
                Ok((rows, total))
            })
            .await?;
        Ok((rows.into_iter().map(into_user).collect::<Result<_, _>>()?, total))
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn create_by_admin(&self, user: NewUser, by: AuditStamp) -> Result<User, RepoError> {
        let row = self
            .db
            .write(move |conn| {
                let row = insert_user(conn, &user)?;
                audit(conn, &by, row.id, "create", &format!("created {} as {}", row.email, row.role))?;
                Ok(row)
            })
            .await?;
        into_user(row)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    async fn admin_change(
        &self,
        target: UserId,
        change: AdminChange,
        by: AuditStamp,
    ) -> Result<Option<User>, RepoError> {
        let row = self.db.write(move |conn| apply_admin_change(conn, target.0, change, &by)).await?;
        row.map(into_user).transpose()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    async fn audit_of(&self, target: UserId, limit: i64) -> Result<Vec<AuditRecord>, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Timestamptz)]
            created_at: DateTime<Utc>,
            #[diesel(sql_type = SqlUuid)]
            user_id: Uuid,
            #[diesel(sql_type = Nullable<Text>)]
            email: Option<String>,
            #[diesel(sql_type = SqlUuid)]
            target_id: Uuid,
            #[diesel(sql_type = Text)]
            action: String,
            #[diesel(sql_type = Text)]
            detail: String,
            #[diesel(sql_type = Nullable<Text>)]
            ip: Option<String>,
        }
        let rows: Vec<Row> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT a.created_at, a.user_id, u.email, a.target_id, a.action, a.detail, a.ip
                     FROM admin_audit a LEFT JOIN users u ON u.id = a.user_id
                     WHERE a.target_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2"
                ))
                .bind::<SqlUuid, _>(target.0)
                .bind::<BigInt, _>(limit)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| AuditRecord {
                at: r.created_at,
                actor: UserId(r.user_id),
                actor_email: r.email,
                target: UserId(r.target_id),
                action: r.action,
                detail: r.detail,
                ip: r.ip,
            })
            .collect())
    }
}
