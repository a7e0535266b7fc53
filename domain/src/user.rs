//! Users and the rules of their sign-in fields.

use chrono::{DateTime, Utc};
use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;
use uuid::Uuid;

use crate::ValidationError;

/// Longest password accepted anywhere: bounds the cost of hashing hostile input.
pub const MAX_PASSWORD_CHARS: usize = 128;
/// RFC 5321 caps a forward path at 254 characters.
pub const MAX_EMAIL_CHARS: usize = 254;

/// A user's opaque identifier (`_id` on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub Uuid);

impl UserId {
    /// Parses the wire form; `None` for anything that is not an id we could have issued.
    pub fn parse(raw: &str) -> Option<Self> {
        Uuid::parse_str(raw).ok().map(Self)
    }
}

impl From<Uuid> for UserId {
    fn from(id: Uuid) -> Self {
        Self(id)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    User,
    Superadmin,
}

impl Role {
    /// Every Role, in the order the API lists them.
    pub const ALL: [Role; 2] = [Role::User, Role::Superadmin];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Superadmin => "superadmin",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw {
            "user" => Ok(Role::User),
            "superadmin" => Ok(Role::Superadmin),
            _ => Err(ValidationError::new("role", "Role must be user or superadmin")),
        }
    }
}

/// A registered person. Never carries a password hash: credentials live in the ports layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub name: PersonName,
    pub email: Email,
    pub role: Role,
    pub is_active: bool,
    pub is_verified: bool,
    pub can_connect_bank: bool,
    pub can_finalize_month: bool,
    /// Bumped whenever the password changes; session tokens carrying an older value are void.
    pub token_version: i32,
    /// Sign-in needs a code from an authenticator app (or a recovery code) after the password.
    pub two_factor_enabled: bool,
    pub created_at: DateTime<Utc>,
}

impl User {
    /// A superadmin may always link a bank; others only when granted.
    pub fn can_connect_bank(&self) -> bool {
        self.role == Role::Superadmin || self.can_connect_bank
    }

    /// A superadmin may always finalise a month; others only when granted.
    pub fn can_finalize_month(&self) -> bool {
        self.role == Role::Superadmin || self.can_finalize_month
    }
}

