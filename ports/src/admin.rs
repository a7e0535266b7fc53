//! User management: a superadmin lists, creates, edits, deletes, disables and enables users and
//! grants bank and month-finalising access. The rules are `domain::admin`'s; every change is
//! applied with its audit entry in one transaction by the repository.

use std::sync::Arc;

use domain::admin::{admin_may, AdminAction, AdminRefusal};
use domain::categories::default_categories;
use domain::{Email, NewPassword, PersonName, Role, User, UserId, ValidationError};

use crate::security::PasswordHasher;
use crate::users::{AdminChange, AuditRecord, AuditStamp, NewUser, UserRepository};
use crate::{RepoError, UniqueField, WorkError};

/// How many audit entries one request shows.
pub const AUDIT_LIMIT: i64 = 200;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0}")]
    Refused(AdminRefusal),
    #[error("User not found")]
    NotFound,
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("Two-factor authentication is not enabled")]
    TwoFactorOff,
    #[error("{}", crate::work::BUSY_MESSAGE)]
    Busy,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for AdminError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => AdminError::NotFound,
            RepoError::Duplicate(UniqueField::Email) => AdminError::EmailTaken,
            RepoError::Refused(why) => AdminError::Refused(why),
            other => AdminError::Unexpected(anyhow::Error::new(other)),
        }
    }
}

impl From<WorkError> for AdminError {
    fn from(e: WorkError) -> Self {
        match e {
            WorkError::Busy => AdminError::Busy,
            WorkError::Failed(cause) => AdminError::Unexpected(cause),
        }
    }
}

/// The Add User form as sent.
#[derive(Debug, Clone, Default)]
pub struct NewUserForm {
    pub name: String,
    pub email: String,
    pub password: String,
    pub role: String,
}

/// The Edit User form as sent; a missing or blank password leaves it unchanged.
#[derive(Debug, Clone, Default)]
pub struct UserEditForm {
    pub name: String,
    pub email: String,
    pub role: String,
    pub password: Option<String>,
}

/// Who is asking, and from where.
#[derive(Debug, Clone)]
pub struct Admin {
    pub user: User,
    pub ip: Option<String>,
}

impl Admin {
    fn stamp(&self) -> AuditStamp {
        AuditStamp { actor: self.user.id, ip: self.ip.clone() }
    }

    /// Refuses anyone but an active superadmin before anything is read.
    fn check(&self) -> Result<(), AdminError> {
        if self.user.role == Role::Superadmin && self.user.is_active {
            Ok(())
        } else {
            Err(AdminError::Refused(AdminRefusal::NotSuperadmin))
        }
    }

    /// Refuses what the rules refuse whatever the other superadmins: acting on oneself. The
    /// last-superadmin rule needs the locked count and is checked again by the repository.
    fn check_target(&self, target: UserId, action: AdminAction) -> Result<(), AdminError> {
        self.check()?;
        if target == self.user.id {
            admin_may(&self.user, &self.user, action, i64::MAX).map_err(AdminError::Refused)?;
        }
        Ok(())
    }
}

#[derive(Clone)]
pub struct UserAdminService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
}

impl UserAdminService {
    pub fn new(users: Arc<dyn UserRepository>, hasher: Arc<dyn PasswordHasher>) -> Self {
        Self { users, hasher }
    }

