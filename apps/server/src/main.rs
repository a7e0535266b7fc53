//! `myspending`: the MySpending server and its administrative commands.

use std::net::TcpListener;

use anyhow::Context;
use clap::{Parser, Subcommand};
use server::{state, AppState, Settings};
use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "myspending", version, about = "MySpending: personal finance and household tracking for the UK")]
struct Cli {
    #[command(flatten)]
    settings: Settings,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Apply pending database migrations, then serve the API and the web app (the default)
    Serve,
    /// Apply pending database migrations and exit
    Migrate,
    /// Make every due occurrence of every recurring template once (catching up missed ones), then exit
    ProcessDue,
    /// Create a verified, active superadmin, or promote the user with this e-mail (and set the password)
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        password: String,
    },
    /// Print the OpenAPI document of the API
    Openapi,
    /// Create (or fill) a verified user with realistic, deterministic UK demo data
    Seed {
        #[arg(long)]
        email: String,
        /// Used when the user is created; an existing user keeps their password
        #[arg(long)]
        password: String,
        /// Months of history, ending today
        #[arg(long, default_value_t = 12)]
        months: u32,
        /// Instead of the realistic plan, this many generated transactions (for load tests)
        #[arg(long)]
        transactions: Option<u64>,
        /// Seed of the generator: the same seed gives the same data
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Leave an existing user untouched (for `just demo`, which seeds on every start)
        #[arg(long)]
        only_if_new: bool,
    },
    /// Write a user's backup (the same file as GET /api/backup) to a file, or to standard output
    Backup {
        #[arg(long)]
        email: String,
        /// Where to write it; standard output when absent
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// A zip of the backup and the item photos (GET /api/backup?images=true)
        #[arg(long)]
        images: bool,
    },
    /// Restore a backup into a user who has no accounts, transactions, goals or inventory yet
    Restore {
        #[arg(long)]
        email: String,
        /// The backup file (from `myspending backup` or GET /api/backup; JSON or the zip with photos)
        #[arg(long)]
        file: std::path::PathBuf,
    },
    /// Recompute every figure the database keeps beside the rows (month and running balances, month
    /// totals, goals' saved amounts) and check each transfer's legs; exit 1 on any difference
    Verify {
        /// Only this user's household; every household when absent
        #[arg(long)]
        email: Option<String>,
        /// Rewrite each differing figure from the rows (one database transaction per household) and
        /// report what was repaired; transfer legs that do not pair and split parts that do not fit
        /// are left for a person
        #[arg(long)]
        repair: bool,
    },
}

/// The books of the user with this e-mail address (the command line's data commands): their
/// household's, as them.
async fn books_of(db: &adapter_postgres::Database, email: &str) -> anyhow::Result<domain::Scope> {
    use ports::households::HouseholdRepository;
    use ports::users::UserRepository;
    let email = domain::Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let users = adapter_postgres::PgUserRepository::new(db.clone());
    let found = users
        .find_credentials_by_email(&email)
        .await
        .map_err(|_| anyhow::anyhow!("no user has the e-mail {}", email.as_str()))?;
    let member = found.user.id;
    let (household, _) = adapter_postgres::PgHouseholdRepository::new(db.clone()).membership(member).await?;
    Ok(domain::Scope { household, member })
}

/// The first SIGTERM (a service manager, a container runtime) or SIGINT (Ctrl-C) to arrive.
async fn termination_signal() -> std::io::Result<&'static str> {
    use actix_web::rt::signal::unix::{signal, SignalKind};
    let (mut term, mut int) = (signal(SignalKind::terminate())?, signal(SignalKind::interrupt())?);
    Ok(tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    })
}

