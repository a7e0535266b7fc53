//! A user who joins a household bringing their own data: everything their household of one holds
//! moves into the one they join.
//!
//! - Each of their accounts becomes private to them; balances and rows are unchanged.
//! - Their categories and tags merge by name (ignoring case) into the household's; the others
//!   join it. Their receipts come along with their rows.
//! - A budget (with its limits) on a merged category is dropped where the household already
//!   budgets that category.
//! - Their finalised months (budget and recurring snapshots) are not brought: each summed their
//!   own books alone, and the household's months are the household's.
//! - A bank connection to the same bank login as one of the household's stays behind (the
//!   household's already imports it).

use diesel::prelude::*;
use diesel::sql_types::Uuid as SqlUuid;
use ports::RepoError;
use uuid::Uuid;

use super::same_named_category;
use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};

/// The tables whose rows move by their owner key alone, once categories, budgets and accounts
/// have been dealt with. Each statement's $1 is the household left, $2 the one joined.
const MOVED: &[Sql] = &[
    sql!("UPDATE transactions SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE transaction_splits SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE ledger_month_totals SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE budgets SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE budget_limits SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE recurring_templates SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE recurring_occurrences SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE goals SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE goal_contributions SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE inventory_items SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE shopping_list_entries SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE bank_connections SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE bank_accounts SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE imports SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE import_mappings SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE rules SET household_id = $2 WHERE household_id = $1"),
    sql!("UPDATE receipts SET household_id = $2 WHERE household_id = $1"),
];

/// Each table's category column re-pointed from the user's category to the household's of the
/// same name, where there is one ($1 the household left, $2 the one joined).
macro_rules! recategorise {
    ($table:literal) => {
        concat!(
            "UPDATE ",
            $table,
            " t SET category_id = ",
            same_named_category!("t"),
            " WHERE t.household_id = $1 AND EXISTS ",
            same_named_category!("t")
        )
    };
}

const RECATEGORISED: &[Sql] = &[
    sql!(recategorise!("transactions")),
    sql!(recategorise!("transaction_splits")),
    sql!(recategorise!("ledger_month_totals")),
    sql!(recategorise!("budgets")),
    sql!(recategorise!("budget_limits")),
    sql!(recategorise!("recurring_templates")),
    sql!(recategorise!("rules")),
];

/// Each table's tag links re-made on the household's tag of the same name ($1 the household
/// left, $2 the one joined; its tags have all been given a same-named one there).
macro_rules! retag {
    ($table:literal, $key:literal) => {
        concat!(
            "INSERT INTO ",
            $table,
            " (household_id, ",
            $key,
            ", tag_id) SELECT $2, l.",
            $key,
            ", d.id FROM ",
            $table,
            " l JOIN tags g ON g.household_id = l.household_id AND g.id = l.tag_id
             JOIN tags d ON d.household_id = $2 AND lower(d.name) = lower(g.name)
             WHERE l.household_id = $1 ON CONFLICT DO NOTHING"
        )
    };
}

const RETAGGED: &[Sql] = &[
    // The transactions' tags,
    sql!(retag!("transaction_tags", "transaction_id")),
    // and the tags their rules add.
    sql!(retag!("rule_tags", "rule_id")),
];

/// Moves everything household `from` holds into household `to`, the user `member`'s accounts
/// private to them, inside the caller's database transaction (before their membership moves).
pub(super) fn bring_own_data(conn: &mut PgConnection, from: Uuid, to: Uuid, member: Uuid) -> Result<(), RepoError> {
    let run = |conn: &mut PgConnection, statement: Sql| {
        query(statement).bind::<SqlUuid, _>(from).bind::<SqlUuid, _>(to).execute(conn).or_repo()
    };
    // Statements on what the household left holds alone ($1).
    let theirs =
        |conn: &mut PgConnection, statement: Sql| query(statement).bind::<SqlUuid, _>(from).execute(conn).or_repo();
    // What is not brought.
    run(
        conn,
        sql!(
            "DELETE FROM budgets b USING categories c, categories d
             WHERE b.household_id = $1 AND c.id = b.category_id AND d.household_id = $2
               AND lower(d.name) = lower(c.name)
               AND EXISTS (SELECT 1 FROM budgets h WHERE h.household_id = $2 AND h.category_id = d.id)"
        ),
    )?;
    run(
        conn,
        sql!(
            "DELETE FROM budget_limits l USING categories c, categories d
             WHERE l.household_id = $1 AND c.id = l.category_id AND d.household_id = $2
               AND lower(d.name) = lower(c.name)
               AND (EXISTS (SELECT 1 FROM budgets h WHERE h.household_id = $2 AND h.category_id = d.id)
                    OR EXISTS (SELECT 1 FROM budget_limits h WHERE h.household_id = $2 AND h.category_id = d.id))"
        ),
    )?;
    theirs(conn, sql!("DELETE FROM budget_snapshots WHERE household_id = $1"))?;
    theirs(conn, sql!("DELETE FROM recurring_snapshots WHERE household_id = $1"))?;
    theirs(conn, sql!("DELETE FROM recurring_snapshot_lines WHERE household_id = $1"))?;
    theirs(conn, sql!("DELETE FROM recurring_snapshot_templates WHERE household_id = $1"))?;
    run(
        conn,
        sql!(
            "DELETE FROM bank_connections b WHERE b.household_id = $1 AND EXISTS (
                 SELECT 1 FROM bank_connections h
                 WHERE h.household_id = $2 AND h.provider = b.provider AND h.provider_item_id = b.provider_item_id)"
        ),
    )?;
    // Categories: merged by name, the rest join.
    for statement in RECATEGORISED {
        run(conn, *statement)?;
    }
    run(
        conn,
        sql!(
            "DELETE FROM categories c WHERE c.household_id = $1
               AND EXISTS (SELECT 1 FROM categories d WHERE d.household_id = $2 AND lower(d.name) = lower(c.name))"
        ),
    )?;
    run(conn, sql!("UPDATE categories SET household_id = $2, is_default = false WHERE household_id = $1"))?;
    // Tags: each link re-made on the household's tag of that name (a copy where it has none),
    // then their own tags go, with the old links.
    run(
        conn,
        sql!(
            "INSERT INTO tags (id, household_id, name, color)
             SELECT gen_random_uuid(), $2, g.name, g.color FROM tags g
             WHERE g.household_id = $1
               AND NOT EXISTS (SELECT 1 FROM tags d WHERE d.household_id = $2 AND lower(d.name) = lower(g.name))"
        ),
    )?;
    for statement in RETAGGED {
        run(conn, *statement)?;
    }
    theirs(conn, sql!("DELETE FROM tags WHERE household_id = $1"))?;
    query(sql!("UPDATE accounts SET household_id = $2, visibility = 'private', owner_id = $3 WHERE household_id = $1"))
        .bind::<SqlUuid, _>(from)
        .bind::<SqlUuid, _>(to)
        .bind::<SqlUuid, _>(member)
        .execute(conn)
        .or_repo()?;
    for statement in MOVED {
        run(conn, *statement)?;
    }
    Ok(())
}
