//! `src/schema.rs` is what `diesel print-schema` prints of the migrated database. This test
//! prints it the same way from the catalog of a freshly migrated test database and fails when
//! the committed file differs, so the check needs no diesel CLI (a three-minute build from
//! source on a clean machine). `scripts/check-schema.sh --write` regenerates the file.
//!
//! What is printed follows diesel_cli 2.x with this repository's diesel.toml: every table of the
//! `public` schema but diesel's own and `ledger_month_totals` (no primary key), sorted by name,
//! columns in table order, keyword names renamed with `#[sql_name]`, one `joinable!` per
//! single-column foreign key onto another table's single-column primary key (none for a pair of
//! tables joined by more than one key), and every table in `allow_tables_to_appear_in_same_query!`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use adapter_postgres::test_support::TestDb;
use diesel::sql_types::{Bool, Integer, Text};
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};

/// diesel.toml's `print_schema.filter`.
const EXCEPT_TABLES: &[&str] = &["ledger_month_totals"];
const SCHEMA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/schema.rs");

#[derive(QueryableByName)]
struct Column {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    type_name: String,
    #[diesel(sql_type = Bool)]
    not_null: bool,
    #[diesel(sql_type = Integer)]
    type_modifier: i32,
}

#[derive(QueryableByName)]
struct KeyColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

#[derive(QueryableByName)]
struct ForeignKey {
    #[diesel(sql_type = Text)]
    child: String,
    #[diesel(sql_type = Text)]
    parent: String,
    #[diesel(sql_type = Integer)]
    width: i32,
    #[diesel(sql_type = Text)]
    child_column: String,
    #[diesel(sql_type = Text)]
    parent_column: String,
}

const COLUMNS: &str = "
    SELECT c.relname::text AS table_name, a.attname::text AS column_name, t.typname::text AS type_name,
           a.attnotnull AS not_null, a.atttypmod AS type_modifier
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      JOIN pg_type t ON t.oid = a.atttypid
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname NOT LIKE '\\_\\_diesel%'
     ORDER BY c.relname, a.attnum";

const PRIMARY_KEYS: &str = "
    SELECT c.relname::text AS table_name, a.attname::text AS column_name
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = 'public'
     ORDER BY c.relname, k.position";

const FOREIGN_KEYS: &str = "
    SELECT child.relname::text AS child, parent.relname::text AS parent,
           cardinality(con.conkey) AS width,
           ca.attname::text AS child_column, pa.attname::text AS parent_column
      FROM pg_constraint con
      JOIN pg_class child ON child.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = child.relnamespace
      JOIN pg_class parent ON parent.oid = con.confrelid
      JOIN pg_attribute ca ON ca.attrelid = child.oid AND ca.attnum = con.conkey[1]
      JOIN pg_attribute pa ON pa.attrelid = parent.oid AND pa.attnum = con.confkey[1]
     WHERE con.contype = 'f' AND n.nspname = 'public'";

/// Rust's keywords, which diesel cannot use as names and renames with a trailing underscore.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate", "do", "dyn", "else",
    "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
    "move", "mut", "override", "priv", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait",
    "true", "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

fn rust_name(name: &str) -> (String, Option<&str>) {
    if KEYWORDS.contains(&name) {
        (format!("{name}_"), Some(name))
    } else {
        (name.to_string(), None)
    }
}

/// diesel's SQL type for a PostgreSQL type name; a type this project does not use yet fails the
/// test with what to add, rather than being printed wrongly.
fn sql_type(column: &Column) -> String {
    let base = match column.type_name.as_str() {
        "bool" => "Bool",
        "bytea" => "Bytea",
        "date" => "Date",
        "float4" => "Float4",
        "float8" => "Float8",
        "int2" => "Int2",
        "int4" => "Int4",
        "int8" => "Int8",
        "json" => "Json",
        "jsonb" => "Jsonb",
        "numeric" => "Numeric",
        "text" => "Text",
        "time" => "Time",
        "timestamp" => "Timestamp",
        "timestamptz" => "Timestamptz",
        "uuid" => "Uuid",
        "varchar" => "Varchar",
        other => panic!(
            "{}.{} has the type {other}, which this schema printer does not know: add diesel's name for it",
            column.table_name, column.column_name
        ),
    };
    if column.not_null {
        base.to_string()
    } else {
        format!("Nullable<{base}>")
    }
}

