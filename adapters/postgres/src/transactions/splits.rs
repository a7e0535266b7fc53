//! The parts of split transactions: as answers show them, and as a rewrite of a row keeps them.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text, Uuid as SqlUuid};
use domain::categories::CategoryId;
use domain::splits::SplitPart;
use domain::Money;
use ports::ledger::{CategoryRef, SplitRecord};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};

/// The parts of each of these transactions (none for an unsplit one), in their order, in one
/// query.
pub(crate) fn splits_of(
    conn: &mut PgConnection,
    household: Uuid,
    transactions: &[Uuid],
) -> Result<HashMap<Uuid, Vec<SplitRecord>>, RepoError> {
    #[derive(QueryableByName)]
    struct Part {
        #[diesel(sql_type = SqlUuid)]
        transaction_id: Uuid,
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = SqlUuid)]
        category_id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = Text)]
        color: String,
        #[diesel(sql_type = BigInt)]
        amount: i64,
        #[diesel(sql_type = Text)]
        note: String,
    }
    let mut splits: HashMap<Uuid, Vec<SplitRecord>> = HashMap::new();
    if transactions.is_empty() {
        return Ok(splits);
    }
    let parts: Vec<Part> = query(sql!(
        "SELECT s.transaction_id, s.id, c.id AS category_id, c.name, c.color, s.amount, s.note
         FROM transaction_splits s JOIN categories c ON c.id = s.category_id
         WHERE s.household_id = $1 AND s.transaction_id = ANY($2)
         ORDER BY s.transaction_id, s.position"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Array<SqlUuid>, _>(transactions)
    .load(conn)
    .or_repo()?;
    for p in parts {
        splits.entry(p.transaction_id).or_default().push(SplitRecord {
            id: p.id,
            category: CategoryRef { id: CategoryId(p.category_id), name: p.name, color: p.color },
            amount: Money::from_pence(p.amount),
            note: p.note,
        });
    }
    Ok(splits)
}

/// The parts of the household's row `id` if it is split and its amount is still `amount` (a
/// bank's change that leaves the amount as it was keeps the split the household made): none
/// otherwise.
pub(crate) fn split_kept(
    conn: &mut PgConnection,
    household: Uuid,
    id: Uuid,
    amount: Money,
) -> Result<Vec<SplitPart>, RepoError> {
    #[derive(QueryableByName)]
    struct Part {
        #[diesel(sql_type = SqlUuid)]
        category_id: Uuid,
        #[diesel(sql_type = BigInt)]
        amount: i64,
        #[diesel(sql_type = Text)]
        note: String,
    }
    let parts: Vec<Part> = query(sql!(
        "SELECT s.category_id, s.amount, s.note FROM transaction_splits s JOIN transactions t ON t.id = s.transaction_id
         WHERE s.household_id = $1 AND s.transaction_id = $2 AND t.is_split AND t.amount = $3
         ORDER BY s.position"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id)
    .bind::<BigInt, _>(amount.pence())
    .load(conn)
    .or_repo()?;
    Ok(parts
        .into_iter()
        .map(|p| SplitPart {
            category_id: CategoryId(p.category_id),
            amount: Money::from_pence(p.amount),
            note: p.note,
        })
        .collect())
}
