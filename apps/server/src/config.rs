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

    /// How many password hashes run at once, and how many may wait.
    pub fn hashing_limits(&self) -> adapter_security::Limits {
        match self.password_hash_concurrency {
            Some(n) => adapter_security::Limits::with_workers(n),
            None => adapter_security::Limits::per_core(),
        }
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// Where uploaded photos are kept.
    pub fn uploads_dir(&self) -> PathBuf {
        self.data_dir.join("uploads")
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
