//! Receipts attached to transactions: what may be attached, how many, and the short-lived signed
//! addresses that let an `<img>` or a link fetch one without the bearer token.
//!
//! A signed address names the receipt, the variant (the receipt itself or its thumbnail) and an
//! expiry, and carries an HMAC-SHA-256 over the three with a key only the server holds. It is
//! valid until its expiry and never for longer than [`URL_LIFETIME_SECONDS`] from the moment it is
//! checked, so a leaked address stops working within 15 minutes whatever expiry it claims.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::ids::ReceiptId;

/// The most receipts one transaction carries (a shop, its refund, a warranty card … ten is
/// plenty, and it bounds what one transaction can hold at 100 MB).
pub const MAX_PER_TRANSACTION: i64 = 10;
/// How long a signed address stays valid.
pub const URL_LIFETIME_SECONDS: i64 = 15 * 60;
/// The bytes every PDF starts with.
pub const PDF_MAGIC: &[u8] = b"%PDF-";

/// What a receipt is stored as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptKind {
    /// A photo, re-encoded as JPEG (with a thumbnail).
    Image,
    /// A PDF, stored as sent (no thumbnail).
    Pdf,
}

impl ReceiptKind {
    pub fn content_type(self) -> &'static str {
        match self {
            ReceiptKind::Image => "image/jpeg",
            ReceiptKind::Pdf => "application/pdf",
        }
    }

    pub fn parse(content_type: &str) -> Option<Self> {
        match content_type {
            "image/jpeg" => Some(ReceiptKind::Image),
            "application/pdf" => Some(ReceiptKind::Pdf),
            _ => None,
        }
    }
}

/// Whether the bytes are (claim to be) a PDF: they start with `%PDF-`, whatever the name.
pub fn is_pdf(bytes: &[u8]) -> bool {
    bytes.starts_with(PDF_MAGIC)
}

/// Which bytes of a receipt an address serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Full,
    Thumb,
}

impl Variant {
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Full => "full",
            Variant::Thumb => "thumb",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "full" => Some(Variant::Full),
            "thumb" => Some(Variant::Thumb),
            _ => None,
        }
    }
}

/// The key that signs receipt addresses, derived from the server's signing secret (so no second
/// secret has to be configured or kept) with a label of its own: a signature made for a receipt
/// can never pass for anything else the secret signs.
#[derive(Clone)]
pub struct UrlKey([u8; 32]);

impl UrlKey {
    pub fn derive(server_secret: &[u8]) -> Self {
        let mut mac = Hmac::<Sha256>::new_from_slice(server_secret).expect("HMAC takes a key of any length");
        mac.update(b"myspending receipt urls v1");
        Self(mac.finalize().into_bytes().into())
    }

    fn mac(&self, receipt: ReceiptId, variant: Variant, expires: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(receipt.0.as_bytes());
        mac.update(variant.as_str().as_bytes());
        mac.update(&expires.to_be_bytes());
        mac
    }

    /// The signature (64 hex digits) of an address for `receipt`'s `variant` valid until
    /// `expires` (seconds since the epoch).
    pub fn sign(&self, receipt: ReceiptId, variant: Variant, expires: i64) -> String {
        to_hex(&self.mac(receipt, variant, expires).finalize().into_bytes())
    }

    /// Whether `signature` is this key's for the address and the address is still valid at `now`
    /// (seconds since the epoch): not expired, and not claiming more than the lifetime ahead.
    /// Compared in constant time.
    pub fn verify(&self, receipt: ReceiptId, variant: Variant, expires: i64, signature: &str, now: i64) -> bool {
        if expires < now || expires > now.saturating_add(URL_LIFETIME_SECONDS) {
            return false;
        }
        let Some(bytes) = from_hex(signature) else { return false };
        self.mac(receipt, variant, expires).verify_slice(&bytes).is_ok()
    }
}

impl std::fmt::Debug for UrlKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UrlKey(…)")
    }
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn key() -> UrlKey {
        UrlKey::derive(b"test-secret")
    }

    #[test]
    fn a_signature_works_for_its_receipt_variant_and_expiry_only() {
        let (id, other) = (ReceiptId::generate(), ReceiptId::generate());
        let expires = NOW + 600;
        let sig = key().sign(id, Variant::Full, expires);
        assert!(key().verify(id, Variant::Full, expires, &sig, NOW));
        assert!(!key().verify(other, Variant::Full, expires, &sig, NOW), "another receipt");
        assert!(!key().verify(id, Variant::Thumb, expires, &sig, NOW), "the other variant");
        assert!(!key().verify(id, Variant::Full, expires + 1, &sig, NOW), "a changed expiry");
        assert!(!UrlKey::derive(b"other").verify(id, Variant::Full, expires, &sig, NOW), "another key");
        let mut tampered = sig.clone().into_bytes();
        tampered[0] = if tampered[0] == b'0' { b'1' } else { b'0' };
        assert!(!key().verify(id, Variant::Full, expires, std::str::from_utf8(&tampered).unwrap(), NOW));
        for junk in ["", "zz", &sig[..63], &format!("{sig}0")] {
            assert!(!key().verify(id, Variant::Full, expires, junk, NOW), "{junk:?}");
        }
    }

    #[test]
    fn an_address_lives_at_most_fifteen_minutes() {
        let id = ReceiptId::generate();
        let at =
            |expires: i64| key().verify(id, Variant::Thumb, expires, &key().sign(id, Variant::Thumb, expires), NOW);
        assert!(at(NOW), "valid up to its last second");
        assert!(at(NOW + URL_LIFETIME_SECONDS));
        assert!(!at(NOW - 1), "expired");
        assert!(!at(NOW + URL_LIFETIME_SECONDS + 1), "claims to live longer than the lifetime");
        assert!(!at(i64::MAX));
    }

    #[test]
    fn a_pdf_is_known_by_its_first_bytes_and_kinds_round_trip() {
        assert!(is_pdf(b"%PDF-1.7\n..."));
        assert!(!is_pdf(b"<html>%PDF-"));
        assert!(!is_pdf(b"%PDF"));
        for kind in [ReceiptKind::Image, ReceiptKind::Pdf] {
            assert_eq!(ReceiptKind::parse(kind.content_type()), Some(kind));
        }
        assert_eq!(Variant::parse("thumb"), Some(Variant::Thumb));
        assert_eq!(Variant::parse("../x"), None);
    }
}
