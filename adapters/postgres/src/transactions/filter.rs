//! The WHERE clause of the ledger's list queries, built per request from its filters, and the
//! search it may carry.

use chrono::NaiveDate;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{BoxedSqlQuery, SqlQuery};
use diesel::sql_types::{Array, BigInt, Date, Text, Uuid as SqlUuid};
use domain::tags::TagMode;
use domain::Scope;
use ports::ledger::{ExportCursor, TransactionQuery};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::visibility::on_seen_account;

/// The WHERE clause of a list query and its binds, shared by the page, the raw part of the
/// summary and the count.
pub(super) struct Filter {
    pub(super) clauses: Vec<String>,
    pub(super) binds: Vec<Bind>,
    /// Over `transactions` rows, where a split row's categories are its parts'; otherwise over
    /// rows with one category each (`ledger_lines`, `ledger_month_totals`).
    rows: bool,
}

pub(super) enum Bind {
    Uuid(Uuid),
    Uuids(Vec<Uuid>),
    Text(String),
    Date(NaiveDate),
    BigInt(i64),
}

/// A `transactions` row `t` in the category (or categories) bound at `${}`, compared with `$op`:
/// its own, or for a split row one of its parts' (found through the parts' category index).
macro_rules! in_categories {
    ($op:literal) => {
        format!(
            concat!(
                "(t.category_id {op} (${{}}) OR (t.is_split AND t.id IN (SELECT s.transaction_id FROM transaction_splits s
                  WHERE s.household_id = $1 AND s.category_id {op} (${{}}))))"
            ),
            op = $op
        )
    };
}

impl Filter {
    /// Conditions on columns that the month totals also carry (not dates, not search), over
    /// rows with one category each: the month totals or the ledger's lines.
    pub(super) fn new(scope: Scope, q: &TransactionQuery, alias: &str) -> Self {
        Self::build(scope, q, alias, false)
    }

    /// The same conditions over `transactions` rows `t`: a split row is in each of its parts'
    /// categories.
    pub(super) fn rows(scope: Scope, q: &TransactionQuery) -> Self {
        Self::build(scope, q, "t", true)
    }

    fn build(scope: Scope, q: &TransactionQuery, alias: &str, rows: bool) -> Self {
        let mut f = Filter { clauses: vec![], binds: vec![], rows };
        f.push(format!("{alias}.household_id = ${{}}"), Bind::Uuid(scope.household.0));
        // The household is $1: rows on another member's private account are left out.
        f.push(
            format!(on_seen_account!("{alias}.account_id", "$1", "${{}}"), alias = alias),
            Bind::Uuid(scope.member.0),
        );
        if let Some(c) = q.category {
            let clause = if rows { in_categories!("=") } else { format!("{alias}.category_id = ${{}}") };
            f.push(clause, Bind::Uuid(c.0));
        }
        if let Some(a) = q.account {
            f.push(format!("{alias}.account_id = ${{}}"), Bind::Uuid(a.0));
        }
        if let Some(t) = q.transaction_type {
            f.push(format!("{alias}.type = ${{}}"), Bind::Text(t.as_str().into()));
        }
        if !q.include_transfers {
            f.clauses.push(format!("NOT {alias}.is_transfer"));
        }
        f
    }

    /// Only the rows a member made (the month totals do not say who made what).
    pub(super) fn made_by(&mut self, q: &TransactionQuery) {
        if let Some(member) = q.created_by {
            self.push("t.created_by = ${}".into(), Bind::Uuid(member.0));
        }
    }

