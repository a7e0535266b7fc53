//! The templates' rows as the screens show them, the ownership check, and their writes.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::categories::CategoryId;
use domain::ids::RecurringTemplateId;
use domain::recurring::{Frequency, RecurringDraft, RecurringKind};
use domain::{Money, Scope};
use ports::ledger::{AccountRef, CategoryRef};
use ports::recurring::{DeleteOutcome, RecurringTemplate, TemplateKind};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::visibility::sees_account;
use crate::Database;

macro_rules! template_columns {
    () => {
        "
    r.id, r.kind, r.amount, r.description, r.frequency, r.start_date, r.anchor,
    r.next_due, r.notes, r.is_active, r.created_at,
    c.id AS category_id, c.name AS category_name, c.color AS category_color, c.icon AS category_icon,
    a.id AS account_id, a.name AS account_name, a.type AS account_type,
    t.id AS to_account_id, t.name AS to_account_name, t.type AS to_account_type"
    };
}
pub(super) use template_columns;

/// The names a template's columns come from, joined to `recurring_templates r`.
macro_rules! template_joins {
    () => {
        "
    JOIN accounts a ON a.id = r.account_id
    LEFT JOIN accounts t ON t.id = r.to_account_id
    LEFT JOIN categories c ON c.id = r.category_id"
    };
}
pub(super) use template_joins;

/// Whether the member (the bind `$member`) sees the template joined by [`template_joins`]: both
/// its accounts are ones they see.
macro_rules! template_seen {
    ($member:literal) => {
        concat!(
            $crate::visibility::sees_account!("a", $member),
            " AND (t.id IS NULL OR ",
            $crate::visibility::sees_account!("t", $member),
            ")"
        )
    };
}
pub(super) use template_seen;

#[derive(QueryableByName)]
pub(super) struct TemplateRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    frequency: String,
    #[diesel(sql_type = Date)]
    start_date: NaiveDate,
    #[diesel(sql_type = Date)]
    anchor: NaiveDate,
    #[diesel(sql_type = Date)]
    next_due: NaiveDate,
    #[diesel(sql_type = Text)]
    notes: String,
    #[diesel(sql_type = Bool)]
    is_active: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    category_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    category_color: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    category_icon: Option<String>,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Text)]
    account_name: String,
    #[diesel(sql_type = Text)]
    account_type: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    to_account_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    to_account_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    to_account_type: Option<String>,
}

pub(super) fn corrupt(id: Uuid, what: &str) -> RepoError {
    RepoError::Unexpected(anyhow::anyhow!("stored recurring template {id}: bad {what}"))
}

fn account_type(id: Uuid, raw: &str) -> Result<AccountType, RepoError> {
    AccountType::parse(raw).map_err(|_| corrupt(id, "account type"))
}

impl TryFrom<TemplateRow> for RecurringTemplate {
    type Error = RepoError;

    fn try_from(r: TemplateRow) -> Result<Self, RepoError> {
        let kind = match r.kind.as_str() {
            "income" => TemplateKind::Income,
            "expense" => TemplateKind::Expense,
            "transfer" => TemplateKind::Transfer,
            _ => return Err(corrupt(r.id, "kind")),
        };
        let category = match (r.category_id, r.category_name, r.category_color, r.category_icon) {
            (Some(id), Some(name), Some(color), Some(icon)) => {
                Some((CategoryRef { id: CategoryId(id), name, color }, icon))
            }
            _ => None,
        };
        let to_account = match (r.to_account_id, r.to_account_name, r.to_account_type) {
            (Some(id), Some(name), Some(t)) => {
                Some(AccountRef { id: AccountId(id), name, account_type: account_type(r.id, &t)? })
            }
            _ => None,
        };
        Ok(RecurringTemplate {
            id: RecurringTemplateId(r.id),
            amount: Money::from_pence(r.amount),
            description: r.description,
            kind,
            category,
            account: AccountRef {
                id: AccountId(r.account_id),
                name: r.account_name,
                account_type: account_type(r.id, &r.account_type)?,
            },
            to_account,
            frequency: Frequency::parse(&r.frequency).map_err(|_| corrupt(r.id, "frequency"))?,
            start_date: r.start_date,
            anchor: r.anchor,
            next_due: r.next_due,
            notes: r.notes,
            is_active: r.is_active,
            created_at: r.created_at,
        })
    }
}

