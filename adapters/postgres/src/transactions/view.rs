//! A transaction as lists and the detail screen show it: its account and category names, its
//! transfer's other leg, the account's balance after it, its tags and its split's parts (one
//! query for each, for them all).

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::categories::CategoryId;
use domain::transactions::{TransactionId, TransactionStatus, TransactionType};
use domain::transfers::Pairing;
use domain::{Money, Scope, UserId};
use ports::ledger::{
    AccountRef, CategoryRef, MemberRef, PeerLeg, RecurringRef, TransactionRecord, TransactionSource, TransferPeer,
};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::visibility::on_seen_account;

#[derive(QueryableByName)]
pub(super) struct ViewRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Text)]
    account_name: String,
    #[diesel(sql_type = Text)]
    account_type: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    category_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    category_color: Option<String>,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    notes: String,
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    peer_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    peer_account_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    peer_account_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    peer_account_type: Option<String>,
    /// The other leg is on an account the member does not see (another member's private one).
    #[diesel(sql_type = Bool)]
    peer_private: bool,
    #[diesel(sql_type = BigInt)]
    balance_after: i64,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    recurring_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    recurring_description: Option<String>,
    #[diesel(sql_type = Text)]
    source: String,
    #[diesel(sql_type = Nullable<Text>)]
    pairing: Option<String>,
    #[diesel(sql_type = Bool)]
    looks_like_transfer: bool,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    created_by: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    created_by_name: Option<String>,
}

fn account_type(raw: &str) -> Result<AccountType, RepoError> {
    AccountType::parse(raw).map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored account type: {e}")))
}

impl TryFrom<ViewRow> for TransactionRecord {
    type Error = RepoError;

    fn try_from(r: ViewRow) -> Result<Self, RepoError> {
        let bad =
            |e: domain::ValidationError| RepoError::Unexpected(anyhow::anyhow!("stored transaction {}: {e}", r.id));
        let category = match (r.category_id, r.category_name.clone(), r.category_color.clone()) {
            (Some(id), Some(name), Some(color)) => Some(CategoryRef { id: CategoryId(id), name, color }),
            _ => None,
        };
        let transfer_peer =
            match (r.peer_id, r.peer_account_id, r.peer_account_name.clone(), r.peer_account_type.as_deref()) {
                _ if r.peer_private => Some(TransferPeer::Private),
                (Some(id), Some(account), Some(name), Some(t)) => Some(TransferPeer::Seen(PeerLeg {
                    id: TransactionId(id),
                    account: AccountRef { id: AccountId(account), name, account_type: account_type(t)? },
                })),
                _ => None,
            };
        Ok(TransactionRecord {
            id: TransactionId(r.id),
            account: AccountRef {
                id: AccountId(r.account_id),
                name: r.account_name.clone(),
                account_type: account_type(&r.account_type)?,
            },
            category,
            amount: Money::from_pence(r.amount),
            transaction_type: TransactionType::parse(&r.r#type).map_err(bad)?,
            description: r.description.clone(),
            notes: r.notes.clone(),
            date: r.date,
            status: TransactionStatus::parse(&r.status).map_err(bad)?,
            is_transfer: r.is_transfer,
            transfer_peer,
            balance_after: Money::from_pence(r.balance_after),
            created_at: r.created_at,
            recurring: r.recurring_id.map(|id| RecurringRef { id, description: r.recurring_description.clone() }),
            source: match r.source.as_str() {
                "import" => TransactionSource::Import,
                "bank" => TransactionSource::Bank,
                "recurring" => TransactionSource::Recurring,
                _ => TransactionSource::Manual,
            },
            pairing: r.pairing.as_deref().and_then(Pairing::parse).filter(|p| p.is_paired()),
            looks_like_transfer: r.looks_like_transfer,
            created_by: r.created_by.zip(r.created_by_name).map(|(id, name)| MemberRef { id: UserId(id), name }),
            tags: vec![],
            receipt_count: 0,
            splits: vec![],
        })
    }
}

/// Decorates rows `t` chosen by an inner query with names, the peer leg and the balance after.
/// The balance subquery reads at most one `account_months` row per earlier month. `$member` is
/// the bind of the member who reads: a peer leg on an account they do not see is only said to be
/// private, its ids and names left in the database.
macro_rules! view_sql {
    ($inner:expr, $member:literal) => {
        concat!(
            "SELECT t.id, t.account_id, a.name AS account_name, a.type AS account_type,
                c.id AS category_id, c.name AS category_name, c.color AS category_color,
                t.amount, t.type, t.description, t.notes, t.date, t.status, t.is_transfer,
                CASE WHEN pa.id IS NOT NULL THEN p.id END AS peer_id, pa.id AS peer_account_id,
                pa.name AS peer_account_name, pa.type AS peer_account_type,
                (p.id IS NOT NULL AND pa.id IS NULL) AS peer_private,
                (a.initial_balance + t.month_balance + COALESCE((
                    SELECT SUM(m.net) FROM account_months m
                    WHERE m.account_id = t.account_id AND m.month < date_trunc('month', t.date)::date), 0))::bigint
                  AS balance_after,
                t.created_at, t.recurring_id, r.description AS recurring_description,
                CASE WHEN t.import_id IS NOT NULL THEN 'import' WHEN t.bank_connection_id IS NOT NULL THEN 'bank'
                     WHEN t.recurring_id IS NOT NULL THEN 'recurring' ELSE 'manual' END AS source,
                t.pairing, ",
            $crate::transactions::pairs::looks_like_transfer!("t"),
            " AS looks_like_transfer, t.created_by, u.name AS created_by_name
         FROM (",
            $inner,
            ") t
         JOIN accounts a ON a.id = t.account_id
         LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
         LEFT JOIN transactions p ON p.id = t.transfer_peer
         LEFT JOIN accounts pa ON pa.id = p.account_id AND ",
            $crate::visibility::sees_account!("pa", $member),
            "
         LEFT JOIN recurring_templates r ON r.id = t.recurring_id
         LEFT JOIN users u ON u.id = t.created_by
         ORDER BY t.date DESC, t.seq DESC"
        )
    };
}

/// The rows with these ids that the member sees, newest first; ids that are not the household's,
/// or are on another member's private account, are left out.
pub(crate) fn load_view(
    conn: &mut PgConnection,
    scope: Scope,
    ids: &[Uuid],
) -> Result<Vec<TransactionRecord>, RepoError> {
    let rows: Vec<ViewRow> = query(sql!(view_sql!(
        concat!(
            "SELECT * FROM transactions WHERE household_id = $1 AND id = ANY($2) AND ",
            on_seen_account!("account_id", "$1", "$3")
        ),
        "$3"
    )))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<SqlUuid, _>(scope.member.0)
    .load(conn)
    .or_repo()?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let mut tags = crate::tags::tags_of(conn, scope.household.0, &ids)?;
    let receipts = crate::receipts::receipt_counts(conn, scope.household.0, &ids)?;
    let mut splits = super::splits::splits_of(conn, scope.household.0, &ids)?;
    rows.into_iter()
        .map(|r| {
            let mut record = TransactionRecord::try_from(r)?;
            record.tags = tags.remove(&record.id.0).unwrap_or_default();
            record.receipt_count = receipts.get(&record.id.0).copied().unwrap_or(0);
            record.splits = splits.remove(&record.id.0).unwrap_or_default();
            Ok(record)
        })
        .collect()
}

/// The row `id` if the member sees it, or `NotFound`.
pub(super) fn load_one(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<TransactionRecord, RepoError> {
    load_view(conn, scope, &[id])?.pop().ok_or(RepoError::NotFound)
}
