//! Savings goals on a real database: the saved amount is always the sum of the contributions
//! (also under 50 at once), completion follows the target both ways, goals stay private, and
//! deleting a goal or its user takes its contributions along.

use crate::support::{new_user, number as count};
use adapter_postgres::test_support::TestDb;
use adapter_postgres::PgGoalRepository;
use chrono::{NaiveDate, TimeZone, Utc};
use diesel::{Connection, PgConnection, RunQueryDsl};
use domain::goals::{ContributionDraft, ContributionSource, GoalCategory, GoalDraft};
use domain::ids::{ContributionId, GoalId};
use domain::{Money, Scope};
use ports::goals::GoalRepository;
use ports::RepoError;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

async fn user(t: &TestDb, email: &str) -> Scope {
    new_user(t, "Jane Doe", email).await
}

fn draft(target_pence: i64) -> GoalDraft {
    GoalDraft {
        name: "Holiday in Cornwall".into(),
        description: String::new(),
        target_amount: Money::from_pence(target_pence),
        target_date: day(2027, 6, 1),
        category: GoalCategory::Vacation,
        icon: "plane".into(),
        color: "#0EA5E9".into(),
    }
}

fn contribution(pence: i64) -> ContributionDraft {
    ContributionDraft {
        amount: Money::from_pence(pence),
        date: day(2026, 11, 20),
        description: "Savings contribution".into(),
        source: ContributionSource::Salary,
        notes: String::new(),
    }
}

#[tokio::test]
async fn fifty_contributions_at_once_all_count_and_the_one_that_reaches_the_target_completes_it() {
    let t = TestDb::new();
    let repo = PgGoalRepository::new(t.db.clone());
    let jane = user(&t, "jane@example.com").await;
    let goal = repo.create(jane, GoalId::generate(), &draft(50 * 1_001)).await.unwrap();
    let now = Utc.with_ymd_and_hms(2026, 11, 25, 10, 0, 0).unwrap();

    let mut tasks = Vec::new();
    for i in 0..50 {
        let repo = PgGoalRepository::new(t.db.clone());
        let id = goal.id;
        tasks.push(tokio::spawn(async move {
            repo.contribute(jane, id, ContributionId::generate(), &contribution(1_000 + i), now).await.map(|(g, _)| g)
        }));
    }
    // Each saw the goal as it was with its own contribution in: 50 different running totals.
    let mut totals = Vec::new();
    for task in tasks {
        let g = task.await.unwrap().unwrap();
        assert_eq!(g.is_completed(), g.saved.pence() >= 50 * 1_001);
        totals.push(g.saved.pence());
    }
    totals.sort_unstable();
    totals.dedup();
    assert_eq!(totals.len(), 50);
    // 1,000 + … + 1,049 = 51,225 ≥ 50,050: the goal is complete.
    let after = repo.get(jane, goal.id).await.unwrap();
    assert_eq!(after.saved.pence(), (0..50).map(|i| 1_000 + i).sum::<i64>());
    assert_eq!(after.contribution_days.len(), 50);
    assert_eq!(after.completed_at, Some(now));
    assert_eq!(
        count(&t, &format!("SELECT sum(amount)::bigint AS n FROM goal_contributions WHERE goal_id = '{}'", goal.id)),
        after.saved.pence()
    );
}

