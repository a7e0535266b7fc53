//! The household's use cases: reading and renaming it, inviting people in, accepting an
//! invitation, changing roles, removing a member and leaving.

use std::sync::Arc;

use domain::households::{usable, HouseholdName, HouseholdRole, Unusable, INVITATION_VALID_FOR};
use domain::ids::{HouseholdId, InvitationId};
use domain::{Email, Scope, User, UserId};

use super::{Household, HouseholdError, HouseholdRepository, Invitation, NewInvitation};
use crate::clock::Clock;
use crate::mailer::{LinkEmail, PRODUCT};
use crate::security::LinkTokens;
use crate::{Mailer, RepoError};

/// What the household's use cases are wired to besides their repository.
#[derive(Clone)]
pub struct HouseholdDeps {
    pub households: Arc<dyn HouseholdRepository>,
    pub tokens: Arc<dyn LinkTokens>,
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    /// Base of the invitation links, without a trailing slash.
    pub public_url: String,
}

#[derive(Clone)]
pub struct HouseholdService {
    deps: HouseholdDeps,
}

/// How an invitation is named when accepted: by its token (the link in the mail) or by its id
/// (the dashboard's banner of the signed-in user's pending invitations).
pub enum InvitationRef<'a> {
    Token(&'a str),
    Id(InvitationId),
}

impl HouseholdService {
    pub fn new(deps: HouseholdDeps) -> Self {
        Self { deps: HouseholdDeps { public_url: deps.public_url.trim_end_matches('/').to_owned(), ..deps } }
    }

    fn repo(&self) -> &dyn HouseholdRepository {
        self.deps.households.as_ref()
    }

