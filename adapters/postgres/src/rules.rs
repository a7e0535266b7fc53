//! Categorisation rules, kept in the household's order. Applying them to stored rows rewrites each
//! changed row through the ledger's write path (month totals by category stay exact), in one
//! database transaction.

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::ids::RuleId;
use domain::imports::{first_match, RuleDraft, RuleMatch};
use domain::tags::TagId;
use domain::{Money, Scope};
use ports::rules::{ApplyOutcome, RuleRepository, StoredRule};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::tags::link_tags;
use crate::transactions::{mark_hinted, pair_automatically, recategorise_entries};
use crate::visibility::sees_account;
use crate::Database;

pub struct PgRuleRepository {
    db: Database,
}

impl PgRuleRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct RuleRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Integer)]
    position: i32,
    #[diesel(sql_type = Text)]
    match_type: String,
    #[diesel(sql_type = Text)]
    pattern: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    min_amount: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    max_amount: Option<i64>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    account_id: Option<Uuid>,
    #[diesel(sql_type = SqlUuid)]
    category_id: Uuid,
    #[diesel(sql_type = Nullable<Text>)]
    rename: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    mark_transfer: bool,
    #[diesel(sql_type = Text)]
    category_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    account_name: Option<String>,
    #[diesel(sql_type = Array<SqlUuid>)]
    tag_ids: Vec<Uuid>,
}

impl RuleRow {
    fn into_rule(self) -> Result<StoredRule, RepoError> {
        let match_type = RuleMatch::parse(&self.match_type).map_err(|_| {
            RepoError::Unexpected(anyhow::anyhow!("stored rule {}: match {}", self.id, self.match_type))
        })?;
        Ok(StoredRule {
            id: RuleId(self.id),
            position: self.position,
            rule: RuleDraft {
                match_type,
                pattern: self.pattern,
                min_amount: self.min_amount.map(Money::from_pence),
                max_amount: self.max_amount.map(Money::from_pence),
                account_id: self.account_id.map(AccountId),
                category_id: CategoryId(self.category_id),
                rename: self.rename,
                mark_transfer: self.mark_transfer,
                tag_ids: self.tag_ids.into_iter().map(TagId).collect(),
            },
            category_name: self.category_name,
            account_name: self.account_name,
        })
    }
}

macro_rules! select_rules {
    () => {
        "SELECT r.id, r.position, r.match_type, r.pattern, r.min_amount, r.max_amount, r.account_id,
            r.category_id, r.rename, r.mark_transfer, c.name AS category_name, a.name AS account_name,
            ARRAY(SELECT rt.tag_id FROM rule_tags rt JOIN tags g ON g.household_id = rt.household_id AND g.id = rt.tag_id
                  WHERE rt.household_id = r.household_id AND rt.rule_id = r.id ORDER BY lower(g.name), g.id) AS tag_ids
     FROM rules r JOIN categories c ON c.id = r.category_id LEFT JOIN accounts a ON a.id = r.account_id
     WHERE r.household_id = $1"
    };
}

/// The household's rules in order.
pub(crate) fn load_rules(conn: &mut PgConnection, scope: Scope) -> Result<Vec<StoredRule>, RepoError> {
    let rows: Vec<RuleRow> = query(sql!(select_rules!(), " ORDER BY r.position, r.created_at, r.id"))
        .bind::<SqlUuid, _>(scope.household.0)
        .load(conn)
        .or_repo()?;
    rows.into_iter().map(RuleRow::into_rule).collect()
}

