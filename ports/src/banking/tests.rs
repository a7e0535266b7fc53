use std::sync::Arc;

use chrono::{NaiveDate, TimeZone, Utc};
use domain::ids::BankConnectionId;
use domain::transactions::TransactionType;
use domain::{Money, Role, Scope, User, UserId};
use mockall::predicate::{always, eq};
use uuid::Uuid;

use super::*;
use crate::clock::MockClock;
use crate::security::MockSecretBox;
use crate::{RepoError, StopSignal};

fn user(role: Role, can_connect_bank: bool) -> User {
    User {
        id: UserId(Uuid::from_u128(1)),
        name: domain::PersonName::parse("Bea Banks").unwrap(),
        email: domain::Email::parse("bea@example.com").unwrap(),
        role,
        is_active: true,
        is_verified: true,
        can_connect_bank,
        can_finalize_month: false,
        token_version: 0,
        two_factor_enabled: false,
        created_at: Utc::now(),
    }
}

fn clock() -> MockClock {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap());
    clock
}

/// Seals by prefixing 'sealed:' so a test can see what was stored.
fn secrets() -> MockSecretBox {
    let mut secrets = MockSecretBox::new();
    secrets.expect_seal().returning(|plain| Ok(format!("sealed:{plain}").into_bytes()));
    secrets.expect_open().returning(|sealed| {
        Ok(String::from_utf8(sealed.to_vec())?.strip_prefix("sealed:").expect("sealed by this box").to_owned())
    });
    secrets
}

/// The service over a provider; one that does not say its kind is the demo bank.
fn service(mut provider: MockBankProvider, repo: MockBankRepository) -> BankService {
    provider.expect_kind().return_const(ProviderKind::Demo);
    BankService::new(Arc::new(provider), Arc::new(repo), Arc::new(secrets()), Arc::new(clock()))
}

fn item() -> BankConnectionId {
    BankConnectionId(Uuid::from_u128(7))
}

fn stored(cursor: Option<&str>) -> ConnectionSecrets {
    ConnectionSecrets {
        connection: Connection {
            id: item(),
            provider: ProviderKind::Demo,
            institution_name: "Demo Bank UK".into(),
            is_active: true,
            error_code: None,
            last_synced_at: None,
            next_sync_at: None,
            consent_expires_at: None,
            institution_id: None,
            renewal_due: false,
            skipped_accounts: vec![],
            created_at: Utc::now(),
            accounts: vec![],
        },
        sealed_token: b"sealed:access-1".to_vec(),
        cursor: cursor.map(Into::into),
    }
}

fn current_account() -> BankAccount {
    BankAccount {
        provider_account_id: "acc-1".into(),
        name: "Everyday".into(),
        mask: Some("1234".into()),
        kind: "depository".into(),
        subtype: Some("checking".into()),
        current: Some(Money::from_pence(120_000)),
        available: Some(Money::from_pence(110_000)),
        limit: None,
    }
}

fn spend(id: &str, pence: i64) -> BankTransaction {
    BankTransaction {
        provider_transaction_id: id.into(),
        provider_account_id: "acc-1".into(),
        amount: pence,
        date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        name: "TESCO STORES 2231".into(),
        merchant_name: Some("Tesco".into()),
        pending: false,
        category_primary: Some("FOOD_AND_DRINK".into()),
        category_detailed: Some("FOOD_AND_DRINK_GROCERIES".into()),
    }
}

fn page(added: Vec<BankTransaction>, cursor: &str, has_more: bool) -> SyncPage {
    SyncPage { added, next_cursor: cursor.into(), has_more, ..SyncPage::default() }
}

#[tokio::test]
async fn a_user_without_bank_access_is_refused_before_the_provider_is_asked() {
    let mut provider = MockBankProvider::new();
    provider.expect_create_link_token().never();
    provider.expect_exchange_public_token().never();
    let service = service(provider, MockBankRepository::new());
    let plain = user(Role::User, false);
    assert!(matches!(
        service.create_link_token(&plain, Scope::solo(UserId(Uuid::from_u128(1))), None).await,
        Err(BankingError::Forbidden)
    ));
    assert!(matches!(
        service.connect(&plain, Scope::solo(UserId(Uuid::from_u128(1))), "public-x", Institution::default()).await,
        Err(BankingError::Forbidden)
    ));
}

