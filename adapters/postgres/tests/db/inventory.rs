//! The inventory on a real database: decrements that never go below zero (also 20 at once), the
//! shopping list's auto-add, a shopping trip as one transaction that rolls back whole, the
//! household's ticks, and isolation between users.

use crate::support::{new_user, number as count};
use adapter_postgres::test_support::TestDb;
use adapter_postgres::{PgAccountRepository, PgInventoryRepository};
use chrono::NaiveDate;
use chrono::TimeZone;
use diesel::{Connection, PgConnection, RunQueryDsl};
use domain::accounts::{AccountDraft, AccountId, AccountInput};
use domain::ids::{InventoryItemId, ShoppingEntryId};
use domain::inventory::{restock, ItemDraft, ItemInput, Restock, TripLine};
use domain::{Money, Scope};
use ports::inventory::{InventoryItem, InventoryRepository, TripExpense};
use ports::ledger::AccountRepository;
use ports::RepoError;

async fn user(t: &TestDb, email: &str) -> (Scope, AccountId) {
    let user = new_user(t, "Jane Doe", email).await;
    let input = AccountInput {
        name: "Current".into(),
        account_type: "current".into(),
        initial_balance: Some("100.00".into()),
        credit_limit: None,
        visibility: None,
    };
    let account =
        PgAccountRepository::new(t.db.clone()).create(user, AccountDraft::parse(&input).unwrap()).await.unwrap().id;
    (user, account)
}

fn milk(stock: &str, needed: &str) -> ItemDraft {
    ItemDraft::parse(&ItemInput {
        name: "Semi-skimmed milk".into(),
        category: "Dairy".into(),
        brand: "Cravendale".into(),
        current_stock: Some(stock.into()),
        default_needed: Some(needed.into()),
        last_price: Some("1.15".into()),
        preferred_store: "Tesco".into(),
        unit: "litre".into(),
        ..ItemInput::default()
    })
    .unwrap()
}

/// Stores an item as the use case does: with the restocking rule's verdict on it.
async fn stored(repo: &PgInventoryRepository, user: Scope, draft: ItemDraft) -> InventoryItem {
    let verdict = restock(draft.default_needed, draft.current_stock);
    repo.create(user, InventoryItemId::generate(), &draft, verdict).await.unwrap()
}

#[tokio::test]
async fn twenty_decrements_at_once_stop_at_zero_and_the_list_asks_for_what_is_missing() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, _) = user(&t, "jane@example.com").await;
    let item = stored(&repo, jane, milk("12", "4")).await;

    let mut tasks = Vec::new();
    for _ in 0..20 {
        let repo = PgInventoryRepository::new(t.db.clone());
        tasks.push(tokio::spawn(async move { repo.decrement(jane, item.id).await.unwrap() }));
    }
    let mut made = 0;
    for task in tasks {
        if task.await.unwrap().is_some() {
            made += 1;
        }
    }
    assert_eq!(made, 12, "one decrement per item in stock, the rest refused");
    assert_eq!(repo.get(jane, item.id).await.unwrap().current_stock, 0);
    let list = repo.entries(jane).await.unwrap();
    assert_eq!(list.len(), 1, "one entry per item");
    assert!(list[0].is_auto_added && !list[0].added_manually);
    assert_eq!(list[0].quantity_to_buy, 4, "need 4, have 0");
    assert_eq!(list[0].item.name, "Semi-skimmed milk");
}

#[tokio::test]
async fn the_auto_add_starts_below_the_need_and_adding_again_raises_the_quantity() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, _) = user(&t, "jane@example.com").await;
    let item = stored(&repo, jane, milk("3", "2")).await;
    repo.decrement(jane, item.id).await.unwrap();
    assert!(repo.entries(jane).await.unwrap().is_empty(), "2 left of 2 needed is enough");
    repo.decrement(jane, item.id).await.unwrap();
    let entry = &repo.entries(jane).await.unwrap()[0];
    assert_eq!(entry.quantity_to_buy, 1);
    // The app's entry holds what is missing: adding by hand takes the larger, then adds.
    let again = repo.add_entry(jane, item.id, 2, true).await.unwrap();
    assert_eq!((again.id, again.quantity_to_buy, again.added_manually), (entry.id, 2, true));
    let again = repo.add_entry(jane, item.id, 1, true).await.unwrap();
    assert_eq!((again.id, again.quantity_to_buy), (entry.id, 3));
    let set = repo.set_entry_quantity(jane, entry.id, 5).await.unwrap();
    assert_eq!(set.quantity_to_buy, 5);
    repo.delete_entry(jane, entry.id).await.unwrap();
    assert!(repo.entries(jane).await.unwrap().is_empty());
    assert_eq!(repo.get(jane, item.id).await.unwrap().current_stock, 1, "the item stays");

    // Search is literal and any case, over name, brand and store.
    for (q, found) in [("MILK", 1), ("craven", 1), ("tesco", 1), ("%", 0), ("aldi", 0)] {
        assert_eq!(repo.list(jane, Some(q.into())).await.unwrap().len(), found, "{q}");
    }
}

