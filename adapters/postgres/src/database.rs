use std::time::Duration;

use anyhow::Context;
use async_trait::async_trait;
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool, PooledConnection};
use diesel::{Connection, RunQueryDsl};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use ports::{HealthProbe, RepoError};

use crate::errors::{Abort, OrRepo};
use crate::statements::{query, sql};

pub(crate) const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

pub(crate) type PgPool = Pool<ConnectionManager<PgConnection>>;
pub(crate) type PgConn = PooledConnection<ConnectionManager<PgConnection>>;

/// Pool sizing; the defaults suit a small self-hosted server.
#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub max_size: u32,
    pub connect_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        Self { max_size: 10, connect_timeout: Duration::from_secs(5) }
    }
}

/// A handle on the database: cheap to clone, shared by every repository.
#[derive(Clone)]
pub struct Database {
    pool: PgPool,
}

impl Database {
    /// Builds the pool without connecting yet (connections are made on first use), so the
    /// server can start and report an unreachable database through its health check.
    pub fn connect_lazy(url: &str, settings: PoolSettings) -> anyhow::Result<Self> {
        let manager = ConnectionManager::<PgConnection>::new(url);
        let pool = Pool::builder()
            .max_size(settings.max_size)
            .min_idle(Some(0))
            .connection_timeout(settings.connect_timeout)
            .test_on_check_out(true)
            .build_unchecked(manager);
        Ok(Self { pool })
    }

    /// Applies every pending migration embedded in the binary; returns the versions applied.
    pub async fn migrate(&self) -> anyhow::Result<Vec<String>> {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().context("connecting to the database to migrate")?;
            let applied =
                conn.run_pending_migrations(MIGRATIONS).map_err(|e| anyhow::anyhow!("running migrations: {e}"))?;
            Ok(applied.iter().map(ToString::to_string).collect())
        })
        .await
        .context("migration task panicked")?
    }

    /// Runs `f` with a pooled connection on the blocking pool. A connection the pool cannot
    /// give is `Unavailable`; `f` maps its queries' errors with `.or_repo()`.
    pub(crate) async fn run<T, F>(&self, f: F) -> Result<T, RepoError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConn) -> Result<T, RepoError> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().map_err(|e| RepoError::Unavailable(anyhow::Error::new(e)))?;
            f(&mut conn)
        })
        .await
        .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))?
    }

    /// Runs `f` in one database transaction (READ COMMITTED): committed when it returns `Ok`,
    /// rolled back on any error, its own `RepoError`s included. Under a request's claimed
    /// Idempotency-Key (`ports::idempotency::Scope`) the key is marked applied in the same
    /// transaction, which commits only while the claim is the request's.
    pub(crate) async fn write<T, F>(&self, f: F) -> Result<T, RepoError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> Result<T, RepoError> + Send + 'static,
    {
        // A request with a claimed Idempotency-Key marks it applied in this same transaction.
        let scope = ports::idempotency::current();
        self.run(move |conn| {
            // The transaction on the connection itself, so `f` gets a plain `PgConnection`.
            let conn: &mut PgConnection = conn;
            conn.transaction(|conn| {
                let done = f(conn).map_err(Abort::Repo)?;
                if let Some(scope) = &scope {
                    crate::idempotency::mark_applied(conn, scope).map_err(Abort::Repo)?;
                }
                Ok::<_, Abort>(done)
            })
            .map_err(RepoError::from)
        })
        .await
    }

    /// Runs the reads of `f` in one REPEATABLE READ READ ONLY transaction, so they all see the
    /// same snapshot (a page, its count and its summary agree with each other).
    pub(crate) async fn read_snapshot<T, F>(&self, f: F) -> Result<T, RepoError>
    where
        T: Send + 'static,
        F: FnOnce(&mut PgConnection) -> Result<T, RepoError> + Send + 'static,
    {
        self.run(move |conn| {
            conn.build_transaction()
                .repeatable_read()
                .read_only()
                .run(|conn| f(conn).map_err(Abort::Repo))
                .map_err(RepoError::from)
        })
        .await
    }
}

#[async_trait]
impl HealthProbe for Database {
    #[tracing::instrument(level = "debug", skip_all)]
    async fn ping(&self) -> anyhow::Result<()> {
        self.run(|conn| query(sql!("SELECT 1")).execute(conn).map(|_| ()).or_repo()).await.map_err(anyhow::Error::new)
    }
}
