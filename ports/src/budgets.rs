//! Monthly budgets, month finalisation and budget analytics. The figures come from
//! `domain::budgets`; this module loads, checks permissions and stores.

use std::sync::Arc;

use async_trait::async_trait;
use domain::budgets::{
    analytics, computed_month, figures, limits_in, parse_limit, range_months, BudgetAnalytics, BudgetFigures,
    BudgetMonth, LimitChange, MonthSource,
};
use domain::categories::CategoryId;
use domain::dates::CalendarMonth;
use domain::ids::BudgetId;
use domain::transactions::TransactionType;
use domain::validation::months_range;
use domain::{Money, Role, Scope, User, ValidationError};
use uuid::Uuid;

use crate::ledger::{Category, CategoryRepository};
use crate::users::UserRepository;
use crate::{Clock, RepoError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    pub id: BudgetId,
    pub category: Category,
    pub limit: Money,
}

/// A category's net expenses in a month (refunds already subtracted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorySpending {
    pub month: CalendarMonth,
    pub category_id: CategoryId,
    pub name: String,
    pub color: String,
    pub net: Money,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BudgetRepository: Send + Sync {
    /// The household's budgets with their categories, by category name.
    async fn list(&self, scope: Scope) -> Result<Vec<Budget>, RepoError>;
    /// Sets the limit of the household's budget for the category, creating it when there is none, and
    /// records that the limit applies from `month` on.
    async fn upsert(
        &self,
        scope: Scope,
        category: CategoryId,
        limit: Money,
        month: CalendarMonth,
    ) -> Result<Budget, RepoError>;
    /// Removes a budget (never a transaction) and records that from `month` on there is none;
    /// `NotFound` for an unknown or foreign id.
    async fn delete(&self, scope: Scope, id: BudgetId, month: CalendarMonth) -> Result<(), RepoError>;
    /// Every change of the household's budget limits made in a month before `before`.
    async fn limit_history(&self, scope: Scope, before: CalendarMonth) -> Result<Vec<LimitChange>, RepoError>;
    /// Net expenses (expenses minus refunds, transfers and declined left out) per spending
    /// category (income categories left out) and month for the months in `[from, to)`.
    async fn spending(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<CategorySpending>, RepoError>;
    /// The household's finalised months in `[from, to)`.
    async fn snapshots(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<BudgetMonth>, RepoError>;
    /// Stores the month's snapshot, replacing an earlier one of the same user and month.
    async fn save_snapshot(&self, scope: Scope, month: BudgetMonth) -> Result<(), RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum BudgetError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("Access denied. Superadmin privileges required.")]
    Forbidden,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl BudgetError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> BudgetError {
        move |e| e.or_not_found(|| BudgetError::NotFound(what))
    }
}

/// A budget with this month's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetView {
    pub budget: Budget,
    pub figures: BudgetFigures,
}

#[derive(Clone)]
pub struct BudgetService {
    budgets: Arc<dyn BudgetRepository>,
    categories: Arc<dyn CategoryRepository>,
    users: Arc<dyn UserRepository>,
    clock: Arc<dyn Clock>,
}

impl BudgetService {
    pub fn new(
        budgets: Arc<dyn BudgetRepository>,
        categories: Arc<dyn CategoryRepository>,
        users: Arc<dyn UserRepository>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { budgets, categories, users, clock }
    }

    fn current_month(&self) -> CalendarMonth {
        CalendarMonth::current(self.clock.now())
    }