#[tokio::test]
async fn a_superadmin_may_always_link_and_update_mode_uses_the_stored_token() {
    let mut provider = MockBankProvider::new();
    provider
        .expect_create_link_token()
        .withf(|_, mode| matches!(mode, LinkMode::Update(t) if t.0 == "access-1"))
        .returning(|_, _| Ok("link-update".into()));
    provider
        .expect_create_link_token()
        .withf(|_, mode| matches!(mode, LinkMode::New))
        .returning(|_, _| Ok("link-new".into()));
    let mut repo = MockBankRepository::new();
    repo.expect_get().with(eq(Scope::solo(UserId(Uuid::from_u128(1)))), eq(item())).returning(|_, _| Ok(stored(None)));
    let service = service(provider, repo);
    let admin = user(Role::Superadmin, false);
    assert_eq!(
        service.create_link_token(&admin, Scope::solo(UserId(Uuid::from_u128(1))), None).await.unwrap(),
        "link-new"
    );
    assert_eq!(
        service.create_link_token(&admin, Scope::solo(UserId(Uuid::from_u128(1))), Some(item())).await.unwrap(),
        "link-update"
    );
}

#[tokio::test]
async fn connecting_reads_every_page_and_stores_it_all_at_once_with_the_last_cursor() {
    let mut provider = MockBankProvider::new();
    provider.expect_kind().return_const(ProviderKind::Demo);
    provider.expect_exchange_public_token().with(eq("public-1")).returning(|_| {
        Ok(Exchanged { access_token: AccessToken("access-1".into()), provider_item_id: "item-1".into() })
    });
    provider.expect_accounts().returning(|_| Ok(vec![current_account()]));
    provider
        .expect_sync_page()
        .with(always(), eq(None))
        .returning(|_, _| Ok(page(vec![spend("t1", 1250)], "c1", true)));
    provider
        .expect_sync_page()
        .with(always(), eq(Some("c1".to_owned())))
        .returning(|_, _| Ok(page(vec![spend("t2", -5000), spend("zero", 0)], "c2", false)));
    provider.expect_remove_item().never();
    let mut repo = MockBankRepository::new();
    repo.expect_create()
        .withf(|_, new, batch| {
            new.sealed_token == b"sealed:access-1"
                && new.institution_name == "Demo Bank UK"
                && batch.cursor == "c2"
                && batch.added.len() == 2
                && batch.added[0].amount == Money::from_pence(-1250)
                && batch.added[0].category == "Groceries"
                && batch.added[1].transaction_type == TransactionType::Income
                && batch.accounts[0].name == "Everyday ••1234"
                && batch.accounts[0].bank_balance == Some(Money::from_pence(120_000))
        })
        .returning(|_, _, _| Ok((stored(Some("c2")).connection, SyncCounts { added: 2, modified: 0, removed: 0 })));
    let institution = Institution { id: Some("ins_demo".into()), name: Some(" Demo Bank UK ".into()) };
    let (_, counts) = service(provider, repo)
        .connect(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), "public-1", institution)
        .await
        .unwrap();
    assert_eq!(counts.added, 2);
}

#[tokio::test]
async fn a_refused_public_token_is_400_and_a_provider_down_mid_sync_stores_nothing_and_forgets_the_item() {
    let mut provider = MockBankProvider::new();
    provider
        .expect_exchange_public_token()
        .with(eq("bad"))
        .returning(|_| Err(BankError::Refused { code: "INVALID_PUBLIC_TOKEN".into() }));
    let mut repo = MockBankRepository::new();
    repo.expect_create().never();
    let service1 = service(provider, repo);
    let err = service1
        .connect(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), "bad", Institution::default())
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "Failed to connect bank account");

    let mut provider = MockBankProvider::new();
    provider.expect_exchange_public_token().returning(|_| {
        Ok(Exchanged { access_token: AccessToken("access-1".into()), provider_item_id: "item-1".into() })
    });
    provider.expect_accounts().returning(|_| Ok(vec![current_account()]));
    provider.expect_sync_page().returning(|_, _| Err(BankError::Unavailable(anyhow::anyhow!("timed out"))));
    provider.expect_remove_item().times(1).returning(|_| Ok(()));
    let mut repo = MockBankRepository::new();
    repo.expect_create().never();
    let err = service(provider, repo)
        .connect(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), "public-1", Institution::default())
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "Bank connection failed. Please try again.");
}