#[tokio::test]
async fn a_trip_is_one_expense_restocks_and_clears_its_entries_or_changes_nothing() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, account) = user(&t, "jane@example.com").await;
    let (john, _) = user(&t, "john@example.com").await;
    let milk_item = stored(&repo, jane, milk("0", "2")).await;
    let bread = stored(&repo, jane, ItemDraft { name: "Bread".into(), ..milk("0", "1") }).await;
    repo.add_entry(jane, milk_item.id, 2, true).await.unwrap();
    repo.add_entry(jane, bread.id, 1, true).await.unwrap();
    let johns = stored(&repo, john, milk("0", "1")).await;
    let expense = |total: i64| TripExpense {
        account,
        category: None,
        date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
        total: Money::from_pence(total),
        description: "Shopping: Aldi".into(),
        notes: "2 × Semi-skimmed milk @ £0.99".into(),
    };
    let line = |item: InventoryItemId, quantity: i64, pence: i64| TripLine {
        item_id: item,
        quantity,
        price: Money::from_pence(pence),
        store: "Aldi".into(),
    };

    // Someone else's item in the trip: nothing at all is written.
    let err = repo.complete_trip(jane, &[line(milk_item.id, 2, 99), line(johns.id, 1, 50)], &expense(248)).await;
    assert!(matches!(err, Err(RepoError::NotFound)));
    assert_eq!(count(&t, "SELECT count(*) AS n FROM transactions"), 0);
    assert_eq!(repo.get(jane, milk_item.id).await.unwrap().current_stock, 0);
    assert_eq!(repo.entries(jane).await.unwrap().len(), 2);

    // Deleting Groceries does not stop a trip: it is made again.
    let mut conn = PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(format!(
        "DELETE FROM categories WHERE household_id = '{}' AND name = 'Groceries'",
        jane.household.0
    ))
    .execute(&mut conn)
    .unwrap();
    let trip = repo.complete_trip(jane, &[line(milk_item.id, 2, 99)], &expense(198)).await.unwrap();
    assert_eq!(trip.total.pence(), 198);
    assert_eq!((trip.items[0].current_stock, trip.items[0].last_price.pence()), (2, 99));
    assert_eq!(trip.items[0].preferred_store, "Aldi");
    let remaining = repo.entries(jane).await.unwrap();
    assert_eq!(remaining.iter().map(|e| e.item.name.as_str()).collect::<Vec<_>>(), ["Bread"], "the others stay");
    assert_eq!(
        count(&t, &format!("SELECT amount AS n FROM transactions WHERE id = '{}'", trip.transaction_id)),
        -198,
        "one expense of the exact total"
    );
    assert_eq!(
        count(
            &t,
            &format!(
                "SELECT count(*) AS n FROM transactions t JOIN categories c ON c.id = t.category_id
                 WHERE t.id = '{}' AND c.name = 'Groceries'",
                trip.transaction_id
            )
        ),
        1
    );
}