fn print_schema(conn: &mut PgConnection) -> String {
    let columns: Vec<Column> = diesel::sql_query(COLUMNS).load(conn).expect("columns");
    let keys: Vec<KeyColumn> = diesel::sql_query(PRIMARY_KEYS).load(conn).expect("primary keys");
    let foreign_keys: Vec<ForeignKey> = diesel::sql_query(FOREIGN_KEYS).load(conn).expect("foreign keys");

    let mut tables: BTreeMap<&str, Vec<&Column>> = BTreeMap::new();
    for column in columns.iter().filter(|c| !EXCEPT_TABLES.contains(&c.table_name.as_str())) {
        tables.entry(&column.table_name).or_default().push(column);
    }
    let mut primary_keys: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for key in &keys {
        primary_keys.entry(&key.table_name).or_default().push(&key.column_name);
    }

    let mut out = String::from("// @generated automatically by Diesel CLI.\n");
    for (table, columns) in &tables {
        let key =
            primary_keys.get(table).unwrap_or_else(|| panic!("{table} has no primary key: diesel cannot print it"));
        let key: Vec<String> = key.iter().map(|k| rust_name(k).0).collect();
        let (name, sql_name) = rust_name(table);
        out.push_str("\ndiesel::table! {\n");
        if let Some(sql_name) = sql_name {
            writeln!(out, "    #[sql_name = \"{sql_name}\"]").unwrap();
        }
        writeln!(out, "    {name} ({}) {{", key.join(", ")).unwrap();
        for column in columns {
            if column.type_name == "varchar" && column.type_modifier > 4 {
                writeln!(out, "        #[max_length = {}]", column.type_modifier - 4).unwrap();
            }
            let (name, sql_name) = rust_name(&column.column_name);
            if let Some(sql_name) = sql_name {
                writeln!(out, "        #[sql_name = \"{sql_name}\"]").unwrap();
            }
            writeln!(out, "        {name} -> {},", sql_type(column)).unwrap();
        }
        out.push_str("    }\n}\n");
    }

    // diesel_cli's remove_unsafe_foreign_keys_for_codegen: both tables printed, not a table onto
    // itself, one column onto the parent's one-column primary key, and no other key between the
    // same two tables.
    fn pair(fk: &ForeignKey) -> (&str, &str) {
        let (a, b) = (fk.child.as_str(), fk.parent.as_str());
        if a <= b {
            (a, b)
        } else {
            (b, a)
        }
    }
    let mut joinable: Vec<String> = foreign_keys
        .iter()
        .filter(|fk| tables.contains_key(fk.child.as_str()) && tables.contains_key(fk.parent.as_str()))
        .filter(|fk| fk.child != fk.parent)
        .filter(|fk| foreign_keys.iter().filter(|other| pair(other) == pair(fk)).count() == 1)
        .filter(|fk| fk.width == 1 && primary_keys.get(fk.parent.as_str()) == Some(&vec![fk.parent_column.as_str()]))
        .map(|fk| format!("diesel::joinable!({} -> {} ({}));\n", fk.child, fk.parent, rust_name(&fk.child_column).0))
        .collect();
    joinable.sort();
    if !joinable.is_empty() {
        out.push('\n');
        out.extend(joinable);
    }

    if tables.len() > 1 {
        out.push_str("\ndiesel::allow_tables_to_appear_in_same_query!(\n");
        for table in tables.keys() {
            writeln!(out, "    {},", rust_name(table).0).unwrap();
        }
        out.push_str(");\n");
    }
    out
}

#[test]
fn schema_rs_is_what_diesel_prints_of_the_migrations() {
    let t = TestDb::new();
    let mut conn = PgConnection::establish(&t.url).expect("connect");
    let printed = print_schema(&mut conn);

    if std::env::var_os("MYSPENDING_WRITE_SCHEMA").is_some() {
        std::fs::write(SCHEMA_FILE, &printed).expect("write schema.rs");
        return;
    }
    let committed = std::fs::read_to_string(SCHEMA_FILE).expect("read schema.rs");
    if committed != printed {
        let first = committed.lines().zip(printed.lines()).position(|(a, b)| a != b);
        let line = first.unwrap_or(committed.lines().count().min(printed.lines().count()));
        panic!(
            "adapters/postgres/src/schema.rs no longer matches migrations/ (first difference at line {}: \
             committed {:?}, from the migrations {:?}). Regenerate it with 'scripts/check-schema.sh --write' \
             and commit the result.",
            line + 1,
            committed.lines().nth(line),
            printed.lines().nth(line),
        );
    }
}
