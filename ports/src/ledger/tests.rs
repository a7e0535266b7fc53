use std::sync::Arc;

use chrono::{TimeZone, Utc};
use domain::accounts::{Account, AccountId, AccountInput, AccountName, AccountTotals, AccountType, Visibility};
use domain::categories::CategoryId;
use domain::transactions::{TransactionId, TransactionInput, TransactionStatus, TransactionType, TransferInput};
use domain::{Money, Scope, UserId, ValidationError};
use uuid::Uuid;

use super::*;
use crate::clock::MockClock;
use crate::RepoError;

fn user() -> Scope {
    Scope::solo(UserId(Uuid::from_u128(1)))
}

fn account(id: u128, initial: i64) -> AccountWithTotals {
    AccountWithTotals {
        account: Account {
            id: AccountId(Uuid::from_u128(id)),
            household_id: user().household,
            name: AccountName::parse("Main").unwrap(),
            account_type: AccountType::Current,
            initial_balance: Money::from_pence(initial),
            credit_limit: None,
            visibility: Visibility::Household,
            owner: user().member,
            created_at: Utc::now(),
        },
        totals: AccountTotals {
            income: Money::from_pence(1000),
            expenses: Money::from_pence(-300),
            transfers: Money::ZERO,
        },
    }
}

fn record(is_transfer: bool) -> TransactionRecord {
    TransactionRecord {
        created_by: None,
        id: TransactionId(Uuid::from_u128(9)),
        account: AccountRef {
            id: AccountId(Uuid::from_u128(2)),
            name: "Main".into(),
            account_type: AccountType::Current,
        },
        category: None,
        amount: Money::from_pence(-500),
        transaction_type: TransactionType::Expense,
        description: "x".into(),
        notes: String::new(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 6, 1).unwrap(),
        status: TransactionStatus::Completed,
        is_transfer,
        transfer_peer: None,
        balance_after: Money::ZERO,
        created_at: Utc::now(),
        recurring: None,
        source: TransactionSource::Manual,
        pairing: None,
        looks_like_transfer: false,
        tags: vec![],
        receipt_count: 0,
        splits: vec![],
    }
}

struct Mocks {
    accounts: MockAccountRepository,
    categories: MockCategoryRepository,
    transactions: MockTransactionRepository,
    tags: crate::tags::MockTagRepository,
}

impl Mocks {
    fn new() -> Self {
        Self {
            accounts: MockAccountRepository::new(),
            categories: MockCategoryRepository::new(),
            transactions: MockTransactionRepository::new(),
            tags: crate::tags::MockTagRepository::new(),
        }
    }

    fn service(self) -> LedgerService {
        let mut clock = MockClock::new();
        // 23:30 UTC on 14 June is already 15 June in London.
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 6, 14, 23, 30, 0).unwrap());
        LedgerService::new(
            Arc::new(self.accounts),
            Arc::new(self.categories),
            Arc::new(self.transactions),
            Arc::new(self.tags),
            Arc::new(clock),
        )
    }
}

fn input(date: &str) -> TransactionInput {
    TransactionInput {
        amount: Some("5".into()),
        description: "Coffee".into(),
        transaction_type: "expense".into(),
        category_id: Uuid::from_u128(3).to_string(),
        account_id: Uuid::from_u128(2).to_string(),
        date: date.into(),
        notes: None,
        status: None,
        tag_ids: None,
        splits: None,
    }
}

#[tokio::test]
async fn a_transaction_in_a_foreign_category_is_not_found_and_not_stored() {
    let mut m = Mocks::new();
    m.accounts.expect_get().returning(|_, _| Ok(account(2, 0)));
    m.categories.expect_get().returning(|_, _| Err(RepoError::NotFound));
    m.transactions.expect_create().never();
    let err = m.service().create_transaction(user(), input("2026-06-01")).await.unwrap_err();
    assert_eq!(err.to_string(), "Category not found");
}

