//! Transfers between the user's own accounts: the list, making one (two rows in one write) and
//! deleting one (both rows).

use actix_web::{delete, get, post, put, web};
use chrono::NaiveDate;
use domain::transactions::{TransactionId, TransferInput};
use ports::ledger::{Paging, TransactionRecord, TransferRecord};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{
    path_id, whole_text, AmountInput, Confirmed, Created, DayInput, Envelope, MessageResponse, Pounds, WholeInput,
};
use crate::AppState;

use crate::http::routes::transactions::{Pagination, PeerAccountDto, TransactionDto};

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list_transfers).service(create_transfer).service(update_transfer).service(remove_transfer);
}

/// A transfer: money leaving one account and arriving in another.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferDto {
    /// The id of the outgoing leg (either leg's id deletes the transfer).
    #[serde(rename = "_id")]
    pub id: String,
    /// Positive.
    pub amount: Pounds,
    pub description: String,
    #[schema(value_type = String, example = "2026-06-15")]
    pub date: NaiveDate,
    pub notes: String,
    /// {_id: null, name: 'Private account'} for another member's private account.
    pub from_account_id: PeerAccountDto,
    pub to_account_id: PeerAccountDto,
    /// The outgoing leg (negative amount); null on another member's private account.
    pub from_transaction: Option<TransactionDto>,
    /// The incoming leg (positive amount); null on another member's private account.
    pub to_transaction: Option<TransactionDto>,
}

impl TransferDto {
    /// A transfer from its legs as the member sees them (`seen` is one they see).
    fn of(seen: &TransactionRecord, from: Option<&TransactionRecord>, to: Option<&TransactionRecord>) -> Self {
        let side = |leg: Option<&TransactionRecord>| leg.map_or_else(PeerAccountDto::private, |l| (&l.account).into());
        Self {
            id: seen.id.to_string(),
            amount: seen.amount.abs().into(),
            description: seen.description.clone(),
            date: seen.date,
            notes: seen.notes.clone(),
            from_account_id: side(from),
            to_account_id: side(to),
            from_transaction: from.map(Into::into),
            to_transaction: to.map(Into::into),
        }
    }
}

impl From<&TransferRecord> for TransferDto {
    fn from(t: &TransferRecord) -> Self {
        Self::of(&t.from, Some(&t.from), Some(&t.to))
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransfersData {
    pub transfers: Vec<TransferDto>,
    pub pagination: Pagination,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransferListParams {
    /// 1-based page (default 1).
    pub page: Option<WholeInput>,
    /// Rows per page, 1 to 100 (default 20).
    pub limit: Option<WholeInput>,
}

#[utoipa::path(operation_id = "listTransfers", tag = "transfers", security(("bearer" = [])), params(TransferListParams),
    responses((status = 200, body = Envelope<TransfersData>), (status = 400, body = ErrorResponse)))]
#[get("/transfers")]
pub async fn list_transfers(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<TransferListParams>,
) -> Result<Envelope<TransfersData>, ApiError> {
    let params = params.into_inner();
    let Paging { page, limit } =
        Paging::parse(whole_text(params.page).as_deref(), whole_text(params.limit).as_deref())?;
    let (transfers, total) = state.ledger.transfers(user.scope, page, limit).await?;
    Ok(Envelope::ok(TransfersData {
        transfers: transfers
            .iter()
            .filter_map(|t| {
                let (from, to) = (t.from.as_ref(), t.to.as_ref());
                Some(TransferDto::of(from.or(to)?, from, to))
            })
            .collect(),
        pagination: Pagination::new(page, limit, total),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferBody {
    /// The sign is ignored.
    pub amount: Option<AmountInput>,
    pub description: Option<String>,
    pub from_account_id: Option<String>,
    pub to_account_id: Option<String>,
    /// YYYY-MM-DD or an ISO timestamp (turned into its London day).
    pub date: Option<DayInput>,
    pub notes: Option<String>,
}

/// Creates both legs of a transfer atomically.
#[utoipa::path(operation_id = "createTransfer", tag = "transfers", security(("bearer" = [])), request_body = TransferBody,
    responses((status = 201, body = Confirmed<TransferDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/transfers")]
pub async fn create_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TransferBody>,
) -> Result<Created<Confirmed<TransferDto>>, ApiError> {
    let transfer = state.ledger.create_transfer(user.scope, body.into_inner().into_input()).await?;
    Ok(Created(Confirmed::new((&transfer).into(), "Transfer created successfully")))
}

impl TransferBody {
    fn into_input(self) -> TransferInput {
        TransferInput {
            amount: self.amount.map(AmountInput::into_text),
            description: self.description.unwrap_or_default(),
            from_account_id: self.from_account_id.unwrap_or_default(),
            to_account_id: self.to_account_id.unwrap_or_default(),
            date: self.date.map(|d| d.0).unwrap_or_default(),
            notes: self.notes,
        }
    }
}

/// Changes both legs of a transfer at once (the id may be either leg's): amount, accounts,
/// date, description and notes, under the rules of a new transfer.
#[utoipa::path(operation_id = "updateTransfer", tag = "transfers", security(("bearer" = [])), request_body = TransferBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<TransferDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/transfers/{id}")]
pub async fn update_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<TransferBody>,
) -> Result<Confirmed<TransferDto>, ApiError> {
    let id = TransactionId(path_id(&id, "Transfer")?);
    let transfer = state.ledger.update_transfer(user.scope, id, body.into_inner().into_input()).await?;
    Ok(Confirmed::new((&transfer).into(), "Transfer updated successfully"))
}

/// Deletes both legs; the id may be either leg's.
#[utoipa::path(operation_id = "removeTransfer", tag = "transfers", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/transfers/{id}")]
pub async fn remove_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.ledger.delete_transfer(user.scope, TransactionId(path_id(&id, "Transfer")?)).await?;
    Ok(MessageResponse::ok("Transfer deleted successfully"))
}
