//! Wiring: builds every adapter once and hands the ports to the use cases.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;

use adapter_postgres::{
    Database, PgAccountRepository, PgBackupRepository, PgBankRepository, PgBudgetRepository, PgCategoryRepository,
    PgGoalRepository, PgHouseholdRepository, PgIdempotencyStore, PgImportRepository, PgInventoryRepository,
    PgLinkTokenRepository, PgRecurringRepository, PgReportRepository, PgRuleRepository, PgSessionRepository,
    PgTransactionRepository, PgUserRepository, PoolSettings,
};
use adapter_security::{Argon2Hasher, JwtSessions, RandomLinkTokens};
use adapter_smtp::{parse_sender, OutboxMailer, SmtpMailer};
use ports::admin::UserAdminService;
use ports::auth::{AuthDeps, AuthService, AuthSettings};
use ports::backup::BackupService;
use ports::banking::{BankProvider, BankService, ConsentBanking};
use ports::blobs::BlobStore;
use ports::budgets::BudgetService;
use ports::clock::SystemClock;
use ports::goals::GoalService;
use ports::households::{HouseholdDeps, HouseholdService};
use ports::idempotency::IdempotencyStore;
use ports::images::ImageProcessor;
use ports::imports::ImportService;
use ports::inventory::InventoryService;
use ports::ledger::LedgerService;
use ports::receipts::{ReceiptDeps, ReceiptService};
use ports::recurring::RecurringService;
use ports::reports::ReportService;
use ports::rules::RuleService;
use ports::security::PasswordHasher;
use ports::tags::TagService;
use ports::tokens::TokenService;
use ports::{HealthProbe, Mailer};

use crate::config::BlobStoreKind;
use crate::http::rate_limit::AttemptLimiter;
use crate::Settings;

/// Everything a request handler may use.
#[derive(Clone)]
pub struct AppState {
    pub auth: AuthService,
    pub ledger: LedgerService,
    pub reports: ReportService,
    pub budgets: BudgetService,
    pub admin: UserAdminService,
    pub recurring: RecurringService,
    pub goals: GoalService,
    pub inventory: InventoryService,
    /// Receipts attached to transactions, and their signed addresses.
    pub receipts: ReceiptService,
    pub banking: BankService,
    pub imports: ImportService,
    pub backups: BackupService,
    pub rules: RuleService,
    pub households: HouseholdService,
    /// The household's tags.
    pub tags: TagService,
    /// Personal access tokens (a second kind of bearer credential beside sessions).
    pub tokens: TokenService,
    /// The answers to writes sent with an Idempotency-Key.
    pub idempotency: Arc<dyn IdempotencyStore>,
    pub health: Arc<dyn HealthProbe>,
    pub limiter: Arc<AttemptLimiter>,
    /// Public facts the web app shows before sign-in (e.g. whom to contact).
    pub public: PublicConfig,
}

/// What GET /api/config tells anyone.
/// The configured blob store: the local folder, or the S3-compatible bucket.
fn blob_store(settings: &Settings) -> anyhow::Result<Arc<dyn BlobStore>> {
    Ok(match settings.blob_store {
        BlobStoreKind::Disk => Arc::new(adapter_blobs::DiskBlobStore::new(settings.uploads_dir())?),
        BlobStoreKind::S3 => Arc::new(adapter_blobs::S3BlobStore::new(settings.s3_settings()?)?),
    })
}

/// Backups with photos zipped at once: each holds a thread of its own until its reader has the
/// last byte, so a slow download waits on the network, not on the CPU.
const BACKUP_ZIPS_AT_ONCE: usize = 2;

/// Backups of the database and the configured photo store (for the server and the command line).
fn backup_service(
    db: Database,
    blobs: Arc<dyn BlobStore>,
    images: Arc<dyn ImageProcessor>,
) -> anyhow::Result<BackupService> {
    let archive = Arc::new(adapter_archive::ZipBackupArchive::new(BACKUP_ZIPS_AT_ONCE)?);
    Ok(BackupService::new(Arc::new(PgBackupRepository::new(db)), archive, blobs, images))
}

