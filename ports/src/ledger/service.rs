use std::sync::Arc;

use domain::accounts::{net_worth, AccountBalances, AccountDraft, AccountId, AccountInput};
use domain::categories::{CategoryDraft, CategoryId, CategoryInput};
use domain::dates::london_today;
use domain::transactions::{TransactionDraft, TransactionId, TransactionInput, TransferDraft, TransferInput};
use domain::{Money, Scope, ValidationError};

use super::repos::*;
use crate::tags::TagRepository;
use crate::{Clock, RepoError, UniqueField};

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    /// What was not found, in the words of the message: "Account not found".
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("Cannot delete an account that has transactions. The account must have no transactions to be deleted.")]
    AccountHasTransactions,
    #[error("A category with this name already exists")]
    CategoryNameTaken,
    #[error("Cannot delete category. It is being used by {count} transaction(s).")]
    CategoryInUse { count: i64 },
    #[error("Transfers cannot be edited")]
    TransferNotEditable,
    #[error("A transfer cannot be split")]
    TransferCannotBeSplit,
    #[error("Only the account's owner can change its visibility")]
    NotAccountOwner,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl LedgerError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> LedgerError {
        move |e| e.or_not_found(|| LedgerError::NotFound(what))
    }
}

/// An account with every figure the screens show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountView {
    pub account: domain::accounts::Account,
    pub balances: AccountBalances,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountsOverview {
    pub accounts: Vec<AccountView>,
    pub net_worth: Money,
}

/// The credit-account listing: the page plus the account's credit figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditAccountPage {
    pub page: TransactionPage,
    pub account: AccountView,
}

/// The ledger's use cases.
#[derive(Clone)]
pub struct LedgerService {
    accounts: Arc<dyn AccountRepository>,
    categories: Arc<dyn CategoryRepository>,
    transactions: Arc<dyn TransactionRepository>,
    tags: Arc<dyn TagRepository>,
    clock: Arc<dyn Clock>,
}

fn view(a: AccountWithTotals) -> AccountView {
    AccountView { balances: a.account.balances(a.totals), account: a.account }
}

impl LedgerService {
    pub fn new(
        accounts: Arc<dyn AccountRepository>,
        categories: Arc<dyn CategoryRepository>,
        transactions: Arc<dyn TransactionRepository>,
        tags: Arc<dyn TagRepository>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { accounts, categories, transactions, tags, clock }
    }

