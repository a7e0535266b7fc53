//! A member who leaves (or is removed) takes their private accounts along, with everything on
//! them, into the household of their own they get; everything shared stays.
//!
//! - Their rows' categories and tags come along by name: the new household's category or tag
//!   of that name (ignoring case), or a copy of the old one; their receipts come along.
//! - A transfer between a private account and a shared one is cut in two: each household keeps
//!   its leg, still a transfer, so both sides' balances stay exactly as they were.
//! - What named a private account in the household they leave (its bank link, import mappings
//!   and rules, a recurring template between it and a shared account) goes; a template that only
//!   uses their private accounts comes along.

use diesel::prelude::*;
use diesel::sql_types::{Array, Uuid as SqlUuid};
use ports::RepoError;
use uuid::Uuid;

use super::same_named_category;
use crate::errors::OrRepo;
use crate::statements::{query, sql};

/// Moves `member`'s private accounts of household `from` and what is on them into `to`, inside
/// the caller's database transaction (before their membership of `from` goes).
pub(super) fn take_private_accounts(
    conn: &mut PgConnection,
    from: Uuid,
    to: Uuid,
    member: Uuid,
) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let accounts: Vec<Id> = query(sql!(
        "SELECT id FROM accounts WHERE household_id = $1 AND owner_id = $2 AND visibility = 'private'
         ORDER BY id FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(from)
    .bind::<SqlUuid, _>(member)
    .load(conn)
    .or_repo()?;
    let accounts: Vec<Uuid> = accounts.into_iter().map(|a| a.id).collect();
    if accounts.is_empty() {
        return Ok(());
    }
    // Statements on what stays ($1 the household, $2 the accounts) and on what moves ($2 the new
    // household, $3 the accounts).
    let here = |conn: &mut PgConnection, statement: crate::statements::Sql| {
        query(statement).bind::<SqlUuid, _>(from).bind::<Array<SqlUuid>, _>(&accounts).execute(conn).or_repo()
    };
    let run = |conn: &mut PgConnection, statement: crate::statements::Sql| {
        query(statement)
            .bind::<SqlUuid, _>(from)
            .bind::<SqlUuid, _>(to)
            .bind::<Array<SqlUuid>, _>(&accounts)
            .execute(conn)
            .or_repo()
    };
    // What named them here and cannot follow them.
    here(conn, sql!("DELETE FROM bank_accounts WHERE household_id = $1 AND account_id = ANY($2)"))?;
    here(conn, sql!("DELETE FROM import_mappings WHERE household_id = $1 AND account_id = ANY($2)"))?;
    here(conn, sql!("DELETE FROM rules WHERE household_id = $1 AND account_id = ANY($2)"))?;
    here(conn, sql!("UPDATE imports SET account_id = NULL WHERE household_id = $1 AND account_id = ANY($2)"))?;
    here(
        conn,
        sql!(
            "DELETE FROM recurring_templates WHERE household_id = $1
               AND (account_id = ANY($2) OR to_account_id = ANY($2))
               AND NOT (account_id = ANY($2) AND (to_account_id IS NULL OR to_account_id = ANY($2)))"
        ),
    )?;
    // Their categories, by name.
    run(
        conn,
        sql!(
            "INSERT INTO categories (id, household_id, name, description, color, icon, kind, tax_treatment, is_default)
             SELECT gen_random_uuid(), $2, c.name, c.description, c.color, c.icon, c.kind, c.tax_treatment, false
             FROM categories c
             WHERE c.household_id = $1
               AND c.id IN (SELECT category_id FROM transactions WHERE account_id = ANY($3)
                            UNION SELECT category_id FROM recurring_templates WHERE account_id = ANY($3)
                            UNION SELECT s.category_id FROM transaction_splits s JOIN transactions t ON t.id = s.transaction_id
                                  WHERE s.household_id = $1 AND t.account_id = ANY($3))
               AND NOT EXISTS (SELECT 1 FROM categories d WHERE d.household_id = $2 AND lower(d.name) = lower(c.name))"
        ),
    )?;
    // Their rows' tags, by name like the categories: the new household's tag of that name or a
    // copy, linked there; the links here go (a link never crosses households).
    run(
        conn,
        sql!(
            "INSERT INTO tags (id, household_id, name, color)
             SELECT gen_random_uuid(), $2, g.name, g.color
             FROM tags g
             WHERE g.household_id = $1
               AND g.id IN (SELECT l.tag_id FROM transaction_tags l JOIN transactions t ON t.id = l.transaction_id
                            WHERE l.household_id = $1 AND t.account_id = ANY($3))
               AND NOT EXISTS (SELECT 1 FROM tags d WHERE d.household_id = $2 AND lower(d.name) = lower(g.name))"
        ),
    )?;
    run(
        conn,
        sql!(
            "INSERT INTO transaction_tags (household_id, transaction_id, tag_id)
             SELECT $2, l.transaction_id, d.id
             FROM transaction_tags l
             JOIN transactions t ON t.id = l.transaction_id
             JOIN tags g ON g.household_id = l.household_id AND g.id = l.tag_id
             JOIN tags d ON d.household_id = $2 AND lower(d.name) = lower(g.name)
             WHERE l.household_id = $1 AND t.account_id = ANY($3)
             ON CONFLICT DO NOTHING"
        ),
    )?;
    here(
        conn,
        sql!(
            "DELETE FROM transaction_tags l USING transactions t
             WHERE l.household_id = $1 AND t.id = l.transaction_id AND t.account_id = ANY($2)"
        ),
    )?;
    // Their rows' receipts go with them.
    run(
        conn,
        sql!(
            "UPDATE receipts r SET household_id = $2
             FROM transactions t
             WHERE r.household_id = $1 AND t.id = r.transaction_id AND t.account_id = ANY($3)"
        ),
    )?;
    // Their split rows' parts, each in the new household's category of that name.
    run(
        conn,
        sql!(
            "UPDATE transaction_splits s SET household_id = $2, category_id = ",
            same_named_category!("s"),
            " FROM transactions t WHERE s.household_id = $1 AND t.id = s.transaction_id AND t.account_id = ANY($3)"
        ),
    )?;
    // Transfers with a shared account are cut in two.
    here(
        conn,
        sql!(
            "UPDATE transactions t SET transfer_peer = NULL
             FROM transactions p
             WHERE p.id = t.transfer_peer AND t.household_id = $1
               AND (t.account_id = ANY($2)) <> (p.account_id = ANY($2))"
        ),
    )?;
    // The rows, their month totals and templates, each category the new household's of that name.
    run(
        conn,
        sql!(
            "UPDATE transactions t SET household_id = $2, import_id = NULL, bank_connection_id = NULL, category_id = ",
            same_named_category!("t"),
            " WHERE t.household_id = $1 AND t.account_id = ANY($3)"
        ),
    )?;
    // A bucket left at zero by an edit or a deletion may be of a category no row uses any more,
    // which does not move: dropped (absent is zero), so two such buckets cannot collide.
    here(
        conn,
        sql!("DELETE FROM ledger_month_totals WHERE household_id = $1 AND account_id = ANY($2) AND row_count = 0"),
    )?;
    run(
        conn,
        sql!(
            "UPDATE ledger_month_totals l SET household_id = $2, category_id = ",
            same_named_category!("l"),
            " WHERE l.household_id = $1 AND l.account_id = ANY($3)"
        ),
    )?;
    run(
        conn,
        sql!(
            "UPDATE recurring_templates r SET household_id = $2, category_id = ",
            same_named_category!("r"),
            " WHERE r.household_id = $1 AND r.account_id = ANY($3)"
        ),
    )?;
    run(
        conn,
        sql!(
            "UPDATE recurring_occurrences o SET household_id = $2
             FROM recurring_templates r
             WHERE r.id = o.template_id AND r.household_id = $2 AND o.household_id = $1 AND r.account_id = ANY($3)"
        ),
    )?;
    run(conn, sql!("UPDATE accounts SET household_id = $2 WHERE household_id = $1 AND id = ANY($3)"))?;
    Ok(())
}