#[tokio::test]
async fn a_change_during_paging_starts_again_from_the_stored_cursor() {
    let mut provider = MockBankProvider::new();
    provider.expect_accounts().returning(|_| Ok(vec![current_account()]));
    let mut calls = 0;
    provider.expect_sync_page().returning(move |_, cursor| {
        calls += 1;
        match (calls, cursor.as_deref()) {
            (1, Some("c0")) => Ok(page(vec![spend("t1", 100)], "c1", true)),
            (2, Some("c1")) => Err(BankError::ChangedDuringPaging),
            (3, Some("c0")) => Ok(page(vec![spend("t1", 100)], "c1", true)),
            (4, Some("c1")) => Ok(page(vec![spend("t2", 200)], "c2", false)),
            other => panic!("unexpected page request {other:?}"),
        }
    });
    let mut repo = MockBankRepository::new();
    repo.expect_get().returning(|_, _| Ok(stored(Some("c0"))));
    repo.expect_apply_sync()
        .withf(|_, _, from, batch| {
            from.as_deref() == Some("c0")
                && batch.cursor == "c2"
                && batch.added.len() == 2
                && batch.added[0].provider_transaction_id == "t1"
        })
        .returning(|_, _, _, _| Ok(Some(SyncCounts { added: 2, modified: 0, removed: 0 })));
    let counts = service(provider, repo).sync(Scope::solo(UserId(Uuid::from_u128(1))), item()).await.unwrap();
    assert_eq!(counts.added, 2);
}

#[tokio::test]
async fn an_expired_login_marks_the_connection_and_keeps_everything_else() {
    let mut provider = MockBankProvider::new();
    provider.expect_accounts().returning(|_| Err(BankError::LoginRequired { code: "ITEM_LOGIN_REQUIRED".into() }));
    let mut repo = MockBankRepository::new();
    repo.expect_get().returning(|_, _| Ok(stored(Some("c0"))));
    repo.expect_mark_login_required()
        .with(always(), eq(item()), eq("ITEM_LOGIN_REQUIRED".to_owned()))
        .times(1)
        .returning(|_, _, _| Ok(()));
    repo.expect_apply_sync().never();
    repo.expect_delete().never();
    let err = service(provider, repo).sync(Scope::solo(UserId(Uuid::from_u128(1))), item()).await.unwrap_err();
    assert_eq!(err.to_string(), "Demo Bank UK needs you to sign in again. Please reconnect.");
}

#[tokio::test]
async fn a_sync_another_sync_beat_stores_nothing_and_counts_nothing() {
    let mut provider = MockBankProvider::new();
    provider.expect_accounts().returning(|_| Ok(vec![]));
    provider.expect_sync_page().returning(|_, _| Ok(page(vec![spend("t1", 100)], "c1", false)));
    let mut repo = MockBankRepository::new();
    repo.expect_get().returning(|_, _| Ok(stored(Some("c0"))));
    repo.expect_apply_sync().returning(|_, _, _, _| Ok(None));
    let counts = service(provider, repo).sync(Scope::solo(UserId(Uuid::from_u128(1))), item()).await.unwrap();
    assert_eq!(counts, SyncCounts::default());
}

#[tokio::test]
async fn disconnecting_goes_ahead_when_the_provider_cannot_be_reached() {
    let mut provider = MockBankProvider::new();
    provider.expect_remove_item().returning(|_| Err(BankError::Unavailable(anyhow::anyhow!("down"))));
    let mut repo = MockBankRepository::new();
    repo.expect_get().returning(|_, _| Ok(stored(None)));
    repo.expect_delete().with(always(), eq(item())).times(1).returning(|_, _| Ok(()));
    service(provider, repo).disconnect(Scope::solo(UserId(Uuid::from_u128(1))), item()).await.unwrap();
}

