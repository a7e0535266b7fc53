//! Rows that look like one transfer: the suggestions, pairing two rows and separating them.
//! Registered before the transactions' routes, so /transactions/transfer-suggestions is not
//! taken for a transaction's id.

use actix_web::{delete, get, post, web};
use chrono::NaiveDate;
use ports::ledger::TransactionRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{Confirmed, Envelope, Pounds};
use crate::AppState;

use crate::http::routes::transactions::{transaction_id, AccountRefDto, TransactionDto};
use crate::http::routes::transfers::TransferDto;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(transfer_suggestions).service(pair).service(unpair);
}

/// Two rows that look like one transfer: money out of one of the user's accounts and the same
/// amount into another within five days.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferSuggestionDto {
    /// The row money left by.
    pub out: SuggestedRowDto,
    /// The row money arrived by.
    #[serde(rename = "in")]
    pub into: SuggestedRowDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedRowDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub account_id: AccountRefDto,
    #[schema(value_type = String, example = "2026-06-15")]
    pub date: NaiveDate,
    /// Signed: negative for the row out, positive for the row in.
    pub amount: Pounds,
    pub description: String,
}

impl From<&TransactionRecord> for SuggestedRowDto {
    fn from(t: &TransactionRecord) -> Self {
        Self {
            id: t.id.to_string(),
            account_id: (&t.account).into(),
            date: t.date,
            amount: t.amount.into(),
            description: t.description.clone(),
        }
    }
}

/// Pairs of the user's rows that look like one transfer, newest first (at most 20); a row may
/// appear in more than one pair until one is confirmed.
#[utoipa::path(operation_id = "transferSuggestions", tag = "transactions", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<TransferSuggestionDto>>)))]
#[get("/transactions/transfer-suggestions")]
pub async fn transfer_suggestions(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<Vec<TransferSuggestionDto>>, ApiError> {
    let pairs = state.ledger.transfer_suggestions(user.scope).await?;
    Ok(Envelope::ok(
        pairs.iter().map(|p| TransferSuggestionDto { out: (&p.from).into(), into: (&p.to).into() }).collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PairBody {
    /// The other row: one of the user's rows in another account, the same amount the other way.
    pub with_id: Option<String>,
}

/// Makes this row and `withId` the two legs of one transfer. They keep their dates, amounts,
/// bank ids and import identity; the accounts' balances do not change; they count as a transfer
/// everywhere. 400 with the reason when they are in the same account, go the same way, differ
/// in amount, or either is already a transfer leg.
#[utoipa::path(operation_id = "transactionPair", tag = "transactions", security(("bearer" = [])), request_body = PairBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<TransferDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/transactions/{id}/pair")]
pub async fn pair(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<PairBody>,
) -> Result<Confirmed<TransferDto>, ApiError> {
    let with = body.into_inner().with_id.unwrap_or_default();
    let transfer = state.ledger.pair_transactions(user.scope, transaction_id(&id)?, &with).await?;
    Ok(Confirmed::new((&transfer).into(), "Marked as a transfer"))
}

/// Makes a paired transfer's two rows ordinary rows again (either row's id), with their
/// categories; they are not suggested again. 400 for a row that is not a paired transfer's leg
/// (a transfer entered as one is deleted instead).
#[utoipa::path(operation_id = "transactionUnpair", tag = "transactions", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<Vec<TransactionDto>>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/transactions/{id}/pair")]
pub async fn unpair(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Confirmed<Vec<TransactionDto>>, ApiError> {
    let rows = state.ledger.unpair_transactions(user.scope, transaction_id(&id)?).await?;
    Ok(Confirmed::new(rows.iter().map(Into::into).collect(), "No longer a transfer"))
}
