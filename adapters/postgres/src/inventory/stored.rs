//! The items and list entries as stored: their rows, the queries that load them, and the
//! restocking rule applied in SQL.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::categories::{default_categories, CategoryId};
use domain::ids::{InventoryItemId, ShoppingEntryId};
use domain::inventory::{restock, ItemDraft, Restock};
use domain::{Money, Scope, UserId};
use ports::inventory::{InventoryItem, ShoppingEntry, Tick};
use ports::ledger::MemberRef;
use ports::RepoError;
use uuid::Uuid;

use crate::categories::insert_categories;
use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};

#[derive(QueryableByName)]
pub(super) struct ItemRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    category: String,
    #[diesel(sql_type = Text)]
    brand: String,
    #[diesel(sql_type = BigInt)]
    current_stock: i64,
    #[diesel(sql_type = BigInt)]
    default_needed: i64,
    #[diesel(sql_type = BigInt)]
    last_price: i64,
    #[diesel(sql_type = Text)]
    preferred_store: String,
    #[diesel(sql_type = Text)]
    unit: String,
    #[diesel(sql_type = Nullable<Date>)]
    expiry_date: Option<NaiveDate>,
    #[diesel(sql_type = Text)]
    item_type: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = Text)]
    location_in_house: String,
    #[diesel(sql_type = Text)]
    image: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl From<ItemRow> for InventoryItem {
    fn from(r: ItemRow) -> Self {
        InventoryItem {
            id: InventoryItemId(r.id),
            name: r.name,
            category: r.category,
            brand: r.brand,
            current_stock: r.current_stock,
            default_needed: r.default_needed,
            last_price: Money::from_pence(r.last_price),
            preferred_store: r.preferred_store,
            unit: r.unit,
            expiry_date: r.expiry_date,
            item_type: r.item_type,
            size: r.size,
            location_in_house: r.location_in_house,
            image: r.image,
            created_at: r.created_at,
        }
    }
}

macro_rules! item_columns {
    () => {
        "i.id, i.name, i.category, i.brand, i.current_stock, i.default_needed, i.last_price,
                            i.preferred_store, i.unit, i.expiry_date, i.item_type, i.size, i.location_in_house,
                            i.image, i.created_at"
    };
}
pub(super) use item_columns;

#[derive(QueryableByName)]
pub(super) struct EntryRow {
    #[diesel(sql_type = SqlUuid)]
    entry_id: Uuid,
    #[diesel(sql_type = BigInt)]
    quantity_to_buy: i64,
    #[diesel(sql_type = Bool)]
    added_manually: bool,
    #[diesel(sql_type = Bool)]
    is_auto_added: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    ticked_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    ticked_by: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    ticked_by_name: Option<String>,
    #[diesel(embed)]
    item: ItemRow,
}

impl From<EntryRow> for ShoppingEntry {
    fn from(r: EntryRow) -> Self {
        ShoppingEntry {
            id: ShoppingEntryId(r.entry_id),
            item: r.item.into(),
            quantity_to_buy: r.quantity_to_buy,
            added_manually: r.added_manually,
            is_auto_added: r.is_auto_added,
            tick: r.ticked_at.map(|at| Tick {
                by: r.ticked_by.zip(r.ticked_by_name).map(|(id, name)| MemberRef { id: UserId(id), name }),
                at,
            }),
        }
    }
}

/// Shopping-list entries with their items and ticks (who ticked, by name), chosen by `filter`.
macro_rules! entries_sql {
    ($filter:literal) => {
        concat!(
            "SELECT e.id AS entry_id, e.quantity_to_buy, e.added_manually, e.is_auto_added,
                    k.ticked_at, k.ticked_by, u.name AS ticked_by_name, ",
            $crate::inventory::stored::item_columns!(),
            " FROM shopping_list_entries e JOIN inventory_items i ON i.id = e.item_id
               LEFT JOIN shopping_list_ticks k ON k.household_id = e.household_id AND k.entry_id = e.id
               LEFT JOIN users u ON u.id = k.ticked_by
             WHERE e.household_id = $1 ",
            $filter,
            " ORDER BY lower(i.category), lower(i.name), e.id"
        )
    };
}
pub(super) use entries_sql;