fn load_rule(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<StoredRule, RepoError> {
    let row: RuleRow = query(sql!(select_rules!(), " AND r.id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .get_result(conn)
        .or_repo()?;
    row.into_rule()
}

/// Writes a rule's fields; `NotFound` when the rule, its category or its account is not the household's.
fn write_rule(
    conn: &mut PgConnection,
    scope: Scope,
    id: Uuid,
    rule: &RuleDraft,
    insert: bool,
) -> Result<(), RepoError> {
    let sql = if insert {
        sql!(
            "INSERT INTO rules (id, household_id, position, match_type, pattern, min_amount, max_amount, account_id, category_id, rename,
                            mark_transfer)
         SELECT $1, $2, COALESCE((SELECT max(position) + 1 FROM rules WHERE household_id = $2), 0), $3, $4, $5, $6, $7, $8, $9, $10
         WHERE EXISTS (SELECT 1 FROM categories WHERE id = $8 AND household_id = $2)
           AND ($7::uuid IS NULL OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = $7 AND a.household_id = $2 AND ",
            sees_account!("a", "$11"),
            "))"
        )
    } else {
        sql!(
            "UPDATE rules SET match_type = $3, pattern = $4, min_amount = $5, max_amount = $6, account_id = $7,
                category_id = $8, rename = $9, mark_transfer = $10
         WHERE id = $1 AND household_id = $2
           AND EXISTS (SELECT 1 FROM categories WHERE id = $8 AND household_id = $2)
           AND ($7::uuid IS NULL OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = $7 AND a.household_id = $2 AND ",
            sees_account!("a", "$11"),
            "))"
        )
    };
    let n = query(sql)
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Text, _>(rule.match_type.as_str())
        .bind::<Text, _>(&rule.pattern)
        .bind::<Nullable<BigInt>, _>(rule.min_amount.map(Money::pence))
        .bind::<Nullable<BigInt>, _>(rule.max_amount.map(Money::pence))
        .bind::<Nullable<SqlUuid>, _>(rule.account_id.map(|a| a.0))
        .bind::<SqlUuid, _>(rule.category_id.0)
        .bind::<Nullable<Text>, _>(&rule.rename)
        .bind::<diesel::sql_types::Bool, _>(rule.mark_transfer)
        .bind::<SqlUuid, _>(scope.member.0)
        .execute(conn)
        .or_repo()?;
    found(n)?;
    // Its tags: only the household's (the use case has answered 'Tag not found' for others).
    query(sql!("DELETE FROM rule_tags WHERE household_id = $1 AND rule_id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .or_repo()?;
    query(sql!(
        "INSERT INTO rule_tags (household_id, rule_id, tag_id)
         SELECT $1, $2, g.id FROM tags g WHERE g.household_id = $1 AND g.id = ANY($3)"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(id)
    .bind::<Array<SqlUuid>, _>(rule.tag_ids.iter().map(|t| t.0).collect::<Vec<_>>())
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// A stored row as applying rules needs it.
#[derive(QueryableByName)]
struct Candidate {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    description: String,
}

fn apply(
    conn: &mut PgConnection,
    scope: Scope,
    only: Option<RuleId>,
    dry_run: bool,
) -> Result<ApplyOutcome, RepoError> {
    let rules: Vec<RuleDraft> =
        load_rules(conn, scope)?.into_iter().filter(|r| only.is_none_or(|id| id == r.id)).map(|r| r.rule).collect();
    // A row split by hand stays as it was split.
    let rows: Vec<Candidate> = query(sql!(
        "SELECT id, account_id, category_id, amount, description
         FROM transactions WHERE household_id = $1 AND NOT is_transfer AND NOT is_split ORDER BY date, seq"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .load(conn)
    .or_repo()?;
    let mut outcome = ApplyOutcome::default();
    let mut changes = Vec::new();
    let mut transfers = Vec::new();
    let mut tagged = Vec::new();
    for row in rows {
        let Some(rule) =
            first_match(&rules, &row.description, Money::from_pence(row.amount), AccountId(row.account_id))
        else {
            continue;
        };
        outcome.matched += 1;
        if rule.mark_transfer {
            transfers.push(row.id);
        }
        tagged.extend(rule.tag_ids.iter().map(|t| (row.id, *t)));
        let description = rule.rename.clone().unwrap_or_else(|| row.description.clone());
        if row.category_id != Some(rule.category_id.0) || description != row.description {
            changes.push((row.id, rule.category_id, description));
        }
    }
    outcome.changed = changes.len() as i64;
    if !dry_run {
        recategorise_entries(conn, scope, &changes)?;
        // A rule adds its tags; it never takes a row's other tags away.
        link_tags(conn, scope.household.0, &tagged)?;
        mark_hinted(conn, &transfers)?;
        pair_automatically(conn, scope, &transfers)?;
    }
    Ok(outcome)
}

#[async_trait]
impl RuleRepository for PgRuleRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<StoredRule>, RepoError> {
        self.db.run(move |conn| load_rules(conn, scope)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: RuleId) -> Result<StoredRule, RepoError> {
        let id = id.0;
        self.db.run(move |conn| load_rule(conn, scope, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, rule: RuleDraft) -> Result<StoredRule, RepoError> {
        self.db
            .write(move |conn| {
                let id = Uuid::now_v7();
                write_rule(conn, scope, id, &rule, true)?;
                load_rule(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(&self, scope: Scope, id: RuleId, rule: RuleDraft) -> Result<StoredRule, RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                write_rule(conn, scope, id, &rule, false)?;
                load_rule(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: RuleId) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!("DELETE FROM rules WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                found(n)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn reorder(&self, scope: Scope, ids: Vec<RuleId>) -> Result<Vec<StoredRule>, RepoError> {
        let ids: Vec<Uuid> = ids.into_iter().map(|id| id.0).collect();
        self.db
            .write(move |conn| {
                let positions: Vec<i32> = (0..ids.len() as i32).collect();
                query(sql!(
                    "UPDATE rules r SET position = o.position
                     FROM unnest($2::uuid[], $3::int[]) AS o(id, position)
                     WHERE r.household_id = $1 AND r.id = o.id"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Array<SqlUuid>, _>(&ids)
                .bind::<Array<Integer>, _>(&positions)
                .execute(conn)
                .or_repo()?;
                load_rules(conn, scope)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn references_exist(
        &self,
        scope: Scope,
        category: CategoryId,
        account: Option<AccountId>,
    ) -> Result<(bool, bool), RepoError> {
        self.db
            .run(move |conn| {
                #[derive(QueryableByName)]
                struct Found {
                    #[diesel(sql_type = Bool)]
                    category: bool,
                    #[diesel(sql_type = Bool)]
                    account: bool,
                }
                let f: Found = query(sql!(
                    "SELECT EXISTS (SELECT 1 FROM categories WHERE id = $2 AND household_id = $1) AS category,
                            ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = $3 AND a.household_id = $1 AND ",
                    sees_account!("a", "$4"),
                    ")) AS account"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(category.0)
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result(conn)
                .or_repo()?;
                Ok((f.category, f.account))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn apply(&self, scope: Scope, only: Option<RuleId>, dry_run: bool) -> Result<ApplyOutcome, RepoError> {
        if dry_run {
            self.db.read_snapshot(move |conn| apply(conn, scope, only, true)).await
        } else {
            self.db.write(move |conn| apply(conn, scope, only, false)).await
        }
    }
}
