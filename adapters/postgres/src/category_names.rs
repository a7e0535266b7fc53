//! The user's categories by name, for rows that arrive with a category name (bank syncs,
//! statement imports); `Uncategorised` is made when a row needs it.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{Text, Uuid as SqlUuid};
use domain::banking::{uncategorised, UNCATEGORISED};
use domain::Scope;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};

/// The user's categories by lower-cased name; `Uncategorised` is made when a row needs it.
pub(crate) struct Categories {
    by_name: HashMap<String, Uuid>,
}

impl Categories {
    pub(crate) fn load(conn: &mut PgConnection, scope: Scope) -> Result<Self, RepoError> {
        let rows = category_list(conn, scope)?;
        Ok(Self { by_name: rows.into_iter().map(|(id, name)| (name.to_lowercase(), id.0)).collect() })
    }

    pub(crate) fn id(&mut self, conn: &mut PgConnection, scope: Scope, name: &str) -> Result<Uuid, RepoError> {
        if let Some(id) =
            self.by_name.get(&name.to_lowercase()).or_else(|| self.by_name.get(&UNCATEGORISED.to_lowercase()))
        {
            return Ok(*id);
        }
        let draft = uncategorised();
        let id = Uuid::now_v7();
        query(sql!(
            "INSERT INTO categories (id, household_id, name, description, color, icon, kind, is_default)
             VALUES ($1, $2, $3, $4, $5, $6, $7, false)"
        ))
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Text, _>(&draft.name)
        .bind::<Text, _>(&draft.description)
        .bind::<Text, _>(&draft.color)
        .bind::<Text, _>(&draft.icon)
        .bind::<Text, _>(draft.kind.as_str())
        .execute(conn)
        .or_repo()?;
        self.by_name.insert(draft.name.to_lowercase(), id);
        Ok(id)
    }
}

/// The user's categories (id, name).
pub(crate) fn category_list(
    conn: &mut PgConnection,
    scope: Scope,
) -> Result<Vec<(domain::categories::CategoryId, String)>, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = Text)]
        name: String,
    }
    let rows: Vec<Row> = query(sql!("SELECT id, name FROM categories WHERE household_id = $1"))
        .bind::<SqlUuid, _>(scope.household.0)
        .load(conn)
        .or_repo()?;
    Ok(rows.into_iter().map(|r| (domain::categories::CategoryId(r.id), r.name)).collect())
}