    /// The budgets with this London month's spending, and the month.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope) -> Result<(Vec<BudgetView>, CalendarMonth), BudgetError> {
        let month = self.current_month();
        let budgets = self.budgets.list(scope).await.map_err(BudgetError::from_repo("Budget"))?;
        let spending =
            self.budgets.spending(scope, month, month.next()).await.map_err(BudgetError::from_repo("Budget"))?;
        let views = budgets
            .into_iter()
            .map(|b| {
                let net = spending.iter().find(|s| s.category_id == b.category.id).map_or(Money::ZERO, |s| s.net);
                BudgetView { figures: figures(Some(b.limit), net), budget: b }
            })
            .collect();
        Ok((views, month))
    }

    /// Sets (or updates) the limit of an expense category of the household's.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn set(&self, scope: Scope, category: &str, limit: Option<&str>) -> Result<BudgetView, BudgetError> {
        let category = category.trim();
        if category.is_empty() {
            return Err(ValidationError::new("categoryId", "Category is required").into());
        }
        let limit = parse_limit(limit)?;
        let id = CategoryId(Uuid::parse_str(category).map_err(|_| BudgetError::NotFound("Category"))?);
        let category = self.categories.get(scope, id).await.map_err(BudgetError::from_repo("Category"))?;
        if category.kind == TransactionType::Income {
            return Err(ValidationError::new("categoryId", "Income categories cannot have a budget").into());
        }
        self.budgets
            .upsert(scope, id, limit, self.current_month())
            .await
            .map_err(BudgetError::from_repo("Category"))?;
        let (views, _) = self.list(scope).await?;
        views.into_iter().find(|v| v.budget.category.id == id).ok_or(BudgetError::NotFound("Budget"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn remove(&self, scope: Scope, id: BudgetId) -> Result<(), BudgetError> {
        self.budgets.delete(scope, id, self.current_month()).await.map_err(BudgetError::from_repo("Budget"))
    }

    /// Months as computed now: each month's limits (those of its time) against its spending
    /// (two queries whatever the number of months).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn compute(&self, scope: Scope, months: &[CalendarMonth]) -> Result<Vec<BudgetMonth>, BudgetError> {
        let (Some(first), Some(last)) = (months.first(), months.last()) else { return Ok(vec![]) };
        let history = self.budgets.limit_history(scope, last.next()).await.map_err(BudgetError::from_repo("Budget"))?;
        let spending =
            self.budgets.spending(scope, *first, last.next()).await.map_err(BudgetError::from_repo("Budget"))?;
        Ok(months
            .iter()
            .map(|month| {
                let spent: Vec<_> = spending
                    .iter()
                    .filter(|s| s.month == *month)
                    .map(|s| (s.category_id, s.name.clone(), s.color.clone(), s.net))
                    .collect();
                computed_month(*month, &limits_in(*month, &history), &spent)
            })
            .collect())
    }

    /// Stores the snapshot of `target`'s month (superadmins only). A future month is refused;
    /// finalising again replaces the snapshot.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn finalize(
        &self,
        actor: &User,
        target: Scope,
        year: i64,
        month: i64,
    ) -> Result<BudgetMonth, BudgetError> {
        if actor.role != Role::Superadmin {
            return Err(BudgetError::Forbidden);
        }
        let month = u32::try_from(month)
            .ok()
            .filter(|m| (1..=12).contains(m))
            .ok_or_else(|| ValidationError::new("month", "Month must be between 1 and 12"))?;
        let first = i32::try_from(year)
            .ok()
            .filter(|y| *y >= 2000)
            .and_then(|y| CalendarMonth::new(y, month))
            .ok_or_else(|| ValidationError::new("year", "Year must be 2000 or later"))?;
        if first > self.current_month() {
            return Err(ValidationError::new("month", "Cannot finalise a future month").into());
        }
        self.users.find_by_id(target.member).await.map_err(BudgetError::from_repo("User"))?;
        let mut snapshot = self.compute(target, &[first]).await?.remove(0);
        snapshot.source = MonthSource::Snapshot;
        self.budgets.save_snapshot(target, snapshot.clone()).await.map_err(BudgetError::from_repo("User"))?;
        Ok(snapshot)
    }

    /// The last `months` months (3, 6 or 12, as the query sends it; 6 when absent) ending with
    /// this one: finalised months from their snapshots, the others computed with the limits of
    /// their time.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn analytics(&self, scope: Scope, months: Option<&str>) -> Result<BudgetAnalytics, BudgetError> {
        let months = months_range(months, &[3, 6, 12], "Months must be 3, 6 or 12")?;
        let current = self.current_month();
        let range = range_months(current, months);
        let snapshots =
            self.budgets.snapshots(scope, range[0], current.next()).await.map_err(BudgetError::from_repo("Budget"))?;
        let computed = self.compute(scope, &range).await?;
        let months =
            computed.into_iter().map(|c| snapshots.iter().find(|s| s.month == c.month).cloned().unwrap_or(c)).collect();
        Ok(analytics(months))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MockClock;
    use crate::ledger::MockCategoryRepository;
    use crate::users::MockUserRepository;
    use chrono::{TimeZone, Utc};
    use domain::UserId;

    fn user(role: Role) -> User {
        User {
            id: UserId(Uuid::from_u128(1)),
            name: domain::PersonName::parse("Ada Admin").unwrap(),
            email: domain::Email::parse("ada@example.com").unwrap(),
            role,
            is_active: true,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: Utc::now(),
        }
    }

    fn service(budgets: MockBudgetRepository, users: MockUserRepository) -> BudgetService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap()); // 1 July in London
        BudgetService::new(Arc::new(budgets), Arc::new(MockCategoryRepository::new()), Arc::new(users), Arc::new(clock))
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn only_a_superadmin_may_finalise_and_nothing_is_read_otherwise() {
        let mut budgets = MockBudgetRepository::new();
        budgets.expect_save_snapshot().never();
        budgets.expect_list().never();
        let err = service(budgets, MockUserRepository::new())
            .finalize(&user(Role::User), Scope::solo(UserId(Uuid::from_u128(2))), 2026, 6)
            .await;
        assert!(matches!(err, Err(BudgetError::Forbidden)));
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn the_london_month_is_the_current_one_and_the_next_is_future() {
        let mut budgets = MockBudgetRepository::new();
        budgets.expect_save_snapshot().times(1).returning(|_, m| {
            assert_eq!(m.source, MonthSource::Snapshot);
            assert_eq!(m.month, CalendarMonth::new(2026, 7).unwrap());
            Ok(())
        });
        budgets.expect_limit_history().returning(|_, _| Ok(vec![]));
        budgets.expect_spending().returning(|_, _, _| Ok(vec![]));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(user(Role::User)));
        let s = service(budgets, users);
        let admin = user(Role::Superadmin);
        s.finalize(&admin, Scope::solo(UserId(Uuid::from_u128(2))), 2026, 7).await.unwrap();
        let future = s.finalize(&admin, Scope::solo(UserId(Uuid::from_u128(2))), 2026, 8).await.unwrap_err();
        assert_eq!(future.to_string(), "Cannot finalise a future month");
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn analytics_prefers_snapshots_and_reads_spending_once() {
        let mut budgets = MockBudgetRepository::new();
        let june = CalendarMonth::new(2026, 6).unwrap();
        budgets.expect_snapshots().returning(move |_, _, _| {
            Ok(vec![BudgetMonth { month: june, source: MonthSource::Snapshot, categories: vec![] }])
        });
        budgets.expect_limit_history().times(1).returning(|_, _| Ok(vec![]));
        budgets.expect_spending().times(1).returning(|_, _, _| Ok(vec![]));
        let a = service(budgets, MockUserRepository::new())
            .analytics(Scope::solo(UserId(Uuid::from_u128(1))), Some("3"))
            .await
            .unwrap();
        let sources: Vec<_> = a.months.iter().map(|m| m.source).collect();
        assert_eq!(sources, vec![MonthSource::Computed, MonthSource::Snapshot, MonthSource::Computed]);
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn each_month_is_judged_by_the_limit_of_its_time() {
        let groceries = CategoryId(Uuid::from_u128(7));
        let month = |m| CalendarMonth::new(2026, m).unwrap();
        let mut budgets = MockBudgetRepository::new();
        budgets.expect_snapshots().returning(|_, _, _| Ok(vec![]));
        budgets.expect_limit_history().withf(move |_, before| *before == month(8)).returning(move |_, _| {
            Ok(vec![LimitChange {
                category_id: groceries,
                name: "Groceries".into(),
                color: "#4CAF50".into(),
                from: month(6), // set in June, after May's spending
                limit: Some(Money::from_pence(10_000)),
            }])
        });
        budgets.expect_spending().returning(move |_, _, _| {
            Ok([5, 6, 7]
                .into_iter()
                .map(|m| CategorySpending {
                    month: month(m),
                    category_id: groceries,
                    name: "Groceries".into(),
                    color: "#4CAF50".into(),
                    net: Money::from_pence(12_000),
                })
                .collect())
        });
        let a = service(budgets, MockUserRepository::new())
            .analytics(Scope::solo(UserId(Uuid::from_u128(1))), Some("3"))
            .await
            .unwrap();
        let budgeted: Vec<_> = a.months.iter().map(|m| m.categories[0].budgeted).collect();
        assert_eq!(budgeted, vec![None, Some(Money::from_pence(10_000)), Some(Money::from_pence(10_000))]);
        assert_eq!(a.months[0].categories[0].status, domain::budgets::BudgetStatus::NoBudget);
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_limit_applies_from_the_london_month_it_is_set() {
        let mut categories = MockCategoryRepository::new();
        categories.expect_get().returning(|_, id| {
            Ok(Category {
                id,
                name: "Groceries".into(),
                description: String::new(),
                color: "#4CAF50".into(),
                icon: "cart".into(),
                kind: TransactionType::Expense,
                tax_treatment: None,
                is_default: true,
                created_at: Utc::now(),
            })
        });
        let mut budgets = MockBudgetRepository::new();
        budgets
            .expect_upsert()
            .withf(|_, _, limit, month| {
                *limit == Money::from_pence(25_000) && *month == CalendarMonth::new(2026, 7).unwrap()
            })
            .times(1)
            .returning(|_, _, _, _| Err(RepoError::NotFound));
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap());
        let s = BudgetService::new(
            Arc::new(budgets),
            Arc::new(categories),
            Arc::new(MockUserRepository::new()),
            Arc::new(clock),
        );
        let err = s
            .set(Scope::solo(UserId(Uuid::from_u128(1))), &Uuid::from_u128(7).to_string(), Some("250"))
            .await
            .unwrap_err();
        assert!(matches!(err, BudgetError::NotFound("Category")));
    }
}
