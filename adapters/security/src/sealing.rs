//! AES-256-GCM sealing of secrets at rest (bank access tokens): a fresh random 96-bit nonce per
//! value, stored in front of the ciphertext and its tag. A changed byte or another key fails to
//! open; the plain text never reaches the database.

use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use anyhow::Context;
use base64::Engine;
use ports::security::SecretBox;

const NONCE_LEN: usize = 12;
/// What is stored first, so a later change of algorithm or key can be told apart.
const VERSION: u8 = 1;

pub struct AesGcmSecretBox {
    cipher: Aes256Gcm,
}

impl AesGcmSecretBox {
    /// From the base64 of 32 bytes (BANK_TOKEN_KEY).
    pub fn from_base64(key: &str) -> anyhow::Result<Self> {
        let bytes = base64::engine::general_purpose::STANDARD.decode(key.trim()).context("the key is not base64")?;
        anyhow::ensure!(bytes.len() == 32, "the key must be 32 bytes (it is {})", bytes.len());
        Ok(Self { cipher: Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&bytes)) })
    }

    /// A new random key, as base64.
    pub fn generate_key() -> String {
        base64::engine::general_purpose::STANDARD.encode(Aes256Gcm::generate_key(OsRng))
    }
}

impl SecretBox for AesGcmSecretBox {
    fn seal(&self, plain: &str) -> anyhow::Result<Vec<u8>> {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.cipher.encrypt(&nonce, plain.as_bytes()).map_err(|_| anyhow::anyhow!("sealing failed"))?;
        let mut out = Vec::with_capacity(1 + NONCE_LEN + sealed.len());
        out.push(VERSION);
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        Ok(out)
    }

    fn open(&self, sealed: &[u8]) -> anyhow::Result<String> {
        anyhow::ensure!(sealed.len() > 1 + NONCE_LEN && sealed[0] == VERSION, "not a sealed value");
        let (nonce, body) = sealed[1..].split_at(NONCE_LEN);
        let plain = self
            .cipher
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| anyhow::anyhow!("the sealed value was changed or sealed with another key"))?;
        Ok(String::from_utf8(plain)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_unchanged_and_with_its_key() {
        let key = AesGcmSecretBox::generate_key();
        let sealing = AesGcmSecretBox::from_base64(&key).unwrap();
        let sealed = sealing.seal("access-sandbox-1234").unwrap();
        assert!(!sealed.windows(6).any(|w| w == b"access"), "no plain text in the sealed bytes");
        assert_ne!(sealing.seal("access-sandbox-1234").unwrap(), sealed, "a fresh nonce each time");
        assert_eq!(sealing.open(&sealed).unwrap(), "access-sandbox-1234");

        let mut changed = sealed.clone();
        *changed.last_mut().unwrap() ^= 1;
        assert!(sealing.open(&changed).is_err());
        let other = AesGcmSecretBox::from_base64(&AesGcmSecretBox::generate_key()).unwrap();
        assert!(other.open(&sealed).is_err());
        assert!(sealing.open(b"").is_err());
    }

    #[test]
    fn a_key_must_be_32_bytes_of_base64() {
        assert!(AesGcmSecretBox::from_base64("not base64!").is_err());
        assert!(AesGcmSecretBox::from_base64("c2hvcnQ=").is_err());
    }
}
