//! Transactions and transfers, with the stored running balances and month totals kept right
//! inside the same database transaction as every write.
//!
//! Bookkeeping per write, with the affected accounts locked (`FOR UPDATE`, in id order):
//! - `month_balance` of the row = the previous row's in its (account, month), in (date, seq)
//!   order, plus its counted amount (zero when declined);
//! - the later rows of that account-month shift by the counted amount (nothing else moves:
//!   later months read their opening balance from `account_months`);
//! - `account_months` and `ledger_month_totals` change by the counted amount and row count.

use async_trait::async_trait;
use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::BoxedSqlQuery;
use diesel::query_builder::SqlQuery;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::categories::CategoryId;
use domain::transactions::{TransactionDraft, TransactionId, TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, UserId};
use ports::ledger::{
    AccountRef, CategoryRef, LedgerSummary, TransactionPage, TransactionQuery, TransactionRecord,
    TransactionRepository, TransferPeer, TransferRecord,
};
use ports::RepoError;
use uuid::Uuid;

use crate::Database;

fn month_start(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("first of month")
}

fn next_month(day: NaiveDate) -> NaiveDate {
    month_start(day).checked_add_months(Months::new(1)).expect("a month later")
}

/// What a write needs to know about a stored row.
#[derive(QueryableByName, Debug, Clone)]
struct StoredRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    transfer_peer: Option<Uuid>,
}

/// What an amount adds to balances and totals: nothing when declined.
fn counted(amount: i64, status: &str) -> i64 {
    if status == "declined" {
        0
    } else {
        amount
    }
}

impl StoredRow {
    fn counted(&self) -> i64 {
        counted(self.amount, &self.status)
    }
}

/// The fields of a row about to be written.
struct Entry {
    id: Uuid,
    user: Uuid,
    account: Uuid,
    category: Option<Uuid>,
    amount: i64,
    transaction_type: &'static str,
    description: String,
    notes: String,
    date: NaiveDate,
    status: &'static str,
    is_transfer: bool,
    peer: Option<Uuid>,
}

impl Entry {
    fn counted(&self) -> i64 {
        counted(self.amount, self.status)
    }
}

/// Locks the user's accounts with these ids, in id order; `NotFound` unless all are the user's.
fn lock_accounts(conn: &mut PgConnection, user: Uuid, ids: &[Uuid]) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    let mut wanted = ids.to_vec();
    wanted.sort();
    wanted.dedup();
    let locked: Vec<Id> =
        diesel::sql_query("SELECT id FROM accounts WHERE user_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE")
            .bind::<SqlUuid, _>(user)
            .bind::<diesel::sql_types::Array<SqlUuid>, _>(&wanted)
            .load(conn)
            .map_err(crate::errors::repo_error)?;
    if locked.len() == wanted.len() {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}

fn category_is_users(conn: &mut PgConnection, user: Uuid, category: Uuid) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Bool)]
        found: bool,
    }
    let found: Found =
        diesel::sql_query("SELECT EXISTS (SELECT 1 FROM categories WHERE id = $1 AND user_id = $2) AS found")
            .bind::<SqlUuid, _>(category)
            .bind::<SqlUuid, _>(user)
            .get_result(conn)
            .map_err(crate::errors::repo_error)?;
    if found.found {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}

/// The month balance just before position (date, seq) in the account's month, ignoring `skip`.
fn balance_before(conn: &mut PgConnection, account: Uuid, date: NaiveDate, seq: i64, skip: Uuid) -> QueryResult<i64> {
    #[derive(QueryableByName)]
    struct Balance {
        #[diesel(sql_type = BigInt)]
        month_balance: i64,
    }
    let found: Option<Balance> = diesel::sql_query(
        "SELECT month_balance FROM transactions
         WHERE account_id = $1 AND date >= $2 AND (date, seq) < ($3, $4) AND id <> $5
         ORDER BY date DESC, seq DESC LIMIT 1",
    )
    .bind::<SqlUuid, _>(account)
    .bind::<Date, _>(month_start(date))
    .bind::<Date, _>(date)
    .bind::<BigInt, _>(seq)
    .bind::<SqlUuid, _>(skip)
    .get_result(conn)
    .optional()?;
    Ok(found.map_or(0, |b| b.month_balance))
}

