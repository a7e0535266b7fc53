//! Transactions and transfers: the list with its filters and summary, one transaction, create,
//! edit and delete (a transfer leg changes only with its transfer), and transfers.

use actix_web::{delete, get, post, put, web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use domain::splits::SplitInput;
use domain::transactions::{TransactionId, TransactionInput};
use futures_util::StreamExt;
use ports::ledger::{
    AccountRef, LedgerSummary, TransactionPage, TransactionQuery, TransactionQueryInput, TransactionRecord,
    TransferPeer,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::accounts::AccountDto;
use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{
    day_text, json_answer, path_id, whole_text, AmountInput, Created, DayInput, Envelope, FlagInput, MessageResponse,
    Pounds, WholeInput,
};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list)
        .service(export_csv)
        .service(credit_account)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountRefDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = words::AccountKind)]
    pub account_type: String,
}

impl From<&AccountRef> for AccountRefDto {
    fn from(a: &AccountRef) -> Self {
        Self { id: a.id.to_string(), name: a.name.clone(), account_type: a.account_type.as_str().into() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRefDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub color: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelatedTransferDto {
    /// Null when the other leg is on another member's private account.
    #[serde(rename = "_id")]
    pub id: Option<String>,
    pub account_id: PeerAccountDto,
}

/// The account on the other side of a transfer; for another member's private account only
/// {_id: null, name: 'Private account'}.
#[derive(Debug, Serialize, ToSchema)]
pub struct PeerAccountDto {
    #[serde(rename = "_id")]
    pub id: Option<String>,
    pub name: String,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<words::AccountKind>)]
    pub account_type: Option<String>,
}

impl PeerAccountDto {
    pub const PRIVATE: &'static str = "Private account";

