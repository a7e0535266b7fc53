//! The tables a backup holds, and the statements written per table: the names come from
//! [`TABLES`], never from input.

use std::collections::HashMap;

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{BoxedSqlQuery, SqlQuery};
use diesel::sql_types::{Text, Uuid as SqlUuid};
use ports::RepoError;

use crate::errors::OrRepo;
use crate::statements::{built, query, sql};
use crate::visibility::{hidden_accounts, on_seen_account, sees_account};

/// The tables of a backup in the order a restore writes them (references first), each with the
/// condition choosing the household's rows ($1 is the household).
pub(super) const TABLES: &[(&str, &str)] = &[
    ("categories", "household_id = $1"),
    ("tags", "household_id = $1"),
    ("accounts", "household_id = $1"),
    ("imports", "household_id = $1 AND committed_at IS NOT NULL"),
    ("recurring_templates", "household_id = $1"),
    ("transactions", "household_id = $1"),
    ("transaction_tags", "household_id = $1"),
    ("transaction_splits", "household_id = $1"),
    ("receipts", "household_id = $1"),
    ("account_months", "account_id IN (SELECT id FROM accounts WHERE household_id = $1)"),
    ("ledger_month_totals", "household_id = $1"),
    ("budgets", "household_id = $1"),
    ("budget_limits", "household_id = $1"),
    ("budget_snapshots", "household_id = $1"),
    ("budget_snapshot_lines", "snapshot_id IN (SELECT id FROM budget_snapshots WHERE household_id = $1)"),
    ("recurring_occurrences", "household_id = $1"),
    ("recurring_snapshots", "household_id = $1"),
    ("recurring_snapshot_lines", "household_id = $1"),
    ("recurring_snapshot_templates", "household_id = $1"),
    ("goals", "household_id = $1"),
    ("goal_contributions", "household_id = $1"),
    ("inventory_items", "household_id = $1"),
    ("shopping_list_entries", "household_id = $1"),
    ("import_mappings", "household_id = $1"),
    ("rules", "household_id = $1"),
    ("rule_tags", "household_id = $1"),
];

/// What a member's backup leaves out of a table besides other households' rows: what is on
/// another member's private account ($2 is the member who exports).
pub(super) fn seen_by_member(table: &str) -> &'static str {
    match table {
        "accounts" => sees_account!("accounts", "$2"),
        "transactions" | "account_months" | "ledger_month_totals" => {
            on_seen_account!("account_id", "$1", "$2")
        }
        "transaction_tags" | "transaction_splits" | "receipts" => concat!(
            "transaction_id NOT IN (SELECT id FROM transactions WHERE household_id = $1 AND account_id IN ",
            hidden_accounts!("$1", "$2"),
            ")"
        ),
        "rule_tags" => concat!(
            "rule_id IN (SELECT id FROM rules WHERE household_id = $1 AND (account_id IS NULL OR ",
            on_seen_account!("account_id", "$1", "$2"),
            "))"
        ),
        "imports" | "rules" => concat!("(account_id IS NULL OR ", on_seen_account!("account_id", "$1", "$2"), ")"),
        "recurring_templates" => concat!(
            on_seen_account!("account_id", "$1", "$2"),
            " AND (to_account_id IS NULL OR ",
            on_seen_account!("to_account_id", "$1", "$2"),
            ")"
        ),
        "recurring_occurrences" => concat!(
            "template_id NOT IN (SELECT id FROM recurring_templates WHERE household_id = $1 AND (account_id IN ",
            hidden_accounts!("$1", "$2"),
            " OR to_account_id IN ",
            hidden_accounts!("$1", "$2"),
            "))"
        ),
        _ => "TRUE",
    }
}

/// A row of `table` as the JSON document a member's backup holds: as stored, but a transfer leg
/// whose other leg is on another member's private account does not name it.
fn document(table: &str) -> &'static str {
    match table {
        "transactions" => concat!(
            "(to_jsonb(t) || jsonb_build_object('transfer_peer', CASE WHEN t.transfer_peer IN
                (SELECT id FROM transactions WHERE household_id = $1 AND account_id IN ",
            hidden_accounts!("$1", "$2"),
            ") THEN NULL ELSE t.transfer_peer END))::text"
        ),
        _ => "row_to_json(t)::text",
    }
}

