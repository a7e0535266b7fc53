use std::sync::Arc;

use chrono::{TimeZone, Utc};
use domain::accounts::AccountId;
use domain::ids::InventoryItemId;
use domain::inventory::{ItemDraft, ItemInput, Restock, TripLine, TripLineInput};
use domain::{Money, Scope, UserId};
use uuid::Uuid;

use super::*;
use crate::clock::MockClock;

fn line(n: u128, quantity: i64, pence: i64, store: &str) -> TripLine {
    TripLine {
        item_id: InventoryItemId(Uuid::from_u128(n)),
        quantity,
        price: Money::from_pence(pence),
        store: store.into(),
    }
}

#[test]
fn a_trip_is_described_by_its_stores_and_lists_its_items() {
    assert_eq!(trip_description(&[line(1, 1, 100, ""), line(2, 1, 100, " ")]), "Shopping: Shopping trip");
    assert_eq!(trip_description(&[line(1, 1, 100, "Tesco"), line(2, 1, 100, "Tesco")]), "Shopping: Tesco");
    assert_eq!(trip_description(&[line(1, 1, 100, "Tesco"), line(2, 1, 100, "Aldi")]), "Shopping: Aldi, Tesco");
    let names = vec![(InventoryItemId(Uuid::from_u128(1)), "Milk".to_owned())];
    assert_eq!(trip_notes(&[line(1, 2, 115, ""), line(9, 1, 50, "")], &names), "2 × Milk @ £1.15\n1 × Item @ £0.50");
}

fn service(repo: MockInventoryRepository) -> InventoryService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap());
    InventoryService::new(
        Arc::new(repo),
        Arc::new(crate::blobs::MockBlobStore::new()),
        Arc::new(crate::images::MockImageProcessor::new()),
        Arc::new(clock),
    )
}

#[test]
fn only_the_servers_own_photo_paths_name_blobs() {
    let hex = "0123456789abcdef0123456789abcdef";
    let (full, thumb) = photo_keys_of(&format!("/uploads/{hex}.jpg")).unwrap();
    assert_eq!((full.as_str(), thumb.as_str()), (&*format!("{hex}.jpg"), &*format!("{hex}-thumb.jpg")));
    for other in
        ["", "https://example.com/a.jpg", "/uploads/../x.jpg", "/uploads/abc.jpg", &format!("/uploads/{hex}.png")]
    {
        assert!(photo_keys_of(other).is_none(), "{other}");
    }
    let (a, _) = photo_keys();
    let (b, _) = photo_keys();
    assert_ne!(a, b);
    assert!(photo_keys_of(&format!("/uploads/{}", a.as_str())).is_some());
}

fn stocked(stock: &str, needed: &str) -> ItemInput {
    ItemInput {
        name: "Semi-skimmed milk".into(),
        current_stock: Some(stock.into()),
        default_needed: Some(needed.into()),
        ..ItemInput::default()
    }
}

fn stored(draft: &ItemDraft) -> InventoryItem {
    InventoryItem {
        id: InventoryItemId(Uuid::from_u128(1)),
        name: draft.name.clone(),
        category: draft.category.clone(),
        brand: draft.brand.clone(),
        current_stock: draft.current_stock,
        default_needed: draft.default_needed,
        last_price: draft.last_price,
        preferred_store: draft.preferred_store.clone(),
        unit: draft.unit.clone(),
        expiry_date: draft.expiry_date,
        item_type: draft.item_type.clone(),
        size: draft.size.clone(),
        location_in_house: draft.location_in_house.clone(),
        image: draft.image.clone(),
        created_at: Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap(),
    }
}

#[tokio::test]
async fn a_new_item_below_its_need_is_stored_with_its_entry_on_the_list() {
    let user = Scope::solo(UserId(Uuid::from_u128(7)));
    for (stock, needed, expected) in [
        ("0", "2", Restock::Needed(2)), // issue 29's milk
        ("1", "3", Restock::Needed(2)),
        ("", "", Restock::Needed(1)), // the form's defaults: none in stock, one needed
        ("2", "2", Restock::Enough),
        ("0", "0", Restock::Enough),
    ] {
        let mut repo = MockInventoryRepository::new();
        repo.expect_create()
            .withf(move |_, _, _, restock| *restock == expected)
            .times(1)
            .returning(|_, _, draft, _| Ok(stored(draft)));
        service(repo).create(user, &stocked(stock, needed)).await.unwrap();
    }
}