    // Accounts

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn accounts(&self, scope: Scope) -> Result<AccountsOverview, LedgerError> {
        let accounts: Vec<AccountView> =
            self.accounts.list(scope).await.map_err(LedgerError::from_repo("Account"))?.into_iter().map(view).collect();
        let net_worth = net_worth(accounts.iter().map(|a| a.balances.current_balance));
        Ok(AccountsOverview { accounts, net_worth })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn account(&self, scope: Scope, id: AccountId) -> Result<AccountView, LedgerError> {
        Ok(view(self.accounts.get(scope, id).await.map_err(LedgerError::from_repo("Account"))?))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create_account(&self, scope: Scope, input: AccountInput) -> Result<AccountView, LedgerError> {
        let draft = AccountDraft::parse(&input)?;
        let account = self.accounts.create(scope, draft).await.map_err(LedgerError::from_repo("Account"))?;
        self.account(scope, account.id).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update_account(
        &self,
        scope: Scope,
        id: AccountId,
        input: AccountInput,
    ) -> Result<AccountView, LedgerError> {
        let draft = AccountDraft::parse(&input)?;
        if let Some(visibility) = draft.visibility {
            let current = self.account(scope, id).await?.account;
            if !current.may_become(visibility, scope.member) {
                return Err(LedgerError::NotAccountOwner);
            }
        }
        self.accounts.update(scope, id, draft).await.map_err(LedgerError::from_repo("Account"))?;
        self.account(scope, id).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete_account(&self, scope: Scope, id: AccountId) -> Result<(), LedgerError> {
        match self.accounts.delete(scope, id).await {
            Ok(()) => Ok(()),
            Err(RepoError::InUse { .. }) => Err(LedgerError::AccountHasTransactions),
            Err(e) => Err(LedgerError::from_repo("Account")(e)),
        }
    }

    // Categories

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn categories(&self, scope: Scope) -> Result<Vec<(Category, i64)>, LedgerError> {
        self.categories.list(scope).await.map_err(LedgerError::from_repo("Category"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn category(&self, scope: Scope, id: CategoryId) -> Result<Category, LedgerError> {
        self.categories.get(scope, id).await.map_err(LedgerError::from_repo("Category"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create_category(&self, scope: Scope, input: CategoryInput) -> Result<Category, LedgerError> {
        let draft = CategoryDraft::parse(&input)?;
        match self.categories.create(scope, draft, false).await {
            Err(RepoError::Duplicate(UniqueField::CategoryName)) => Err(LedgerError::CategoryNameTaken),
            other => other.map_err(LedgerError::from_repo("Category")),
        }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update_category(
        &self,
        scope: Scope,
        id: CategoryId,
        input: CategoryInput,
    ) -> Result<Category, LedgerError> {
        let draft = CategoryDraft::parse(&input)?;
        match self.categories.update(scope, id, draft).await {
            Err(RepoError::Duplicate(UniqueField::CategoryName)) => Err(LedgerError::CategoryNameTaken),
            other => other.map_err(LedgerError::from_repo("Category")),
        }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn category_transactions_count(&self, scope: Scope, id: CategoryId) -> Result<i64, LedgerError> {
        self.categories.transactions_count(scope, id).await.map_err(LedgerError::from_repo("Category"))
    }

    /// Refuses while transactions use the category, with the spec's wording.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete_category(&self, scope: Scope, id: CategoryId) -> Result<(), LedgerError> {
        match self.categories.delete(scope, id).await {
            Ok(()) => Ok(()),
            Err(RepoError::InUse { count }) => Err(LedgerError::CategoryInUse { count }),
            Err(e) => Err(LedgerError::from_repo("Category")(e)),
        }
    }

    // Transactions

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn transactions(&self, scope: Scope, query: TransactionQuery) -> Result<TransactionPage, LedgerError> {
        // An account the member does not see (another household's, another member's private
        // one) is not found, rather than an empty list.
        if let Some(account) = query.account {
            self.account(scope, account).await?;
        }
        // Likewise a tag that is not the household's.
        if !query.tags.is_empty() {
            self.tags.all_exist(scope, &query.tags).await.map_err(LedgerError::from_repo("Tag"))?;
        }
        self.transactions.list(scope, query).await.map_err(LedgerError::from_repo("Transaction"))
    }

    /// One batch of the CSV export of the filtered set (see `TransactionRepository::export_batch`).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn export_batch(
        &self,
        scope: Scope,
        query: TransactionQuery,
        after: Option<ExportCursor>,
        limit: i64,
    ) -> Result<(Vec<domain::exports::ExportRow>, Option<ExportCursor>), LedgerError> {
        self.transactions.export_batch(scope, query, after, limit).await.map_err(LedgerError::from_repo("Transaction"))
    }

    /// The list restricted to one credit or credit-card account, with its credit figures.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn credit_account_transactions(
        &self,
        scope: Scope,
        account: AccountId,
        mut query: TransactionQuery,
    ) -> Result<CreditAccountPage, LedgerError> {
        let account = self.account(scope, account).await?;
        query.account = Some(account.account.id);
        query.include_transfers = true;
        let page = self.transactions(scope, query).await?;
        Ok(CreditAccountPage { page, account })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn transaction(&self, scope: Scope, id: TransactionId) -> Result<TransactionRecord, LedgerError> {
        self.transactions.get(scope, id).await.map_err(LedgerError::from_repo("Transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create_transaction(
        &self,
        scope: Scope,
        input: TransactionInput,
    ) -> Result<TransactionRecord, LedgerError> {
        let draft = TransactionDraft::parse(&input, london_today(self.clock.now()))?;
        self.check_references(scope, &draft).await?;
        self.transactions.create(scope, draft).await.map_err(LedgerError::from_repo("Transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update_transaction(
        &self,
        scope: Scope,
        id: TransactionId,
        input: TransactionInput,
    ) -> Result<TransactionRecord, LedgerError> {
        let existing = self.transaction(scope, id).await?;
        if existing.is_transfer {
            return Err(if input.splits.as_ref().is_some_and(|s| !s.is_empty()) {
                LedgerError::TransferCannotBeSplit
            } else {
                LedgerError::TransferNotEditable
            });
        }
        let draft = TransactionDraft::parse(&input, london_today(self.clock.now()))?;
        self.check_references(scope, &draft).await?;
        match self.transactions.update(scope, id, draft).await {
            Err(RepoError::TransferLeg) => Err(LedgerError::TransferNotEditable),
            other => other.map_err(LedgerError::from_repo("Transaction")),
        }
    }

    /// Deletes a transaction, or both legs of a transfer.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete_transaction(&self, scope: Scope, id: TransactionId) -> Result<(), LedgerError> {
        self.transactions.delete(scope, id).await.map_err(LedgerError::from_repo("Transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn check_references(&self, scope: Scope, draft: &TransactionDraft) -> Result<(), LedgerError> {
        self.accounts.get(scope, draft.account_id).await.map_err(LedgerError::from_repo("Account"))?;
        for category in draft.allocation.categories() {
            self.categories.get(scope, category).await.map_err(LedgerError::from_repo("Category"))?;
        }
        if let Some(tags) = draft.tags.as_deref().filter(|t| !t.is_empty()) {
            self.tags.all_exist(scope, tags).await.map_err(LedgerError::from_repo("Tag"))?;
        }
        Ok(())
    }

    // Transfers

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create_transfer(&self, scope: Scope, input: TransferInput) -> Result<TransferRecord, LedgerError> {
        let draft = TransferDraft::parse(&input, london_today(self.clock.now()))?;
        self.accounts.get(scope, draft.from_account_id).await.map_err(LedgerError::from_repo("From account"))?;
        self.accounts.get(scope, draft.to_account_id).await.map_err(LedgerError::from_repo("To account"))?;
        self.transactions.create_transfer(scope, draft).await.map_err(LedgerError::from_repo("Account"))
    }

    /// Changes a transfer (either leg's id): amount, accounts, date, description and notes, both
    /// legs at once, under the rules of a new one.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update_transfer(
        &self,
        scope: Scope,
        id: TransactionId,
        input: TransferInput,
    ) -> Result<TransferRecord, LedgerError> {
        let draft = TransferDraft::parse(&input, london_today(self.clock.now()))?;
        let leg = self.transactions.get(scope, id).await.map_err(LedgerError::from_repo("Transfer"))?;
        if !leg.is_transfer {
            return Err(LedgerError::NotFound("Transfer"));
        }
        self.accounts.get(scope, draft.from_account_id).await.map_err(LedgerError::from_repo("From account"))?;
        self.accounts.get(scope, draft.to_account_id).await.map_err(LedgerError::from_repo("To account"))?;
        self.transactions.update_transfer(scope, id, draft).await.map_err(LedgerError::from_repo("Transfer"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn transfers(
        &self,
        scope: Scope,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<ListedTransfer>, i64), LedgerError> {
        self.transactions.list_transfers(scope, page, limit).await.map_err(LedgerError::from_repo("Transfer"))
    }

    /// Deletes both legs of the transfer one of whose legs has this id.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete_transfer(&self, scope: Scope, id: TransactionId) -> Result<(), LedgerError> {
        let leg = self.transactions.get(scope, id).await.map_err(LedgerError::from_repo("Transfer"))?;
        if !leg.is_transfer {
            return Err(LedgerError::NotFound("Transfer"));
        }
        self.transactions.delete(scope, id).await.map_err(LedgerError::from_repo("Transfer"))
    }

    // Transfers made of two rows

    /// Pairs of rows that look like one transfer (a payment out and the same amount into another
    /// of the household's accounts within a few days), newest first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn transfer_suggestions(&self, scope: Scope) -> Result<Vec<TransferRecord>, LedgerError> {
        self.transactions
            .transfer_suggestions(scope, TRANSFER_SUGGESTIONS_SHOWN)
            .await
            .map_err(LedgerError::from_repo("Transaction"))
    }

    /// Makes two of the household's rows one transfer. `with` is the other row's id as sent.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn pair_transactions(
        &self,
        scope: Scope,
        id: TransactionId,
        with: &str,
    ) -> Result<TransferRecord, LedgerError> {
        let with = match with.trim() {
            "" => return Err(ValidationError::new("withId", "Choose the transaction to pair with").into()),
            raw => TransactionId(uuid::Uuid::parse_str(raw).map_err(|_| LedgerError::NotFound("Transaction"))?),
        };
        match self.transactions.pair(scope, id, with).await {
            Err(RepoError::Invalid(why)) => Err(LedgerError::Invalid(why)),
            other => other.map_err(LedgerError::from_repo("Transaction")),
        }
    }

    /// Makes a paired transfer's two rows ordinary rows again; answers them.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn unpair_transactions(
        &self,
        scope: Scope,
        id: TransactionId,
    ) -> Result<Vec<TransactionRecord>, LedgerError> {
        match self.transactions.unpair(scope, id).await {
            Err(RepoError::Invalid(why)) => Err(LedgerError::Invalid(why)),
            other => other.map_err(LedgerError::from_repo("Transaction")),
        }
    }
}

/// How many suggested pairs the list offers at once: a short list to confirm with one tap each.
pub const TRANSFER_SUGGESTIONS_SHOWN: i64 = 20;