#[tokio::test]
async fn another_users_connection_is_not_found_everywhere() {
    let mut repo = MockBankRepository::new();
    repo.expect_get().returning(|_, _| Err(RepoError::NotFound));
    let mut provider = MockBankProvider::new();
    provider.expect_kind().return_const(ProviderKind::Demo);
    provider.expect_remove_item().never();
    provider.expect_create_link_token().never();
    let service = service(provider, repo);
    let other = Scope::solo(UserId(Uuid::from_u128(1)));
    assert!(matches!(service.sync(other, item()).await, Err(BankingError::NotFound)));
    assert!(matches!(service.disconnect(other, item()).await, Err(BankingError::NotFound)));
    assert!(matches!(service.simulate_expiry(other, item()).await, Err(BankingError::NotFound)));
    assert!(matches!(
        service.create_link_token(&user(Role::User, true), Scope::solo(UserId(Uuid::from_u128(1))), Some(item())).await,
        Err(BankingError::NotFound)
    ));
}

#[tokio::test]
async fn only_the_demo_bank_simulates_expiry() {
    let mut provider = MockBankProvider::new();
    provider.expect_kind().return_const(ProviderKind::Plaid);
    provider.expect_simulate_login_required().never();
    let service = service(provider, MockBankRepository::new());
    assert!(matches!(
        service.simulate_expiry(Scope::solo(UserId(Uuid::from_u128(1))), item()).await,
        Err(BankingError::NotDemo)
    ));
}

#[tokio::test]
async fn the_background_pass_syncs_each_claimed_connection_and_goes_on_after_a_failure() {
    let mut repo = MockBankRepository::new();
    let mut claims = vec![
        Some((Scope::solo(UserId(Uuid::from_u128(1))), BankConnectionId(Uuid::from_u128(8)))),
        Some((Scope::solo(UserId(Uuid::from_u128(1))), item())),
    ];
    repo.expect_claim_due().returning(move |_, _, _| Ok(claims.pop().flatten()));
    repo.expect_get().returning(|_, id| {
        let mut s = stored(Some("c0"));
        s.connection.id = id;
        Ok(s)
    });
    repo.expect_apply_sync().returning(|_, _, _, _| Ok(Some(SyncCounts::default())));
    let mut provider = MockBankProvider::new();
    let mut first = true;
    provider.expect_accounts().returning(move |_| {
        if std::mem::take(&mut first) {
            Err(BankError::Unavailable(anyhow::anyhow!("down")))
        } else {
            Ok(vec![])
        }
    });
    provider.expect_sync_page().returning(|_, _| Ok(page(vec![], "c1", false)));
    let synced = service(provider, repo).sync_due(chrono::Duration::hours(6), &StopSignal::never()).await.unwrap();
    assert_eq!(synced, 1);
}

#[tokio::test]
async fn a_background_pass_asked_to_stop_finishes_the_connection_in_hand_and_claims_no_other() {
    let stop = StopSignal::new();
    let mut repo = MockBankRepository::new();
    repo.expect_claim_due().times(1).returning(|_, _, _| Ok(Some((Scope::solo(UserId(Uuid::from_u128(1))), item()))));
    repo.expect_get().returning(|_, _| Ok(stored(Some("c0"))));
    // The server is told to stop while the claimed connection is being synced.
    let asked = stop.clone();
    repo.expect_apply_sync().times(1).returning(move |_, _, _, _| {
        asked.stop();
        Ok(Some(SyncCounts::default()))
    });
    let mut provider = MockBankProvider::new();
    provider.expect_accounts().returning(|_| Ok(vec![]));
    provider.expect_sync_page().returning(|_, _| Ok(page(vec![], "c1", false)));
    let synced = service(provider, repo).sync_due(chrono::Duration::hours(6), &stop).await.unwrap();
    assert_eq!(synced, 1, "the sync in hand was finished");
}

