use std::sync::{Arc, Mutex};

use chrono::{Duration, TimeZone, Utc};
use domain::households::{HouseholdRole, InvitationStatus};
use domain::ids::{HouseholdId, InvitationId};
use domain::{Email, PersonName, Role, User, UserId};
use uuid::Uuid;

use super::service::{HouseholdDeps, InvitationRef};
use super::*;
use crate::clock::MockClock;
use crate::mailer::MockMailer;
use crate::security::{MockLinkTokens, OneTimeSecret};
use crate::OutgoingEmail;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 12, 0, 0).unwrap()
}

fn service_with(repo: MockHouseholdRepository, mailer: MockMailer) -> HouseholdService {
    let mut tokens = MockLinkTokens::new();
    tokens.expect_generate().returning(|| OneTimeSecret { plain: "plain-token".into(), digest: "digest".into() });
    tokens.expect_digest().returning(|plain| format!("digest of {plain}"));
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    HouseholdService::new(HouseholdDeps {
        households: Arc::new(repo),
        tokens: Arc::new(tokens),
        mailer: Arc::new(mailer),
        clock: Arc::new(clock),
        public_url: "https://money.example/".into(),
    })
}

fn service(repo: MockHouseholdRepository) -> HouseholdService {
    service_with(repo, MockMailer::new())
}

fn person(id: u128, email: &str) -> User {
    User {
        id: UserId(Uuid::from_u128(id)),
        name: PersonName::parse("Jane Doe").unwrap(),
        email: Email::parse(email).unwrap(),
        role: Role::User,
        is_active: true,
        is_verified: true,
        can_connect_bank: false,
        can_finalize_month: false,
        token_version: 0,
        two_factor_enabled: false,
        created_at: Utc::now(),
    }
}

fn invitation(status: InvitationStatus, email: &str) -> Invitation {
    Invitation {
        id: InvitationId(Uuid::from_u128(40)),
        household: HouseholdId(Uuid::from_u128(7)),
        household_name: "Jane's household".into(),
        email: email.into(),
        role: HouseholdRole::Member,
        status,
        invited_by: Inviter { id: UserId(Uuid::from_u128(1)), name: "Jane Doe".into() },
        created_at: now() - Duration::days(1),
        expires_at: now() + Duration::days(6),
    }
}

/// John's own household of one.
fn johns(id: u128) -> Household {
    Household {
        id: HouseholdId(Uuid::from_u128(id)),
        name: "John's household".into(),
        members: vec![Member {
            user: UserId(Uuid::from_u128(2)),
            name: "John".into(),
            email: "john@example.com".into(),
            role: HouseholdRole::Owner,
            joined_at: Utc::now(),
        }],
    }
}