/// Backups as the command line makes and restores them: the same stores as `serve`.
pub fn backups(settings: &Settings, db: Database) -> anyhow::Result<BackupService> {
    let images = Arc::new(adapter_images::ImageRsProcessor::new(settings.image_concurrency)?);
    backup_service(db, blob_store(settings)?, images)
}

/// With BLOB_STORE=s3, that the bucket is there and the credentials may use it.
pub async fn check_blob_store(settings: &Settings) -> anyhow::Result<()> {
    if settings.blob_store == BlobStoreKind::S3 {
        adapter_blobs::S3BlobStore::new(settings.s3_settings()?)?.check().await?;
    }
    Ok(())
}

#[derive(Debug, Clone, Default)]
pub struct PublicConfig {
    pub admin_email: Option<String>,
}

impl AppState {
    /// Builds the production wiring from the settings and a database handle.
    pub fn build(settings: &Settings, db: Database) -> anyhow::Result<Self> {
        let sender = parse_sender(&settings.mail_from)?;
        let mailer: Arc<dyn Mailer> = match settings.smtp_url.as_deref().filter(|u| !u.is_empty()) {
            Some(url) => Arc::new(SmtpMailer::from_url(url, sender)?),
            None => Arc::new(OutboxMailer::new(settings.outbox_dir(), sender)),
        };
        let secret = settings.jwt_secret()?;
        let clock = Arc::new(SystemClock);
        let accounts = Arc::new(PgAccountRepository::new(db.clone()));
        let reports = ReportService::new(
            Arc::new(PgReportRepository::new(db.clone())),
            accounts.clone(),
            Arc::new(adapter_pdf::GenPdfRenderer::new(settings.pdf_concurrency)?),
            clock.clone(),
        );
        let categories = Arc::new(PgCategoryRepository::new(db.clone()));
        let users = Arc::new(PgUserRepository::new(db.clone()));
        let budgets = BudgetService::new(
            Arc::new(PgBudgetRepository::new(db.clone())),
            categories.clone(),
            users.clone(),
            clock.clone(),
        );
        let tag_repository = Arc::new(adapter_postgres::PgTagRepository::new(db.clone()));
        let tags = TagService::new(tag_repository.clone());
        let ledger = LedgerService::new(
            accounts,
            categories,
            Arc::new(PgTransactionRepository::new(db.clone())),
            tag_repository.clone(),
            clock.clone(),
        );
        let recurring = RecurringService::new(Arc::new(PgRecurringRepository::new(db.clone())), clock.clone());
        let goals = GoalService::new(Arc::new(PgGoalRepository::new(db.clone())), clock.clone());
        let blobs = blob_store(settings)?;
        let images: Arc<dyn ImageProcessor> =
            Arc::new(adapter_images::ImageRsProcessor::new(settings.image_concurrency)?);
        let inventory = InventoryService::new(
            Arc::new(PgInventoryRepository::new(db.clone())),
            blobs.clone(),
            images.clone(),
            clock.clone(),
        );
        let receipts = ReceiptService::new(ReceiptDeps {
            receipts: Arc::new(adapter_postgres::PgReceiptRepository::new(db.clone())),
            blobs: blobs.clone(),
            images: images.clone(),
            clock: clock.clone(),
            // Receipt addresses are signed with a key derived from the session-signing secret.
            key: domain::receipts::UrlKey::derive(secret.as_bytes()),
        });
        let provider: Arc<dyn BankProvider> = match settings.plaid()? {
            Some(plaid) => Arc::new(adapter_bank::PlaidBank::new(plaid)?),
            None => Arc::new(adapter_bank::DemoBank::new(clock.clone())),
        };
        // Bank tokens and two-factor secrets are sealed with the same key (BANK_TOKEN_KEY).
        let sealer: Arc<dyn ports::security::SecretBox> = Arc::new(
            adapter_security::AesGcmSecretBox::from_base64(&settings.bank_token_key()?).context("BANK_TOKEN_KEY")?,
        );
        let mut banking =
            BankService::new(provider, Arc::new(PgBankRepository::new(db.clone())), sealer.clone(), clock.clone());
        if let Some(client) = settings.enable_banking()? {
            let bank = Arc::new(adapter_bank::enablebanking::EnableBankingBank::new(client));
            banking = banking.with_consent(ConsentBanking {
                consent: bank.clone(),
                data: bank,
                tokens: Arc::new(RandomLinkTokens),
                mailer: mailer.clone(),
                public_url: settings.public_url.clone(),
            });
        }
        let imports = ImportService::new(
            Arc::new(adapter_statements::PooledStatementReader::new(
                adapter_statements::StatementReader::new(),
                settings.import_concurrency,
            )?),
            Arc::new(PgImportRepository::new(db.clone())),
            clock.clone(),
        );
        let rules = RuleService::new(Arc::new(PgRuleRepository::new(db.clone())), tag_repository.clone());
        let backups = backup_service(db.clone(), blobs, images)?;
        let hasher: Arc<dyn PasswordHasher> = Arc::new(Argon2Hasher::owasp(settings.hashing_limits())?);
        let admin = UserAdminService::new(users.clone(), hasher.clone());
        let households = HouseholdService::new(HouseholdDeps {
            households: Arc::new(PgHouseholdRepository::new(db.clone())),
            tokens: Arc::new(RandomLinkTokens),
            mailer: mailer.clone(),
            clock: clock.clone(),
            public_url: settings.public_url.clone(),
        });
        let tokens = TokenService::new(
            Arc::new(adapter_postgres::PgTokenRepository::new(db.clone())),
            Arc::new(RandomLinkTokens),
            clock.clone(),
        );
        let sessions = Arc::new(PgSessionRepository::new(db.clone()));
        let deps = AuthDeps {
            users,
            link_tokens: Arc::new(PgLinkTokenRepository::new(db.clone())),
            hasher,
            sessions: Arc::new(JwtSessions::new(secret.as_bytes(), Duration::from_secs(settings.jwt_ttl_hours * 3600))),
            session_store: sessions.clone(),
            two_factor: sessions,
            sealer,
            secrets: Arc::new(RandomLinkTokens),
            mailer,
            clock,
        };
        Ok(Self {
            auth: AuthService::new(
                deps,
                AuthSettings {
                    session_ttl: chrono::Duration::hours(settings.jwt_ttl_hours as i64),
                    ..AuthSettings::new(&settings.public_url)
                },
            ),
            ledger,
            reports,
            budgets,
            admin,
            recurring,
            goals,
            inventory,
            receipts,
            banking,
            imports,
            backups,
            rules,
            households,
            tags,
            tokens,
            idempotency: Arc::new(PgIdempotencyStore::new(db.clone())),
            health: Arc::new(db),
            public: PublicConfig {
                admin_email: match settings.admin_email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
                    None => None,
                    Some(raw) => Some(
                        domain::Email::parse(raw).map_err(|e| anyhow::anyhow!("ADMIN_EMAIL {raw:?}: {e}"))?.to_string(),
                    ),
                },
            },
            limiter: Arc::new(AttemptLimiter::new(
                settings.attempts_per_ip_per_minute,
                settings.attempts_per_email_per_minute,
            )),
        })
    }
}

