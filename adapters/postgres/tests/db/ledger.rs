//! The ledger repositories on a real database: running balances, month totals, transfers,
//! concurrency and isolation.

use crate::support;

use support::{assert_balances_consistent, day, draft, Ledger};

use adapter_postgres::PgTransactionRepository;
use domain::categories::{default_categories, CategoryDraft, CategoryInput};
use domain::dates::CalendarMonth;
use domain::transactions::{TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, Scope};
use ports::ledger::{
    AccountRepository, CategoryRepository, TransactionQuery, TransactionRecord, TransactionRepository,
};
use ports::{RepoError, UniqueField};

#[tokio::test]
async fn a_new_user_gets_the_default_categories() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let list = l.categories.list(user).await.unwrap();
    assert_eq!(list.len(), default_categories().len());
    assert!(list.iter().all(|(c, n)| c.is_default && *n == 0));
}

#[tokio::test]
async fn running_balances_survive_back_dated_inserts_edits_deletes_and_declines() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let acc = l.account(user, "Current", "100.00").await;
    let food = l.category(user, "Groceries").await;
    let pay = l.category(user, "Salary").await;

    l.add(user, acc, pay, 200_000, day(2026, 3, 1)).await;
    let shop = l.add(user, acc, food, -5_000, day(2026, 3, 10)).await;
    l.add(user, acc, food, -2_500, day(2026, 4, 2)).await;
    assert_balances_consistent(&l, user).await;

    // Back-dated into an earlier month, and into the middle of a month.
    l.add(user, acc, food, -1_000, day(2026, 2, 20)).await;
    let mid = l.add(user, acc, food, -700, day(2026, 3, 5)).await;
    assert_balances_consistent(&l, user).await;
    assert_eq!(l.balance(user, acc).await, Money::from_pence(10_000 + 200_000 - 5_000 - 2_500 - 1_000 - 700));

    // Edit amount, then move the date across months.
    l.transactions.update(user, shop.id, draft(acc, food, -6_000, day(2026, 3, 10))).await.unwrap();
    assert_balances_consistent(&l, user).await;
    l.transactions.update(user, mid.id, draft(acc, food, -700, day(2026, 4, 20))).await.unwrap();
    assert_balances_consistent(&l, user).await;

    // Declined counts for nothing.
    let mut declined = draft(acc, food, -9_999, day(2026, 3, 15));
    declined.status = TransactionStatus::Declined;
    let d = l.transactions.create(user, declined).await.unwrap();
    assert_balances_consistent(&l, user).await;
    let before_decline = l.all(user).await.into_iter().find(|r| r.id == d.id).unwrap();
    assert_eq!(before_decline.status, TransactionStatus::Declined);

    l.transactions.delete(user, shop.id).await.unwrap();
    assert_balances_consistent(&l, user).await;
    assert_eq!(l.balance(user, acc).await, Money::from_pence(10_000 + 200_000 - 2_500 - 1_000 - 700));
}

