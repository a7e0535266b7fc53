//! Graceful shutdown (issue 35), on the real binary: SIGTERM closes the listener at once, closes
//! idle connections, lets the request in flight finish, stops the recurring scheduler between two
//! occurrences (each one's transaction whole), and the process exits 0 within the grace period.

use std::net::TcpListener;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use chrono::Duration as Days;
use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{expect, spawn_app, TestApp};

/// The server process, killed if the test ends before it has exited.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// `myspending serve` on the test database, its scheduler passing every second.
fn serve(app: &TestApp, port: u16, log: &std::path::Path) -> Serving {
    let log = std::fs::File::create(log).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_myspending"))
        .arg("serve")
        .env("DATABASE_URL", &app.db.url)
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        .env("DATA_DIR", &app.data_dir)
        .env("FRONTEND_DIR", "/nonexistent-frontend")
        .env("JWT_SECRET", app.settings.jwt_secret.clone().unwrap())
        .env("SCHEDULER_INTERVAL", "1")
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    Serving(child)
}

async fn until(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < within, "{what}: not within {within:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn sigterm_finishes_the_request_in_flight_refuses_new_connections_and_stops_the_scheduler_between_claims() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = app.account_id(&token, "Current", "current", 1000).await;
    let bills = app.categories(&token).await.id("Bills & Utilities");
    // 300 weekly templates, each ten weeks behind: 3,300 occurrences, many seconds of work.
    const TEMPLATES: i64 = 300;
    let start = domain::dates::london_today(chrono::Utc::now()) - Days::weeks(10);
    app.sql(&format!(
        "INSERT INTO recurring_templates (id, household_id, kind, amount, description, category_id, account_id, frequency,
                                          start_date, anchor, next_due)
         SELECT gen_random_uuid(), a.household_id, 'expense', 100 + g, 'Template ' || g, c.id, a.id, 'weekly',
                '{start}', '{start}', '{start}'
         FROM generate_series(1, {TEMPLATES}) g, accounts a, categories c
         WHERE a.id = '{}' AND c.id = '{}'",
        current.as_str().unwrap(),
        bills.as_str().unwrap()
    ));
    let expected = TEMPLATES * 11;
    let made = || app.count("SELECT count(*) AS n FROM recurring_occurrences");

    let port = free_port();
    let log = app.data_dir.join("server.log");
    std::fs::create_dir_all(&app.data_dir).unwrap();
    let mut server = serve(&app, port, &log);
    let health = format!("http://127.0.0.1:{port}/api/health");
    let started = Instant::now();
    loop {
        if let Ok(res) = reqwest::get(&health).await {
            expect(res, StatusCode::OK).await;
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{}", std::fs::read_to_string(&log).unwrap());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    until("the scheduler's pass under way", Duration::from_secs(60), || made() >= 30).await;

    // A browser's idle keep-alive connection: one answer read, then nothing.
    let mut idle = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    idle.write_all(format!("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes()).await.unwrap();
    let mut first_answer = Vec::new();
    while !(first_answer.windows(4).any(|w| w == b"\r\n\r\n") && first_answer.ends_with(b"}")) {
        let mut chunk = [0; 1024];
        let n = idle.read(&mut chunk).await.unwrap();
        assert!(n > 0, "closed before answering");
        first_answer.extend_from_slice(&chunk[..n]);
    }

    // A request in flight: its head and half its body are sent, the rest comes after the signal.
    let body = json!({"name": "In flight", "type": "current", "initialBalance": 100}).to_string();
    let (first_half, second_half) = body.split_at(body.len() / 2);
    let mut in_flight = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let head = format!(
        "POST /api/accounts HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{first_half}",
        body.len()
    );
    in_flight.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;

    let signalled = Instant::now();
    let made_at_signal = made();
    let kill = Command::new("kill").args(["-TERM", &server.0.id().to_string()]).status().unwrap();
    assert!(kill.success());

    // No new connection is taken while the request in flight is still running.
    let refused = Instant::now();
    loop {
        match TcpStream::connect(("127.0.0.1", port)).await {
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => break,
            _ => {
                assert!(refused.elapsed() < Duration::from_secs(5), "the listener still takes connections");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
    assert!(server.0.try_wait().unwrap().is_none(), "the process waits for the request in flight");
    // The idle connection is closed rather than waited for.
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), idle.read_to_end(&mut rest)).await.unwrap().unwrap();
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));

    // The request in flight ends well, a second after the signal.
    tokio::time::sleep(Duration::from_secs(1)).await;
    in_flight.write_all(second_half.as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(10), in_flight.read_to_string(&mut answer)).await.unwrap().unwrap();
    assert!(answer.starts_with("HTTP/1.1 201 Created\r\n"), "{answer}");
    assert!(answer.contains("\"name\":\"In flight\""), "{answer}");

    // Then the process exits 0, within the grace period.
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < server::http::SHUTDOWN_GRACE,
            "still running: {}",
            std::fs::read_to_string(&log).unwrap()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let took = signalled.elapsed();
    let output = std::fs::read_to_string(&log).unwrap();
    assert_eq!(status.code(), Some(0), "{output}");
    for pass in ["recurring", "bank sync"] {
        let stopped = output.lines().filter(|l| l.contains("scheduler stopped") && l.contains(pass)).count();
        assert_eq!(stopped, 1, "the {pass} scheduler: {output}");
    }

    // The pass stopped between two occurrences: some are left for the next start, and each one
    // made has its transaction and moved its template on.
    let made_after = made();
    eprintln!(
        "occurrences: {made_at_signal} at SIGTERM, {made_after} at exit, of {expected}; exited {} ms after SIGTERM",
        took.as_millis()
    );
    assert!(made_after < expected, "the pass ran to its end: {made_after}");
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions WHERE recurring_id IS NOT NULL"), made_after);
    assert_eq!(
        app.count(
            "SELECT count(*) AS n FROM recurring_templates t
             WHERE t.next_due <> t.start_date + 7 * (SELECT count(*) FROM recurring_occurrences o WHERE o.template_id = t.id)::int"
        ),
        0,
        "every template's next due day follows the occurrences it made"
    );
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts WHERE name = 'In flight'"), 1);
}
