//! Bank linking (the spec's /plaid routes, whichever provider serves them): link tokens, the
//! public-token exchange with the first sync, the connections with their accounts, syncing,
//! disconnecting, and the demo bank's simulated expiry.

use actix_web::{delete, get, post, web};
use chrono::{DateTime, NaiveDate, Utc};
use ports::banking::{BankingError, Connection, Institution, LinkedAccount, Presence, SyncCounts};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::routes::transactions::TransactionDto;
use crate::http::wire::{json_answer, path_id, Confirmed, Envelope, MessageResponse, Pounds};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(link_token)
        .service(exchange)
        .service(items)
        .service(item_accounts)
        .service(item_transactions)
        .service(sync_item)
        .service(sync_all)
        .service(disconnect)
        .service(simulate_expiry)
        .service(webhook);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedAccountDto {
    /// Our account's id (the account on /accounts).
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Our account type (current, savings, credit_card, investment, other).
    #[serde(rename = "type")]
    #[schema(value_type = words::AccountKind)]
    pub account_type: String,
    /// The last digits the bank shows.
    pub mask: Option<String>,
    /// Our current balance (the ledger's).
    pub current_balance: Pounds,
    /// The bank's current balance at the last sync, in our sign (money owed negative).
    pub bank_balance: Option<Pounds>,
    /// The bank's available balance at the last sync.
    pub bank_available: Option<Pounds>,
}