#[tokio::test]
async fn random_operations_keep_balances_and_summaries_exact() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let a = l.account(user, "Current", "50.00").await;
    let b = l.account(user, "Savings", "0").await;
    let food = l.category(user, "Groceries").await;
    let pay = l.category(user, "Salary").await;
    let mut seed: u64 = 0x5eed;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut ids = vec![];
    let mut transfers = vec![];
    for i in 0..120 {
        let date = day(2025, 1, 1) + chrono::Duration::days(next(500) as i64);
        let account = if next(2) == 0 { a } else { b };
        match next(10) {
            0..=5 => {
                let (cat, pence) =
                    if next(3) == 0 { (pay, 1 + next(100_000) as i64) } else { (food, -(1 + next(20_000) as i64)) };
                let mut d = draft(account, cat, pence, date);
                if next(8) == 0 {
                    d.status = TransactionStatus::Declined;
                }
                ids.push(l.transactions.create(user, d).await.unwrap().id);
            }
            6 => {
                let t = TransferDraft {
                    amount: Money::from_pence(1 + next(5_000) as i64),
                    description: format!("move {i}"),
                    from_account_id: account,
                    to_account_id: if account == a { b } else { a },
                    date,
                    notes: String::new(),
                };
                let t = l.transactions.create_transfer(user, t).await.unwrap();
                transfers.push(if next(2) == 0 { t.from.id } else { t.to.id });
            }
            7 if !transfers.is_empty() && next(2) == 0 => {
                // A transfer rewritten: any amount, either direction, any day.
                let id = transfers[next(transfers.len() as u64) as usize];
                let from = if next(2) == 0 { a } else { b };
                let t = TransferDraft {
                    amount: Money::from_pence(1 + next(7_000) as i64),
                    description: format!("moved {i}"),
                    from_account_id: from,
                    to_account_id: if from == a { b } else { a },
                    date,
                    notes: "edited".into(),
                };
                l.transactions.update_transfer(user, id, t).await.unwrap();
            }
            7 | 8 if !ids.is_empty() => {
                let id = ids[next(ids.len() as u64) as usize];
                let mut d = draft(account, food, -(1 + next(9_000) as i64), date);
                if next(3) == 0 {
                    d.status = TransactionStatus::Declined;
                }
                let _ = l.transactions.update(user, id, d).await;
            }
            _ if !ids.is_empty() => {
                let id = ids.swap_remove(next(ids.len() as u64) as usize);
                l.transactions.delete(user, id).await.unwrap();
            }
            _ => {}
        }
    }
    assert_balances_consistent(&l, user).await;

    // Summaries from month totals plus edge rows equal a plain sum of the rows.
    let rows = l.all(user).await;
    for (start, end) in [
        (None, None),
        (Some(day(2025, 3, 15)), Some(day(2025, 9, 3))),
        (Some(day(2025, 2, 1)), Some(day(2025, 2, 28))),
        (Some(day(2025, 5, 10)), Some(day(2025, 5, 20))),
        (None, Some(day(2025, 12, 31))),
        (Some(day(2025, 6, 1)), None),
    ] {
        for account in [None, Some(a)] {
            let q = TransactionQuery {
                page: 1,
                limit: 5,
                start,
                end,
                account,
                include_transfers: true,
                ..Default::default()
            };
            let page = l.transactions.list(user, q).await.unwrap();
            let inside: Vec<_> = rows
                .iter()
                .filter(|r| start.is_none_or(|s| r.date >= s) && end.is_none_or(|e| r.date <= e))
                .filter(|r| account.is_none_or(|acc| r.account.id == acc))
                .collect();
            let counted = |r: &&&TransactionRecord| r.status != TransactionStatus::Declined;
            let income: i64 = inside
                .iter()
                .filter(counted)
                .filter(|r| !r.is_transfer && r.amount.is_positive())
                .map(|r| r.amount.pence())
                .sum();
            let expenses: i64 = inside
                .iter()
                .filter(counted)
                .filter(|r| !r.is_transfer && r.amount.is_negative())
                .map(|r| r.amount.pence())
                .sum();
            assert_eq!(page.summary.total_income.pence(), income, "income {start:?}..{end:?}");
            assert_eq!(page.summary.total_expenses.pence(), expenses, "expenses {start:?}..{end:?}");
            assert_eq!(page.total, inside.len() as i64, "count {start:?}..{end:?}");
            let transactions = inside.iter().filter(counted).filter(|r| !r.is_transfer).count() as i64;
            let legs = inside.iter().filter(|r| r.is_transfer).count() as i64;
            assert_eq!(page.summary.transaction_count, transactions, "transactions {start:?}..{end:?}");
            assert_eq!(page.summary.transfer_legs, legs, "transfer legs {start:?}..{end:?}");
            assert_eq!(page.summary.declined_count, page.total - transactions - legs, "declined {start:?}..{end:?}");
            assert!(page.summary.declined_count > 0 || start.is_some(), "the set has declined rows to count");
            assert_eq!(page.items.len(), inside.len().min(5));
        }
    }
}

