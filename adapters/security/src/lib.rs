//! Security adapters: argon2id password hashing, HS256 session tokens, random link tokens.

use std::time::Duration as StdDuration;

use anyhow::{anyhow, Context};
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use async_trait::async_trait;
pub use bounded_work::Limits;

mod sealing;
use bounded_work::{BoundedPool, PoolError};
use domain::ids::SessionId;
use domain::UserId;
use jsonwebtoken::{decode, encode, Algorithm as JwtAlgorithm, DecodingKey, EncodingKey, Header, Validation};
use ports::security::{LinkTokens, OneTimeSecret, PasswordHasher, SessionClaims, SessionTokens};
use ports::WorkError;
use rand::RngCore;
pub use sealing::AesGcmSecretBox;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane) on a bounded pool:
/// at most `workers` hashes at once, each worker thread reusing one block buffer it allocated
/// on its first hash, so hashing never holds more than `workers × 19 MiB` whatever the load.
/// Beyond the pool's queue a call answers [`WorkError::Busy`] at once.
pub struct Argon2Hasher {
    params: Params,
    pool: BoundedPool<Vec<Block>>,
}

/// How long a hashing thread keeps its buffer after its last hash.
const BUFFERS_KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(3);

/// Salt of the dummy verification for unknown e-mails: its cost is what matters, not its value.
const DUMMY_SALT: &[u8] = b"myspending-dummy-salt";

impl Argon2Hasher {
    /// The production hasher: OWASP's parameters on `limits`.
    pub fn owasp(limits: Limits) -> anyhow::Result<Self> {
        Self::with_params(Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters"), limits)
    }

    /// Cheaper parameters for tests that hash many passwords; never used by the binary.
    pub fn with_params(params: Params, limits: Limits) -> anyhow::Result<Self> {
        let blocks = params.block_count();
        // The buffers are kept while sign-ins keep coming and given back after a quiet spell:
        // a small server should not hold workers × 19 MiB for a sign-in an hour ago.
        let pool =
            BoundedPool::start_releasing("argon2", limits, BUFFERS_KEPT_FOR, move || vec![Block::default(); blocks])
                .context("starting the password hashing threads")?;
        Ok(Self { params, pool })
    }

    async fn run<R: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Vec<Block>) -> anyhow::Result<R> + Send + 'static,
    ) -> Result<R, WorkError> {
        match self.pool.run(job).await {
            Ok(answer) => Ok(answer?),
            Err(PoolError::Saturated) => Err(WorkError::Busy),
            Err(PoolError::Panicked) => Err(WorkError::Failed(anyhow!("the password hashing job panicked"))),
        }
    }
}