fn main() -> anyhow::Result<()> {
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    // At debug level every use case (and the port calls under it) is a span whose closing line
    // gives its time, so a slow request shows where the time went.
    let timings = if cli.settings.log.contains("debug") || cli.settings.log.contains("trace") {
        FmtSpan::CLOSE
    } else {
        FmtSpan::NONE
    };
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_new(&cli.settings.log).unwrap_or_else(|_| EnvFilter::new("info")))
        .with_target(false)
        .with_span_events(timings)
        .init();
    actix_web::rt::System::new().block_on(run(cli))
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = cli.settings;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => {
            println!("{}", server::http::openapi::document_json());
            Ok(())
        }
        Command::ProcessDue => {
            let db = state::database(&settings)?;
            db.migrate().await?;
            let app = AppState::build(&settings, db)?;
            let report =
                app.recurring.process_due(&ports::StopSignal::never()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("Recurring: {} occurrences made, {} templates failed", report.created, report.failed.len());
            Ok(())
        }
        Command::Migrate => {
            let db = state::database(&settings)?;
            let applied = db.migrate().await?;
            tracing::info!(count = applied.len(), "migrations applied");
            Ok(())
        }
        Command::CreateAdmin { email, name, password } => {
            let db = state::database(&settings)?;
            db.migrate().await?;
            let app = AppState::build(&settings, db)?;
            let user = app.auth.create_admin(&name, &email, &password).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("Superadmin ready: {} <{}>", user.name, user.email);
            Ok(())
        }
        Command::Seed { email, password, months, transactions, seed, only_if_new } => {
            let db = state::database(&settings)?;
            db.migrate().await?;
            let today = domain::dates::london_today(chrono::Utc::now());
            let plan = match transactions {
                Some(count) => demo_data::bulk(today, months, count, seed),
                None => demo_data::realistic(today, months, seed),
            };
            let started = std::time::Instant::now();
            let seeder = state::seeder(db.clone())?;
            let (user, report) = seeder.seed(&email, &password, plan, only_if_new).await?;
            if report.accounts > 0 {
                let app = AppState::build(&settings, db.clone())?;
                if state::link_demo_bank(&app, db.clone(), user).await? {
                    println!("Linked the demo bank (Demo Bank UK) for {email}");
                }
                if transactions.is_none() {
                    state::demo_rules_and_import(&app, user).await?;
                    let receipts = state::demo_receipts(&app, user).await?;
                    println!("Attached {receipts} receipts");
                    // The household's second member signs in with the same password.
                    let partner_email = format!("partner.{email}");
                    let partner = seeder.person("Sam Demo", &partner_email, &password).await?;
                    state::demo_partner(&app, db.clone(), user, partner).await?;
                    println!("{partner_email} shares the household (same password)");
                }
            }
            if report.accounts == 0 {
                println!("{email} already exists; left as it is");
            } else {
                println!(
                    "Seeded {email}: {} accounts, {} transactions in {:.1} s",
                    report.accounts,
                    report.transactions,
                    started.elapsed().as_secs_f64()
                );
            }
            Ok(())
        }
        Command::Backup { email, out, images } => {
            use std::io::Write;
            let db = state::database(&settings)?;
            db.migrate().await?;
            let user = books_of(&db, &email).await?;
            let backups = state::backups(&settings, db)?;
            let mut chunks =
                if images { backups.export_with_photos(user).await? } else { backups.export(user).await? };
            let mut sink: Box<dyn std::io::Write + Send> = match &out {
                Some(path) => Box::new(std::io::BufWriter::new(
                    std::fs::File::create(path).with_context(|| format!("writing {}", path.display()))?,
                )),
                None => Box::new(std::io::stdout()),
            };
            let mut written = 0;
            while let Some(piece) = chunks.next_chunk().await {
                let piece = piece?;
                sink.write_all(&piece)?;
                written += piece.len();
            }
            sink.flush()?;
            if let Some(path) = out {
                eprintln!("Wrote the backup of {email} to {} ({written} bytes)", path.display());
            }
            Ok(())
        }
        Command::Restore { email, file } => {
            let db = state::database(&settings)?;
            db.migrate().await?;
            let user = books_of(&db, &email).await?;
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let backups = state::backups(&settings, db)?;
            let ticket = backups.begin_restore()?;
            let file = backups.read_file(bytes).await?;
            let counts = backups.restore(&ticket, user, file).await?;
            println!(
                "Restored into {email}: {} accounts, {} transactions, {} goals, {} inventory items, {} photos",
                counts.accounts, counts.transactions, counts.goals, counts.inventory, counts.photos
            );
            if counts.photos_missing > 0 {
                println!(
                    "{} photos named by the backup were not in it; those items have no photo",
                    counts.photos_missing
                );
            }
            Ok(())
        }
        Command::Verify { email, repair } => {
            use ports::verify::LedgerCheck;
            use std::io::Write;
            let db = state::database(&settings)?;
            db.migrate().await?;
            let household = match &email {
                Some(email) => Some(books_of(&db, email).await?.household),
                None => None,
            };
            let report = adapter_postgres::PgLedgerCheck::new(db).check(household, repair).await?;
            println!("{report}");
            if report.needs_attention() {
                std::io::stdout().flush()?;
                std::process::exit(1);
            }
            Ok(())
        }
        Command::Serve => {
            let db = state::database(&settings)?;
            let applied = db.migrate().await.context("migrating the database before serving")?;
            tracing::info!(count = applied.len(), "migrations applied");
            let app = AppState::build(&settings, db)?;
            state::check_blob_store(&settings).await.context("checking BLOB_STORE=s3")?;
            if settings.smtp_url.as_deref().unwrap_or_default().is_empty() {
                tracing::info!(outbox = %settings.outbox_dir().display(), "SMTP_URL is not set: e-mails go to the outbox folder");
            }
            let listener =
                TcpListener::bind(&settings.bind_addr).with_context(|| format!("binding {}", settings.bind_addr))?;
            tracing::info!(url = %settings.public_url, bind = %settings.bind_addr, "MySpending is serving");
            let mut schedulers = server::scheduler::Schedulers::new();
            schedulers.start_receipt_sweep(app.receipts.clone(), std::time::Duration::from_secs(15 * 60));
            if settings.scheduler_interval > 0 {
                schedulers.start_recurring(
                    app.recurring.clone(),
                    std::time::Duration::from_secs(settings.scheduler_interval),
                );
            }
            if settings.bank_sync_interval > 0 {
                schedulers.start_bank_sync(
                    app.banking.clone(),
                    std::time::Duration::from_secs(60),
                    std::time::Duration::from_secs(settings.bank_sync_interval * 3600),
                );
            }
            let server = server::serve(listener, app, &settings)?;
            let handle = server.handle();
            let mut serving = actix_web::rt::spawn(server);
            let signal = tokio::select! {
                signal = termination_signal() => signal?,
                served = &mut serving => {
                    // The server ended on its own (it failed): nothing is in flight to wait for.
                    schedulers.stop().await;
                    return Ok(served??);
                }
            };
            tracing::info!(
                signal,
                grace_seconds = server::http::SHUTDOWN_GRACE.as_secs(),
                "stopping: no new connections, the requests in flight may finish, the schedulers stop after the claim in hand"
            );
            // A second signal does not wait for anyone.
            actix_web::rt::spawn(async {
                if let Ok(signal) = termination_signal().await {
                    tracing::warn!(signal, "stopping at once");
                    std::process::exit(1);
                }
            });
            tokio::join!(handle.stop(true), schedulers.stop());
            serving.await??;
            tracing::info!("stopped");
            Ok(())
        }
    }
}