#[tokio::test]
async fn a_transaction_with_another_households_tag_is_not_found_and_not_stored() {
    let mut m = Mocks::new();
    m.accounts.expect_get().returning(|_, _| Ok(account(2, 0)));
    m.categories.expect_get().returning(|_, id| {
        Ok(Category {
            id,
            name: "Coffee".into(),
            description: String::new(),
            color: "#fff".into(),
            icon: "coffee".into(),
            kind: TransactionType::Expense,
            tax_treatment: None,
            is_default: false,
            created_at: Utc::now(),
        })
    });
    m.tags.expect_all_exist().times(1).returning(|_, _| Err(RepoError::NotFound));
    m.transactions.expect_create().never();
    let tagged = TransactionInput { tag_ids: Some(vec![Uuid::from_u128(5).to_string()]), ..input("2026-06-01") };
    let err = m.service().create_transaction(user(), tagged).await.unwrap_err();
    assert_eq!(err.to_string(), "Tag not found");
}

#[tokio::test]
async fn today_in_london_is_allowed_and_tomorrow_is_not() {
    let mut m = Mocks::new();
    m.accounts.expect_get().returning(|_, _| Ok(account(2, 0)));
    m.categories.expect_get().returning(|_, id| {
        Ok(Category {
            id,
            name: "Coffee".into(),
            description: String::new(),
            color: "#fff".into(),
            icon: "coffee".into(),
            kind: TransactionType::Expense,
            tax_treatment: None,
            is_default: false,
            created_at: Utc::now(),
        })
    });
    m.transactions.expect_create().times(1).returning(|_, _| Ok(record(false)));
    let service = m.service();
    service.create_transaction(user(), input("2026-06-15")).await.unwrap();
    let err = service.create_transaction(user(), input("2026-06-16")).await.unwrap_err();
    assert_eq!(err.to_string(), "Date cannot be in the future");
}

#[tokio::test]
async fn a_transfer_leg_cannot_be_edited() {
    let mut m = Mocks::new();
    m.transactions.expect_get().returning(|_, _| Ok(record(true)));
    m.transactions.expect_update().never();
    let err = m.service().update_transaction(user(), TransactionId(Uuid::from_u128(9)), input("2026-06-01")).await;
    assert!(matches!(err, Err(LedgerError::TransferNotEditable)));
}

fn split_input(categories: [u128; 2]) -> TransactionInput {
    let part = |c: u128| domain::splits::SplitInput {
        category_id: Uuid::from_u128(c).to_string(),
        amount: Some("2.50".into()),
        note: None,
    };
    TransactionInput { category_id: String::new(), splits: Some(categories.map(part).to_vec()), ..input("2026-06-01") }
}

#[tokio::test]
async fn a_transfer_leg_cannot_be_split() {
    let mut m = Mocks::new();
    m.transactions.expect_get().returning(|_, _| Ok(record(true)));
    m.transactions.expect_update().never();
    let err = m.service().update_transaction(user(), TransactionId(Uuid::from_u128(9)), split_input([3, 4])).await;
    assert_eq!(err.unwrap_err().to_string(), "A transfer cannot be split");
}

#[tokio::test]
async fn each_part_of_a_split_must_be_in_one_of_the_households_categories() {
    let mut m = Mocks::new();
    m.accounts.expect_get().returning(|_, _| Ok(account(2, 0)));
    let asked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = asked.clone();
    m.categories.expect_get().returning(move |_, id| {
        seen.lock().unwrap().push(id.0.as_u128());
        if id.0 == Uuid::from_u128(4) {
            Err(RepoError::NotFound)
        } else {
            Ok(Category {
                id,
                name: "Coffee".into(),
                description: String::new(),
                color: "#fff".into(),
                icon: "coffee".into(),
                kind: TransactionType::Expense,
                tax_treatment: None,
                is_default: false,
                created_at: Utc::now(),
            })
        }
    });
    m.transactions.expect_create().never();
    let err = m.service().create_transaction(user(), split_input([3, 4])).await.unwrap_err();
    assert_eq!(err.to_string(), "Category not found");
    assert_eq!(*asked.lock().unwrap(), [3, 4], "both parts' categories are checked");
}

