//! Plaid, spoken over its JSON API with reqwest: link tokens (new and update mode), the public
//! token exchange, accounts, `/transactions/sync` pages, item removal, and webhook verification
//! (an ES256 JWT in the `Plaid-Verification` header, its key fetched by `kid` and cached).
//! Every call has a timeout; 429, 5xx, Plaid's RATE_LIMIT_EXCEEDED and dropped connections are
//! retried with backoff a bounded number of times; Plaid's errors are read from their JSON body.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::banking::pence_from_decimal;
use domain::{Money, UserId};
use ports::banking::{
    AccessToken, BankAccount, BankError, BankProvider, BankTransaction, Exchanged, LinkMode, ProviderKind, SyncPage,
    Webhook,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::http::{read_answer, Transport, TIMEOUT};

#[derive(Debug, Clone)]
pub struct PlaidSettings {
    pub client_id: String,
    pub secret: String,
    /// https://sandbox.plaid.com, https://production.plaid.com, or a fake's address in tests.
    pub base_url: String,
    /// Where Plaid sends webhooks (PUBLIC_URL + /api/plaid/webhook); None sends none.
    pub webhook_url: Option<String>,
    /// The OAuth redirect URI registered with Plaid (UK banks need one).
    pub redirect_uri: Option<String>,
}

impl PlaidSettings {
    /// The host of an environment name (sandbox or production).
    pub fn base_url_of(env: &str) -> anyhow::Result<&'static str> {
        match env {
            "sandbox" => Ok("https://sandbox.plaid.com"),
            "production" => Ok("https://production.plaid.com"),
            other => anyhow::bail!("PLAID_ENV must be sandbox or production, not {other:?}"),
        }
    }
}

pub struct PlaidBank {
    settings: PlaidSettings,
    transport: Transport,
    /// Webhook verification keys by kid.
    keys: Mutex<HashMap<String, Jwk>>,
}

/// Transactions per sync page (Plaid's maximum).
const PAGE_SIZE: u32 = 500;
/// How old a webhook's signature may be.
const WEBHOOK_MAX_AGE_SECS: i64 = 5 * 60;

#[derive(Debug, Clone, Deserialize)]
struct Jwk {
    x: String,
    y: String,
    #[serde(default)]
    expired_at: Option<i64>,
}

#[derive(Debug, Deserialize)]
struct PlaidError {
    #[serde(default)]
    error_type: String,
    #[serde(default)]
    error_code: String,
}

impl PlaidBank {
    pub fn new(settings: PlaidSettings) -> anyhow::Result<Self> {
        let transport = Transport::new(TIMEOUT, Duration::from_millis(500))?;
        Ok(Self { settings, transport, keys: Mutex::new(HashMap::new()) })
    }

    /// Shorter pauses between retries and a shorter timeout, for tests.
    pub fn with_timing(mut self, pause: Duration, timeout: Duration) -> anyhow::Result<Self> {
        self.transport = Transport::new(timeout, pause)?;
        Ok(self)
    }

    /// POSTs `body` (with the credentials added) to `path` and reads the answer, retrying what
    /// is worth retrying.
    async fn call<T: DeserializeOwned>(&self, path: &str, mut body: Value) -> Result<T, BankError> {
        body["client_id"] = json!(self.settings.client_id);
        body["secret"] = json!(self.settings.secret);
        let url = format!("{}{path}", self.settings.base_url.trim_end_matches('/'));
        let error_of = |text: &str| {
            serde_json::from_str(text).unwrap_or(PlaidError { error_type: String::new(), error_code: String::new() })
        };
        let retry = |status: reqwest::StatusCode, text: &str| {
            status.as_u16() == 429 || status.is_server_error() || error_of(text).error_code == "RATE_LIMIT_EXCEEDED"
        };
        let (status, text) = self.transport.send("Plaid", path, |http| http.post(&url).json(&body), retry).await?;
        if status.is_success() {
            return read_answer(&text).map_err(|e| {
                BankError::Unavailable(anyhow::anyhow!("Plaid {path} answered an unexpected shape: {e}"))
            });
        }
        Err(classify(status, error_of(&text)))
    }

    async fn key(&self, kid: &str) -> Result<Jwk, BankError> {
        if let Some(key) = self.keys.lock().ok().and_then(|k| k.get(kid).cloned()) {
            return Ok(key);
        }
        #[derive(Deserialize)]
        struct Answer {
            key: Jwk,
        }
        let answer: Answer = self.call("/webhook_verification_key/get", json!({"key_id": kid})).await?;
        if let Ok(mut keys) = self.keys.lock() {
            keys.insert(kid.to_owned(), answer.key.clone());
        }
        Ok(answer.key)
    }
}