#[tokio::test]
async fn fifty_parallel_transfers_conserve_money() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let a = l.account(user, "Current", "1000.00").await;
    let b = l.account(user, "Savings", "1000.00").await;
    let repo = std::sync::Arc::new(PgTransactionRepository::new(l.t.db.clone()));
    let mut tasks = vec![];
    for i in 0..50i64 {
        let repo = repo.clone();
        let (from, to) = if i % 2 == 0 { (a, b) } else { (b, a) };
        tasks.push(tokio::spawn(async move {
            repo.create_transfer(
                user,
                TransferDraft {
                    amount: Money::from_pence(100 + i),
                    description: format!("t{i}"),
                    from_account_id: from,
                    to_account_id: to,
                    date: day(2026, 1, 1 + (i % 28) as u32),
                    notes: String::new(),
                },
            )
            .await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let total = l.balance(user, a).await + l.balance(user, b).await;
    assert_eq!(total, Money::from_pence(200_000));
    assert_eq!(l.all(user).await.len(), 100);
    assert_balances_consistent(&l, user).await;
    let (transfers, count) = l.transactions.list_transfers(user, 1, 20).await.unwrap();
    assert_eq!((transfers.len(), count), (20, 50));
    assert!(transfers
        .iter()
        .all(|t| t.from.as_ref().unwrap().amount == -t.to.as_ref().unwrap().amount
            && t.from.as_ref().unwrap().is_transfer));
}

#[tokio::test]
async fn deleting_one_leg_removes_both_and_restores_balances() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let a = l.account(user, "Current", "100.00").await;
    let b = l.account(user, "Savings", "0").await;
    let t = l
        .transactions
        .create_transfer(
            user,
            TransferDraft {
                amount: Money::from_pence(2_500),
                description: "save".into(),
                from_account_id: a,
                to_account_id: b,
                date: day(2026, 5, 1),
                notes: String::new(),
            },
        )
        .await
        .unwrap();
    assert_eq!(t.from.transfer_peer.as_ref().and_then(|p| p.seen()).unwrap().id, t.to.id);
    assert_eq!(t.to.transfer_peer.as_ref().and_then(|p| p.seen()).unwrap().account.id, a);
    assert_eq!(l.balance(user, b).await, Money::from_pence(2_500));
    let update =
        l.transactions.update(user, t.to.id, draft(b, l.category(user, "Groceries").await, -1, day(2026, 5, 1))).await;
    assert!(matches!(update, Err(RepoError::TransferLeg)));
    l.transactions.delete(user, t.to.id).await.unwrap();
    assert!(l.all(user).await.is_empty());
    assert_eq!(l.balance(user, a).await, Money::from_pence(10_000));
    assert_eq!(l.balance(user, b).await, Money::ZERO);
}

#[tokio::test]
async fn a_transfer_rewritten_moves_both_legs_and_keeps_every_balance() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let a = l.account(user, "Current", "100.00").await;
    let b = l.account(user, "Savings", "0").await;
    let c = l.account(user, "Card", "0").await;
    let food = l.category(user, "Groceries").await;
    for d in [1, 10, 20] {
        l.transactions.create(user, draft(a, food, -500, day(2026, 5, d))).await.unwrap();
        l.transactions.create(user, draft(b, food, -100, day(2026, 5, d))).await.unwrap();
    }
    let transfer = |amount: i64, from, to, date| TransferDraft {
        amount: Money::from_pence(amount),
        description: "save".into(),
        from_account_id: from,
        to_account_id: to,
        date,
        notes: String::new(),
    };
    let t = l.transactions.create_transfer(user, transfer(2_500, a, b, day(2026, 5, 15))).await.unwrap();

    // Reversed, moved back in time and made larger, by its incoming leg's id.
    let edited = l.transactions.update_transfer(user, t.to.id, transfer(4_000, b, a, day(2026, 4, 30))).await.unwrap();
    assert_eq!((edited.from.id, edited.to.id), (t.from.id, t.to.id), "the legs keep their ids and their roles");
    assert_eq!((edited.from.account.id, edited.from.amount.pence()), (b, -4_000));
    assert_eq!((edited.to.account.id, edited.to.amount.pence()), (a, 4_000));
    assert_eq!(edited.from.date, day(2026, 4, 30));
    assert_balances_consistent(&l, user).await;
    assert_eq!(l.balance(user, a).await, Money::from_pence(10_000 - 1_500 + 4_000));
    assert_eq!(l.balance(user, b).await, Money::from_pence(-300 - 4_000));

    // To a third account, by the outgoing leg's id.
    l.transactions.update_transfer(user, t.to.id, transfer(1_000, b, c, day(2026, 5, 20))).await.unwrap();
    assert_balances_consistent(&l, user).await;
    assert_eq!(
        (l.balance(user, a).await.pence(), l.balance(user, b).await.pence(), l.balance(user, c).await.pence()),
        (10_000 - 1_500, -300 - 1_000, 1_000)
    );

    // Not a transfer, or not the user's: not found, and nothing changes.
    let plain = l.all(user).await.into_iter().find(|r| !r.is_transfer).unwrap();
    let refused = l.transactions.update_transfer(user, plain.id, transfer(1, a, b, day(2026, 5, 1))).await;
    assert!(matches!(refused, Err(RepoError::NotFound)));
    let mallory = l.user("mallory@example.com").await;
    let m = l.account(mallory, "Mine", "0").await;
    let foreign = l.transactions.update_transfer(mallory, t.from.id, transfer(1, m, m, day(2026, 5, 1))).await;
    assert!(matches!(foreign, Err(RepoError::NotFound)));
    let stolen = l.transactions.update_transfer(user, t.from.id, transfer(1, b, m, day(2026, 5, 1))).await;
    assert!(matches!(stolen, Err(RepoError::NotFound)), "an account of another user is not found");
    assert_eq!(l.balance(user, c).await.pence(), 1_000);
    assert_balances_consistent(&l, user).await;
}

#[tokio::test]
async fn another_users_rows_are_not_found() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let mallory = l.user("mallory@example.com").await;
    let acc = l.account(jane, "Current", "0").await;
    let food = l.category(jane, "Groceries").await;
    let tx = l.add(jane, acc, food, -100, day(2026, 1, 5)).await;
    let mallory_food = l.category(mallory, "Groceries").await;
    let mallory_acc = l.account(mallory, "Mine", "0").await;

    assert!(matches!(l.accounts.get(mallory, acc).await, Err(RepoError::NotFound)));
    assert!(matches!(l.transactions.get(mallory, tx.id).await, Err(RepoError::NotFound)));
    assert!(matches!(l.transactions.delete(mallory, tx.id).await, Err(RepoError::NotFound)));
    assert!(matches!(l.categories.get(mallory, food).await, Err(RepoError::NotFound)));
    // Jane's account with Mallory's category, and Mallory's account with Jane's category.
    assert!(matches!(
        l.transactions.create(mallory, draft(acc, mallory_food, -1, day(2026, 1, 5))).await,
        Err(RepoError::NotFound)
    ));
    assert!(matches!(
        l.transactions.create(mallory, draft(mallory_acc, food, -1, day(2026, 1, 5))).await,
        Err(RepoError::NotFound)
    ));
    assert!(l.all(mallory).await.is_empty());
    assert_eq!(l.all(jane).await.len(), 1);
}