#[tokio::test]
async fn an_edit_applies_the_same_rule_to_the_item_as_edited() {
    let user = Scope::solo(UserId(Uuid::from_u128(7)));
    for (stock, needed, expected) in [
        ("1", "3", Restock::Needed(2)), // stock lowered below the need: listed
        ("0", "2", Restock::Needed(2)),
        ("3", "3", Restock::Enough), // stock raised to the need: the app's entry may go
        ("5", "1", Restock::Enough),
    ] {
        let mut repo = MockInventoryRepository::new();
        repo.expect_get().returning(|_, _| Ok(stored(&ItemDraft::parse(&stocked("4", "3")).unwrap())));
        repo.expect_update()
            .withf(move |_, _, _, restock| *restock == expected)
            .times(1)
            .returning(|_, _, draft, _| Ok(stored(draft)));
        service(repo).update(user, InventoryItemId(Uuid::from_u128(1)), &stocked(stock, needed)).await.unwrap();
    }
}

#[tokio::test]
async fn a_refused_form_writes_nothing_and_lists_nothing() {
    let mut repo = MockInventoryRepository::new();
    repo.expect_create().never();
    repo.expect_update().never();
    let s = service(repo);
    let user = Scope::solo(UserId(Uuid::from_u128(7)));
    let err = s.create(user, &stocked("-1", "2")).await.unwrap_err();
    assert_eq!(err.to_string(), "Stock cannot be negative");
    let err = s.update(user, InventoryItemId(Uuid::from_u128(1)), &stocked("0", "-2")).await.unwrap_err();
    assert_eq!(err.to_string(), "Default needed cannot be negative");
}

#[tokio::test]
async fn a_trip_with_a_foreign_item_or_no_account_writes_nothing() {
    let mut repo = MockInventoryRepository::new();
    repo.expect_list().returning(|_, _| Ok(vec![]));
    repo.expect_complete_trip().never();
    let s = service(repo);
    let user = Scope::solo(UserId(Uuid::from_u128(7)));
    let input = TripLineInput {
        item_id: Uuid::from_u128(1).to_string(),
        quantity: Some("1".into()),
        price: Some("1".into()),
        store: String::new(),
    };
    let account = Some(AccountId(Uuid::from_u128(3)));
    assert!(matches!(
        s.complete_trip(user, std::slice::from_ref(&input), account, None).await,
        Err(InventoryError::NotFound(_))
    ));
    let err = s.complete_trip(user, &[input], None, None).await.unwrap_err();
    assert_eq!(err.to_string(), "Account is required");
    let err = s.complete_trip(user, &[], account, None).await.unwrap_err();
    assert_eq!(err.to_string(), "Please select at least one item to complete the shopping trip");
}

#[tokio::test]
async fn a_tick_is_the_members_at_the_clocks_time_and_an_untick_carries_no_time() {
    let user = Scope::solo(UserId(Uuid::from_u128(7)));
    let entry = domain::ids::ShoppingEntryId(Uuid::from_u128(2));
    let noon = Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap();
    let mut repo = MockInventoryRepository::new();
    repo.expect_set_ticked()
        .withf(move |scope, id, tick| *scope == user && *id == entry && *tick == Some(noon))
        .times(1)
        .returning(|_, _, _| Err(crate::RepoError::NotFound));
    repo.expect_set_ticked()
        .withf(move |_, _, tick| tick.is_none())
        .times(1)
        .returning(|_, _, _| Err(crate::RepoError::NotFound));
    let s = service(repo);
    let err = s.set_ticked(user, entry, true).await.unwrap_err();
    assert_eq!(err.to_string(), "Shopping list item not found");
    assert!(matches!(s.set_ticked(user, entry, false).await, Err(InventoryError::NotFound(_))));
}