    /// The user's household, for every member and viewer.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId) -> Result<Household, HouseholdError> {
        Ok(self.repo().of_user(user).await?)
    }

    /// The household whose books the user's requests read and write, and their role in it.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn membership(&self, user: UserId) -> Result<(HouseholdId, HouseholdRole), HouseholdError> {
        Ok(self.repo().membership(user).await?)
    }

    /// Whose books `user` works on, as themselves; `None` for an unknown user.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn scope_of(&self, user: UserId) -> Result<Option<Scope>, HouseholdError> {
        match self.repo().membership(user).await {
            Ok((household, _)) => Ok(Some(Scope { household, member: user })),
            Err(RepoError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The household of `user` when they own it; `OwnerOnly` otherwise (checked before anything
    /// they sent).
    async fn owned_by(&self, user: UserId) -> Result<Household, HouseholdError> {
        let household = self.repo().of_user(user).await?;
        if !household.role_of(user).is_some_and(HouseholdRole::manages) {
            return Err(HouseholdError::OwnerOnly);
        }
        Ok(household)
    }

    /// Renames the user's household (the owner only; the role is checked before the name).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn rename(&self, user: UserId, name: &str) -> Result<Household, HouseholdError> {
        let household = self.owned_by(user).await?;
        let name = HouseholdName::parse(name)?;
        self.repo().rename(household.id, name.clone()).await?;
        Ok(Household { name: name.as_str().to_owned(), ..household })
    }

    /// Invites an address with a role (the owner only), replacing a pending invitation to it,
    /// and mails it the link. A mail that cannot be sent is logged: the invitation stands, and
    /// inviting again sends a new link.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %owner.id))]
    pub async fn invite(&self, owner: &User, email: &str, role: &str) -> Result<Invitation, HouseholdError> {
        let household = self.owned_by(owner.id).await?;
        let email = Email::parse(email)?;
        let role = HouseholdRole::parse_invited(role)?;
        if household.members.iter().any(|m| m.email.eq_ignore_ascii_case(email.as_str())) {
            return Err(HouseholdError::AlreadyMember);
        }
        let secret = self.deps.tokens.generate();
        let now = self.deps.clock.now();
        let new = NewInvitation {
            email: email.as_str().to_owned(),
            role,
            token_digest: secret.digest,
            invited_by: owner.id,
            created_at: now,
            expires_at: now + INVITATION_VALID_FOR,
        };
        let invitation = self.repo().invite(household.id, new).await?;
        let link = format!("{}/accept-invitation/{}", self.deps.public_url, secret.plain);
        let body = format!(
            "{inviter} invited you to join {household} on {PRODUCT} as a {role}: one set of books for the \
             household. The link is valid for 7 days and can be used once; sign in or register with this \
             address to accept.",
            inviter = owner.name,
            household = household.name,
            role = role.as_str(),
        );
        let subject = format!("{} invited you to {}", owner.name, household.name);
        let mail = LinkEmail {
            to_name: email.as_str(),
            to_address: email.as_str(),
            subject: &subject,
            greeting: "Hello,",
            body: &body,
            action: "Accept the invitation",
            link: &link,
            footer: "If you do not know them, you can ignore this e-mail.",
        };
        if let Err(error) = self.deps.mailer.send(mail.compose()).await {
            tracing::error!(invitation_id = %invitation.id, error = ?error, "sending an invitation failed");
        }
        Ok(invitation)
    }

    /// The household's pending invitations, newest first (the owner only).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %owner))]
    pub async fn invitations(&self, owner: UserId) -> Result<Vec<Invitation>, HouseholdError> {
        let household = self.owned_by(owner).await?;
        Ok(self.repo().invitations(household.id, self.deps.clock.now()).await?)
    }

    /// Revokes a pending invitation of the household (the owner only).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %owner))]
    pub async fn revoke(&self, owner: UserId, id: InvitationId) -> Result<(), HouseholdError> {
        let household = self.owned_by(owner).await?;
        self.repo().revoke(household.id, id).await.map_err(|e| match e {
            RepoError::NotFound => HouseholdError::InvitationNotFound,
            e => e.into(),
        })
    }

    /// The user's own pending, unexpired invitations.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn pending(&self, user: &User) -> Result<Vec<Invitation>, HouseholdError> {
        Ok(self.repo().pending_for(user.email.as_str().to_owned(), self.deps.clock.now()).await?)
    }

    /// Accepts an invitation addressed to `user`, answering the household joined. `bring` is
    /// their choice for their own data: none made (`None`) is refused while they have any.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn accept(
        &self,
        user: &User,
        invitation: InvitationRef<'_>,
        bring: Option<bool>,
    ) -> Result<Household, HouseholdError> {
        let not_found = |e: RepoError| match e {
            RepoError::NotFound => HouseholdError::InvitationNotFound,
            e => e.into(),
        };
        let ours = |i: &Invitation| i.email.eq_ignore_ascii_case(user.email.as_str());
        let invitation = match invitation {
            InvitationRef::Token(token) => {
                let token = token.trim();
                if token.is_empty() {
                    return Err(domain::ValidationError::new("token", "Invitation token is required").into());
                }
                let found =
                    self.repo().invitation_by_digest(self.deps.tokens.digest(token)).await.map_err(not_found)?;
                if !ours(&found) {
                    return Err(HouseholdError::WrongAddress);
                }
                found
            }
            // Another person's invitation is not theirs to see.
            InvitationRef::Id(id) => Some(self.repo().invitation(id).await.map_err(not_found)?)
                .filter(ours)
                .ok_or(HouseholdError::InvitationNotFound)?,
        };
        usable(invitation.status, invitation.expires_at, self.deps.clock.now()).map_err(|why| match why {
            Unusable::Used => HouseholdError::Used,
            Unusable::Revoked => HouseholdError::Revoked,
            Unusable::Expired => HouseholdError::Expired,
        })?;
        let current = self.repo().of_user(user.id).await?;
        if current.members.len() > 1 {
            return Err(HouseholdError::InHousehold);
        }
        if bring.is_none() && self.repo().has_own_data(current.id).await? {
            return Err(HouseholdError::HasOwnData);
        }
        // Brought along, or left behind (said, or nothing to leave) to go with their old household.
        self.repo().join(user.id, invitation.id, bring == Some(true)).await.map_err(|e| match e {
            // Accepted or revoked by a request that came first.
            RepoError::NotFound => HouseholdError::Used,
            e => e.into(),
        })?;
        Ok(self.repo().of_user(user.id).await?)
    }

    /// Gives a member another role (the owner only); `owner` hands the household over.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %owner))]
    pub async fn change_role(&self, owner: UserId, member: UserId, role: &str) -> Result<Household, HouseholdError> {
        let household = self.owned_by(owner).await?;
        let role = HouseholdRole::parse(role)?;
        if member == owner {
            return Err(HouseholdError::OwnRole);
        }
        if household.role_of(member).is_none() {
            return Err(HouseholdError::MemberNotFound);
        }
        self.repo().set_role(household.id, member, role).await.map_err(member_not_found)?;
        Ok(self.repo().of_user(owner).await?)
    }

    /// Removes a member (the owner only) into a household of their own; everything shared stays.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %owner))]
    pub async fn remove(&self, owner: UserId, member: UserId) -> Result<Household, HouseholdError> {
        let household = self.owned_by(owner).await?;
        if member == owner {
            return Err(HouseholdError::RemoveSelf);
        }
        if household.role_of(member).is_none() {
            return Err(HouseholdError::MemberNotFound);
        }
        self.repo().remove(household.id, member).await.map_err(member_not_found)?;
        Ok(self.repo().of_user(owner).await?)
    }

    /// A member or a viewer leaves into a household of their own, answered; the owner hands
    /// over first.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn leave(&self, user: UserId) -> Result<Household, HouseholdError> {
        let (household, role) = self.repo().membership(user).await?;
        if role == HouseholdRole::Owner {
            return Err(HouseholdError::OwnerLeaving);
        }
        self.repo().remove(household, user).await?;
        Ok(self.repo().of_user(user).await?)
    }
}

fn member_not_found(e: RepoError) -> HouseholdError {
    match e {
        RepoError::NotFound => HouseholdError::MemberNotFound,
        e => e.into(),
    }
}
