//! Making a template's occurrence, once, in the transaction that claims the template.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Date, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::ids::HouseholdId;
use domain::ids::RecurringTemplateId;
use domain::recurring::{next_due, Frequency};
use domain::splits::Allocation;
use domain::transactions::TransactionId;
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, Scope, UserId};
use ports::recurring::{Occurrence, PassReport, RecurringTemplate};
use ports::{RepoError, StopSignal};
use uuid::Uuid;

use crate::errors::{Abort, OrRepo};
use crate::transactions::{insert_entry, insert_transfer};
use crate::Database;

use super::templates::{corrupt, template_columns, template_joins, template_seen, TemplateRow};
use crate::statements::{query, sql};

/// The stored fields an occurrence needs, read with the template row locked.
#[derive(QueryableByName)]
struct Claimed {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    household_id: Uuid,
    /// Who set the template up (its household's owner once they are gone): its rows are theirs.
    #[diesel(sql_type = SqlUuid)]
    created_by: Uuid,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    to_account_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    frequency: String,
    #[diesel(sql_type = Date)]
    anchor: NaiveDate,
    #[diesel(sql_type = Date)]
    next_due: NaiveDate,
    #[diesel(sql_type = Text)]
    notes: String,
}

macro_rules! claimed {
    () => {
        concat!(
            "SELECT id, household_id, ",
            crate::households::acting_member!("recurring_templates"),
            " AS created_by, kind, amount, description, category_id, account_id, to_account_id, frequency,
                    anchor, next_due, notes
             FROM recurring_templates"
        )
    };
}

/// Makes the claimed template's next occurrence: the ledger rows dated its due day, the
/// occurrence key, the template's next due day. Run inside the claim's transaction.
fn occur(conn: &mut PgConnection, t: &Claimed, until: Option<NaiveDate>) -> Result<Option<Occurrence>, RepoError> {
    #[derive(QueryableByName)]
    struct Made {
        #[diesel(sql_type = Date)]
        due: NaiveDate,
    }
    let frequency = Frequency::parse(&t.frequency).map_err(|_| corrupt(t.id, "frequency"))?;
    let advance = |due: NaiveDate| next_due(t.anchor, frequency, due).ok_or_else(|| corrupt(t.id, "next due day"));
    // An occurrence already made (the next due day was set back onto it) is not made again.
    let made_days: Vec<Made> =
        query(sql!("SELECT due FROM recurring_occurrences WHERE template_id = $1 AND due >= $2"))
            .bind::<SqlUuid, _>(t.id)
            .bind::<Date, _>(t.next_due)
            .load(conn)
            .or_repo()?;
    let mut due = t.next_due;
    while made_days.iter().any(|m| m.due == due) {
        due = advance(due)?;
    }
    if until.is_some_and(|until| due > until) {
        set_next_due(conn, t.id, due)?;
        return Ok(None);
    }
    let scope = Scope { household: HouseholdId(t.household_id), member: UserId(t.created_by) };
    let kind = match t.kind.as_str() {
        "income" => Some(TransactionType::Income),
        "expense" => Some(TransactionType::Expense),
        "transfer" => None,
        _ => return Err(corrupt(t.id, "kind")),
    };
    let amount = Money::from_pence(t.amount);
    let made = match (kind, t.category_id, t.to_account_id) {
        (Some(transaction_type), Some(category), None) => {
            let draft = TransactionDraft {
                amount: transaction_type.signed(amount),
                description: t.description.clone(),
                transaction_type,
                allocation: Allocation::Category(CategoryId(category)),
                account_id: AccountId(t.account_id),
                date: due,
                notes: t.notes.clone(),
                status: TransactionStatus::Completed,
                tags: None,
            };
            vec![insert_entry(conn, scope, &draft)?]
        }
        (None, None, Some(to)) => {
            let draft = TransferDraft {
                amount,
                description: t.description.clone(),
                from_account_id: AccountId(t.account_id),
                to_account_id: AccountId(to),
                date: due,
                notes: t.notes.clone(),
            };
            let (out_id, in_id) = insert_transfer(conn, scope, &draft)?;
            vec![out_id, in_id]
        }
        _ => return Err(corrupt(t.id, "accounts or category")),
    };
    query(sql!("UPDATE transactions SET recurring_id = $1 WHERE id = ANY($2)"))
        .bind::<SqlUuid, _>(t.id)
        .bind::<Array<SqlUuid>, _>(&made)
        .execute(conn)
        .or_repo()?;
    // The key: a second write of this occurrence fails here and rolls everything back.
    query(sql!("INSERT INTO recurring_occurrences (household_id, template_id, due) VALUES ($1, $2, $3)"))
        .bind::<SqlUuid, _>(t.household_id)
        .bind::<SqlUuid, _>(t.id)
        .bind::<Date, _>(due)
        .execute(conn)
        .or_repo()?;
    set_next_due(conn, t.id, advance(due)?)?;
    Ok(Some(Occurrence {
        template_id: RecurringTemplateId(t.id),
        due,
        transactions: made.into_iter().map(TransactionId).collect(),
    }))
}

