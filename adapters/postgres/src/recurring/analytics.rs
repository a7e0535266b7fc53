//! What the templates made, month by month, and the finalised months' snapshots.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Text, Uuid as SqlUuid};
use domain::dates::CalendarMonth;
use domain::ids::RecurringTemplateId;
use domain::recurring_analytics::{CategoryLine, FlowKind, MadeByTemplate, MonthFlow, Source};
use domain::{Money, Scope};
use ports::recurring::RecurringSnapshot;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::transactions::counts;
use crate::visibility::on_seen_account;
use crate::Database;

use super::templates::corrupt;
use crate::statements::{query, sql, Sql};

fn flow_kind(raw: &str) -> Option<FlowKind> {
    match raw {
        "income" => Some(FlowKind::Income),
        "expense" => Some(FlowKind::Expense),
        "transfer" => Some(FlowKind::Transfer),
        _ => None,
    }
}

fn flow_kind_str(kind: FlowKind) -> &'static str {
    match kind {
        FlowKind::Income => "income",
        FlowKind::Expense => "expense",
        FlowKind::Transfer => "transfer",
    }
}

pub(super) async fn made_by_templates(
    db: &Database,
    scope: Scope,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<MadeByTemplate>, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Date)]
        month: NaiveDate,
        #[diesel(sql_type = SqlUuid)]
        recurring_id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = Text)]
        icon: String,
        #[diesel(sql_type = Text)]
        kind: String,
        #[diesel(sql_type = BigInt)]
        amount: i64,
    }
    let rows: Vec<Row> = db
        .run(move |conn| {
            query(sql!(
                "SELECT date_trunc('month', t.date)::date AS month, t.recurring_id,
                        COALESCE(c.name, 'Transfers') AS name, COALESCE(c.icon, 'arrow-left-right') AS icon,
                        CASE WHEN t.is_transfer THEN 'transfer' ELSE t.type END AS kind, SUM(abs(t.amount))::bigint AS amount
                 FROM ledger_lines t LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
                 WHERE t.household_id = $1 AND t.recurring_id IS NOT NULL AND t.date >= $2 AND t.date < $3
                   AND t.n >= 0 AND ",
                counts!(),
                " AND (NOT t.is_transfer OR t.amount < 0) AND ",
                on_seen_account!("t.account_id", "$1", "$4"),
                "
                 GROUP BY t.id, t.date, t.seq, t.recurring_id, c.id, c.name, c.icon, t.is_transfer, t.type
                 ORDER BY t.date, t.seq"
            ))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(from)
            .bind::<Date, _>(to)
            .bind::<SqlUuid, _>(scope.member.0)
            .load(conn)
            .or_repo()
        })
        .await?;
    rows.into_iter()
        .map(|r| {
            Ok(MadeByTemplate {
                month: CalendarMonth::of(r.month),
                template_id: RecurringTemplateId(r.recurring_id),
                category: (r.name, r.icon),
                kind: flow_kind(&r.kind).ok_or_else(|| corrupt(r.recurring_id, "transaction kind"))?,
                amount: Money::from_pence(r.amount),
            })
        })
        .collect()
}

