use std::sync::Arc;

use chrono::{NaiveDate, TimeZone, Utc};
use domain::accounts::{AccountId, AccountType};
use domain::dates::CalendarMonth;
use domain::ids::RecurringTemplateId;
use domain::recurring::{Frequency, RecurringForm, RecurringInput, RecurringKind};
use domain::recurring_analytics::{MadeByTemplate, Source};
use domain::{Money, Role, Scope, User, UserId};
use uuid::Uuid;

use super::*;
use crate::clock::MockClock;
use crate::ledger::AccountRef;
use crate::RepoError;

const CURRENT: Uuid = Uuid::from_u128(10);
const SAVINGS: Uuid = Uuid::from_u128(11);
const BILLS: Uuid = Uuid::from_u128(12);

/// 23:30 on 30 June in UTC is 1 July in London.
fn service(repo: MockRecurringRepository) -> RecurringService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap());
    RecurringService::new(Arc::new(repo), Arc::new(clock))
}

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn user(role: Role, can_finalize_month: bool) -> User {
    User {
        id: UserId(Uuid::from_u128(1)),
        name: domain::PersonName::parse("Ada Lovelace").unwrap(),
        email: domain::Email::parse("ada@example.com").unwrap(),
        role,
        is_active: true,
        is_verified: true,
        can_connect_bank: false,
        can_finalize_month,
        token_version: 0,
        two_factor_enabled: false,
        created_at: Utc::now(),
    }
}

fn form(day: &str) -> RecurringInput {
    RecurringInput {
        amount: Some("12.50".into()),
        description: "Rent share".into(),
        transaction_type: "expense".into(),
        category_id: BILLS.to_string(),
        account_id: CURRENT.to_string(),
        from_account_id: CURRENT.to_string(),
        to_account_id: SAVINGS.to_string(),
        frequency: "weekly".into(),
        day: day.into(),
        notes: None,
    }
}

fn template(frequency: Frequency, next_due: NaiveDate, is_active: bool) -> RecurringTemplate {
    RecurringTemplate {
        id: RecurringTemplateId(Uuid::from_u128(20)),
        amount: Money::from_pence(1250),
        description: "Rent share".into(),
        kind: TemplateKind::Expense,
        category: None,
        account: AccountRef { id: AccountId(CURRENT), name: "Current".into(), account_type: AccountType::Current },
        to_account: None,
        frequency,
        start_date: next_due,
        anchor: next_due,
        next_due,
        notes: String::new(),
        is_active,
        created_at: Utc::now(),
    }
}

#[tokio::test]
async fn a_form_the_domain_refuses_never_reaches_the_repository() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_create().never();
    repo.expect_update().never();
    let service = service(repo);
    let me = Scope::solo(UserId(Uuid::from_u128(1)));
    let no_amount = RecurringInput { amount: None, ..form("2026-07-01") };
    let err = service.create(me, &no_amount, RecurringForm::Entry).await.unwrap_err();
    assert_eq!(err.to_string(), "Amount must be a number");
    let same = RecurringInput { to_account_id: CURRENT.to_string(), ..form("2026-07-01") };
    let err =
        service.update(me, RecurringTemplateId(Uuid::from_u128(20)), &same, RecurringForm::Transfer).await.unwrap_err();
    assert_eq!(err.to_string(), "Cannot transfer to the same account");
}

#[tokio::test]
async fn the_first_day_is_measured_from_londons_today() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_create()
        .withf(|_, draft| draft.due == day(2026, 7, 1))
        .times(1)
        .returning(|_, draft| Ok(template(draft.frequency, draft.due, true)));
    let service = service(repo);
    let me = Scope::solo(UserId(Uuid::from_u128(1)));
    // 30 June is still today in UTC, but yesterday in London.
    let err = service.create(me, &form("2026-06-30"), RecurringForm::Entry).await.unwrap_err();
    assert_eq!(err.to_string(), "Start date cannot be in the past");
    let err =
        service.update(me, RecurringTemplateId(Uuid::from_u128(20)), &form("2026-06-30"), RecurringForm::Entry).await;
    assert_eq!(err.unwrap_err().to_string(), "Next due date cannot be in the past");
    let made = service.create(me, &form("2026-07-01"), RecurringForm::Entry).await.unwrap();
    assert_eq!(made.next_due, day(2026, 7, 1));
}

#[tokio::test]
async fn each_form_names_what_it_refers_to_when_the_repository_finds_nothing() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_create().returning(|_, _| Err(RepoError::NotFound));
    repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
    let service = service(repo);
    let me = Scope::solo(UserId(Uuid::from_u128(1)));
    let named = |e: RecurringError| match e {
        RecurringError::NotFound(what) => what,
        other => panic!("{other:?}"),
    };
    let entry = service.create(me, &form("2026-07-01"), RecurringForm::Entry).await.unwrap_err();
    assert_eq!(named(entry), "Account or category");
    let transfer = service.create(me, &form("2026-07-01"), RecurringForm::Transfer).await.unwrap_err();
    assert_eq!(named(transfer), "Account");
    let edited = service
        .update(me, RecurringTemplateId(Uuid::from_u128(20)), &form("2026-07-01"), RecurringForm::Transfer)
        .await;
    assert_eq!(named(edited.unwrap_err()), "Recurring transaction");
}