/// An e-mail address, trimmed and lower-cased so that comparisons ignore case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ValidationError::new("email", "Email is required"));
        }
        if trimmed.chars().count() > MAX_EMAIL_CHARS || !looks_like_email(trimmed) {
            return Err(ValidationError::new("email", "Please enter a valid email address"));
        }
        Ok(Self(trimmed.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The shape forms accept: one `@`, a non-empty local part, a dotted domain, no spaces or controls.
fn looks_like_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let bad_char = |c: char| c.is_whitespace() || c.is_control() || c == '@' || c == '<' || c == '>';
    !local.is_empty()
        && !domain.is_empty()
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
        && !domain.chars().any(bad_char)
        && !local.chars().any(bad_char)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

/// A person's display name: trimmed, 2 to 50 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        let chars = trimmed.chars().count();
        if chars == 0 {
            return Err(ValidationError::new("name", "Name is required"));
        }
        if chars < 2 {
            return Err(ValidationError::new("name", "Name must be at least 2 characters"));
        }
        if chars > 50 {
            return Err(ValidationError::new("name", "Name cannot exceed 50 characters"));
        }
        if trimmed.chars().any(char::is_control) {
            return Err(ValidationError::new("name", "Name cannot contain control characters"));
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PersonName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A password as the login form accepts it: at least 6 characters, so accounts whose password
/// was set under the older, shorter rule still sign in. Setting a password takes [`NewPassword`].
#[derive(Clone, PartialEq, Eq)]
pub struct LoginPassword(String);

impl LoginPassword {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        required_password(raw, "password")?;
        if raw.chars().count() < 6 {
            return Err(ValidationError::new("password", "Password must be at least 6 characters"));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for LoginPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LoginPassword(***)")
    }
}

/// A password as it is set (sign-up, reset, profile change, `create-admin`, a superadmin's user
/// form): 8 or more characters with an upper-case letter, a lower-case letter and a digit, and
/// none of the most common passwords whatever its case. Accounts whose older password is shorter
/// still sign in ([`LoginPassword`]).
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str, field: &'static str) -> Result<Self, ValidationError> {
        required_password(raw, field)?;
        if raw.chars().count() < 8 {
            return Err(ValidationError::new(field, "Password must be at least 8 characters"));
        }
        let has = |pred: fn(&char) -> bool| raw.chars().any(|c| pred(&c));
        if !(has(char::is_ascii_uppercase) && has(char::is_ascii_lowercase) && has(char::is_ascii_digit)) {
            return Err(ValidationError::new(
                field,
                "Password must contain at least one uppercase letter, one lowercase letter, and one number",
            ));
        }
        if is_common_password(raw) {
            return Err(ValidationError::new(field, "This password is too common. Please choose another."));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

/// The shipped list: 12,428 lower-cased passwords from SecLists (MIT; source and licence in the
/// file's header), `#` lines being comments.
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

static COMMON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| COMMON_PASSWORDS.lines().filter(|line| !line.starts_with('#')).collect());

/// True when the password, ignoring case, is one of the most common passwords.
fn is_common_password(raw: &str) -> bool {
    COMMON.contains(raw.to_lowercase().as_str())
}

fn required_password(raw: &str, field: &'static str) -> Result<(), ValidationError> {
    if raw.is_empty() {
        return Err(ValidationError::new(field, "Password is required"));
    }
    if raw.chars().count() > MAX_PASSWORD_CHARS {
        return Err(ValidationError::new(field, "Password cannot exceed 128 characters"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg<T>(r: Result<T, ValidationError>) -> String {
        match r {
            Ok(_) => "ok".into(),
            Err(e) => e.message,
        }
    }

    #[test]
    fn email_rules_carry_the_spec_messages() {
        let cases = [
            ("", "Email is required"),
            ("   ", "Email is required"),
            ("plainaddress", "Please enter a valid email address"),
            ("a@b", "Please enter a valid email address"),
            ("a@@b.com", "Please enter a valid email address"),
            ("a b@c.com", "Please enter a valid email address"),
            ("@c.com", "Please enter a valid email address"),
            ("a@.com", "Please enter a valid email address"),
            ("a@c.com.", "Please enter a valid email address"),
            ("a@c..com", "Please enter a valid email address"),
            ("<a>@c.com", "Please enter a valid email address"),
            ("jane@example.co.uk", "ok"),
            ("  Jane.Doe+tag@Example.COM ", "ok"),
        ];
        for (input, expected) in cases {
            assert_eq!(msg(Email::parse(input)), expected, "input {input:?}");
        }
    }

    #[test]
    fn emails_are_trimmed_and_lower_cased() {
        assert_eq!(Email::parse("  Jane@Example.COM ").unwrap().as_str(), "jane@example.com");
    }

    #[test]
    fn an_overlong_email_is_invalid() {
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(msg(Email::parse(&long)), "Please enter a valid email address");
    }

    #[test]
    fn name_rules_carry_the_spec_messages() {
        let cases = [
            ("", "Name is required"),
            ("   ", "Name is required"),
            ("A", "Name must be at least 2 characters"),
            (" A ", "Name must be at least 2 characters"),
            ("Al", "ok"),
            (&"x".repeat(50), "ok"),
            (&"x".repeat(51), "Name cannot exceed 50 characters"),
            ("Bad\u{0}Name", "Name cannot contain control characters"),
        ];
        for (input, expected) in cases {
            assert_eq!(msg(PersonName::parse(input)), expected, "input {input:?}");
        }
        assert_eq!(PersonName::parse("  Zoë  ").unwrap().as_str(), "Zoë");
    }

    #[test]
    fn login_password_rules_carry_the_spec_messages() {
        let cases = [
            ("", "Password is required"),
            ("12345", "Password must be at least 6 characters"),
            ("123456", "ok"),
            (&"p".repeat(128), "ok"),
            (&"p".repeat(129), "Password cannot exceed 128 characters"),
        ];
        for (input, expected) in cases {
            assert_eq!(msg(LoginPassword::parse(input)), expected, "input {input:?}");
        }
    }

    #[test]
    fn new_password_needs_length_and_complexity() {
        let complexity = "Password must contain at least one uppercase letter, one lowercase letter, and one number";
        let cases = [
            ("", "Password is required"),
            ("Ab1", "Password must be at least 8 characters"),
            ("abcdefgh", complexity),
            ("ABCDEFG1", complexity),
            ("abcdefg1", complexity),
            ("Abcdefgh", complexity),
            ("Abcdefg7", "ok"),
        ];
        for (input, expected) in cases {
            assert_eq!(msg(NewPassword::parse(input, "password")), expected, "input {input:?}");
        }
    }

    #[test]
    fn a_common_password_is_refused_whatever_its_case_once_length_and_complexity_pass() {
        let common = "This password is too common. Please choose another.";
        let cases = [
            ("Password1", common),
            ("pASSWORD1", common),
            ("Password123", common),
            ("Qwerty123", common),
            ("Abc12345", common),
            // Too short or too simple says so first, even when the password is also common.
            ("Abc123", "Password must be at least 8 characters"),
            ("password", "Password must contain at least one uppercase letter, one lowercase letter, and one number"),
            ("Secret123", "ok"),
            ("Correct-Horse-7", "ok"),
        ];
        for (input, expected) in cases {
            assert_eq!(msg(NewPassword::parse(input, "newPassword")), expected, "input {input:?}");
        }
    }

    #[test]
    fn the_common_password_list_holds_at_least_ten_thousand_lower_cased_entries() {
        assert!(COMMON.len() >= 10_000, "{} entries", COMMON.len());
        assert!(COMMON.iter().all(|p| !p.is_empty() && *p == p.to_lowercase() && p.trim() == *p));
        assert!(is_common_password("123456") && is_common_password("PassWord"));
    }

    #[test]
    fn passwords_never_print_themselves() {
        let p = LoginPassword::parse("secret-value").unwrap();
        assert!(!format!("{p:?}").contains("secret"));
    }

    #[test]
    fn roles_round_trip() {
        for role in [Role::User, Role::Superadmin] {
            assert_eq!(Role::parse(role.as_str()).unwrap(), role);
        }
        assert!(Role::parse("admin").is_err());
    }
}
