//! `myspending verify` (issue 35) on a seeded household: clean books say so and exit 0; a
//! corrupted month balance is named with both figures and exits 1; `--repair` rewrites it and
//! exits 0; an unknown e-mail fails. (The figures themselves: adapters/postgres/tests/db/verify.rs.)

use crate::common::{spawn_app, TestApp};

fn verify(app: &TestApp, args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myspending"))
        .arg("verify")
        .args(args)
        .env("DATABASE_URL", &app.db.url)
        .env("JWT_SECRET", "test-secret-test-secret-test-secret")
        .env("DATA_DIR", &app.data_dir)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn the_command_line_verifies_a_household_reports_a_difference_and_repairs_it() {
    let app = spawn_app().await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed("jane@example.com", "Demo1234", demo_data::realistic(today, 4, 7), false).await.unwrap();

    let (code, out, err) = verify(&app, &["--email", "jane@example.com"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("Checked 3 accounts, ") && out.ends_with("in 1 household: all consistent.\n"), "{out}");

    app.sql(
        "UPDATE account_months SET net = net + 101
         WHERE (account_id, month) = (SELECT m.account_id, m.month FROM account_months m JOIN accounts a ON a.id = m.account_id
                                      WHERE a.name = 'Current Account' ORDER BY m.month LIMIT 1)",
    );
    let (code, out, _) = verify(&app, &[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains(": 1 difference.\nMonth balances: 1 of "), "{out}");
    assert!(
        out.contains("  account 'Current Account' (") && out.contains(": stored £") && out.contains(", rows say £"),
        "{out}"
    );

    let (code, out, _) = verify(&app, &["--email", "jane@example.com", "--repair"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(": repaired 1.\nMonth balances: 1 of "), "{out}");
    let (code, out, _) = verify(&app, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.ends_with("all consistent.\n"), "{out}");

    let (code, _, err) = verify(&app, &["--email", "nobody@example.com"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("no user has the e-mail nobody@example.com"), "{err}");
}
