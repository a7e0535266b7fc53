//! Savings goals, their contributions and the goals summary.

use actix_web::{delete, get, post, put, web};
use chrono::{DateTime, NaiveDate, Utc};
use domain::goals::{ContributionInput, GoalInput, GoalStats};
use ports::goals::{Contribution, GoalQuery, GoalView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{
    day_text, path_id, AmountInput, Confirmed, Created, DayInput, Envelope, MessageResponse, Pounds,
};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(summary)
        .service(list)
        .service(create)
        .service(one)
        .service(update)
        .service(remove)
        .service(contribute)
        .service(contributions)
        .service(remove_contribution);
}

fn percent(permille: i64) -> f64 {
    permille as f64 / 10.0
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavingsSuggestionDto {
    /// day, week or month.
    #[schema(value_type = words::SavingsPer)]
    pub period: String,
    /// 'per day', 'per week' or 'per month'.
    #[schema(value_type = words::SavingsPerLabel)]
    pub label: String,
    /// Rounded up to the penny: saving it every period reaches the target on time.
    pub amount: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalStatsDto {
    /// Percent, one decimal, capped at 100.
    pub progress_percentage: f64,
    /// Floor 0.
    pub remaining_amount: Pounds,
    /// Target day minus today (London), floor 0.
    pub days_remaining: i64,
    pub days_passed_after_target: i64,
    pub days_passed_after_completion: i64,
    pub is_overdue: bool,
    pub is_completed: bool,
    /// None when completed or the target day has come.
    pub savings_suggestions: Vec<SavingsSuggestionDto>,
    /// At the pace of the contributions so far, the day it would be reached; null with fewer than
    /// two contributions or when completed.
    #[schema(value_type = Option<String>, example = "2027-03-14")]
    pub projected_completion_date: Option<NaiveDate>,
    /// Whether that day is on or before the target day; null without a projection.
    pub on_track: Option<bool>,
}

impl From<&GoalStats> for GoalStatsDto {
    fn from(s: &GoalStats) -> Self {
        Self {
            progress_percentage: percent(s.progress_permille),
            remaining_amount: s.remaining.into(),
            days_remaining: s.days_remaining,
            days_passed_after_target: s.days_passed_after_target,
            days_passed_after_completion: s.days_passed_after_completion,
            is_overdue: s.is_overdue,
            is_completed: s.is_completed,
            savings_suggestions: s
                .suggestions
                .iter()
                .map(|x| SavingsSuggestionDto {
                    period: x.period.as_str().into(),
                    label: x.period.label().into(),
                    amount: x.amount.into(),
                })
                .collect(),
            projected_completion_date: s.projection.map(|p| p.completion),
            on_track: s.projection.map(|p| p.on_track),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub target_amount: Pounds,
    /// The sum of its contributions.
    pub current_amount: Pounds,
    #[schema(value_type = String, example = "2027-06-01")]
    pub target_date: NaiveDate,
    /// vacation, emergency, purchase, education, home, car or other.
    #[schema(value_type = words::GoalKind)]
    pub category: String,
    /// One of the 20 goal icons (lucide names).
    pub icon: String,
    /// One of the 15 goal colours (#RRGGBB).
    pub color: String,
    pub is_completed: bool,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub contribution_count: usize,
    pub stats: GoalStatsDto,
}

impl From<&GoalView> for GoalDto {
    fn from(v: &GoalView) -> Self {
        let g = &v.goal;
        Self {
            id: g.id.to_string(),
            name: g.name.clone(),
            description: g.description.clone(),
            target_amount: g.target.into(),
            current_amount: g.saved.into(),
            target_date: g.target_date,
            category: g.category.as_str().into(),
            icon: g.icon.clone(),
            color: g.color.clone(),
            is_completed: g.is_completed(),
            completed_at: g.completed_at,
            created_at: g.created_at,
            contribution_count: g.contribution_days.len(),
            stats: (&v.stats).into(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GoalListQuery {
    /// active, completed, or all (the default).
    #[param(value_type = Option<words::GoalStatusFilter>)]
    pub status: Option<String>,
    /// One of the seven categories, or all (the default).
    #[param(value_type = Option<words::GoalKindFilter>)]
    pub category: Option<String>,
    /// newest (default), oldest, progress, targetDate or targetAmount.
    #[param(value_type = Option<words::GoalOrder>)]
    pub sort: Option<String>,
}

/// The user's goals with their figures.
#[utoipa::path(operation_id = "goalList", tag = "goals", security(("bearer" = [])), params(GoalListQuery),
    responses((status = 200, body = Envelope<Vec<GoalDto>>), (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse)))]
#[get("/goals")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<GoalListQuery>,
) -> Result<Envelope<Vec<GoalDto>>, ApiError> {
    let q = query.into_inner();
    let text = |v: Option<String>| v.unwrap_or_default();
    let query = GoalQuery::parse(&text(q.status), &text(q.category), &text(q.sort))?;
    let goals = state.goals.list(user.scope, query).await?;
    Ok(Envelope::ok(goals.iter().map(Into::into).collect()))
}

/// One goal with its figures.
#[utoipa::path(operation_id = "goalGet", tag = "goals", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<GoalDto>), (status = 404, body = ErrorResponse)))]
#[get("/goals/{id}")]
pub async fn one(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<GoalDto>, ApiError> {
    let goal = state.goals.get(user.scope, path_id(&id, "Goal")?).await?;
    Ok(Envelope::ok((&goal).into()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalBody {
    /// 1 to 100 characters.
    pub name: Option<String>,
    /// Up to 500 characters.
    pub description: Option<String>,
    /// £0.01 to £999,999,999.99.
    pub target_amount: Option<AmountInput>,
    /// After today (London); an edit may keep a past one unchanged.
    pub target_date: Option<DayInput>,
    /// vacation, emergency, purchase, education, home, car or other (the default).
    #[schema(value_type = Option<words::GoalKind>)]
    pub category: Option<String>,
    /// One of the 20 goal icons; blank for the category's preset.
    pub icon: Option<String>,
    /// One of the 15 goal colours; blank for the category's preset.
    pub color: Option<String>,
}

impl GoalBody {
    fn into_input(self) -> GoalInput {
        GoalInput {
            name: self.name.unwrap_or_default(),
            description: self.description,
            target_amount: self.target_amount.map(AmountInput::into_text),
            target_date: day_text(self.target_date).unwrap_or_default(),
            category: self.category.unwrap_or_default(),
            icon: self.icon.unwrap_or_default(),
            color: self.color.unwrap_or_default(),
        }
    }
}

/// Creates a goal; its category sets its icon and colour unless others are picked.
#[utoipa::path(operation_id = "goalCreate", tag = "goals", security(("bearer" = [])), request_body = GoalBody,
    responses((status = 201, body = Envelope<GoalDto>), (status = 400, body = ErrorResponse)))]
#[post("/goals")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<GoalBody>,
) -> Result<Created<Envelope<GoalDto>>, ApiError> {
    let goal = state.goals.create(user.scope, &body.into_inner().into_input()).await?;
    Ok(Created(Envelope::with_message((&goal).into(), "Goal created successfully")))
}

/// Edits a goal; a new target may complete it or reopen it.
#[utoipa::path(operation_id = "goalUpdate", tag = "goals", security(("bearer" = [])), request_body = GoalBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<GoalDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/goals/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<GoalBody>,
) -> Result<Envelope<GoalDto>, ApiError> {
    let id = path_id(&id, "Goal")?;
    let goal = state.goals.update(user.scope, id, &body.into_inner().into_input()).await?;
    Ok(Envelope::with_message((&goal).into(), "Goal updated successfully"))
}

/// Deletes a goal and its contributions.
#[utoipa::path(operation_id = "goalDelete", tag = "goals", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/goals/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.goals.delete(user.scope, path_id(&id, "Goal")?).await?;
    Ok(MessageResponse::ok("Goal deleted successfully"))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributionDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub goal_id: String,
    pub amount: Pounds,
    #[schema(value_type = String, example = "2026-11-20")]
    pub date: NaiveDate,
    pub description: String,
    /// cash, bank_transfer, salary, bonus, refund or other.
    #[schema(value_type = words::ContributedFrom)]
    pub source: String,
    pub notes: String,
    pub created_at: DateTime<Utc>,
}

impl From<&Contribution> for ContributionDto {
    fn from(c: &Contribution) -> Self {
        Self {
            id: c.id.to_string(),
            goal_id: c.goal_id.to_string(),
            amount: c.amount.into(),
            date: c.date,
            description: c.description.clone(),
            source: c.source.as_str().into(),
            notes: c.notes.clone(),
            created_at: c.created_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributionBody {
    /// £0.01 to £999,999,999.99.
    pub amount: Option<AmountInput>,
    /// Today or earlier (London).
    pub date: Option<DayInput>,
    /// Up to 200 characters; 'Savings contribution' when blank.
    pub description: Option<String>,
    /// cash, bank_transfer, salary, bonus, refund or other (the default).
    #[schema(value_type = Option<words::ContributedFrom>)]
    pub source: Option<String>,
    /// Up to 300 characters.
    pub notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContributedDto {
    /// The goal with the contribution counted (completed when it reached the target).
    pub goal: GoalDto,
    pub contribution: ContributionDto,
}

/// Adds a contribution; the goal completes when it reaches its target.
#[utoipa::path(operation_id = "goalContribute", tag = "goals", security(("bearer" = [])), request_body = ContributionBody,
    params(("id" = String, Path)),
    responses((status = 201, body = Confirmed<ContributedDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/goals/{id}/contributions")]
pub async fn contribute(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<ContributionBody>,
) -> Result<Created<Confirmed<ContributedDto>>, ApiError> {
    let id = path_id(&id, "Goal")?;
    let b = body.into_inner();
    let input = ContributionInput {
        amount: b.amount.map(AmountInput::into_text),
        date: day_text(b.date).unwrap_or_default(),
        description: b.description,
        source: b.source.unwrap_or_default(),
        notes: b.notes,
    };
    let done = state.goals.contribute(user.scope, id, &input).await?;
    let message = if done.completed_the_goal {
        "Contribution added successfully. Congratulations! Goal achieved!"
    } else {
        "Contribution added successfully"
    };
    Ok(Created(Confirmed::new(
        ContributedDto { goal: (&done.goal).into(), contribution: (&done.contribution).into() },
        message,
    )))
}

/// The goal's contributions, newest first.
#[utoipa::path(operation_id = "goalContributions", tag = "goals", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<ContributionDto>>), (status = 404, body = ErrorResponse)))]
#[get("/goals/{id}/contributions")]
pub async fn contributions(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<Vec<ContributionDto>>, ApiError> {
    let found = state.goals.contributions(user.scope, path_id(&id, "Goal")?).await?;
    Ok(Envelope::ok(found.iter().map(Into::into).collect()))
}

/// Removes a contribution; the goal reopens when it falls below its target.
#[utoipa::path(operation_id = "goalRemoveContribution", tag = "goals", security(("bearer" = [])),
    params(("id" = String, Path), ("contributionId" = String, Path)),
    responses((status = 200, body = Envelope<GoalDto>), (status = 404, body = ErrorResponse)))]
#[delete("/goals/{id}/contributions/{contributionId}")]
pub async fn remove_contribution(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<(String, String)>,
) -> Result<Envelope<GoalDto>, ApiError> {
    let (goal, contribution) = path.into_inner();
    let goal = path_id(&goal, "Goal")?;
    let contribution = path_id(&contribution, "Contribution")?;
    let goal = state.goals.remove_contribution(user.scope, goal, contribution).await?;
    Ok(Envelope::with_message((&goal).into(), "Contribution deleted successfully"))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearestGoalDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[schema(value_type = String, example = "2027-06-01")]
    pub target_date: NaiveDate,
    pub days_remaining: i64,
    pub progress_percentage: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalsSummaryDto {
    pub total_goals: i64,
    /// Not completed.
    pub active_goals: i64,
    pub completed_goals: i64,
    /// Everything saved (each goal counted up to its target) of everything targeted, percent
    /// with one decimal.
    pub overall_progress: f64,
    pub total_saved_amount: Pounds,
    pub total_target_amount: Pounds,
    /// The unfinished goal whose target day comes first.
    pub nearest_goal: Option<NearestGoalDto>,
}

/// The figures of all the user's goals, for the dashboard and the goals page.
#[utoipa::path(operation_id = "goalSummary", tag = "goals", security(("bearer" = [])),
    responses((status = 200, body = Envelope<GoalsSummaryDto>), (status = 401, body = ErrorResponse)))]
#[get("/goals/dashboard/summary")]
pub async fn summary(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<GoalsSummaryDto>, ApiError> {
    let o = state.goals.overview(user.scope).await?;
    let s = &o.summary;
    Ok(Envelope::ok(GoalsSummaryDto {
        total_goals: s.total,
        active_goals: s.active,
        completed_goals: s.completed,
        overall_progress: percent(s.overall_permille),
        total_saved_amount: s.saved.into(),
        total_target_amount: s.target.into(),
        nearest_goal: o.nearest.map(|n| NearestGoalDto {
            id: n.goal.id.to_string(),
            name: n.goal.name.clone(),
            target_date: n.goal.target_date,
            days_remaining: n.stats.days_remaining,
            progress_percentage: percent(n.stats.progress_permille),
        }),
    }))
}
