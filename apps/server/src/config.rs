//! Settings, read from the environment (a `.env` file is loaded first) or flags.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The port of the project-local PostgreSQL cluster that `just run` starts.
pub const LOCAL_CLUSTER_PORT: u16 = 54329;

#[derive(Debug, Clone, clap::Args)]
pub struct Settings {
    /// PostgreSQL connection URL [default: the project-local cluster `just run` starts in DATA_DIR/postgres]
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Address the HTTP server listens on
    #[arg(long, env = "BIND_ADDR", default_value = "127.0.0.1:8080")]
    pub bind_addr: String,
    /// Base of the links put in e-mails
    #[arg(long, env = "PUBLIC_URL", default_value = "http://localhost:8080")]
    pub public_url: String,
    /// Folder for local state: uploads, the mail outbox, generated secrets, the local database
    #[arg(long, env = "DATA_DIR", default_value = "./.data")]
    pub data_dir: PathBuf,
    /// Key that signs session tokens [default: generated once and kept in DATA_DIR/jwt-secret]
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Lifetime of a session token, in hours
    #[arg(long, env = "JWT_TTL_HOURS", default_value_t = 168)]
    pub jwt_ttl_hours: u64,
    /// SMTP server, e.g. smtp://user:pass@host:587 (STARTTLS), smtps://host (TLS), smtp://host:2525?tls=none [default: unset, e-mails are written to DATA_DIR/outbox and their links logged]
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// Sender of e-mails
    #[arg(long, env = "MAIL_FROM", default_value = "MySpending <no-reply@localhost>")]
    pub mail_from: String,
    /// Folder of the built React app
    #[arg(long, env = "FRONTEND_DIR", default_value = "frontend/dist")]
    pub frontend_dir: PathBuf,
    /// Address users are asked to write to when their account is disabled [default: unset, no address is shown]
    #[arg(long, env = "ADMIN_EMAIL")]
    pub admin_email: Option<String>,
    /// Log filter (tracing's EnvFilter syntax)
    #[arg(long, env = "RUST_LOG", default_value = "info")]
    pub log: String,
    /// Password hashes (sign-in, register, password changes) computed at once; each holds 19 MiB. Four times as many may wait; beyond that the server answers 503 busy [default: the number of cores]
    #[arg(long, env = "PASSWORD_HASH_CONCURRENCY")]
    pub password_hash_concurrency: Option<usize>,
    /// PDF reports rendered at once; four times as many may wait; beyond that the server answers 503 busy
    #[arg(long, env = "PDF_CONCURRENCY", default_value_t = 1)]
    pub pdf_concurrency: usize,
    /// Photos decoded and re-encoded at once (each may take a few hundred MB); four times as many may wait; beyond that the server answers 503 busy
    #[arg(long, env = "IMAGE_CONCURRENCY", default_value_t = 1)]
    pub image_concurrency: usize,
    /// Bank statements (up to 10 MB each) read at once for an import; four times as many may wait; beyond that the server answers 503 busy
    #[arg(long, env = "IMPORT_CONCURRENCY", default_value_t = 1)]
    pub import_concurrency: usize,
    /// Where uploaded photos are kept: `disk` (DATA_DIR/uploads, one server) or `s3` (an S3-compatible bucket several servers share; see the S3_ settings)
    #[arg(long, env = "BLOB_STORE", value_enum, default_value_t = BlobStoreKind::Disk)]
    pub blob_store: BlobStoreKind,
    /// The bucket, with BLOB_STORE=s3
    #[arg(long, env = "S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// The S3 API's address, e.g. http://minio:9000 or https://<account>.r2.cloudflarestorage.com [default: AWS in S3_REGION]
    #[arg(long, env = "S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    /// The bucket's region (R2: auto)
    #[arg(long, env = "S3_REGION", default_value = "us-east-1")]
    pub s3_region: String,
    /// How the bucket is addressed: `path` (endpoint/bucket/key) or `virtual-host` (bucket.endpoint/key) [default: virtual-host on AWS, path with S3_ENDPOINT]
    #[arg(long, env = "S3_URL_STYLE", value_enum)]
    pub s3_url_style: Option<S3UrlStyle>,
    /// The S3 access key, with BLOB_STORE=s3
    #[arg(long, env = "AWS_ACCESS_KEY_ID", hide_env_values = true)]
    pub aws_access_key_id: Option<String>,
    /// The S3 secret key, with BLOB_STORE=s3
    #[arg(long, env = "AWS_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub aws_secret_access_key: Option<String>,
    /// A session token, with temporary S3 credentials
    #[arg(long, env = "AWS_SESSION_TOKEN", hide_env_values = true)]
    pub aws_session_token: Option<String>,
    /// Plaid client id; when unset, the built-in demo bank serves bank linking
    #[arg(long, env = "PLAID_CLIENT_ID")]
    pub plaid_client_id: Option<String>,
    /// Plaid secret (of the environment in PLAID_ENV)
    #[arg(long, env = "PLAID_SECRET", hide_env_values = true)]
    pub plaid_secret: Option<String>,
    /// Plaid environment: sandbox or production
    #[arg(long, env = "PLAID_ENV", default_value = "sandbox")]
    pub plaid_env: String,
    /// Overrides Plaid's host (a proxy, or a fake in tests) [default: PLAID_ENV's host]
    #[arg(long, env = "PLAID_BASE_URL")]
    pub plaid_base_url: Option<String>,
    /// The OAuth redirect URI registered in the Plaid dashboard (most UK banks need one), e.g. PUBLIC_URL/accounts
    #[arg(long, env = "PLAID_REDIRECT_URI")]
    pub plaid_redirect_uri: Option<String>,
    /// Enable Banking application id (its Control Panel's); when set, Connect Bank offers Enable Banking (docs/bank-linking.md)
    #[arg(long, env = "ENABLE_BANKING_APP_ID")]
    pub enable_banking_app_id: Option<String>,
    /// Path to the Enable Banking application's RSA private key (PEM, PKCS#8 or PKCS#1), with ENABLE_BANKING_APP_ID
    #[arg(long, env = "ENABLE_BANKING_KEY")]
    pub enable_banking_key: Option<PathBuf>,
    /// Overrides Enable Banking's API address (a proxy, or a fake in tests) [default: https://api.enablebanking.com]
    #[arg(long, env = "ENABLE_BANKING_BASE_URL")]
    pub enable_banking_base_url: Option<String>,
    /// Key that seals bank access tokens at rest: base64 of 32 bytes (e.g. `openssl rand -base64 32`) [default: generated once and kept in DATA_DIR/bank-token-key]
    #[arg(long, env = "BANK_TOKEN_KEY", hide_env_values = true)]
    pub bank_token_key: Option<String>,
    /// Hours between background syncs of each active bank connection inside `serve` (0 turns them off)
    #[arg(long, env = "BANK_SYNC_INTERVAL", default_value_t = 6)]
    pub bank_sync_interval: u64,
    /// Seconds between the scheduler's passes over due recurring templates inside `serve` (0 turns it off; `process-due` runs one pass)
    #[arg(long, env = "SCHEDULER_INTERVAL", default_value_t = 60)]
    pub scheduler_interval: u64,
    /// Sign-in, register and forgot-password attempts allowed per client address per minute
    #[arg(long, env = "AUTH_ATTEMPTS_PER_IP_PER_MINUTE", default_value_t = 30)]
    pub attempts_per_ip_per_minute: u32,
    /// Sign-in, register and forgot-password attempts allowed per e-mail address per minute
    #[arg(long, env = "AUTH_ATTEMPTS_PER_EMAIL_PER_MINUTE", default_value_t = 5)]
    pub attempts_per_email_per_minute: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BlobStoreKind {
    Disk,
    S3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum S3UrlStyle {
    Path,
    VirtualHost,
}

impl Settings {
    /// The configured database URL, or the project-local cluster's.
    pub fn database_url(&self) -> anyhow::Result<String> {
        if let Some(url) = &self.database_url {
            return Ok(url.clone());
        }
        let password_file = self.data_dir.join("postgres").join("password");
        let password = std::fs::read_to_string(&password_file).with_context(|| {
            format!(
                "DATABASE_URL is not set and there is no local cluster ({} is missing): run `just run`, or set DATABASE_URL",
                password_file.display()
            )
        })?;
        Ok(format!("postgres://myspending:{}@127.0.0.1:{LOCAL_CLUSTER_PORT}/myspending", password.trim()))
    }

    /// The configured JWT secret, or the one generated on first start and kept in DATA_DIR.
    pub fn jwt_secret(&self) -> anyhow::Result<String> {
        if let Some(secret) = self.jwt_secret.as_ref().filter(|s| !s.is_empty()) {
            return Ok(secret.clone());
        }
        read_or_create_secret(&self.data_dir.join("jwt-secret"))
    }

    /// Plaid's settings when PLAID_CLIENT_ID is set (None: the demo bank).
    pub fn plaid(&self) -> anyhow::Result<Option<adapter_bank::PlaidSettings>> {
        let set = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let Some(client_id) = set(&self.plaid_client_id) else { return Ok(None) };
        let secret = set(&self.plaid_secret).context("PLAID_CLIENT_ID is set but PLAID_SECRET is not")?;
        let base_url = match set(&self.plaid_base_url) {
            Some(url) => url,
            None => adapter_bank::PlaidSettings::base_url_of(self.plaid_env.trim())?.to_owned(),
        };
        Ok(Some(adapter_bank::PlaidSettings {
            client_id,
            secret,
            base_url,
            webhook_url: Some(format!("{}/api/plaid/webhook", self.public_url.trim_end_matches('/'))),
            redirect_uri: set(&self.plaid_redirect_uri),
        }))
    }

    /// Enable Banking's client when ENABLE_BANKING_APP_ID is set (None: not offered). A missing or
    /// unreadable key is an error that names it, for start-up to report.
    pub fn enable_banking(&self) -> anyhow::Result<Option<adapter_bank::enablebanking::EnableBankingClient>> {
        use adapter_bank::enablebanking::{AppToken, EnableBankingClient, DEFAULT_BASE_URL};
        let Some(app_id) = self.enable_banking_app_id.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        let key = self.enable_banking_key.as_deref().filter(|p| !p.as_os_str().is_empty()).context(
            "ENABLE_BANKING_APP_ID is set but ENABLE_BANKING_KEY (the path to the application's private key) is not",
        )?;
        let token = AppToken::load(app_id, key)?;
        let base_url = self.enable_banking_base_url.as_deref().map(str::trim).filter(|v| !v.is_empty());
        Ok(Some(EnableBankingClient::new(base_url.unwrap_or(DEFAULT_BASE_URL), token)?))
    }

    /// The key that seals bank access tokens: BANK_TOKEN_KEY, or the one generated on first
    /// start and kept in DATA_DIR (mode 0600).
    pub fn bank_token_key(&self) -> anyhow::Result<String> {
        if let Some(key) = self.bank_token_key.as_ref().filter(|k| !k.trim().is_empty()) {
            return Ok(key.trim().to_owned());
        }
        let path = self.data_dir.join("bank-token-key");
        if let Ok(existing) = std::fs::read_to_string(&path) {
            if !existing.trim().is_empty() {
                return Ok(existing.trim().to_owned());
            }
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        let key = adapter_security::AesGcmSecretBox::generate_key();
        write_private(&path, &key).with_context(|| format!("writing {}", path.display()))?;
        tracing::info!(path = %path.display(), "generated a new key for bank access tokens (BANK_TOKEN_KEY); keep it with your backups");
        Ok(key)
    }

    /// How many password hashes run at once, and how many may wait.
    pub fn hashing_limits(&self) -> adapter_security::Limits {
        match self.password_hash_concurrency {
            Some(n) => adapter_security::Limits::with_workers(n),
            None => adapter_security::Limits::per_core(),
        }
    }

    /// Whether PUBLIC_URL is an https address: the server then tells browsers to use nothing
    /// else for a year (Strict-Transport-Security), whoever ends TLS in front of it.
    pub fn public_url_is_https(&self) -> bool {
        self.public_url.trim().get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// Where uploaded photos are kept with BLOB_STORE=disk.
    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
    }

    /// The bucket's settings with BLOB_STORE=s3, or what is missing from them.
    pub fn s3_settings(&self) -> anyhow::Result<adapter_blobs::S3Settings> {
        let set = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let bucket = set(&self.s3_bucket).context("BLOB_STORE=s3 needs S3_BUCKET")?;
        let (Some(access_key_id), Some(secret_access_key)) =
            (set(&self.aws_access_key_id), set(&self.aws_secret_access_key))
        else {
            anyhow::bail!("BLOB_STORE=s3 needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
        };
        let endpoint = match set(&self.s3_endpoint) {
            Some(raw) => Some(raw.parse().with_context(|| format!("S3_ENDPOINT {raw:?} is not a URL"))?),
            None => None,
        };
        Ok(adapter_blobs::S3Settings {
            bucket,
            region: self.s3_region.clone(),
            endpoint,
            url_style: self.s3_url_style.map(|style| match style {
                S3UrlStyle::Path => adapter_blobs::UrlStyle::Path,
                S3UrlStyle::VirtualHost => adapter_blobs::UrlStyle::VirtualHost,
            }),
            access_key_id,
            secret_access_key,
            session_token: set(&self.aws_session_token),
        })
    }
}

fn read_or_create_secret(path: &Path) -> anyhow::Result<String> {
    if let Ok(existing) = std::fs::read_to_string(path) {
        if !existing.trim().is_empty() {
            return Ok(existing.trim().to_owned());
        }
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let secret = adapter_security::generate_signing_secret();
    write_private(path, &secret).with_context(|| format!("writing {}", path.display()))?;
    tracing::info!(path = %path.display(), "generated a new JWT signing secret");
    Ok(secret)
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}
