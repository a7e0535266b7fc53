pub mod accounts;
pub mod auth;
pub mod budgets;
pub mod categories;
pub mod health;
pub mod reports;
pub mod transactions;
pub mod users;
