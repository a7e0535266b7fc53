//! The OpenAPI document, generated from the handlers and wire types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::error::{ErrorCode, ErrorResponse};
use super::routes::{accounts, auth, budgets, categories, health, reports, transactions};
use super::wire::{AmountInput, MessageResponse, Pounds, RoleDto, UserDto};

#[derive(OpenApi)]
#[openapi(
    info(title = "MySpending API", description = "Personal finance and household tracking for the UK.", license(name = "MIT")),
    paths(
        health::health, health::public_config,
        auth::register, auth::login, auth::me, auth::update_profile, auth::verify_email,
        auth::forgot_password, auth::reset_password, auth::can_connect_bank,
        accounts::list, accounts::real_time_balances, accounts::create, accounts::update, accounts::remove,
        categories::list, categories::create, categories::get_one, categories::count, categories::update,
        categories::remove,
        transactions::list, transactions::credit_account, transactions::create, transactions::get_one,
        transactions::update, transactions::remove, transactions::list_transfers, transactions::create_transfer,
        transactions::remove_transfer,
        reports::dashboard_summary, reports::chart_data, reports::monthly, reports::monthly_pdf, reports::yearly,
        budgets::list, budgets::set, budgets::remove, budgets::finalize_mine, budgets::finalize_for, budgets::analytics,
    ),
    components(schemas(
        ErrorResponse, ErrorCode, MessageResponse, UserDto, RoleDto, health::HealthResponse, health::PublicConfigResponse,
        auth::RegisterBody, auth::LoginBody, auth::VerifyEmailBody, auth::ForgotPasswordBody,
        auth::ResetPasswordBody, auth::UpdateProfileBody, auth::AuthResponse, auth::UserResponse,
        auth::ProfileResponse, auth::CanConnectBankResponse,
        Pounds, AmountInput,
        accounts::AccountDto, accounts::AccountsData, accounts::AccountsResponse, accounts::AccountResponse,
        accounts::AccountBody,
        categories::CategoryDto, categories::CategoriesResponse, categories::CategoryResponse,
        categories::TransactionsCountResponse, categories::CategoryBody,
        transactions::AccountRefDto, transactions::CategoryRefDto, transactions::RelatedTransferDto,
        transactions::TransactionDto, transactions::Pagination, transactions::SummaryDto,
        transactions::TransactionListResponse, transactions::CreditSummaryDto,
        transactions::CreditAccountListResponse, transactions::TransactionResponse, transactions::TransactionBody,
        transactions::TransferDto, transactions::TransfersData, transactions::TransfersResponse,
        transactions::TransferResponse, transactions::TransferBody,
        reports::DashboardSummaryDto, reports::DashboardSummaryResponse, reports::ChartSliceDto,
        reports::ChartDataResponse, reports::PeriodDto, reports::ReportSummaryDto, reports::CategoryNameDto,
        reports::BreakdownLineDto, reports::BreakdownDto, reports::ReportTransactionDto, reports::MonthlyReportDto,
        reports::MonthlyReportResponse, reports::MonthFiguresDto, reports::YearlyReportDto,
        reports::YearlyReportResponse,
        budgets::BudgetCategoryDto, budgets::BudgetDto, budgets::MonthInfoDto, budgets::BudgetsData,
        budgets::BudgetsResponse, budgets::BudgetResponse, budgets::BudgetBody, budgets::FinalizeBody,
        budgets::FinalizedDto, budgets::FinalizeResponse, budgets::CategoryBreakdownDto, budgets::MonthlyBudgetDto,
        budgets::AnalyticsSummaryDto, budgets::BestMonthDto, budgets::OverspentDto, budgets::TrendDto,
        budgets::InsightsDto, budgets::AnalyticsDto, budgets::AnalyticsData, budgets::AnalyticsResponse,
    )),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The document as pretty JSON (what `myspending openapi` prints and the frontend types are made from).
pub fn document_json() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises")
}
