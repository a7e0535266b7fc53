//! The bank-linking use case.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::banking;
use domain::ids::BankConnectionId;
use domain::{Money, Scope, User};

use crate::ledger::TransactionRecord;
use crate::mailer::{LinkEmail, Mailer};
use crate::security::{LinkTokens, SecretBox};
use crate::{Clock, RepoError, StopSignal};

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
    #[error("Enable Banking is not set up on this server")]
    NotConfigured,
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

/// How long a consent under way may take from its start to the bank's redirect back.
const CONSENT_STATE_LIFETIME: chrono::Duration = chrono::Duration::minutes(15);

/// A consent provider (Enable Banking), when configured: how it links, how its connections sync,
/// and what its consents need (a state, the callback's address, the renewal notice).
#[derive(Clone)]
pub struct ConsentBanking {
    pub consent: Arc<dyn ConsentProvider>,
    pub data: Arc<dyn BankProvider>,
    pub tokens: Arc<dyn LinkTokens>,
    pub mailer: Arc<dyn Mailer>,
    /// PUBLIC_URL: the callback's address and the notice's link start with it.
    pub public_url: String,
}

/// What a consent is started for.
#[derive(Debug, Clone)]
pub enum ConsentTarget {
    New {
        bank: String,
        country: String,
    },
    /// Reconnecting (or renewing) a connection; its bank is the connection's.
    Renew(BankConnectionId),
}

/// What the bank's redirect brought back besides the state.
#[derive(Debug, Clone, Default)]
pub struct ConsentAnswer {
    pub code: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// A consent that came back: the connection it made or renewed, and the accounts left out.
#[derive(Debug, Clone)]
pub struct Linked {
    pub id: BankConnectionId,
    pub skipped: Vec<SkippedAccount>,
}

/// Why a consent's callback linked nothing (each a short reason in the redirect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConsentFailure {
    /// The user (or the bank) refused.
    #[error("denied")]
    Denied,
    /// The state is unknown, used or older than 15 minutes.
    #[error("expired")]
    Expired,
    /// The provider or the bank failed, or storing failed.
    #[error("failed")]
    Failed,
}

