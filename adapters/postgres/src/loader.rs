//! Bulk loading for seeds and load tests: rows are prepared in memory with their entry order
//! and month balances, inserted with `UNNEST` in large batches, and the month totals are
//! added with one grouped insert at the end. One database transaction for the whole plan.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::categories::{default_categories, CategoryDraft};
use domain::dates::CalendarMonth;
use domain::ids::HouseholdId;
use domain::recurring::{next_due, Frequency};
use domain::transactions::TransactionStatus;
use domain::{Scope, UserId};
use ports::demo::{
    DemoBudget, DemoGoal, DemoItem, DemoKind, DemoPlan, DemoSplit, DemoTag, DemoTaxCategory, DemoTemplate,
    LedgerLoader, LoadReport,
};
use ports::RepoError;
use uuid::Uuid;

use crate::categories::insert_categories;
use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::transactions::counts;
use crate::Database;

const BATCH: usize = 10_000;

#[derive(Default)]
struct Columns {
    id: Vec<Uuid>,
    account: Vec<Uuid>,
    category: Vec<Option<Uuid>>,
    seq: Vec<i64>,
    amount: Vec<i64>,
    kind: Vec<&'static str>,
    description: Vec<String>,
    date: Vec<NaiveDate>,
    status: Vec<&'static str>,
    is_transfer: Vec<bool>,
    peer: Vec<Option<Uuid>>,
    month_balance: Vec<i64>,
}

impl Columns {
    fn len(&self) -> usize {
        self.id.len()
    }
}

pub struct PgLedgerLoader {
    db: Database,
}

impl PgLedgerLoader {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn categories_by_name(
    conn: &mut PgConnection,
    household: Uuid,
    marked: &[DemoTaxCategory],
) -> QueryResult<HashMap<String, Uuid>> {
    insert_categories(conn, household, &default_categories(), true)?;
    let drafts: Vec<CategoryDraft> = marked
        .iter()
        .map(|m| CategoryDraft {
            name: m.name.into(),
            description: String::new(),
            color: "#009688".into(),
            icon: "briefcase".into(),
            kind: m.kind,
            tax_treatment: None,
        })
        .collect();
    insert_categories(conn, household, &drafts, false)?;
    for m in marked {
        query(sql!(
            "UPDATE categories SET tax_treatment = $3
             WHERE household_id = $1 AND lower(name) = lower($2)
               AND kind = CASE $3 WHEN 'income' THEN 'income' ELSE 'expense' END"
        ))
        .bind::<SqlUuid, _>(household)
        .bind::<Text, _>(m.name)
        .bind::<Text, _>(m.treatment.as_str())
        .execute(conn)?;
    }
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
    }
    let rows: Vec<Row> = query(sql!("SELECT id, name FROM categories WHERE household_id = $1"))
        .bind::<SqlUuid, _>(household)
        .load(conn)?;
    Ok(rows.into_iter().map(|r| (r.name.to_lowercase(), r.id)).collect())
}