#[tokio::test]
async fn deleting_a_used_category_says_how_many_transactions_use_it() {
    let mut m = Mocks::new();
    m.categories.expect_delete().returning(|_, _| Err(RepoError::InUse { count: 3 }));
    let err = m.service().delete_category(user(), CategoryId(Uuid::from_u128(3))).await.unwrap_err();
    assert_eq!(err.to_string(), "Cannot delete category. It is being used by 3 transaction(s).");
}

#[tokio::test]
async fn deleting_an_account_with_transactions_is_a_conflict() {
    let mut m = Mocks::new();
    m.accounts.expect_delete().returning(|_, _| Err(RepoError::InUse { count: 4 }));
    let err = m.service().delete_account(user(), AccountId(Uuid::from_u128(2))).await.unwrap_err();
    assert!(matches!(err, LedgerError::AccountHasTransactions));
    assert!(err.to_string().contains("must have no transactions"));
}

#[tokio::test]
async fn the_overview_sums_net_worth_from_current_balances() {
    let mut m = Mocks::new();
    m.accounts.expect_list().returning(|_| Ok(vec![account(2, 10_000), account(3, -2_000)]));
    let overview = m.service().accounts(user()).await.unwrap();
    // (100.00 + 10 - 3) + (-20.00 + 10 - 3)
    assert_eq!(overview.net_worth, Money::from_pence(10_700 + -1_300));
    assert_eq!(overview.accounts[0].balances.current_balance, Money::from_pence(10_700));
}

#[tokio::test]
async fn an_invalid_account_is_refused_before_storage() {
    let mut m = Mocks::new();
    m.accounts.expect_create().never();
    let input = AccountInput {
        name: "Card".into(),
        account_type: "credit_card".into(),
        initial_balance: Some("0".into()),
        credit_limit: None,
        visibility: None,
    };
    let err = m.service().create_account(user(), input).await.unwrap_err();
    assert_eq!(err.to_string(), "Credit limit is required for credit accounts");
}

#[tokio::test]
async fn only_the_accounts_owner_changes_who_sees_it_and_others_may_still_edit_it() {
    let partner = Scope { member: UserId(Uuid::from_u128(2)), ..user() };
    let edit = |visibility: Option<&str>| AccountInput {
        name: "Joint".into(),
        account_type: "current".into(),
        initial_balance: Some("0".into()),
        credit_limit: None,
        visibility: visibility.map(Into::into),
    };
    // The owner (user 1) made it; the partner may not make it private.
    let mut m = Mocks::new();
    m.accounts.expect_get().times(1).returning(|_, _| Ok(account(7, 0)));
    m.accounts.expect_update().never();
    let err = m.service().update_account(partner, AccountId(Uuid::from_u128(7)), edit(Some("private"))).await;
    assert_eq!(err.unwrap_err().to_string(), "Only the account's owner can change its visibility");

    // Saying what it already is, or nothing, is an ordinary edit.
    for visibility in [Some("household"), None] {
        let mut m = Mocks::new();
        m.accounts.expect_get().returning(|_, _| Ok(account(7, 0)));
        m.accounts.expect_update().times(1).returning(|_, _, _| Ok(account(7, 0).account));
        m.service().update_account(partner, AccountId(Uuid::from_u128(7)), edit(visibility)).await.unwrap();
    }

    // The owner may.
    let mut m = Mocks::new();
    m.accounts.expect_get().returning(|_, _| Ok(account(7, 0)));
    m.accounts
        .expect_update()
        .withf(|_, _, draft| draft.visibility == Some(Visibility::Private))
        .times(1)
        .returning(|_, _, _| Ok(account(7, 0).account));
    m.service().update_account(user(), AccountId(Uuid::from_u128(7)), edit(Some("private"))).await.unwrap();
}

