//! The bank-linking use case.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::banking;
use domain::ids::BankConnectionId;
use domain::{Money, Scope, User};

use crate::ledger::TransactionRecord;
use crate::security::SecretBox;
use crate::{Clock, RepoError};

use super::*;

#[derive(Debug, thiserror::Error)]
pub enum BankingError {
    #[error("You do not have permission to connect bank accounts")]
    Forbidden,
    #[error("Bank connection not found")]
    NotFound,
    #[error("Failed to initialise bank connection")]
    LinkFailed,
    #[error("Failed to connect bank account")]
    ExchangeRefused,
    #[error("Bank connection failed. Please try again.")]
    ProviderUnavailable,
    #[error("{0} needs you to sign in again. Please reconnect.")]
    LoginRequired(String),
    #[error("Only the demo bank can simulate an expired connection")]
    NotDemo,
    #[error("Webhook signature is not valid")]
    BadWebhook,
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

fn repo(e: RepoError) -> BankingError {
    e.or_not_found(|| BankingError::NotFound)
}

/// How many times a sync restarts when the bank's data changes while it pages.
const PAGING_RESTARTS: usize = 3;
/// A bound on pages per sync (Plaid pages hold up to 500): a runaway provider cannot hold a
/// sync forever.
const MAX_PAGES: usize = 1_000;

/// What the exchange is given besides the public token (from the provider's widget).
#[derive(Debug, Clone, Default)]
pub struct Institution {
    pub id: Option<String>,
    pub name: Option<String>,
}

#[derive(Clone)]
pub struct BankService {
    provider: Arc<dyn BankProvider>,
    repo: Arc<dyn BankRepository>,
    secrets: Arc<dyn SecretBox>,
    clock: Arc<dyn Clock>,
}

impl BankService {
    pub fn new(
        provider: Arc<dyn BankProvider>,
        repo: Arc<dyn BankRepository>,
        secrets: Arc<dyn SecretBox>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { provider, repo, secrets, clock }
    }

    pub fn provider(&self) -> ProviderKind {
        self.provider.kind()
    }

    fn allowed(user: &User) -> Result<(), BankingError> {
        if user.can_connect_bank() {
            Ok(())
        } else {
            Err(BankingError::Forbidden)
        }
    }

    fn open(&self, sealed: &[u8]) -> Result<AccessToken, BankingError> {
        Ok(AccessToken(self.secrets.open(sealed)?))
    }

    /// A link token for a new connection, or (with an id) for signing in again to that one.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create_link_token(
        &self,
        user: &User,
        scope: Scope,
        item: Option<BankConnectionId>,
    ) -> Result<String, BankingError> {
        Self::allowed(user)?;
        let token = match item {
            Some(id) => Some(self.open(&self.repo.get(scope, id).await.map_err(repo)?.sealed_token)?),
            None => None,
        };
        let mode = token.as_ref().map_or(LinkMode::New, LinkMode::Update);
        self.provider.create_link_token(user.id, mode).await.map_err(|e| {
            tracing::warn!(error = %e, "creating a link token failed");
            BankingError::LinkFailed
        })
    }