#[tokio::test]
async fn accounts_and_categories_in_use_cannot_be_deleted() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let acc = l.account(user, "Current", "0").await;
    let food = l.category(user, "Groceries").await;
    let tx = l.add(user, acc, food, -100, day(2026, 1, 5)).await;
    assert!(matches!(l.accounts.delete(user, acc).await, Err(RepoError::InUse { count: 1 })));
    assert!(matches!(l.categories.delete(user, food).await, Err(RepoError::InUse { count: 1 })));
    assert_eq!(l.categories.transactions_count(user, food).await.unwrap(), 1);
    l.transactions.delete(user, tx.id).await.unwrap();
    l.categories.delete(user, food).await.unwrap();
    l.accounts.delete(user, acc).await.unwrap();
}

#[tokio::test]
async fn category_names_are_unique_per_user_ignoring_case() {
    let l = Ledger::new();
    let jane = l.user("jane@example.com").await;
    let other = l.user("other@example.com").await;
    let pets = CategoryDraft::parse(&CategoryInput { name: "Pets".into(), ..Default::default() }).unwrap();
    l.categories.create(jane, pets.clone(), false).await.unwrap();
    let clash = CategoryDraft::parse(&CategoryInput { name: "PETS".into(), ..Default::default() }).unwrap();
    assert!(matches!(
        l.categories.create(jane, clash, false).await,
        Err(RepoError::Duplicate(UniqueField::CategoryName))
    ));
    l.categories.create(other, pets, false).await.unwrap();
    let renamed = CategoryDraft::parse(&CategoryInput { name: "groceries".into(), ..Default::default() }).unwrap();
    let pets_id = l.category(jane, "Pets").await;
    assert!(matches!(
        l.categories.update(jane, pets_id, renamed).await,
        Err(RepoError::Duplicate(UniqueField::CategoryName))
    ));
}

