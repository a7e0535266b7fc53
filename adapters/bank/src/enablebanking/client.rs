//! Enable Banking's API as this server calls it: the banks on offer, starting a consent, the
//! session the consent makes, an account's balances and transactions (page by page), closing a
//! session. The answers are read into the provider's own shapes (API reference
//! 1.0.0-3030f99c); `domain::psd2` says what they mean for the ledger.

use chrono::{DateTime, NaiveDate, Utc};
use ports::banking::BankError;
use reqwest::StatusCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::token::AppToken;
use crate::http::{read_answer, Transport};

/// Enable Banking's API, unless ENABLE_BANKING_BASE_URL says otherwise.
pub const DEFAULT_BASE_URL: &str = "https://api.enablebanking.com";

/// A bank on offer (an ASPSP).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Aspsp {
    pub name: String,
    pub country: String,
    #[serde(default)]
    pub logo: Option<String>,
    /// The longest consent the bank gives, in seconds.
    #[serde(default)]
    pub maximum_consent_validity: Option<i64>,
    #[serde(default)]
    pub psu_types: Vec<String>,
    #[serde(default)]
    pub beta: bool,
    /// The PSU headers (the user's IP address, user agent, …) the bank wants on a read the user
    /// makes: all of them, or none (then it counts against the unattended reads).
    #[serde(default)]
    pub required_psu_headers: Vec<String>,
}

/// The answer to starting a consent: the page the browser goes to.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct StartedAuth {
    pub url: String,
    #[serde(default)]
    pub authorization_id: Option<String>,
}

/// A consent granted: the session and the accounts it opens.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Session {
    pub session_id: String,
    #[serde(default)]
    pub accounts: Vec<AccountResource>,
    #[serde(default)]
    pub aspsp: Option<AspspName>,
    pub access: Access,
}

/// Which bank a session is at.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct AspspName {
    pub name: String,
    #[serde(default)]
    pub country: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Access {
    pub valid_until: DateTime<Utc>,
}

/// An account of a session.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct AccountResource {
    /// What the data calls take, valid only while this session is; absent for an account whose
    /// data cannot be fetched.
    #[serde(default)]
    pub uid: Option<String>,
    /// The same for the same bank account in every session.
    #[serde(default)]
    pub identification_hash: Option<String>,
    #[serde(default)]
    pub all_account_ids: Vec<GenericIdentification>,
    /// The account holder's name: never the account's.
    #[serde(default)]
    pub name: Option<String>,
    /// The account's nickname.
    #[serde(default)]
    pub details: Option<String>,
    /// The bank's product name.
    #[serde(default)]
    pub product: Option<String>,
    #[serde(default)]
    pub cash_account_type: Option<String>,
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub credit_limit: Option<AmountType>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct GenericIdentification {
    pub identification: String,
    #[serde(default)]
    pub scheme_name: Option<String>,
}