/// Shifts the month balances of the rows after (date, seq) in the account's month.
fn shift_after(
    conn: &mut PgConnection,
    account: Uuid,
    date: NaiveDate,
    seq: i64,
    delta: i64,
    skip: Uuid,
) -> QueryResult<usize> {
    if delta == 0 {
        return Ok(0);
    }
    diesel::sql_query(
        "UPDATE transactions SET month_balance = month_balance + $1
         WHERE account_id = $2 AND date >= $3 AND date < $4 AND (date, seq) > ($3, $5) AND id <> $6",
    )
    .bind::<BigInt, _>(delta)
    .bind::<SqlUuid, _>(account)
    .bind::<Date, _>(date)
    .bind::<Date, _>(next_month(date))
    .bind::<BigInt, _>(seq)
    .bind::<SqlUuid, _>(skip)
    .execute(conn)
}

/// Adds to the month aggregates of one (account, category, type, transfer flag).
#[allow(clippy::too_many_arguments)]
fn bump_totals(
    conn: &mut PgConnection,
    user: Uuid,
    account: Uuid,
    category: Option<Uuid>,
    transaction_type: &str,
    is_transfer: bool,
    date: NaiveDate,
    total: i64,
    rows: i64,
) -> QueryResult<()> {
    let month = month_start(date);
    diesel::sql_query(
        "INSERT INTO ledger_month_totals (user_id, month, account_id, category_id, type, is_transfer, total, row_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Date, _>(month)
    .bind::<SqlUuid, _>(account)
    .bind::<Nullable<SqlUuid>, _>(category)
    .bind::<Text, _>(transaction_type)
    .bind::<Bool, _>(is_transfer)
    .bind::<BigInt, _>(total)
    .bind::<BigInt, _>(rows)
    .execute(conn)?;
    if total != 0 {
        diesel::sql_query(
            "INSERT INTO account_months (account_id, month, net) VALUES ($1, $2, $3)
             ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net",
        )
        .bind::<SqlUuid, _>(account)
        .bind::<Date, _>(month)
        .bind::<BigInt, _>(total)
        .execute(conn)?;
    }
    Ok(())
}

/// Inserts a row at the end of its day and does its bookkeeping. Accounts must be locked.
fn add_entry(conn: &mut PgConnection, entry: &Entry) -> QueryResult<()> {
    #[derive(QueryableByName)]
    struct Seq {
        #[diesel(sql_type = BigInt)]
        seq: i64,
    }
    let seq = diesel::sql_query("SELECT nextval('transactions_seq') AS seq").get_result::<Seq>(conn)?.seq;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, seq, entry.id)? + counted;
    diesel::sql_query(
        "INSERT INTO transactions (id, user_id, account_id, category_id, seq, amount, type, description, notes, date,
                                   status, is_transfer, transfer_peer, month_balance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind::<SqlUuid, _>(entry.id)
    .bind::<SqlUuid, _>(entry.user)
    .bind::<SqlUuid, _>(entry.account)
    .bind::<Nullable<SqlUuid>, _>(entry.category)
    .bind::<BigInt, _>(seq)
    .bind::<BigInt, _>(entry.amount)
    .bind::<Text, _>(entry.transaction_type)
    .bind::<Text, _>(&entry.description)
    .bind::<Text, _>(&entry.notes)
    .bind::<Date, _>(entry.date)
    .bind::<Text, _>(entry.status)
    .bind::<Bool, _>(entry.is_transfer)
    .bind::<Nullable<SqlUuid>, _>(entry.peer)
    .bind::<BigInt, _>(month_balance)
    .execute(conn)?;
    shift_after(conn, entry.account, entry.date, seq, counted, entry.id)?;
    bump_totals(
        conn,
        entry.user,
        entry.account,
        entry.category,
        entry.transaction_type,
        entry.is_transfer,
        entry.date,
        counted,
        1,
    )
}

/// Takes a stored row's contribution out of balances and totals (the row itself stays).
fn withdraw(conn: &mut PgConnection, user: Uuid, row: &StoredRow) -> QueryResult<()> {
    shift_after(conn, row.account_id, row.date, row.seq, -row.counted(), row.id)?;
    bump_totals(conn, user, row.account_id, row.category_id, &row.r#type, row.is_transfer, row.date, -row.counted(), -1)
}

const STORED_COLUMNS: &str = "id, account_id, category_id, seq, amount, type, date, status, is_transfer, transfer_peer";

fn stored(conn: &mut PgConnection, user: Uuid, id: Uuid) -> Result<StoredRow, RepoError> {
    diesel::sql_query(format!("SELECT {STORED_COLUMNS} FROM transactions WHERE id = $1 AND user_id = $2"))
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(user)
        .get_result(conn)
        .map_err(crate::errors::repo_error)
}

/// Deletes a row (and its transfer peer) with bookkeeping. Accounts must be locked.
fn remove_rows(conn: &mut PgConnection, user: Uuid, rows: &[StoredRow]) -> QueryResult<()> {
    for row in rows {
        withdraw(conn, user, row)?;
    }
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    diesel::sql_query("DELETE FROM transactions WHERE id = ANY($1)")
        .bind::<diesel::sql_types::Array<SqlUuid>, _>(&ids)
        .execute(conn)?;
    Ok(())
}

/// A row as lists and the detail screen read it, with its balance after.
#[derive(QueryableByName)]
struct ViewRow {
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
    #[diesel(sql_type = BigInt)]
    balance_after: i64,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
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
                (Some(id), Some(account), Some(name), Some(t)) => Some(TransferPeer {
                    id: TransactionId(id),
                    account: AccountRef { id: AccountId(account), name, account_type: account_type(t)? },
                }),
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
        })
    }
}

