use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::ids::{InventoryItemId, ShoppingEntryId};
use domain::inventory::{restock, ItemDraft, Restock, TripLine};
use domain::splits::Allocation;
use domain::transactions::{TransactionDraft, TransactionId, TransactionStatus, TransactionType};
use domain::Scope;
use ports::inventory::{InventoryItem, InventoryRepository, ShoppingEntry, TripExpense, TripRecord};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::transactions::insert_entry;
use crate::Database;

mod stored;

use crate::statements::{query, sql};
pub(crate) use stored::{apply_restock, restock_all};
use stored::{entries_sql, groceries, item_columns, load_entry, load_item, write_draft, EntryRow, ItemRow};

pub struct PgInventoryRepository {
    db: Database,
}

impl PgInventoryRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl InventoryRepository for PgInventoryRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope, search: Option<String>) -> Result<Vec<InventoryItem>, RepoError> {
        let rows: Vec<ItemRow> = self
            .db
            .run(move |conn| {
                // The search text is matched literally: % and _ are not wildcards.
                let pattern = search.map(|s| {
                    format!("%{}%", s.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
                });
                query(sql!(
                    "SELECT ",
                    item_columns!(),
                    " FROM inventory_items i WHERE i.household_id = $1
                       AND ($2::text IS NULL OR lower(i.name) LIKE $2 OR lower(i.brand) LIKE $2
                            OR lower(i.preferred_store) LIKE $2)
                     ORDER BY lower(i.name), i.id"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Nullable<Text>, _>(pattern)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    async fn get(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, RepoError> {
        let id = id.0;
        self.db.run(move |conn| load_item(conn, scope, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(
        &self,
        scope: Scope,
        id: InventoryItemId,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError> {
        let id = id.0;
        let d = draft.clone();
        self.db
            .write(move |conn| {
                write_draft(
                    conn,
                    sql!("INSERT INTO inventory_items (id, household_id, name, category, brand, current_stock, default_needed,
                         last_price, preferred_store, unit, expiry_date, item_type, size, location_in_house, image)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"),
                    scope,
                    id,
                    &d,
                )?;
                apply_restock(conn, scope.household.0, id, restock).or_repo()?;
                load_item(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, item_id = %id))]
    async fn update(
        &self,
        scope: Scope,
        id: InventoryItemId,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError> {
        let id = id.0;
        let d = draft.clone();
        self.db
            .write(move |conn| {
                let n = write_draft(
                    conn,
                    sql!(
                        "UPDATE inventory_items SET name = $3, category = $4, brand = $5, current_stock = $6,
                            default_needed = $7, last_price = $8, preferred_store = $9, unit = $10,
                            expiry_date = $11, item_type = $12, size = $13, location_in_house = $14, image = $15,
                            updated_at = now()
                     WHERE id = $1 AND household_id = $2"
                    ),
                    scope,
                    id,
                    &d,
                )?;
                found(n)?;
                apply_restock(conn, scope.household.0, id, restock).or_repo()?;
                load_item(conn, scope, id)
            })
            .await
    }

    async fn delete(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let item = load_item(conn, scope, id)?;
                query(sql!("DELETE FROM inventory_items WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                Ok(item)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, item_id = %id))]
    async fn decrement(&self, scope: Scope, id: InventoryItemId) -> Result<Option<InventoryItem>, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                #[derive(QueryableByName)]
                struct Left {
                    #[diesel(sql_type = BigInt)]
                    current_stock: i64,
                    #[diesel(sql_type = BigInt)]
                    default_needed: i64,
                }
                // The row lock of the UPDATE queues concurrent decrements; the condition keeps
                // the stock from ever going below zero.
                let left: Option<Left> = query(sql!(
                    "UPDATE inventory_items SET current_stock = current_stock - 1, updated_at = now()
                     WHERE household_id = $1 AND id = $2 AND current_stock > 0
                     RETURNING current_stock, default_needed"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .get_result(conn)
                .optional()
                .or_repo()?;
                let Some(left) = left else {
                    // None in stock (None) or not the user's item (NotFound).
                    load_item(conn, scope, id)?;
                    return Ok(None);
                };
                apply_restock(conn, scope.household.0, id, restock(left.default_needed, left.current_stock))
                    .or_repo()?;
                load_item(conn, scope, id).map(Some)
            })
            .await
    }

    async fn entries(&self, scope: Scope) -> Result<Vec<ShoppingEntry>, RepoError> {
        let rows: Vec<EntryRow> = self
            .db
            .run(move |conn| query(sql!(entries_sql!(""))).bind::<SqlUuid, _>(scope.household.0).load(conn).or_repo())
            .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, item_id = %item))]
    async fn add_entry(
        &self,
        scope: Scope,
        item: InventoryItemId,
        quantity: i64,
        added_manually: bool,
    ) -> Result<ShoppingEntry, RepoError> {
        let item = item.0;
        self.db
            .write(move |conn| {
                #[derive(QueryableByName)]
                struct Id {
                    #[diesel(sql_type = SqlUuid)]
                    id: Uuid,
                }
                // Only an item of the user's goes on their list; again, it raises the quantity
                // (an entry only the app made already holds what is missing: the larger one).
                let entry: Option<Id> = query(sql!(
                    "INSERT INTO shopping_list_entries (id, household_id, item_id, quantity_to_buy, added_manually)
                     SELECT $1, $2, i.id, $4, $5 FROM inventory_items i WHERE i.id = $3 AND i.household_id = $2
                     ON CONFLICT (household_id, item_id) DO UPDATE SET
                         quantity_to_buy = CASE
                             WHEN shopping_list_entries.is_auto_added AND NOT shopping_list_entries.added_manually
                             THEN GREATEST(shopping_list_entries.quantity_to_buy, EXCLUDED.quantity_to_buy)
                             ELSE shopping_list_entries.quantity_to_buy + EXCLUDED.quantity_to_buy END,
                         added_manually = shopping_list_entries.added_manually OR EXCLUDED.added_manually
                     RETURNING id"
                ))
                .bind::<SqlUuid, _>(Uuid::now_v7())
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(item)
                .bind::<BigInt, _>(quantity)
                .bind::<Bool, _>(added_manually)
                .get_result(conn)
                .optional()
                .or_repo()?;
                load_entry(conn, scope, entry.ok_or(RepoError::NotFound)?.id)
            })
            .await
    }

    async fn set_entry_quantity(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        quantity: i64,
    ) -> Result<ShoppingEntry, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!(
                    "UPDATE shopping_list_entries SET quantity_to_buy = $3 WHERE household_id = $1 AND id = $2"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .bind::<BigInt, _>(quantity)
                .execute(conn)
                .or_repo()?;
                found(n)?;
                load_entry(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, entry_id = %id))]
    async fn set_ticked(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        tick: Option<DateTime<Utc>>,
    ) -> Result<ShoppingEntry, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                match tick {
                    // Only an entry of the household's is ticked; a tick already there stays as it
                    // was, whoever sends the same again.
                    Some(at) => query(sql!(
                        "INSERT INTO shopping_list_ticks (household_id, entry_id, ticked_by, ticked_at)
                         SELECT e.household_id, e.id, $3, $4 FROM shopping_list_entries e
                         WHERE e.household_id = $1 AND e.id = $2
                         ON CONFLICT (household_id, entry_id) DO NOTHING"
                    ))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .bind::<SqlUuid, _>(scope.member.0)
                    .bind::<Timestamptz, _>(at)
                    .execute(conn),
                    None => query(sql!("DELETE FROM shopping_list_ticks WHERE household_id = $1 AND entry_id = $2"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(id)
                        .execute(conn),
                }
                .or_repo()?;
                // NotFound for another household's entry, which neither statement touched.
                load_entry(conn, scope, id)
            })
            .await
    }

    async fn delete_entry(&self, scope: Scope, id: ShoppingEntryId) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!("DELETE FROM shopping_list_entries WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                found(n)?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn complete_trip(
        &self,
        scope: Scope,
        lines: &[TripLine],
        expense: &TripExpense,
    ) -> Result<TripRecord, RepoError> {
        let (lines, expense) = (lines.to_vec(), expense.clone());
        self.db
            .write(move |conn| {
                let category = match expense.category {
                    Some(c) => c,
                    None => groceries(conn, scope)?,
                };
                let draft = TransactionDraft {
                    amount: TransactionType::Expense.signed(expense.total),
                    description: expense.description.clone(),
                    transaction_type: TransactionType::Expense,
                    allocation: Allocation::Category(category),
                    account_id: expense.account,
                    date: expense.date,
                    notes: expense.notes.clone(),
                    status: TransactionStatus::Completed,
                    tags: None,
                };
                let transaction_id = insert_entry(conn, scope, &draft)?;
                let mut bought = Vec::with_capacity(lines.len());
                for l in &lines {
                    let n = query(sql!(
                        "UPDATE inventory_items SET current_stock = current_stock + $3, last_price = $4,
                                preferred_store = CASE WHEN $5 = '' THEN preferred_store ELSE $5 END, updated_at = now()
                         WHERE household_id = $1 AND id = $2"
                    ))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(l.item_id.0)
                    .bind::<BigInt, _>(l.quantity)
                    .bind::<BigInt, _>(l.price.pence())
                    .bind::<Text, _>(&l.store)
                    .execute(conn)
                    .or_repo()?;
                    // Rolls the expense back with everything else.
                    found(n)?;
                    bought.push(l.item_id.0);
                }
                query(sql!("DELETE FROM shopping_list_entries WHERE household_id = $1 AND item_id = ANY($2)"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<Array<SqlUuid>, _>(&bought)
                    .execute(conn)
                    .or_repo()?;
                let items = bought.iter().map(|id| load_item(conn, scope, *id)).collect::<Result<Vec<_>, _>>()?;
                Ok(TripRecord { transaction_id: TransactionId(transaction_id), total: expense.total, items })
            })
            .await
    }
}