/// argon2 `params` over `password` and `salt` into `out`, in `memory` (grown if too small).
fn hash_into(
    params: Params,
    version: Version,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
    memory: &mut Vec<Block>,
) -> anyhow::Result<()> {
    if memory.len() < params.block_count() {
        memory.resize(params.block_count(), Block::default());
    }
    Argon2::new(Algorithm::Argon2id, version, params)
        .hash_password_into_with_memory(password, salt, out, &mut memory[..])
        .map_err(|e| anyhow!("hashing a password: {e}"))
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    #[tracing::instrument(level = "debug", skip_all)]
    async fn hash(&self, password: &str) -> Result<String, WorkError> {
        let params = self.params.clone();
        let password = password.to_owned();
        self.run(move |memory| {
            let salt = SaltString::generate(&mut OsRng);
            let mut salt_bytes = [0u8; 64];
            let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(|e| anyhow!("decoding a fresh salt: {e}"))?;
            let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
            hash_into(params.clone(), Version::V0x13, password.as_bytes(), salt_bytes, &mut out, memory)?;
            let hash = PasswordHash {
                algorithm: Algorithm::Argon2id.ident(),
                version: Some(Version::V0x13.into()),
                params: ParamsString::try_from(&params).map_err(|e| anyhow!("encoding argon2 parameters: {e}"))?,
                salt: Some(salt.as_salt()),
                hash: Some(Output::new(&out).map_err(|e| anyhow!("encoding a hash: {e}"))?),
            };
            Ok(hash.to_string())
        })
        .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn verify(&self, password: &str, hash: &str) -> Result<bool, WorkError> {
        let password = password.to_owned();
        let hash = hash.to_owned();
        self.run(move |memory| {
            let parsed = PasswordHash::new(&hash).map_err(|e| anyhow!("stored password hash is malformed: {e}"))?;
            if Algorithm::try_from(parsed.algorithm) != Ok(Algorithm::Argon2id) {
                anyhow::bail!("stored password hash is not argon2id");
            }
            let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
                anyhow::bail!("stored password hash has no salt or no output");
            };
            let params = Params::try_from(&parsed).map_err(|e| anyhow!("stored argon2 parameters: {e}"))?;
            let version = parsed
                .version
                .map_or(Ok(Version::V0x13), Version::try_from)
                .map_err(|e| anyhow!("stored argon2 version: {e}"))?;
            let mut salt_bytes = [0u8; 64];
            let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(|e| anyhow!("stored salt: {e}"))?;
            let mut out = vec![0u8; expected.len()];
            hash_into(params, version, password.as_bytes(), salt_bytes, &mut out, memory)?;
            // `Output`'s equality is constant-time.
            Ok(Output::new(&out).map_err(|e| anyhow!("encoding a hash: {e}"))? == expected)
        })
        .await
    }

    fn is_saturated(&self) -> bool {
        self.pool.is_saturated()
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn verify_dummy(&self, password: &str) -> Result<(), WorkError> {
        let params = self.params.clone();
        let password = password.to_owned();
        self.run(move |memory| {
            let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
            hash_into(params, Version::V0x13, password.as_bytes(), DUMMY_SALT, &mut out, memory)
        })
        .await
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    ver: i32,
    /// The session's row: a token without one (issued before sessions were kept) is refused.
    sid: Uuid,
    iat: i64,
    exp: i64,
}

/// HS256 JSON Web Tokens carrying the user id, token version and session id.
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
        let claims = Claims {
            sub: claims.user_id.to_string(),
            ver: claims.token_version,
            sid: claims.session_id.0,
            iat: now,
            exp: now + ttl,
        };
        encode(&Header::new(JwtAlgorithm::HS256), &claims, &self.encoding).context("signing a session token")
    }

    fn verify(&self, token: &str) -> Option<SessionClaims> {
        let mut validation = Validation::new(JwtAlgorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).ok()?;
        let user_id = Uuid::parse_str(&data.claims.sub).ok()?;
        Some(SessionClaims {
            user_id: UserId(user_id),
            token_version: data.claims.ver,
            session_id: SessionId(data.claims.sid),
        })
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

    fn random_bytes(&self, n: usize) -> Vec<u8> {
        let mut bytes = vec![0u8; n];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        bytes
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
        Argon2Hasher::with_params(Params::new(1024, 1, 1, None).unwrap(), Limits::with_workers(2)).unwrap()
    }

    fn owasp() -> Argon2Hasher {
        Argon2Hasher::owasp(Limits::with_workers(1)).unwrap()
    }

    #[tokio::test]
    async fn hashes_match_the_argon2_crates_own_so_stored_passwords_keep_working() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let stock = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(19 * 1024, 2, 1, None).unwrap());
        let ours = owasp();

        let theirs = stock.hash_password(b"Stored Before 1", &SaltString::generate(&mut OsRng)).unwrap().to_string();
        assert!(ours.verify("Stored Before 1", &theirs).await.unwrap());
        assert!(!ours.verify("Stored Before 2", &theirs).await.unwrap());

        let mine = ours.hash("Made Now 1").await.unwrap();
        assert!(stock.verify_password(b"Made Now 1", &PasswordHash::new(&mine).unwrap()).is_ok());
        assert!(stock.verify_password(b"Made Now 2", &PasswordHash::new(&mine).unwrap()).is_err());
    }

    #[tokio::test]
    async fn a_hash_with_other_parameters_verifies_in_a_grown_buffer() {
        let big = Argon2Hasher::with_params(Params::new(4096, 1, 1, None).unwrap(), Limits::with_workers(1)).unwrap();
        let hash = big.hash("pw123456").await.unwrap();
        assert!(fast_hasher().verify("pw123456", &hash).await.unwrap());
        assert!(!fast_hasher().verify("pw1234567", &hash).await.unwrap());
    }

    #[tokio::test]
    async fn beyond_its_queue_the_hasher_is_busy_at_once_and_answers_the_rest_correctly() {
        let hasher =
            Argon2Hasher::with_params(Params::new(19 * 1024, 2, 1, None).unwrap(), Limits { workers: 1, queue: 1 })
                .unwrap();
        let hash = hasher.hash("right one").await.unwrap();
        // Polled together, the four ask within microseconds, long before one hash is done: one
        // runs, one waits, two are refused.
        let (a, b, c, d) = tokio::join!(
            hasher.verify("right one", &hash),
            hasher.verify("wrong one", &hash),
            hasher.verify("right one", &hash),
            hasher.verify("wrong one", &hash),
        );
        let answers = [a, b, c, d];
        let busy = answers.iter().filter(|r| matches!(r, Err(WorkError::Busy))).count();
        assert_eq!(busy, 2, "{answers:?}");
        assert!(matches!(answers[0], Ok(true)), "the first is answered: {:?}", answers[0]);
        assert!(matches!(answers[1], Ok(false)), "the second waits and is answered: {:?}", answers[1]);
        assert!(hasher.verify("right one", &hash).await.unwrap(), "works again once idle");
    }

    #[tokio::test]
    async fn the_dummy_verification_runs_on_the_same_pool() {
        let hasher = fast_hasher();
        hasher.verify_dummy("anything").await.unwrap();
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
        let hash = owasp().hash("pw123456").await.unwrap();
        assert!(hash.contains("m=19456,t=2,p=1"), "{hash}");
    }

    #[tokio::test]
    async fn a_malformed_hash_is_an_error_not_a_match() {
        assert!(fast_hasher().verify("x", "not-a-hash").await.is_err());
    }

    #[test]
    fn a_session_token_round_trips_and_rejects_tampering_and_other_keys() {
        let sessions = JwtSessions::new(b"k1-very-secret", StdDuration::from_secs(3600));
        let claims =
            SessionClaims { user_id: UserId(Uuid::now_v7()), token_version: 5, session_id: SessionId::generate() };
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
    fn a_token_from_before_sessions_were_kept_is_refused() {
        #[derive(Serialize)]
        struct Before {
            sub: String,
            ver: i32,
            iat: i64,
            exp: i64,
        }
        let now = chrono::Utc::now().timestamp();
        let claims = Before { sub: Uuid::now_v7().to_string(), ver: 0, iat: now, exp: now + 3600 };
        let token = encode(&Header::new(JwtAlgorithm::HS256), &claims, &EncodingKey::from_secret(b"k1")).unwrap();
        assert_eq!(JwtSessions::new(b"k1", StdDuration::from_secs(3600)).verify(&token), None);
    }

    #[test]
    fn an_expired_session_token_is_refused() {
        let sessions = JwtSessions::new(b"k", StdDuration::from_secs(0));
        let token = sessions
            .issue(SessionClaims {
                user_id: UserId(Uuid::now_v7()),
                token_version: 0,
                session_id: SessionId::generate(),
            })
            .unwrap();
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