/// The template if the member sees it, or `NotFound`.
fn load(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<RecurringTemplate, RepoError> {
    let row: TemplateRow = query(sql!(
        "SELECT ",
        template_columns!(),
        " FROM recurring_templates r ",
        template_joins!(),
        " WHERE r.household_id = $1 AND r.id = $2 AND ",
        template_seen!("$3")
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(scope.member.0)
    .get_result(conn)
    .or_repo()?;
    row.try_into()
}

/// `NotFound` unless the member sees every account and the category (if any) is the household's.
fn owns(conn: &mut PgConnection, scope: Scope, draft: &RecurringDraft) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Bool)]
        found: bool,
    }
    let (accounts, category): (Vec<Uuid>, Option<Uuid>) = match draft.kind {
        RecurringKind::Entry { category_id, account_id, .. } => (vec![account_id.0], Some(category_id.0)),
        RecurringKind::Transfer { from_account_id, to_account_id } => (vec![from_account_id.0, to_account_id.0], None),
    };
    let found: Found = query(sql!(
        "SELECT (SELECT count(*) FROM accounts a WHERE a.household_id = $1 AND a.id = ANY($2) AND ",
        sees_account!("a", "$4"),
        ") = cardinality($2)
                AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM categories WHERE household_id = $1 AND id = $3)) AS found"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(&accounts)
    .bind::<Nullable<SqlUuid>, _>(category)
    .bind::<SqlUuid, _>(scope.member.0)
    .get_result(conn)
    .or_repo()?;
    if found.found {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}

/// The columns a draft sets.
struct Columns {
    kind: &'static str,
    category: Option<Uuid>,
    account: Uuid,
    to_account: Option<Uuid>,
}

fn columns(draft: &RecurringDraft) -> Columns {
    let kind = TemplateKind::of(&draft.kind).as_str();
    match draft.kind {
        RecurringKind::Entry { category_id, account_id, .. } => {
            Columns { kind, category: Some(category_id.0), account: account_id.0, to_account: None }
        }
        RecurringKind::Transfer { from_account_id, to_account_id } => {
            Columns { kind, category: None, account: from_account_id.0, to_account: Some(to_account_id.0) }
        }
    }
}

pub(super) async fn list(db: &Database, scope: Scope, active_only: bool) -> Result<Vec<RecurringTemplate>, RepoError> {
    let rows: Vec<TemplateRow> = db
        .run(move |conn| {
            query(sql!(
                "SELECT ",
                template_columns!(),
                " FROM recurring_templates r ",
                template_joins!(),
                " WHERE r.household_id = $1 AND (r.is_active OR NOT $2) AND ",
                template_seen!("$3"),
                " ORDER BY r.next_due, r.created_at, r.id"
            ))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Bool, _>(active_only)
            .bind::<SqlUuid, _>(scope.member.0)
            .load(conn)
            .or_repo()
        })
        .await?;
    rows.into_iter().map(TryInto::try_into).collect()
}

pub(super) async fn get(db: &Database, scope: Scope, id: Uuid) -> Result<RecurringTemplate, RepoError> {
    db.run(move |conn| load(conn, scope, id)).await
}

