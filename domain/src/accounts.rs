//! Accounts: their types, the account form's rules, and the balance figures.

use std::fmt;

use uuid::Uuid;

use crate::ids::HouseholdId;
pub use crate::money::MAX_AMOUNT;
use crate::money::{parse_amount, permille};
use crate::{Money, UserId, ValidationError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccountId(pub Uuid);

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccountType {
    Current,
    Savings,
    Credit,
    CreditCard,
    Cash,
    Investment,
    Other,
}

impl AccountType {
    pub const ALL: [AccountType; 7] = [
        AccountType::Current,
        AccountType::Savings,
        AccountType::Credit,
        AccountType::CreditCard,
        AccountType::Cash,
        AccountType::Investment,
        AccountType::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AccountType::Current => "current",
            AccountType::Savings => "savings",
            AccountType::Credit => "credit",
            AccountType::CreditCard => "credit_card",
            AccountType::Cash => "cash",
            AccountType::Investment => "investment",
            AccountType::Other => "other",
        }
    }

    pub fn display_name(self) -> &'static str {
        match self {
            AccountType::Current => "Current Account",
            AccountType::Savings => "Savings Account",
            AccountType::Credit => "Credit Account",
            AccountType::CreditCard => "Credit Card",
            AccountType::Cash => "Cash",
            AccountType::Investment => "Investment Account",
            AccountType::Other => "Other",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        Self::ALL.into_iter().find(|t| t.as_str() == raw.trim()).ok_or_else(|| {
            if raw.trim().is_empty() {
                ValidationError::new("type", "Account type is required")
            } else {
                ValidationError::new("type", "Invalid account type")
            }
        })
    }

    /// Credit and credit-card accounts hold debt as a negative balance.
    pub fn is_credit(self) -> bool {
        matches!(self, AccountType::Credit | AccountType::CreditCard)
    }
}

/// An account's name: trimmed, 2 to 50 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountName(String);

impl AccountName {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        let chars = trimmed.chars().count();
        let err = |m: &str| Err(ValidationError::new("name", m));
        if chars == 0 {
            return err("Account name is required");
        }
        if chars < 2 {
            return err("Account name must be at least 2 characters");
        }
        if chars > 50 {
            return err("Account name cannot exceed 50 characters");
        }
        if trimmed.chars().any(char::is_control) {
            return err("Account name cannot contain control characters");
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who in a household sees an account: every member, or only the member who owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Visibility {
    Household,
    Private,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Household => "household",
            Visibility::Private => "private",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "household" => Ok(Visibility::Household),
            "private" => Ok(Visibility::Private),
            _ => Err(ValidationError::new("visibility", "Visibility must be household or private")),
        }
    }
}

/// The fields of an account as the form sends them, parsed and with the credit rules applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountDraft {
    pub name: AccountName,
    pub account_type: AccountType,
    /// For credit types, debt brought in: always zero or negative.
    pub initial_balance: Money,
    /// Present (and above zero) for credit types; optional for the others.
    pub credit_limit: Option<Money>,
    /// `None` when the form does not say: a new account is the household's, an edited one keeps
    /// its visibility.
    pub visibility: Option<Visibility>,
}

/// Raw account form input: amounts as decimal text, `None` when absent.
#[derive(Debug, Clone, Default)]
pub struct AccountInput {
    pub name: String,
    pub account_type: String,
    pub initial_balance: Option<String>,
    pub credit_limit: Option<String>,
    pub visibility: Option<String>,
}

impl AccountDraft {
    pub fn parse(input: &AccountInput) -> Result<Self, ValidationError> {
        let name = AccountName::parse(&input.name)?;
        let account_type = AccountType::parse(&input.account_type)?;
        let initial = match input.initial_balance.as_deref().map(str::trim) {
            None | Some("") => return Err(ValidationError::new("initialBalance", "Initial balance is required")),
            Some(raw) => parse_amount(raw, "initialBalance", "Balance must be a number")?,
        };
        if initial < -MAX_AMOUNT {
            return Err(ValidationError::new("initialBalance", "Balance cannot be less than -£999,999.99"));
        }
        if initial > MAX_AMOUNT {
            return Err(ValidationError::new("initialBalance", "Balance cannot exceed £999,999.99"));
        }
        let credit_limit = match input.credit_limit.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => Some(parse_amount(raw, "creditLimit", "Credit limit must be a number")?),
        };
        if let Some(limit) = credit_limit {
            if limit.is_negative() {
                return Err(ValidationError::new("creditLimit", "Credit limit cannot be negative"));
            }
            if limit > MAX_AMOUNT {
                return Err(ValidationError::new("creditLimit", "Credit limit cannot exceed £999,999.99"));
            }
        }
        let visibility = input.visibility.as_deref().map(Visibility::parse).transpose()?;
        let (initial_balance, credit_limit) = if account_type.is_credit() {
            let limit = credit_limit
                .ok_or_else(|| ValidationError::new("creditLimit", "Credit limit is required for credit accounts"))?;
            if !limit.is_positive() {
                return Err(ValidationError::new(
                    "creditLimit",
                    "Credit limit must be greater than 0 for credit accounts",
                ));
            }
            (-initial.abs(), Some(limit))
        } else {
            (initial, credit_limit)
        };
        Ok(Self { name, account_type, initial_balance, credit_limit, visibility })
    }
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub household_id: HouseholdId,
    pub name: AccountName,
    pub account_type: AccountType,
    pub initial_balance: Money,
    pub credit_limit: Option<Money>,
    pub visibility: Visibility,
    /// The member who made it or brought it into the household; the household's owner for a
    /// shared account whose owner has gone.
    pub owner: UserId,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl Account {
    /// Every member sees the household's accounts; only its owner sees a private one (and
    /// everything made from it).
    pub fn is_visible_to(&self, member: UserId) -> bool {
        self.visibility == Visibility::Household || self.owner == member
    }

    /// Only the account's owner may change who sees it; anyone who may edit it may leave that as is.
    pub fn may_become(&self, visibility: Visibility, member: UserId) -> bool {
        self.visibility == visibility || self.owner == member
    }
}