    /// Only the rows carrying any (or all) of the query's tags (the month totals do not say
    /// which rows carry which tag). A semi-join on the tag index, so a rare tag is found
    /// without reading the household's rows in order.
    pub(super) fn tagged(&mut self, q: &TransactionQuery) {
        if q.tags.is_empty() {
            return;
        }
        let tags = Bind::Uuids(q.tags.iter().map(|t| t.0).collect());
        let clause = match q.tag_mode {
            TagMode::Any => "t.id IN (SELECT tt.transaction_id FROM transaction_tags tt
                        WHERE tt.household_id = $1 AND tt.tag_id = ANY(${}))"
                .to_owned(),
            // The ids are distinct (parsed so), so carrying all of them is carrying as many.
            TagMode::All => format!(
                "t.id IN (SELECT tt.transaction_id FROM transaction_tags tt
                        WHERE tt.household_id = $1 AND tt.tag_id = ANY(${{}})
                        GROUP BY tt.transaction_id HAVING count(*) = {})",
                q.tags.len()
            ),
        };
        self.push(clause, tags);
    }

    pub(super) fn push(&mut self, clause: String, bind: Bind) {
        self.binds.push(bind);
        self.clauses.push(clause.replace("${}", &format!("${}", self.binds.len())));
    }

    pub(super) fn date_from(&mut self, column: &str, day: NaiveDate) {
        self.push(format!("{column} >= ${{}}"), Bind::Date(day));
    }

    pub(super) fn date_before(&mut self, column: &str, day: NaiveDate) {
        self.push(format!("{column} < ${{}}"), Bind::Date(day));
    }

    /// Rows before the export's cursor, newest first: the date bound lets the index range scan.
    pub(super) fn after(&mut self, c: ExportCursor) {
        self.push("t.date <= ${}".into(), Bind::Date(c.date));
        let n = self.binds.len() + 1;
        self.binds.push(Bind::Date(c.date));
        self.binds.push(Bind::BigInt(c.seq));
        self.clauses.push(format!("(t.date, t.seq) < (${n}, ${})", n + 1));
    }

    /// Description or category name containing the text, ignoring case. The matching
    /// categories are looked up first, so the condition is an index-friendly OR of a trigram
    /// match on the description and a category list.
    pub(super) fn search(&mut self, search: &Search) {
        let n = self.binds.len() + 1;
        self.binds.push(Bind::Text(search.pattern.clone()));
        self.binds.push(Bind::Uuids(search.categories.clone()));
        let transfer = if search.transfers { " OR t.is_transfer" } else { "" };
        let category = if self.rows { in_categories!("= ANY") } else { "t.category_id = ANY(${})".into() };
        let category = category.replace("${}", &format!("${}", n + 1));
        self.clauses.push(format!("(t.description ILIKE ${n} OR {category}{transfer})"));
    }

    pub(super) fn sql(&self) -> String {
        if self.clauses.is_empty() {
            "TRUE".into()
        } else {
            self.clauses.join(" AND ")
        }
    }

    pub(super) fn apply(&self, query: SqlQuery) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
        let mut boxed = query.into_boxed::<Pg>();
        for bind in &self.binds {
            boxed = match bind {
                Bind::Uuid(u) => boxed.bind::<SqlUuid, _>(*u),
                Bind::Uuids(u) => boxed.bind::<Array<SqlUuid>, _>(u.clone()),
                Bind::Text(t) => boxed.bind::<Text, _>(t.clone()),
                Bind::Date(d) => boxed.bind::<Date, _>(*d),
                Bind::BigInt(n) => boxed.bind::<BigInt, _>(*n),
            };
        }
        boxed
    }
}

/// A search resolved for one user: the ILIKE pattern and the categories whose names match.
pub(super) struct Search {
    pub(super) pattern: String,
    pub(super) categories: Vec<Uuid>,
    /// Whether the text is part of the word "transfer" (which then matches transfer legs).
    pub(super) transfers: bool,
}

pub(super) fn resolve_search(conn: &mut PgConnection, scope: Scope, text: &str) -> Result<Search, RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let pattern = format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let categories: Vec<Id> = query(sql!("SELECT id FROM categories WHERE household_id = $1 AND name ILIKE $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Text, _>(&pattern)
        .load(conn)
        .or_repo()?;
    Ok(Search {
        pattern,
        categories: categories.into_iter().map(|c| c.id).collect(),
        transfers: "transfer".contains(&text.to_lowercase()),
    })
}
