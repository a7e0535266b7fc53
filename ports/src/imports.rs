//! Importing bank statements: a preview that writes nothing to the ledger, a commit that writes
//! the new rows in one database transaction (duplicates left out, rules applied), and undo.
//! The rules are `domain::imports`'; the statement formats are the `StatementReader`'s.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use domain::banking::DESCRIPTION_MAX;
use domain::dates::london_today;
use domain::ids::ImportId;
use domain::imports::{mark_duplicates, type_of, Categoriser, RowIdentity};
use domain::transactions::TransactionType;
use domain::{Money, Scope, ValidationError};

use crate::statements::{
    ColumnMapping, DateFormat, ParsedStatement, RowProblem, StatementError, StatementFormat, StatementRow,
};
use crate::{Clock, RepoError, WorkError};

/// The longest notes an imported row keeps (the ledger's limit).
pub const NOTES_MAX: usize = 500;

/// Reads statements on the server's bounded pool for such work.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait StatementReader: Send + Sync {
    async fn read(
        &self,
        file_name: String,
        content: Arc<Vec<u8>>,
        mapping: Option<ColumnMapping>,
    ) -> Result<Result<ParsedStatement, StatementError>, WorkError>;
}

/// An import as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImport {
    pub id: ImportId,
    pub account_id: Option<AccountId>,
    pub file_name: String,
    pub format: StatementFormat,
    pub preset: String,
    pub committed_at: Option<DateTime<Utc>>,
    pub added: i64,
    pub duplicates: i64,
    pub created_at: DateTime<Utc>,
}

/// A stored row of an account, as duplicate detection sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExistingRow {
    pub date: NaiveDate,
    pub amount: Money,
    pub description: String,
    pub external_id: Option<String>,
    /// Brought in by a linked bank's feed.
    pub fed: bool,
}

impl ExistingRow {
    fn identity(&self) -> RowIdentity<'_> {
        RowIdentity {
            date: self.date,
            amount: self.amount,
            description: &self.description,
            external_id: self.external_id.as_deref(),
            fed: self.fed,
        }
    }
}

/// What a committed import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitOutcome {
    pub import_id: ImportId,
    pub added: i64,
    pub duplicates: i64,
}

/// One row of a statement, cleaned for the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub line: u32,
    pub date: NaiveDate,
    pub description: String,
    pub amount: Money,
    pub external_id: Option<String>,
    pub label: Option<String>,
    pub notes: String,
    /// Tags' names the file gives the row (made when the household has none of that name).
    pub tags: Vec<String>,
}

impl ImportRow {
    fn identity(&self) -> RowIdentity<'_> {
        RowIdentity {
            date: self.date,
            amount: self.amount,
            description: &self.description,
            external_id: self.external_id.as_deref(),
            fed: false,
        }
    }
}

fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

impl From<StatementRow> for ImportRow {
    fn from(r: StatementRow) -> Self {
        let description = cut(r.description.trim(), DESCRIPTION_MAX);
        Self {
            line: r.line,
            date: r.date,
            description: if description.is_empty() { "Imported transaction".into() } else { description },
            amount: r.amount,
            external_id: r.external_id.filter(|id| !id.trim().is_empty()),
            label: r.category,
            notes: cut(&r.notes, NOTES_MAX),
            tags: r.tags,
        }
    }
}

/// Which of `rows` an account already has.
pub fn duplicates_of(existing: &[ExistingRow], rows: &[ImportRow]) -> Vec<bool> {
    let existing: Vec<_> = existing.iter().map(ExistingRow::identity).collect();
    let rows: Vec<_> = rows.iter().map(ImportRow::identity).collect();
    mark_duplicates(&existing, &rows)
}

/// The days and bank ids of `rows`: what the account's stored rows must be read for.
pub fn span_of(rows: &[ImportRow]) -> Option<(NaiveDate, NaiveDate, Vec<String>)> {
    let first = rows.iter().map(|r| r.date).min()?;
    let last = rows.iter().map(|r| r.date).max()?;
    Some((first, last, rows.iter().filter_map(|r| r.external_id.clone()).collect()))
}