#[derive(Clone)]
pub struct BankService {
    provider: Arc<dyn BankProvider>,
    consent: Option<Arc<ConsentBanking>>,
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
        Self { provider, consent: None, repo, secrets, clock }
    }

    /// Adds a consent provider beside the link provider (Plaid or the demo bank).
    pub fn with_consent(mut self, consent: ConsentBanking) -> Self {
        self.consent = Some(Arc::new(consent));
        self
    }

    /// The provider that links through a widget (Plaid or the demo bank).
    pub fn provider(&self) -> ProviderKind {
        self.provider.kind()
    }

    /// Every provider this server knows, and whether it is on: the demo bank when Plaid is not
    /// configured, Enable Banking when it is.
    pub fn providers(&self) -> Vec<(ProviderKind, bool)> {
        let link = self.provider.kind();
        vec![
            (ProviderKind::Demo, link == ProviderKind::Demo),
            (ProviderKind::Plaid, link == ProviderKind::Plaid),
            (ProviderKind::EnableBanking, self.consent.is_some()),
        ]
    }

    /// The provider that syncs a connection of this kind.
    fn provider_of(&self, kind: ProviderKind) -> Result<Arc<dyn BankProvider>, BankingError> {
        if kind == self.provider.kind() {
            return Ok(self.provider.clone());
        }
        match &self.consent {
            Some(c) if c.data.kind() == kind => Ok(c.data.clone()),
            _ => Err(BankingError::NotConfigured),
        }
    }

    fn consent(&self) -> Result<&ConsentBanking, BankingError> {
        self.consent.as_deref().ok_or(BankingError::NotConfigured)
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
            Some(id) => {
                let stored = self.repo.get(scope, id).await.map_err(repo)?;
                if stored.connection.provider != self.provider.kind() {
                    return Err(BankingError::Invalid("This bank reconnects through its own consent page".into()));
                }
                Some(self.open(&stored.sealed_token)?)
            }
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
        let batch =
            self.fetch(&*self.provider, &exchanged.access_token, None, &institution_name, None).await.map_err(|e| {
                match e {
                    BankError::Refused { .. } | BankError::LoginRequired { .. } => BankingError::ExchangeRefused,
                    _ => BankingError::ProviderUnavailable,
                }
            })?;
        let new = NewConnection {
            provider: self.provider.kind(),
            provider_item_id: exchanged.provider_item_id.clone(),
            institution_id: institution.id,
            institution_name,
            sealed_token: self.secrets.seal(&exchanged.access_token.0)?,
            consent_expires_at: None,
            next_sync_at: self.clock.now(),
            skipped_accounts: vec![],
        };
        self.repo.create(scope, new, batch).await.map_err(repo)
    }

    /// The accounts and every page of changes since `cursor`, as one batch; paging starts again
    /// from `cursor` when the bank's data changes underneath it.
    async fn fetch(
        &self,
        provider: &dyn BankProvider,
        token: &AccessToken,
        cursor: Option<String>,
        institution: &str,
        presence: Option<&Presence>,
    ) -> Result<SyncBatch, BankError> {
        let accounts = match presence {
            Some(presence) => provider.accounts_present(token, presence).await?,
            None => provider.accounts(token).await?,
        };
        let mut restarts = 0;
        'again: loop {
            let mut batch = SyncBatch { accounts: plans(&accounts, institution), ..SyncBatch::default() };
            let mut at = cursor.clone();
            for _ in 0..MAX_PAGES {
                let answer = match presence {
                    Some(presence) => provider.sync_page_present(token, at.clone(), presence).await,
                    None => provider.sync_page(token, at.clone()).await,
                };
                let page = match answer {
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
        let connections = self.repo.list(scope).await.map_err(repo)?;
        Ok(connections.into_iter().map(|c| self.with_renewal(c)).collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: BankConnectionId) -> Result<Connection, BankingError> {
        Ok(self.with_renewal(self.repo.get(scope, id).await.map_err(repo)?.connection))
    }

    /// Says whether the connection's consent is due renewal now.
    fn with_renewal(&self, connection: Connection) -> Connection {
        let due = connection.consent_expires_at.is_some_and(|end| domain::psd2::renewal_due(end, self.clock.now()));
        Connection { renewal_due: due, ..connection }
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
        self.sync_with(scope, id, None).await
    }

    /// Sync now: the same, with the user present (told to a bank that wants to know).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn sync_now(
        &self,
        scope: Scope,
        id: BankConnectionId,
        presence: &Presence,
    ) -> Result<SyncCounts, BankingError> {
        self.sync_with(scope, id, Some(presence)).await
    }

    async fn sync_with(
        &self,
        scope: Scope,
        id: BankConnectionId,
        presence: Option<&Presence>,
    ) -> Result<SyncCounts, BankingError> {
        let stored = self.repo.get(scope, id).await.map_err(repo)?;
        let provider = self.provider_of(stored.connection.provider)?;
        let name = stored.connection.institution_name.clone();
        if stored.connection.consent_expires_at.is_some_and(|end| end <= self.clock.now()) {
            // The bank would refuse: the consent has ended. Say so without asking it.
            self.repo.mark_login_required(scope, id, "EXPIRED_SESSION".into()).await.map_err(repo)?;
            return Err(BankingError::LoginRequired(name));
        }
        let token = self.open(&stored.sealed_token)?;
        match self.fetch(&*provider, &token, stored.cursor.clone(), &name, presence).await {
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
        match self.provider_of(stored.connection.provider) {
            Ok(provider) => {
                let token = self.open(&stored.sealed_token)?;
                if let Err(e) = provider.remove_item(&token).await {
                    tracing::warn!(error = %e, connection = %id, "the provider did not confirm removing the connection");
                }
            }
            Err(_) => {
                tracing::warn!(connection = %id, "the connection's provider is no longer configured: only our copy is removed")
            }
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
        if stored.connection.provider != ProviderKind::Demo {
            return Err(BankingError::NotDemo);
        }
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
    /// servers never sync one twice in an interval. Once `stop` is stopped it ends after the
    /// connection in hand. Answers how many were synced.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn sync_due(&self, every: chrono::Duration, stop: &StopSignal) -> Result<usize, BankingError> {
        let mut synced = 0;
        let consent_every = every.max(domain::psd2::UNATTENDED_SYNC_EVERY);
        while !stop.is_stopped() {
            let Some((scope, id)) = self.repo.claim_due(self.clock.now(), every, consent_every).await.map_err(repo)?
            else {
                break;
            };
            match self.sync(scope, id).await {
                Ok(_) => synced += 1,
                Err(e) => tracing::warn!(error = %e, connection = %id, "background bank sync failed"),
            }
        }
        Ok(synced)
    }

    /// The banks a person can link in `country` through the consent provider.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn offered_banks(&self, country: &str) -> Result<Vec<OfferedBank>, BankingError> {
        let consent = self.consent()?;
        if !domain::psd2::is_country_code(country) {
            return Err(BankingError::Invalid("Country must be a two-letter code such as GB".into()));
        }
        consent.consent.banks(country).await.map_err(|e| {
            tracing::warn!(error = %e, "listing the consent provider's banks failed");
            BankingError::ProviderUnavailable
        })
    }

    /// Starts a consent at a bank (a new link, or renewing a connection) and answers the page the
    /// browser goes to. The state sent along is single-use, bound to this member and household,
    /// and lives 15 minutes.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn start_consent(
        &self,
        user: &User,
        scope: Scope,
        target: ConsentTarget,
    ) -> Result<String, BankingError> {
        Self::allowed(user)?;
        let consent = self.consent()?;
        let (bank, country, connection) = match target {
            ConsentTarget::New { bank, country } => {
                let bank = bank.trim().to_owned();
                if bank.is_empty() || bank.chars().count() > 200 {
                    return Err(BankingError::Invalid("Choose a bank".into()));
                }
                (bank, country, None)
            }
            ConsentTarget::Renew(id) => {
                let stored = self.repo.get(scope, id).await.map_err(repo)?;
                if stored.connection.provider != consent.data.kind() {
                    return Err(BankingError::NotFound);
                }
                let country = stored.connection.institution_id.clone().unwrap_or_else(|| "GB".into());
                (stored.connection.institution_name, country, Some(id))
            }
        };
        let offered = self.offered_banks(&country).await?;
        let Some(found) = offered.iter().find(|b| b.name == bank) else {
            return Err(BankingError::Invalid("Choose a bank from the list".into()));
        };
        let now = self.clock.now();
        let secret = consent.tokens.generate();
        let state = ConsentState {
            scope,
            bank: bank.clone(),
            country: country.clone(),
            connection,
            expires_at: now + CONSENT_STATE_LIFETIME,
        };
        self.repo.save_consent_state(secret.digest, state).await.map_err(repo)?;
        let redirect_url = format!("{}/api/enablebanking/callback", consent.public_url.trim_end_matches('/'));
        let request = ConsentRequest {
            bank: &bank,
            country: &country,
            valid_until: domain::psd2::consent_valid_until(now, found.max_consent_seconds),
            state: &secret.plain,
            redirect_url: &redirect_url,
        };
        consent.consent.start(request).await.map_err(|e| {
            tracing::warn!(error = %e, redirect_url, "starting a consent failed (is the redirect URL registered?)");
            BankingError::LinkFailed
        })
    }

    /// The bank's redirect back: takes the state (once), opens the session the code grants, and
    /// links its accounts — renewing the connection that already links them, or making a new
    /// one with its first sync, all or nothing.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn finish_consent(
        &self,
        state: &str,
        answer: ConsentAnswer,
        presence: &Presence,
    ) -> Result<Linked, ConsentFailure> {
        let consent = self.consent().map_err(|_| ConsentFailure::Failed)?;
        if state.is_empty() || state.len() > 200 {
            return Err(ConsentFailure::Expired);
        }
        let digest = consent.tokens.digest(state);
        let taken = self.repo.take_consent_state(digest, self.clock.now()).await.map_err(|e| {
            tracing::error!(error = %e, "taking a consent state failed");
            ConsentFailure::Failed
        })?;
        let Some(started) = taken else { return Err(ConsentFailure::Expired) };
        if let Some(error) = answer.error {
            tracing::info!(error, description = answer.error_description, "the bank consent was not given");
            return Err(ConsentFailure::Denied);
        }
        let Some(code) = answer.code.filter(|c| !c.is_empty() && c.len() <= 2_000) else {
            return Err(ConsentFailure::Failed);
        };
        let granted = consent.consent.authorise(&code).await.map_err(|e| {
            tracing::warn!(error = %e, "opening the consent's session failed");
            ConsentFailure::Failed
        })?;
        let scope = started.scope;
        let renewing = match started.connection {
            Some(id) => Some(id),
            None => self
                .repo
                .find_by_account_keys(scope, consent.data.kind(), granted.account_keys.clone())
                .await
                .map_err(|_| ConsentFailure::Failed)?,
        };
        // The user's browser has just come back from the bank: they are present for the first sync.
        let linked = match renewing {
            Some(id) => self.renew(consent, scope, id, &granted, presence).await,
            None => self.link_new(consent, &started, &granted, presence).await,
        };
        match linked {
            Ok(id) => Ok(Linked { id, skipped: granted.skipped }),
            Err(e) => {
                tracing::warn!(error = %e, "linking a consent failed; its session is closed");
                if let Err(e) = consent.data.remove_item(&granted.token).await {
                    tracing::warn!(error = %e, "closing an unused consent session failed");
                }
                Err(ConsentFailure::Failed)
            }
        }
    }

    /// A new connection from a consent, with its first sync, stored all at once.
    async fn link_new(
        &self,
        consent: &ConsentBanking,
        started: &ConsentState,
        granted: &Consent,
        presence: &Presence,
    ) -> Result<BankConnectionId, BankingError> {
        let batch = self
            .fetch(&*consent.data, &granted.token, None, &started.bank, Some(presence))
            .await
            .map_err(|_| BankingError::ProviderUnavailable)?;
        let new = NewConnection {
            provider: consent.data.kind(),
            provider_item_id: granted.session_id.clone(),
            institution_id: Some(started.country.clone()),
            institution_name: started.bank.clone(),
            sealed_token: self.secrets.seal(&granted.token.0)?,
            consent_expires_at: Some(granted.valid_until),
            // The link's own sync has just run: the first unattended one waits its turn.
            next_sync_at: self.clock.now() + domain::psd2::UNATTENDED_SYNC_EVERY,
            skipped_accounts: granted.skipped.clone(),
        };
        let (connection, _) = self.repo.create(started.scope, new, batch).await.map_err(repo)?;
        Ok(connection.id)
    }

    /// A renewed consent for a connection: its accounts continue (matched by their stable keys),
    /// the old session is closed, and it syncs at once.
    async fn renew(
        &self,
        consent: &ConsentBanking,
        scope: Scope,
        id: BankConnectionId,
        granted: &Consent,
        presence: &Presence,
    ) -> Result<BankConnectionId, BankingError> {
        let old = self.repo.get(scope, id).await.map_err(repo)?;
        let renewed = RenewedConsent {
            provider_item_id: granted.session_id.clone(),
            sealed_token: self.secrets.seal(&granted.token.0)?,
            consent_expires_at: granted.valid_until,
            next_sync_at: self.clock.now() + domain::psd2::UNATTENDED_SYNC_EVERY,
            skipped_accounts: granted.skipped.clone(),
        };
        self.repo.renew(scope, id, renewed).await.map_err(repo)?;
        if let Ok(token) = self.open(&old.sealed_token) {
            if let Err(e) = consent.data.remove_item(&token).await {
                tracing::info!(error = %e, connection = %id, "closing the replaced consent session failed");
            }
        }
        if let Err(e) = self.sync_now(scope, id, presence).await {
            // Renewed all the same; the connection shows what went wrong and the next sync retries.
            tracing::warn!(error = %e, connection = %id, "the first sync after renewing a consent failed");
        }
        Ok(id)
    }

    /// One pass of renewal notices: each consent ending within seven days is told once, by
    /// e-mail to the member who linked it. Once `stop` is stopped it ends after the notice in
    /// hand. Answers how many were told.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn notify_renewals(&self, stop: &StopSignal) -> Result<usize, BankingError> {
        let Some(consent) = self.consent.as_deref() else { return Ok(0) };
        let now = self.clock.now();
        let mut told = 0;
        while !stop.is_stopped() {
            let Some(due) = self.repo.claim_renewal(now, now + domain::psd2::RENEWAL_NOTICE).await.map_err(repo)?
            else {
                break;
            };
            let ends = domain::dates::london_today(due.consent_expires_at).format("%d/%m/%Y").to_string();
            let subject = format!("Your link to {} ends on {ends}", due.institution_name);
            let body = format!(
                "Your consent for MySpending to read your accounts at {} ends on {ends}. Reconnect before then \
                 to keep them syncing: it takes a minute at your bank, and your accounts and their history stay as they are.",
                due.institution_name
            );
            let link = format!("{}/accounts", consent.public_url.trim_end_matches('/'));
            let greeting = format!("Hello {},", due.to_name);
            let mail = LinkEmail {
                to_name: &due.to_name,
                to_address: &due.to_address,
                subject: &subject,
                greeting: &greeting,
                body: &body,
                action: "Reconnect",
                link: &link,
                footer: "You receive this because you linked this bank in MySpending.",
            };
            match consent.mailer.send(mail.compose()).await {
                Ok(()) => told += 1,
                Err(error) => tracing::error!(connection = %due.id, error = ?error, "sending a renewal notice failed"),
            }
        }
        Ok(told)
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
