//! A household: the people who share one set of books, each with a role. Every user is in
//! exactly one; a new user owns a household of one named after them.

use std::fmt;

use chrono::{DateTime, Duration, Utc};

use crate::ids::HouseholdId;
use crate::{UserId, ValidationError};

/// Whose books a request reads and writes (the household: every owned row's key), and the
/// member doing it (what they make is marked as theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scope {
    pub household: HouseholdId,
    pub member: UserId,
}

impl Scope {
    /// A user alone in a household that bears their id, as every user was before households.
    pub const fn solo(user: UserId) -> Self {
        Scope { household: HouseholdId(user.0), member: user }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.household)
    }
}

/// What a member of a household may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseholdRole {
    /// Exactly one per household: manages its name, members and invitations.
    Owner,
    /// Reads and writes everything shared.
    Member,
    /// Reads everything shared; every write is refused.
    Viewer,
}

impl HouseholdRole {
    /// Every role, in the order the API lists them.
    pub const ALL: [HouseholdRole; 3] = [HouseholdRole::Owner, HouseholdRole::Member, HouseholdRole::Viewer];

    pub fn as_str(self) -> &'static str {
        match self {
            HouseholdRole::Owner => "owner",
            HouseholdRole::Member => "member",
            HouseholdRole::Viewer => "viewer",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        HouseholdRole::ALL
            .into_iter()
            .find(|r| r.as_str() == raw.trim())
            .ok_or_else(|| ValidationError::new("role", "Role must be owner, member or viewer"))
    }

    /// Only the owner manages the household itself.
    pub fn manages(self) -> bool {
        self == HouseholdRole::Owner
    }

    /// The role an invitation offers: a member or a viewer (the owner hands over, never invites).
    pub fn parse_invited(raw: &str) -> Result<Self, ValidationError> {
        match HouseholdRole::parse(raw) {
            Ok(role) if role != HouseholdRole::Owner => Ok(role),
            _ => Err(ValidationError::new("role", "Role must be member or viewer")),
        }
    }

    /// Viewers read; everyone else also writes the shared books.
    pub fn writes(self) -> bool {
        self != HouseholdRole::Viewer
    }
}

/// The longest name a household may have, in characters.
pub const HOUSEHOLD_NAME_MAX: usize = 50;

/// A household's name: trimmed, 1 to 50 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdName(String);

impl HouseholdName {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "Household name is required"));
        }
        if name.chars().count() > HOUSEHOLD_NAME_MAX {
            return Err(ValidationError::new("name", "Household name cannot exceed 50 characters"));
        }
        if name.chars().any(char::is_control) {
            return Err(ValidationError::new("name", "Household name cannot contain control characters"));
        }
        Ok(Self(name.to_owned()))
    }

    /// A new user's household: "{name}'s household", the person's name shortened to fit.
    pub fn default_for(person: &str) -> Self {
        const SUFFIX: &str = "'s household";
        let room = HOUSEHOLD_NAME_MAX - SUFFIX.chars().count();
        let person: String = person.trim().chars().take(room).collect();
        Self(format!("{}{SUFFIX}", person.trim_end()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How long an invitation can be accepted.
pub const INVITATION_VALID_FOR: Duration = Duration::days(7);

/// Where an invitation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationStatus {
    Pending,
    Accepted,
    /// Revoked by the owner, or replaced by a newer invitation to the same address.
    Revoked,
}

impl InvitationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            InvitationStatus::Pending => "pending",
            InvitationStatus::Accepted => "accepted",
            InvitationStatus::Revoked => "revoked",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [InvitationStatus::Pending, InvitationStatus::Accepted, InvitationStatus::Revoked]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

/// Why an invitation cannot be accepted any more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusable {
    Used,
    Revoked,
    Expired,
}

/// Whether an invitation can be accepted at `now`: pending and not past its expiry.
pub fn usable(status: InvitationStatus, expires_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Unusable> {
    match status {
        InvitationStatus::Accepted => Err(Unusable::Used),
        InvitationStatus::Revoked => Err(Unusable::Revoked),
        InvitationStatus::Pending if now >= expires_at => Err(Unusable::Expired),
        InvitationStatus::Pending => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_household_name_follows_its_rules() {
        assert_eq!(HouseholdName::parse("  The Smiths ").unwrap().as_str(), "The Smiths");
        let message = |raw: &str| HouseholdName::parse(raw).unwrap_err().message;
        assert_eq!(message("   "), "Household name is required");
        assert_eq!(message(&"x".repeat(51)), "Household name cannot exceed 50 characters");
        assert_eq!(message("A\u{7}B"), "Household name cannot contain control characters");
        assert!(HouseholdName::parse(&"é".repeat(50)).is_ok(), "characters, not bytes");
    }

    #[test]
    fn a_new_users_household_is_named_after_them_and_always_fits() {
        assert_eq!(HouseholdName::default_for("Jane Doe").as_str(), "Jane Doe's household");
        let long = HouseholdName::default_for(&"Bartholomew ".repeat(6));
        assert_eq!(long.as_str().chars().count(), 50);
        assert!(long.as_str().ends_with("w's household") || long.as_str().ends_with("'s household"));
        assert!(HouseholdName::parse(long.as_str()).is_ok());
    }

    #[test]
    fn an_invitation_offers_a_member_or_a_viewer_never_the_owner() {
        assert_eq!(HouseholdRole::parse_invited(" member ").unwrap(), HouseholdRole::Member);
        assert_eq!(HouseholdRole::parse_invited("viewer").unwrap(), HouseholdRole::Viewer);
        for bad in ["owner", "admin", ""] {
            assert_eq!(HouseholdRole::parse_invited(bad).unwrap_err().message, "Role must be member or viewer");
        }
    }

    #[test]
    fn an_invitation_is_usable_while_pending_and_until_it_expires() {
        let now = Utc::now();
        let later = now + INVITATION_VALID_FOR;
        assert_eq!(usable(InvitationStatus::Pending, later, now), Ok(()));
        assert_eq!(usable(InvitationStatus::Pending, now, now), Err(Unusable::Expired), "expired at its expiry");
        assert_eq!(usable(InvitationStatus::Accepted, later, now), Err(Unusable::Used));
        assert_eq!(usable(InvitationStatus::Revoked, later, now), Err(Unusable::Revoked));
        assert_eq!(usable(InvitationStatus::Accepted, now, now), Err(Unusable::Used), "used before expired");
        for s in [InvitationStatus::Pending, InvitationStatus::Accepted, InvitationStatus::Revoked] {
            assert_eq!(InvitationStatus::parse(s.as_str()), Some(s));
        }
    }

    #[test]
    fn roles_are_read_from_their_words_and_only_the_owner_manages() {
        for role in HouseholdRole::ALL {
            assert_eq!(HouseholdRole::parse(role.as_str()).unwrap(), role);
        }
        assert_eq!(HouseholdRole::parse("admin").unwrap_err().message, "Role must be owner, member or viewer");
        assert!(HouseholdRole::Owner.manages());
        assert!(!HouseholdRole::Member.manages() && !HouseholdRole::Viewer.manages());
        assert!(HouseholdRole::Owner.writes() && HouseholdRole::Member.writes());
        assert!(!HouseholdRole::Viewer.writes());
    }
}