pub(super) async fn snapshots(
    db: &Database,
    scope: Scope,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<RecurringSnapshot>, RepoError> {
    #[derive(QueryableByName)]
    struct Head {
        #[diesel(sql_type = Date)]
        month: NaiveDate,
        #[diesel(sql_type = BigInt)]
        income: i64,
        #[diesel(sql_type = BigInt)]
        expenses: i64,
    }
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = Date)]
        month: NaiveDate,
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = Text)]
        icon: String,
        #[diesel(sql_type = Text)]
        kind: String,
        #[diesel(sql_type = BigInt)]
        amount: i64,
        #[diesel(sql_type = BigInt)]
        count: i64,
    }
    #[derive(QueryableByName)]
    struct TemplateLine {
        #[diesel(sql_type = Date)]
        month: NaiveDate,
        #[diesel(sql_type = SqlUuid)]
        template_id: Uuid,
        #[diesel(sql_type = BigInt)]
        template_amount: i64,
        #[diesel(sql_type = BigInt)]
        actual_amount: i64,
    }
    db.read_snapshot(move |conn| {
        let bind =
            |sql: Sql| query(sql).bind::<SqlUuid, _>(scope.household.0).bind::<Date, _>(from).bind::<Date, _>(to);
        let heads: Vec<Head> = bind(sql!(
            "SELECT month, income, expenses FROM recurring_snapshots
             WHERE household_id = $1 AND month >= $2 AND month < $3 ORDER BY month"
        ))
        .load(conn)
        .or_repo()?;
        let lines: Vec<Line> = bind(sql!(
            "SELECT month, name, icon, kind, amount, count FROM recurring_snapshot_lines
             WHERE household_id = $1 AND month >= $2 AND month < $3 ORDER BY month, position"
        ))
        .load(conn)
        .or_repo()?;
        let templates: Vec<TemplateLine> = bind(sql!(
            "SELECT month, template_id, template_amount, actual_amount FROM recurring_snapshot_templates
             WHERE household_id = $1 AND month >= $2 AND month < $3"
        ))
        .load(conn)
        .or_repo()?;
        heads
            .into_iter()
            .map(|h| {
                let categories = lines
                    .iter()
                    .filter(|l| l.month == h.month)
                    .map(|l| {
                        Ok(CategoryLine {
                            name: l.name.clone(),
                            icon: l.icon.clone(),
                            kind: flow_kind(&l.kind).ok_or_else(|| corrupt(scope.household.0, "snapshot line kind"))?,
                            amount: Money::from_pence(l.amount),
                            count: l.count,
                        })
                    })
                    .collect::<Result<Vec<_>, RepoError>>()?;
                Ok(RecurringSnapshot {
                    flow: MonthFlow {
                        month: CalendarMonth::of(h.month),
                        income: Money::from_pence(h.income),
                        expenses: Money::from_pence(h.expenses),
                        source: Source::Snapshot,
                        categories,
                    },
                    templates: templates
                        .iter()
                        .filter(|t| t.month == h.month)
                        .map(|t| {
                            (
                                RecurringTemplateId(t.template_id),
                                Money::from_pence(t.template_amount),
                                Money::from_pence(t.actual_amount),
                            )
                        })
                        .collect(),
                })
            })
            .collect()
    })
    .await
}

pub(super) async fn save_snapshot(db: &Database, scope: Scope, snapshot: RecurringSnapshot) -> Result<(), RepoError> {
    db.write(move |conn| {
        let month = snapshot.flow.month.first_day();
        query(sql!("DELETE FROM recurring_snapshots WHERE household_id = $1 AND month = $2"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(month)
            .execute(conn)
            .or_repo()?;
        query(sql!("INSERT INTO recurring_snapshots (household_id, month, income, expenses) VALUES ($1, $2, $3, $4)"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(month)
            .bind::<BigInt, _>(snapshot.flow.income.pence())
            .bind::<BigInt, _>(snapshot.flow.expenses.pence())
            .execute(conn)
            .or_repo()?;
        for (position, line) in snapshot.flow.categories.iter().enumerate() {
            query(sql!(
                "INSERT INTO recurring_snapshot_lines (household_id, month, position, name, icon, kind, amount, count)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            ))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(month)
            .bind::<diesel::sql_types::Integer, _>(position as i32)
            .bind::<Text, _>(&line.name)
            .bind::<Text, _>(&line.icon)
            .bind::<Text, _>(flow_kind_str(line.kind))
            .bind::<BigInt, _>(line.amount.pence())
            .bind::<BigInt, _>(line.count)
            .execute(conn)
            .or_repo()?;
        }
        for (template, amount, actual) in &snapshot.templates {
            query(sql!(
                "INSERT INTO recurring_snapshot_templates (household_id, month, template_id, template_amount, actual_amount)
                 VALUES ($1, $2, $3, $4, $5)"
            ))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Date, _>(month)
            .bind::<SqlUuid, _>(template.0)
            .bind::<BigInt, _>(amount.pence())
            .bind::<BigInt, _>(actual.pence())
            .execute(conn)
            .or_repo()?;
        }
        Ok(())
    })
    .await
}