#[tokio::test]
async fn a_verified_webhook_syncs_its_connection_and_a_forged_one_changes_nothing() {
    let mut provider = MockBankProvider::new();
    provider.expect_kind().return_const(ProviderKind::Plaid);
    provider
        .expect_verify_webhook()
        .withf(|sig, _| sig == "forged")
        .returning(|_, _| Err(BankError::Refused { code: "bad signature".into() }));
    provider.expect_verify_webhook().withf(|sig, _| sig == "good").returning(|_, _| {
        Ok(Webhook {
            webhook_type: "TRANSACTIONS".into(),
            webhook_code: "SYNC_UPDATES_AVAILABLE".into(),
            provider_item_id: Some("item-1".into()),
        })
    });
    provider.expect_accounts().times(1).returning(|_| Ok(vec![]));
    provider.expect_sync_page().times(1).returning(|_, _| Ok(page(vec![spend("t9", 100)], "c1", false)));
    let mut repo = MockBankRepository::new();
    repo.expect_find_by_item()
        .with(eq(ProviderKind::Plaid), eq("item-1".to_owned()))
        .returning(|_, _| Ok(Some((Scope::solo(UserId(Uuid::from_u128(1))), item()))));
    repo.expect_get().returning(|_, _| {
        let mut plaid = stored(Some("c0"));
        plaid.connection.provider = ProviderKind::Plaid;
        Ok(plaid)
    });
    repo.expect_apply_sync()
        .times(1)
        .returning(|_, _, _, _| Ok(Some(SyncCounts { added: 1, modified: 0, removed: 0 })));
    let service = service(provider, repo);
    assert!(matches!(service.webhook("forged", b"{}").await, Err(BankingError::BadWebhook)));
    assert!(service.webhook("good", b"{}").await.unwrap());
}

mod consent {
    use super::*;
    use crate::mailer::MockMailer;
    use crate::security::{MockLinkTokens, OneTimeSecret};

    fn tokens() -> MockLinkTokens {
        let mut tokens = MockLinkTokens::new();
        tokens
            .expect_generate()
            .returning(|| OneTimeSecret { plain: "state-1".into(), digest: "digest:state-1".into() });
        tokens.expect_digest().returning(|plain| format!("digest:{plain}"));
        tokens
    }

    fn consent_service(
        consent: MockConsentProvider,
        mut data: MockBankProvider,
        repo: MockBankRepository,
    ) -> BankService {
        data.expect_kind().return_const(ProviderKind::EnableBanking);
        let link = MockBankProvider::new();
        service(link, repo).with_consent(ConsentBanking {
            consent: Arc::new(consent),
            data: Arc::new(data),
            tokens: Arc::new(tokens()),
            mailer: Arc::new(MockMailer::new()),
            public_url: "https://money.example.com/".into(),
        })
    }

    fn fake_bank() -> OfferedBank {
        OfferedBank {
            name: "Fake Bank UK".into(),
            country: "GB".into(),
            logo: None,
            max_consent_seconds: Some(7_776_000),
        }
    }

    fn started() -> ConsentState {
        ConsentState {
            scope: Scope::solo(UserId(Uuid::from_u128(1))),
            bank: "Fake Bank UK".into(),
            country: "GB".into(),
            connection: None,
            expires_at: Utc::now(),
        }
    }

