//! Tags in PostgreSQL: a name once per household ignoring case, links that go with their
//! transaction or tag (never the other side), a merge that leaves a row carrying both tags with
//! one, the list's tag filter, and another household's tags out of reach.

use adapter_postgres::PgTagRepository;
use domain::tags::{TagColour, TagDraft, TagId, TagMode, TagName, TagPatch};
use domain::Scope;
use ports::ledger::{TransactionQuery, TransactionRecord, TransactionRepository};
use ports::tags::TagRepository;
use ports::{RepoError, UniqueField};

use crate::support::{day, draft, number, Ledger};

fn new_tag(name: &str) -> TagDraft {
    TagDraft { name: TagName::parse(name).unwrap(), color: TagColour::parse("#2196F3").unwrap() }
}

async fn make(tags: &PgTagRepository, scope: Scope, name: &str) -> TagId {
    tags.create(scope, TagId::generate(), &new_tag(name)).await.unwrap().id
}

fn names(record: &TransactionRecord) -> Vec<&str> {
    record.tags.iter().map(|t| t.name.as_str()).collect()
}

#[tokio::test]
async fn a_name_is_the_households_once_ignoring_case_and_another_households_tag_is_not_found() {
    let l = Ledger::new();
    let tags = PgTagRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    let olly = l.user("olly@example.com").await;
    let kids = make(&tags, jane, "Kids").await;
    let err = tags.create(jane, TagId::generate(), &new_tag("KIDS")).await.unwrap_err();
    assert!(matches!(err, RepoError::Duplicate(UniqueField::TagName)), "{err:?}");
    // Another household may have the same name.
    let olly_kids = make(&tags, olly, "kids").await;
    let work = make(&tags, jane, "Work").await;
    let rename = TagPatch { name: Some(TagName::parse("kids").unwrap()), color: None };
    assert!(matches!(tags.update(jane, work, &rename).await, Err(RepoError::Duplicate(UniqueField::TagName))));

    assert!(matches!(tags.get(jane, olly_kids).await, Err(RepoError::NotFound)));
    assert!(matches!(tags.update(jane, olly_kids, &TagPatch::default()).await, Err(RepoError::NotFound)));
    assert!(matches!(tags.delete(jane, olly_kids).await, Err(RepoError::NotFound)));
    assert!(matches!(tags.merge(jane, kids, olly_kids).await, Err(RepoError::NotFound)));
    assert!(matches!(tags.merge(jane, olly_kids, kids).await, Err(RepoError::NotFound)));
    assert!(matches!(tags.all_exist(jane, &[kids, olly_kids]).await, Err(RepoError::NotFound)));
    tags.all_exist(jane, &[kids, work, kids]).await.unwrap();
    assert_eq!(tags.list(olly).await.unwrap()[0].tag.name, "kids", "untouched");

    // The colour alone changes; the name stays.
    let recolour = TagPatch { name: None, color: Some(TagColour::parse("#ff0000").unwrap()) };
    let changed = tags.update(jane, kids, &recolour).await.unwrap();
    assert_eq!((changed.name.as_str(), changed.color.as_str()), ("Kids", "#ff0000"));
}

#[tokio::test]
async fn links_go_with_their_transaction_or_tag_and_a_merge_leaves_one_where_there_were_both() {
    let l = Ledger::new();
    let tags = PgTagRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    let account = l.account(jane, "Current", "100").await;
    let food = l.category(jane, "Groceries").await;
    let holiday = make(&tags, jane, "Holiday").await;
    let trip = make(&tags, jane, "Holiday 2026").await;
    let kids = make(&tags, jane, "Kids").await;
    let mut both = draft(account, food, -800, day(2026, 7, 1));
    both.tags = Some(vec![holiday, trip]);
    let both = l.transactions.create(jane, both).await.unwrap();
    assert_eq!(names(&both), ["Holiday", "Holiday 2026"]);
    let mut camp = draft(account, food, -1200, day(2026, 7, 2));
    camp.tags = Some(vec![holiday, kids]);
    let camp = l.transactions.create(jane, camp).await.unwrap();
    let gone = l.add(jane, account, food, -100, day(2026, 7, 3)).await;
    let mut edit = draft(account, food, -100, day(2026, 7, 3));
    edit.tags = Some(vec![kids]);
    assert_eq!(names(&l.transactions.update(jane, gone.id, edit).await.unwrap()), ["Kids"]);

    // A deleted transaction takes its links, not its tags.
    l.transactions.delete(jane, gone.id).await.unwrap();
    assert_eq!(number(&l.t, "SELECT count(*) AS n FROM transaction_tags"), 4);
    assert_eq!(tags.list(jane).await.unwrap().len(), 3);

    let merged = tags.merge(jane, holiday, trip).await.unwrap();
    assert_eq!(merged.id, trip);
    assert_eq!(names(&l.transactions.get(jane, both.id).await.unwrap()), ["Holiday 2026"]);
    assert_eq!(names(&l.transactions.get(jane, camp.id).await.unwrap()), ["Holiday 2026", "Kids"]);
    assert!(matches!(tags.get(jane, holiday).await, Err(RepoError::NotFound)));
    let counts: Vec<_> =
        tags.list(jane).await.unwrap().iter().map(|t| (t.tag.name.clone(), t.transaction_count)).collect();
    assert_eq!(counts, [("Holiday 2026".to_owned(), 2), ("Kids".to_owned(), 1)]);

    // A deleted tag takes its links, not its transactions.
    tags.delete(jane, trip).await.unwrap();
    assert_eq!(l.all(jane).await.len(), 2);
    assert_eq!(names(&l.transactions.get(jane, camp.id).await.unwrap()), ["Kids"]);
    assert_eq!(number(&l.t, "SELECT count(*) AS n FROM transaction_tags"), 1);
}

#[tokio::test]
async fn the_list_keeps_rows_with_any_or_all_of_the_tags_and_its_summary_counts_only_them() {
    let l = Ledger::new();
    let tags = PgTagRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    let account = l.account(jane, "Current", "100").await;
    let food = l.category(jane, "Groceries").await;
    let a = make(&tags, jane, "A").await;
    let b = make(&tags, jane, "B").await;
    for (pence, with) in [(-100, vec![a]), (-200, vec![a, b]), (-400, vec![b]), (-800, vec![])] {
        // Months apart, so the summary reads whole months too (the totals carry no tags).
        let mut d = draft(account, food, pence, day(2026, (pence.unsigned_abs() / 100).ilog2() + 1, 15));
        d.tags = Some(with);
        l.transactions.create(jane, d).await.unwrap();
    }
    let query = |tags: Vec<TagId>, tag_mode: TagMode| TransactionQuery {
        page: 1,
        limit: 20,
        tags,
        tag_mode,
        start: Some(day(2026, 1, 1)),
        end: Some(day(2026, 12, 31)),
        ..Default::default()
    };
    let any = l.transactions.list(jane, query(vec![a, b], TagMode::Any)).await.unwrap();
    assert_eq!((any.items.len(), any.total, any.summary.total_expenses.pence()), (3, 3, -700));
    let all = l.transactions.list(jane, query(vec![a, b], TagMode::All)).await.unwrap();
    assert_eq!((all.items.len(), all.total, all.summary.total_expenses.pence()), (1, 1, -200));
    let none = l.transactions.list(jane, query(vec![], TagMode::All)).await.unwrap();
    assert_eq!((none.total, none.summary.total_expenses.pence()), (4, -1500));
}