/// The sums of an account's non-declined transactions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AccountTotals {
    /// Income that is not a transfer (positive).
    pub income: Money,
    /// Expenses that are not transfers (negative, as stored).
    pub expenses: Money,
    /// Net of transfer legs in and out of the account.
    pub transfers: Money,
}

/// Every balance figure an account shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountBalances {
    pub current_balance: Money,
    pub total_income: Money,
    pub total_expenses: Money,
    pub total_transfers: Money,
    pub credit: Option<CreditFigures>,
}

/// The figures of a credit or credit-card account (see docs/decisions.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CreditFigures {
    pub credit_limit: Money,
    /// What is owed now: the negative part of the current balance, as a positive amount.
    pub current_debt: Money,
    /// Debt brought in when the account was added: the negative part of the initial balance.
    pub existing_debt: Money,
    /// Limit minus current debt, never below zero.
    pub available_credit: Money,
    /// Current debt as a percentage of the limit, in tenths of a percent (e.g. 125 = 12.5 %).
    pub credit_used_permille: i64,
}

impl Account {
    /// currentBalance = initialBalance + every non-declined transaction (transfers included).
    pub fn balances(&self, totals: AccountTotals) -> AccountBalances {
        let current_balance = self.initial_balance + totals.income + totals.expenses + totals.transfers;
        let credit = self.account_type.is_credit().then(|| {
            let credit_limit = self.credit_limit.unwrap_or(Money::ZERO);
            let current_debt = Money::from_pence((-current_balance.pence()).max(0));
            let existing_debt = Money::from_pence((-self.initial_balance.pence()).max(0));
            let available_credit = Money::from_pence((credit_limit.pence() - current_debt.pence()).max(0));
            let credit_used_permille = permille(current_debt.pence(), credit_limit.pence());
            CreditFigures { credit_limit, current_debt, existing_debt, available_credit, credit_used_permille }
        });
        AccountBalances {
            current_balance,
            total_income: totals.income,
            total_expenses: totals.expenses,
            total_transfers: totals.transfers,
            credit,
        }
    }
}

