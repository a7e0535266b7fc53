//! Security adapters: argon2id password hashing, HS256 session tokens, random link tokens.

use std::time::Duration as StdDuration;

use anyhow::{anyhow, Context};
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use domain::UserId;
use jsonwebtoken::{decode, encode, Algorithm as JwtAlgorithm, DecodingKey, EncodingKey, Header, Validation};
use ports::security::{LinkTokens, OneTimeSecret, PasswordHasher, SessionClaims, SessionTokens};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// argon2id with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane.
pub struct Argon2Hasher {
    params: Params,
    dummy_hash: String,
}

impl Argon2Hasher {
    pub fn owasp() -> Self {
        Self::with_params(Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters"))
    }

    /// Cheaper parameters for tests that hash many passwords; never used by the binary.
    pub fn with_params(params: Params) -> Self {
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let salt = SaltString::generate(&mut OsRng);
        let dummy_hash = argon
            .hash_password(b"dummy password for unknown accounts", &salt)
            .expect("hashing the dummy password")
            .to_string();
        Self { params, dummy_hash }
    }

    fn argon(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let argon = self.argon();
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| anyhow!("hashing a password: {e}"))
        })
        .await
        .context("hashing task panicked")?
    }

    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let argon = self.argon();
        let password = password.to_owned();
        let hash = hash.to_owned();
        tokio::task::spawn_blocking(move || {
            let parsed = PasswordHash::new(&hash).map_err(|e| anyhow!("stored password hash is malformed: {e}"))?;
            Ok(argon.verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await
        .context("verifying task panicked")?
    }

    async fn verify_dummy(&self, password: &str) {
        let _ = self.verify(password, &self.dummy_hash.clone()).await;
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    ver: i32,
    iat: i64,
    exp: i64,
}

/// HS256 JSON Web Tokens carrying the user id and token version.
pub struct JwtSessions {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl: StdDuration,
}

impl JwtSessions {
    pub fn new(secret: &[u8], ttl: StdDuration) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), ttl }
    }
}

impl SessionTokens for JwtSessions {
    fn issue(&self, claims: SessionClaims) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let ttl = i64::try_from(self.ttl.as_secs()).context("token lifetime too large")?;
        let claims = Claims { sub: claims.user_id.to_string(), ver: claims.token_version, iat: now, exp: now + ttl };
        encode(&Header::new(JwtAlgorithm::HS256), &claims, &self.encoding).context("signing a session token")
    }

    fn verify(&self, token: &str) -> Option<SessionClaims> {
        let mut validation = Validation::new(JwtAlgorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).ok()?;
        let user_id = Uuid::parse_str(&data.claims.sub).ok()?;
        Some(SessionClaims { user_id: UserId(user_id), token_version: data.claims.ver })
    }
}

/// 256-bit random link tokens, hex in links, SHA-256 digests in storage.
pub struct RandomLinkTokens;

impl LinkTokens for RandomLinkTokens {
    fn generate(&self) -> OneTimeSecret {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let plain = hex::encode(bytes);
        let digest = self.digest(&plain);
        OneTimeSecret { plain, digest }
    }

    fn digest(&self, plain: &str) -> String {
        hex::encode(Sha256::digest(plain.as_bytes()))
    }
}

/// A fresh random secret for signing session tokens (hex, 512 bits).
pub fn generate_signing_secret() -> String {
    let mut bytes = [0u8; 64];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fast_hasher() -> Argon2Hasher {
        Argon2Hasher::with_params(Params::new(1024, 1, 1, None).unwrap())
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_and_no_other() {
        let h = fast_hasher();
        let hash = h.hash("Correct Horse 1").await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(h.verify("Correct Horse 1", &hash).await.unwrap());
        assert!(!h.verify("correct horse 1", &hash).await.unwrap());
    }

    #[tokio::test]
    async fn the_owasp_parameters_are_the_ones_stored() {
        let hash = Argon2Hasher::owasp().hash("pw123456").await.unwrap();
        assert!(hash.contains("m=19456,t=2,p=1"), "{hash}");
    }

    #[tokio::test]
    async fn a_malformed_hash_is_an_error_not_a_match() {
        assert!(fast_hasher().verify("x", "not-a-hash").await.is_err());
    }

    #[test]
    fn a_session_token_round_trips_and_rejects_tampering_and_other_keys() {
        let sessions = JwtSessions::new(b"k1-very-secret", StdDuration::from_secs(3600));
        let claims = SessionClaims { user_id: UserId(Uuid::now_v7()), token_version: 5 };
        let token = sessions.issue(claims).unwrap();
        assert_eq!(sessions.verify(&token), Some(claims));

        let other = JwtSessions::new(b"k2-other-secret", StdDuration::from_secs(3600));
        assert_eq!(other.verify(&token), None);
        let mut tampered = token.clone();
        tampered.pop();
        assert_eq!(sessions.verify(&tampered), None);
        assert_eq!(sessions.verify("garbage"), None);
    }

    #[test]
    fn an_expired_session_token_is_refused() {
        let sessions = JwtSessions::new(b"k", StdDuration::from_secs(0));
        let token = sessions.issue(SessionClaims { user_id: UserId(Uuid::now_v7()), token_version: 0 }).unwrap();
        std::thread::sleep(StdDuration::from_millis(1100));
        assert_eq!(sessions.verify(&token), None);
    }

    #[test]
    fn link_tokens_are_long_random_and_stored_as_digests() {
        let a = RandomLinkTokens.generate();
        let b = RandomLinkTokens.generate();
        assert_eq!(a.plain.len(), 64);
        assert_ne!(a.plain, b.plain);
        assert_ne!(a.plain, a.digest);
        assert_eq!(RandomLinkTokens.digest(&a.plain), a.digest);
    }
}