/// Columns that point outside a backup and are cleared on restore.
pub(super) const CLEARED: &[(&str, &str)] = &[("transactions", "bank_connection_id")];

/// A cursor over the rows of `table` the member (`member`) of the household (`household`) sees,
/// as JSON documents.
pub(super) fn declare_cursor(
    table: &str,
    condition: &str,
    household: uuid::Uuid,
    member: uuid::Uuid,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let seen = seen_by_member(table);
    let cursor =
        built(cursor_sql(table, &format!("{condition} AND {seen}"))).into_boxed::<Pg>().bind::<SqlUuid, _>(household);
    if seen.contains("$2") || document(table).contains("$2") {
        cursor.bind::<SqlUuid, _>(member)
    } else {
        cursor
    }
}

/// Deletes the user's (`$1`) rows of `table`.
pub(super) fn delete_rows(table: &str, condition: &str) -> SqlQuery {
    built(delete_sql(table, condition))
}

/// Inserts the rows of the JSON array `$1` into `table`, `columns` (quoted) taken from them.
pub(super) fn insert_rows(table: &str, columns: &[String]) -> SqlQuery {
    built(insert_sql(table, &quoted(columns)))
}

fn cursor_sql(table: &str, condition: &str) -> String {
    format!(
        "DECLARE backup_rows NO SCROLL CURSOR FOR SELECT {} AS doc FROM (SELECT * FROM {table} WHERE {condition}) t",
        document(table)
    )
}

fn delete_sql(table: &str, condition: &str) -> String {
    format!("DELETE FROM {table} WHERE {condition}")
}

/// `columns` are the catalog's, those the backup's rows carry (quoted).
fn insert_sql(table: &str, columns: &str) -> String {
    format!("INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::{table}, $1::json)")
}

fn quoted(columns: &[String]) -> String {
    columns.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ")
}

/// Every table's statements, an insert with all of the table's columns.
#[cfg(feature = "test-support")]
fn shapes(conn: &mut PgConnection) -> Vec<String> {
    let mut shapes = vec![];
    for (table, condition) in TABLES {
        shapes.push(cursor_sql(table, &format!("{condition} AND {}", seen_by_member(table))));
        shapes.push(delete_sql(table, condition));
        shapes.push(insert_sql(table, &quoted(&table_columns(conn, table).expect("the table's columns"))));
    }
    shapes
}
crate::statements::shapes!(shapes);

/// The uuid columns of every table of a backup.
pub(super) fn uuid_columns(conn: &mut PgConnection) -> Result<HashMap<String, Vec<String>>, RepoError> {
    #[derive(QueryableByName)]
    struct Column {
        #[diesel(sql_type = Text)]
        table_name: String,
        #[diesel(sql_type = Text)]
        column_name: String,
    }
    let columns: Vec<Column> = query(sql!(
        "SELECT table_name::text, column_name::text FROM information_schema.columns
         WHERE table_schema = current_schema() AND data_type = 'uuid'"
    ))
    .load(conn)
    .or_repo()?;
    let mut by_table: HashMap<String, Vec<String>> = HashMap::new();
    for c in columns {
        by_table.entry(c.table_name).or_default().push(c.column_name);
    }
    Ok(by_table)
}

pub(super) fn table_columns(conn: &mut PgConnection, table: &str) -> Result<Vec<String>, RepoError> {
    #[derive(QueryableByName)]
    struct Column {
        #[diesel(sql_type = Text)]
        column_name: String,
    }
    let columns: Vec<Column> = query(sql!(
        "SELECT column_name::text FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position"
    ))
    .bind::<Text, _>(table)
    .load(conn)
    .or_repo()?;
    Ok(columns.into_iter().map(|c| c.column_name).collect())
}