/// The seeder's wiring (for `myspending seed`).
pub fn seeder(db: Database) -> anyhow::Result<ports::demo::DemoSeeder> {
    Ok(ports::demo::DemoSeeder::new(
        Arc::new(PgUserRepository::new(db.clone())),
        Arc::new(Argon2Hasher::owasp(adapter_security::Limits::with_workers(1))?),
        Arc::new(adapter_postgres::PgLedgerLoader::new(db)),
    ))
}

/// The demo user's own books.
async fn demo_scope(app: &AppState, user: domain::UserId) -> anyhow::Result<domain::Scope> {
    app.households.scope_of(user).await?.ok_or_else(|| anyhow::anyhow!("the demo user has no household"))
}

/// The database handle the settings point at (connections are made lazily).
pub fn database(settings: &Settings) -> anyhow::Result<Database> {
    Database::connect_lazy(&settings.database_url()?, PoolSettings::default())
}

/// The demo household's bank: links the built-in demo bank for the user, as if they had pressed
/// Connect Bank (nothing happens with Plaid configured, or when the user may not link).
pub async fn link_demo_bank(app: &AppState, db: Database, user: domain::UserId) -> anyhow::Result<bool> {
    if app.banking.provider() != ports::banking::ProviderKind::Demo {
        return Ok(false);
    }
    let scope = demo_scope(app, user).await?;
    let user = ports::users::UserRepository::find_by_id(&PgUserRepository::new(db), user).await?;
    if !user.can_connect_bank() {
        return Ok(false);
    }
    let institution = ports::banking::Institution { id: Some("ins_demo".into()), name: Some("Demo Bank UK".into()) };
    app.banking.connect(&user, scope, "public-demo-seed", institution).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(true)
}

