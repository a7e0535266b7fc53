//! The texts of the e-mails the auth use cases send.

use crate::OutgoingEmail;
use domain::User;

const PRODUCT: &str = "MySpending";
/// The web app's colours (frontend/src/app/theme.ts): its primary teal, body text and muted text,
/// and the page behind its cards, so an e-mail looks like the app it comes from.
const PRIMARY: &str = "#0f716a";
const TEXT: &str = "#18181b";
const MUTED: &str = "#52525b";
const PAGE: &str = "#fafafa";

pub(super) fn verification(user: &User, link: &str) -> OutgoingEmail {
    compose(
        user,
        "Verify your MySpending account",
        &format!("Welcome to {PRODUCT}, {name}!", name = user.name),
        "Please confirm your e-mail address to activate your account. The link is valid for 24 hours.",
        "Verify my e-mail",
        link,
        "If you did not create an account, you can ignore this e-mail.",
    )
}

pub(super) fn password_reset(user: &User, link: &str) -> OutgoingEmail {
    compose(
        user,
        "Reset your MySpending password",
        &format!("Hello {name},", name = user.name),
        "We received a request to reset your password. The link is valid for 15 minutes and can be used once.",
        "Choose a new password",
        link,
        "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    )
}

fn compose(
    user: &User,
    subject: &str,
    greeting: &str,
    body: &str,
    action: &str,
    link: &str,
    footer: &str,
) -> OutgoingEmail {
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
        to_name: user.name.to_string(),
        to_address: user.email.to_string(),
        subject: subject.to_owned(),
        text_body,
        html_body,
    }
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