/// Decorates rows `t` chosen by an inner query with names, the peer leg and the balance after.
/// The balance subquery reads at most one `account_months` row per earlier month.
fn view_sql(inner: &str) -> String {
    format!(
        "SELECT t.id, t.account_id, a.name AS account_name, a.type AS account_type,
                t.category_id, c.name AS category_name, c.color AS category_color,
                t.amount, t.type, t.description, t.notes, t.date, t.status, t.is_transfer,
                p.id AS peer_id, p.account_id AS peer_account_id, pa.name AS peer_account_name,
                pa.type AS peer_account_type,
                (a.initial_balance + t.month_balance + COALESCE((
                    SELECT SUM(m.net) FROM account_months m
                    WHERE m.account_id = t.account_id AND m.month < date_trunc('month', t.date)::date), 0))::bigint
                  AS balance_after,
                t.created_at
         FROM ({inner}) t
         JOIN accounts a ON a.id = t.account_id
         LEFT JOIN categories c ON c.id = t.category_id
         LEFT JOIN transactions p ON p.id = t.transfer_peer
         LEFT JOIN accounts pa ON pa.id = p.account_id
         ORDER BY t.date DESC, t.seq DESC"
    )
}

fn load_view(conn: &mut PgConnection, user: Uuid, ids: &[Uuid]) -> Result<Vec<TransactionRecord>, RepoError> {
    let rows: Vec<ViewRow> =
        diesel::sql_query(view_sql("SELECT * FROM transactions WHERE user_id = $1 AND id = ANY($2)"))
            .bind::<SqlUuid, _>(user)
            .bind::<diesel::sql_types::Array<SqlUuid>, _>(ids)
            .load(conn)
            .map_err(crate::errors::repo_error)?;
    rows.into_iter().map(TryInto::try_into).collect()
}

fn load_one(conn: &mut PgConnection, user: Uuid, id: Uuid) -> Result<TransactionRecord, RepoError> {
    load_view(conn, user, &[id])?.pop().ok_or(RepoError::NotFound)
}

/// The WHERE clause of a list query and its binds, shared by the page, the raw part of the
/// summary and the count.
struct Filter {
    clauses: Vec<String>,
    binds: Vec<Bind>,
}

enum Bind {
    Uuid(Uuid),
    Uuids(Vec<Uuid>),
    Text(String),
    Date(NaiveDate),
}

impl Filter {
    /// Conditions on columns that the month totals also carry (not dates, not search).
    fn new(user: UserId, q: &TransactionQuery, alias: &str) -> Self {
        let mut f = Filter { clauses: vec![], binds: vec![] };
        f.push(format!("{alias}.user_id = ${{}}"), Bind::Uuid(user.0));
        if let Some(c) = q.category {
            f.push(format!("{alias}.category_id = ${{}}"), Bind::Uuid(c.0));
        }
        if let Some(a) = q.account {
            f.push(format!("{alias}.account_id = ${{}}"), Bind::Uuid(a.0));
        }
        if let Some(t) = q.transaction_type {
            f.push(format!("{alias}.type = ${{}}"), Bind::Text(t.as_str().into()));
        }
        if !q.include_transfers {
            f.clauses.push(format!("NOT {alias}.is_transfer"));
        }
        f
    }

