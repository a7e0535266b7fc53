use std::sync::Arc;

use chrono::{NaiveDate, TimeZone, Utc};
use domain::goals::{ContributionInput, GoalCategory, GoalInput};
use domain::ids::GoalId;
use domain::{Money, Scope, UserId};
use uuid::Uuid;

use super::*;
use crate::clock::MockClock;

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn goal(n: u128, target: i64, saved: i64, target_date: &str, completed: bool) -> Goal {
    Goal {
        id: GoalId(Uuid::from_u128(n)),
        name: format!("Goal {n}"),
        description: String::new(),
        target: Money::from_pence(target),
        saved: Money::from_pence(saved),
        target_date: day(target_date),
        category: if n.is_multiple_of(2) { GoalCategory::Car } else { GoalCategory::Other },
        icon: "target".into(),
        color: "#3B82F6".into(),
        completed_at: completed.then(|| Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap()),
        created_at: Utc.with_ymd_and_hms(2026, 1, u32::try_from(n).unwrap(), 9, 0, 0).unwrap(),
        contribution_days: vec![],
    }
}

fn service(goals: MockGoalRepository) -> GoalService {
    let mut clock = MockClock::new();
    // 00:30 on 26 November in London is still the 25th in UTC: today is the 26th.
    clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 26, 0, 30, 0).unwrap());
    GoalService::new(Arc::new(goals), Arc::new(clock))
}

fn ids(views: &[GoalView]) -> Vec<u128> {
    views.iter().map(|v| v.goal.id.0.as_u128()).collect()
}

fn four_goals() -> MockGoalRepository {
    let mut goals = MockGoalRepository::new();
    goals.expect_list().returning(|_| {
        Ok(vec![
            goal(1, 10_000, 9_000, "2027-03-01", false),
            goal(2, 50_000, 50_000, "2027-01-01", true),
            goal(3, 90_000, 0, "2026-12-01", false),
            goal(4, 20_000, 5_000, "2027-06-01", false),
        ])
    });
    goals
}

#[tokio::test]
async fn the_list_filters_by_status_and_category_and_sorts_five_ways() {
    let s = service(four_goals());
    let user = Scope::solo(UserId(Uuid::from_u128(9)));
    let list = |status: &str, category: &str, sort: &str| {
        let s = s.clone();
        let q = GoalQuery::parse(status, category, sort).unwrap();
        async move { ids(&s.list(user, q).await.unwrap()) }
    };
    assert_eq!(list("", "", "").await, vec![4, 3, 2, 1]);
    assert_eq!(list("", "", "oldest").await, vec![1, 2, 3, 4]);
    assert_eq!(list("", "", "progress").await, vec![2, 1, 4, 3]);
    assert_eq!(list("", "", "targetDate").await, vec![3, 2, 1, 4]);
    assert_eq!(list("", "", "targetAmount").await, vec![3, 2, 4, 1]);
    assert_eq!(list("active", "", "").await, vec![4, 3, 1]);
    assert_eq!(list("completed", "", "").await, vec![2]);
    assert_eq!(list("all", "car", "oldest").await, vec![2, 4]);
    assert_eq!(GoalQuery::parse("done", "", "").unwrap_err().message, "Status must be active or completed");
    assert!(GoalQuery::parse("", "boat", "").is_err());
    assert!(GoalQuery::parse("", "", "name").is_err());
}

#[tokio::test]
async fn the_overview_sums_every_goal_and_names_the_unfinished_one_due_first() {
    let o = service(four_goals()).overview(Scope::solo(UserId(Uuid::from_u128(9)))).await.unwrap();
    assert_eq!((o.summary.total, o.summary.active, o.summary.completed), (4, 3, 1));
    assert_eq!(o.summary.saved, Money::from_pence(64_000));
    assert_eq!(o.nearest.unwrap().goal.id, GoalId(Uuid::from_u128(3)));
}

#[tokio::test]
async fn a_bad_form_reaches_no_storage_and_today_is_londons() {
    let mut goals = MockGoalRepository::new();
    goals.expect_create().never();
    goals.expect_contribute().never();
    let s = service(goals);
    let user = Scope::solo(UserId(Uuid::from_u128(9)));
    let input = GoalInput {
        name: "Car".into(),
        target_amount: Some("100".into()),
        target_date: "2026-11-26".into(),
        ..GoalInput::default()
    };
    let err = s.create(user, &input).await.unwrap_err();
    assert_eq!(err.to_string(), "Target date must be in the future");
    let contribution = ContributionInput { amount: Some("5".into()), date: "2026-11-27".into(), ..Default::default() };
    let err = s.contribute(user, GoalId(Uuid::from_u128(1)), &contribution).await.unwrap_err();
    assert_eq!(err.to_string(), "Contribution date cannot be in the future");
}

#[tokio::test]
async fn an_edit_is_checked_against_the_goal_as_it_was() {
    let mut goals = MockGoalRepository::new();
    goals.expect_get().returning(|_, _| Ok(goal(3, 90_000, 0, "2026-10-01", false)));
    goals.expect_update().times(1).returning(|_, id, draft, _| {
        let mut g = goal(3, draft.target_amount.pence(), 0, "2026-10-01", false);
        g.id = id;
        Ok(g)
    });
    let s = service(goals);
    let user = Scope::solo(UserId(Uuid::from_u128(9)));
    let unchanged_past = GoalInput {
        name: "Goal 3".into(),
        target_amount: Some("1000".into()),
        target_date: "2026-10-01".into(),
        ..GoalInput::default()
    };
    let view = s.update(user, GoalId(Uuid::from_u128(3)), &unchanged_past).await.unwrap();
    assert!(view.stats.is_overdue);
    let moved_past = GoalInput { target_date: "2026-10-02".into(), ..unchanged_past };
    assert_eq!(
        s.update(user, GoalId(Uuid::from_u128(3)), &moved_past).await.unwrap_err().to_string(),
        "Target date must be in the future"
    );
}