/// What a refused call means for us.
fn classify(status: reqwest::StatusCode, error: PlaidError) -> BankError {
    match (error.error_type.as_str(), error.error_code.as_str()) {
        (_, "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION") => BankError::ChangedDuringPaging,
        ("ITEM_ERROR", code) => BankError::LoginRequired { code: code.to_owned() },
        (_, "RATE_LIMIT_EXCEEDED") => {
            BankError::Unavailable(anyhow::anyhow!("Plaid kept answering RATE_LIMIT_EXCEEDED"))
        }
        (_, code) if status.is_client_error() && !code.is_empty() => BankError::Refused { code: code.to_owned() },
        (_, code) => BankError::Unavailable(anyhow::anyhow!("Plaid answered {status} {code}")),
    }
}

/// A Plaid amount (a JSON number) in pence, exactly: read from its decimal text.
fn pence(value: &serde_json::Number) -> Result<i64, BankError> {
    pence_from_decimal(&value.to_string())
        .ok_or_else(|| BankError::Unavailable(anyhow::anyhow!("Plaid sent an amount that is not a decimal: {value}")))
}

fn money(value: &Option<serde_json::Number>) -> Result<Option<Money>, BankError> {
    value.as_ref().map(|v| pence(v).map(Money::from_pence)).transpose()
}

#[derive(Deserialize)]
struct PlaidBalances {
    current: Option<serde_json::Number>,
    available: Option<serde_json::Number>,
    limit: Option<serde_json::Number>,
}

#[derive(Deserialize)]
struct PlaidAccount {
    account_id: String,
    name: String,
    official_name: Option<String>,
    mask: Option<String>,
    #[serde(rename = "type")]
    kind: String,
    subtype: Option<String>,
    balances: PlaidBalances,
}

#[derive(Deserialize)]
struct PlaidCategory {
    primary: Option<String>,
    detailed: Option<String>,
}

#[derive(Deserialize)]
struct PlaidTransaction {
    transaction_id: String,
    account_id: String,
    amount: serde_json::Number,
    date: NaiveDate,
    name: Option<String>,
    merchant_name: Option<String>,
    #[serde(default)]
    pending: bool,
    personal_finance_category: Option<PlaidCategory>,
}

impl PlaidTransaction {
    fn into_bank(self) -> Result<BankTransaction, BankError> {
        let (primary, detailed) = match self.personal_finance_category {
            Some(c) => (c.primary, c.detailed),
            None => (None, None),
        };
        Ok(BankTransaction {
            amount: pence(&self.amount)?,
            provider_transaction_id: self.transaction_id,
            provider_account_id: self.account_id,
            date: self.date,
            name: self.name.unwrap_or_default(),
            merchant_name: self.merchant_name,
            pending: self.pending,
            category_primary: primary,
            category_detailed: detailed,
        })
    }
}

#[derive(Deserialize)]
struct RemovedTransaction {
    transaction_id: String,
}

#[derive(Deserialize)]
struct SyncAnswer {
    #[serde(default)]
    added: Vec<PlaidTransaction>,
    #[serde(default)]
    modified: Vec<PlaidTransaction>,
    #[serde(default)]
    removed: Vec<RemovedTransaction>,
    next_cursor: String,
    has_more: bool,
}

