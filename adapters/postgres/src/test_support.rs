//! Real databases for tests: each [`TestDb`] is a fresh database cloned from a template that
//! is migrated once per test run, and dropped when the value goes out of scope.
//!
//! `TEST_DATABASE_URL` names a maintenance database on a server the tests may create and
//! drop databases on (`just test` starts a throw-away cluster and sets it).

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::Connection;
use diesel_migrations::MigrationHarness;
use uuid::Uuid;

use crate::database::MIGRATIONS;
pub use crate::statements::{Shapes, Statement, SHAPES, STATEMENTS};
use crate::{Database, PoolSettings};

/// The template every test database is cloned from: named after the embedded migrations and
/// the text of their `up.sql`, so a new migration, or one edited while it is being written, gets
/// a new template.
fn template() -> String {
    use diesel::migration::MigrationSource;
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let migrations: Vec<Box<dyn diesel::migration::Migration<diesel::pg::Pg>>> =
        MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS).expect("embedded migrations");
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    for m in &migrations {
        let name = m.name().to_string();
        std::fs::read_to_string(folder.join(&name).join("up.sql")).unwrap_or_default().hash(&mut hasher);
        name.hash(&mut hasher);
    }
    format!("myspending_test_template_{:x}", hasher.finish())
}

/// An isolated, migrated database that is dropped on drop.
pub struct TestDb {
    pub name: String,
    pub url: String,
    admin_url: String,
    pub db: Database,
}

/// Port of the throw-away cluster `just test` starts in target/test-pg.
pub const TEST_CLUSTER_PORT: u16 = 54339;

/// `TEST_DATABASE_URL`, or else the cluster `just test` left running in target/test-pg.
fn admin_url() -> String {
    if let Ok(url) = std::env::var("TEST_DATABASE_URL") {
        return url;
    }
    let password_file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-pg/password");
    match std::fs::read_to_string(&password_file) {
        Ok(pw) => format!("postgres://myspending:{}@127.0.0.1:{TEST_CLUSTER_PORT}/postgres", pw.trim()),
        Err(_) => panic!(
            "TEST_DATABASE_URL is not set and there is no test cluster: run the tests with `just test`, which starts one"
        ),
    }
}

/// The URL of database `name` on the server of `url`. Without an `sslmode` of its own it gets
/// `sslmode=disable`: the test cluster is local, and a pool thread still negotiating TLS while the
/// test process exits has crashed it (SIGSEGV after "test result: ok") as OpenSSL was torn down.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) if q.contains("sslmode=") => (b, format!("?{q}")),
        Some((b, q)) => (b, format!("?{q}&sslmode=disable")),
        None => (url, "?sslmode=disable".to_owned()),
    };
    let base = base.rsplit_once('/').map(|(b, _)| b).unwrap_or(base);
    format!("{base}/{name}{query}")
}

/// Creates the template if this run has not yet: serialised across test processes by an
/// advisory lock, so parallel test binaries migrate it once.
fn ensure_template(admin: &mut PgConnection, admin_url: &str) -> String {
    let template = template();
    let template = template.as_str();
    admin.batch_execute("SELECT pg_advisory_lock(724871)").expect("advisory lock");
    let exists: bool = diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
        "EXISTS (SELECT 1 FROM pg_database WHERE datname = '{template}')"
    )))
    .get_result(admin)
    .expect("query pg_database");
    if !exists {
        let building = format!("{template}_building");
        admin.batch_execute(&format!("DROP DATABASE IF EXISTS {building}")).expect("drop stale template");
        admin.batch_execute(&format!("CREATE DATABASE {building}")).expect("create template");
        {
            let mut conn = PgConnection::establish(&with_database(admin_url, &building)).expect("connect to template");
            conn.run_pending_migrations(MIGRATIONS).expect("migrate template");
        }
        admin.batch_execute(&format!("ALTER DATABASE {building} RENAME TO {template}")).expect("publish template");
    }
    admin.batch_execute("SELECT pg_advisory_unlock(724871)").expect("advisory unlock");
    template.to_owned()
}

use diesel::RunQueryDsl;

impl TestDb {
    pub fn new() -> Self {
        let admin_url = admin_url();
        let mut admin = PgConnection::establish(&admin_url).expect("connect to the test cluster");
        let template = ensure_template(&mut admin, &admin_url);
        let name = format!("t_{}", Uuid::new_v4().simple());
        let mut attempts = 0;
        loop {
            match admin.batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}")) {
                Ok(()) => break,
                // Another process may be cloning the template at this instant.
                Err(e) if attempts < 50 && e.to_string().contains("being accessed by other users") => {
                    attempts += 1;
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                Err(e) => panic!("creating test database {name}: {e}"),
            }
        }
        let url = with_database(&admin_url, &name);
        let db = Database::connect_lazy(&url, PoolSettings { max_size: 8, ..PoolSettings::default() })
            .expect("pool for test database");
        Self { name, url, admin_url, db }
    }
}

impl TestDb {
    /// Reverts the last `n` migrations and applies them again: an upgrade of a database whose
    /// rows were written before those migrations existed (their down steps drop what they add).
    pub fn redo_migrations(&self, n: usize) {
        let mut conn = PgConnection::establish(&self.url).expect("connect to test database");
        for _ in 0..n {
            conn.revert_last_migration(MIGRATIONS).expect("revert a migration");
        }
        conn.run_pending_migrations(MIGRATIONS).expect("migrate again");
    }
}

impl TestDb {
    /// Reverts every migration from `first` (its folder's date and number, `2026-11-23-000001`)
    /// on and applies them again: an upgrade from just before `first`, however many came after.
    pub fn redo_migrations_from(&self, first: &str) {
        let first = first.replace('-', "");
        let mut conn = PgConnection::establish(&self.url).expect("connect to test database");
        let applied = conn.applied_migrations().expect("applied migrations");
        let n = applied.iter().filter(|v| v.to_string().replace('-', "") >= first).count();
        assert!(n > 0, "no migration from {first}");
        drop(conn);
        self.redo_migrations(n);
    }
}

impl Default for TestDb {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Ok(mut admin) = PgConnection::establish(&self.admin_url) {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
        }
    }
}

/// The database's own transaction helpers and the SQL of "a declined transaction counts for
/// nothing", for the tests of their guarantees (adapters/postgres/tests/db/database.rs); the
/// repositories use them directly.
impl TestDb {
    pub async fn write<T, F>(&self, f: F) -> Result<T, ports::RepoError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> Result<T, ports::RepoError> + Send + 'static,
    {
        self.db.write(f).await
    }

    pub async fn read_snapshot<T, F>(&self, f: F) -> Result<T, ports::RepoError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> Result<T, ports::RepoError> + Send + 'static,
    {
        self.db.read_snapshot(f).await
    }
}

/// `transactions::counts!()`: true when the `transactions` row aliased `t` counts.
pub const COUNTS_SQL: &str = crate::transactions::counts!();
