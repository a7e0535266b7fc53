//! Households and their members. A user's household is made in the transaction that makes the
//! user; a user's deletion leaves their household to the others (the longest-standing member
//! becomes its owner) or, when no one is left, deletes it (a trigger: however the user goes).

mod bringing;
mod invitations;
mod leaving;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text, Timestamptz, Uuid as SqlUuid};
use domain::categories::default_categories;
use domain::households::{HouseholdName, HouseholdRole};
use domain::ids::{HouseholdId, InvitationId};
use domain::UserId;
use ports::households::{Household, HouseholdRepository, Invitation, Member, NewInvitation};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::Database;

/// Whom the automatic work on a row of a household's (a template's occurrences, a connection's
/// syncs) acts as: the member who set it up (`created_by`), or once they are gone, the
/// household's owner. `$row` names the row's table or alias.
macro_rules! acting_member {
    ($row:literal) => {
        concat!(
            "COALESCE(",
            $row,
            ".created_by, (SELECT m.user_id FROM household_members m WHERE m.household_id = ",
            $row,
            ".household_id AND m.role = 'owner'))"
        )
    };
}
pub(crate) use acting_member;

/// The category of household `$2` named as the category `$row.category_id` (ignoring case), as
/// a subquery: where a member's rows move to another household, their categories go by name.
macro_rules! same_named_category {
    ($row:literal) => {
        concat!(
            "(SELECT d.id FROM categories c JOIN categories d ON lower(d.name) = lower(c.name)
              WHERE c.id = ",
            $row,
            ".category_id AND d.household_id = $2)"
        )
    };
}
use same_named_category;

/// Makes `user` the owner of a new household of one named after them, inside the caller's
/// database transaction; answers its id.
pub(crate) fn create_for(conn: &mut PgConnection, user: Uuid, person: &str) -> Result<Uuid, RepoError> {
    let id = new_household(conn, person)?;
    add_owner(conn, id, user)?;
    Ok(id)
}

/// A new household named after `person`, with no one in it yet.
fn new_household(conn: &mut PgConnection, person: &str) -> Result<Uuid, RepoError> {
    let id = HouseholdId::generate();
    query(sql!("INSERT INTO households (id, name) VALUES ($1, $2)"))
        .bind::<SqlUuid, _>(id.0)
        .bind::<Text, _>(HouseholdName::default_for(person).as_str())
        .execute(conn)
        .or_repo()?;
    Ok(id.0)
}

fn add_owner(conn: &mut PgConnection, household: Uuid, user: Uuid) -> Result<(), RepoError> {
    query(sql!("INSERT INTO household_members (household_id, user_id, role) VALUES ($1, $2, 'owner')"))
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(user)
        .execute(conn)
        .or_repo()?;
    Ok(())
}

/// The household `user` is in, by id; `NotFound` for someone in none.
pub(crate) fn household_of(conn: &mut PgConnection, user: Uuid) -> Result<Uuid, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        household_id: Uuid,
    }
    let row: Row = query(sql!("SELECT household_id FROM household_members WHERE user_id = $1"))
        .bind::<SqlUuid, _>(user)
        .get_result(conn)
        .or_repo()?;
    Ok(row.household_id)
}

pub struct PgHouseholdRepository {
    db: Database,
}

impl PgHouseholdRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct MemberRow {
    #[diesel(sql_type = SqlUuid)]
    household_id: Uuid,
    #[diesel(sql_type = Text)]
    household_name: String,
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    role: String,
    #[diesel(sql_type = Timestamptz)]
    joined_at: DateTime<Utc>,
}