/// Storage of imports. `commit` does the whole write in one database transaction: the import
/// and the account locked, duplicates found against the account's rows as they are then, the
/// new rows written through the ledger's write path with their categories (rules first), the
/// mapping remembered; a committed import answers its first outcome again and writes nothing.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ImportRepository: Send + Sync {
    /// Keeps an uploaded file as a new preview; drops the household's previews older than a day.
    async fn create(
        &self,
        scope: Scope,
        file_name: String,
        format: StatementFormat,
        preset: String,
        content: Vec<u8>,
    ) -> Result<StoredImport, RepoError>;
    /// An import and, while it is a preview, its file.
    async fn get(&self, scope: Scope, id: ImportId) -> Result<(StoredImport, Option<Vec<u8>>), RepoError>;
    async fn list(&self, scope: Scope) -> Result<Vec<StoredImport>, RepoError>;
    /// Whether the user has this account.
    async fn has_account(&self, scope: Scope, account: AccountId) -> Result<bool, RepoError>;
    /// The account's rows on the days `from..=to`, and those with any of `ids`.
    async fn existing(
        &self,
        scope: Scope,
        account: AccountId,
        from: NaiveDate,
        to: NaiveDate,
        ids: Vec<String>,
    ) -> Result<Vec<ExistingRow>, RepoError>;
    /// The household's rules in order and categories.
    async fn categoriser(&self, scope: Scope) -> Result<Categoriser, RepoError>;
    /// The CSV mapping last committed into the account.
    async fn mapping(&self, scope: Scope, account: AccountId) -> Result<Option<ColumnMapping>, RepoError>;
    async fn commit(
        &self,
        scope: Scope,
        id: ImportId,
        account: AccountId,
        rows: Vec<ImportRow>,
        mapping: Option<ColumnMapping>,
    ) -> Result<CommitOutcome, RepoError>;
    /// Removes a committed import's rows (with their bookkeeping) and the import; a preview is
    /// just dropped. Answers how many rows went.
    async fn undo(&self, scope: Scope, id: ImportId) -> Result<i64, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0}")]
    Statement(#[from] StatementError),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Work(#[from] WorkError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ImportError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> ImportError {
        move |e| e.or_not_found(|| ImportError::NotFound(what))
    }
}

/// A row of the preview, as it would be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewRow {
    pub line: u32,
    pub date: NaiveDate,
    pub description: String,
    pub amount: Money,
    pub transaction_type: TransactionType,
    pub category: String,
    pub duplicate: bool,
}

/// What the preview shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportPreview {
    pub import: StoredImport,
    pub columns: Vec<String>,
    pub mapping: Option<ColumnMapping>,
    pub needs_mapping: bool,
    pub rows: Vec<PreviewRow>,
    pub new_count: i64,
    pub duplicate_count: i64,
    pub problems: Vec<RowProblem>,
}

/// A date format as a request names it ('dd/MM/yyyy', …); blank is none (detect it).
pub fn date_format(raw: Option<&str>) -> Result<Option<DateFormat>, ValidationError> {
    match raw.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(None),
        Some(raw) => DateFormat::parse(raw).map(Some).ok_or_else(|| {
            ValidationError::new("dateFormat", "Date format must be dd/MM/yyyy, MM/dd/yyyy, yyyy-MM-dd or dd-MMM-yyyy")
        }),
    }
}

/// The mapping a request sends, with its date format apart (which wins over the mapping's).
pub fn with_date_format(
    mapping: Option<ColumnMapping>,
    date_format_text: Option<&str>,
) -> Result<Option<ColumnMapping>, ValidationError> {
    let Some(format) = date_format(date_format_text)? else { return Ok(mapping) };
    Ok(mapping.map(|m| ColumnMapping { date_format: Some(format), ..m }))
}

/// Moves rows dated after `today` to the problems: a statement records what has happened.
pub fn without_future_rows(mut parsed: ParsedStatement, today: NaiveDate) -> ParsedStatement {
    let (future, past): (Vec<_>, Vec<_>) = parsed.rows.into_iter().partition(|r| r.date > today);
    parsed.rows = past;
    parsed.problems.extend(
        future.into_iter().map(|r| RowProblem {
            line: r.line,
            message: format!("Date {} is in the future", r.date.format("%d/%m/%Y")),
        }),
    );
    parsed.problems.sort_by_key(|p| p.line);
    parsed
}

#[derive(Clone)]
pub struct ImportService {
    reader: Arc<dyn StatementReader>,
    repo: Arc<dyn ImportRepository>,
    clock: Arc<dyn Clock>,
}

impl ImportService {
    pub fn new(reader: Arc<dyn StatementReader>, repo: Arc<dyn ImportRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { reader, repo, clock }
    }

    /// Reads a file with the mapping given; else, when the reader could only guess a CSV's
    /// columns and the account has a remembered mapping that fits the file, with that.
    async fn parse(
        &self,
        scope: Scope,
        file_name: &str,
        content: Arc<Vec<u8>>,
        account: Option<AccountId>,
        mapping: Option<ColumnMapping>,
    ) -> Result<ParsedStatement, ImportError> {
        let today = london_today(self.clock.now());
        let given = mapping.is_some();
        let parsed = self.reader.read(file_name.to_owned(), content.clone(), mapping).await??;
        let (Some(account), false, true) = (account, given, parsed.needs_mapping) else {
            return Ok(without_future_rows(parsed, today));
        };
        let remembered = self.repo.mapping(scope, account).await.map_err(ImportError::from_repo("Account"))?;
        let Some(remembered) = remembered else { return Ok(without_future_rows(parsed, today)) };
        Ok(without_future_rows(
            match self.reader.read(file_name.to_owned(), content, Some(remembered)).await? {
                Ok(again) => ParsedStatement { needs_mapping: false, ..again },
                Err(_) => parsed,
            },
            today,
        ))
    }

    async fn account(&self, scope: Scope, account: Option<AccountId>) -> Result<Option<AccountId>, ImportError> {
        match account {
            Some(a) if !self.repo.has_account(scope, a).await.map_err(ImportError::from_repo("Account"))? => {
                Err(ImportError::NotFound("Account"))
            }
            other => Ok(other),
        }
    }