pub(super) async fn create(db: &Database, scope: Scope, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError> {
    db.write(move |conn| {
        owns(conn, scope, &draft)?;
        let c = columns(&draft);
        let id = Uuid::now_v7();
        query(sql!(
            "INSERT INTO recurring_templates (id, household_id, kind, amount, description, category_id, account_id,
                                              to_account_id, frequency, start_date, anchor, next_due, notes, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10, $11, $12)"
        ))
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Text, _>(c.kind)
        .bind::<BigInt, _>(draft.amount.pence())
        .bind::<Text, _>(&draft.description)
        .bind::<Nullable<SqlUuid>, _>(c.category)
        .bind::<SqlUuid, _>(c.account)
        .bind::<Nullable<SqlUuid>, _>(c.to_account)
        .bind::<Text, _>(draft.frequency.as_str())
        .bind::<Date, _>(draft.due)
        .bind::<Text, _>(&draft.notes)
        .bind::<SqlUuid, _>(scope.member.0)
        .execute(conn)
        .or_repo()?;
        load(conn, scope, id)
    })
    .await
}

pub(super) async fn update(
    db: &Database,
    scope: Scope,
    id: Uuid,
    draft: RecurringDraft,
) -> Result<RecurringTemplate, RepoError> {
    db.write(move |conn| {
        // The template as it is and the accounts it moves to must both be the member's to see.
        load(conn, scope, id)?;
        owns(conn, scope, &draft)?;
        let c = columns(&draft);
        let transfer = c.kind == "transfer";
        // The anchor moves only when the next due day does.
        let changed = query(sql!(
            "UPDATE recurring_templates
             SET kind = $3, amount = $4, description = $5, category_id = $6, account_id = $7,
                 to_account_id = $8, frequency = $9,
                 anchor = CASE WHEN next_due = $10 THEN anchor ELSE $10 END,
                 next_due = $10, notes = $11, updated_at = now()
             WHERE household_id = $1 AND id = $2 AND (kind = 'transfer') = $12"
        ))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .bind::<Text, _>(c.kind)
        .bind::<BigInt, _>(draft.amount.pence())
        .bind::<Text, _>(&draft.description)
        .bind::<Nullable<SqlUuid>, _>(c.category)
        .bind::<SqlUuid, _>(c.account)
        .bind::<Nullable<SqlUuid>, _>(c.to_account)
        .bind::<Text, _>(draft.frequency.as_str())
        .bind::<Date, _>(draft.due)
        .bind::<Text, _>(&draft.notes)
        .bind::<Bool, _>(transfer)
        .execute(conn)
        .or_repo()?;
        found(changed)?;
        load(conn, scope, id)
    })
    .await
}

pub(super) async fn toggle_active(db: &Database, scope: Scope, id: Uuid) -> Result<RecurringTemplate, RepoError> {
    db.write(move |conn| {
        load(conn, scope, id)?;
        let changed = query(sql!(
            "UPDATE recurring_templates SET is_active = NOT is_active, updated_at = now()
             WHERE household_id = $1 AND id = $2"
        ))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .or_repo()?;
        found(changed)?;
        load(conn, scope, id)
    })
    .await
}

pub(super) async fn delete(db: &Database, scope: Scope, id: Uuid) -> Result<DeleteOutcome, RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    db.write(move |conn| {
        // Locks the user's templates, so two deletes cannot both take the 'not last' path.
        let mine: Vec<Id> =
            query(sql!("SELECT id FROM recurring_templates WHERE household_id = $1 ORDER BY id FOR UPDATE"))
                .bind::<SqlUuid, _>(scope.household.0)
                .load(conn)
                .or_repo()?;
        load(conn, scope, id)?;
        if mine.len() == 1 {
            query(sql!("UPDATE recurring_templates SET is_active = false, updated_at = now() WHERE id = $1"))
                .bind::<SqlUuid, _>(id)
                .execute(conn)
                .or_repo()?;
            return Ok(DeleteOutcome::Deactivated);
        }
        query(sql!("DELETE FROM recurring_templates WHERE household_id = $1 AND id = $2"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<SqlUuid, _>(id)
            .execute(conn)
            .or_repo()?;
        Ok(DeleteOutcome::Deleted)
    })
    .await
}