#[async_trait]
impl HouseholdRepository for PgHouseholdRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn of_user(&self, user: UserId) -> Result<Household, RepoError> {
        let rows: Vec<MemberRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT h.id AS household_id, h.name AS household_name, m.user_id, u.name, u.email, m.role,
                            m.joined_at
                     FROM household_members me
                     JOIN households h ON h.id = me.household_id
                     JOIN household_members m ON m.household_id = h.id
                     JOIN users u ON u.id = m.user_id
                     WHERE me.user_id = $1
                     ORDER BY m.role = 'owner' DESC, m.joined_at, m.user_id"
                ))
                .bind::<SqlUuid, _>(user.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        let first = rows.first().ok_or(RepoError::NotFound)?;
        let (id, name) = (HouseholdId(first.household_id), first.household_name.clone());
        let members = rows
            .into_iter()
            .map(|r| {
                Ok(Member {
                    user: UserId(r.user_id),
                    role: HouseholdRole::parse(&r.role)
                        .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored household role: {e}")))?,
                    name: r.name,
                    email: r.email,
                    joined_at: r.joined_at,
                })
            })
            .collect::<Result<_, RepoError>>()?;
        Ok(Household { id, name, members })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn membership(&self, user: UserId) -> Result<(HouseholdId, HouseholdRole), RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = SqlUuid)]
            household_id: Uuid,
            #[diesel(sql_type = Text)]
            role: String,
        }
        let row: Row = self
            .db
            .run(move |conn| {
                query(sql!("SELECT household_id, role FROM household_members WHERE user_id = $1"))
                    .bind::<SqlUuid, _>(user.0)
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        let role = HouseholdRole::parse(&row.role)
            .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored household role: {e}")))?;
        Ok((HouseholdId(row.household_id), role))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %id))]
    async fn rename(&self, id: HouseholdId, name: HouseholdName) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                let n = query(sql!("UPDATE households SET name = $2, updated_at = now() WHERE id = $1"))
                    .bind::<SqlUuid, _>(id.0)
                    .bind::<Text, _>(name.as_str())
                    .execute(conn)
                    .or_repo()?;
                if n == 0 {
                    return Err(RepoError::NotFound);
                }
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household))]
    async fn invite(&self, household: HouseholdId, new: NewInvitation) -> Result<Invitation, RepoError> {
        self.db.write(move |conn| invitations::invite(conn, household.0, &new)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household))]
    async fn invitations(&self, household: HouseholdId, now: DateTime<Utc>) -> Result<Vec<Invitation>, RepoError> {
        self.db.run(move |conn| invitations::pending_of(conn, household.0, now)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household))]
    async fn revoke(&self, household: HouseholdId, id: InvitationId) -> Result<(), RepoError> {
        self.db.write(move |conn| invitations::revoke(conn, household.0, id.0)).await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn pending_for(&self, email: String, now: DateTime<Utc>) -> Result<Vec<Invitation>, RepoError> {
        self.db.run(move |conn| invitations::pending_to(conn, &email, now)).await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn invitation_by_digest(&self, digest: String) -> Result<Invitation, RepoError> {
        self.db.run(move |conn| invitations::by_digest(conn, &digest)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(invitation_id = %id))]
    async fn invitation(&self, id: InvitationId) -> Result<Invitation, RepoError> {
        self.db.run(move |conn| invitations::by_id(conn, id.0)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household))]
    async fn has_own_data(&self, household: HouseholdId) -> Result<bool, RepoError> {
        #[derive(QueryableByName)]
        struct Has {
            #[diesel(sql_type = Bool)]
            has: bool,
        }
        let found: Has = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT EXISTS (SELECT 1 FROM accounts WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM budgets WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM goals WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM recurring_templates WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM inventory_items WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM shopping_list_entries WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM rules WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM imports WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM bank_connections WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM tags WHERE household_id = $1)
                         OR EXISTS (SELECT 1 FROM categories WHERE household_id = $1 AND NOT is_default) AS has"
                ))
                .bind::<SqlUuid, _>(household.0)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(found.has)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user, invitation_id = %invitation))]
    async fn join(&self, user: UserId, invitation: InvitationId, bring: bool) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                let (household, role) = invitations::take_pending(conn, invitation.0)?;
                if bring {
                    let own = household_of(conn, user.0)?;
                    bringing::bring_own_data(conn, own, household, user.0)?;
                }
                // Their membership goes; the database then removes the household they leave,
                // alone in it as they are, with what it still holds.
                query(sql!("DELETE FROM household_members WHERE user_id = $1"))
                    .bind::<SqlUuid, _>(user.0)
                    .execute(conn)
                    .or_repo()?;
                query(sql!("INSERT INTO household_members (household_id, user_id, role) VALUES ($1, $2, $3)"))
                    .bind::<SqlUuid, _>(household)
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Text, _>(&role)
                    .execute(conn)
                    .or_repo()?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household, user_id = %member))]
    async fn set_role(&self, household: HouseholdId, member: UserId, role: HouseholdRole) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                if role == HouseholdRole::Owner {
                    // One owner at a time: the old one steps down first.
                    query(sql!(
                        "UPDATE household_members SET role = 'member' WHERE household_id = $1 AND role = 'owner'"
                    ))
                    .bind::<SqlUuid, _>(household.0)
                    .execute(conn)
                    .or_repo()?;
                }
                let n = query(sql!("UPDATE household_members SET role = $3 WHERE household_id = $1 AND user_id = $2"))
                    .bind::<SqlUuid, _>(household.0)
                    .bind::<SqlUuid, _>(member.0)
                    .bind::<Text, _>(role.as_str())
                    .execute(conn)
                    .or_repo()?;
                if n == 0 {
                    return Err(RepoError::NotFound);
                }
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %household, user_id = %member))]
    async fn remove(&self, household: HouseholdId, member: UserId) -> Result<(), RepoError> {
        #[derive(QueryableByName)]
        struct Person {
            #[diesel(sql_type = Text)]
            name: String,
        }
        self.db
            .write(move |conn| {
                // Their name, if they are in the household (their membership locked meanwhile).
                let person: Person = query(sql!(
                    "SELECT u.name FROM household_members m JOIN users u ON u.id = m.user_id
                     WHERE m.household_id = $1 AND m.user_id = $2 FOR UPDATE OF m"
                ))
                .bind::<SqlUuid, _>(household.0)
                .bind::<SqlUuid, _>(member.0)
                .get_result(conn)
                .or_repo()?;
                let own = new_household(conn, &person.name)?;
                crate::categories::insert_categories(conn, own, &default_categories(), true).or_repo()?;
                leaving::take_private_accounts(conn, household.0, own, member.0)?;
                // The database then hands the shared accounts they owned to the household's owner.
                query(sql!("DELETE FROM household_members WHERE household_id = $1 AND user_id = $2"))
                    .bind::<SqlUuid, _>(household.0)
                    .bind::<SqlUuid, _>(member.0)
                    .execute(conn)
                    .or_repo()?;
                add_owner(conn, own, member.0)
            })
            .await
    }
}