fn load_plan(conn: &mut PgConnection, scope: Scope, plan: &DemoPlan) -> QueryResult<LoadReport> {
    let (household, member) = (scope.household.0, scope.member.0);
    if plan.bank_access {
        query(sql!("UPDATE users SET can_connect_bank = true WHERE id = $1"))
            .bind::<SqlUuid, _>(member)
            .execute(conn)?;
    }
    let categories = categories_by_name(conn, household, &plan.tax_categories)?;
    let mut accounts = Vec::with_capacity(plan.accounts.len());
    for a in &plan.accounts {
        let id = Uuid::now_v7();
        query(sql!(
            "INSERT INTO accounts (id, household_id, name, type, initial_balance, credit_limit, owner_id)
                  VALUES ($1, $2, $3, $4, $5, $6, $7)"
        ))
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(household)
        .bind::<Text, _>(a.name)
        .bind::<Text, _>(a.account_type.as_str())
        .bind::<BigInt, _>(a.initial_balance.pence())
        .bind::<Nullable<BigInt>, _>(a.credit_limit.map(|m| m.pence()))
        .bind::<SqlUuid, _>(member)
        .execute(conn)?;
        accounts.push(id);
    }

    let rows_needed: i64 =
        plan.entries.iter().map(|e| if matches!(e.kind, DemoKind::Transfer { .. }) { 2 } else { 1 }).sum();
    #[derive(QueryableByName)]
    struct Seq {
        #[diesel(sql_type = BigInt)]
        first: i64,
    }
    let first_seq = if rows_needed == 0 {
        0
    } else {
        query(sql!("SELECT setval('transactions_seq', nextval('transactions_seq') + $1 - 1) - $1 + 1 AS first"))
            .bind::<BigInt, _>(rows_needed)
            .get_result::<Seq>(conn)?
            .first
    };

    let mut cols = Columns::default();
    let mut running: HashMap<(Uuid, CalendarMonth), i64> = HashMap::new();
    let mut seq = first_seq;
    let mut push = |cols: &mut Columns,
                    id: Uuid,
                    account: Uuid,
                    category: Option<Uuid>,
                    amount: i64,
                    description: &str,
                    date: NaiveDate,
                    declined: bool,
                    peer: Option<Uuid>| {
        let status = if declined { TransactionStatus::Declined } else { TransactionStatus::Completed };
        let counted = if status.counts() { amount } else { 0 };
        let balance = running.entry((account, CalendarMonth::of(date))).or_insert(0);
        *balance += counted;
        cols.id.push(id);
        cols.account.push(account);
        cols.category.push(category);
        cols.seq.push(seq);
        seq += 1;
        cols.amount.push(amount);
        cols.kind.push(if amount > 0 { "income" } else { "expense" });
        cols.description.push(description.to_owned());
        cols.date.push(date);
        cols.status.push(status.as_str());
        cols.is_transfer.push(peer.is_some());
        cols.peer.push(peer);
        cols.month_balance.push(*balance);
    };
    for e in &plan.entries {
        let account = accounts[e.account];
        match &e.kind {
            DemoKind::Transaction { category, amount, declined } => {
                let category = categories.get(&category.to_lowercase()).copied();
                push(
                    &mut cols,
                    Uuid::now_v7(),
                    account,
                    category,
                    amount.pence(),
                    &e.description,
                    e.date,
                    *declined,
                    None,
                );
            }
            DemoKind::Transfer { to, amount } => {
                let (out_id, in_id) = (Uuid::now_v7(), Uuid::now_v7());
                push(&mut cols, out_id, account, None, -amount.pence(), &e.description, e.date, false, Some(in_id));
                push(
                    &mut cols,
                    in_id,
                    accounts[*to],
                    None,
                    amount.pence(),
                    &e.description,
                    e.date,
                    false,
                    Some(out_id),
                );
            }
        }
    }

    let total = cols.len();
    for start in (0..total).step_by(BATCH) {
        let end = (start + BATCH).min(total);
        query(
            sql!("INSERT INTO transactions (id, household_id, account_id, category_id, seq, amount, type, description, date,
                                       status, is_transfer, transfer_peer, month_balance, created_by)
             SELECT id, $1, account_id, category_id, seq, amount, type, description, date, status, is_transfer,
                    transfer_peer, month_balance, $14
             FROM UNNEST($2::uuid[], $3::uuid[], $4::uuid[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::date[],
                         $10::text[], $11::bool[], $12::uuid[], $13::bigint[])
                  AS r(id, account_id, category_id, seq, amount, type, description, date, status, is_transfer,
                       transfer_peer, month_balance)"),
        )
        .bind::<SqlUuid, _>(household)
        .bind::<Array<SqlUuid>, _>(&cols.id[start..end])
        .bind::<Array<SqlUuid>, _>(&cols.account[start..end])
        .bind::<Array<Nullable<SqlUuid>>, _>(&cols.category[start..end])
        .bind::<Array<BigInt>, _>(&cols.seq[start..end])
        .bind::<Array<BigInt>, _>(&cols.amount[start..end])
        .bind::<Array<Text>, _>(&cols.kind[start..end])
        .bind::<Array<Text>, _>(&cols.description[start..end])
        .bind::<Array<Date>, _>(&cols.date[start..end])
        .bind::<Array<Text>, _>(&cols.status[start..end])
        .bind::<Array<Bool>, _>(&cols.is_transfer[start..end])
        .bind::<Array<Nullable<SqlUuid>>, _>(&cols.peer[start..end])
        .bind::<Array<BigInt>, _>(&cols.month_balance[start..end])
        .bind::<SqlUuid, _>(member)
        .execute(conn)?;
    }

    for split in &plan.splits {
        load_split(conn, household, &categories, split)?;
    }
    query(sql!(
        "INSERT INTO ledger_month_totals (household_id, month, account_id, category_id, type, is_transfer, total,
                                          row_count, counted_count)
         SELECT t.household_id, date_trunc('month', t.date)::date, t.account_id, t.category_id, t.type, t.is_transfer,
                SUM(CASE WHEN ",
        counts!(),
        " THEN t.amount ELSE 0 END), SUM(t.n), COALESCE(SUM(t.n) FILTER (WHERE ",
        counts!(),
        "), 0)
         FROM ledger_lines t WHERE t.account_id = ANY($1)
         GROUP BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (household_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count,
                       counted_count = ledger_month_totals.counted_count + EXCLUDED.counted_count"
    ))
    .bind::<Array<SqlUuid>, _>(&accounts)
    .execute(conn)?;
    query(sql!(
        "INSERT INTO account_months (account_id, month, net)
         SELECT t.account_id, date_trunc('month', t.date)::date, SUM(CASE WHEN ",
        counts!(),
        " THEN t.amount ELSE 0 END)
         FROM transactions t WHERE t.account_id = ANY($1)
         GROUP BY 1, 2
         ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net"
    ))
    .bind::<Array<SqlUuid>, _>(&accounts)
    .execute(conn)?;
    let mut budgets: Vec<&DemoBudget> = plan.budgets.iter().collect();
    budgets.sort_by_key(|b| b.from);
    for budget in budgets {
        let Some(category) = categories.get(&budget.category.to_lowercase()).copied() else { continue };
        query(sql!(
            "INSERT INTO budgets (id, household_id, category_id, limit_pence) VALUES ($1, $2, $3, $4)
             ON CONFLICT (household_id, category_id) DO UPDATE SET limit_pence = EXCLUDED.limit_pence, updated_at = now()"
        ))
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(category)
        .bind::<BigInt, _>(budget.limit.pence())
        .execute(conn)?;
        query(sql!(
            "INSERT INTO budget_limits (household_id, category_id, from_month, limit_pence) VALUES ($1, $2, $3, $4)
             ON CONFLICT (household_id, category_id, from_month) DO UPDATE SET limit_pence = EXCLUDED.limit_pence"
        ))
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(category)
        .bind::<Date, _>(CalendarMonth::of(budget.from).first_day())
        .bind::<BigInt, _>(budget.limit.pence())
        .execute(conn)?;
    }
    for template in &plan.templates {
        load_template(conn, scope, &accounts, &categories, template, today_of(plan))?;
    }
    for goal in &plan.goals {
        load_goal(conn, household, goal)?;
    }
    for item in &plan.inventory {
        load_item(conn, household, item)?;
    }
    for tag in &plan.tags {
        load_tag(conn, household, tag)?;
    }
    Ok(LoadReport { accounts: accounts.len(), transactions: total })
}

/// Stores an inventory item and applies the restocking rule to it as the app's writes do: one
/// below its need goes on the shopping list.
fn load_item(conn: &mut PgConnection, household: Uuid, item: &DemoItem) -> QueryResult<()> {
    let id = Uuid::now_v7();
    query(sql!(
        "INSERT INTO inventory_items (id, household_id, name, category, brand, current_stock, default_needed, last_price,
                                      preferred_store, unit, expiry_date, item_type, location_in_house)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(item.name)
    .bind::<Text, _>(item.category)
    .bind::<Text, _>(item.brand)
    .bind::<BigInt, _>(item.stock)
    .bind::<BigInt, _>(item.needed)
    .bind::<BigInt, _>(item.price.pence())
    .bind::<Text, _>(item.store)
    .bind::<Text, _>(item.unit)
    .bind::<Nullable<Date>, _>(item.expiry)
    .bind::<Text, _>(item.item_type)
    .bind::<Text, _>(item.location)
    .execute(conn)?;
    crate::inventory::apply_restock(conn, household, id, domain::inventory::restock(item.needed, item.stock))
}

/// Stores a tag (kept when the household has one of that name) and puts it on the household's
/// transactions (not transfers) with one of its descriptions, from its first day on.
fn load_tag(conn: &mut PgConnection, household: Uuid, tag: &DemoTag) -> QueryResult<()> {
    query(sql!(
        "INSERT INTO tags (id, household_id, name, color) VALUES ($1, $2, $3, $4)
         ON CONFLICT (household_id, lower(name)) DO NOTHING"
    ))
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(tag.name)
    .bind::<Text, _>(tag.color)
    .execute(conn)?;
    query(sql!(
        "INSERT INTO transaction_tags (household_id, transaction_id, tag_id)
         SELECT $1, t.id, g.id FROM transactions t
         JOIN tags g ON g.household_id = $1 AND lower(g.name) = lower($2)
         WHERE t.household_id = $1 AND NOT t.is_transfer AND t.description = ANY($3) AND t.date >= $4
         ON CONFLICT DO NOTHING"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(tag.name)
    .bind::<Array<Text>, _>(tag.descriptions.to_vec())
    .bind::<Date, _>(tag.from)
    .execute(conn)?;
    Ok(())
}

/// Splits the household's expenses described as the split says (from its first day on, £1 or
/// more) into its parts, before the month totals are added up from the ledger's lines. A part's
/// amount is the difference of the running shares, so the parts add up to the penny.
fn load_split(
    conn: &mut PgConnection,
    household: Uuid,
    categories: &HashMap<String, Uuid>,
    split: &DemoSplit,
) -> QueryResult<()> {
    let mut ids = Vec::new();
    let (mut before, mut upto) = (Vec::new(), Vec::new());
    let mut running = 0;
    for (name, permille) in split.parts {
        let Some(id) = categories.get(&name.to_lowercase()) else { return Ok(()) };
        ids.push(*id);
        before.push(running);
        running += permille;
        upto.push(running);
    }
    let firsts =
        domain::splits::first_of_each(&ids.iter().map(|id| domain::categories::CategoryId(*id)).collect::<Vec<_>>());
    let distinct = firsts.iter().filter(|f| **f).count() as i16;
    query(sql!(
        "WITH chosen AS (SELECT t.id, t.amount FROM transactions t
                         WHERE t.household_id = $1 AND NOT t.is_transfer AND t.type = 'expense' AND t.description = $2
                           AND t.date >= $3 AND t.amount <= -100 AND NOT t.is_split),
              parts AS (INSERT INTO transaction_splits (id, household_id, transaction_id, position, category_id, amount,
                                                        first_in_category)
                        SELECT gen_random_uuid(), $1, c.id, (s.position - 1)::smallint, s.category_id,
                               c.amount * s.upto / 1000 - c.amount * s.before / 1000, s.first
                        FROM chosen c CROSS JOIN unnest($4::uuid[], $5::bigint[], $6::bigint[], $7::bool[])
                             WITH ORDINALITY AS s(category_id, before, upto, first, position))
         UPDATE transactions t SET is_split = true, split_categories = $8, category_id = NULL FROM chosen c WHERE t.id = c.id"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(split.description)
    .bind::<Date, _>(split.from)
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<BigInt>, _>(&before)
    .bind::<Array<BigInt>, _>(&upto)
    .bind::<Array<Bool>, _>(&firsts)
    .bind::<diesel::sql_types::SmallInt, _>(distinct)
    .execute(conn)?;
    Ok(())
}

/// Stores a goal and its contributions; it is completed at noon on the day they reach its target.
fn load_goal(conn: &mut PgConnection, household: Uuid, goal: &DemoGoal) -> QueryResult<()> {
    let id = Uuid::now_v7();
    let (icon, color) = goal.category.preset();
    let mut saved = 0;
    let mut completed_on = None;
    for (day, amount, _, _) in &goal.contributions {
        saved += amount.pence();
        if completed_on.is_none() && saved >= goal.target.pence() {
            completed_on = Some(*day);
        }
    }
    let completed_at = completed_on.map(|d| d.and_hms_opt(12, 0, 0).expect("noon").and_utc());
    query(sql!(
        "INSERT INTO goals (id, household_id, name, description, target_amount, current_amount, target_date, category, icon,
                            color, completed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(goal.name)
    .bind::<Text, _>(goal.description)
    .bind::<BigInt, _>(goal.target.pence())
    .bind::<BigInt, _>(saved)
    .bind::<Date, _>(goal.target_date)
    .bind::<Text, _>(goal.category.as_str())
    .bind::<Text, _>(icon)
    .bind::<Text, _>(color)
    .bind::<Nullable<Timestamptz>, _>(completed_at)
    .bind::<Timestamptz, _>(
        goal.contributions.first().map_or_else(chrono::Utc::now, |c| c.0.and_hms_opt(9, 0, 0).expect("nine").and_utc()),
    )
    .execute(conn)?;
    for (day, amount, source, description) in &goal.contributions {
        query(sql!(
            "INSERT INTO goal_contributions (id, household_id, goal_id, amount, day, description, source)
             VALUES ($1, $2, $3, $4, $5, $6, $7)"
        ))
        .bind::<SqlUuid, _>(Uuid::now_v7())
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(id)
        .bind::<BigInt, _>(amount.pence())
        .bind::<Date, _>(*day)
        .bind::<Text, _>(*description)
        .bind::<Text, _>(source.as_str())
        .execute(conn)?;
    }
    Ok(())
}

/// The plan's last day: templates are due from the day after it.
fn today_of(plan: &DemoPlan) -> NaiveDate {
    plan.entries.iter().map(|e| e.date).max().unwrap_or(NaiveDate::MIN)
}

/// Stores a template and links the plan's matching entries to it as its occurrences; its next
/// due day is the first after the plan's last day.
fn load_template(
    conn: &mut PgConnection,
    scope: Scope,
    accounts: &[Uuid],
    categories: &HashMap<String, Uuid>,
    t: &DemoTemplate,
    last_day: NaiveDate,
) -> QueryResult<()> {
    let (id, household) = (Uuid::now_v7(), scope.household.0);
    let (kind, amount, category, to_account) = match &t.kind {
        DemoKind::Transaction { category, amount, .. } => (
            if amount.is_negative() { "expense" } else { "income" },
            amount.abs().pence(),
            categories.get(&category.to_lowercase()).copied(),
            None,
        ),
        DemoKind::Transfer { to, amount } => ("transfer", amount.pence(), None, Some(accounts[*to])),
    };
    let account = accounts[t.account];
    query(
        sql!("INSERT INTO recurring_templates (id, household_id, kind, amount, description, category_id, account_id, to_account_id,
                                          frequency, start_date, anchor, next_due, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'monthly', $9, $9, $9, $10)"),
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(kind)
    .bind::<BigInt, _>(amount)
    .bind::<Text, _>(t.description)
    .bind::<Nullable<SqlUuid>, _>(category)
    .bind::<SqlUuid, _>(account)
    .bind::<Nullable<SqlUuid>, _>(to_account)
    .bind::<Date, _>(t.start)
    .bind::<SqlUuid, _>(scope.member.0)
    .execute(conn)?;
    query(sql!(
        "UPDATE transactions SET recurring_id = $1
         WHERE household_id = $2 AND description = $3 AND recurring_id IS NULL
           AND (account_id = $4 OR (is_transfer AND account_id = $5))"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
    .bind::<Text, _>(t.description)
    .bind::<SqlUuid, _>(account)
    .bind::<SqlUuid, _>(to_account.unwrap_or(account))
    .execute(conn)?;
    query(sql!(
        "INSERT INTO recurring_occurrences (household_id, template_id, due)
         SELECT DISTINCT household_id, recurring_id, date FROM transactions WHERE household_id = $1 AND recurring_id = $2"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id)
    .execute(conn)?;
    // The first occurrence after the plan's last day: the scheduler takes over from there.
    let mut next = t.start;
    while next <= last_day {
        match next_due(t.start, Frequency::Monthly, next) {
            Some(n) => next = n,
            None => break,
        }
    }
    query(sql!("UPDATE recurring_templates SET next_due = $2 WHERE id = $1"))
        .bind::<SqlUuid, _>(id)
        .bind::<Date, _>(next)
        .execute(conn)?;
    Ok(())
}

#[async_trait]
impl LedgerLoader for PgLedgerLoader {
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %member))]
    async fn load(&self, member: UserId, plan: DemoPlan) -> Result<LoadReport, RepoError> {
        self.db
            .write(move |conn| {
                let household = HouseholdId(crate::households::household_of(conn, member.0)?);
                load_plan(conn, Scope { household, member }, &plan).or_repo()
            })
            .await
    }
}
