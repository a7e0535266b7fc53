//! The ledger's read queries: the filtered, searched page with its count and summary, and the
//! page of transfers. Whole months come from `ledger_month_totals`, not from the rows.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Text, Uuid as SqlUuid};
use domain::dates::CalendarMonth;
use domain::exports::ExportRow;
use domain::transactions::TransactionType;
use domain::{Money, Scope};
use ports::ledger::{ExportCursor, LedgerSummary, ListedTransfer, TransactionPage, TransactionQuery};
use ports::RepoError;
use uuid::Uuid;

use super::counts;
use super::filter::{resolve_search, Filter, Search};
use super::view::load_view;
use crate::errors::OrRepo;
use crate::statements::{built, query, sql};
use crate::visibility::on_seen_account;

/// One page of the filtered (and searched) list, its total count and the summary of the whole
/// filtered set. Run it in one snapshot (`Database::read_snapshot`) so the three agree.
pub(super) fn page(
    conn: &mut PgConnection,
    scope: Scope,
    query: &TransactionQuery,
) -> Result<TransactionPage, RepoError> {
    let search = match query.search.as_deref() {
        Some(text) => Some(resolve_search(conn, scope, text)?),
        None => None,
    };
    let summary = summarise(conn, scope, query, search.as_ref())?;
    let ids = page_ids(conn, scope, query, search.as_ref())?;
    let items = load_view(conn, scope, &ids)?;
    Ok(TransactionPage {
        items,
        total: summary.rows,
        summary: LedgerSummary {
            total_income: Money::from_pence(summary.income),
            total_expenses: Money::from_pence(summary.expenses),
            total_transfers: Money::from_pence(summary.transfers),
            transaction_count: summary.counted,
            transfer_legs: summary.transfer_legs,
            declined_count: summary.declined,
        },
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
    /// Counted income and expense rows: the transactions.
    #[diesel(sql_type = BigInt)]
    counted: i64,
    #[diesel(sql_type = BigInt)]
    transfer_legs: i64,
    /// Declined income and expense rows.
    #[diesel(sql_type = BigInt)]
    declined: i64,
}

impl SummaryRow {
    fn add(&mut self, other: SummaryRow) {
        self.income += other.income;
        self.expenses += other.expenses;
        self.transfers += other.transfers;
        self.rows += other.rows;
        self.counted += other.counted;
        self.transfer_legs += other.transfer_legs;
        self.declined += other.declined;
    }
}

/// The summary of lines `t` (`ledger_lines`): sums of the counted ones, a count of all the rows
/// and of each kind (a split row's lines count it once).
macro_rules! summary_of_rows {
    () => {
        concat!(
            "COALESCE(SUM(CASE WHEN ",
            counts!(),
            " AND NOT t.is_transfer AND t.type = 'income' THEN t.amount END), 0)::bigint AS income,
             COALESCE(SUM(CASE WHEN ",
            counts!(),
            " AND NOT t.is_transfer AND t.type = 'expense' THEN t.amount END), 0)::bigint AS expenses,
             COALESCE(SUM(CASE WHEN ",
            counts!(),
            " AND t.is_transfer THEN t.amount END), 0)::bigint AS transfers,
             COALESCE(SUM(t.n), 0)::bigint AS rows,
             COALESCE(SUM(t.n) FILTER (WHERE ",
            counts!(),
            " AND NOT t.is_transfer), 0)::bigint AS counted,
             COALESCE(SUM(t.n) FILTER (WHERE t.is_transfer), 0)::bigint AS transfer_legs,
             COALESCE(SUM(t.n) FILTER (WHERE NOT ",
            counts!(),
            " AND NOT t.is_transfer), 0)::bigint AS declined"
        )
    };
}

/// The same summary from month totals `t`, whose `total` already sums only counted amounts.
macro_rules! summary_of_totals {
    () => {
        "COALESCE(SUM(CASE WHEN NOT t.is_transfer AND t.type = 'income' THEN t.total END), 0)::bigint AS income,
     COALESCE(SUM(CASE WHEN NOT t.is_transfer AND t.type = 'expense' THEN t.total END), 0)::bigint AS expenses,
     COALESCE(SUM(CASE WHEN t.is_transfer THEN t.total END), 0)::bigint AS transfers,
     COALESCE(SUM(t.row_count), 0)::bigint AS rows,
     COALESCE(SUM(t.counted_count) FILTER (WHERE NOT t.is_transfer), 0)::bigint AS counted,
     COALESCE(SUM(t.row_count) FILTER (WHERE t.is_transfer), 0)::bigint AS transfer_legs,
     COALESCE(SUM(t.row_count - t.counted_count) FILTER (WHERE NOT t.is_transfer), 0)::bigint AS declined"
    };
}

// The statements whose WHERE clause depends on the request. `shapes` lists them with no filter
// and with every filter at once, for the prepare test (src/statements.rs).

fn summary_of_rows_sql(f: &Filter) -> String {
    format!(concat!("SELECT ", summary_of_rows!(), " FROM ledger_lines t WHERE {}"), f.sql())
}

fn summary_of_totals_sql(f: &Filter) -> String {
    format!(concat!("SELECT ", summary_of_totals!(), " FROM ledger_month_totals t WHERE {}"), f.sql())
}

/// Limit and offset are whole numbers the service has bounded; they are written in, not bound.
fn page_ids_sql(f: &Filter, limit: i64, offset: i64) -> String {
    format!(
        "SELECT t.id FROM transactions t WHERE {} ORDER BY t.date DESC, t.seq DESC LIMIT {limit} OFFSET {offset}",
        f.sql()
    )
}

fn export_sql(f: &Filter, limit: i64) -> String {
    format!(
        "SELECT t.date, t.seq, t.description, t.amount, t.type,
                CASE WHEN t.is_split THEN ARRAY_TO_STRING(ARRAY(
                    SELECT sc.name FROM transaction_splits s JOIN categories sc ON sc.id = s.category_id
                    WHERE s.household_id = t.household_id AND s.transaction_id = t.id ORDER BY s.position), '; ')
                     ELSE COALESCE(c.name, '') END AS category,
                a.name AS account, t.notes, t.is_transfer,
                ARRAY(SELECT g.name FROM transaction_tags tt
                      JOIN tags g ON g.household_id = tt.household_id AND g.id = tt.tag_id
                      WHERE tt.household_id = t.household_id AND tt.transaction_id = t.id
                      ORDER BY lower(g.name), g.id) AS tags
         FROM transactions t JOIN accounts a ON a.id = t.account_id LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
         WHERE {} ORDER BY t.date DESC, t.seq DESC LIMIT {limit}",
        f.sql()
    )
}

/// Every shape of the statements above: no filter, and every filter (the export's cursor too).
#[cfg(feature = "test-support")]
fn shapes(_: &mut PgConnection) -> Vec<String> {
    let day = NaiveDate::from_ymd_opt(2026, 1, 1).expect("a day");
    let none = TransactionQuery {
        page: 1,
        limit: 20,
        category: None,
        transaction_type: None,
        start: None,
        end: None,
        account: None,
        include_transfers: true,
        search: None,
        created_by: None,
        tags: vec![],
        tag_mode: domain::tags::TagMode::Any,
    };
    let all = TransactionQuery {
        category: Some(domain::categories::CategoryId(Uuid::nil())),
        transaction_type: Some(TransactionType::Expense),
        account: Some(domain::accounts::AccountId(Uuid::nil())),
        include_transfers: false,
        created_by: Some(domain::UserId(Uuid::nil())),
        tags: vec![domain::tags::TagId(Uuid::nil())],
        tag_mode: domain::tags::TagMode::All,
        ..none.clone()
    };
    let mut shapes = vec![];
    for q in [&none, &all] {
        let scope = Scope::solo(domain::UserId(Uuid::nil()));
        let mut lines = Filter::new(scope, q, "t");
        let mut rows = Filter::rows(scope, q);
        let mut months = Filter::new(scope, q, "t");
        if q.account.is_some() {
            for f in [&mut lines, &mut rows] {
                f.date_from("t.date", day);
                f.date_before("t.date", day);
                f.search(&Search { pattern: "%a%".into(), categories: vec![], transfers: true });
                f.made_by(q);
                f.tagged(q);
            }
            months.date_from("t.month", day);
            months.date_before("t.month", day);
        }
        shapes.push(summary_of_rows_sql(&lines));
        shapes.push(summary_of_totals_sql(&months));
        shapes.push(page_ids_sql(&rows, 20, 40));
        if q.account.is_some() {
            rows.after(ExportCursor { date: day, seq: 1 });
        }
        shapes.push(export_sql(&rows, 500));
    }
    shapes
}
crate::statements::shapes!(shapes);

/// The summary of the whole filtered set. Without a search, whole months inside the date
/// range come from `ledger_month_totals` and only the partial months at its ends are read
/// row by row, so the cost does not grow with the length of the history.
fn summarise(
    conn: &mut PgConnection,
    scope: Scope,
    q: &TransactionQuery,
    search: Option<&Search>,
) -> Result<SummaryRow, RepoError> {
    let raw = |conn: &mut PgConnection, ranges: &[(Option<NaiveDate>, Option<NaiveDate>)]| {
        let mut total = SummaryRow::default();
        for (from, before) in ranges {
            let mut f = Filter::new(scope, q, "t");
            if let Some(d) = from {
                f.date_from("t.date", *d);
            }
            if let Some(d) = before {
                f.date_before("t.date", *d);
            }
            if let Some(s) = search {
                f.search(s);
            }
            f.made_by(q);
            f.tagged(q);
            total.add(f.apply(built(summary_of_rows_sql(&f))).get_result(conn).or_repo()?);
        }
        Ok::<_, RepoError>(total)
    };

    let end_exclusive = q.end.and_then(|d| d.succ_opt());
    if search.is_some() || q.created_by.is_some() || !q.tags.is_empty() {
        return raw(conn, &[(q.start, end_exclusive)]);
    }
    // Whole months: [first month starting on or after start, month of the day after end).
    let bucket_from = q.start.map(|s| {
        let month = CalendarMonth::of(s);
        if month.first_day() == s {
            s
        } else {
            month.next().first_day()
        }
    });
    let bucket_before = end_exclusive.map(|d| CalendarMonth::of(d).first_day());
    if let (Some(from), Some(before)) = (bucket_from, bucket_before) {
        if from >= before {
            return raw(conn, &[(q.start, end_exclusive)]);
        }
    }
    let mut f = Filter::new(scope, q, "t");
    if let Some(d) = bucket_from {
        f.date_from("t.month", d);
    }
    if let Some(d) = bucket_before {
        f.date_before("t.month", d);
    }
    let mut total: SummaryRow = f.apply(built(summary_of_totals_sql(&f))).get_result(conn).or_repo()?;
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
    total.add(raw(conn, &edges)?);
    Ok(total)
}

fn page_ids(
    conn: &mut PgConnection,
    scope: Scope,
    q: &TransactionQuery,
    search: Option<&Search>,
) -> Result<Vec<Uuid>, RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let mut f = Filter::rows(scope, q);
    if let Some(d) = q.start {
        f.date_from("t.date", d);
    }
    if let Some(d) = q.end.and_then(|d| d.succ_opt()) {
        f.date_before("t.date", d);
    }
    if let Some(s) = search {
        f.search(s);
    }
    f.made_by(q);
    f.tagged(q);
    let sql = page_ids_sql(&f, q.limit, (q.page - 1).saturating_mul(q.limit));
    let ids: Vec<Id> = f.apply(built(sql)).load(conn).or_repo()?;
    Ok(ids.into_iter().map(|i| i.id).collect())
}

/// A batch of the export: the filtered set's rows after `after`, newest first, with the
/// category and account names, by keyset (no OFFSET), so each batch costs the same.
pub(super) fn export_batch(
    conn: &mut PgConnection,
    scope: Scope,
    q: &TransactionQuery,
    after: Option<ExportCursor>,
    limit: i64,
) -> Result<(Vec<ExportRow>, Option<ExportCursor>), RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Date)]
        date: NaiveDate,
        #[diesel(sql_type = BigInt)]
        seq: i64,
        #[diesel(sql_type = Text)]
        description: String,
        #[diesel(sql_type = BigInt)]
        amount: i64,
        #[diesel(sql_type = Text)]
        r#type: String,
        #[diesel(sql_type = Text)]
        category: String,
        #[diesel(sql_type = Text)]
        account: String,
        #[diesel(sql_type = Text)]
        notes: String,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        is_transfer: bool,
        #[diesel(sql_type = diesel::sql_types::Array<Text>)]
        tags: Vec<String>,
    }
    let search = match q.search.as_deref() {
        Some(text) => Some(resolve_search(conn, scope, text)?),
        None => None,
    };
    let mut f = Filter::rows(scope, q);
    if let Some(d) = q.start {
        f.date_from("t.date", d);
    }
    if let Some(d) = q.end.and_then(|d| d.succ_opt()) {
        f.date_before("t.date", d);
    }
    if let Some(s) = &search {
        f.search(s);
    }
    f.made_by(q);
    f.tagged(q);
    if let Some(c) = after {
        f.after(c);
    }
    let rows: Vec<Row> = f.apply(built(export_sql(&f, limit))).load(conn).or_repo()?;
    let next = rows.last().map(|r| ExportCursor { date: r.date, seq: r.seq });
    let bad = |e: domain::ValidationError| RepoError::Unexpected(anyhow::anyhow!("stored transaction type: {e}"));
    let rows = rows
        .into_iter()
        .map(|r| {
            Ok(ExportRow {
                date: r.date,
                description: r.description,
                amount: Money::from_pence(r.amount),
                transaction_type: TransactionType::parse(&r.r#type).map_err(bad)?,
                category: if r.is_transfer && r.category.is_empty() { "Transfer".into() } else { r.category },
                account: r.account,
                notes: r.notes,
                is_transfer: r.is_transfer,
                tags: r.tags,
            })
        })
        .collect::<Result<Vec<_>, RepoError>>()?;
    Ok((rows, next))
}

/// A page of transfers the member sees, newest first, each as its two legs, and how many there
/// are. A transfer with one leg on another member's private account is listed by its other leg.
pub(super) fn transfers_page(
    conn: &mut PgConnection,
    scope: Scope,
    page: i64,
    limit: i64,
) -> Result<(Vec<ListedTransfer>, i64), RepoError> {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    // The outgoing legs on seen accounts come from the month totals; those on private accounts
    // whose incoming leg is seen, from the rows of the (usually no) private accounts.
    let total = query(sql!(
        "SELECT (SELECT COALESCE(SUM(row_count), 0) FROM ledger_month_totals
                 WHERE household_id = $1 AND is_transfer AND type = 'expense' AND ",
        on_seen_account!("account_id", "$1", "$2"),
        ")::bigint + (SELECT count(*) FROM transactions o JOIN transactions i ON i.id = o.transfer_peer
                 WHERE o.household_id = $1 AND o.is_transfer AND o.amount < 0 AND NOT ",
        on_seen_account!("o.account_id", "$1", "$2"),
        " AND ",
        on_seen_account!("i.account_id", "$1", "$2"),
        ")::bigint AS n"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(scope.member.0)
    .get_result::<Count>(conn)
    .or_repo()?
    .n;
    #[derive(QueryableByName)]
    struct Legs {
        #[diesel(sql_type = SqlUuid)]
        out_id: Uuid,
        #[diesel(sql_type = diesel::sql_types::Nullable<SqlUuid>)]
        in_id: Option<Uuid>,
    }
    let legs: Vec<Legs> = query(sql!(
        "SELECT o.id AS out_id, o.transfer_peer AS in_id FROM transactions o
         WHERE o.household_id = $1 AND o.is_transfer AND o.amount < 0
           AND (",
        on_seen_account!("o.account_id", "$1", "$4"),
        " OR EXISTS (SELECT 1 FROM transactions i WHERE i.id = o.transfer_peer AND ",
        on_seen_account!("i.account_id", "$1", "$4"),
        "))
         ORDER BY o.date DESC, o.seq DESC LIMIT $2 OFFSET $3"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>((page - 1).saturating_mul(limit))
    .bind::<SqlUuid, _>(scope.member.0)
    .load(conn)
    .or_repo()?;
    let ids: Vec<Uuid> = legs.iter().flat_map(|l| std::iter::once(l.out_id).chain(l.in_id)).collect();
    let rows = load_view(conn, scope, &ids)?;
    let leg = |id: Option<Uuid>| id.and_then(|id| rows.iter().find(|r| r.id.0 == id).cloned());
    let transfers = legs
        .iter()
        .map(|l| ListedTransfer { from: leg(Some(l.out_id)), to: leg(l.in_id) })
        .filter(|t| t.from.is_some() || t.to.is_some())
        .collect();
    Ok((transfers, total))
}