#[tokio::test]
async fn filters_and_search_select_the_right_rows() {
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let acc = l.account(user, "Current", "0").await;
    let food = l.category(user, "Groceries").await;
    let pay = l.category(user, "Salary").await;
    l.add(user, acc, food, -1_000, day(2026, 1, 5)).await;
    l.add(user, acc, food, -2_000, day(2026, 2, 5)).await;
    l.add(user, acc, pay, 300_000, day(2026, 2, 25)).await;
    let q = |f: fn(&mut TransactionQuery)| {
        let mut q = TransactionQuery { page: 1, limit: 20, include_transfers: true, ..Default::default() };
        f(&mut q);
        q
    };
    let by_cat = l.transactions.list(user, TransactionQuery { category: Some(food), ..q(|_| {}) }).await.unwrap();
    assert_eq!(by_cat.total, 2);
    assert_eq!(by_cat.summary.total_expenses, Money::from_pence(-3_000));
    let income = l.transactions.list(user, q(|q| q.transaction_type = Some(TransactionType::Income))).await.unwrap();
    assert_eq!(income.total, 1);
    let feb = l
        .transactions
        .list(
            user,
            q(|q| {
                q.start = Some(day(2026, 2, 1));
                q.end = Some(day(2026, 2, 5))
            }),
        )
        .await
        .unwrap();
    assert_eq!(feb.total, 1, "end date is inclusive");
    let search = l.transactions.list(user, q(|q| q.search = Some("GROCER".into()))).await.unwrap();
    assert_eq!(search.total, 2, "search matches the category name, ignoring case");
    let search = l.transactions.list(user, q(|q| q.search = Some("300000".into()))).await.unwrap();
    assert_eq!(search.total, 1, "search matches the description");
    let wild = l.transactions.list(user, q(|q| q.search = Some("%".into()))).await.unwrap();
    assert_eq!(wild.total, 0, "wildcards are literal");
    let page2 = l
        .transactions
        .list(
            user,
            q(|q| {
                q.limit = 2;
                q.page = 2
            }),
        )
        .await
        .unwrap();
    assert_eq!(page2.items.len(), 1);
    assert_eq!(page2.items[0].date, day(2026, 1, 5), "newest first");
}

