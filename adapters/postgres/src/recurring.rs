//! Recurring templates, and the occurrences they make. An occurrence is written in one database
//! transaction with its ledger rows (through the ledger's own write path), its key in
//! `recurring_occurrences` and the template's advanced next due day; the scheduler claims a
//! template with `FOR UPDATE SKIP LOCKED` first. So any number of passes, at once or after a
//! crash, make each occurrence exactly once.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::categories::CategoryId;
use domain::dates::CalendarMonth;
use domain::recurring::{next_due, Frequency, RecurringDraft, RecurringKind};
use domain::recurring_analytics::{CategoryLine, FlowKind, MadeByTemplate, MonthFlow, Source};
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, UserId};
use ports::ledger::{AccountRef, CategoryRef};
use ports::recurring::{
    DeleteOutcome, Occurrence, PassReport, RecurringRepository, RecurringSnapshot, RecurringTemplate, TemplateKind,
};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, Abort, OrRepo};
use crate::transactions::{insert_entry, insert_transfer, COUNTS};
use crate::Database;

fn flow_kind(raw: &str) -> Option<FlowKind> {
    match raw {
        "income" => Some(FlowKind::Income),
        "expense" => Some(FlowKind::Expense),
        "transfer" => Some(FlowKind::Transfer),
        _ => None,
    }
}

fn flow_kind_str(kind: FlowKind) -> &'static str {
    match kind {
        FlowKind::Income => "income",
        FlowKind::Expense => "expense",
        FlowKind::Transfer => "transfer",
    }
}

pub struct PgRecurringRepository {
    db: Database,
}

impl PgRecurringRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A template's columns with its names, as the screens need it, from `r` and its joins.
const TEMPLATE_COLUMNS: &str = "
    r.id, r.kind, r.amount, r.description, r.frequency, r.start_date, r.anchor,
    r.next_due, r.notes, r.is_active, r.created_at,
    c.id AS category_id, c.name AS category_name, c.color AS category_color, c.icon AS category_icon,
    a.id AS account_id, a.name AS account_name, a.type AS account_type,
    t.id AS to_account_id, t.name AS to_account_name, t.type AS to_account_type";

/// The names a template's columns come from, joined to `recurring_templates r`.
const TEMPLATE_JOINS: &str = "
    JOIN accounts a ON a.id = r.account_id
    LEFT JOIN accounts t ON t.id = r.to_account_id
    LEFT JOIN categories c ON c.id = r.category_id";

/// Templates with their names.
fn templates_sql(filter: &str) -> String {
    format!("SELECT {TEMPLATE_COLUMNS} FROM recurring_templates r {TEMPLATE_JOINS} {filter}")
}

#[derive(QueryableByName)]
struct TemplateRow {
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

fn corrupt(id: Uuid, what: &str) -> RepoError {
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
            id: r.id,
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

fn load(conn: &mut PgConnection, user: Uuid, id: Uuid) -> Result<RecurringTemplate, RepoError> {
    let row: TemplateRow = diesel::sql_query(templates_sql("WHERE r.user_id = $1 AND r.id = $2"))
        .bind::<SqlUuid, _>(user)
        .bind::<SqlUuid, _>(id)
        .get_result(conn)
        .or_repo()?;
    row.try_into()
}

/// `NotFound` unless every account and the category (if any) are the user's.
fn owns(conn: &mut PgConnection, user: Uuid, draft: &RecurringDraft) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Bool)]
        found: bool,
    }
    let (accounts, category): (Vec<Uuid>, Option<Uuid>) = match draft.kind {
        RecurringKind::Entry { category_id, account_id, .. } => (vec![account_id.0], Some(category_id.0)),
        RecurringKind::Transfer { from_account_id, to_account_id } => (vec![from_account_id.0, to_account_id.0], None),
    };
    let found: Found = diesel::sql_query(
        "SELECT (SELECT count(*) FROM accounts WHERE user_id = $1 AND id = ANY($2)) = cardinality($2)
                AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM categories WHERE user_id = $1 AND id = $3)) AS found",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Array<SqlUuid>, _>(&accounts)
    .bind::<Nullable<SqlUuid>, _>(category)
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