#[tokio::test]
async fn a_plain_transaction_cannot_be_edited_as_a_transfer_and_a_bad_transfer_reads_nothing() {
    let transfer = |from: u128, date: &str| TransferInput {
        amount: Some("10".into()),
        description: "Save".into(),
        from_account_id: Uuid::from_u128(from).to_string(),
        to_account_id: Uuid::from_u128(3).to_string(),
        date: date.into(),
        notes: None,
    };
    let mut m = Mocks::new();
    m.transactions.expect_get().times(1).returning(|_, _| Ok(record(false)));
    m.transactions.expect_update_transfer().never();
    let err = m.service().update_transfer(user(), TransactionId(Uuid::from_u128(9)), transfer(2, "2026-06-01")).await;
    assert_eq!(err.unwrap_err().to_string(), "Transfer not found");

    // Tomorrow in London is refused before anything is read.
    let mut m = Mocks::new();
    m.transactions.expect_get().never();
    let err = m.service().update_transfer(user(), TransactionId(Uuid::from_u128(9)), transfer(2, "2026-06-16")).await;
    assert_eq!(err.unwrap_err().to_string(), "Date cannot be in the future");
}

#[tokio::test]
async fn deleting_a_plain_transaction_through_the_transfer_route_is_not_found() {
    let mut m = Mocks::new();
    m.transactions.expect_get().returning(|_, _| Ok(record(false)));
    m.transactions.expect_delete().never();
    let err = m.service().delete_transfer(user(), TransactionId(Uuid::from_u128(9))).await.unwrap_err();
    assert_eq!(err.to_string(), "Transfer not found");
}

#[tokio::test]
async fn pairing_asks_the_repository_once_and_answers_its_refusal_in_the_users_words() {
    let mut m = Mocks::new();
    let with = Uuid::from_u128(10);
    m.transactions
        .expect_pair()
        .withf(move |_, id, other| id.0 == Uuid::from_u128(9) && other.0 == with)
        .times(1)
        .returning(|_, _, _| {
            Err(RepoError::Invalid(ValidationError::new(
                "withId",
                "The two amounts must be the same to make a transfer",
            )))
        });
    let err = m.service().pair_transactions(user(), TransactionId(Uuid::from_u128(9)), &with.to_string()).await;
    match err {
        Err(LedgerError::Invalid(why)) => {
            assert_eq!(why.message, "The two amounts must be the same to make a transfer")
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn pairing_without_the_other_row_is_refused_and_a_foreign_or_unreadable_one_is_not_found() {
    let mut m = Mocks::new();
    m.transactions.expect_pair().times(1).returning(|_, _, _| Err(RepoError::NotFound));
    let service = m.service();
    let id = TransactionId(Uuid::from_u128(9));
    match service.pair_transactions(user(), id, "  ").await {
        Err(LedgerError::Invalid(why)) => assert_eq!(why.message, "Choose the transaction to pair with"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        service.pair_transactions(user(), id, "not-an-id").await,
        Err(LedgerError::NotFound("Transaction"))
    ));
    let foreign = Uuid::from_u128(77).to_string();
    assert!(matches!(service.pair_transactions(user(), id, &foreign).await, Err(LedgerError::NotFound("Transaction"))));
}

#[tokio::test]
async fn separating_a_typed_transfer_is_refused_with_the_reason() {
    let mut m = Mocks::new();
    m.transactions.expect_unpair().times(1).returning(|_, _| {
        Err(RepoError::Invalid(ValidationError::new(
            "id",
            "This transfer was entered as a transfer; delete it instead",
        )))
    });
    match m.service().unpair_transactions(user(), TransactionId(Uuid::from_u128(9))).await {
        Err(LedgerError::Invalid(why)) => {
            assert_eq!(why.message, "This transfer was entered as a transfer; delete it instead")
        }
        other => panic!("{other:?}"),
    }
}
