//! Households on a real database: every user gets one in the transaction that makes them, and a
//! server upgraded with users gives each of them one (and each category its kind).

use crate::support::{new_user, number};

use adapter_postgres::test_support::TestDb;
use adapter_postgres::{PgCategoryRepository, PgHouseholdRepository};
use domain::categories::{CategoryDraft, CategoryInput};
use domain::households::HouseholdRole;
use domain::transactions::TransactionType;
use domain::Scope;
use ports::households::HouseholdRepository;
use ports::ledger::CategoryRepository;

#[tokio::test]
async fn upgrading_gives_each_user_a_household_and_each_category_the_kind_its_name_says() {
    let t = TestDb::new();
    let long_name = "Maximilian Bartholomew Fitzgerald-Smythe";
    let jane = new_user(&t, "Jane Doe", "jane@example.com").await;
    let max = new_user(&t, long_name, "max@example.com").await;
    let categories = PgCategoryRepository::new(t.db.clone());
    for (name, kind) in [("Rental income", "expense"), ("Lodger", "income")] {
        let input = CategoryInput { name: name.into(), kind: Some(kind.into()), ..Default::default() };
        categories.create(jane, CategoryDraft::parse(&input).unwrap(), false).await.unwrap();
    }

    // Back to before the category kinds and the households, and forward again, as on a server
    // upgraded with data.
    t.redo_migrations_from("2026-11-28-000002");
    // Upgraded, each user's household bears their id and owns their rows.
    let (jane, max) = (Scope::solo(jane.member), Scope::solo(max.member));
    let kinds: Vec<(String, TransactionType)> = categories
        .list(jane)
        .await
        .unwrap()
        .into_iter()
        .filter(|(c, _)| ["Rental income", "Lodger", "Salary", "Groceries"].contains(&c.name.as_str()))
        .map(|(c, _)| (c.name, c.kind))
        .collect();
    assert!(kinds.contains(&("Rental income".into(), TransactionType::Income)), "{kinds:?}");
    assert!(kinds.contains(&("Lodger".into(), TransactionType::Expense)), "before kinds only the name spoke");
    assert!(kinds.contains(&("Salary".into(), TransactionType::Income)));
    assert!(kinds.contains(&("Groceries".into(), TransactionType::Expense)));

    let households = PgHouseholdRepository::new(t.db.clone());
    let h = households.of_user(jane.member).await.unwrap();
    assert_eq!(h.name, "Jane Doe's household");
    assert_eq!((h.members.len(), h.members[0].user, h.members[0].role), (1, jane.member, HouseholdRole::Owner));
    let long = households.of_user(max.member).await.unwrap().name;
    assert!(long.chars().count() <= 50 && long.ends_with("'s household"), "{long}");
    assert_eq!(number(&t, "SELECT count(*) AS n FROM households"), 2);
}

#[tokio::test]
async fn a_new_user_owns_a_new_household_made_with_them() {
    let t = TestDb::new();
    let jane = new_user(&t, "Jane Doe", "jane@example.com").await;
    let john = new_user(&t, "John Doe", "john@example.com").await;
    let households = PgHouseholdRepository::new(t.db.clone());
    let (a, b) = (households.of_user(jane.member).await.unwrap(), households.of_user(john.member).await.unwrap());
    assert_ne!(a.id, b.id);
    assert_eq!((a.name.as_str(), a.members[0].role), ("Jane Doe's household", HouseholdRole::Owner));
    households.rename(a.id, domain::households::HouseholdName::parse("The Does").unwrap()).await.unwrap();
    assert_eq!(households.of_user(jane.member).await.unwrap().name, "The Does");
    assert_eq!(households.of_user(john.member).await.unwrap().name, "John Doe's household");
}