fn household(role: HouseholdRole) -> Household {
    Household {
        id: HouseholdId(Uuid::from_u128(7)),
        name: "Jane's household".into(),
        members: vec![Member {
            user: UserId(Uuid::from_u128(1)),
            name: "Jane".into(),
            email: "jane@example.com".into(),
            role,
            joined_at: Utc::now(),
        }],
    }
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn the_owner_renames_with_the_name_trimmed() {
    let mut repo = MockHouseholdRepository::new();
    repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
    repo.expect_rename()
        .withf(|id, name| id.0 == Uuid::from_u128(7) && name.as_str() == "The Does")
        .times(1)
        .returning(|_, _| Ok(()));
    let renamed = service(repo).rename(UserId(Uuid::from_u128(1)), " The Does ").await;
    assert_eq!(renamed.unwrap().name, "The Does");
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn a_member_or_a_viewer_cannot_rename_even_with_a_bad_name() {
    for role in [HouseholdRole::Member, HouseholdRole::Viewer] {
        let mut repo = MockHouseholdRepository::new();
        repo.expect_of_user().returning(move |_| Ok(household(role)));
        repo.expect_rename().never();
        let err = service(repo).rename(UserId(Uuid::from_u128(1)), "").await.unwrap_err();
        assert_eq!(err.to_string(), "Only the household owner can do this");
    }
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn a_bad_name_changes_nothing() {
    let mut repo = MockHouseholdRepository::new();
    repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
    repo.expect_rename().never();
    let err = service(repo).rename(UserId(Uuid::from_u128(1)), &"x".repeat(51)).await;
    assert_eq!(err.unwrap_err().to_string(), "Household name cannot exceed 50 characters");
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn the_owner_invites_an_address_stores_only_the_digest_and_mails_the_link() {
    let mut repo = MockHouseholdRepository::new();
    repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
    repo.expect_invite()
        .withf(|h, new| {
            h.0 == Uuid::from_u128(7)
                && new.email == "john@example.com"
                && new.role == HouseholdRole::Viewer
                && new.token_digest == "digest"
                && new.expires_at == now() + Duration::days(7)
        })
        .times(1)
        .returning(|_, _| Ok(invitation(InvitationStatus::Pending, "john@example.com")));
    let sent: Arc<Mutex<Vec<OutgoingEmail>>> = Arc::default();
    let mut mailer = MockMailer::new();
    let seen = sent.clone();
    mailer.expect_send().times(1).returning(move |m| {
        seen.lock().unwrap().push(m);
        Ok(())
    });
    let owner = person(1, "jane@example.com");
    service_with(repo, mailer).invite(&owner, " John@Example.com ", "viewer").await.unwrap();
    let mail = sent.lock().unwrap().remove(0);
    assert_eq!(mail.to_address, "john@example.com");
    assert!(mail.text_body.contains("https://money.example/accept-invitation/plain-token"), "{}", mail.text_body);
    assert!(mail.text_body.contains("Jane Doe invited you to join Jane's household"), "{}", mail.text_body);
    assert!(!mail.text_body.contains("digest"));
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn only_the_owner_invites_and_never_someone_already_in_the_household() {
    for role in [HouseholdRole::Member, HouseholdRole::Viewer] {
        let mut repo = MockHouseholdRepository::new();
        repo.expect_of_user().returning(move |_| Ok(household(role)));
        repo.expect_invite().never();
        let err = service(repo).invite(&person(1, "jane@example.com"), "bad", "owner").await.unwrap_err();
        assert_eq!(err.to_string(), "Only the household owner can do this", "before the input is read");
    }
    let mut repo = MockHouseholdRepository::new();
    repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
    repo.expect_invite().never();
    let s = service(repo);
    let owner = person(1, "jane@example.com");
    let message = |r: Result<Invitation, HouseholdError>| r.unwrap_err().to_string();
    assert_eq!(
        message(s.invite(&owner, "JANE@example.com", "member").await),
        "This person is already in your household"
    );
    assert_eq!(message(s.invite(&owner, "not-an-address", "member").await), "Please enter a valid email address");
    assert_eq!(message(s.invite(&owner, "john@example.com", "owner").await), "Role must be member or viewer");
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn an_invitation_is_accepted_only_by_its_address_while_usable() {
    let john = person(2, "john@example.com");
    let cases: Vec<(InvitationStatus, &str, i64, &str)> = vec![
        (InvitationStatus::Pending, "someone@example.com", 6, "This invitation was sent to another email address"),
        (InvitationStatus::Accepted, "john@example.com", 6, "This invitation has already been used"),
        (InvitationStatus::Revoked, "john@example.com", 6, "This invitation has been revoked"),
        (InvitationStatus::Pending, "john@example.com", -1, "This invitation has expired"),
    ];
    for (status, email, days, expected) in cases {
        let mut repo = MockHouseholdRepository::new();
        let email = email.to_owned();
        repo.expect_invitation_by_digest().withf(|d| d == "digest of tok").returning(move |_| {
            Ok(Invitation { expires_at: now() + Duration::days(days), ..invitation(status, &email) })
        });
        repo.expect_join().never();
        let err = service(repo).accept(&john, InvitationRef::Token(" tok "), Some(false)).await.unwrap_err();
        assert_eq!(err.to_string(), expected);
    }
    let mut repo = MockHouseholdRepository::new();
    repo.expect_invitation().returning(|_| Ok(invitation(InvitationStatus::Pending, "someone@example.com")));
    let err = service(repo).accept(&john, InvitationRef::Id(InvitationId(Uuid::from_u128(40))), None).await;
    assert_eq!(err.unwrap_err().to_string(), "Invitation not found", "someone else's invitation is not shown to exist");
    let err = service(MockHouseholdRepository::new()).accept(&john, InvitationRef::Token("  "), None).await;
    assert_eq!(err.unwrap_err().to_string(), "Invitation token is required");
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn joining_asks_about_own_data_and_refuses_a_member_of_a_shared_household() {
    let john = person(2, "john@example.com");
    let pending = || Ok(invitation(InvitationStatus::Pending, "john@example.com"));
    // With data of his own and no choice made: refused, nothing changes.
    let mut repo = MockHouseholdRepository::new();
    repo.expect_invitation_by_digest().returning(move |_| pending());
    repo.expect_of_user().returning(|_| Ok(johns(8)));
    repo.expect_has_own_data().returning(|_| Ok(true));
    repo.expect_join().never();
    let err = service(repo).accept(&john, InvitationRef::Token("tok"), None).await.unwrap_err();
    assert!(matches!(err, HouseholdError::HasOwnData));
    // In a household with others: refused whatever the choice.
    let mut repo = MockHouseholdRepository::new();
    repo.expect_invitation_by_digest().returning(move |_| pending());
    repo.expect_of_user().returning(|_| {
        let mut shared = johns(8);
        shared.members.push(Member { user: UserId(Uuid::from_u128(3)), ..shared.members[0].clone() });
        Ok(shared)
    });
    repo.expect_join().never();
    let err = service(repo).accept(&john, InvitationRef::Token("tok"), Some(true)).await.unwrap_err();
    assert_eq!(err.to_string(), "Leave your current household before joining another");
    // Without data: joins at once, leaving the empty household behind.
    let mut repo = MockHouseholdRepository::new();
    repo.expect_invitation_by_digest().returning(move |_| pending());
    let mut calls = 0;
    repo.expect_of_user().returning(move |_| {
        calls += 1;
        Ok(if calls == 1 { johns(8) } else { household(HouseholdRole::Member) })
    });
    repo.expect_has_own_data().returning(|_| Ok(false));
    repo.expect_join()
        .withf(|u, i, bring| u.0 == Uuid::from_u128(2) && i.0 == Uuid::from_u128(40) && !bring)
        .times(1)
        .returning(|_, _, _| Ok(()));
    let joined = service(repo).accept(&john, InvitationRef::Token("tok"), None).await.unwrap();
    assert_eq!(joined.id.0, Uuid::from_u128(7));
    // With data, bringing it: no question asked, and the repository is told to bring it.
    let mut repo = MockHouseholdRepository::new();
    repo.expect_invitation_by_digest().returning(move |_| pending());
    let mut calls = 0;
    repo.expect_of_user().returning(move |_| {
        calls += 1;
        Ok(if calls == 1 { johns(8) } else { household(HouseholdRole::Member) })
    });
    repo.expect_has_own_data().never();
    repo.expect_join().withf(|_, _, bring| *bring).times(1).returning(|_, _, _| Ok(()));
    service(repo).accept(&john, InvitationRef::Token("tok"), Some(true)).await.unwrap();
}

#[tokio::test]
#[tracing::instrument(level = "debug", skip_all)]
async fn the_owner_cannot_change_their_own_role_remove_themselves_or_leave() {
    let mut repo = MockHouseholdRepository::new();
    repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
    repo.expect_membership().returning(|_| Ok((HouseholdId(Uuid::from_u128(7)), HouseholdRole::Owner)));
    repo.expect_set_role().never();
    repo.expect_remove().never();
    let s = service(repo);
    let (me, stranger) = (UserId(Uuid::from_u128(1)), UserId(Uuid::from_u128(9)));
    assert_eq!(s.change_role(me, me, "member").await.unwrap_err().to_string(), "You cannot change your own role");
    assert_eq!(
        s.change_role(me, stranger, "admin").await.unwrap_err().to_string(),
        "Role must be owner, member or viewer"
    );
    assert_eq!(s.change_role(me, stranger, "viewer").await.unwrap_err().to_string(), "Member not found");
    assert_eq!(s.remove(me, me).await.unwrap_err().to_string(), "You cannot remove yourself");
    assert_eq!(s.remove(me, stranger).await.unwrap_err().to_string(), "Member not found");
    assert_eq!(s.leave(me).await.unwrap_err().to_string(), "Transfer ownership to another member before leaving");
}
