//! The mail adapters against the real thing: an SMTP server process on loopback (aiosmtpd,
//! storing what it receives in a maildir) and the outbox folder.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use adapter_smtp::{parse_sender, OutboxMailer, SmtpMailer};
use ports::{Mailer, OutgoingEmail};

fn email() -> OutgoingEmail {
    OutgoingEmail {
        to_name: "Jane Doe".into(),
        to_address: "jane@example.com".into(),
        subject: "Verify your MySpending account".into(),
        text_body: "Verify: http://localhost:8080/verify-email/abc123\n".into(),
        html_body: "<p><a href=\"http://localhost:8080/verify-email/abc123\">Verify</a></p>".into(),
    }
}

struct SmtpServer {
    child: Child,
    port: u16,
    maildir: tempdir::Dir,
}

mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(tag: &str) -> Self {
            let p = std::env::temp_dir().join(format!("myspending-{tag}-{}", uuid::Uuid::new_v4().simple()));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl SmtpServer {
    fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let maildir = tempdir::Dir::new("maildir");
        let python = std::env::var("SMTP_TEST_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".into());
        let child = Command::new(python)
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir.0.join("box"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting aiosmtpd (Debian package python3-aiosmtpd)");
        let deadline = Instant::now() + Duration::from_secs(15);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not start listening");
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, port, maildir }
    }

    fn delivered(&self) -> Vec<String> {
        read_all(&self.maildir.0.join("box").join("new"))
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_all(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return vec![];
    };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name().to_string_lossy().ends_with(".eml") || !e.file_name().to_string_lossy().starts_with('.')
        })
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect()
}

#[tokio::test]
async fn smtp_delivers_a_two_part_message_to_a_real_server() {
    let server = SmtpServer::start();
    let mailer = SmtpMailer::from_url(
        &format!("smtp://127.0.0.1:{}?tls=none", server.port),
        parse_sender("MySpending <no-reply@localhost>").unwrap(),
    )
    .unwrap();

    mailer.send(email()).await.unwrap();

    let delivered = server.delivered();
    assert_eq!(delivered.len(), 1);
    let raw = &delivered[0];
    assert!(raw.contains("Subject: Verify your MySpending account"), "{raw}");
    assert!(
        raw.contains("To: \"Jane Doe\" <jane@example.com>") || raw.contains("To: Jane Doe <jane@example.com>"),
        "{raw}"
    );
    assert!(raw.contains("From: MySpending <no-reply@localhost>"), "{raw}");
    assert!(raw.contains("text/plain") && raw.contains("text/html"), "{raw}");
    assert!(raw.contains("http://localhost:8080/verify-email/abc123"), "{raw}");
}

#[tokio::test]
async fn smtp_reports_an_unreachable_server_as_an_error() {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mailer = SmtpMailer::from_url(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        parse_sender("MySpending <no-reply@localhost>").unwrap(),
    )
    .unwrap();
    assert!(mailer.send(email()).await.is_err());
}

#[tokio::test]
async fn the_outbox_writes_one_complete_eml_file_per_message() {
    let dir = tempdir::Dir::new("outbox");
    let mailer = OutboxMailer::new(dir.0.clone(), parse_sender("MySpending <no-reply@localhost>").unwrap());
    mailer.send(email()).await.unwrap();
    mailer.send(email()).await.unwrap();
    let files: Vec<_> =
        std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files.iter().all(|f| f.ends_with(".eml")));
    let raw = std::fs::read_to_string(dir.0.join(&files[0])).unwrap();
    assert!(raw.contains("http://localhost:8080/verify-email/abc123"));
}