    pub fn private() -> Self {
        Self { id: None, name: Self::PRIVATE.into(), account_type: None }
    }
}

impl From<&AccountRef> for PeerAccountDto {
    fn from(a: &AccountRef) -> Self {
        Self { id: Some(a.id.to_string()), name: a.name.clone(), account_type: Some(a.account_type.as_str().into()) }
    }
}

impl From<&TransferPeer> for RelatedTransferDto {
    fn from(peer: &TransferPeer) -> Self {
        match peer {
            TransferPeer::Seen(leg) => Self { id: Some(leg.id.to_string()), account_id: (&leg.account).into() },
            TransferPeer::Private => Self { id: None, account_id: PeerAccountDto::private() },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Signed: negative for expenses (and outgoing transfer legs), positive for income.
    pub amount: Pounds,
    pub description: String,
    /// income or expense.
    #[serde(rename = "type")]
    #[schema(value_type = words::EntryKind)]
    pub transaction_type: String,
    /// The category, populated; null for transfer legs.
    pub category_id: Option<CategoryRefDto>,
    /// The account, populated.
    pub account_id: AccountRefDto,
    /// The London calendar day, YYYY-MM-DD.
    #[schema(value_type = String, example = "2026-06-15")]
    pub date: NaiveDate,
    pub notes: String,
    pub is_transfer: bool,
    /// completed, pending or declined (declined counts for nothing).
    #[schema(value_type = words::EntryStatus)]
    pub status: String,
    /// The account's balance after this transaction, in (date, entry) order.
    pub balance_after_transaction: Pounds,
    /// For a transfer leg: the other leg with its account.
    pub related_transfer_transaction: Option<RelatedTransferDto>,
    pub created_at: DateTime<Utc>,
    /// The recurring template that made it; null for one entered by hand.
    pub recurring_transaction: Option<RecurringSourceDto>,
    /// Where it came from: manual, import, bank or recurring.
    #[schema(value_type = words::EntrySource)]
    pub source: String,
    /// For a transfer made by pairing two rows (auto or manual); null otherwise. Such a transfer
    /// can be separated again (DELETE /transactions/{id}/pair).
    #[schema(value_type = Option<words::PairedBy>, example = "auto")]
    pub paired: Option<&'static str>,
    /// An ordinary row with a counterpart in another of the user's accounts: the same amount the
    /// other way within five days. Offered for pairing ('Looks like a transfer').
    pub looks_like_transfer: bool,
    /// The member who made it (for a recurring, bank or imported row: who set that up); null
    /// once their user is deleted.
    pub created_by: Option<CreatedByDto>,
    /// Its tags, by name.
    pub tags: Vec<TagRefDto>,
    /// How many receipts it carries (GET /transactions/{id}/receipts lists them).
    pub receipt_count: i64,
    /// Its parts when split across categories (then `categoryId` is null), in order; empty
    /// otherwise.
    pub splits: Vec<SplitDto>,
}

/// One part of a split transaction.
#[derive(Debug, Serialize, ToSchema)]
pub struct SplitDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub category: CategoryRefDto,
    /// Positive, whatever the transaction's type; the parts add up to the transaction's amount.
    pub amount: Pounds,
    pub note: String,
}

/// A tag as a transaction shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TagRefDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedByDto {
    /// The member's user id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringSourceDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Null once the template is deleted.
    pub description: Option<String>,
}

impl From<&TransactionRecord> for TransactionDto {
    fn from(t: &TransactionRecord) -> Self {
        Self {
            id: t.id.to_string(),
            amount: t.amount.into(),
            description: t.description.clone(),
            transaction_type: t.transaction_type.as_str().into(),
            category_id: t.category.as_ref().map(|c| CategoryRefDto {
                id: c.id.to_string(),
                name: c.name.clone(),
                color: c.color.clone(),
            }),
            account_id: (&t.account).into(),
            date: t.date,
            notes: t.notes.clone(),
            is_transfer: t.is_transfer,
            status: t.status.as_str().into(),
            balance_after_transaction: t.balance_after.into(),
            related_transfer_transaction: t.transfer_peer.as_ref().map(Into::into),
            created_at: t.created_at,
            recurring_transaction: t
                .recurring
                .as_ref()
                .map(|r| RecurringSourceDto { id: r.id.to_string(), description: r.description.clone() }),
            source: t.source.as_str().into(),
            paired: t.pairing.map(|p| p.as_str()),
            looks_like_transfer: t.looks_like_transfer,
            receipt_count: t.receipt_count,
            splits: t
                .splits
                .iter()
                .map(|p| SplitDto {
                    id: p.id.to_string(),
                    category: CategoryRefDto {
                        id: p.category.id.to_string(),
                        name: p.category.name.clone(),
                        color: p.category.color.clone(),
                    },
                    amount: p.amount.abs().into(),
                    note: p.note.clone(),
                })
                .collect(),
            created_by: t.created_by.as_ref().map(|m| CreatedByDto { id: m.id.to_string(), name: m.name.clone() }),
            tags: t
                .tags
                .iter()
                .map(|g| TagRefDto { id: g.id.to_string(), name: g.name.clone(), color: g.color.clone() })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Pagination {
    pub current: i64,
    pub pages: i64,
    pub total: i64,
    pub limit: i64,
}

impl Pagination {
    pub fn new(current: i64, limit: i64, total: i64) -> Self {
        Self { current, pages: (total + limit - 1) / limit, total, limit }
    }
}

/// Over the whole filtered set; transfers are neither income nor expense.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryDto {
    pub total_income: Pounds,
    /// Negative (expenses are stored negative).
    pub total_expenses: Pounds,
    /// Income plus expenses.
    pub balance: Pounds,
    /// The same as balance.
    pub net_amount: Pounds,
    /// Counted (non-declined) income and expense entries: what every screen calls transactions.
    pub transaction_count: i64,
    /// Transfer legs in the set (listed, not counted as transactions).
    pub transfer_leg_count: i64,
    /// Declined income and expense entries in the set (listed, not counted).
    pub declined_count: i64,
}

impl From<&LedgerSummary> for SummaryDto {
    fn from(s: &LedgerSummary) -> Self {
        let net = s.total_income + s.total_expenses;
        Self {
            total_income: s.total_income.into(),
            total_expenses: s.total_expenses.into(),
            balance: net.into(),
            net_amount: net.into(),
            transaction_count: s.transaction_count,
            transfer_leg_count: s.transfer_legs,
            declined_count: s.declined_count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransactionListResponse {
    pub success: bool,
    pub transactions: Vec<TransactionDto>,
    pub pagination: Pagination,
    pub summary: SummaryDto,
}

fn page_response(page: &TransactionPage, q: &TransactionQuery) -> TransactionListResponse {
    TransactionListResponse {
        success: true,
        transactions: page.items.iter().map(Into::into).collect(),
        pagination: Pagination::new(q.page, q.limit, page.total),
        summary: (&page.summary).into(),
    }
}

/// The credit-account summary: the list summary plus the account's credit figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditSummaryDto {
    #[serde(flatten)]
    pub base: SummaryDto,
    pub total_transfers: Pounds,
    pub credit_limit: Pounds,
    pub available_credit: Pounds,
    pub current_debt: Pounds,
    pub existing_debt: Pounds,
    /// Percent of the limit in use, one decimal.
    pub credit_used: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditAccountListResponse {
    pub success: bool,
    pub transactions: Vec<TransactionDto>,
    pub pagination: Pagination,
    pub summary: CreditSummaryDto,
    pub credit_account: AccountDto,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// 1-based page (default 1).
    pub page: Option<WholeInput>,
    /// Rows per page, 1 to 100 (default 20).
    pub limit: Option<WholeInput>,
    /// A category id.
    pub category: Option<String>,
    /// income or expense.
    #[serde(rename = "type")]
    #[param(value_type = Option<words::EntryKind>)]
    pub transaction_type: Option<String>,
    /// Inclusive.
    pub start_date: Option<DayInput>,
    /// Inclusive.
    pub end_date: Option<DayInput>,
    /// An account id.
    pub account: Option<String>,
    /// true to list transfer legs too (default false).
    pub include_transfers: Option<FlagInput>,
    /// Case-insensitive text in the description or category name.
    pub search: Option<String>,
    /// A member's user id: only the rows they made.
    pub created_by: Option<String>,
    /// Comma-separated tag ids (at most 10): only the rows carrying them.
    pub tags: Option<String>,
    /// Whether a row needs any (default) or all of `tags`.
    #[param(value_type = Option<words::TagMatch>)]
    pub tag_mode: Option<String>,
}

impl ListParams {
    fn into_query(self) -> Result<TransactionQuery, ApiError> {
        Ok(TransactionQuery::parse(&TransactionQueryInput {
            page: whole_text(self.page),
            limit: whole_text(self.limit),
            category: self.category,
            transaction_type: self.transaction_type,
            start_date: day_text(self.start_date),
            end_date: day_text(self.end_date),
            account: self.account,
            include_transfers: self.include_transfers.map(|f| f.0),
            search: self.search,
            created_by: self.created_by,
            tags: self.tags,
            tag_mode: self.tag_mode,
        })?)
    }
}

/// The filtered list, newest first, with pagination and the summary of the whole filtered set.
#[utoipa::path(operation_id = "transactionList", tag = "transactions", security(("bearer" = [])), params(ListParams),
    responses((status = 200, body = TransactionListResponse), (status = 400, body = ErrorResponse)))]
#[get("/transactions")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<ListParams>,
) -> Result<TransactionListResponse, ApiError> {
    let query = params.into_inner().into_query()?;
    let page = state.ledger.transactions(user.scope, query.clone()).await?;
    Ok(page_response(&page, &query))
}

/// Rows the export reads from the database at a time.
const EXPORT_BATCH: i64 = 2_000;

/// The filtered set as CSV (the list's filters; transfers included unless a type is asked for),
/// newest first, streamed in batches so any number of rows goes out in constant memory.
#[utoipa::path(operation_id = "transactionExportCsv", tag = "transactions", security(("bearer" = [])), params(ListParams),
    responses((status = 200, description = "UTF-8 CSV with a byte-order mark: Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags",
               content_type = "text/csv", body = String),
              (status = 400, body = ErrorResponse)))]
#[get("/transactions/export.csv")]
pub async fn export_csv(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let mut params = params.into_inner();
    // Paging does not apply to an export.
    params.page = None;
    params.limit = None;
    let mut query = params.into_query()?;
    query.include_transfers = query.transaction_type.is_none();
    let user = user.scope;
    let ledger = state.ledger.clone();
    // The first batch is read before the answer starts, so a failing query is still an error
    // answer and not a cut-off file.
    let (first, cursor) = ledger.export_batch(user, query.clone(), None, EXPORT_BATCH).await?;
    let head = format!("{}{}\r\n", domain::exports::UTF8_BOM, domain::exports::EXPORT_HEADER);
    let more = cursor.filter(|_| first.len() as i64 == EXPORT_BATCH);
    let first = lines(head, &first);
    let rest = futures_util::stream::unfold(more, move |cursor| {
        let ledger = ledger.clone();
        let query = query.clone();
        async move {
            let cursor = cursor?;
            match ledger.export_batch(user, query, Some(cursor), EXPORT_BATCH).await {
                Ok((rows, _)) if rows.is_empty() => None,
                Ok((rows, next)) => {
                    let next = next.filter(|_| rows.len() as i64 == EXPORT_BATCH);
                    Some((Ok(web::Bytes::from(lines(String::new(), &rows))), next))
                }
                Err(e) => {
                    tracing::error!(error = %e, "the export stopped part way");
                    Some((Err(actix_web::error::ErrorInternalServerError("export failed")), None))
                }
            }
        }
    });
    let body =
        futures_util::stream::once(async move { Ok::<_, actix_web::Error>(web::Bytes::from(first)) }).chain(rest);
    Ok(crate::http::wire::download("text/csv; charset=utf-8", "transactions", "csv").streaming(body))
}

fn lines(mut out: String, rows: &[domain::exports::ExportRow]) -> String {
    for row in rows {
        out.push_str(&domain::exports::export_line(row));
    }
    out
}

/// The list for one credit or credit-card account, with its credit figures.
#[utoipa::path(operation_id = "transactionCreditAccount", tag = "transactions", security(("bearer" = [])),
    params(("id" = String, Path), ListParams),
    responses((status = 200, body = CreditAccountListResponse), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/transactions/credit-account/{id}")]
pub async fn credit_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    params: web::Query<ListParams>,
) -> Result<CreditAccountListResponse, ApiError> {
    let account = AccountId(path_id(&id, "Account")?);
    let query = params.into_inner().into_query()?;
    let result = state.ledger.credit_account_transactions(user.scope, account, query.clone()).await?;
    let base = page_response(&result.page, &query);
    let credit_account = AccountDto::from(&result.account);
    let zero = domain::Money::ZERO;
    let credit = result.account.balances.credit;
    Ok(CreditAccountListResponse {
        success: true,
        transactions: base.transactions,
        pagination: base.pagination,
        summary: CreditSummaryDto {
            base: base.summary,
            total_transfers: result.page.summary.total_transfers.into(),
            credit_limit: credit.map_or(zero, |c| c.credit_limit).into(),
            available_credit: credit.map_or(zero, |c| c.available_credit).into(),
            current_debt: credit.map_or(zero, |c| c.current_debt).into(),
            existing_debt: credit.map_or(zero, |c| c.existing_debt).into(),
            credit_used: credit.map_or(0.0, |c| c.credit_used_permille as f64 / 10.0),
        },
        credit_account,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionBody {
    /// The sign is ignored: the type decides it.
    pub amount: Option<AmountInput>,
    pub description: Option<String>,
    #[serde(rename = "type")]
    #[schema(value_type = Option<words::EntryKind>)]
    pub transaction_type: Option<String>,
    pub category_id: Option<String>,
    pub account_id: Option<String>,
    /// YYYY-MM-DD or an ISO timestamp (turned into its London day).
    pub date: Option<DayInput>,
    pub notes: Option<String>,
    /// completed (default), pending or declined.
    #[schema(value_type = Option<words::EntryStatus>)]
    pub status: Option<String>,
    /// The tags' ids (at most 10, each the household's own; a repeat counts once). Absent on an
    /// edit: its tags stay as they are.
    pub tag_ids: Option<Vec<String>>,
    /// Splits the amount across categories: 2 to 20 parts adding up exactly to `amount` (then
    /// `categoryId` is not needed). An empty list takes a split away (then `categoryId` is
    /// needed); absent: not split (a `categoryId` is needed).
    pub splits: Option<Vec<SplitBody>>,
}

/// One part of a split as a client sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SplitBody {
    pub category_id: Option<String>,
    /// Above zero, at most two decimals.
    pub amount: Option<AmountInput>,
    /// At most 200 characters.
    pub note: Option<String>,
}

impl TransactionBody {
    fn into_input(self) -> TransactionInput {
        TransactionInput {
            amount: self.amount.map(AmountInput::into_text),
            description: self.description.unwrap_or_default(),
            transaction_type: self.transaction_type.unwrap_or_default(),
            category_id: self.category_id.unwrap_or_default(),
            account_id: self.account_id.unwrap_or_default(),
            date: self.date.map(|d| d.0).unwrap_or_default(),
            notes: self.notes,
            status: self.status,
            tag_ids: self.tag_ids,
            splits: self.splits.map(|parts| {
                parts
                    .into_iter()
                    .map(|p| SplitInput {
                        category_id: p.category_id.unwrap_or_default(),
                        amount: p.amount.map(AmountInput::into_text),
                        note: p.note,
                    })
                    .collect()
            }),
        }
    }
}

pub(crate) fn transaction_id(raw: &str) -> Result<TransactionId, ApiError> {
    Ok(TransactionId(path_id(raw, "Transaction")?))
}

#[utoipa::path(operation_id = "transactionCreate", tag = "transactions", security(("bearer" = [])), request_body = TransactionBody,
    responses((status = 201, body = Envelope<TransactionDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/transactions")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TransactionBody>,
) -> Result<Created<Envelope<TransactionDto>>, ApiError> {
    let t = state.ledger.create_transaction(user.scope, body.into_inner().into_input()).await?;
    Ok(Created(Envelope::with_message((&t).into(), "Transaction created successfully")))
}

/// One transaction with its account, category and, for a transfer leg, the other leg.
#[utoipa::path(operation_id = "transactionGetOne", tag = "transactions", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TransactionDto>), (status = 404, body = ErrorResponse)))]
#[get("/transactions/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<TransactionDto>, ApiError> {
    let t = state.ledger.transaction(user.scope, transaction_id(&id)?).await?;
    Ok(Envelope::ok((&t).into()))
}

/// Replaces a transaction; a transfer leg is a 400 ('Transfers cannot be edited').
#[utoipa::path(operation_id = "transactionUpdate", tag = "transactions", security(("bearer" = [])), request_body = TransactionBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TransactionDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/transactions/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<TransactionBody>,
) -> Result<Envelope<TransactionDto>, ApiError> {
    let t = state.ledger.update_transaction(user.scope, transaction_id(&id)?, body.into_inner().into_input()).await?;
    Ok(Envelope::with_message((&t).into(), "Transaction updated successfully"))
}

/// Deletes a transaction; deleting a transfer leg deletes both legs.
#[utoipa::path(operation_id = "transactionRemove", tag = "transactions", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/transactions/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.ledger.delete_transaction(user.scope, transaction_id(&id)?).await?;
    Ok(MessageResponse::ok("Transaction deleted successfully"))
}

json_answer!(CreditAccountListResponse, TransactionListResponse);