    /// Exchanges the widget's public token, reads the accounts and the whole history, and stores
    /// the connection with all of it at once: nothing is kept when any step fails.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn connect(
        &self,
        user: &User,
        scope: Scope,
        public_token: &str,
        institution: Institution,
    ) -> Result<(Connection, SyncCounts), BankingError> {
        Self::allowed(user)?;
        let public_token = public_token.trim();
        if public_token.is_empty() || public_token.len() > 500 {
            return Err(BankingError::Invalid("public_token is required".into()));
        }
        let exchanged = self.provider.exchange_public_token(public_token).await.map_err(|e| match e {
            BankError::Refused { .. } | BankError::LoginRequired { .. } => BankingError::ExchangeRefused,
            _ => BankingError::ProviderUnavailable,
        })?;
        let result = self.first_sync(scope, &exchanged, institution).await;
        if result.is_err() {
            // Nothing was stored; let the provider forget the connection too.
            if let Err(e) = self.provider.remove_item(&exchanged.access_token).await {
                tracing::warn!(error = %e, "removing an unstored bank connection failed");
            }
        }
        result
    }

    async fn first_sync(
        &self,
        scope: Scope,
        exchanged: &Exchanged,
        institution: Institution,
    ) -> Result<(Connection, SyncCounts), BankingError> {
        let institution_name = institution
            .name
            .map(|n| n.trim().chars().take(100).collect::<String>())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Bank".into());
        let batch = self.fetch(&exchanged.access_token, None, &institution_name).await.map_err(|e| match e {
            BankError::Refused { .. } | BankError::LoginRequired { .. } => BankingError::ExchangeRefused,
            _ => BankingError::ProviderUnavailable,
        })?;
        let new = NewConnection {
            provider: self.provider.kind(),
            provider_item_id: exchanged.provider_item_id.clone(),
            institution_id: institution.id,
            institution_name,
            sealed_token: self.secrets.seal(&exchanged.access_token.0)?,
        };
        self.repo.create(scope, new, batch).await.map_err(repo)
    }

    /// The accounts and every page of changes since `cursor`, as one batch; paging starts again
    /// from `cursor` when the bank's data changes underneath it.
    async fn fetch(
        &self,
        token: &AccessToken,
        cursor: Option<String>,
        institution: &str,
    ) -> Result<SyncBatch, BankError> {
        let accounts = self.provider.accounts(token).await?;
        let mut restarts = 0;
        'again: loop {
            let mut batch = SyncBatch { accounts: plans(&accounts, institution), ..SyncBatch::default() };
            let mut at = cursor.clone();
            for _ in 0..MAX_PAGES {
                let page = match self.provider.sync_page(token, at.clone()).await {
                    Err(BankError::ChangedDuringPaging) if restarts < PAGING_RESTARTS => {
                        restarts += 1;
                        continue 'again;
                    }
                    other => other?,
                };
                batch.added.extend(page.added.iter().filter_map(BankRow::from_bank));
                batch.modified.extend(page.modified.iter().filter_map(BankRow::from_bank));
                batch.removed.extend(page.removed);
                batch.cursor = page.next_cursor.clone();
                at = Some(page.next_cursor);
                if !page.has_more {
                    return Ok(batch);
                }
            }
            return Err(BankError::Unavailable(anyhow::anyhow!("the provider kept answering has_more")));
        }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope) -> Result<Vec<Connection>, BankingError> {
        self.repo.list(scope).await.map_err(repo)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: BankConnectionId) -> Result<Connection, BankingError> {
        Ok(self.repo.get(scope, id).await.map_err(repo)?.connection)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn transactions(
        &self,
        scope: Scope,
        id: BankConnectionId,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> Result<Vec<TransactionRecord>, BankingError> {
        let today = domain::dates::london_today(self.clock.now());
        let to = to.unwrap_or(today);
        let from = from.unwrap_or_else(|| to - chrono::Days::new(30));
        if from > to {
            return Err(BankingError::Invalid("startDate must not be after endDate".into()));
        }
        self.repo.transactions(scope, id, from, to).await.map_err(repo)
    }

    /// Brings one connection up to date. An expired connection is marked and reported; the
    /// accounts and their history stay.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn sync(&self, scope: Scope, id: BankConnectionId) -> Result<SyncCounts, BankingError> {
        let stored = self.repo.get(scope, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        let name = stored.connection.institution_name.clone();
        match self.fetch(&token, stored.cursor.clone(), &name).await {
            Ok(batch) => {
                Ok(self.repo.apply_sync(scope, id, stored.cursor, batch).await.map_err(repo)?.unwrap_or_default())
            }
            Err(BankError::LoginRequired { code }) => {
                self.repo.mark_login_required(scope, id, code).await.map_err(repo)?;
                Err(BankingError::LoginRequired(name))
            }
            Err(e) => {
                tracing::warn!(error = %e, connection = %id, "bank sync failed");
                Err(BankingError::ProviderUnavailable)
            }
        }
    }

    /// Syncs every connection of the user that is active; the counts add up, and a connection
    /// that fails is named without stopping the others.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn sync_all(
        &self,
        scope: Scope,
    ) -> Result<(SyncCounts, Vec<(BankConnectionId, BankingError)>), BankingError> {
        let mut total = SyncCounts::default();
        let mut failed = vec![];
        for connection in self.repo.list(scope).await.map_err(repo)? {
            if !connection.is_active {
                continue;
            }
            match self.sync(scope, connection.id).await {
                Ok(counts) => total += counts,
                Err(e) => failed.push((connection.id, e)),
            }
        }
        Ok((total, failed))
    }

    /// Tells the provider to forget the connection and deletes it; its accounts and their
    /// history stay as ordinary accounts. A provider that cannot be reached does not stop it.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn disconnect(&self, scope: Scope, id: BankConnectionId) -> Result<(), BankingError> {
        let stored = self.repo.get(scope, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        if let Err(e) = self.provider.remove_item(&token).await {
            tracing::warn!(error = %e, connection = %id, "the provider did not confirm removing the connection");
        }
        self.repo.delete(scope, id).await.map_err(repo)
    }

    /// The demo bank: makes the connection expire, as a real bank's would, and runs the sync that
    /// finds out.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn simulate_expiry(&self, scope: Scope, id: BankConnectionId) -> Result<Connection, BankingError> {
        if self.provider.kind() != ProviderKind::Demo {
            return Err(BankingError::NotDemo);
        }
        let stored = self.repo.get(scope, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        self.provider.simulate_login_required(&token).await.map_err(|_| BankingError::ProviderUnavailable)?;
        match self.sync(scope, id).await {
            Ok(_) | Err(BankingError::LoginRequired(_)) => self.get(scope, id).await,
            Err(e) => Err(e),
        }
    }

    /// A verified webhook: syncs the connection it names when it says new transactions are
    /// waiting; anything else (or a connection we do not have) is acknowledged and ignored.
    /// Answers whether a sync ran.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn webhook(&self, signature: &str, body: &[u8]) -> Result<bool, BankingError> {
        let hook = self.provider.verify_webhook(signature, body).await.map_err(|e| {
            tracing::warn!(error = %e, "a webhook call was refused");
            BankingError::BadWebhook
        })?;
        let Some(item) = hook.provider_item_id.clone().filter(|_| hook.wants_sync()) else {
            return Ok(false);
        };
        let Some((scope, id)) = self.repo.find_by_item(self.provider.kind(), item).await.map_err(repo)? else {
            return Ok(false);
        };
        match self.sync(scope, id).await {
            Ok(_) | Err(BankingError::LoginRequired(_)) => Ok(true),
            Err(e) => Err(e),
        }
    }

    /// One background pass: syncs each active connection that is due, claimed so that several
    /// servers never sync one twice in an interval. Answers how many were synced.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn sync_due(&self, every: chrono::Duration) -> Result<usize, BankingError> {
        let mut synced = 0;
        while let Some((scope, id)) = self.repo.claim_due(self.clock.now(), every).await.map_err(repo)? {
            match self.sync(scope, id).await {
                Ok(_) => synced += 1,
                Err(e) => tracing::warn!(error = %e, connection = %id, "background bank sync failed"),
            }
        }
        Ok(synced)
    }
}

/// The accounts to store or refresh, in our terms.
fn plans(accounts: &[BankAccount], institution: &str) -> Vec<AccountPlan> {
    accounts
        .iter()
        .map(|a| {
            let account_type = banking::account_type(&a.kind, a.subtype.as_deref());
            let bank_balance = a.current.map(|c| banking::ledger_balance(account_type, c));
            let owed = a.current.unwrap_or(Money::ZERO);
            AccountPlan {
                provider_account_id: a.provider_account_id.clone(),
                name: banking::account_name(&a.name, a.mask.as_deref(), institution),
                account_type,
                mask: a.mask.clone(),
                credit_limit: account_type.is_credit().then(|| banking::credit_limit(a.limit, owed)),
                bank_balance,
                bank_available: a.available,
            }
        })
        .collect()
}