    #[tokio::test]
    async fn a_consent_asks_the_banks_longest_and_keeps_only_the_states_digest() {
        let mut consent = MockConsentProvider::new();
        consent.expect_banks().with(eq("GB")).returning(|_| Ok(vec![fake_bank()]));
        consent
            .expect_start()
            .withf(|r| {
                r.bank == "Fake Bank UK"
                    && r.state == "state-1"
                    && r.redirect_url == "https://money.example.com/api/enablebanking/callback"
                    && r.valid_until == Utc.with_ymd_and_hms(2027, 2, 23, 12, 0, 0).unwrap()
            })
            .returning(|_| Ok("https://bank.example/consent".into()));
        let mut repo = MockBankRepository::new();
        repo.expect_save_consent_state()
            .withf(|digest, s| digest == "digest:state-1" && s.bank == "Fake Bank UK" && s.connection.is_none())
            .times(1)
            .returning(|_, _| Ok(()));
        let service = consent_service(consent, MockBankProvider::new(), repo);
        let target = ConsentTarget::New { bank: "Fake Bank UK".into(), country: "GB".into() };
        let scope = Scope::solo(UserId(Uuid::from_u128(1)));
        let url = service.start_consent(&user(Role::User, true), scope, target.clone()).await.unwrap();
        assert_eq!(url, "https://bank.example/consent");
        assert!(matches!(
            service.start_consent(&user(Role::User, false), scope, target).await,
            Err(BankingError::Forbidden)
        ));
    }

    #[tokio::test]
    async fn an_unknown_state_or_a_refusal_links_nothing_and_asks_the_provider_nothing() {
        let mut consent = MockConsentProvider::new();
        consent.expect_authorise().never();
        let mut repo = MockBankRepository::new();
        repo.expect_take_consent_state().withf(|digest, _| digest == "digest:unknown").returning(|_, _| Ok(None));
        repo.expect_take_consent_state()
            .withf(|digest, _| digest == "digest:state-1")
            .times(1)
            .returning(|_, _| Ok(Some(started())));
        repo.expect_create().never();
        let service = consent_service(consent, MockBankProvider::new(), repo);
        let code = ConsentAnswer { code: Some("code-1".into()), ..ConsentAnswer::default() };
        assert_eq!(
            service.finish_consent("unknown", code, &Presence::default()).await.unwrap_err(),
            ConsentFailure::Expired
        );
        let refused = ConsentAnswer { error: Some("access_denied".into()), ..ConsentAnswer::default() };
        assert_eq!(
            service.finish_consent("state-1", refused, &Presence::default()).await.unwrap_err(),
            ConsentFailure::Denied
        );
    }

    #[tokio::test]
    async fn a_consent_for_accounts_already_linked_renews_that_connection_and_closes_the_old_session() {
        let mut consent = MockConsentProvider::new();
        consent.expect_authorise().with(eq("code-2")).returning(|_| {
            Ok(Consent {
                token: AccessToken("session-2".into()),
                session_id: "s-2".into(),
                valid_until: Utc.with_ymd_and_hms(2027, 2, 23, 12, 0, 0).unwrap(),
                account_keys: vec!["hash-current".into()],
                skipped: vec![],
            })
        });
        let mut data = MockBankProvider::new();
        data.expect_remove_item().with(eq(AccessToken("access-1".into()))).times(1).returning(|_| Ok(()));
        data.expect_accounts_present().returning(|_, _| Ok(vec![]));
        data.expect_sync_page_present().returning(|_, _, _| Ok(page(vec![], "c1", false)));
        let mut repo = MockBankRepository::new();
        repo.expect_take_consent_state().returning(|_, _| Ok(Some(started())));
        repo.expect_find_by_account_keys()
            .withf(|_, provider, keys| *provider == ProviderKind::EnableBanking && keys == &["hash-current".to_owned()])
            .returning(|_, _, _| Ok(Some(item())));
        repo.expect_get().returning(|_, _| {
            let mut linked = stored(Some("c0"));
            linked.connection.provider = ProviderKind::EnableBanking;
            Ok(linked)
        });
        repo.expect_renew()
            .withf(|_, id, r| *id == item() && r.provider_item_id == "s-2" && r.sealed_token == b"sealed:session-2")
            .times(1)
            .returning(|_, _, _| Ok(()));
        repo.expect_apply_sync().returning(|_, _, _, _| Ok(Some(SyncCounts::default())));
        repo.expect_create().never();
        let service = consent_service(consent, data, repo);
        let answer = ConsentAnswer { code: Some("code-2".into()), ..ConsentAnswer::default() };
        let linked = service.finish_consent("state-1", answer, &Presence::default()).await.unwrap();
        assert_eq!(linked.id, item());
    }
}
