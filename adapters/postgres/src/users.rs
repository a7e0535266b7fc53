use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use domain::admin::admin_may;
use domain::{Email, PersonName, Role, User, UserId};
use ports::users::{
    AdminChange, AuditRecord, AuditStamp, LinkTokenRepository, NewUser, TokenPurpose, UserCredentials, UserRepository,
};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::schema::{admin_audit, link_tokens, users};
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

/// Inserts a user with their default categories; run it inside a transaction.
fn insert_user(conn: &mut PgConnection, user: &NewUser) -> Result<UserRow, RepoError> {
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
}

/// Writes one audit entry; run it in the transaction of the change it records.
fn audit(conn: &mut PgConnection, by: &AuditStamp, target: Uuid, action: &str, detail: &str) -> Result<(), RepoError> {
    diesel::insert_into(admin_audit::table)
        .values((
            admin_audit::user_id.eq(by.actor.0),
            admin_audit::id.eq(Uuid::now_v7()),
            admin_audit::target_id.eq(target),
            admin_audit::action.eq(action),
            admin_audit::detail.eq(detail),
            admin_audit::ip.eq(by.ip.as_deref()),
        ))
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
    let admins: Vec<Uuid> = users::table
        .filter(users::role.eq(Role::Superadmin.as_str()))
        .filter(users::is_active.eq(true))
        .select(users::id)
        .order(users::id)
        .for_update()
        .load(conn)
        .or_repo()?;
    let actor =
        into_user(users::table.find(by.actor.0).select(UserRow::as_select()).for_update().first(conn).or_repo()?)?;
    let before = into_user(users::table.find(target).select(UserRow::as_select()).for_update().first(conn).or_repo()?)?;
    let action = change.action();
    admin_may(&actor, &before, action, admins.len() as i64).map_err(RepoError::Refused)?;
    let now = diesel::dsl::now;
    let (row, detail) = match change {
        AdminChange::Edit { name, email, role, password_hash } => {
            let detail = edit_detail(&before, &name, &email, role, password_hash.is_some());
            let base = (
                users::name.eq(name.as_str().to_owned()),
                users::email.eq(email.as_str().to_owned()),
                users::role.eq(role.as_str()),
                users::updated_at.eq(now),
            );
            let row = match password_hash {
                Some(hash) => diesel::update(users::table.find(target))
                    .set((base, users::password_hash.eq(hash), users::token_version.eq(users::token_version + 1)))
                    .returning(UserRow::as_returning())
                    .get_result(conn),
                None => diesel::update(users::table.find(target))
                    .set(base)
                    .returning(UserRow::as_returning())
                    .get_result(conn),
            }
            .or_repo()?;
            (Some(row), detail)
        }
        AdminChange::Delete => {
            diesel::delete(users::table.find(target)).execute(conn).or_repo()?;
            (None, format!("deleted {}", before.email.as_str()))
        }
        AdminChange::ToggleActive => {
            let row = diesel::update(users::table.find(target))
                .set((users::is_active.eq(!before.is_active), users::updated_at.eq(now)))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .or_repo()?;
            (Some(row), if before.is_active { "disabled" } else { "enabled" }.to_owned())
        }
        AdminChange::ToggleBankAccess => {
            let row = diesel::update(users::table.find(target))
                .set((users::can_connect_bank.eq(!before.can_connect_bank), users::updated_at.eq(now)))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .or_repo()?;
            (Some(row), if before.can_connect_bank { "bank access revoked" } else { "bank access granted" }.to_owned())
        }
        AdminChange::ToggleFinalizeAccess => {
            let row = diesel::update(users::table.find(target))
                .set((users::can_finalize_month.eq(!before.can_finalize_month), users::updated_at.eq(now)))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .or_repo()?;
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

    #[tracing::instrument(level = "debug", skip_all)]
    async fn list_users(&self, page: Option<(i64, i64)>) -> Result<(Vec<User>, i64), RepoError> {
        let (rows, total) = self
            .db
            .read_snapshot(move |conn| {
                let total: i64 = users::table.count().get_result(conn).or_repo()?;
                let query = users::table.select(UserRow::as_select()).order((users::created_at, users::id));
                let rows = match page {
                    Some((page, limit)) => {
                        query.limit(limit).offset((page - 1).saturating_mul(limit)).load(conn).or_repo()?
                    }
                    None => query.load(conn).or_repo()?,
                };
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
        type Row = (DateTime<Utc>, Uuid, Option<String>, Uuid, String, String, Option<String>);
        let rows: Vec<Row> = self
            .db
            .run(move |conn| {
                admin_audit::table
                    .left_join(users::table.on(users::id.eq(admin_audit::user_id)))
                    .filter(admin_audit::target_id.eq(target.0))
                    .order((admin_audit::created_at.desc(), admin_audit::id.desc()))
                    .limit(limit)
                    .select((
                        admin_audit::created_at,
                        admin_audit::user_id,
                        users::email.nullable(),
                        admin_audit::target_id,
                        admin_audit::action,
                        admin_audit::detail,
                        admin_audit::ip,
                    ))
                    .load(conn)
                    .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|(at, actor, actor_email, target, action, detail, ip)| AuditRecord {
                at,
                actor: UserId(actor),
                actor_email,
                target: UserId(target),
                action,
                detail,
                ip,
            })
            .collect())
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
