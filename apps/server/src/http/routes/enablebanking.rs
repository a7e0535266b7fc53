//! Enable Banking's linking (issue 34): the providers on offer, the banks of a country, starting a
//! consent, and the bank's redirect back. A linked connection is then an item like a Plaid one
//! (the /plaid/items routes list, sync and disconnect it).

use actix_web::http::header;
use actix_web::{get, post, web, HttpResponse};
use ports::banking::{ConsentAnswer, ConsentTarget, OfferedBank};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, Envelope};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(providers).service(banks).service(start).service(callback);
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BankProviderDto {
    /// demo, plaid or enablebanking.
    #[schema(value_type = words::BankProvider)]
    pub id: String,
    pub name: String,
    /// Whether Connect Bank offers it on this server.
    pub enabled: bool,
}

/// The bank providers this server knows, and which are on.
#[utoipa::path(operation_id = "bankProviders", tag = "banking", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<BankProviderDto>>), (status = 401, body = ErrorResponse)))]
#[get("/bank/providers")]
pub async fn providers(state: web::Data<AppState>, _user: CurrentUser) -> Envelope<Vec<BankProviderDto>> {
    let name = |kind: ports::banking::ProviderKind| match kind {
        ports::banking::ProviderKind::Demo => "Demo Bank",
        ports::banking::ProviderKind::Plaid => "Plaid",
        ports::banking::ProviderKind::EnableBanking => "Enable Banking",
    };
    Envelope::ok(
        state
            .banking
            .providers()
            .into_iter()
            .map(|(kind, enabled)| BankProviderDto { id: kind.as_str().into(), name: name(kind).into(), enabled })
            .collect(),
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BanksQuery {
    /// Two capital letters (ISO 3166-1), e.g. GB.
    pub country: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AspspDto {
    pub name: String,
    pub country: String,
    /// The bank's logo (an address), if the provider has one.
    pub logo: Option<String>,
    /// The longest consent the bank gives, in whole days.
    pub max_consent_days: i64,
}

impl From<OfferedBank> for AspspDto {
    fn from(b: OfferedBank) -> Self {
        let seconds = b.max_consent_seconds.unwrap_or(domain::psd2::MAX_CONSENT.num_seconds());
        Self {
            name: b.name,
            country: b.country,
            logo: b.logo,
            max_consent_days: domain::psd2::max_consent_days(seconds),
        }
    }
}

/// The banks of a country a person can link through Enable Banking (the provider's list, kept a day).
#[utoipa::path(operation_id = "enableBankingBanks", tag = "banking", security(("bearer" = [])), params(BanksQuery),
    responses((status = 200, body = Envelope<Vec<AspspDto>>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse),
        (status = 502, body = ErrorResponse)))]
#[get("/enablebanking/aspsps")]
pub async fn banks(
    state: web::Data<AppState>,
    _user: CurrentUser,
    query: web::Query<BanksQuery>,
) -> Result<Envelope<Vec<AspspDto>>, ApiError> {
    let country = query.into_inner().country.unwrap_or_else(|| "GB".into());
    let banks = state.banking.offered_banks(country.trim()).await?;
    Ok(Envelope::ok(banks.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartConsentBody {
    /// The bank's name as GET /enablebanking/aspsps lists it (a new link).
    pub aspsp_name: Option<String>,
    /// Its country (default GB).
    pub country: Option<String>,
    /// An Enable Banking connection to reconnect (its bank is the connection's).
    pub item_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentUrl {
    /// Where the browser goes: the provider's page, then the bank's.
    pub url: String,
}

/// Starts a consent at a bank (or renews a connection's) and answers where the browser goes.
#[utoipa::path(operation_id = "enableBankingAuth", tag = "banking", security(("bearer" = [])), request_body = StartConsentBody,
    responses((status = 200, body = Envelope<ConsentUrl>), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 502, body = ErrorResponse)))]
#[post("/enablebanking/auth")]
pub async fn start(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<StartConsentBody>,
) -> Result<Envelope<ConsentUrl>, ApiError> {
    let body = body.into_inner();
    let target = match body.item_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(raw) => ConsentTarget::Renew(path_id(raw, "Bank connection")?),
        None => ConsentTarget::New {
            bank: body.aspsp_name.unwrap_or_default(),
            country: body.country.map(|c| c.trim().to_owned()).unwrap_or_else(|| "GB".into()),
        },
    };
    let url = state.banking.start_consent(&user.person, user.scope, target).await?;
    Ok(Envelope::ok(ConsentUrl { url }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The bank's refusal (e.g. access_denied), instead of a code.
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// The bank's redirect back (no bearer: the single-use state names the member). Links the
/// consent's accounts and runs the first sync, then sends the browser to
/// /accounts?linked=<itemId> (with &skipped=<n> when accounts were left out), or to
/// /accounts?bankError=denied|expired|failed with nothing stored.
#[utoipa::path(operation_id = "enableBankingCallback", tag = "banking", params(CallbackQuery),
    responses((status = 303, description = "To /accounts with the outcome")))]
#[get("/enablebanking/callback")]
pub async fn callback(
    state: web::Data<AppState>,
    query: web::Query<CallbackQuery>,
    request: actix_web::HttpRequest,
) -> HttpResponse {
    let q = query.into_inner();
    let answer = ConsentAnswer { code: q.code, error: q.error, error_description: q.error_description };
    let presence = crate::http::routes::banking::presence_of(&request);
    let location = match state.banking.finish_consent(q.state.as_deref().unwrap_or_default(), answer, &presence).await {
        Ok(linked) if linked.skipped.is_empty() => format!("/accounts?linked={}", linked.id),
        Ok(linked) => format!("/accounts?linked={}&skipped={}", linked.id, linked.skipped.len()),
        Err(failure) => format!("/accounts?bankError={failure}"),
    };
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .finish()
}