    fn push(&mut self, clause: String, bind: Bind) {
        self.binds.push(bind);
        self.clauses.push(clause.replace("${}", &format!("${}", self.binds.len())));
    }

    fn date_from(&mut self, column: &str, day: NaiveDate) {
        self.push(format!("{column} >= ${{}}"), Bind::Date(day));
    }

    fn date_before(&mut self, column: &str, day: NaiveDate) {
        self.push(format!("{column} < ${{}}"), Bind::Date(day));
    }

    /// Description or category name containing the text, ignoring case. The matching
    /// categories are looked up first, so the condition is an index-friendly OR of a trigram
    /// match on the description and a category list.
    fn search(&mut self, search: &Search) {
        let n = self.binds.len() + 1;
        self.binds.push(Bind::Text(search.pattern.clone()));
        self.binds.push(Bind::Uuids(search.categories.clone()));
        let transfer = if search.transfers { " OR t.is_transfer" } else { "" };
        self.clauses.push(format!("(t.description ILIKE ${n} OR t.category_id = ANY(${}){transfer})", n + 1));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            "TRUE".into()
        } else {
            self.clauses.join(" AND ")
        }
    }

    fn apply(&self, query: SqlQuery) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
        let mut boxed = query.into_boxed::<Pg>();
        for bind in &self.binds {
            boxed = match bind {
                Bind::Uuid(u) => boxed.bind::<SqlUuid, _>(*u),
                Bind::Uuids(u) => boxed.bind::<diesel::sql_types::Array<SqlUuid>, _>(u.clone()),
                Bind::Text(t) => boxed.bind::<Text, _>(t.clone()),
                Bind::Date(d) => boxed.bind::<Date, _>(*d),
            };
        }
        boxed
    }
}

/// A search resolved for one user: the ILIKE pattern and the categories whose names match.
struct Search {
    pattern: String,
    categories: Vec<Uuid>,
    /// Whether the text is part of the word "transfer" (which then matches transfer legs).
    transfers: bool,
}

fn resolve_search(conn: &mut PgConnection, user: UserId, text: &str) -> QueryResult<Search> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let pattern = format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let categories: Vec<Id> = diesel::sql_query("SELECT id FROM categories WHERE user_id = $1 AND name ILIKE $2")
        .bind::<SqlUuid, _>(user.0)
        .bind::<Text, _>(&pattern)
        .load(conn)?;
    Ok(Search {
        pattern,
        categories: categories.into_iter().map(|c| c.id).collect(),
        transfers: "transfer".contains(&text.to_lowercase()),
    })
}

#[derive(QueryableByName, Default)]
struct SummaryRow {
    #[diesel(sql_type = BigInt)]
    income: i64,
    #[diesel(sql_type = BigInt)]
    expenses: i64,
    #[diesel(sql_type = BigInt)]
    transfers: i64,
    #[diesel(sql_type = BigInt)]
    rows: i64,
}

const SUMMARY_OF_ROWS: &str = "COALESCE(SUM(CASE WHEN t.status <> 'declined' AND NOT t.is_transfer AND t.type = 'income' THEN t.amount END), 0)::bigint AS income,
     COALESCE(SUM(CASE WHEN t.status <> 'declined' AND NOT t.is_transfer AND t.type = 'expense' THEN t.amount END), 0)::bigint AS expenses,
     COALESCE(SUM(CASE WHEN t.status <> 'declined' AND t.is_transfer THEN t.amount END), 0)::bigint AS transfers,
     count(*)::bigint AS rows";

const SUMMARY_OF_TOTALS: &str =
    "COALESCE(SUM(CASE WHEN NOT t.is_transfer AND t.type = 'income' THEN t.total END), 0)::bigint AS income,
     COALESCE(SUM(CASE WHEN NOT t.is_transfer AND t.type = 'expense' THEN t.total END), 0)::bigint AS expenses,
     COALESCE(SUM(CASE WHEN t.is_transfer THEN t.total END), 0)::bigint AS transfers,
     COALESCE(SUM(t.row_count), 0)::bigint AS rows";