/// The demo household's categorisation rules and one statement import (a few card payments
/// of last week from a Monzo CSV), so a newcomer sees both in use; the statement's £50 to the
/// savings account and the savings account's £50 typed in by hand are offered as one transfer
/// ('Looks like transfers' on /transactions).
pub async fn demo_rules_and_import(app: &AppState, user: domain::UserId) -> anyhow::Result<()> {
    let user = demo_scope(app, user).await?;
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("{e}");
    let categories = app.ledger.categories(user).await.map_err(|e| fail(&e))?;
    let id = |name: &str| categories.iter().find(|(c, _)| c.name == name).map(|(c, _)| c.id.0.to_string());
    for input in demo_data::statement::rules(id) {
        app.rules.create(user, input).await.map_err(|e| fail(&e))?;
    }
    let accounts = app.ledger.accounts(user).await.map_err(|e| fail(&e))?;
    let Some(current) =
        accounts.accounts.iter().find(|a| a.account.account_type == domain::accounts::AccountType::Current)
    else {
        return Ok(());
    };
    let today = domain::dates::london_today(chrono::Utc::now());
    let csv = demo_data::statement::monzo_statement(today);
    let account = Some(current.account.id);
    let preview = app
        .imports
        .upload(user, demo_data::statement::STATEMENT_FILE.into(), csv.into_bytes(), account)
        .await
        .map_err(|e| fail(&e))?;
    app.imports.commit(user, preview.import.id, account, None).await.map_err(|e| fail(&e))?;
    let savings = accounts.accounts.iter().find(|a| a.account.account_type == domain::accounts::AccountType::Savings);
    if let (Some(savings), Some(category_id)) = (savings, id("Other Income")) {
        let input = domain::transactions::TransactionInput {
            amount: Some("50".into()),
            description: "From current account".into(),
            transaction_type: "income".into(),
            category_id,
            account_id: savings.account.id.0.to_string(),
            date: demo_data::statement::savings_arrival_day(today).format("%Y-%m-%d").to_string(),
            notes: None,
            status: None,
            tag_ids: None,
            splits: None,
        };
        app.ledger.create_transaction(user, input).await.map_err(|e| fail(&e))?;
    }
    Ok(())
}

/// The demo household's receipts: e-receipts (PDFs, as supermarkets e-mail them) of its three
/// latest Tesco shops, a line per part of the split, and of its latest Argos order, attached
/// through the receipts' use case, so a newcomer sees the paperclip in the list, the receipts on
/// a transaction's page and receipts in the backup zip. Answers how many were attached.
pub async fn demo_receipts(app: &AppState, user: domain::UserId) -> anyhow::Result<usize> {
    let scope = demo_scope(app, user).await?;
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("{e}");
    let mut attached = 0;
    for (shop, how_many) in [("Tesco", 3), ("Argos", 1)] {
        let query =
            ports::ledger::TransactionQuery { page: 1, limit: 20, search: Some(shop.into()), ..Default::default() };
        let page = app.ledger.transactions(scope, query).await.map_err(|e| fail(&e))?;
        let bought = page
            .items
            .iter()
            .filter(|t| t.description == shop && t.transaction_type == domain::transactions::TransactionType::Expense);
        for t in bought.take(how_many) {
            let lines: Vec<(String, domain::Money)> = if t.splits.is_empty() {
                let what = t.category.as_ref().map_or_else(|| "Goods".to_owned(), |c| c.name.clone());
                vec![(what, t.amount.abs())]
            } else {
                t.splits.iter().map(|p| (p.category.name.clone(), p.amount.abs())).collect()
            };
            let pdf = adapter_pdf::e_receipt(shop, t.date, &lines)?;
            app.receipts.attach(scope, t.id, pdf, None).await.map_err(|e| fail(&e))?;
            attached += 1;
        }
    }
    Ok(attached)
}