fn set_next_due(conn: &mut PgConnection, template: Uuid, next: NaiveDate) -> Result<(), RepoError> {
    query(sql!("UPDATE recurring_templates SET next_due = $2, updated_at = now() WHERE id = $1"))
        .bind::<SqlUuid, _>(template)
        .bind::<Date, _>(next)
        .execute(conn)
        .or_repo()?;
    Ok(())
}

pub(super) async fn process_now(db: &Database, scope: Scope, id: Uuid) -> Result<Occurrence, RepoError> {
    db.write(move |conn| {
        let claimed: Claimed = query(sql!(claimed!(), " WHERE household_id = $1 AND id = $2 FOR UPDATE"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<SqlUuid, _>(id)
            .get_result(conn)
            .or_repo()?;
        occur(conn, &claimed, None)?.ok_or_else(|| corrupt(id, "occurrence"))
    })
    .await
}

pub(super) async fn process_due(db: &Database, today: NaiveDate, stop: &StopSignal) -> Result<PassReport, RepoError> {
    let mut report = PassReport::default();
    let mut failed: Vec<Uuid> = vec![];
    // Asked between occurrences only: each one's transaction (claim, rows, next due day) is whole.
    while !stop.is_stopped() {
        let skip = failed.clone();
        let outcome = db
            .write(move |conn| {
                let claimed: Option<Claimed> = query(sql!(
                    claimed!(),
                    " WHERE is_active AND next_due <= $1 AND id <> ALL($2)
                     ORDER BY next_due, id LIMIT 1 FOR UPDATE SKIP LOCKED"
                ))
                .bind::<Date, _>(today)
                .bind::<Array<SqlUuid>, _>(&skip)
                .get_result(conn)
                .optional()
                .or_repo()?;
                let Some(t) = claimed else { return Ok(None) };
                // A savepoint: a failed occurrence leaves nothing behind, and the pass goes on.
                match conn.transaction(|c| occur(c, &t, Some(today)).map_err(Abort::Repo)).map_err(RepoError::from) {
                    Ok(Some(_)) => Ok(Some(Ok(true))),
                    Ok(None) => Ok(Some(Ok(false))),
                    Err(e @ RepoError::Unavailable(_)) => Err(e),
                    Err(e) => Ok(Some(Err((t.id, e.to_string())))),
                }
            })
            .await;
        match outcome {
            Ok(None) => break,
            Ok(Some(Ok(true))) => report.created += 1,
            Ok(Some(Ok(false))) => {}
            Ok(Some(Err((id, why)))) => {
                failed.push(id);
                report.failed.push((RecurringTemplateId(id), why));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(report)
}

pub(super) async fn occurrences(
    db: &Database,
    scope: Scope,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<(NaiveDate, RecurringTemplate)>, RepoError> {
    #[derive(QueryableByName)]
    struct Made {
        #[diesel(sql_type = Date)]
        due: NaiveDate,
        #[diesel(embed)]
        template: TemplateRow,
    }
    // One query for the month, each occurrence with its template.
    let made: Vec<Made> = db
        .run(move |conn| {
            query(sql!(
                "SELECT o.due, ",
                template_columns!(),
                "
                 FROM recurring_occurrences o JOIN recurring_templates r ON r.id = o.template_id ",
                template_joins!(),
                "
                 WHERE o.household_id = $1 AND o.due >= $2 AND o.due < $3 AND ",
                template_seen!("$4"),
                " ORDER BY o.due, o.created_at"
            ))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .bind::<SqlUuid, _>(scope.member.0)
            .load(conn)
            .or_repo()
        })
        .await?;
    made.into_iter().map(|m| Ok((m.due, m.template.try_into()?))).collect()
}