pub(super) fn load_item(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<InventoryItem, RepoError> {
    let row: ItemRow =
        query(sql!("SELECT ", item_columns!(), " FROM inventory_items i WHERE i.household_id = $1 AND i.id = $2"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<SqlUuid, _>(id)
            .get_result(conn)
            .or_repo()?;
    Ok(row.into())
}

pub(super) fn load_entry(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<ShoppingEntry, RepoError> {
    let row: EntryRow = query(sql!(entries_sql!("AND e.id = $2")))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .get_result(conn)
        .or_repo()?;
    Ok(row.into())
}

/// Runs an INSERT or UPDATE of an item whose $1…$15 are the id, the user and the draft's fields.
pub(super) fn write_draft(
    conn: &mut PgConnection,
    sql: Sql,
    scope: Scope,
    id: Uuid,
    d: &ItemDraft,
) -> Result<usize, RepoError> {
    query(sql)
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Text, _>(&d.name)
        .bind::<Text, _>(&d.category)
        .bind::<Text, _>(&d.brand)
        .bind::<BigInt, _>(d.current_stock)
        .bind::<BigInt, _>(d.default_needed)
        .bind::<BigInt, _>(d.last_price.pence())
        .bind::<Text, _>(&d.preferred_store)
        .bind::<Text, _>(&d.unit)
        .bind::<Nullable<Date>, _>(d.expiry_date)
        .bind::<Text, _>(&d.item_type)
        .bind::<Text, _>(&d.size)
        .bind::<Text, _>(&d.location_in_house)
        .bind::<Text, _>(&d.image)
        .execute(conn)
        .or_repo()
}

/// Does to the item's shopping-list entry what the restocking rule said (see `Restock`): one
/// entry per item, made auto-added or raised to what is missing, never lowered; or, with enough
/// in stock, the entry the app added goes unless the user added it too. Every write that sets
/// an item's stock or need calls this in its own database transaction.
pub(crate) fn apply_restock(conn: &mut PgConnection, household: Uuid, item: Uuid, restock: Restock) -> QueryResult<()> {
    match restock {
        Restock::Needed(missing) => query(sql!(
            "INSERT INTO shopping_list_entries (id, household_id, item_id, quantity_to_buy, is_auto_added)
             VALUES ($1, $2, $3, $4, true)
             ON CONFLICT (household_id, item_id)
             DO UPDATE SET quantity_to_buy = GREATEST(shopping_list_entries.quantity_to_buy, EXCLUDED.quantity_to_buy)"
        ))
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(item)
        .bind::<BigInt, _>(missing)
        .execute(conn)?,
        Restock::Enough => query(sql!(
            "DELETE FROM shopping_list_entries
             WHERE household_id = $1 AND item_id = $2 AND is_auto_added AND NOT added_manually"
        ))
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(item)
        .execute(conn)?,
    };
    Ok(())
}

/// `apply_restock` for every item of the user's, as they are stored (after a restore).
pub(crate) fn restock_all(conn: &mut PgConnection, household: Uuid) -> QueryResult<()> {
    #[derive(QueryableByName)]
    struct Stock {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = BigInt)]
        current_stock: i64,
        #[diesel(sql_type = BigInt)]
        default_needed: i64,
    }
    let items: Vec<Stock> = query(sql!(
        "SELECT id, current_stock, default_needed FROM inventory_items WHERE household_id = $1 ORDER BY id"
    ))
    .bind::<SqlUuid, _>(household)
    .load(conn)?;
    for item in items {
        apply_restock(conn, household, item.id, restock(item.default_needed, item.current_stock))?;
    }
    Ok(())
}

/// The user's Groceries category, made again from the defaults if they deleted it.
pub(super) fn groceries(conn: &mut PgConnection, scope: Scope) -> Result<CategoryId, RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let find = |conn: &mut PgConnection| -> Result<Option<Found>, RepoError> {
        query(sql!("SELECT id FROM categories WHERE household_id = $1 AND lower(name) = 'groceries' LIMIT 1"))
            .bind::<SqlUuid, _>(scope.household.0)
            .get_result(conn)
            .optional()
            .or_repo()
    };
    if let Some(found) = find(conn)? {
        return Ok(CategoryId(found.id));
    }
    let draft = default_categories().into_iter().find(|c| c.name == "Groceries").expect("Groceries is a default");
    insert_categories(conn, scope.household.0, &[draft], true).or_repo()?;
    Ok(CategoryId(find(conn)?.ok_or(RepoError::NotFound)?.id))
}
