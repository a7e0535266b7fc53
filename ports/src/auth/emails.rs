//! The texts of the e-mails the auth use cases send.

use crate::mailer::{LinkEmail, PRODUCT};
use crate::OutgoingEmail;
use domain::User;

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
    LinkEmail {
        to_name: &user.name.to_string(),
        to_address: user.email.as_str(),
        subject,
        greeting,
        body,
        action,
        link,
        footer,
    }
    .compose()
}