impl From<&LinkedAccount> for LinkedAccountDto {
    fn from(a: &LinkedAccount) -> Self {
        Self {
            id: a.account_id.0.to_string(),
            name: a.name.clone(),
            account_type: a.account_type.as_str().into(),
            mask: a.mask.clone(),
            current_balance: a.current_balance.into(),
            bank_balance: a.bank_balance.map(Into::into),
            bank_available: a.bank_available.map(Into::into),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankConnectionDto {
    pub item_id: String,
    pub institution_name: String,
    /// False when the bank needs the user to sign in again (shown with Reconnect).
    pub is_active: bool,
    /// Why it needs attention (e.g. ITEM_LOGIN_REQUIRED); null when active.
    pub error_code: Option<String>,
    pub last_synced_at: Option<DateTime<Utc>>,
    /// When the background sync takes it next; null while it needs the user.
    pub next_sync_at: Option<DateTime<Utc>>,
    /// When the bank's consent ends (Enable Banking); null for providers without one.
    pub consent_expires_at: Option<DateTime<Utc>>,
    /// The consent ends within seven days: shown with Reconnect.
    pub renewal_due: bool,
    /// The bank's accounts the last consent did not link, each with why (another currency, no
    /// data shared).
    pub skipped_accounts: Vec<SkippedAccountDto>,
    pub created_at: DateTime<Utc>,
    /// plaid, demo or enablebanking.
    #[schema(value_type = words::BankProvider)]
    pub provider: String,
    pub accounts: Vec<LinkedAccountDto>,
}

impl From<&Connection> for BankConnectionDto {
    fn from(c: &Connection) -> Self {
        Self {
            item_id: c.id.to_string(),
            institution_name: c.institution_name.clone(),
            is_active: c.is_active,
            error_code: c.error_code.clone(),
            last_synced_at: c.last_synced_at,
            next_sync_at: c.next_sync_at,
            consent_expires_at: c.consent_expires_at,
            renewal_due: c.renewal_due,
            skipped_accounts: c
                .skipped_accounts
                .iter()
                .map(|s| SkippedAccountDto { name: s.name.clone(), reason: s.reason.clone() })
                .collect(),
            created_at: c.created_at,
            provider: c.provider.as_str().into(),
            accounts: c.accounts.iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SkippedAccountDto {
    pub name: String,
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncCountsDto {
    pub added: u32,
    pub modified: u32,
    pub removed: u32,
}

impl From<SyncCounts> for SyncCountsDto {
    fn from(c: SyncCounts) -> Self {
        Self { added: c.added, modified: c.modified, removed: c.removed }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkTokenBody {
    /// A connection's itemId to sign in to again (update mode); null or absent for a new one.
    pub item_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LinkTokenResponse {
    pub success: bool,
    /// Opens the provider's widget. A token starting 'link-demo-' is the built-in demo bank's:
    /// the app shows its own Demo Bank picker instead of Plaid Link.
    pub link_token: String,
    /// plaid or demo.
    #[schema(value_type = words::BankProvider)]
    pub provider: String,
}

/// A link token for a new connection, or for reconnecting one (with its itemId).
#[utoipa::path(operation_id = "bankLinkToken", tag = "banking", security(("bearer" = [])), request_body = LinkTokenBody,
    responses((status = 200, body = LinkTokenResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
        (status = 502, body = ErrorResponse)))]
#[post("/plaid/link/token/create")]
pub async fn link_token(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<LinkTokenBody>,
) -> Result<LinkTokenResponse, ApiError> {
    let item = match body.into_inner().item_id.filter(|s| !s.trim().is_empty()) {
        Some(raw) => Some(path_id(&raw, "Bank connection")?),
        None => None,
    };
    let link_token = state.banking.create_link_token(&user.person, user.scope, item).await?;
    Ok(LinkTokenResponse { success: true, link_token, provider: state.banking.provider().as_str().into() })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct InstitutionBody {
    pub name: Option<String>,
    pub institution_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ExchangeMetadata {
    pub institution: Option<InstitutionBody>,
    /// The accounts the user picked in the widget (informational; every account of the
    /// connection is imported).
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub accounts: Vec<serde_json::Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExchangeBody {
    pub public_token: Option<String>,
    #[serde(default)]
    pub metadata: Option<ExchangeMetadata>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExchangeResponse {
    pub success: bool,
    pub message: String,
    pub data: BankConnectionDto,
    pub sync: SyncCountsDto,
}

/// Exchanges the widget's public token, imports the connection's accounts and history, and
/// stores it all at once (nothing is kept when a step fails). It can take up to a minute.
#[utoipa::path(operation_id = "bankExchange", tag = "banking", security(("bearer" = [])), request_body = ExchangeBody,
    responses((status = 200, body = ExchangeResponse), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 502, body = ErrorResponse)))]
#[post("/plaid/item/public_token/exchange")]
pub async fn exchange(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ExchangeBody>,
) -> Result<ExchangeResponse, ApiError> {
    let body = body.into_inner();
    let public_token = body.public_token.unwrap_or_default();
    if public_token.trim().is_empty() {
        return Err(ApiError::validation("Failed to connect bank account".into()));
    }
    let institution = body.metadata.and_then(|m| m.institution).unwrap_or_default();
    let institution = Institution { id: institution.institution_id, name: institution.name };
    let (connection, counts) = state.banking.connect(&user.person, user.scope, &public_token, institution).await?;
    Ok(ExchangeResponse {
        success: true,
        message: "Bank account connected".into(),
        data: (&connection).into(),
        sync: counts.into(),
    })
}

/// The user's bank connections, with their accounts.
#[utoipa::path(operation_id = "bankItems", tag = "banking", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<BankConnectionDto>>), (status = 401, body = ErrorResponse)))]
#[get("/plaid/items")]
pub async fn items(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<Vec<BankConnectionDto>>, ApiError> {
    let connections = state.banking.list(user.scope).await?;
    Ok(Envelope::ok(connections.iter().map(Into::into).collect()))
}

/// A connection's accounts: our balance beside the bank's.
#[utoipa::path(operation_id = "bankItemAccounts", tag = "banking", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<LinkedAccountDto>>), (status = 404, body = ErrorResponse)))]
#[get("/plaid/item/{id}/accounts")]
pub async fn item_accounts(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<Vec<LinkedAccountDto>>, ApiError> {
    let connection = state.banking.get(user.scope, path_id(&id, "Bank connection")?).await?;
    Ok(Envelope::ok(connection.accounts.iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BankTransactionsQuery {
    /// YYYY-MM-DD; default 30 days before the end.
    pub start_date: Option<String>,
    /// YYYY-MM-DD; default today (London).
    pub end_date: Option<String>,
}

fn query_day(raw: Option<String>, field: &'static str, name: &str) -> Result<Option<NaiveDate>, ApiError> {
    match raw.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::validation(format!("{name} must be a date in the form YYYY-MM-DD ({field})"))),
    }
}

/// The rows a connection imported between two days, newest first.
#[utoipa::path(operation_id = "bankItemTransactions", tag = "banking", security(("bearer" = [])),
    params(("id" = String, Path), BankTransactionsQuery),
    responses((status = 200, body = Envelope<Vec<TransactionDto>>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/plaid/item/{id}/transactions")]
pub async fn item_transactions(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    query: web::Query<BankTransactionsQuery>,
) -> Result<Envelope<Vec<TransactionDto>>, ApiError> {
    let id = path_id(&id, "Bank connection")?;
    let q = query.into_inner();
    let from = query_day(q.start_date, "startDate", "Start date")?;
    let to = query_day(q.end_date, "endDate", "End date")?;
    let rows = state.banking.transactions(user.scope, id, from, to).await?;
    Ok(Envelope::ok(rows.iter().map(Into::into).collect()))
}

/// Brings one connection up to date.
#[utoipa::path(operation_id = "bankItemSync", tag = "banking", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<SyncCountsDto>), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse),
        (status = 502, body = ErrorResponse)))]
#[post("/plaid/item/{id}/sync")]
pub async fn sync_item(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    request: actix_web::HttpRequest,
) -> Result<Confirmed<SyncCountsDto>, ApiError> {
    let id = path_id(&id, "Bank connection")?;
    let counts = state.banking.sync_now(user.scope, id, &presence_of(&request)).await?;
    Ok(Confirmed::new(counts.into(), synced_message(counts)))
}

/// The user at the keyboard, as their browser's request says (PSD2's PSU headers): the address
/// it came from and what it sent about itself, each cut to 512 characters.
pub fn presence_of(request: &actix_web::HttpRequest) -> Presence {
    let header = |name: actix_web::http::header::HeaderName| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.trim().chars().take(512).collect::<String>())
            .filter(|v| !v.is_empty())
    };
    use actix_web::http::header;
    Presence {
        ip_address: request.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default(),
        user_agent: header(header::USER_AGENT),
        accept: header(header::ACCEPT),
        accept_language: header(header::ACCEPT_LANGUAGE),
        accept_charset: header(header::ACCEPT_CHARSET),
        accept_encoding: header(header::ACCEPT_ENCODING),
        referer: header(header::REFERER),
    }
}

fn synced_message(c: SyncCounts) -> String {
    match c.added + c.modified + c.removed {
        0 => "Already up to date".into(),
        _ => format!("Synced: {} new, {} updated, {} removed", c.added, c.modified, c.removed),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncFailureDto {
    pub item_id: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncAllData {
    pub added: u32,
    pub modified: u32,
    pub removed: u32,
    /// Connections that could not be synced, each with why; the others were.
    pub failed: Vec<SyncFailureDto>,
}

/// Syncs every active connection of the user.
#[utoipa::path(operation_id = "bankSyncAll", tag = "banking", security(("bearer" = [])),
    responses((status = 200, body = Confirmed<SyncAllData>), (status = 401, body = ErrorResponse)))]
#[post("/plaid/transactions/sync")]
pub async fn sync_all(state: web::Data<AppState>, user: CurrentUser) -> Result<Confirmed<SyncAllData>, ApiError> {
    let (counts, failed) = state.banking.sync_all(user.scope).await?;
    Ok(Confirmed::new(
        SyncAllData {
            added: counts.added,
            modified: counts.modified,
            removed: counts.removed,
            failed: failed
                .into_iter()
                .map(|(id, e)| SyncFailureDto { item_id: id.to_string(), message: e.to_string() })
                .collect(),
        },
        synced_message(counts),
    ))
}

/// Disconnects: the provider forgets the connection and its token is deleted; its accounts and
/// their history stay as ordinary accounts.
#[utoipa::path(operation_id = "bankDisconnect", tag = "banking", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/plaid/item/{id}")]
pub async fn disconnect(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.banking.disconnect(user.scope, path_id(&id, "Bank connection")?).await?;
    Ok(MessageResponse::ok("Bank disconnected. Its accounts and their history stay."))
}

/// The demo bank only: makes the connection need signing in again, as a real bank's would.
#[utoipa::path(operation_id = "bankSimulateExpiry", tag = "banking", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<BankConnectionDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/plaid/item/{id}/simulate-expiry")]
pub async fn simulate_expiry(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<BankConnectionDto>, ApiError> {
    let connection = state.banking.simulate_expiry(user.scope, path_id(&id, "Bank connection")?).await?;
    Ok(Envelope::ok((&connection).into()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookResponse {
    pub success: bool,
    /// Whether a connection was synced because of it.
    pub synced: bool,
}

/// The bank provider's webhook (Plaid's SYNC_UPDATES_AVAILABLE syncs that connection). The
/// `Plaid-Verification` header must be the provider's ES256 signature of this very body, made
/// within five minutes; anything else is 401 and does nothing.
#[utoipa::path(operation_id = "bankWebhook", tag = "banking", request_body(content = Object, content_type = "application/json"),
    params(("Plaid-Verification" = String, Header, description = "The provider's signed JWT")),
    responses((status = 200, body = WebhookResponse), (status = 401, body = ErrorResponse)))]
#[post("/plaid/webhook")]
pub async fn webhook(
    state: web::Data<AppState>,
    request: actix_web::HttpRequest,
    body: web::Bytes,
) -> Result<WebhookResponse, ApiError> {
    let signature = request.headers().get("plaid-verification").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if signature.is_empty() {
        return Err(BankingError::BadWebhook.into());
    }
    let synced = state.banking.webhook(signature, &body).await?;
    Ok(WebhookResponse { success: true, synced })
}

json_answer!(ExchangeResponse, LinkTokenResponse, WebhookResponse);