#[tokio::test]
async fn another_users_items_and_entries_are_not_found_and_deleting_an_item_takes_its_entry() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, _) = user(&t, "jane@example.com").await;
    let (john, _) = user(&t, "john@example.com").await;
    let item = stored(&repo, jane, milk("1", "3")).await;
    let entry = repo.add_entry(jane, item.id, 1, true).await.unwrap();
    let not_found = |r: Result<(), RepoError>| assert!(matches!(r, Err(RepoError::NotFound)), "{r:?}");
    not_found(repo.get(john, item.id).await.map(drop));
    not_found(repo.update(john, item.id, &milk("9", "9"), Restock::Enough).await.map(drop));
    not_found(repo.decrement(john, item.id).await.map(drop));
    not_found(repo.add_entry(john, item.id, 1, true).await.map(drop));
    not_found(repo.set_entry_quantity(john, entry.id, 2).await.map(drop));
    not_found(repo.delete_entry(john, entry.id).await);
    not_found(repo.delete(john, item.id).await.map(drop));
    assert!(repo.list(john, None).await.unwrap().is_empty() && repo.entries(john).await.unwrap().is_empty());
    assert_eq!(repo.get(jane, item.id).await.unwrap().current_stock, 1);

    let gone = repo.delete(jane, item.id).await.unwrap();
    assert_eq!(gone.name, "Semi-skimmed milk");
    assert_eq!(count(&t, "SELECT count(*) AS n FROM shopping_list_entries"), 0);
}

#[tokio::test]
async fn an_edit_lists_an_item_below_its_need_and_a_restocked_one_keeps_only_entries_added_by_hand() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, _) = user(&t, "jane@example.com").await;
    let item = stored(&repo, jane, milk("5", "2")).await;
    assert!(repo.entries(jane).await.unwrap().is_empty());
    let edit = |stock: &'static str| {
        let draft = milk(stock, "2");
        let verdict = restock(draft.default_needed, draft.current_stock);
        let repo = PgInventoryRepository::new(t.db.clone());
        async move { repo.update(jane, item.id, &draft, verdict).await.unwrap() }
    };
    let quantities =
        || async { repo.entries(jane).await.unwrap().iter().map(|e| e.quantity_to_buy).collect::<Vec<_>>() };
    edit("1").await;
    assert_eq!(quantities().await, [1]);
    edit("0").await;
    assert_eq!(quantities().await, [2], "one entry, raised to what is missing");
    let entry = repo.entries(jane).await.unwrap()[0].id;
    repo.set_entry_quantity(jane, entry, 5).await.unwrap();
    edit("1").await;
    assert_eq!(quantities().await, [5], "a quantity the user set is never lowered");
    edit("2").await;
    assert!(repo.entries(jane).await.unwrap().is_empty(), "restocked: the app's entry goes");

    let bread = stored(&repo, jane, ItemDraft { name: "Bread".into(), ..milk("0", "1") }).await;
    repo.add_entry(jane, bread.id, 1, true).await.unwrap();
    let draft = ItemDraft { name: "Bread".into(), ..milk("1", "1") };
    repo.update(jane, bread.id, &draft, Restock::Enough).await.unwrap();
    let left = repo.entries(jane).await.unwrap();
    assert_eq!((left.len(), left[0].added_manually), (1, true), "an entry the user added stays");
}

#[tokio::test]
async fn upgrading_lists_the_items_already_below_their_need_and_keeps_existing_entries() {
    let t = TestDb::new();
    let (jane, _) = user(&t, "jane@example.com").await;
    let repo = PgInventoryRepository::new(t.db.clone());
    let short = stored(&repo, jane, milk("0", "2")).await;
    let listed = stored(&repo, jane, ItemDraft { name: "Bread".into(), ..milk("1", "4") }).await;
    stored(&repo, jane, ItemDraft { name: "Butter".into(), ..milk("3", "2") }).await;
    // As before the rule ran on every write: the short item never reached the list, and the
    // user had set the listed one's quantity by hand.
    let mut conn = PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(format!("DELETE FROM shopping_list_entries WHERE item_id = '{}'", short.id))
        .execute(&mut conn)
        .unwrap();
    diesel::sql_query(format!("UPDATE shopping_list_entries SET quantity_to_buy = 9 WHERE item_id = '{}'", listed.id))
        .execute(&mut conn)
        .unwrap();

    t.redo_migrations_from("2026-11-27-000002");
    let entry = |item: InventoryItemId| {
        count(&t, &format!("SELECT COALESCE(SUM(quantity_to_buy), 0)::bigint AS n FROM shopping_list_entries WHERE item_id = '{item}' AND is_auto_added"))
    };
    assert_eq!(entry(short.id), 2, "listed by what is missing");
    assert_eq!(entry(listed.id), 9, "an entry already there is left as it was");
    assert_eq!(count(&t, "SELECT count(*) AS n FROM shopping_list_entries"), 2, "the stocked item stays off");
}

