//! Mail adapters. [`SmtpMailer`] talks SMTP through lettre; [`OutboxMailer`] writes each
//! message as an `.eml` file for machines where no SMTP server is configured.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use async_trait::async_trait;
use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use ports::{Mailer, OutgoingEmail};

fn build_message(from: &Mailbox, email: &OutgoingEmail) -> anyhow::Result<Message> {
    let to = Mailbox::new(Some(email.to_name.clone()), email.to_address.parse().context("recipient address")?);
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(email.subject.clone())
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(email.text_body.clone()))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(email.html_body.clone())),
        )
        .context("building the e-mail")
}

/// Parses `MAIL_FROM`, e.g. `MySpending <no-reply@localhost>`.
pub fn parse_sender(raw: &str) -> anyhow::Result<Mailbox> {
    raw.parse().map_err(|e| anyhow!("MAIL_FROM {raw:?} is not a valid sender: {e}"))
}

/// Sends over SMTP. `smtp://` uses STARTTLS (required), `smtps://` implicit TLS, and
/// `smtp://…?tls=none` plain text (only for a relay on a trusted network or loopback).
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn from_url(smtp_url: &str, from: Mailbox) -> anyhow::Result<Self> {
        let url = url::Url::parse(smtp_url).context("SMTP_URL is not a URL")?;
        let host = url.host_str().context("SMTP_URL has no host")?.to_owned();
        let tls = url.query_pairs().find(|(k, _)| k == "tls").map(|(_, v)| v.into_owned());
        let mut builder = match (url.scheme(), tls.as_deref()) {
            ("smtps", _) => AsyncSmtpTransport::<Tokio1Executor>::relay(&host)?,
            ("smtp", Some("none")) => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&host),
            ("smtp", None | Some("starttls") | Some("required")) => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&host)?
            }
            (scheme, tls) => bail!("unsupported SMTP_URL (scheme {scheme:?}, tls {tls:?})"),
        };
        if let Some(port) = url.port() {
            builder = builder.port(port);
        }
        if !url.username().is_empty() {
            let user = percent_decode(url.username());
            let pass = percent_decode(url.password().unwrap_or_default());
            builder = builder.credentials(Credentials::new(user, pass));
        }
        let transport = builder.timeout(Some(std::time::Duration::from_secs(10))).build();
        Ok(Self { transport, from })
    }
}

fn percent_decode(s: &str) -> String {
    url::form_urlencoded::parse(format!("x={s}").as_bytes()).next().map(|(_, v)| v.into_owned()).unwrap_or_default()
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        let message = build_message(&self.from, &email)?;
        self.transport.send(message).await.context("SMTP server refused or could not be reached")?;
        tracing::info!(to = %email.to_address, subject = %email.subject, "e-mail sent over SMTP");
        Ok(())
    }
}

/// Writes each message to `dir` as an `.eml` file (written whole, then renamed into place)
/// and logs its first link, so a laptop without SMTP can still complete every flow.
pub struct OutboxMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    pub fn new(dir: PathBuf, from: Mailbox) -> Self {
        Self { dir, from }
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        let message = build_message(&self.from, &email)?;
        tokio::fs::create_dir_all(&self.dir).await.with_context(|| format!("creating {}", self.dir.display()))?;
        let name = format!("{}-{}.eml", chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ"), uuid::Uuid::new_v4().simple());
        let partial = self.dir.join(format!(".{name}.part"));
        let path = self.dir.join(&name);
        tokio::fs::write(&partial, message.formatted()).await.context("writing the outbox file")?;
        tokio::fs::rename(&partial, &path).await.context("publishing the outbox file")?;
        let link = first_link(&email.text_body).unwrap_or("(none)");
        tracing::info!(to = %email.to_address, subject = %email.subject, file = %path.display(), link, "e-mail written to the outbox (SMTP_URL is not set)");
        Ok(())
    }
}

fn first_link(text: &str) -> Option<&str> {
    text.split_whitespace().find(|w| w.starts_with("http://") || w.starts_with("https://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsupported_smtp_urls_are_refused_with_a_reason() {
        let from = parse_sender("MySpending <no-reply@localhost>").unwrap();
        assert!(SmtpMailer::from_url("http://mail.example.com", from.clone()).is_err());
        assert!(SmtpMailer::from_url("smtp://mail.example.com?tls=bogus", from.clone()).is_err());
        assert!(SmtpMailer::from_url("smtp://user:p%40ss@mail.example.com:587", from.clone()).is_ok());
        assert!(SmtpMailer::from_url("smtps://mail.example.com", from).is_ok());
    }

    #[test]
    fn percent_encoded_credentials_are_decoded() {
        assert_eq!(percent_decode("p%40ss%2Fword"), "p@ss/word");
    }

    #[test]
    fn a_bad_sender_is_refused() {
        assert!(parse_sender("not an address").is_err());
    }
}