/// The demo household's second member: `partner` joins the demo user's household (as if they
/// had accepted an invitation), made this week's groceries on the current account, so the
/// transactions list shows who made what, keeps a private ISA topped up from it, and has ticked
/// the first thing on the shopping list.
pub async fn demo_partner(
    app: &AppState,
    db: Database,
    owner: domain::UserId,
    partner: domain::UserId,
) -> anyhow::Result<()> {
    use ports::households::{HouseholdRepository, NewInvitation};
    let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("{e}");
    let households = PgHouseholdRepository::new(db.clone());
    let (household, _) = households.membership(owner).await?;
    if households.membership(partner).await?.0 != household {
        let person = ports::users::UserRepository::find_by_id(&PgUserRepository::new(db), partner).await?;
        let now = chrono::Utc::now();
        let invitation = NewInvitation {
            email: person.email.as_str().to_owned(),
            role: domain::households::HouseholdRole::Member,
            token_digest: format!("demo-{}", uuid::Uuid::now_v7()),
            invited_by: owner,
            created_at: now,
            expires_at: now + domain::households::INVITATION_VALID_FOR,
        };
        let invitation = households.invite(household, invitation).await?;
        households.join(partner, invitation.id, false).await?;
    }
    let scope = domain::Scope { household, member: partner };
    let accounts = app.ledger.accounts(scope).await.map_err(|e| fail(&e))?;
    let categories = app.ledger.categories(scope).await.map_err(|e| fail(&e))?;
    let current = accounts.accounts.iter().find(|a| a.account.account_type == domain::accounts::AccountType::Current);
    let groceries = categories.iter().find(|(c, _)| c.name == "Groceries");
    let (Some(current), Some((groceries, _))) = (current, groceries) else {
        return Ok(());
    };
    let today = domain::dates::london_today(chrono::Utc::now());
    for (days_ago, amount, shop) in [(1, "23.40", "Sainsbury's"), (3, "8.15", "Co-op"), (5, "41.62", "Aldi")] {
        let input = domain::transactions::TransactionInput {
            amount: Some(amount.into()),
            description: shop.into(),
            transaction_type: "expense".into(),
            category_id: groceries.id.0.to_string(),
            account_id: current.account.id.0.to_string(),
            date: (today - chrono::Duration::days(days_ago)).format("%Y-%m-%d").to_string(),
            notes: None,
            status: None,
            tag_ids: None,
            splits: None,
        };
        app.ledger.create_transaction(scope, input).await.map_err(|e| fail(&e))?;
    }
    // Savings of their own, which only they see: the demo user sees the transfer into it as
    // going to a private account.
    let isa = domain::accounts::AccountInput {
        name: "My Cash ISA".into(),
        account_type: "savings".into(),
        initial_balance: Some("2400".into()),
        credit_limit: None,
        visibility: Some("private".into()),
    };
    let isa = app.ledger.create_account(scope, isa).await.map_err(|e| fail(&e))?;
    let top_up = domain::transactions::TransferInput {
        amount: Some("100".into()),
        description: "ISA top-up".into(),
        from_account_id: current.account.id.0.to_string(),
        to_account_id: isa.account.id.0.to_string(),
        date: (today - chrono::Duration::days(2)).format("%Y-%m-%d").to_string(),
        notes: None,
    };
    app.ledger.create_transfer(scope, top_up).await.map_err(|e| fail(&e))?;
    // In the shop now: the first thing on the household's list is in Sam's trolley.
    if let Some(entry) = app.inventory.entries(scope).await.map_err(|e| fail(&e))?.first() {
        app.inventory.set_ticked(scope, entry.id, true).await.map_err(|e| fail(&e))?;
    }
    Ok(())
}
