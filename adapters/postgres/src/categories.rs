use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Uuid as SqlUuid};
use domain::categories::{CategoryDraft, CategoryId};
use domain::UserId;
use ports::ledger::{Category, CategoryRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::schema::categories;
use crate::Database;

#[derive(Queryable, Selectable, QueryableByName)]
#[diesel(table_name = categories, check_for_backend(diesel::pg::Pg))]
struct CategoryRow {
    id: Uuid,
    name: String,
    description: String,
    color: String,
    icon: String,
    is_default: bool,
    created_at: DateTime<Utc>,
}

impl From<CategoryRow> for Category {
    fn from(r: CategoryRow) -> Self {
        Category {
            id: CategoryId(r.id),
            name: r.name,
            description: r.description,
            color: r.color,
            icon: r.icon,
            is_default: r.is_default,
            created_at: r.created_at,
        }
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
    user: Uuid,
    drafts: &[CategoryDraft],
    is_default: bool,
) -> QueryResult<usize> {
    let rows: Vec<_> = drafts
        .iter()
        .map(|d| {
            (
                categories::id.eq(Uuid::now_v7()),
                categories::user_id.eq(user),
                categories::name.eq(d.name.clone()),
                categories::description.eq(d.description.clone()),
                categories::color.eq(d.color.clone()),
                categories::icon.eq(d.icon.clone()),
                categories::is_default.eq(is_default),
            )
        })
        .collect();
    diesel::insert_into(categories::table).values(rows).on_conflict_do_nothing().execute(conn)
}

pub struct PgCategoryRepository {
    db: Database,
}

impl PgCategoryRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn count_uses(conn: &mut PgConnection, id: Uuid) -> QueryResult<i64> {
    diesel::sql_query("SELECT count(*) AS n FROM transactions WHERE category_id = $1")
        .bind::<SqlUuid, _>(id)
        .get_result::<Count>(conn)
        .map(|c| c.n)
}

#[async_trait]
impl CategoryRepository for PgCategoryRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn list(&self, user: UserId) -> Result<Vec<(Category, i64)>, RepoError> {
        let rows: Vec<CategoryCountRow> = self
            .db
            .run(move |conn| {
                diesel::sql_query(
                    "SELECT c.id, c.name, c.description, c.color, c.icon, c.is_default, c.created_at,
                            COALESCE((SELECT SUM(l.row_count) FROM ledger_month_totals l WHERE l.category_id = c.id), 0)::bigint
                              AS transaction_count
                     FROM categories c WHERE c.user_id = $1
                     ORDER BY c.is_default DESC, lower(c.name), c.id",
                )
                .bind::<SqlUuid, _>(user.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows.into_iter().map(|r| (r.category.into(), r.transaction_count)).collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn get(&self, user: UserId, id: CategoryId) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .run(move |conn| {
                categories::table
                    .find(id.0)
                    .filter(categories::user_id.eq(user.0))
                    .select(CategoryRow::as_select())
                    .first(conn)
                    .or_repo()
            })
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create(&self, user: UserId, draft: CategoryDraft, is_default: bool) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .run(move |conn| {
                diesel::insert_into(categories::table)
                    .values((
                        categories::id.eq(Uuid::now_v7()),
                        categories::user_id.eq(user.0),
                        categories::name.eq(draft.name),
                        categories::description.eq(draft.description),
                        categories::color.eq(draft.color),
                        categories::icon.eq(draft.icon),
                        categories::is_default.eq(is_default),
                    ))
                    .returning(CategoryRow::as_returning())
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn create_defaults(&self, user: UserId, drafts: Vec<CategoryDraft>) -> Result<(), RepoError> {
        self.db.run(move |conn| insert_categories(conn, user.0, &drafts, true).map(|_| ()).or_repo()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn update(&self, user: UserId, id: CategoryId, draft: CategoryDraft) -> Result<Category, RepoError> {
        let row: CategoryRow = self
            .db
            .run(move |conn| {
                diesel::update(categories::table.find(id.0).filter(categories::user_id.eq(user.0)))
                    .set((
                        categories::name.eq(draft.name),
                        categories::description.eq(draft.description),
                        categories::color.eq(draft.color),
                        categories::icon.eq(draft.icon),
                        categories::updated_at.eq(diesel::dsl::now),
                    ))
                    .returning(CategoryRow::as_returning())
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn transactions_count(&self, user: UserId, id: CategoryId) -> Result<i64, RepoError> {
        self.db
            .run(move |conn| {
                categories::table
                    .find(id.0)
                    .filter(categories::user_id.eq(user.0))
                    .select(categories::id)
                    .first::<Uuid>(conn)
                    .or_repo()?;
                count_uses(conn, id.0).or_repo()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn delete(&self, user: UserId, id: CategoryId) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                categories::table
                    .find(id.0)
                    .filter(categories::user_id.eq(user.0))
                    .select(categories::id)
                    .for_update()
                    .first::<Uuid>(conn)
                    .or_repo()?;
                let uses = count_uses(conn, id.0).or_repo()?;
                if uses > 0 {
                    return Err(RepoError::InUse { count: uses });
                }
                diesel::delete(categories::table.find(id.0)).execute(conn).or_repo()?;
                Ok(())
            })
            .await
    }
}
