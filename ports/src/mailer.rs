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

pub const PRODUCT: &str = "MySpending";
/// The web app's colours (frontend/src/app/theme.ts): its primary teal, body text and muted text,
/// and the page behind its cards, so an e-mail looks like the app it comes from.
const PRIMARY: &str = "#0f716a";
const TEXT: &str = "#18181b";
const MUTED: &str = "#52525b";
const PAGE: &str = "#fafafa";

/// An e-mail that asks for one action: a greeting, a paragraph, a button with its link (also
/// written out), and a footer, in the app's colours.
pub struct LinkEmail<'a> {
    pub to_name: &'a str,
    pub to_address: &'a str,
    pub subject: &'a str,
    pub greeting: &'a str,
    pub body: &'a str,
    pub action: &'a str,
    pub link: &'a str,
    pub footer: &'a str,
}

impl LinkEmail<'_> {
    pub fn compose(&self) -> OutgoingEmail {
        let LinkEmail { greeting, body, action, link, footer, .. } = *self;
        let text_body = format!("{greeting}\n\n{body}\n\n{action}: {link}\n\n{footer}\n\n— {PRODUCT}\n");
        let html_body = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;color:{TEXT};background:{PAGE};margin:0;padding:24px\">\
             <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px;padding:24px\">\
             <h2 style=\"color:{PRIMARY};margin-top:0\">{PRODUCT}</h2><p>{greeting}</p><p>{body}</p>\
             <p><a href=\"{link}\" style=\"display:inline-block;background:{PRIMARY};color:#ffffff;padding:12px 18px;border-radius:6px;text-decoration:none;font-weight:600\">{action}</a></p>\
             <p style=\"font-size:12px;color:{MUTED}\">Or paste this link into your browser: {link}</p>\
             <p style=\"font-size:12px;color:{MUTED}\">{footer}</p></div></body></html>",
            greeting = escape_html(greeting),
            body = escape_html(body),
            link = escape_html(link),
            footer = escape_html(footer),
    );
        OutgoingEmail {
            to_name: self.to_name.to_owned(),
            to_address: self.to_address.to_owned(),
            subject: self.subject.to_owned(),
            text_body,
            html_body,
        }
    }
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