/// Net worth: assets minus debts, i.e. the sum of current balances (debts are negative).
pub fn net_worth(balances: impl IntoIterator<Item = Money>) -> Money {
    balances.into_iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, t: &str, initial: Option<&str>, limit: Option<&str>) -> AccountInput {
        AccountInput {
            name: name.into(),
            account_type: t.into(),
            initial_balance: initial.map(Into::into),
            credit_limit: limit.map(Into::into),
            visibility: None,
        }
    }

    fn msg(r: Result<AccountDraft, ValidationError>) -> String {
        r.map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message)
    }

    #[test]
    fn the_account_form_rules_carry_the_spec_messages() {
        let cases = [
            (input("", "current", Some("0"), None), "Account name is required"),
            (input("A", "current", Some("0"), None), "Account name must be at least 2 characters"),
            (input(&"x".repeat(51), "current", Some("0"), None), "Account name cannot exceed 50 characters"),
            (input("Main", "bank", Some("0"), None), "Invalid account type"),
            (input("Main", "current", None, None), "Initial balance is required"),
            (input("Main", "current", Some("abc"), None), "Balance must be a number"),
            (input("Main", "current", Some("-1000000"), None), "Balance cannot be less than -£999,999.99"),
            (input("Main", "current", Some("1000000"), None), "Balance cannot exceed £999,999.99"),
            (input("Main", "current", Some("999999.99"), None), "ok"),
            (input("Main", "current", Some("-999999.99"), None), "ok"),
            (input("Main", "current", Some("0"), Some("-1")), "Credit limit cannot be negative"),
            (input("Main", "current", Some("0"), Some("1000000")), "Credit limit cannot exceed £999,999.99"),
            (input("Card", "credit_card", Some("0"), None), "Credit limit is required for credit accounts"),
            (input("Card", "credit", Some("0"), Some("0")), "Credit limit must be greater than 0 for credit accounts"),
            (input("Card", "credit_card", Some("0"), Some("1500")), "ok"),
            (input("Main", "current", Some("1.234"), None), "Amount cannot have more than 2 decimal places"),
        ];
        for (i, expected) in cases {
            assert_eq!(msg(AccountDraft::parse(&i)), expected, "{i:?}");
        }
    }

    #[test]
    fn a_positive_initial_balance_on_a_credit_account_is_stored_as_debt() {
        let draft = AccountDraft::parse(&input("Card", "credit_card", Some("250.50"), Some("1000"))).unwrap();
        assert_eq!(draft.initial_balance, Money::from_pence(-25_050));
        let already_negative = AccountDraft::parse(&input("Card", "credit", Some("-10"), Some("1000"))).unwrap();
        assert_eq!(already_negative.initial_balance, Money::from_pence(-1000));
        let current = AccountDraft::parse(&input("Main", "current", Some("250.50"), None)).unwrap();
        assert_eq!(current.initial_balance, Money::from_pence(25_050));
    }

    fn account(t: AccountType, initial: i64, limit: Option<i64>) -> Account {
        Account {
            id: AccountId(Uuid::nil()),
            household_id: HouseholdId(Uuid::nil()),
            name: AccountName::parse("Test").unwrap(),
            account_type: t,
            initial_balance: Money::from_pence(initial),
            credit_limit: limit.map(Money::from_pence),
            visibility: Visibility::Household,
            owner: UserId(Uuid::nil()),
            created_at: chrono::DateTime::UNIX_EPOCH,
        }
    }

    fn totals(income: i64, expenses: i64, transfers: i64) -> AccountTotals {
        AccountTotals {
            income: Money::from_pence(income),
            expenses: Money::from_pence(expenses),
            transfers: Money::from_pence(transfers),
        }
    }

    #[test]
    fn the_current_balance_adds_every_kind_of_movement() {
        let b = account(AccountType::Current, 10_000, None).balances(totals(250_000, -80_050, -50_000));
        assert_eq!(b.current_balance, Money::from_pence(129_950));
        assert!(b.credit.is_none());
    }

    #[test]
    fn credit_figures_follow_the_documented_rules() {
        // Limit £1,000; £200 debt brought in; £300 spent; £100 repaid by transfer.
        let card = account(AccountType::CreditCard, -20_000, Some(100_000));
        let b = card.balances(totals(0, -30_000, 10_000));
        assert_eq!(b.current_balance, Money::from_pence(-40_000));
        let c = b.credit.unwrap();
        assert_eq!(c.current_debt, Money::from_pence(40_000));
        assert_eq!(c.existing_debt, Money::from_pence(20_000));
        assert_eq!(c.available_credit, Money::from_pence(60_000));
        assert_eq!(c.credit_used_permille, 400);
    }

    #[test]
    fn an_overpaid_card_owes_nothing_and_an_overdrawn_one_has_no_credit_left() {
        let card = account(AccountType::Credit, 0, Some(50_000));
        let overpaid = card.balances(totals(0, 0, 5_000)).credit.unwrap();
        assert_eq!((overpaid.current_debt, overpaid.available_credit), (Money::ZERO, Money::from_pence(50_000)));
        let over = card.balances(totals(0, -60_000, 0)).credit.unwrap();
        assert_eq!(over.available_credit, Money::ZERO);
        assert_eq!(over.credit_used_permille, 1200);
    }

    #[test]
    fn net_worth_is_assets_minus_debts() {
        let worth = net_worth([Money::from_pence(150_000), Money::from_pence(-40_000), Money::from_pence(5_000)]);
        assert_eq!(worth, Money::from_pence(115_000));
    }

    #[test]
    fn a_private_account_is_its_owners_alone_and_only_they_change_that() {
        let (owner, partner) = (UserId(Uuid::from_u128(1)), UserId(Uuid::from_u128(2)));
        let shared = Account { owner, ..account(AccountType::Current, 0, None) };
        let private = Account { visibility: Visibility::Private, ..shared.clone() };
        assert!(shared.is_visible_to(owner) && shared.is_visible_to(partner));
        assert!(private.is_visible_to(owner) && !private.is_visible_to(partner));
        assert!(shared.may_become(Visibility::Private, owner) && !shared.may_become(Visibility::Private, partner));
        assert!(private.may_become(Visibility::Household, owner));
        // Editing someone else's shared account without touching who sees it is allowed.
        assert!(shared.may_become(Visibility::Household, partner));
    }

    #[test]
    fn visibility_is_household_or_private() {
        assert_eq!(Visibility::parse(" private ").unwrap(), Visibility::Private);
        assert_eq!(Visibility::parse("household").unwrap().as_str(), "household");
        for bad in ["", "Private", "shared", "hidden"] {
            assert_eq!(Visibility::parse(bad).unwrap_err().message, "Visibility must be household or private");
        }
        let draft = AccountDraft::parse(&AccountInput {
            visibility: Some("secret".into()),
            ..input("Main", "current", Some("0"), None)
        });
        assert_eq!(msg(draft), "Visibility must be household or private");
    }
}
