//! The household a user is in: its name, its members with their roles, and the invitations
//! that bring others in. The owner manages it; everyone in it reads it; a member or a viewer
//! leaves it for a household of their own.

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::households::{HouseholdName, HouseholdRole, InvitationStatus};
use domain::ids::{HouseholdId, InvitationId};
use domain::{UserId, ValidationError};

use crate::RepoError;

pub use service::{HouseholdDeps, HouseholdService, InvitationRef};

/// One person of a household.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub user: UserId,
    pub name: String,
    pub email: String,
    pub role: HouseholdRole,
    pub joined_at: DateTime<Utc>,
}

/// A household with its members, the owner first, then by when they joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Household {
    pub id: HouseholdId,
    pub name: String,
    pub members: Vec<Member>,
}

impl Household {
    /// The role of `user` in it; `None` for someone not in it.
    pub fn role_of(&self, user: UserId) -> Option<HouseholdRole> {
        self.members.iter().find(|m| m.user == user).map(|m| m.role)
    }
}

/// Who sent an invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inviter {
    pub id: UserId,
    pub name: String,
}

/// An invitation as stored (never its token: only the token's digest is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: InvitationId,
    pub household: HouseholdId,
    pub household_name: String,
    /// The invited address, lowercased.
    pub email: String,
    pub role: HouseholdRole,
    pub status: InvitationStatus,
    pub invited_by: Inviter,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// An invitation about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    pub email: String,
    pub role: HouseholdRole,
    pub token_digest: String,
    pub invited_by: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait HouseholdRepository: Send + Sync {
    /// The household the user is in (every user is in exactly one).
    async fn of_user(&self, user: UserId) -> Result<Household, RepoError>;
    /// The household the user is in and their role in it (every user is in exactly one).
    async fn membership(&self, user: UserId) -> Result<(HouseholdId, HouseholdRole), RepoError>;
    async fn rename(&self, id: HouseholdId, name: HouseholdName) -> Result<(), RepoError>;
    /// Stores an invitation, revoking a pending one of the household to the same address in the
    /// same transaction.
    async fn invite(&self, household: HouseholdId, new: NewInvitation) -> Result<Invitation, RepoError>;
    /// The household's pending invitations not expired at `now`, newest first.
    async fn invitations(&self, household: HouseholdId, now: DateTime<Utc>) -> Result<Vec<Invitation>, RepoError>;
    /// Revokes a pending invitation of the household; `NotFound` for any other.
    async fn revoke(&self, household: HouseholdId, id: InvitationId) -> Result<(), RepoError>;
    /// The pending invitations to this (lowercased) address not expired at `now`, newest first.
    async fn pending_for(&self, email: String, now: DateTime<Utc>) -> Result<Vec<Invitation>, RepoError>;
    /// The invitation whose token has this digest, in whatever state; `NotFound`.
    async fn invitation_by_digest(&self, digest: String) -> Result<Invitation, RepoError>;
    /// The invitation with this id, in whatever state; `NotFound`.
    async fn invitation(&self, id: InvitationId) -> Result<Invitation, RepoError>;
    /// Whether the household holds data of its own: any account, budget, goal, recurring
    /// template, inventory item, shopping-list entry, rule, import, bank connection, or a
    /// category someone made (its default categories do not count).
    async fn has_own_data(&self, household: HouseholdId) -> Result<bool, RepoError>;
    /// Moves `user` into the invitation's household with its role, marking it accepted, in one
    /// transaction: `NotFound` if it stopped being pending meanwhile. With `bring`, everything
    /// their household of one holds moves in first (their accounts private to them, their
    /// categories merged by name, a budget on a category the household budgets dropped); their
    /// old household then goes with whatever it still holds.
    async fn join(&self, user: UserId, invitation: InvitationId, bring: bool) -> Result<(), RepoError>;
    /// Gives a member another role; `Owner` hands the household over (the owner becomes a
    /// member). `NotFound` for someone not in the household.
    async fn set_role(&self, household: HouseholdId, member: UserId, role: HouseholdRole) -> Result<(), RepoError>;
    /// Takes a member out of the household into a new one of their own (named after them, with
    /// the default categories); everything shared stays. `NotFound` for someone not in it.
    async fn remove(&self, household: HouseholdId, member: UserId) -> Result<(), RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum HouseholdError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    /// A member or a viewer asked for what only the owner may do.
    #[error("Only the household owner can do this")]
    OwnerOnly,
    #[error("This person is already in your household")]
    AlreadyMember,
    #[error("Invitation not found")]
    InvitationNotFound,
    #[error("This invitation was sent to another email address")]
    WrongAddress,
    #[error("This invitation has already been used")]
    Used,
    #[error("This invitation has been revoked")]
    Revoked,
    #[error("This invitation has expired")]
    Expired,
    #[error("Leave your current household before joining another")]
    InHousehold,
    #[error("You already have your own data. Accept with bringMyData to move it into the household.")]
    HasOwnData,
    #[error("Member not found")]
    MemberNotFound,
    #[error("You cannot change your own role")]
    OwnRole,
    #[error("You cannot remove yourself")]
    RemoveSelf,
    #[error("Transfer ownership to another member before leaving")]
    OwnerLeaving,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for HouseholdError {
    fn from(e: RepoError) -> Self {
        HouseholdError::Unexpected(anyhow::Error::new(e))
    }
}
