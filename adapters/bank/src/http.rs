//! What every provider's client does with HTTP: time-outs, retries with a growing pause for
//! what is worth retrying, and answers read without NULs.

use std::time::Duration;

use ports::banking::BankError;
use reqwest::{RequestBuilder, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub(crate) const TIMEOUT: Duration = Duration::from_secs(20);
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
pub(crate) const ATTEMPTS: u32 = 3;

/// A provider's HTTP client and how long it pauses before its first retry.
#[derive(Debug, Clone)]
pub(crate) struct Transport {
    pub(crate) http: reqwest::Client,
    pub(crate) retry_pause: Duration,
}

impl Transport {
    pub(crate) fn new(timeout: Duration, retry_pause: Duration) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().timeout(timeout).connect_timeout(CONNECT_TIMEOUT).build()?;
        Ok(Self { http, retry_pause })
    }

    /// Sends the request `request` makes, again after a pause (doubling each time, up to
    /// [`ATTEMPTS`] in all) when it got no answer or `retry` says its refusal is passing (its
    /// status and body). Answers the last status and body.
    pub(crate) async fn send(
        &self,
        provider: &str,
        path: &str,
        request: impl Fn(&reqwest::Client) -> RequestBuilder,
        retry: impl Fn(StatusCode, &str) -> bool,
    ) -> Result<(StatusCode, String), BankError> {
        let mut pause = self.retry_pause;
        for attempt in 1..=ATTEMPTS {
            let last = attempt == ATTEMPTS;
            let response = match request(&self.http).send().await {
                Ok(r) => r,
                Err(e) if !last && (e.is_timeout() || e.is_connect() || e.is_request()) => {
                    tracing::warn!(provider, path, attempt, error = %e, "the bank provider did not answer; retrying");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    continue;
                }
                Err(e) => return Err(BankError::Unavailable(anyhow::anyhow!("{provider} {path}: {e}"))),
            };
            let status = response.status();
            let text = response.text().await.map_err(|e| BankError::Unavailable(e.into()))?;
            if !status.is_success() && !last && retry(status, &text) {
                tracing::warn!(provider, path, attempt, %status, "the bank provider asked us to retry");
                tokio::time::sleep(pause).await;
                pause *= 2;
                continue;
            }
            return Ok((status, text));
        }
        unreachable!("the last attempt always returns")
    }
}

/// A successful answer, without NULs in its texts (PostgreSQL cannot store them, and a name
/// from the bank is not the user's typing to refuse).
pub(crate) fn read_answer<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    if !text.contains("\\u0000") {
        return serde_json::from_str(text);
    }
    let mut value: Value = serde_json::from_str(text)?;
    drop_nuls(&mut value);
    serde_json::from_value(value)
}

fn drop_nuls(value: &mut Value) {
    match value {
        Value::String(s) => s.retain(|c| c != '\0'),
        Value::Array(items) => items.iter_mut().for_each(drop_nuls),
        Value::Object(fields) => {
            let taken = std::mem::take(fields);
            for (mut key, mut v) in taken {
                key.retain(|c| c != '\0');
                drop_nuls(&mut v);
                fields.insert(key, v);
            }
        }
        _ => {}
    }
}