#[tokio::test]
async fn removing_a_contribution_below_the_target_reopens_the_goal_and_a_lower_target_completes_it() {
    let t = TestDb::new();
    let repo = PgGoalRepository::new(t.db.clone());
    let jane = user(&t, "jane@example.com").await;
    let goal = repo.create(jane, GoalId::generate(), &draft(10_000)).await.unwrap();
    assert!(!goal.is_completed());
    let first = Utc.with_ymd_and_hms(2026, 11, 20, 10, 0, 0).unwrap();
    let (g, small) =
        repo.contribute(jane, goal.id, ContributionId::generate(), &contribution(4_000), first).await.unwrap();
    assert_eq!((g.saved.pence(), g.is_completed()), (4_000, false));
    let (g, _) = repo.contribute(jane, goal.id, ContributionId::generate(), &contribution(6_000), first).await.unwrap();
    assert_eq!((g.saved.pence(), g.completed_at), (10_000, Some(first)));

    // A later contribution keeps the day it was completed on.
    let later = Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap();
    let (g, _) = repo.contribute(jane, goal.id, ContributionId::generate(), &contribution(500), later).await.unwrap();
    assert_eq!(g.completed_at, Some(first));

    let g = repo.remove_contribution(jane, goal.id, small.id).await.unwrap();
    assert_eq!((g.saved.pence(), g.is_completed()), (6_500, false));
    assert_eq!(repo.contributions(jane, goal.id).await.unwrap().len(), 2);

    // Editing the target down to what is saved completes it; back up reopens it.
    let g = repo.update(jane, goal.id, &draft(6_500), later).await.unwrap();
    assert_eq!(g.completed_at, Some(later));
    let g = repo.update(jane, goal.id, &draft(6_501), later).await.unwrap();
    assert!(!g.is_completed());
}

#[tokio::test]
async fn contributions_come_newest_first_and_another_users_goal_is_not_found() {
    let t = TestDb::new();
    let repo = PgGoalRepository::new(t.db.clone());
    let jane = user(&t, "jane@example.com").await;
    let john = user(&t, "john@example.com").await;
    let goal = repo.create(jane, GoalId::generate(), &draft(100_000)).await.unwrap();
    let now = Utc::now();
    for (d, pence) in [(10, 100), (12, 200), (11, 300)] {
        let c = ContributionDraft { date: day(2026, 11, d), ..contribution(pence) };
        repo.contribute(jane, goal.id, ContributionId::generate(), &c, now).await.unwrap();
    }
    let list = repo.contributions(jane, goal.id).await.unwrap();
    assert_eq!(list.iter().map(|c| c.amount.pence()).collect::<Vec<_>>(), vec![200, 300, 100]);

    let not_found = |r: Result<(), RepoError>| assert!(matches!(r, Err(RepoError::NotFound)));
    not_found(repo.get(john, goal.id).await.map(drop));
    not_found(repo.update(john, goal.id, &draft(5), now).await.map(drop));
    not_found(repo.contribute(john, goal.id, ContributionId::generate(), &contribution(1), now).await.map(drop));
    not_found(repo.contributions(john, goal.id).await.map(drop));
    not_found(repo.remove_contribution(john, goal.id, list[0].id).await.map(drop));
    not_found(repo.remove_contribution(jane, goal.id, ContributionId::generate()).await.map(drop));
    not_found(repo.delete(john, goal.id).await);
    assert!(repo.list(john).await.unwrap().is_empty());
    assert_eq!(repo.get(jane, goal.id).await.unwrap().saved.pence(), 600);
}

#[tokio::test]
async fn deleting_a_goal_or_its_user_removes_the_contributions() {
    let t = TestDb::new();
    let repo = PgGoalRepository::new(t.db.clone());
    let jane = user(&t, "jane@example.com").await;
    let a = repo.create(jane, GoalId::generate(), &draft(1_000)).await.unwrap();
    let b = repo.create(jane, GoalId::generate(), &draft(1_000)).await.unwrap();
    for g in [&a, &b] {
        repo.contribute(jane, g.id, ContributionId::generate(), &contribution(100), Utc::now()).await.unwrap();
    }
    repo.delete(jane, a.id).await.unwrap();
    assert!(matches!(repo.contributions(jane, a.id).await, Err(RepoError::NotFound)));
    assert_eq!(count(&t, "SELECT count(*) AS n FROM goal_contributions"), 1);

    let mut conn = PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(format!("DELETE FROM users WHERE id = '{}'", jane.member.0)).execute(&mut conn).unwrap();
    assert_eq!(count(&t, "SELECT count(*) AS n FROM goals"), 0);
    assert_eq!(count(&t, "SELECT count(*) AS n FROM goal_contributions"), 0);
}
