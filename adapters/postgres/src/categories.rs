use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::categories::{CategoryDraft, CategoryId};
use domain::tax_year::TaxTreatment;
use domain::transactions::TransactionType;
use domain::Scope;
use ports::ledger::{Category, CategoryRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};
use crate::Database;

#[derive(QueryableByName)]
struct CategoryRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    icon: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Nullable<Text>)]
    tax_treatment: Option<String>,
    #[diesel(sql_type = Bool)]
    is_default: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

/// A category's columns, as [`CategoryRow`] reads them.
macro_rules! category_columns {
    () => {
        "id, name, description, color, icon, kind, tax_treatment, is_default, created_at"
    };
}

/// A stored tax treatment (the column's check allows only these).
pub(crate) fn tax_treatment(raw: Option<&str>) -> Result<Option<TaxTreatment>, RepoError> {
    raw.map_or(Ok(None), |r| {
        TaxTreatment::parse(r).map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored tax treatment: {e}")))
    })
}

impl TryFrom<CategoryRow> for Category {
    type Error = RepoError;

    fn try_from(r: CategoryRow) -> Result<Self, RepoError> {
        Ok(Category {
            id: CategoryId(r.id),
            kind: TransactionType::parse(&r.kind)
                .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored category kind: {e}")))?,
            tax_treatment: tax_treatment(r.tax_treatment.as_deref())?,
            name: r.name,
            description: r.description,
            color: r.color,
            icon: r.icon,
            is_default: r.is_default,
            created_at: r.created_at,
        })
    }
}

#[derive(QueryableByName)]
struct CategoryCountRow {
    #[diesel(embed)]
    category: CategoryRow,
    #[diesel(sql_type = BigInt)]
    transaction_count: i64,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Inserts categories for a user inside the caller's transaction (used at sign-up too).
pub(crate) fn insert_categories(
    conn: &mut PgConnection,
    household: Uuid,
    drafts: &[CategoryDraft],
    is_default: bool,
) -> QueryResult<usize> {
    let column = |f: fn(&CategoryDraft) -> &String| drafts.iter().map(|d| f(d).clone()).collect::<Vec<_>>();
    query(sql!(
        "INSERT INTO categories (id, household_id, name, description, color, icon, kind, is_default)
         SELECT d.id, $1, d.name, d.description, d.color, d.icon, d.kind, $2
         FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
              AS d(id, name, description, color, icon, kind)
         ON CONFLICT DO NOTHING"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Bool, _>(is_default)
    .bind::<Array<SqlUuid>, _>(drafts.iter().map(|_| Uuid::now_v7()).collect::<Vec<_>>())
    .bind::<Array<Text>, _>(column(|d| &d.name))
    .bind::<Array<Text>, _>(column(|d| &d.description))
    .bind::<Array<Text>, _>(column(|d| &d.color))
    .bind::<Array<Text>, _>(column(|d| &d.icon))
    .bind::<Array<Text>, _>(drafts.iter().map(|d| d.kind.as_str()).collect::<Vec<_>>())
    .execute(conn)
}

pub struct PgCategoryRepository {
    db: Database,
}

impl PgCategoryRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// The transactions in the category: its own rows and the split rows with a part in it.
fn count_uses(conn: &mut PgConnection, household: Uuid, id: Uuid) -> QueryResult<i64> {
    query(sql!(
        "SELECT ((SELECT count(*) FROM transactions WHERE category_id = $1)
                 + (SELECT count(DISTINCT transaction_id) FROM transaction_splits WHERE household_id = $2 AND category_id = $1))::bigint AS n"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
        .get_result::<Count>(conn)
        .map(|c| c.n)
}

/// `NotFound` unless the user has category `id` (`statement` selects it, perhaps locking it).
fn category_exists(conn: &mut PgConnection, scope: Scope, id: Uuid, statement: Sql) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    query(statement)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .get_result::<Found>(conn)
        .or_repo()?;
    Ok(())
}

#[async_trait]
impl CategoryRepository for PgCategoryRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<(Category, i64)>, RepoError> {
        let rows: Vec<CategoryCountRow> = self
            .db
            .run(move |conn| {
                query(
                    sql!("SELECT c.id, c.name, c.description, c.color, c.icon, c.kind, c.tax_treatment, c.is_default, c.created_at,
                            COALESCE((SELECT SUM(l.row_count) FROM ledger_month_totals l WHERE l.category_id = c.id), 0)::bigint
                              AS transaction_count
                     FROM categories c WHERE c.household_id = $1
                     ORDER BY c.is_default DESC, lower(c.name), c.id"),
                )
                .bind::<SqlUuid, _>(scope.household.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter().map(|r| Ok((r.category.try_into()?, r.transaction_count))).collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: CategoryId) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .run(move |conn| {
                query(sql!("SELECT ", category_columns!(), " FROM categories WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id.0)
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, draft: CategoryDraft, is_default: bool) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "INSERT INTO categories (id, household_id, name, description, color, icon, kind, is_default,
                                             tax_treatment)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ",
                    category_columns!()
                ))
                .bind::<SqlUuid, _>(Uuid::now_v7())
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(draft.name)
                .bind::<Text, _>(draft.description)
                .bind::<Text, _>(draft.color)
                .bind::<Text, _>(draft.icon)
                .bind::<Text, _>(draft.kind.as_str())
                .bind::<Bool, _>(is_default)
                .bind::<Nullable<Text>, _>(draft.tax_treatment.flatten().map(TaxTreatment::as_str))
                .get_result(conn)
                .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create_defaults(&self, scope: Scope, drafts: Vec<CategoryDraft>) -> Result<(), RepoError> {
        self.db.write(move |conn| insert_categories(conn, scope.household.0, &drafts, true).map(|_| ()).or_repo()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(&self, scope: Scope, id: CategoryId, draft: CategoryDraft) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "UPDATE categories SET name = $3, description = $4, color = $5, icon = $6, kind = $7,
                                           tax_treatment = CASE WHEN $8 THEN $9
                                               WHEN tax_treatment = CASE $7 WHEN 'income' THEN 'income' ELSE 'allowable' END
                                               THEN tax_treatment END,
                                           updated_at = now()
                     WHERE household_id = $1 AND id = $2 RETURNING ",
                    category_columns!()
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id.0)
                .bind::<Text, _>(draft.name)
                .bind::<Text, _>(draft.description)
                .bind::<Text, _>(draft.color)
                .bind::<Text, _>(draft.icon)
                .bind::<Text, _>(draft.kind.as_str())
                .bind::<Bool, _>(draft.tax_treatment.is_some())
                .bind::<Nullable<Text>, _>(draft.tax_treatment.flatten().map(TaxTreatment::as_str))
                .get_result(conn)
                .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn transactions_count(&self, scope: Scope, id: CategoryId) -> Result<i64, RepoError> {
        self.db
            .run(move |conn| {
                category_exists(
                    conn,
                    scope,
                    id.0,
                    sql!("SELECT id FROM categories WHERE household_id = $1 AND id = $2"),
                )?;
                count_uses(conn, scope.household.0, id.0).or_repo()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: CategoryId) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                category_exists(
                    conn,
                    scope,
                    id.0,
                    sql!("SELECT id FROM categories WHERE household_id = $1 AND id = $2 FOR UPDATE"),
                )?;
                let uses = count_uses(conn, scope.household.0, id.0).or_repo()?;
                if uses > 0 {
                    return Err(RepoError::InUse { count: uses });
                }
                query(sql!("DELETE FROM categories WHERE id = $1")).bind::<SqlUuid, _>(id.0).execute(conn).or_repo()?;
                Ok(())
            })
            .await
    }
}