/// The stored fields an occurrence needs, read with the template row locked.
#[derive(QueryableByName)]
struct Claimed {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
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

const CLAIMED: &str = "SELECT id, user_id, kind, amount, description, category_id, account_id, to_account_id,
                              frequency, anchor, next_due, notes
                       FROM recurring_templates";

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
        diesel::sql_query("SELECT due FROM recurring_occurrences WHERE template_id = $1 AND due >= $2")
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
    let user = UserId(t.user_id);
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
                category_id: CategoryId(category),
                account_id: AccountId(t.account_id),
                date: due,
                notes: t.notes.clone(),
                status: TransactionStatus::Completed,
            };
            vec![insert_entry(conn, user, &draft)?]
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
            let (out_id, in_id) = insert_transfer(conn, user, &draft)?;
            vec![out_id, in_id]
        }
        _ => return Err(corrupt(t.id, "accounts or category")),
    };
    diesel::sql_query("UPDATE transactions SET recurring_id = $1 WHERE id = ANY($2)")
        .bind::<SqlUuid, _>(t.id)
        .bind::<Array<SqlUuid>, _>(&made)
        .execute(conn)
        .or_repo()?;
    // The key: a second write of this occurrence fails here and rolls everything back.
    diesel::sql_query("INSERT INTO recurring_occurrences (user_id, template_id, due) VALUES ($1, $2, $3)")
        .bind::<SqlUuid, _>(t.user_id)
        .bind::<SqlUuid, _>(t.id)
        .bind::<Date, _>(due)
        .execute(conn)
        .or_repo()?;
    set_next_due(conn, t.id, advance(due)?)?;
    Ok(Some(Occurrence { template_id: t.id, due, transactions: made }))
}

fn set_next_due(conn: &mut PgConnection, template: Uuid, next: NaiveDate) -> Result<(), RepoError> {
    diesel::sql_query("UPDATE recurring_templates SET next_due = $2, updated_at = now() WHERE id = $1")
        .bind::<SqlUuid, _>(template)
        .bind::<Date, _>(next)
        .execute(conn)
        .or_repo()?;
    Ok(())
}