/// The summary of the whole filtered set. Without a search, whole months inside the date
/// range come from `ledger_month_totals` and only the partial months at its ends are read
/// row by row, so the cost does not grow with the length of the history.
fn summarise(
    conn: &mut PgConnection,
    user: UserId,
    q: &TransactionQuery,
    search: Option<&Search>,
) -> QueryResult<SummaryRow> {
    let raw = |conn: &mut PgConnection, ranges: &[(Option<NaiveDate>, Option<NaiveDate>)]| -> QueryResult<SummaryRow> {
        let mut total = SummaryRow::default();
        for (from, before) in ranges {
            let mut f = Filter::new(user, q, "t");
            if let Some(d) = from {
                f.date_from("t.date", *d);
            }
            if let Some(d) = before {
                f.date_before("t.date", *d);
            }
            if let Some(s) = search {
                f.search(s);
            }
            let sql = format!("SELECT {SUMMARY_OF_ROWS} FROM transactions t WHERE {}", f.sql());
            let part: SummaryRow = f.apply(diesel::sql_query(sql)).get_result(conn)?;
            total.income += part.income;
            total.expenses += part.expenses;
            total.transfers += part.transfers;
            total.rows += part.rows;
        }
        Ok(total)
    };

    let end_exclusive = q.end.and_then(|d| d.succ_opt());
    if search.is_some() {
        return raw(conn, &[(q.start, end_exclusive)]);
    }
    // Whole months: [first month starting on or after start, month of the day after end).
    let bucket_from = q.start.map(|s| if s.day() == 1 { s } else { next_month(s) });
    let bucket_before = end_exclusive.map(month_start);
    if let (Some(from), Some(before)) = (bucket_from, bucket_before) {
        if from >= before {
            return raw(conn, &[(q.start, end_exclusive)]);
        }
    }
    let mut f = Filter::new(user, q, "t");
    if let Some(d) = bucket_from {
        f.date_from("t.month", d);
    }
    if let Some(d) = bucket_before {
        f.date_before("t.month", d);
    }
    let sql = format!("SELECT {SUMMARY_OF_TOTALS} FROM ledger_month_totals t WHERE {}", f.sql());
    let mut total: SummaryRow = f.apply(diesel::sql_query(sql)).get_result(conn)?;
    let mut edges = vec![];
    if let (Some(start), Some(from)) = (q.start, bucket_from) {
        if start < from {
            edges.push((Some(start), Some(from)));
        }
    }
    if let (Some(before), Some(end)) = (bucket_before, end_exclusive) {
        if before < end {
            edges.push((Some(before), Some(end)));
        }
    }
    let edge = raw(conn, &edges)?;
    total.income += edge.income;
    total.expenses += edge.expenses;
    total.transfers += edge.transfers;
    total.rows += edge.rows;
    Ok(total)
}

fn page_ids(
    conn: &mut PgConnection,
    user: UserId,
    q: &TransactionQuery,
    search: Option<&Search>,
) -> QueryResult<Vec<Uuid>> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let mut f = Filter::new(user, q, "t");
    if let Some(d) = q.start {
        f.date_from("t.date", d);
    }
    if let Some(d) = q.end.and_then(|d| d.succ_opt()) {
        f.date_before("t.date", d);
    }
    if let Some(s) = search {
        f.search(s);
    }
    let sql = format!(
        "SELECT t.id FROM transactions t WHERE {} ORDER BY t.date DESC, t.seq DESC LIMIT {} OFFSET {}",
        f.sql(),
        q.limit,
        (q.page - 1).saturating_mul(q.limit)
    );
    let ids: Vec<Id> = f.apply(diesel::sql_query(sql)).load(conn)?;
    Ok(ids.into_iter().map(|i| i.id).collect())
}

fn entry_from_draft(user: UserId, id: Uuid, d: &TransactionDraft) -> Entry {
    Entry {
        id,
        user: user.0,
        account: d.account_id.0,
        category: Some(d.category_id.0),
        amount: d.amount.pence(),
        transaction_type: d.transaction_type.as_str(),
        description: d.description.clone(),
        notes: d.notes.clone(),
        date: d.date,
        status: d.status.as_str(),
        is_transfer: false,
        peer: None,
    }
}

pub struct PgTransactionRepository {
    db: Database,
}

