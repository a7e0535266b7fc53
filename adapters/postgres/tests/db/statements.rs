//! Every statement the adapter sends, prepared against the freshly migrated schema (the choice
//! of raw SQL and how it is kept checked: src/statements.rs, docs/decisions.md). A statement
//! that names a column, table or function the migrations no longer have, or mixes types they no
//! longer allow, fails here with its file and line, even if no other test runs it.

use std::collections::BTreeSet;
use std::path::Path;

use adapter_postgres::test_support::{TestDb, SHAPES, STATEMENTS};
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

/// Statements PostgreSQL cannot prepare, by their first word: a cursor's FETCH and CLOSE (its
/// DECLARE is checked through its query).
const NOT_PREPARABLE: &[&str] = &["FETCH", "CLOSE"];

/// The query a statement would PREPARE: a cursor's own query for DECLARE … CURSOR FOR.
fn preparable(sql: &str) -> Option<&str> {
    let first = sql.split_whitespace().next().unwrap_or_default().to_uppercase();
    if NOT_PREPARABLE.contains(&first.as_str()) {
        return None;
    }
    if first == "DECLARE" {
        let upper = sql.to_uppercase();
        let at = upper.find(" CURSOR FOR ").expect("a DECLARE … CURSOR FOR");
        return Some(&sql[at + " CURSOR FOR ".len()..]);
    }
    Some(sql)
}

/// PREPAREs `sql` and drops it again; the error as PostgreSQL words it.
fn prepare(conn: &mut PgConnection, sql: &str) -> Result<(), String> {
    conn.batch_execute(&format!("PREPARE checked AS {sql}")).map_err(|e| e.to_string())?;
    conn.batch_execute("DEALLOCATE checked").map_err(|e| e.to_string())
}

#[test]
fn every_statement_prepares_against_the_migrated_schema() {
    let db = TestDb::new();
    let mut conn = PgConnection::establish(&db.url).expect("connect");
    let mut failures = vec![];
    let mut prepared = 0;
    for s in STATEMENTS {
        if let Some(sql) = preparable(s.sql) {
            match prepare(&mut conn, sql) {
                Ok(()) => prepared += 1,
                Err(e) => failures.push(format!("{}:{}: {e}\n  {}", s.file, s.line, s.sql)),
            }
        }
    }
    for shapes in SHAPES {
        for sql in (shapes.shapes)(&mut conn) {
            match prepare(&mut conn, preparable(&sql).expect("a built statement is preparable")) {
                Ok(()) => prepared += 1,
                Err(e) => failures.push(format!("{} (built): {e}\n  {sql}", shapes.file)),
            }
        }
    }
    assert!(failures.is_empty(), "{} statements do not fit the schema:\n{}", failures.len(), failures.join("\n"));
    assert!(prepared > 200, "only {prepared} statements were prepared");
}

/// The linker gathers the statements; this makes sure none was left out (a part of the library
/// no test calls could be), by counting the `sql!` in the sources.
#[test]
fn every_sql_macro_in_the_source_is_registered() {
    let mut written = BTreeSet::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.file_name().is_some_and(|n| n != "statements.rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                let file = format!("adapters/postgres/src/{}", path.strip_prefix(&src).unwrap().display());
                for (n, line) in text.lines().enumerate() {
                    for _ in line.matches("sql!(") {
                        written.insert((file.clone(), n as u32 + 1));
                    }
                }
            }
        }
    }
    let registered: BTreeSet<(String, u32)> = STATEMENTS.iter().map(|s| (s.file.to_owned(), s.line)).collect();
    let missing: Vec<_> = written.difference(&registered).collect();
    assert!(missing.is_empty(), "statements written but not registered: {missing:?}");
    assert_eq!(STATEMENTS.len(), written.len(), "one registration per sql!");
    assert!(!SHAPES.is_empty());
}
