//! The application's bearer token for Enable Banking's API: a JWT signed RS256 (the only
//! algorithm the provider takes) with the application's private key, `kid` the application id.
//! It lives an hour (the provider refuses more than a day) and is reused until five minutes
//! before it ends. The key never leaves the server.

use std::path::Path;
use std::sync::Mutex;

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::Serialize;

/// How long a token lives.
pub const LIFETIME: Duration = Duration::hours(1);
/// A token this close to its end is not reused.
pub const RENEW_BEFORE: Duration = Duration::minutes(5);

/// The issuer and audience the provider checks.
const ISSUER: &str = "enablebanking.com";
const AUDIENCE: &str = "api.enablebanking.com";

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    aud: &'a str,
    iat: i64,
    exp: i64,
}

/// The application's id and private key, and the token made from them while it lasts.
pub struct AppToken {
    app_id: String,
    key: EncodingKey,
    current: Mutex<Option<(String, DateTime<Utc>)>>,
}

impl std::fmt::Debug for AppToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppToken").field("app_id", &self.app_id).finish_non_exhaustive()
    }
}

impl AppToken {
    /// From the key's PEM text: PKCS#8 ('BEGIN PRIVATE KEY', what OpenSSL 3 writes) or PKCS#1
    /// ('BEGIN RSA PRIVATE KEY').
    pub fn from_pem(app_id: &str, pem: &[u8]) -> anyhow::Result<Self> {
        let app_id = app_id.trim();
        anyhow::ensure!(!app_id.is_empty(), "ENABLE_BANKING_APP_ID is empty");
        let not_a_key = "the Enable Banking key is not an RSA private key in PEM (PKCS#8 or PKCS#1)";
        let key = EncodingKey::from_rsa_pem(pem).context(not_a_key)?;
        // A public key or a damaged one is read without complaint and fails only when signing:
        // sign once now, so a wrong file is a start-up error rather than every sync's.
        jsonwebtoken::encode(&Header::new(Algorithm::RS256), &serde_json::json!({}), &key).context(not_a_key)?;
        Ok(Self { app_id: app_id.to_owned(), key, current: Mutex::new(None) })
    }

    /// From the key file at `path` (ENABLE_BANKING_KEY): a missing or unreadable file is an
    /// error that names it, for start-up to report.
    pub fn load(app_id: &str, path: &Path) -> anyhow::Result<Self> {
        let pem = std::fs::read(path)
            .with_context(|| format!("cannot read the Enable Banking key ENABLE_BANKING_KEY={}", path.display()))?;
        Self::from_pem(app_id, &pem).with_context(|| format!("ENABLE_BANKING_KEY={}", path.display()))
    }

    pub fn app_id(&self) -> &str {
        &self.app_id
    }

    /// The token to send at `now`: the current one while it has more than [`RENEW_BEFORE`]
    /// left, else a new one.
    pub fn bearer(&self, now: DateTime<Utc>) -> anyhow::Result<String> {
        let mut current = self.current.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((token, expires)) = current.as_ref() {
            if *expires - now > RENEW_BEFORE && *expires - now <= LIFETIME {
                return Ok(token.clone());
            }
        }
        let expires = now + LIFETIME;
        let mut header = Header::new(Algorithm::RS256);
        header.typ = Some("JWT".into());
        header.kid = Some(self.app_id.clone());
        let claims = Claims { iss: ISSUER, aud: AUDIENCE, iat: now.timestamp(), exp: expires.timestamp() };
        let token = jsonwebtoken::encode(&header, &claims, &self.key).context("signing the Enable Banking token")?;
        *current = Some((token.clone(), expires));
        Ok(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{DecodingKey, Validation};

    const KEY: &[u8] = include_bytes!("../../tests/fixtures/enablebanking-test-key.pem");
    const KEY_PKCS1: &[u8] = include_bytes!("../../tests/fixtures/enablebanking-test-key-pkcs1.pem");
    const PUBLIC: &[u8] = include_bytes!("../../tests/fixtures/enablebanking-test-key.pub.pem");

    #[derive(serde::Deserialize)]
    struct Read {
        iss: String,
        aud: String,
        iat: i64,
        exp: i64,
    }

    fn verified(token: &str) -> (jsonwebtoken::Header, Read) {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&["api.enablebanking.com"]);
        validation.set_issuer(&["enablebanking.com"]);
        validation.validate_exp = false;
        let data =
            jsonwebtoken::decode::<Read>(token, &DecodingKey::from_rsa_pem(PUBLIC).unwrap(), &validation).unwrap();
        (data.header, data.claims)
    }

    #[test]
    fn a_token_is_signed_rs256_for_the_provider_and_lives_an_hour() {
        let now = Utc::now();
        for pem in [KEY, KEY_PKCS1] {
            let app = AppToken::from_pem(" app-123 ", pem).unwrap();
            let (header, claims) = verified(&app.bearer(now).unwrap());
            assert_eq!(
                (header.alg, header.typ.as_deref(), header.kid.as_deref()),
                (Algorithm::RS256, Some("JWT"), Some("app-123"))
            );
            assert_eq!((claims.iss.as_str(), claims.aud.as_str()), ("enablebanking.com", "api.enablebanking.com"));
            assert_eq!((claims.iat, claims.exp - claims.iat), (now.timestamp(), 3_600));
        }
    }

    #[test]
    fn a_token_is_reused_until_five_minutes_before_it_ends() {
        let app = AppToken::from_pem("app-123", KEY).unwrap();
        let now = Utc::now();
        let first = app.bearer(now).unwrap();
        assert_eq!(app.bearer(now + Duration::minutes(54)).unwrap(), first);
        let renewed = app.bearer(now + Duration::minutes(56)).unwrap();
        assert_ne!(renewed, first);
        assert_eq!(verified(&renewed).1.iat, (now + Duration::minutes(56)).timestamp());
        // A clock that went back does not keep a token from the future.
        assert_ne!(app.bearer(now - Duration::hours(2)).unwrap(), renewed);
    }

    #[test]
    fn a_missing_or_wrong_key_is_a_clear_error() {
        let missing = AppToken::load("app", Path::new("/nonexistent/eb.pem")).unwrap_err();
        assert!(format!("{missing:#}").contains("ENABLE_BANKING_KEY=/nonexistent/eb.pem"), "{missing:#}");
        let public = AppToken::from_pem("app", PUBLIC).unwrap_err();
        assert!(format!("{public:#}").contains("not an RSA private key"), "{public:#}");
        assert!(AppToken::from_pem("  ", KEY).is_err());
    }
}