    /// Reads an uploaded statement and keeps it as a preview. With an account, duplicates are
    /// counted against it, and a generic CSV uses the mapping last committed into it.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn upload(
        &self,
        scope: Scope,
        file_name: String,
        content: Vec<u8>,
        account: Option<AccountId>,
    ) -> Result<ImportPreview, ImportError> {
        let account = self.account(scope, account).await?;
        let content = Arc::new(content);
        let parsed = self.parse(scope, &file_name, content.clone(), account, None).await?;
        let content = Arc::try_unwrap(content).unwrap_or_else(|shared| (*shared).clone());
        let import = self
            .repo
            .create(scope, file_name, parsed.format, parsed.preset.clone(), content)
            .await
            .map_err(ImportError::from_repo("Import"))?;
        self.preview_of(scope, import, parsed, account).await
    }

    /// Reads a preview's file again, with another mapping or against another account.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn preview(
        &self,
        scope: Scope,
        id: ImportId,
        account: Option<AccountId>,
        mapping: Option<ColumnMapping>,
    ) -> Result<ImportPreview, ImportError> {
        let account = self.account(scope, account).await?;
        let (import, content) = self.repo.get(scope, id).await.map_err(ImportError::from_repo("Import"))?;
        let Some(content) = content else {
            return Err(ValidationError::new("importId", "This import is already committed").into());
        };
        let parsed = self.parse(scope, &import.file_name, Arc::new(content), account, mapping).await?;
        self.preview_of(scope, import, parsed, account).await
    }

    async fn preview_of(
        &self,
        scope: Scope,
        import: StoredImport,
        parsed: ParsedStatement,
        account: Option<AccountId>,
    ) -> Result<ImportPreview, ImportError> {
        let rows: Vec<ImportRow> = parsed.rows.into_iter().map(ImportRow::from).collect();
        let duplicate = match (account, span_of(&rows)) {
            (Some(account), Some((from, to, ids))) => {
                let existing = self
                    .repo
                    .existing(scope, account, from, to, ids)
                    .await
                    .map_err(ImportError::from_repo("Account"))?;
                duplicates_of(&existing, &rows)
            }
            _ => duplicates_of(&[], &rows),
        };
        let categoriser = self.repo.categoriser(scope).await.map_err(ImportError::from_repo("Import"))?;
        // Without an account, rules limited to one account cannot apply: match against none.
        let target = account.unwrap_or(AccountId(uuid::Uuid::nil()));
        let rows: Vec<PreviewRow> = rows
            .into_iter()
            .zip(duplicate)
            .map(|(row, duplicate)| {
                let c = categoriser.categorise(&row.description, row.amount, row.label.as_deref(), target);
                PreviewRow {
                    line: row.line,
                    date: row.date,
                    description: c.description,
                    amount: row.amount,
                    transaction_type: type_of(row.amount),
                    category: c.category_name,
                    duplicate,
                }
            })
            .collect();
        let duplicate_count = rows.iter().filter(|r| r.duplicate).count() as i64;
        Ok(ImportPreview {
            import,
            columns: parsed.columns,
            mapping: parsed.mapping,
            needs_mapping: parsed.needs_mapping,
            new_count: rows.len() as i64 - duplicate_count,
            duplicate_count,
            rows,
            problems: parsed.problems,
        })
    }

    /// Writes a preview's new rows into `account` (rows with problems are left out).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn commit(
        &self,
        scope: Scope,
        id: ImportId,
        account: Option<AccountId>,
        mapping: Option<ColumnMapping>,
    ) -> Result<CommitOutcome, ImportError> {
        let Some(account) = account else {
            return Err(ValidationError::new("accountId", "Account is required").into());
        };
        self.account(scope, Some(account)).await?;
        let (import, content) = self.repo.get(scope, id).await.map_err(ImportError::from_repo("Import"))?;
        let (rows, remembered) = match content {
            // Already committed: the repository answers its first outcome.
            None => (Vec::new(), None),
            Some(content) => {
                let given = mapping.is_some();
                let parsed = self.parse(scope, &import.file_name, Arc::new(content), Some(account), mapping).await?;
                // A bank's preset needs no remembering; a mapping the user confirmed does.
                let remembered = parsed.mapping.filter(|_| given || parsed.preset == "generic");
                (parsed.rows.into_iter().map(ImportRow::from).collect(), remembered)
            }
        };
        self.repo.commit(scope, id, account, rows, remembered).await.map_err(ImportError::from_repo("Import"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn undo(&self, scope: Scope, id: ImportId) -> Result<i64, ImportError> {
        self.repo.undo(scope, id).await.map_err(ImportError::from_repo("Import"))
    }

    /// Committed imports, newest first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope) -> Result<Vec<StoredImport>, ImportError> {
        let all = self.repo.list(scope).await.map_err(ImportError::from_repo("Import"))?;
        Ok(all.into_iter().filter(|i| i.committed_at.is_some()).collect())
    }
}

#[cfg(test)]
mod tests;