impl PgTransactionRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// Runs a write in one database transaction; a `RepoError` decided inside rolls it back.
fn write<T>(
    conn: &mut PgConnection,
    f: impl FnOnce(&mut PgConnection) -> Result<T, RepoError>,
) -> Result<Result<T, RepoError>, diesel::result::Error> {
    let mut outcome = None;
    let result = conn.transaction::<_, diesel::result::Error, _>(|conn| match f(conn) {
        Ok(v) => Ok(v),
        Err(e) => {
            outcome = Some(e);
            Err(diesel::result::Error::RollbackTransaction)
        }
    });
    match (result, outcome) {
        (Ok(v), _) => Ok(Ok(v)),
        (Err(_), Some(e)) => Ok(Err(e)),
        (Err(e), None) => Err(e),
    }
}

fn db(e: diesel::result::Error) -> RepoError {
    crate::errors::repo_error(e)
}

#[async_trait]
impl TransactionRepository for PgTransactionRepository {
    async fn list(&self, user: UserId, query: TransactionQuery) -> Result<TransactionPage, RepoError> {
        self.db
            .run(move |conn| {
                // One snapshot for the summary, the count and the page.
                write(conn, |conn| {
                    diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                        .execute(conn)
                        .map_err(db)?;
                    let search = match query.search.as_deref() {
                        Some(text) => Some(resolve_search(conn, user, text).map_err(db)?),
                        None => None,
                    };
                    let summary = summarise(conn, user, &query, search.as_ref()).map_err(db)?;
                    let ids = page_ids(conn, user, &query, search.as_ref()).map_err(db)?;
                    let items = load_view(conn, user.0, &ids)?;
                    Ok(TransactionPage {
                        items,
                        total: summary.rows,
                        summary: LedgerSummary {
                            total_income: Money::from_pence(summary.income),
                            total_expenses: Money::from_pence(summary.expenses),
                            total_transfers: Money::from_pence(summary.transfers),
                            transaction_count: summary.rows,
                        },
                    })
                })
            })
            .await?
    }

    async fn get(&self, user: UserId, id: TransactionId) -> Result<TransactionRecord, RepoError> {
        self.db.run(move |conn| Ok(load_one(conn, user.0, id.0))).await?
    }

    async fn create(&self, user: UserId, draft: TransactionDraft) -> Result<TransactionRecord, RepoError> {
        self.db
            .run(move |conn| {
                write(conn, |conn| {
                    lock_accounts(conn, user.0, &[draft.account_id.0])?;
                    category_is_users(conn, user.0, draft.category_id.0)?;
                    let id = Uuid::now_v7();
                    add_entry(conn, &entry_from_draft(user, id, &draft)).map_err(db)?;
                    load_one(conn, user.0, id)
                })
            })
            .await?
    }

    async fn update(
        &self,
        user: UserId,
        id: TransactionId,
        draft: TransactionDraft,
    ) -> Result<TransactionRecord, RepoError> {
        self.db
            .run(move |conn| {
                write(conn, |conn| {
                    let before = stored(conn, user.0, id.0)?;
                    lock_accounts(conn, user.0, &[before.account_id, draft.account_id.0])?;
                    // Read again under the lock: a concurrent write may have moved it.
                    let before = stored(conn, user.0, id.0)?;
                    if before.is_transfer {
                        return Err(RepoError::TransferLeg);
                    }
                    category_is_users(conn, user.0, draft.category_id.0)?;
                    withdraw(conn, user.0, &before).map_err(db)?;
                    let entry = entry_from_draft(user, id.0, &draft);
                    let month_balance = balance_before(conn, entry.account, entry.date, before.seq, entry.id)
                        .map_err(db)?
                        + entry.counted();
                    diesel::sql_query(
                        "UPDATE transactions SET account_id = $2, category_id = $3, amount = $4, type = $5,
                                description = $6, notes = $7, date = $8, status = $9, month_balance = $10,
                                updated_at = now()
                         WHERE id = $1",
                    )
                    .bind::<SqlUuid, _>(entry.id)
                    .bind::<SqlUuid, _>(entry.account)
                    .bind::<Nullable<SqlUuid>, _>(entry.category)
                    .bind::<BigInt, _>(entry.amount)
                    .bind::<Text, _>(entry.transaction_type)
                    .bind::<Text, _>(&entry.description)
                    .bind::<Text, _>(&entry.notes)
                    .bind::<Date, _>(entry.date)
                    .bind::<Text, _>(entry.status)
                    .bind::<BigInt, _>(month_balance)
                    .execute(conn)
                    .map_err(db)?;
                    shift_after(conn, entry.account, entry.date, before.seq, entry.counted(), entry.id).map_err(db)?;
                    bump_totals(
                        conn,
                        user.0,
                        entry.account,
                        entry.category,
                        entry.transaction_type,
                        false,
                        entry.date,
                        entry.counted(),
                        1,
                    )
                    .map_err(db)?;
                    load_one(conn, user.0, id.0)
                })
            })
            .await?
    }