#[tokio::test]
async fn a_tick_is_the_households_naming_who_ticked_first_and_goes_with_its_entry() {
    let t = TestDb::new();
    let repo = PgInventoryRepository::new(t.db.clone());
    let (jane, account) = user(&t, "jane@example.com").await;
    let (other, _) = user(&t, "max@example.com").await;
    // John, a member of Jane's household: her books, his name on what he does.
    let john = Scope { household: jane.household, member: new_user(&t, "John Doe", "john@example.com").await.member };
    let milk_item = stored(&repo, jane, milk("0", "2")).await;
    let bread = stored(&repo, jane, ItemDraft { name: "Bread".into(), ..milk("0", "1") }).await;
    let entry_of = |name: &'static str| {
        let repo = PgInventoryRepository::new(t.db.clone());
        async move { repo.entries(jane).await.unwrap().into_iter().find(|e| e.item.name == name).unwrap() }
    };
    let (milk_entry, bread_entry) = (entry_of("Semi-skimmed milk").await.id, entry_of("Bread").await.id);
    assert!(entry_of("Bread").await.tick.is_none(), "a new entry is not ticked");
    let at = |minute: u32| chrono::Utc.with_ymd_and_hms(2026, 11, 28, 10, minute, 0).unwrap();

    let ticked = repo.set_ticked(john, milk_entry, Some(at(1))).await.unwrap();
    let tick = ticked.tick.expect("ticked");
    assert_eq!((tick.at, tick.by.map(|m| (m.id, m.name))), (at(1), Some((john.member, "John Doe".to_owned()))));
    // Jane sees John's tick; her tick of the same entry (a retry, or both at once) leaves it his.
    let seen = entry_of("Semi-skimmed milk").await.tick.unwrap();
    assert_eq!(seen.by.unwrap().id, john.member);
    let again = repo.set_ticked(jane, milk_entry, Some(at(2))).await.unwrap().tick.unwrap();
    assert_eq!((again.at, again.by.unwrap().id), (at(1), john.member), "the first tick stays");

    // Unticking, twice, leaves it unticked; then Jane's tick is hers.
    assert!(repo.set_ticked(jane, milk_entry, None).await.unwrap().tick.is_none());
    assert!(repo.set_ticked(jane, milk_entry, None).await.unwrap().tick.is_none());
    let hers = repo.set_ticked(jane, milk_entry, Some(at(3))).await.unwrap().tick.unwrap();
    assert_eq!((hers.at, hers.by.unwrap().name), (at(3), "Jane Doe".to_owned()));

    // Another household's entry is not found, ticked or not, and its tick is left alone.
    for tick in [Some(at(4)), None] {
        assert!(matches!(repo.set_ticked(other, milk_entry, tick).await, Err(RepoError::NotFound)));
    }
    assert!(matches!(repo.set_ticked(jane, ShoppingEntryId(uuid::Uuid::nil()), None).await, Err(RepoError::NotFound)));
    assert_eq!(entry_of("Semi-skimmed milk").await.tick.unwrap().at, at(3));

    // A deleted member's tick stays, by no one named.
    repo.set_ticked(john, bread_entry, Some(at(5))).await.unwrap();
    let mut conn = PgConnection::establish(&t.url).unwrap();
    diesel::sql_query(format!("DELETE FROM users WHERE id = '{}'", john.member.0)).execute(&mut conn).unwrap();
    let orphan = entry_of("Bread").await.tick.expect("still ticked");
    assert_eq!((orphan.at, orphan.by), (at(5), None));

    // A trip takes the entries it bought and their ticks; the others keep theirs. A removed entry
    // takes its tick too.
    let expense = TripExpense {
        account,
        category: None,
        date: NaiveDate::from_ymd_opt(2026, 11, 28).unwrap(),
        total: Money::from_pence(230),
        description: "Shopping: Tesco".into(),
        notes: String::new(),
    };
    let line = TripLine { item_id: milk_item.id, quantity: 2, price: Money::from_pence(115), store: "Tesco".into() };
    repo.complete_trip(jane, &[line], &expense).await.unwrap();
    assert_eq!(count(&t, "SELECT count(*) AS n FROM shopping_list_ticks"), 1, "bread's tick stays");
    repo.delete_entry(jane, bread_entry).await.unwrap();
    assert_eq!(count(&t, "SELECT count(*) AS n FROM shopping_list_ticks"), 0);
    assert_eq!(repo.get(jane, bread.id).await.unwrap().current_stock, 0, "the item stays");
}
