//! Blob storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so that several
//! server instances share one set of photos. Requests are signed with AWS Signature V4 by
//! `rusty-s3` (which does no IO) and sent with `reqwest`; a PUT of an object is atomic in S3, so
//! a reader never sees half a blob. Every call has a timeout, and a dropped connection, a 429 or a
//! 5xx is retried a bounded number of times with backoff.

use std::time::Duration;

use async_trait::async_trait;
use ports::blobs::{BlobError, BlobKey, BlobStore};
use rusty_s3::actions::{DeleteObject, GetObject, HeadBucket, PutObject};
use rusty_s3::{Bucket, Credentials, S3Action};
use url::Url;

/// How a bucket is addressed: `https://endpoint/bucket/key` (MinIO and most self-hosted servers)
/// or `https://bucket.endpoint/key` (AWS's default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlStyle {
    Path,
    VirtualHost,
}

#[derive(Debug, Clone)]
pub struct S3Settings {
    pub bucket: String,
    pub region: String,
    /// None: AWS (`https://s3.{region}.amazonaws.com`).
    pub endpoint: Option<Url>,
    /// None: virtual-host style for AWS, path style for any other endpoint.
    pub url_style: Option<UrlStyle>,
    pub access_key_id: String,
    pub secret_access_key: String,
    pub session_token: Option<String>,
}

pub struct S3BlobStore {
    bucket: Bucket,
    credentials: Credentials,
    http: reqwest::Client,
}

/// How long a signed request stays valid: it is sent at once, so a minute covers clock skew.
const SIGNATURE_LIFETIME: Duration = Duration::from_secs(60);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const ATTEMPTS: u32 = 3;
const FIRST_BACKOFF: Duration = Duration::from_millis(200);

impl S3BlobStore {
    pub fn new(settings: S3Settings) -> anyhow::Result<Self> {
        let (endpoint, default_style) = match settings.endpoint {
            Some(url) => (url, UrlStyle::Path),
            None => (format!("https://s3.{}.amazonaws.com", settings.region).parse()?, UrlStyle::VirtualHost),
        };
        let style = match settings.url_style.unwrap_or(default_style) {
            UrlStyle::Path => rusty_s3::UrlStyle::Path,
            UrlStyle::VirtualHost => rusty_s3::UrlStyle::VirtualHost,
        };
        let bucket = Bucket::new(endpoint, style, settings.bucket, settings.region)
            .map_err(|e| anyhow::anyhow!("S3 bucket settings: {e}"))?;
        let credentials = match settings.session_token {
            Some(token) => Credentials::new_with_token(settings.access_key_id, settings.secret_access_key, token),
            None => Credentials::new(settings.access_key_id, settings.secret_access_key),
        };
        let http = reqwest::Client::builder().timeout(REQUEST_TIMEOUT).connect_timeout(CONNECT_TIMEOUT).build()?;
        Ok(Self { bucket, credentials, http })
    }

    /// Checks at start-up that the bucket exists and the credentials may use it, so a wrong
    /// setting stops the server with a clear message instead of failing the first upload.
    pub async fn check(&self) -> anyhow::Result<()> {
        let url = HeadBucket::new(&self.bucket, Some(&self.credentials)).sign(SIGNATURE_LIFETIME);
        let response = self.send(|| self.http.head(url.clone())).await?;
        match response.status().as_u16() {
            200..=299 => Ok(()),
            404 => anyhow::bail!("the S3 bucket {:?} does not exist at {}", self.bucket.name(), self.bucket.base_url()),
            401 | 403 => anyhow::bail!("the S3 credentials may not use the bucket {:?}", self.bucket.name()),
            status => anyhow::bail!("the S3 bucket {:?} answered {status}", self.bucket.name()),
        }
    }

    /// Sends a request, retrying a dropped connection, a 429 or a 5xx with backoff; any other
    /// answer is returned as it is.
    async fn send(&self, request: impl Fn() -> reqwest::RequestBuilder) -> anyhow::Result<reqwest::Response> {
        let mut backoff = FIRST_BACKOFF;
        for attempt in 1..=ATTEMPTS {
            let last = attempt == ATTEMPTS;
            match request().send().await {
                Ok(response) if retryable(response.status()) && !last => {
                    tracing::warn!(status = %response.status(), attempt, "S3 answered with a retryable error");
                }
                Ok(response) => return Ok(response),
                Err(e) if !last && (e.is_connect() || e.is_timeout() || e.is_request()) => {
                    tracing::warn!(error = %e, attempt, "S3 request failed; retrying");
                }
                Err(e) => return Err(anyhow::Error::from(e).context("S3 request failed")),
            }
            tokio::time::sleep(backoff).await;
            backoff *= 2;
        }
        unreachable!("the last attempt always returns")
    }
}

fn retryable(status: reqwest::StatusCode) -> bool {
    status == reqwest::StatusCode::TOO_MANY_REQUESTS || status.is_server_error()
}

/// An answer S3 refused, with its status and the start of its XML error (which names the code).
async fn refused(what: &str, key: &BlobKey, response: reqwest::Response) -> BlobError {
    let status = response.status();
    let body = response.text().await.unwrap_or_default();
    let excerpt: String = body.chars().take(300).collect();
    anyhow::anyhow!("S3 {what} {} answered {status}: {excerpt}", key.as_str()).into()
}

#[async_trait]
impl BlobStore for S3BlobStore {
    async fn put(&self, key: &BlobKey, bytes: Vec<u8>) -> Result<(), BlobError> {
        let url = PutObject::new(&self.bucket, Some(&self.credentials), key.as_str()).sign(SIGNATURE_LIFETIME);
        // Shared, so a retry resends the same bytes without copying them.
        let body = bytes::Bytes::from(bytes);
        let response = self
            .send(|| {
                self.http.put(url.clone()).header(reqwest::header::CONTENT_TYPE, key.content_type()).body(body.clone())
            })
            .await?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(refused("PUT", key, response).await)
        }
    }

    async fn get(&self, key: &BlobKey) -> Result<Option<Vec<u8>>, BlobError> {
        let url = GetObject::new(&self.bucket, Some(&self.credentials), key.as_str()).sign(SIGNATURE_LIFETIME);
        let response = self.send(|| self.http.get(url.clone())).await?;
        match response.status().as_u16() {
            200..=299 => Ok(Some(response.bytes().await.map_err(anyhow::Error::from)?.to_vec())),
            404 => Ok(None),
            _ => Err(refused("GET", key, response).await),
        }
    }

    async fn delete(&self, key: &BlobKey) -> Result<(), BlobError> {
        let url = DeleteObject::new(&self.bucket, Some(&self.credentials), key.as_str()).sign(SIGNATURE_LIFETIME);
        let response = self.send(|| self.http.delete(url.clone())).await?;
        // S3 answers 204 whether or not the object was there; some servers answer 404.
        match response.status().as_u16() {
            200..=299 | 404 => Ok(()),
            _ => Err(refused("DELETE", key, response).await),
        }
    }
}
