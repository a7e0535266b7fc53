//! Two-factor sign-in: time-based one-time codes (RFC 6238, over RFC 4226's HOTP) as
//! authenticator apps make them — SHA-1, 6 digits, 30-second steps — and single-use recovery
//! codes. Randomness comes from the caller; everything here is arithmetic.

use std::fmt;

use chrono::{DateTime, Utc};
use data_encoding::BASE32_NOPAD;
use hmac::{Hmac, Mac};
use sha1::Sha1;

use crate::ValidationError;

/// Length of a time step.
pub const STEP_SECONDS: i64 = 30;
/// Digits in a code.
pub const DIGITS: usize = 6;
/// Bytes of a new secret: 160 bits, RFC 4226's recommendation for HMAC-SHA-1.
pub const SECRET_BYTES: usize = 20;
/// How many recovery codes enrolment hands out.
pub const RECOVERY_CODES: usize = 10;
/// Random bytes behind one recovery code (10 base32 characters use 50 of their 56 bits).
pub const RECOVERY_CODE_BYTES: usize = 7;
/// The issuer shown in the authenticator app.
pub const ISSUER: &str = "MySpending";

pub const INVALID_CODE: &str = "Invalid authentication code";
pub const INVALID_RECOVERY_CODE: &str = "Invalid recovery code";

/// A TOTP shared secret. Its `Debug` never shows the bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TotpSecret(…)")
    }
}

impl TotpSecret {
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Self(bytes)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The secret as an authenticator app takes it when typed: base32 without padding.
    pub fn to_base32(&self) -> String {
        BASE32_NOPAD.encode(&self.0)
    }

    /// A secret stored as base32 (spaces and case ignored, as apps show it in groups).
    pub fn from_base32(text: &str) -> Option<Self> {
        let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
        BASE32_NOPAD.decode(cleaned.trim_end_matches('=').as_bytes()).ok().filter(|b| !b.is_empty()).map(Self)
    }

    /// The `otpauth://` URI a QR code carries (Google Authenticator's key URI format).
    pub fn otpauth_url(&self, account: &str) -> String {
        let label = format!("{}:{}", ISSUER, account);
        format!(
            "otpauth://totp/{}?secret={}&issuer={}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}",
            percent_encode(&label),
            self.to_base32(),
            percent_encode(ISSUER),
        )
    }

    /// The code at time step `step` (RFC 4226 §5.3: dynamic truncation, then modulo 10^6).
    pub fn code_at(&self, step: i64) -> String {
        let mut mac = Hmac::<Sha1>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(&step.to_be_bytes());
        let hash = mac.finalize().into_bytes();
        let offset = usize::from(hash[hash.len() - 1] & 0x0f);
        let binary = u32::from_be_bytes([hash[offset] & 0x7f, hash[offset + 1], hash[offset + 2], hash[offset + 3]]);
        format!("{:0width$}", binary % 10u32.pow(DIGITS as u32), width = DIGITS)
    }

    /// The step, within one step either side of `now` (clocks drift, people type slowly), at
    /// which `code` is right — and only one newer than `last_used`, so a code is never
    /// accepted twice. `None` when the code is wrong or already used.
    pub fn matching_step(&self, code: &Code, now: DateTime<Utc>, last_used: Option<i64>) -> Option<i64> {
        let current = step_at(now);
        (current - 1..=current + 1)
            .filter(|step| last_used.is_none_or(|last| *step > last))
            .find(|step| constant_time_eq(self.code_at(*step).as_bytes(), code.0.as_bytes()))
    }
}

/// The time step `now` falls in.
pub fn step_at(now: DateTime<Utc>) -> i64 {
    now.timestamp().div_euclid(STEP_SECONDS)
}

/// A six-digit code as typed (spaces allowed: apps show "123 456").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code(String);

impl Code {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() == DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(digits))
        } else {
            Err(ValidationError::new("code", INVALID_CODE))
        }
    }
}

/// A recovery code, normalised: lower case, without the hyphen or spaces it is shown with.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryCode(String);

impl fmt::Debug for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecoveryCode(…)")
    }
}

const RECOVERY_CODE_LEN: usize = 10;

