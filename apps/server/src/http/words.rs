//! The closed sets of words the API sends and accepts, each documented as a string enum so the
//! web app's unions are generated from the document, not written by hand. A wire field stays a
//! `String` (the use case reads it and answers a wrong word in the spec's own message) and names
//! its set with `#[schema(value_type = …)]` or `#[param(value_type = …)]`. The words come from
//! the domain's or the port's own `ALL` list where it has one (the literal lists below have none); the API fuzzing's response-schema check
//! fails on any word an answer sends outside its set.

use domain::accounts::AccountType;
use domain::budgets::{BudgetStatus, MonthSource, TrendDirection};
use domain::goals::{ContributionSource, GoalCategory, SavingsPeriod};
use domain::imports::RuleMatch;
use domain::inventory::{ExpiryState, StockColour};
use domain::recurring::{DueTone, Frequency};
use domain::transactions::{TransactionStatus, TransactionType};
use domain::transfers::Pairing;
use ports::ledger::TransactionSource;
use ports::statements::{DateFormat, StatementFormat};

/// Declares a set: a unit type whose schema is a string enum of `$words` (any iterator of
/// `&'static str`).
macro_rules! words {
    ($($(#[$meta:meta])* $name:ident = $words:expr;)+) => {$(
        $(#[$meta])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let words: Vec<&'static str> = $words.into_iter().collect();
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some(words))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    )+};
}

words! {
    /// A household member's role: owner, member or viewer.
    MemberRole = domain::households::HouseholdRole::ALL.map(domain::households::HouseholdRole::as_str);
    /// The role an invitation offers: member or viewer.
    InvitedRole = ["member", "viewer"];
    /// An invitation's state as listed: pending.
    InvitationState = ["pending"];
    /// Who in the household sees an account: every member, or only its owner.
    AccountVisibility = ["household", "private"];
    /// An account's type.
    AccountKind = AccountType::ALL.map(AccountType::as_str);
    /// income or expense.
    EntryKind = TransactionType::ALL.map(TransactionType::as_str);
    /// A recurring template's type: income, expense or transfer.
    RecurringKind = TransactionType::ALL.map(TransactionType::as_str).into_iter().chain(["transfer"]);
    /// completed, pending or declined.
    EntryStatus = TransactionStatus::ALL.map(TransactionStatus::as_str);
    /// Where a transaction came from.
    EntrySource = TransactionSource::ALL.map(TransactionSource::as_str);
    /// How a transfer was made from two rows.
    PairedBy = [Pairing::Auto.as_str(), Pairing::Manual.as_str()];
    /// The bank-linking provider.
    BankProvider = ["plaid", "demo", "enablebanking"];
    /// A budget line's state against its limit.
    BudgetState = BudgetStatus::ALL.map(BudgetStatus::as_str);
    /// Whether a month's figures are a finalised snapshot or computed today.
    FiguresSource = MonthSource::ALL.map(MonthSource::as_str);
    /// The recurring analytics' source of a month (no-data before any template).
    FlowSource = domain::recurring_analytics::Source::ALL.map(domain::recurring_analytics::Source::as_str);
    /// The way spending moves.
    Trend = TrendDirection::ALL.map(TrendDirection::as_str);
    /// A kind of recurring flow, as the analytics label it.
    FlowKind = ["Income", "Expense", "Transfer"];
    /// A savings suggestion's period.
    SavingsPer = SavingsPeriod::ALL.map(SavingsPeriod::as_str);
    /// A savings suggestion's period in words.
    SavingsPerLabel = SavingsPeriod::ALL.map(SavingsPeriod::label);
    /// A goal's category.
    GoalKind = GoalCategory::ALL.map(GoalCategory::as_str);
    /// A goal category to filter by, or all.
    GoalKindFilter = GoalCategory::ALL.map(GoalCategory::as_str).into_iter().chain(["all"]);
    /// Which goals a list shows.
    GoalStatusFilter = ["active", "completed", "all"];
    /// A goal list's order.
    GoalOrder = ["newest", "oldest", "progress", "targetDate", "targetAmount"];
    /// Where a contribution came from.
    ContributedFrom = ContributionSource::ALL.map(ContributionSource::as_str);
    /// A statement's file format.
    StatementKind = StatementFormat::ALL.map(StatementFormat::as_str);
    /// How a CSV's dates are written.
    DateLayout = DateFormat::ALL.map(DateFormat::as_str);
    /// An item's stock against what is needed.
    StockState = StockColour::ALL.map(StockColour::as_str);
    /// An item's expiry.
    ExpiryStatus = ExpiryState::ALL.map(ExpiryState::as_str);
    /// How near a due day is.
    DueNearness = DueTone::ALL.map(DueTone::as_str);
    /// How often a template falls due.
    Every = Frequency::ALL.map(Frequency::as_str);
    /// What deleting a template did.
    RemovedHow = ["deleted", "deactivated"];
    /// Whether a row needs any or all of the tags a list filters by.
    TagMatch = ["any", "all"];
    /// How a rule matches a description.
    MatchKind = RuleMatch::ALL.map(RuleMatch::as_str);
    /// What an administrator did.
    AuditAction = ["edit", "delete", "create", "toggle_status", "toggle_bank_access", "toggle_finalize_access"];
}