/// An amount: a decimal string and its currency.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct AmountType {
    pub amount: String,
    pub currency: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Balance {
    pub balance_amount: AmountType,
    pub balance_type: String,
    #[serde(default)]
    pub reference_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Transaction {
    #[serde(default)]
    pub entry_reference: Option<String>,
    pub transaction_amount: AmountType,
    pub credit_debit_indicator: String,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub booking_date: Option<NaiveDate>,
    #[serde(default)]
    pub value_date: Option<NaiveDate>,
    #[serde(default)]
    pub transaction_date: Option<NaiveDate>,
    #[serde(default)]
    pub remittance_information: Vec<String>,
    #[serde(default)]
    pub creditor: Option<Party>,
    #[serde(default)]
    pub debtor: Option<Party>,
}

impl Transaction {
    /// Who the money went to (money out) or came from (money in).
    pub fn counterparty(&self) -> Option<&str> {
        let party = if self.credit_debit_indicator == "DBIT" { &self.creditor } else { &self.debtor };
        party.as_ref().and_then(|p| p.name.as_deref())
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Party {
    #[serde(default)]
    pub name: Option<String>,
}

/// A page of an account's transactions; `continuation_key` is None on the last.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct TransactionsPage {
    #[serde(default)]
    pub transactions: Vec<Transaction>,
    #[serde(default)]
    pub continuation_key: Option<String>,
}

/// An error answer: `error` is the provider's text code.
#[derive(Debug, Default, Deserialize)]
struct ErrorResponse {
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

/// What the consent to start asks for.
#[derive(Debug, Clone, Serialize)]
pub struct StartAuth<'a> {
    pub aspsp_name: &'a str,
    pub country: &'a str,
    pub valid_until: DateTime<Utc>,
    pub state: &'a str,
    pub redirect_url: &'a str,
}

/// Enable Banking's API for one application.
#[derive(Debug)]
pub struct EnableBankingClient {
    base_url: String,
    token: AppToken,
    transport: Transport,
}

impl EnableBankingClient {
    pub fn new(base_url: &str, token: AppToken) -> anyhow::Result<Self> {
        Self::with_timing(base_url, token, std::time::Duration::from_millis(500), crate::http::TIMEOUT)
    }

    /// Shorter pauses between retries and a shorter timeout, for tests.
    pub fn with_timing(
        base_url: &str,
        token: AppToken,
        pause: std::time::Duration,
        timeout: std::time::Duration,
    ) -> anyhow::Result<Self> {
        let base_url = base_url.trim_end_matches('/').to_owned();
        Ok(Self { base_url, token, transport: Transport::new(timeout, pause)? })
    }

    /// The banks of `country` offering consent to a person.
    pub async fn aspsps(&self, country: &str) -> Result<Vec<Aspsp>, BankError> {
        #[derive(Deserialize)]
        struct Answer {
            aspsps: Vec<Aspsp>,
        }
        let query = [("country", country), ("psu_type", "personal")];
        let answer: Answer = self.call(reqwest::Method::GET, "/aspsps", &query, None).await?;
        Ok(answer.aspsps)
    }

    /// Starts a consent at a bank; the answer's `url` is where the browser goes.
    pub async fn start_auth(&self, auth: &StartAuth<'_>) -> Result<StartedAuth, BankError> {
        let body = json!({
            "access": {"valid_until": auth.valid_until.to_rfc3339()},
            "aspsp": {"name": auth.aspsp_name, "country": auth.country},
            "state": auth.state,
            "redirect_url": auth.redirect_url,
            "psu_type": "personal",
        });
        self.call(reqwest::Method::POST, "/auth", &[], Some(body)).await
    }

    /// The session the consent's `code` (from the callback) opens.
    pub async fn create_session(&self, code: &str) -> Result<Session, BankError> {
        self.call(reqwest::Method::POST, "/sessions", &[], Some(json!({"code": code}))).await
    }

    /// `psu`: the PSU headers of a read the user makes (empty for an unattended one).
    pub async fn balances(&self, account_uid: &str, psu: &[(String, String)]) -> Result<Vec<Balance>, BankError> {
        #[derive(Deserialize)]
        struct Answer {
            #[serde(default)]
            balances: Vec<Balance>,
        }
        let path = format!("/accounts/{account_uid}/balances");
        let answer: Answer = self.call_as(reqwest::Method::GET, &path, &[], None, psu).await?;
        Ok(answer.balances)
    }

    /// One page of an account's transactions from `date_from` (inclusive); the next page with
    /// the previous answer's `continuation_key`.
    pub async fn transactions(
        &self,
        account_uid: &str,
        date_from: NaiveDate,
        continuation_key: Option<&str>,
        psu: &[(String, String)],
    ) -> Result<TransactionsPage, BankError> {
        let path = format!("/accounts/{account_uid}/transactions");
        let from = date_from.to_string();
        let mut query = vec![("date_from", from.as_str())];
        if let Some(key) = continuation_key {
            query.push(("continuation_key", key));
        }
        self.call_as(reqwest::Method::GET, &path, &query, None, psu).await
    }

    /// Closes the session (and the consent at the bank, where it can).
    pub async fn delete_session(&self, session_id: &str) -> Result<(), BankError> {
        let path = format!("/sessions/{session_id}");
        let _: Value = self.call(reqwest::Method::DELETE, &path, &[], None).await?;
        Ok(())
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        query: &[(&str, &str)],
        body: Option<Value>,
    ) -> Result<T, BankError> {
        self.call_as(method, path, query, body, &[]).await
    }

    /// A call with extra headers (the PSU headers of a read the user makes).
    async fn call_as<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        query: &[(&str, &str)],
        body: Option<Value>,
        headers: &[(String, String)],
    ) -> Result<T, BankError> {
        let bearer = self.token.bearer(Utc::now()).map_err(BankError::Unavailable)?;
        let url = format!("{}{path}", self.base_url);
        let request = |http: &reqwest::Client| {
            let mut request = http.request(method.clone(), &url).bearer_auth(&bearer).query(query);
            for (name, value) in headers {
                request = request.header(name.as_str(), value.as_str());
            }
            match &body {
                Some(body) => request.json(body),
                None => request,
            }
        };
        // The bank failing or the provider's own trouble may pass; the bank's rate limit does
        // not within seconds (it is reported, and the next sync tries again).
        let retry = |status: StatusCode, text: &str| {
            status.is_server_error() && !matches!(error_code(text).as_deref(), Some("ASPSP_RATE_LIMIT_EXCEEDED"))
        };
        let (status, text) = self.transport.send("Enable Banking", path, request, retry).await?;
        if status.is_success() {
            return read_answer(&text).map_err(|e| {
                BankError::Unavailable(anyhow::anyhow!("Enable Banking {path} answered an unexpected shape: {e}"))
            });
        }
        Err(classify(status, &text))
    }
}

fn error_code(text: &str) -> Option<String> {
    serde_json::from_str::<ErrorResponse>(text).ok().and_then(|e| e.error)
}

/// What a refused call means for us. A consent that ended (expired, revoked, closed) needs the
/// user; a refused application token is our configuration, never their consent, even though
/// both may come as 401.
fn classify(status: StatusCode, text: &str) -> BankError {
    let error: ErrorResponse = serde_json::from_str(text).unwrap_or_default();
    let code = error.error.unwrap_or_default();
    let message = error.message.unwrap_or_default();
    match code.as_str() {
        "EXPIRED_SESSION" | "REVOKED_SESSION" | "CLOSED_SESSION" => BankError::LoginRequired { code },
        "UNAUTHORIZED_ACCESS" | "AUTHORIZATION_NOT_PROVIDED" => BankError::Unavailable(anyhow::anyhow!(
            "Enable Banking refused the application's token ({code}): check ENABLE_BANKING_APP_ID and ENABLE_BANKING_KEY"
        )),
        "ASPSP_RATE_LIMIT_EXCEEDED" => {
            BankError::Unavailable(anyhow::anyhow!("the bank's own limit on requests was reached; the next sync tries again"))
        }
        "ASPSP_ERROR" | "ASPSP_TIMEOUT" => BankError::Unavailable(anyhow::anyhow!("the bank failed: {code} {message}")),
        _ if status.is_client_error() && !code.is_empty() => BankError::Refused { code },
        _ => BankError::Unavailable(anyhow::anyhow!("Enable Banking answered {status} {code} {message}")),
    }
}
