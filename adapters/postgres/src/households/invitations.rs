//! Invitations into a household: stored with their token's digest, listed, revoked, found.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
use domain::households::{HouseholdRole, InvitationStatus};
use domain::ids::{HouseholdId, InvitationId};
use domain::UserId;
use ports::households::{Invitation, Inviter, NewInvitation};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};

#[derive(QueryableByName)]
struct InvitationRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    household_id: Uuid,
    #[diesel(sql_type = Text)]
    household_name: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    role: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = SqlUuid)]
    invited_by: Uuid,
    #[diesel(sql_type = Text)]
    inviter_name: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    expires_at: DateTime<Utc>,
}

impl TryFrom<InvitationRow> for Invitation {
    type Error = RepoError;

    fn try_from(r: InvitationRow) -> Result<Self, RepoError> {
        let corrupt = |what: &str| RepoError::Unexpected(anyhow::anyhow!("stored invitation {}: {what}", r.id));
        Ok(Invitation {
            id: InvitationId(r.id),
            household: HouseholdId(r.household_id),
            role: HouseholdRole::parse(&r.role).map_err(|_| corrupt("role"))?,
            status: InvitationStatus::parse(&r.status).ok_or_else(|| corrupt("status"))?,
            household_name: r.household_name,
            email: r.email,
            invited_by: Inviter { id: UserId(r.invited_by), name: r.inviter_name },
            created_at: r.created_at,
            expires_at: r.expires_at,
        })
    }
}

macro_rules! invitations {
    () => {
        "SELECT i.id, i.household_id, h.name AS household_name, i.email, i.role, i.status, i.invited_by,
                u.name AS inviter_name, i.created_at, i.expires_at
         FROM household_invitations i
         JOIN households h ON h.id = i.household_id
         JOIN users u ON u.id = i.invited_by "
    };
}

fn all(rows: Vec<InvitationRow>) -> Result<Vec<Invitation>, RepoError> {
    rows.into_iter().map(Invitation::try_from).collect()
}

/// Stores an invitation, revoking the household's pending one to the same address first.
pub(super) fn invite(conn: &mut PgConnection, household: Uuid, new: &NewInvitation) -> Result<Invitation, RepoError> {
    query(sql!(
        "UPDATE household_invitations SET status = 'revoked'
         WHERE household_id = $1 AND email = $2 AND status = 'pending'"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(&new.email)
    .execute(conn)
    .or_repo()?;
    let id = InvitationId::generate();
    query(sql!(
        "INSERT INTO household_invitations (household_id, id, email, role, token_digest, invited_by, created_at,
                                            expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id.0)
    .bind::<Text, _>(&new.email)
    .bind::<Text, _>(new.role.as_str())
    .bind::<Text, _>(&new.token_digest)
    .bind::<SqlUuid, _>(new.invited_by.0)
    .bind::<Timestamptz, _>(new.created_at)
    .bind::<Timestamptz, _>(new.expires_at)
    .execute(conn)
    .or_repo()?;
    by_id(conn, id.0)
}

/// The household's pending invitations not expired at `now`, newest first.
pub(super) fn pending_of(
    conn: &mut PgConnection,
    household: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<Invitation>, RepoError> {
    all(query(sql!(
        invitations!(),
        "WHERE i.household_id = $1 AND i.status = 'pending' AND i.expires_at > $2
         ORDER BY i.created_at DESC, i.id DESC"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .or_repo()?)
}

/// The pending invitations to an address not expired at `now`, newest first.
pub(super) fn pending_to(
    conn: &mut PgConnection,
    email: &str,
    now: DateTime<Utc>,
) -> Result<Vec<Invitation>, RepoError> {
    all(query(sql!(
        invitations!(),
        "WHERE i.email = $1 AND i.status = 'pending' AND i.expires_at > $2
         ORDER BY i.created_at DESC, i.id DESC"
    ))
    .bind::<Text, _>(email)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .or_repo()?)
}

/// Revokes a pending invitation of the household; `NotFound` for any other.
pub(super) fn revoke(conn: &mut PgConnection, household: Uuid, id: Uuid) -> Result<(), RepoError> {
    let n = query(sql!(
        "UPDATE household_invitations SET status = 'revoked'
         WHERE household_id = $1 AND id = $2 AND status = 'pending'"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id)
    .execute(conn)
    .or_repo()?;
    if n == 0 {
        return Err(RepoError::NotFound);
    }
    Ok(())
}

pub(super) fn by_digest(conn: &mut PgConnection, digest: &str) -> Result<Invitation, RepoError> {
    query(sql!(invitations!(), "WHERE i.token_digest = $1"))
        .bind::<Text, _>(digest)
        .get_result::<InvitationRow>(conn)
        .or_repo()?
        .try_into()
}

pub(super) fn by_id(conn: &mut PgConnection, id: Uuid) -> Result<Invitation, RepoError> {
    query(sql!(invitations!(), "WHERE i.id = $1"))
        .bind::<SqlUuid, _>(id)
        .get_result::<InvitationRow>(conn)
        .or_repo()?
        .try_into()
}

/// Marks a pending invitation accepted (its row locked first), answering its household and
/// role; `NotFound` once it is not pending (another request accepted it, or the owner revoked
/// it, first).
pub(super) fn take_pending(conn: &mut PgConnection, id: Uuid) -> Result<(Uuid, String), RepoError> {
    #[derive(QueryableByName)]
    struct Locked {
        #[diesel(sql_type = SqlUuid)]
        household_id: Uuid,
        #[diesel(sql_type = Text)]
        role: String,
    }
    let row: Locked = query(sql!(
        "SELECT household_id, role FROM household_invitations WHERE id = $1 AND status = 'pending' FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(id)
    .get_result(conn)
    .or_repo()?;
    query(sql!("UPDATE household_invitations SET status = 'accepted' WHERE id = $1"))
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .or_repo()?;
    Ok((row.household_id, row.role))
}
