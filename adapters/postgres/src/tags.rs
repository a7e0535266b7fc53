//! Tags and their links to transactions: [`PgTagRepository`], and the link upkeep that the
//! transaction writes (typed, imported, synced) run inside their own database transaction.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::tags::{TagDraft, TagId, TagName, TagPatch, DEFAULT_TAG_COLOUR};
use domain::{Money, Scope};
use ports::ledger::TagRef;
use ports::tags::{Tag, TagRepository, TagTotal, TagWithCount};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::visibility::on_seen_account;
use crate::Database;

#[derive(QueryableByName)]
struct TagRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl From<TagRow> for Tag {
    fn from(r: TagRow) -> Self {
        Tag { id: TagId(r.id), name: r.name, color: r.color, created_at: r.created_at }
    }
}

#[derive(QueryableByName)]
struct TagCountRow {
    #[diesel(embed)]
    tag: TagRow,
    #[diesel(sql_type = BigInt)]
    transaction_count: i64,
}

/// Gives each transaction the tags listed for it, inside the caller's database transaction. Only
/// the household's tags are linked (an id that is not one of them, or was deleted meanwhile, is
/// skipped: the use case has already answered 'Tag not found' for foreign ids); a link that
/// exists is kept.
pub(crate) fn link_tags(conn: &mut PgConnection, household: Uuid, links: &[(Uuid, TagId)]) -> Result<(), RepoError> {
    if links.is_empty() {
        return Ok(());
    }
    let (transactions, tags): (Vec<Uuid>, Vec<Uuid>) = links.iter().map(|(t, g)| (*t, g.0)).unzip();
    query(sql!(
        "INSERT INTO transaction_tags (household_id, transaction_id, tag_id)
         SELECT $1, l.transaction_id, g.id
         FROM unnest($2::uuid[], $3::uuid[]) AS l(transaction_id, tag_id)
         JOIN tags g ON g.household_id = $1 AND g.id = l.tag_id
         ON CONFLICT DO NOTHING"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Array<SqlUuid>, _>(transactions)
    .bind::<Array<SqlUuid>, _>(tags)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Makes `tags` the transaction's tags (its other links go), inside the caller's transaction.
pub(crate) fn replace_tags(
    conn: &mut PgConnection,
    household: Uuid,
    transaction: Uuid,
    tags: &[TagId],
) -> Result<(), RepoError> {
    query(sql!(
        "DELETE FROM transaction_tags WHERE household_id = $1 AND transaction_id = $2 AND NOT tag_id = ANY($3)"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(transaction)
    .bind::<Array<SqlUuid>, _>(tags.iter().map(|t| t.0).collect::<Vec<_>>())
    .execute(conn)
    .or_repo()?;
    let links: Vec<(Uuid, TagId)> = tags.iter().map(|t| (transaction, *t)).collect();
    link_tags(conn, household, &links)
}

/// The household's tags of these names (ignoring case), each made (in the default colour) where
/// the household has none of that name, inside the caller's database transaction: what an
/// import of our own export's Tags column links. A name that could not be a tag's is left out.
/// Answers the ids by lower-case name.
pub(crate) fn tags_named(
    conn: &mut PgConnection,
    household: Uuid,
    names: &[String],
) -> Result<HashMap<String, TagId>, RepoError> {
    let mut valid: Vec<String> =
        names.iter().filter_map(|n| TagName::parse(n).ok()).map(|n| n.as_str().to_owned()).collect();
    valid.sort_by_key(|n| n.to_lowercase());
    valid.dedup_by_key(|n| n.to_lowercase());
    if valid.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<Uuid> = valid.iter().map(|_| Uuid::now_v7()).collect();
    query(sql!(
        "INSERT INTO tags (id, household_id, name, color)
         SELECT u.id, $1, u.name, $4 FROM unnest($2::uuid[], $3::text[]) AS u(id, name)
         ON CONFLICT (household_id, lower(name)) DO NOTHING"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<Text>, _>(&valid)
    .bind::<Text, _>(DEFAULT_TAG_COLOUR)
    .execute(conn)
    .or_repo()?;
    #[derive(QueryableByName)]
    struct Named {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
    }
    let lower: Vec<String> = valid.iter().map(|n| n.to_lowercase()).collect();
    let found: Vec<Named> = query(sql!("SELECT id, name FROM tags WHERE household_id = $1 AND lower(name) = ANY($2)"))
        .bind::<SqlUuid, _>(household)
        .bind::<Array<Text>, _>(&lower)
        .load(conn)
        .or_repo()?;
    Ok(found.into_iter().map(|t| (t.name.to_lowercase(), TagId(t.id))).collect())
}

/// The tags of each of these transactions, by name, in one query.
pub(crate) fn tags_of(
    conn: &mut PgConnection,
    household: Uuid,
    transactions: &[Uuid],
) -> Result<HashMap<Uuid, Vec<TagRef>>, RepoError> {
    #[derive(QueryableByName)]
    struct Link {
        #[diesel(sql_type = SqlUuid)]
        transaction_id: Uuid,
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = Text)]
        color: String,
    }
    let mut tags: HashMap<Uuid, Vec<TagRef>> = HashMap::new();
    if transactions.is_empty() {
        return Ok(tags);
    }
    let links: Vec<Link> = query(sql!(
        "SELECT tt.transaction_id, g.id, g.name, g.color
         FROM transaction_tags tt JOIN tags g ON g.household_id = tt.household_id AND g.id = tt.tag_id
         WHERE tt.household_id = $1 AND tt.transaction_id = ANY($2)
         ORDER BY lower(g.name), g.id"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Array<SqlUuid>, _>(transactions)
    .load(conn)
    .or_repo()?;
    for l in links {
        tags.entry(l.transaction_id).or_default().push(TagRef { id: TagId(l.id), name: l.name, color: l.color });
    }
    Ok(tags)
}

/// [`TagRepository`] on PostgreSQL.
pub struct PgTagRepository {
    db: Database,
}

impl PgTagRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn get_tag(conn: &mut PgConnection, scope: Scope, id: TagId) -> Result<Tag, RepoError> {
    let row: TagRow = query(sql!("SELECT id, name, color, created_at FROM tags WHERE household_id = $1 AND id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id.0)
        .get_result(conn)
        .or_repo()?;
    Ok(row.into())
}

#[async_trait]
impl TagRepository for PgTagRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<TagWithCount>, RepoError> {
        let rows: Vec<TagCountRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT g.id, g.name, g.color, g.created_at,
                            (SELECT count(*) FROM transaction_tags tt JOIN transactions t ON t.id = tt.transaction_id
                             WHERE tt.household_id = $1 AND tt.tag_id = g.id AND ",
                    on_seen_account!("t.account_id", "$1", "$2"),
                    ")::bigint AS transaction_count
                     FROM tags g WHERE g.household_id = $1
                     ORDER BY lower(g.name), g.id"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| TagWithCount { tag: r.tag.into(), transaction_count: r.transaction_count })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: TagId) -> Result<Tag, RepoError> {
        self.db.run(move |conn| get_tag(conn, scope, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, id: TagId, draft: &TagDraft) -> Result<Tag, RepoError> {
        let draft = draft.clone();
        let row: TagRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "INSERT INTO tags (id, household_id, name, color) VALUES ($1, $2, $3, $4)
                     RETURNING id, name, color, created_at"
                ))
                .bind::<SqlUuid, _>(id.0)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(draft.name.as_str())
                .bind::<Text, _>(draft.color.as_str())
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(&self, scope: Scope, id: TagId, patch: &TagPatch) -> Result<Tag, RepoError> {
        let patch = patch.clone();
        let row: TagRow = self
            .db
            .write(move |conn| {
                query(sql!(
                    "UPDATE tags SET name = COALESCE($3, name), color = COALESCE($4, color), updated_at = now()
                     WHERE household_id = $1 AND id = $2 RETURNING id, name, color, created_at"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id.0)
                .bind::<Nullable<Text>, _>(patch.name.as_ref().map(|n| n.as_str().to_owned()))
                .bind::<Nullable<Text>, _>(patch.color.as_ref().map(|c| c.as_str().to_owned()))
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: TagId) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                // The links go with it (ON DELETE CASCADE); the transactions stay.
                let deleted = query(sql!("DELETE FROM tags WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id.0)
                    .execute(conn)
                    .or_repo()?;
                found(deleted)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn merge(&self, scope: Scope, from: TagId, into: TagId) -> Result<Tag, RepoError> {
        self.db
            .write(move |conn| {
                #[derive(QueryableByName)]
                struct Locked {
                    #[diesel(sql_type = SqlUuid)]
                    #[allow(dead_code)]
                    id: Uuid,
                }
                // Both locked (in id order, so two merges cannot deadlock), or not found.
                let locked: Vec<Locked> =
                    query(sql!("SELECT id FROM tags WHERE household_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<Array<SqlUuid>, _>(vec![from.0, into.0])
                        .load(conn)
                        .or_repo()?;
                if locked.len() != 2 {
                    return Err(RepoError::NotFound);
                }
                // Every link (a transaction's, a rule's) to `from` now points at `into`, once.
                for statement in [
                    sql!(
                        "INSERT INTO transaction_tags (household_id, transaction_id, tag_id)
                         SELECT household_id, transaction_id, $3 FROM transaction_tags
                         WHERE household_id = $1 AND tag_id = $2
                         ON CONFLICT DO NOTHING"
                    ),
                    sql!(
                        "INSERT INTO rule_tags (household_id, rule_id, tag_id)
                         SELECT household_id, rule_id, $3 FROM rule_tags
                         WHERE household_id = $1 AND tag_id = $2
                         ON CONFLICT DO NOTHING"
                    ),
                ] {
                    query(statement)
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(from.0)
                        .bind::<SqlUuid, _>(into.0)
                        .execute(conn)
                        .or_repo()?;
                }
                query(sql!("DELETE FROM tags WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(from.0)
                    .execute(conn)
                    .or_repo()?;
                get_tag(conn, scope, into)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn totals(
        &self,
        scope: Scope,
        from: NaiveDate,
        to: NaiveDate,
        account: Option<AccountId>,
    ) -> Result<Vec<TagTotal>, RepoError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = SqlUuid)]
            id: Uuid,
            #[diesel(sql_type = Text)]
            name: String,
            #[diesel(sql_type = Text)]
            color: String,
            #[diesel(sql_type = BigInt)]
            income: i64,
            #[diesel(sql_type = BigInt)]
            expenses: i64,
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let rows: Vec<Row> = self
            .db
            .read_snapshot(move |conn| {
                query(sql!(
                    "SELECT g.id, g.name, g.color,
                            COALESCE(SUM(t.amount) FILTER (WHERE t.type = 'income'), 0)::bigint AS income,
                            COALESCE(SUM(t.amount) FILTER (WHERE t.type = 'expense'), 0)::bigint AS expenses,
                            count(*)::bigint AS n
                     FROM transaction_tags tt
                     JOIN tags g ON g.household_id = tt.household_id AND g.id = tt.tag_id
                     JOIN transactions t ON t.id = tt.transaction_id
                     WHERE tt.household_id = $1 AND t.date >= $2 AND t.date <= $3 AND NOT t.is_transfer AND ",
                    crate::transactions::counts!(),
                    " AND ($4::uuid IS NULL OR t.account_id = $4) AND ",
                    on_seen_account!("t.account_id", "$1", "$5"),
                    " GROUP BY g.id, g.name, g.color
                     ORDER BY expenses, lower(g.name), g.id"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| TagTotal {
                tag: TagRef { id: TagId(r.id), name: r.name, color: r.color },
                income: Money::from_pence(r.income),
                expenses: Money::from_pence(r.expenses),
                transactions: r.n,
            })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn all_exist(&self, scope: Scope, ids: &[TagId]) -> Result<(), RepoError> {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = BigInt)]
            n: i64,
        }
        let mut ids: Vec<Uuid> = ids.iter().map(|t| t.0).collect();
        ids.sort_unstable();
        ids.dedup();
        let wanted = i64::try_from(ids.len()).unwrap_or(i64::MAX);
        let n = self
            .db
            .run(move |conn| {
                query(sql!("SELECT count(*) AS n FROM tags WHERE household_id = $1 AND id = ANY($2)"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<Array<SqlUuid>, _>(ids)
                    .get_result::<Count>(conn)
                    .or_repo()
            })
            .await?
            .n;
        if n == wanted {
            Ok(())
        } else {
            Err(RepoError::NotFound)
        }
    }
}