#[async_trait]
impl RecurringRepository for PgRecurringRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn list(&self, user: UserId, active_only: bool) -> Result<Vec<RecurringTemplate>, RepoError> {
        let rows: Vec<TemplateRow> = self
            .db
            .run(move |conn| {
                diesel::sql_query(templates_sql(
                    "WHERE r.user_id = $1 AND (r.is_active OR NOT $2) ORDER BY r.next_due, r.created_at, r.id",
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Bool, _>(active_only)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter().map(TryInto::try_into).collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn get(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RepoError> {
        self.db.run(move |conn| load(conn, user.0, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create(&self, user: UserId, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError> {
        self.db
            .write(move |conn| {
                owns(conn, user.0, &draft)?;
                let c = columns(&draft);
                let id = Uuid::now_v7();
                diesel::sql_query(
                    "INSERT INTO recurring_templates (id, user_id, kind, amount, description, category_id, account_id,
                                                      to_account_id, frequency, start_date, anchor, next_due, notes)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10, $11)",
                )
                .bind::<SqlUuid, _>(id)
                .bind::<SqlUuid, _>(user.0)
                .bind::<Text, _>(c.kind)
                .bind::<BigInt, _>(draft.amount.pence())
                .bind::<Text, _>(&draft.description)
                .bind::<Nullable<SqlUuid>, _>(c.category)
                .bind::<SqlUuid, _>(c.account)
                .bind::<Nullable<SqlUuid>, _>(c.to_account)
                .bind::<Text, _>(draft.frequency.as_str())
                .bind::<Date, _>(draft.due)
                .bind::<Text, _>(&draft.notes)
                .execute(conn)
                .or_repo()?;
                load(conn, user.0, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn update(&self, user: UserId, id: Uuid, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError> {
        self.db
            .write(move |conn| {
                owns(conn, user.0, &draft)?;
                let c = columns(&draft);
                let transfer = c.kind == "transfer";
                // The anchor moves only when the next due day does.
                let changed = diesel::sql_query(
                    "UPDATE recurring_templates
                     SET kind = $3, amount = $4, description = $5, category_id = $6, account_id = $7,
                         to_account_id = $8, frequency = $9,
                         anchor = CASE WHEN next_due = $10 THEN anchor ELSE $10 END,
                         next_due = $10, notes = $11, updated_at = now()
                     WHERE user_id = $1 AND id = $2 AND (kind = 'transfer') = $12",
                )
                .bind::<SqlUuid, _>(user.0)
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
                load(conn, user.0, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn toggle_active(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RepoError> {
        self.db
            .write(move |conn| {
                let changed = diesel::sql_query(
                    "UPDATE recurring_templates SET is_active = NOT is_active, updated_at = now()
                     WHERE user_id = $1 AND id = $2",
                )
                .bind::<SqlUuid, _>(user.0)
                .bind::<SqlUuid, _>(id)
                .execute(conn)
                .or_repo()?;
                found(changed)?;
                load(conn, user.0, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete(&self, user: UserId, id: Uuid) -> Result<DeleteOutcome, RepoError> {
        #[derive(QueryableByName)]
        struct Id {
            #[diesel(sql_type = SqlUuid)]
            #[allow(dead_code)]
            id: Uuid,
        }
        self.db
            .write(move |conn| {
                // Locks the user's templates, so two deletes cannot both take the 'not last' path.
                let mine: Vec<Id> =
                    diesel::sql_query("SELECT id FROM recurring_templates WHERE user_id = $1 ORDER BY id FOR UPDATE")
                        .bind::<SqlUuid, _>(user.0)
                        .load(conn)
                        .or_repo()?;
                load(conn, user.0, id)?;
                if mine.len() == 1 {
                    diesel::sql_query(
                        "UPDATE recurring_templates SET is_active = false, updated_at = now() WHERE id = $1",
                    )
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                    return Ok(DeleteOutcome::Deactivated);
                }
                diesel::sql_query("DELETE FROM recurring_templates WHERE user_id = $1 AND id = $2")
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                Ok(DeleteOutcome::Deleted)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn process_now(&self, user: UserId, id: Uuid) -> Result<Occurrence, RepoError> {
        self.db
            .write(move |conn| {
                let claimed: Claimed =
                    diesel::sql_query(format!("{CLAIMED} WHERE user_id = $1 AND id = $2 FOR UPDATE"))
                        .bind::<SqlUuid, _>(user.0)
                        .bind::<SqlUuid, _>(id)
                        .get_result(conn)
                        .or_repo()?;
                occur(conn, &claimed, None)?.ok_or_else(|| corrupt(id, "occurrence"))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn process_due(&self, today: NaiveDate) -> Result<PassReport, RepoError> {
        let mut report = PassReport::default();
        let mut failed: Vec<Uuid> = vec![];
        loop {
            let skip = failed.clone();
            let outcome = self
                .db
                .write(move |conn| {
                    let claimed: Option<Claimed> = diesel::sql_query(format!(
                        "{CLAIMED} WHERE is_active AND next_due <= $1 AND id <> ALL($2)
                         ORDER BY next_due, id LIMIT 1 FOR UPDATE SKIP LOCKED"
                    ))
                    .bind::<Date, _>(today)
                    .bind::<Array<SqlUuid>, _>(&skip)
                    .get_result(conn)
                    .optional()
                    .or_repo()?;
                    let Some(t) = claimed else { return Ok(None) };
                    // A savepoint: a failed occurrence leaves nothing behind, and the pass goes on.
                    match conn.transaction(|c| occur(c, &t, Some(today)).map_err(Abort::Repo)).map_err(RepoError::from)
                    {
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
                    report.failed.push((id, why));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(report)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn made_by_templates(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<MadeByTemplate>, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = Date)]
            month: NaiveDate,
            #[diesel(sql_type = SqlUuid)]
            recurring_id: Uuid,
            #[diesel(sql_type = Text)]
            name: String,
            #[diesel(sql_type = Text)]
            icon: String,
            #[diesel(sql_type = Text)]
            kind: String,
            #[diesel(sql_type = BigInt)]
            amount: i64,
        }
        let rows: Vec<Row> = self
            .db
            .run(move |conn| {
                diesel::sql_query(format!(
                    "SELECT date_trunc('month', t.date)::date AS month, t.recurring_id,
                            COALESCE(c.name, 'Transfers') AS name, COALESCE(c.icon, 'arrow-left-right') AS icon,
                            CASE WHEN t.is_transfer THEN 'transfer' ELSE t.type END AS kind, abs(t.amount) AS amount
                     FROM transactions t LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
                     WHERE t.user_id = $1 AND t.recurring_id IS NOT NULL AND t.date >= $2 AND t.date < $3
                       AND {COUNTS} AND (NOT t.is_transfer OR t.amount < 0)
                     ORDER BY t.date, t.seq"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter()
            .map(|r| {
                Ok(MadeByTemplate {
                    month: CalendarMonth::of(r.month),
                    template_id: r.recurring_id,
                    category: (r.name, r.icon),
                    kind: flow_kind(&r.kind).ok_or_else(|| corrupt(r.recurring_id, "transaction kind"))?,
                    amount: Money::from_pence(r.amount),
                })
            })
            .collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn snapshots(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<RecurringSnapshot>, RepoError> {
        #[derive(QueryableByName)]
        struct Head {
            #[diesel(sql_type = Date)]
            month: NaiveDate,
            #[diesel(sql_type = BigInt)]
            income: i64,
            #[diesel(sql_type = BigInt)]
            expenses: i64,
        }
        #[derive(QueryableByName)]
        struct Line {
            #[diesel(sql_type = Date)]
            month: NaiveDate,
            #[diesel(sql_type = Text)]
            name: String,
            #[diesel(sql_type = Text)]
            icon: String,
            #[diesel(sql_type = Text)]
            kind: String,
            #[diesel(sql_type = BigInt)]
            amount: i64,
            #[diesel(sql_type = BigInt)]
            count: i64,
        }
        #[derive(QueryableByName)]
        struct TemplateLine {
            #[diesel(sql_type = Date)]
            month: NaiveDate,
            #[diesel(sql_type = SqlUuid)]
            template_id: Uuid,
            #[diesel(sql_type = BigInt)]
            template_amount: i64,
            #[diesel(sql_type = BigInt)]
            actual_amount: i64,
        }
        self.db
            .read_snapshot(move |conn| {
                let bind = |sql: &str| {
                    diesel::sql_query(sql.to_owned())
                        .bind::<SqlUuid, _>(user.0)
                        .bind::<Date, _>(from)
                        .bind::<Date, _>(to)
                };
                let heads: Vec<Head> = bind(
                    "SELECT month, income, expenses FROM recurring_snapshots
                     WHERE user_id = $1 AND month >= $2 AND month < $3 ORDER BY month",
                )
                .load(conn)
                .or_repo()?;
                let lines: Vec<Line> = bind(
                    "SELECT month, name, icon, kind, amount, count FROM recurring_snapshot_lines
                     WHERE user_id = $1 AND month >= $2 AND month < $3 ORDER BY month, position",
                )
                .load(conn)
                .or_repo()?;
                let templates: Vec<TemplateLine> = bind(
                    "SELECT month, template_id, template_amount, actual_amount FROM recurring_snapshot_templates
                     WHERE user_id = $1 AND month >= $2 AND month < $3",
                )
                .load(conn)
                .or_repo()?;
                heads
                    .into_iter()
                    .map(|h| {
                        let categories = lines
                            .iter()
                            .filter(|l| l.month == h.month)
                            .map(|l| {
                                Ok(CategoryLine {
                                    name: l.name.clone(),
                                    icon: l.icon.clone(),
                                    kind: flow_kind(&l.kind).ok_or_else(|| corrupt(user.0, "snapshot line kind"))?,
                                    amount: Money::from_pence(l.amount),
                                    count: l.count,
                                })
                            })
                            .collect::<Result<Vec<_>, RepoError>>()?;
                        Ok(RecurringSnapshot {
                            flow: MonthFlow {
                                month: CalendarMonth::of(h.month),
                                income: Money::from_pence(h.income),
                                expenses: Money::from_pence(h.expenses),
                                source: Source::Snapshot,
                                categories,
                            },
                            templates: templates
                                .iter()
                                .filter(|t| t.month == h.month)
                                .map(|t| {
                                    (
                                        t.template_id,
                                        Money::from_pence(t.template_amount),
                                        Money::from_pence(t.actual_amount),
                                    )
                                })
                                .collect(),
                        })
                    })
                    .collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn save_snapshot(&self, user: UserId, snapshot: RecurringSnapshot) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                let month = snapshot.flow.month.first_day();
                diesel::sql_query("DELETE FROM recurring_snapshots WHERE user_id = $1 AND month = $2")
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Date, _>(month)
                    .execute(conn)
                    .or_repo()?;
                diesel::sql_query(
                    "INSERT INTO recurring_snapshots (user_id, month, income, expenses) VALUES ($1, $2, $3, $4)",
                )
                .bind::<SqlUuid, _>(user.0)
                .bind::<Date, _>(month)
                .bind::<BigInt, _>(snapshot.flow.income.pence())
                .bind::<BigInt, _>(snapshot.flow.expenses.pence())
                .execute(conn)
                .or_repo()?;
                for (position, line) in snapshot.flow.categories.iter().enumerate() {
                    diesel::sql_query(
                        "INSERT INTO recurring_snapshot_lines (user_id, month, position, name, icon, kind, amount, count)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    )
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Date, _>(month)
                    .bind::<diesel::sql_types::Integer, _>(position as i32)
                    .bind::<Text, _>(&line.name)
                    .bind::<Text, _>(&line.icon)
                    .bind::<Text, _>(flow_kind_str(line.kind))
                    .bind::<BigInt, _>(line.amount.pence())
                    .bind::<BigInt, _>(line.count)
                    .execute(conn)
                    .or_repo()?;
                }
                for (template, amount, actual) in &snapshot.templates {
                    diesel::sql_query(
                        "INSERT INTO recurring_snapshot_templates (user_id, month, template_id, template_amount, actual_amount)
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Date, _>(month)
                    .bind::<SqlUuid, _>(template)
                    .bind::<BigInt, _>(amount.pence())
                    .bind::<BigInt, _>(actual.pence())
                    .execute(conn)
                    .or_repo()?;
                }
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn occurrences(
        &self,
        user: UserId,
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
        let made: Vec<Made> = self
            .db
            .run(move |conn| {
                diesel::sql_query(format!(
                    "SELECT o.due, {TEMPLATE_COLUMNS}
                     FROM recurring_occurrences o JOIN recurring_templates r ON r.id = o.template_id {TEMPLATE_JOINS}
                     WHERE o.user_id = $1 AND o.due >= $2 AND o.due < $3 ORDER BY o.due, o.created_at"
                ))
                .bind::<SqlUuid, _>(user.0)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .load(conn)
                .or_repo()
            })
            .await?;
        made.into_iter().map(|m| Ok((m.due, m.template.try_into()?))).collect()
    }
}
