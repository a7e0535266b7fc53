use async_trait::async_trait;

/// A message ready to send: both parts are complete documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to_name: String,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

/// Delivers e-mail.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Hands the message to the transport. `Ok` means the transport accepted it (an SMTP
    /// server answered 250, or the outbox file was written); an error means it was not sent
    /// and nothing was retried.
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()>;
}