#[async_trait]
impl BankProvider for PlaidBank {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Plaid
    }

    async fn create_link_token<'a>(&self, user: UserId, mode: LinkMode<'a>) -> Result<String, BankError> {
        let mut body = json!({
            "client_name": "MySpending",
            "country_codes": ["GB"],
            "language": "en",
            "user": {"client_user_id": user.0.to_string()},
        });
        match mode {
            LinkMode::New => body["products"] = json!(["transactions"]),
            LinkMode::Update(token) => body["access_token"] = json!(token.0),
        }
        if let Some(webhook) = &self.settings.webhook_url {
            body["webhook"] = json!(webhook);
        }
        if let Some(redirect) = &self.settings.redirect_uri {
            body["redirect_uri"] = json!(redirect);
        }
        #[derive(Deserialize)]
        struct Answer {
            link_token: String,
        }
        Ok(self.call::<Answer>("/link/token/create", body).await?.link_token)
    }

    async fn exchange_public_token(&self, public_token: &str) -> Result<Exchanged, BankError> {
        #[derive(Deserialize)]
        struct Answer {
            access_token: String,
            item_id: String,
        }
        let answer: Answer = self.call("/item/public_token/exchange", json!({"public_token": public_token})).await?;
        Ok(Exchanged { access_token: AccessToken(answer.access_token), provider_item_id: answer.item_id })
    }

    async fn accounts(&self, token: &AccessToken) -> Result<Vec<BankAccount>, BankError> {
        #[derive(Deserialize)]
        struct Answer {
            accounts: Vec<PlaidAccount>,
        }
        let answer: Answer = self.call("/accounts/get", json!({"access_token": token.0})).await?;
        answer
            .accounts
            .into_iter()
            .map(|a| {
                Ok(BankAccount {
                    provider_account_id: a.account_id,
                    name: if a.name.trim().is_empty() { a.official_name.unwrap_or_default() } else { a.name },
                    mask: a.mask,
                    kind: a.kind,
                    subtype: a.subtype,
                    current: money(&a.balances.current)?,
                    available: money(&a.balances.available)?,
                    limit: money(&a.balances.limit)?,
                })
            })
            .collect()
    }

    async fn sync_page(&self, token: &AccessToken, cursor: Option<String>) -> Result<SyncPage, BankError> {
        let mut body = json!({"access_token": token.0, "count": PAGE_SIZE});
        if let Some(cursor) = cursor.filter(|c| !c.is_empty()) {
            body["cursor"] = json!(cursor);
        }
        let answer: SyncAnswer = self.call("/transactions/sync", body).await?;
        Ok(SyncPage {
            added: answer.added.into_iter().map(PlaidTransaction::into_bank).collect::<Result<_, _>>()?,
            modified: answer.modified.into_iter().map(PlaidTransaction::into_bank).collect::<Result<_, _>>()?,
            removed: answer.removed.into_iter().map(|r| r.transaction_id).collect(),
            next_cursor: answer.next_cursor,
            has_more: answer.has_more,
        })
    }

    async fn remove_item(&self, token: &AccessToken) -> Result<(), BankError> {
        self.call::<Value>("/item/remove", json!({"access_token": token.0})).await.map(|_| ())
    }

    async fn simulate_login_required(&self, _token: &AccessToken) -> Result<(), BankError> {
        Err(BankError::Refused { code: "only the demo bank simulates expiry".into() })
    }

    async fn verify_webhook(&self, signature: &str, body: &[u8]) -> Result<Webhook, BankError> {
        let refused = |why: &str| BankError::Refused { code: why.to_owned() };
        let header = jsonwebtoken::decode_header(signature).map_err(|_| refused("not a JWT"))?;
        if header.alg != jsonwebtoken::Algorithm::ES256 {
            return Err(refused("not ES256"));
        }
        let kid = header.kid.ok_or_else(|| refused("no kid"))?;
        let key = self.key(&kid).await?;
        if key.expired_at.is_some() {
            return Err(refused("the key has expired"));
        }
        let decoding = jsonwebtoken::DecodingKey::from_ec_components(&key.x, &key.y).map_err(|_| refused("bad key"))?;
        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
        validation.required_spec_claims.clear();
        validation.validate_exp = false;
        #[derive(Deserialize)]
        struct Claims {
            iat: i64,
            request_body_sha256: String,
        }
        let claims = jsonwebtoken::decode::<Claims>(signature, &decoding, &validation)
            .map_err(|_| refused("the signature does not verify"))?
            .claims;
        let age = chrono::Utc::now().timestamp() - claims.iat;
        if !(-60..=WEBHOOK_MAX_AGE_SECS).contains(&age) {
            return Err(refused("signed too long ago"));
        }
        let digest = hex_lower(&Sha256::digest(body));
        if !constant_time_eq(digest.as_bytes(), claims.request_body_sha256.to_ascii_lowercase().as_bytes()) {
            return Err(refused("the body is not the one signed"));
        }
        #[derive(Deserialize)]
        struct Hook {
            webhook_type: String,
            webhook_code: String,
            item_id: Option<String>,
        }
        let hook: Hook = serde_json::from_slice(body).map_err(|_| refused("not a webhook body"))?;
        Ok(Webhook { webhook_type: hook.webhook_type, webhook_code: hook.webhook_code, provider_item_id: hook.item_id })
    }
}

fn hex_lower(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