    async fn delete(&self, user: UserId, id: TransactionId) -> Result<(), RepoError> {
        self.db
            .run(move |conn| {
                write(conn, |conn| {
                    let row = stored(conn, user.0, id.0)?;
                    let peer = match row.transfer_peer {
                        Some(peer) => Some(stored(conn, user.0, peer)?),
                        None => None,
                    };
                    let mut accounts = vec![row.account_id];
                    accounts.extend(peer.iter().map(|p| p.account_id));
                    lock_accounts(conn, user.0, &accounts)?;
                    let mut rows = vec![stored(conn, user.0, id.0)?];
                    if let Some(peer) = peer {
                        rows.push(stored(conn, user.0, peer.id)?);
                    }
                    remove_rows(conn, user.0, &rows).map_err(db)
                })
            })
            .await?
    }

    async fn create_transfer(&self, user: UserId, draft: TransferDraft) -> Result<TransferRecord, RepoError> {
        self.db
            .run(move |conn| {
                write(conn, |conn| {
                    lock_accounts(conn, user.0, &[draft.from_account_id.0, draft.to_account_id.0])?;
                    let out_id = Uuid::now_v7();
                    let in_id = Uuid::now_v7();
                    let leg = |id: Uuid, account: AccountId, amount: i64, t: &'static str, peer: Uuid| Entry {
                        id,
                        user: user.0,
                        account: account.0,
                        category: None,
                        amount,
                        transaction_type: t,
                        description: draft.description.clone(),
                        notes: draft.notes.clone(),
                        date: draft.date,
                        status: "completed",
                        is_transfer: true,
                        peer: Some(peer),
                    };
                    let pence = draft.amount.pence();
                    add_entry(conn, &leg(out_id, draft.from_account_id, -pence, "expense", in_id)).map_err(db)?;
                    add_entry(conn, &leg(in_id, draft.to_account_id, pence, "income", out_id)).map_err(db)?;
                    Ok(TransferRecord { from: load_one(conn, user.0, out_id)?, to: load_one(conn, user.0, in_id)? })
                })
            })
            .await?
    }

    async fn list_transfers(
        &self,
        user: UserId,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TransferRecord>, i64), RepoError> {
        self.db.run(move |conn| Ok(transfers_page(conn, user, page, limit))).await?
    }
}

fn transfers_page(
    conn: &mut PgConnection,
    user: UserId,
    page: i64,
    limit: i64,
) -> Result<(Vec<TransferRecord>, i64), RepoError> {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let total = diesel::sql_query(
        "SELECT COALESCE(SUM(row_count), 0)::bigint AS n FROM ledger_month_totals
         WHERE user_id = $1 AND is_transfer AND type = 'expense'",
    )
    .bind::<SqlUuid, _>(user.0)
    .get_result::<Count>(conn)
    .map_err(db)?
    .n;
    let outgoing: Vec<ViewRow> = diesel::sql_query(view_sql(&format!(
        "SELECT * FROM transactions WHERE user_id = $1 AND is_transfer AND amount < 0
         ORDER BY date DESC, seq DESC LIMIT {limit} OFFSET {}",
        (page - 1).saturating_mul(limit)
    )))
    .bind::<SqlUuid, _>(user.0)
    .load(conn)
    .map_err(db)?;
    let outgoing: Vec<TransactionRecord> = outgoing.into_iter().map(TryInto::try_into).collect::<Result<_, _>>()?;
    let peer_ids: Vec<Uuid> = outgoing.iter().filter_map(|o| o.transfer_peer.as_ref().map(|p| p.id.0)).collect();
    let peers = load_view(conn, user.0, &peer_ids)?;
    let transfers = outgoing
        .into_iter()
        .filter_map(|from| {
            let peer = from.transfer_peer.as_ref()?.id;
            let to = peers.iter().find(|p| p.id == peer)?.clone();
            Some(TransferRecord { from, to })
        })
        .collect();
    Ok((transfers, total))
}