#[tokio::test]
async fn a_bulk_load_keeps_the_same_balances_and_totals_as_single_writes() {
    use adapter_postgres::PgLedgerLoader;
    use ports::demo::LedgerLoader;
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let loader = PgLedgerLoader::new(l.t.db.clone());
    let today = day(2026, 11, 22);
    let plan = demo_data::realistic(today, 6, 9);
    let changes = plan.budgets.len();
    let mut categories: Vec<&str> = plan.budgets.iter().map(|b| b.category).collect();
    categories.sort_unstable();
    categories.dedup();
    let report = loader.load(user.member, plan).await.unwrap();
    assert_eq!(report.accounts, 3);
    let stored = adapter_postgres::PgBudgetRepository::new(l.t.db.clone());
    assert_eq!(
        ports::budgets::BudgetRepository::list(&stored, user).await.unwrap().len(),
        categories.len(),
        "the plan's budgets"
    );
    let history = ports::budgets::BudgetRepository::limit_history(&stored, user, CalendarMonth::new(2026, 12).unwrap())
        .await
        .unwrap();
    assert_eq!(history.len(), changes, "every change of limit is kept");
    // The household's regular money is recurring templates, with their history linked.
    let recurring = adapter_postgres::PgRecurringRepository::new(l.t.db.clone());
    let templates = ports::recurring::RecurringRepository::list(&recurring, user, false).await.unwrap();
    assert_eq!(templates.len(), 7);
    let salary = templates.iter().find(|t| t.description == "Acme Ltd Salary").unwrap();
    assert_eq!(salary.next_due, day(2026, 11, 25), "the scheduler pays this month's salary on the 25th");
    let made = ports::recurring::RecurringRepository::made_by_templates(
        &recurring,
        user,
        CalendarMonth::new(2026, 6).unwrap(),
        CalendarMonth::new(2026, 12).unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(made.iter().filter(|m| m.template_id == salary.id).count(), 5, "June to October");
    let pass =
        ports::recurring::RecurringRepository::process_due(&recurring, day(2026, 11, 22), &ports::StopSignal::never())
            .await
            .unwrap();
    assert_eq!(pass.created, 0, "nothing the plan already holds is made again: {pass:?}");
    // Savings goals in each state, their saved amounts the sums of their contributions.
    let goals = ports::goals::GoalRepository::list(&adapter_postgres::PgGoalRepository::new(l.t.db.clone()), user)
        .await
        .unwrap();
    assert_eq!(goals.len(), 4);
    assert_eq!(goals.iter().filter(|g| g.is_completed()).count(), 1, "the laptop is bought");
    let holiday = goals.iter().find(|g| g.name == "Summer holiday in Cornwall").unwrap();
    assert_eq!((holiday.saved.pence(), holiday.contribution_days.len()), (75_000, 5));
    assert!(holiday.stats(today).projection.is_some(), "a pace to project");
    assert!(goals.iter().all(|g| g.contribution_days.iter().all(|d| *d <= today)));
    // A believable cupboard: some things running low, on the shopping list.
    let inventory = adapter_postgres::PgInventoryRepository::new(l.t.db.clone());
    let items = ports::inventory::InventoryRepository::list(&inventory, user, None).await.unwrap();
    let low = items.iter().filter(|i| i.current_stock < i.default_needed).count();
    let list = ports::inventory::InventoryRepository::entries(&inventory, user).await.unwrap();
    assert!(items.len() >= 10 && low >= 3);
    assert_eq!(list.len(), low, "every item below its need is on the list");
    assert!(list.iter().all(|e| e.is_auto_added && e.quantity_to_buy == e.item.default_needed - e.item.current_stock));
    let bulk = loader.load(user.member, demo_data::bulk(today, 24, 3_000, 4)).await.unwrap();
    assert!(bulk.transactions >= 3_000);
    assert_balances_consistent(&l, user).await;

    // Writes after a load land in the right place.
    let accounts = l.accounts.list(user).await.unwrap();
    let current = accounts[0].account.id;
    let food = l.category(user, "Groceries").await;
    l.add(user, current, food, -1_234, day(2026, 10, 3)).await;
    assert_balances_consistent(&l, user).await;

    let rows = l.all(user).await;
    let q = TransactionQuery { page: 1, limit: 1, include_transfers: true, ..Default::default() };
    let page = l.transactions.list(user, q).await.unwrap();
    assert_eq!(page.total, rows.len() as i64);
    let expenses: i64 = rows
        .iter()
        .filter(|r| !r.is_transfer && r.status != TransactionStatus::Declined && r.amount.is_negative())
        .map(|r| r.amount.pence())
        .sum();
    assert_eq!(page.summary.total_expenses.pence(), expenses);
    let transactions = rows.iter().filter(|r| !r.is_transfer && r.status != TransactionStatus::Declined).count() as i64;
    assert_eq!(page.summary.transaction_count, transactions, "the loader counts transactions as writes do");
    assert!(page.summary.declined_count > 0, "the demo has declined card payments");
}

#[tokio::test]
async fn upgrading_counts_the_transactions_and_starts_the_budget_history() {
    use adapter_postgres::PgLedgerLoader;
    use ports::budgets::BudgetRepository;
    use ports::demo::LedgerLoader;
    let l = Ledger::new();
    let user = l.user("jane@example.com").await;
    let loader = PgLedgerLoader::new(l.t.db.clone());
    loader.load(user.member, demo_data::realistic(day(2026, 11, 22), 6, 5)).await.unwrap();
    let q = || TransactionQuery { page: 1, limit: 1, include_transfers: true, ..Default::default() };
    let before = l.transactions.list(user, q()).await.unwrap().summary;
    assert!(before.declined_count > 0 && before.transfer_legs > 0);

    // Back to before the two migrations of issue 9 (and all after them) and forward again, as on
    // a server upgraded with data.
    l.t.redo_migrations_from("2026-11-23-000001");
    // Upgraded, each user's household bears their id.
    let user = Scope::solo(user.member);
    let after = l.transactions.list(user, q()).await.unwrap().summary;
    assert_eq!(after, before, "the counted rows are computed from the stored rows");
    let budgets = adapter_postgres::PgBudgetRepository::new(l.t.db.clone());
    let current = budgets.list(user).await.unwrap();
    let history = budgets.limit_history(user, CalendarMonth::new(2027, 1).unwrap()).await.unwrap();
    assert_eq!(history.len(), current.len(), "one period per existing budget");
    assert!(history.iter().all(|h| h.limit.is_some()));
}