    /// Every user (or one page of them) and the total.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn list(&self, admin: &Admin, page: Option<(i64, i64)>) -> Result<(Vec<User>, i64), AdminError> {
        admin.check()?;
        Ok(self.users.list_users(page).await?)
    }

    /// A verified, active user who can sign in at once, with the default categories.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn create(&self, admin: &Admin, form: NewUserForm) -> Result<User, AdminError> {
        admin.check()?;
        let name = PersonName::parse(&form.name)?;
        let email = Email::parse(&form.email)?;
        let password = NewPassword::parse(&form.password, "password")?;
        let role = Role::parse(&form.role)?;
        let password_hash = self.hasher.hash(password.expose()).await?;
        let user =
            NewUser { name, email, password_hash, role, is_verified: true, default_categories: default_categories() };
        Ok(self.users.create_by_admin(user, admin.stamp()).await?)
    }

    /// Name, e-mail and role; a new password replaces the old one and ends the user's sessions.
    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    pub async fn edit(&self, admin: &Admin, target: UserId, form: UserEditForm) -> Result<User, AdminError> {
        // Refused before the form is read: it tells someone who may not edit users nothing.
        admin.check()?;
        let name = PersonName::parse(&form.name)?;
        let email = Email::parse(&form.email)?;
        let role = Role::parse(&form.role)?;
        admin.check_target(target, AdminAction::Edit { role })?;
        let password = form.password.as_deref().filter(|p| !p.is_empty());
        let password_hash = match password {
            Some(p) => Some(self.hasher.hash(NewPassword::parse(p, "password")?.expose()).await?),
            None => None,
        };
        let change = AdminChange::Edit { name, email, role, password_hash };
        self.apply(admin, target, change).await?.ok_or(AdminError::NotFound)
    }

    /// Deletes the user and everything they own.
    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    pub async fn delete(&self, admin: &Admin, target: UserId) -> Result<(), AdminError> {
        self.apply(admin, target, AdminChange::Delete).await.map(|_| ())
    }

    /// Flips one of isActive, canConnectBank or canFinalizeMonth; answers the user after it.
    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    pub async fn toggle(&self, admin: &Admin, target: UserId, change: AdminChange) -> Result<User, AdminError> {
        debug_assert!(matches!(
            change,
            AdminChange::ToggleActive | AdminChange::ToggleBankAccess | AdminChange::ToggleFinalizeAccess
        ));
        self.apply(admin, target, change).await?.ok_or(AdminError::NotFound)
    }

    /// Turns another user's two-factor sign-in off (they lost their phone and their recovery
    /// codes), recorded in the audit log. Their sessions stay; their next sign-in needs only
    /// the password.
    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    pub async fn reset_two_factor(&self, admin: &Admin, target: UserId) -> Result<User, AdminError> {
        admin.check_target(target, AdminAction::ResetTwoFactor)?;
        if !self.users.find_by_id(target).await?.two_factor_enabled {
            return Err(AdminError::TwoFactorOff);
        }
        self.apply(admin, target, AdminChange::ResetTwoFactor).await?.ok_or(AdminError::NotFound)
    }

    /// The audit entries about a user, newest first.
    #[tracing::instrument(level = "debug", skip_all, fields(target = %target))]
    pub async fn audit(&self, admin: &Admin, target: UserId) -> Result<Vec<AuditRecord>, AdminError> {
        admin.check()?;
        self.users.find_by_id(target).await?;
        Ok(self.users.audit_of(target, AUDIT_LIMIT).await?)
    }

    async fn apply(&self, admin: &Admin, target: UserId, change: AdminChange) -> Result<Option<User>, AdminError> {
        admin.check_target(target, change.action())?;
        Ok(self.users.admin_change(target, change, admin.stamp()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::security::MockPasswordHasher;
    use crate::users::MockUserRepository;
    use chrono::Utc;
    use uuid::Uuid;

    fn user(n: u128, role: Role) -> User {
        User {
            id: UserId(Uuid::from_u128(n)),
            name: PersonName::parse("Ada Admin").unwrap(),
            email: Email::parse(&format!("u{n}@example.com")).unwrap(),
            role,
            is_active: true,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: Utc::now(),
        }
    }

    fn admin() -> Admin {
        Admin { user: user(1, Role::Superadmin), ip: Some("192.0.2.7".into()) }
    }

    fn service(users: MockUserRepository, hasher: MockPasswordHasher) -> UserAdminService {
        UserAdminService::new(Arc::new(users), Arc::new(hasher))
    }

    fn edit_form(password: Option<&str>) -> UserEditForm {
        UserEditForm {
            name: "Jane Doe".into(),
            email: "Jane@Example.com".into(),
            role: "user".into(),
            password: password.map(Into::into),
        }
    }

    #[tokio::test]
    async fn an_ordinary_user_is_refused_before_anything_is_read_or_hashed() {
        let mut users = MockUserRepository::new();
        users.expect_list_users().never();
        users.expect_admin_change().never();
        users.expect_create_by_admin().never();
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().never();
        let s = service(users, hasher);
        let plain = Admin { user: user(1, Role::User), ip: None };
        let refused = |r: Result<_, AdminError>| matches!(r, Err(AdminError::Refused(AdminRefusal::NotSuperadmin)));
        assert!(refused(s.list(&plain, None).await.map(|_| ())));
        assert!(refused(s.delete(&plain, UserId(Uuid::from_u128(2))).await));
        assert!(refused(s.toggle(&plain, UserId(Uuid::from_u128(2)), AdminChange::ToggleActive).await.map(|_| ())));
        let form = NewUserForm {
            name: "Jo Bloggs".into(),
            email: "jo@example.com".into(),
            password: "Secret123".into(),
            role: "user".into(),
        };
        assert!(refused(s.create(&plain, form).await.map(|_| ())));
    }

    #[tokio::test]
    async fn a_superadmin_cannot_act_on_their_own_account_and_nothing_is_written() {
        let mut users = MockUserRepository::new();
        users.expect_admin_change().never();
        let s = service(users, MockPasswordHasher::new());
        let me = admin().user.id;
        for change in [AdminChange::ToggleActive, AdminChange::ToggleBankAccess, AdminChange::ToggleFinalizeAccess] {
            let err = s.toggle(&admin(), me, change).await.unwrap_err();
            assert!(matches!(err, AdminError::Refused(AdminRefusal::OwnAccount)));
        }
        assert!(matches!(s.delete(&admin(), me).await, Err(AdminError::Refused(AdminRefusal::OwnAccount))));
        let demote = s.edit(&admin(), me, edit_form(None)).await.unwrap_err();
        assert!(matches!(demote, AdminError::Refused(AdminRefusal::OwnAccount)));
    }

    #[tokio::test]
    async fn a_new_password_is_hashed_and_replaces_the_old_one_a_blank_one_changes_nothing() {
        let target = UserId(Uuid::from_u128(2));
        let mut users = MockUserRepository::new();
        users
            .expect_admin_change()
            .withf(move |t, change, by| {
                *t == target
                    && by.actor == UserId(Uuid::from_u128(1))
                    && by.ip.as_deref() == Some("192.0.2.7")
                    && matches!(change, AdminChange::Edit { password_hash: Some(h), role: Role::User, email, .. }
                        if h == "HASH" && email.as_str() == "jane@example.com")
            })
            .times(1)
            .returning(|_, _, _| Ok(Some(user(2, Role::User))));
        users
            .expect_admin_change()
            .withf(|_, change, _| matches!(change, AdminChange::Edit { password_hash: None, .. }))
            .times(2)
            .returning(|_, _, _| Ok(Some(user(2, Role::User))));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().withf(|p| p == "N3w-secret").times(1).returning(|_| Ok("HASH".into()));
        let s = service(users, hasher);
        s.edit(&admin(), target, edit_form(Some("N3w-secret"))).await.unwrap();
        s.edit(&admin(), target, edit_form(Some(""))).await.unwrap();
        s.edit(&admin(), target, edit_form(None)).await.unwrap();
    }

    #[tokio::test]
    async fn the_repositorys_refusals_and_conflicts_keep_their_meaning() {
        let mut users = MockUserRepository::new();
        let mut answers = vec![
            Err(RepoError::Refused(AdminRefusal::LastSuperadmin)),
            Err(RepoError::NotFound),
            Err(RepoError::Duplicate(UniqueField::Email)),
        ]
        .into_iter();
        users.expect_admin_change().times(3).returning(move |_, _, _| answers.next().unwrap());
        let s = service(users, MockPasswordHasher::new());
        let other = UserId(Uuid::from_u128(3));
        let last = s.toggle(&admin(), other, AdminChange::ToggleActive).await.unwrap_err();
        assert_eq!(last.to_string(), "There must always be at least one active superadmin");
        assert_eq!(s.delete(&admin(), other).await.unwrap_err().to_string(), "User not found");
        let taken = s.edit(&admin(), other, edit_form(None)).await.unwrap_err();
        assert_eq!(taken.to_string(), "An account with this email already exists");
    }

    #[tokio::test]
    async fn a_created_user_is_verified_with_the_forms_rules() {
        let mut users = MockUserRepository::new();
        users
            .expect_create_by_admin()
            .withf(|u, by| {
                u.is_verified
                    && u.role == Role::Superadmin
                    && !u.default_categories.is_empty()
                    && by.actor == UserId(Uuid::from_u128(1))
            })
            .times(1)
            .returning(|_, _| Ok(user(9, Role::Superadmin)));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().times(1).returning(|_| Ok("HASH".into()));
        let s = service(users, hasher);
        let form = |role: &str, password: &str| NewUserForm {
            name: "Jo Bloggs".into(),
            email: "jo@example.com".into(),
            password: password.into(),
            role: role.into(),
        };
        assert_eq!(
            s.create(&admin(), form("owner", "Secret123")).await.unwrap_err().to_string(),
            "Role must be user or superadmin"
        );
        assert!(matches!(s.create(&admin(), form("user", "")).await, Err(AdminError::Invalid(_))));
        // The rule of every password set: sign-up's, reset's and the profile's.
        for (password, message) in [
            ("secret1", "Password must be at least 8 characters"),
            ("Password1", "This password is too common. Please choose another."),
        ] {
            assert_eq!(s.create(&admin(), form("user", password)).await.unwrap_err().to_string(), message);
        }
        s.create(&admin(), form("superadmin", "Secret123")).await.unwrap();
    }
}
