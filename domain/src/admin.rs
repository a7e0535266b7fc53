//! What a superadmin may do to a user: never to their own account (beyond their name and
//! e-mail), and never so that no active superadmin is left.

use crate::user::{Role, User};

/// An administrator's change to a user, as far as the rules care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminAction {
    /// Name, e-mail, role and perhaps the password; `role` is the role after the edit.
    Edit {
        role: Role,
    },
    Delete,
    ToggleActive,
    ToggleBankAccess,
    ToggleFinalizeAccess,
    /// Turns another user's two-factor sign-in off (their own is turned off from their profile).
    ResetTwoFactor,
}

impl AdminAction {
    /// The audit log's name of the action.
    pub fn as_str(self) -> &'static str {
        match self {
            AdminAction::Edit { .. } => "edit",
            AdminAction::Delete => "delete",
            AdminAction::ToggleActive => "toggle_status",
            AdminAction::ToggleBankAccess => "toggle_bank_access",
            AdminAction::ToggleFinalizeAccess => "toggle_finalize_access",
            AdminAction::ResetTwoFactor => "reset_two_factor",
        }
    }

    /// Whether doing this to `target` leaves them no longer an active superadmin.
    fn removes_active_superadmin(self, target: &User) -> bool {
        let active_superadmin = target.role == Role::Superadmin && target.is_active;
        active_superadmin
            && match self {
                AdminAction::Edit { role } => role != Role::Superadmin,
                AdminAction::Delete | AdminAction::ToggleActive => true,
                AdminAction::ToggleBankAccess | AdminAction::ToggleFinalizeAccess | AdminAction::ResetTwoFactor => {
                    false
                }
            }
    }
}

/// Why an administrator's change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AdminRefusal {
    #[error("Access denied. Superadmin privileges required.")]
    NotSuperadmin,
    #[error("You cannot change your own role, status or access, or delete your own account")]
    OwnAccount,
    #[error("There must always be at least one active superadmin")]
    LastSuperadmin,
    #[error("A superadmin can always link a bank and finalise months")]
    SuperadminAlwaysAllowed,
}

/// May `actor` do `action` to `target` while `active_superadmins` superadmins are active?
/// The count is read in the same transaction as the change, with those rows locked.
pub fn admin_may(
    actor: &User,
    target: &User,
    action: AdminAction,
    active_superadmins: i64,
) -> Result<(), AdminRefusal> {
    if actor.role != Role::Superadmin || !actor.is_active {
        return Err(AdminRefusal::NotSuperadmin);
    }
    if actor.id == target.id && action != (AdminAction::Edit { role: Role::Superadmin }) {
        return Err(AdminRefusal::OwnAccount);
    }
    let access = matches!(action, AdminAction::ToggleBankAccess | AdminAction::ToggleFinalizeAccess);
    if access && target.role == Role::Superadmin {
        return Err(AdminRefusal::SuperadminAlwaysAllowed);
    }
    if action.removes_active_superadmin(target) && active_superadmins <= 1 {
        return Err(AdminRefusal::LastSuperadmin);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::user::{Email, PersonName, UserId};
    use chrono::Utc;
    use uuid::Uuid;

    fn user(n: u128, role: Role, is_active: bool) -> User {
        User {
            id: UserId(Uuid::from_u128(n)),
            name: PersonName::parse("Some One").unwrap(),
            email: Email::parse(&format!("u{n}@example.com")).unwrap(),
            role,
            is_active,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: Utc::now(),
        }
    }

    const ALL: [AdminAction; 6] = [
        AdminAction::Edit { role: Role::User },
        AdminAction::Edit { role: Role::Superadmin },
        AdminAction::Delete,
        AdminAction::ToggleActive,
        AdminAction::ToggleBankAccess,
        AdminAction::ToggleFinalizeAccess,
    ];

    #[test]
    fn only_an_active_superadmin_administers() {
        let target = user(2, Role::User, true);
        for action in ALL {
            assert_eq!(admin_may(&user(1, Role::User, true), &target, action, 1), Err(AdminRefusal::NotSuperadmin));
            assert_eq!(
                admin_may(&user(1, Role::Superadmin, false), &target, action, 1),
                Err(AdminRefusal::NotSuperadmin)
            );
            assert_eq!(admin_may(&user(1, Role::Superadmin, true), &target, action, 1), Ok(()));
        }
    }

    #[test]
    fn a_superadmin_may_only_rename_themselves() {
        let me = user(1, Role::Superadmin, true);
        for action in ALL {
            let want = if action == (AdminAction::Edit { role: Role::Superadmin }) {
                Ok(())
            } else {
                Err(AdminRefusal::OwnAccount)
            };
            assert_eq!(admin_may(&me, &me, action, 5), want, "{action:?}");
        }
    }

    #[test]
    fn the_last_active_superadmin_stays() {
        let actor = user(1, Role::Superadmin, true);
        let other = user(2, Role::Superadmin, true);
        let cases = [
            (AdminAction::Edit { role: Role::User }, true),
            (AdminAction::Edit { role: Role::Superadmin }, false),
            (AdminAction::Delete, true),
            (AdminAction::ToggleActive, true),
        ];
        for (action, removes) in cases {
            let want = if removes { Err(AdminRefusal::LastSuperadmin) } else { Ok(()) };
            assert_eq!(admin_may(&actor, &other, action, 1), want, "{action:?} with one active");
            assert_eq!(admin_may(&actor, &other, action, 2), Ok(()), "{action:?} with two active");
        }
        // A disabled superadmin is not one of the active ones: enabling or removing them is fine.
        let disabled = user(3, Role::Superadmin, false);
        for action in [AdminAction::Edit { role: Role::User }, AdminAction::Delete, AdminAction::ToggleActive] {
            assert_eq!(admin_may(&actor, &disabled, action, 1), Ok(()), "{action:?}");
        }
    }

    #[test]
    fn a_superadmins_access_cannot_be_toggled_it_is_always_granted() {
        let actor = user(1, Role::Superadmin, true);
        for target in [user(2, Role::Superadmin, true), user(3, Role::Superadmin, false)] {
            for action in [AdminAction::ToggleBankAccess, AdminAction::ToggleFinalizeAccess] {
                assert_eq!(admin_may(&actor, &target, action, 2), Err(AdminRefusal::SuperadminAlwaysAllowed));
            }
        }
    }
}