#[tokio::test]
async fn the_transfer_form_makes_a_transfer_template() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_create()
        .withf(|_, draft| {
            draft.kind
                == RecurringKind::Transfer { from_account_id: AccountId(CURRENT), to_account_id: AccountId(SAVINGS) }
                && draft.signed_amount() == Money::from_pence(1250)
        })
        .times(1)
        .returning(|_, draft| Ok(template(draft.frequency, draft.due, true)));
    let service = service(repo);
    // The transfer form ignores the entry form's type and category.
    let input =
        RecurringInput { transaction_type: "transfer".into(), category_id: String::new(), ..form("2026-07-01") };
    service.create(Scope::solo(UserId(Uuid::from_u128(1))), &input, RecurringForm::Transfer).await.unwrap();
}

#[tokio::test]
async fn the_month_summary_lists_every_occurrence_still_to_come_this_london_month() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_occurrences()
        .withf(|_, from, to| {
            (*from, *to) == (CalendarMonth::new(2026, 7).unwrap(), CalendarMonth::new(2026, 8).unwrap())
        })
        .returning(|_, _, _| Ok(vec![]));
    // The repository answers active templates only when asked for them.
    repo.expect_list().withf(|_, active_only| *active_only).returning(|_, _| {
        Ok(vec![
            template(Frequency::Weekly, day(2026, 7, 8), true),
            template(Frequency::Monthly, day(2026, 8, 3), true),
        ])
    });
    let summary = service(repo).month_summary(Scope::solo(UserId(Uuid::from_u128(1)))).await.unwrap();
    assert_eq!(summary.month, CalendarMonth::new(2026, 7).unwrap());
    let days: Vec<_> = summary.upcoming.iter().map(|i| i.due).collect();
    assert_eq!(days, [day(2026, 7, 8), day(2026, 7, 15), day(2026, 7, 22), day(2026, 7, 29)]);
    assert_eq!(summary.upcoming_amount(), Money::from_pence(4 * 1250));
    assert!(summary.paid.is_empty());
}

#[tokio::test]
async fn analytics_takes_only_its_ranges_and_reads_nothing_otherwise() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_made_by_templates().never();
    repo.expect_snapshots().never();
    let service = service(repo);
    for months in ["0", "1", "5", "36", "-6", "six"] {
        let err = service.analytics(Scope::solo(UserId(Uuid::from_u128(1))), Some(months)).await.unwrap_err();
        assert_eq!(err.to_string(), "Months must be 3, 6, 12 or 24", "{months}");
    }
}

#[tokio::test]
async fn only_who_may_finalise_does_and_never_a_future_month() {
    let mut repo = MockRecurringRepository::new();
    repo.expect_save_snapshot().never();
    repo.expect_made_by_templates().never();
    let service = service(repo);
    let err =
        service.finalize(&user(Role::User, false), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 6).await.unwrap_err();
    assert!(matches!(err, RecurringError::Forbidden));
    let err =
        service.finalize(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 8).await.unwrap_err();
    assert_eq!(err.to_string(), "Cannot finalise a future month");
    let err = service
        .finalize(&user(Role::Superadmin, false), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 13)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "Month must be between 1 and 12");
    let err = service
        .finalize(&user(Role::Superadmin, false), Scope::solo(UserId(Uuid::from_u128(1))), 1999, 12)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "Year must be 2000 or later");
}

#[tokio::test]
async fn a_finalised_month_stores_what_each_template_made() {
    let mut repo = MockRecurringRepository::new();
    let rent = template(Frequency::Monthly, day(2026, 7, 1), true);
    let rent_id = rent.id;
    repo.expect_made_by_templates()
        .withf(|_, from, to| {
            (*from, *to) == (CalendarMonth::new(2026, 6).unwrap(), CalendarMonth::new(2026, 7).unwrap())
        })
        .returning(move |_, _, _| {
            Ok(vec![MadeByTemplate {
                month: CalendarMonth::new(2026, 6).unwrap(),
                template_id: rent_id,
                category: ("Bills & Utilities".into(), "zap".into()),
                kind: domain::recurring_analytics::FlowKind::Expense,
                amount: Money::from_pence(1250),
            }])
        });
    repo.expect_list().returning(move |_, _| Ok(vec![rent.clone()]));
    repo.expect_save_snapshot()
        .withf(move |_, s| {
            s.flow.source == Source::Snapshot
                && s.templates == [(rent_id, Money::from_pence(1250), Money::from_pence(1250))]
        })
        .times(1)
        .returning(|_, _| Ok(()));
    let flow = service(repo)
        .finalize(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 6)
        .await
        .unwrap();
    assert_eq!(flow.month, CalendarMonth::new(2026, 6).unwrap());
}