impl RecoveryCode {
    /// A new code from `RECOVERY_CODE_BYTES` random bytes.
    pub fn from_random(bytes: [u8; RECOVERY_CODE_BYTES]) -> Self {
        let mut text = BASE32_NOPAD.encode(&bytes).to_ascii_lowercase();
        text.truncate(RECOVERY_CODE_LEN);
        Self(text)
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let text: String =
            raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_lowercase();
        let base32 = |c: char| c.is_ascii_lowercase() || ('2'..='7').contains(&c);
        if text.chars().count() == RECOVERY_CODE_LEN && text.chars().all(base32) {
            Ok(Self(text))
        } else {
            Err(ValidationError::new("recoveryCode", INVALID_RECOVERY_CODE))
        }
    }

    /// The normalised text, to digest for storage.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// As shown to the user once: two groups of five, "abcde-fghij".
    pub fn display(&self) -> String {
        format!("{}-{}", &self.0[..5], &self.0[5..])
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// RFC 3986 percent-encoding of everything but the unreserved characters.
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// RFC 6238 Appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; its
    /// 8-digit values end in these 6 digits (the same truncation, modulo 10^6).
    #[test]
    fn codes_match_rfc_6238_test_vectors() {
        let secret = TotpSecret::from_bytes(b"12345678901234567890".to_vec());
        let vectors = [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
            (20_000_000_000, "65353130"),
        ];
        for (time, eight) in vectors {
            let now = Utc.timestamp_opt(time, 0).unwrap();
            assert_eq!(secret.code_at(step_at(now)), eight[2..], "at {time}");
        }
    }

    /// RFC 4226 Appendix D: HOTP values for counters 0 to 9.
    #[test]
    fn codes_match_rfc_4226_hotp_values() {
        let secret = TotpSecret::from_bytes(b"12345678901234567890".to_vec());
        let expected =
            ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
        for (counter, code) in expected.iter().enumerate() {
            assert_eq!(secret.code_at(counter as i64), *code);
        }
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_and_never_twice() {
        let secret = TotpSecret::from_bytes(vec![7; SECRET_BYTES]);
        let now = Utc.timestamp_opt(1_800_000_015, 0).unwrap();
        let step = step_at(now);
        for offset in [-1, 0, 1] {
            let code = Code::parse(&secret.code_at(step + offset)).unwrap();
            assert_eq!(secret.matching_step(&code, now, None), Some(step + offset));
            // Used at that step: refused again, and so is any older one.
            assert_eq!(secret.matching_step(&code, now, Some(step + offset)), None);
        }
        for outside in [-2, 2] {
            let code = Code::parse(&secret.code_at(step + outside)).unwrap();
            assert_eq!(secret.matching_step(&code, now, None), None, "{outside} steps away");
        }
        let previous = Code::parse(&secret.code_at(step - 1)).unwrap();
        assert_eq!(secret.matching_step(&previous, now, Some(step)), None, "older than the last used");
    }

    #[test]
    fn codes_parse_with_spaces_and_refuse_anything_else() {
        assert_eq!(Code::parse(" 123 456 ").unwrap(), Code("123456".into()));
        for bad in ["", "12345", "1234567", "12345a", "１２３４５６"] {
            assert_eq!(Code::parse(bad).unwrap_err().message, INVALID_CODE, "{bad:?}");
        }
    }

    #[test]
    fn the_secret_round_trips_through_base32_and_the_uri_names_issuer_and_account() {
        let secret = TotpSecret::from_bytes((0..20).collect());
        assert_eq!(secret.to_base32().len(), 32);
        assert_eq!(TotpSecret::from_base32(&secret.to_base32().to_lowercase()), Some(secret.clone()));
        assert_eq!(
            secret.otpauth_url("jane+x@example.com"),
            format!(
                "otpauth://totp/MySpending%3Ajane%2Bx%40example.com?secret={}&issuer=MySpending&algorithm=SHA1&digits=6&period=30",
                secret.to_base32()
            )
        );
        assert_eq!(format!("{secret:?}"), "TotpSecret(…)");
    }

    #[test]
    fn recovery_codes_show_in_two_groups_and_parse_however_typed() {
        let code = RecoveryCode::from_random([0xde, 0xad, 0xbe, 0xef, 0x01, 0x23, 0x45]);
        let shown = code.display();
        assert_eq!(shown.len(), 11);
        assert_eq!(&shown[5..6], "-");
        assert_eq!(RecoveryCode::parse(&shown.to_uppercase()).unwrap(), code);
        assert_eq!(RecoveryCode::parse(&shown.replace('-', " ")).unwrap(), code);
        for bad in ["", "abcde-fghi", "abcde-fghij1", "abcde-fgh1j"] {
            assert_eq!(RecoveryCode::parse(bad).unwrap_err().message, INVALID_RECOVERY_CODE, "{bad:?}");
        }
    }
}
