//! A whole user's data in one file and back: the backup holds every account, category,
//! transaction, transfer, budget, snapshot, recurring template, goal, contribution, inventory
//! item, shopping-list entry, rule and import record; a restore rebuilds them exactly, and
//! only into a user who has no accounts, transactions, goals or inventory yet.

use std::sync::Arc;

use async_trait::async_trait;
use domain::UserId;

use crate::{RepoError, WorkError};

/// The largest backup file a restore reads.
pub const MAX_BACKUP_BYTES: usize = 64 * 1024 * 1024;

/// How many rows a restore wrote, by kind.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RestoreCounts {
    pub accounts: i64,
    pub categories: i64,
    pub transactions: i64,
    pub budgets: i64,
    pub recurring: i64,
    pub goals: i64,
    pub inventory: i64,
    pub rules: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("This is not a MySpending backup")]
    NotABackup,
    #[error("This backup was made by a newer version of MySpending; update this server first")]
    Newer,
    #[error("Restore needs an empty account: this one already has accounts, transactions, goals or inventory")]
    NotEmpty,
    #[error(transparent)]
    Work(#[from] WorkError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A backup as it is read: its bytes in order, a piece at a time, so a large one never sits
/// whole in memory. `None` once the document is complete; an error ends it early.
#[async_trait]
pub trait BackupChunks: Send {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>>;
}

/// Stores and reads backups. The file's format is the adapter's (versioned JSON).
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait BackupRepository: Send + Sync {
    /// The user's data as one JSON document, read in one snapshot and handed out in pieces.
    async fn export(&self, user: UserId) -> Result<Box<dyn BackupChunks>, RepoError>;
    /// Rebuilds the user's data from a backup in one database transaction, with new ids; the
    /// user's own empty set-up (default categories, budgets on them, rules) is replaced.
    async fn restore(&self, user: UserId, backup: Vec<u8>) -> Result<RestoreCounts, BackupError>;
}

#[derive(Clone)]
pub struct BackupService {
    repo: Arc<dyn BackupRepository>,
}

impl BackupService {
    pub fn new(repo: Arc<dyn BackupRepository>) -> Self {
        Self { repo }
    }

    pub async fn export(&self, user: UserId) -> Result<Box<dyn BackupChunks>, BackupError> {
        Ok(self.repo.export(user).await?)
    }

    pub async fn restore(&self, user: UserId, backup: Vec<u8>) -> Result<RestoreCounts, BackupError> {
        if backup.len() > MAX_BACKUP_BYTES || backup.is_empty() {
            return Err(BackupError::NotABackup);
        }
        self.repo.restore(user, backup).await
    }
}
