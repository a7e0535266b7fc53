//! Categorisation rules: their form, and which rule covers a row.

use uuid::Uuid;

use crate::accounts::AccountId;
use crate::banking::DESCRIPTION_MAX;
use crate::categories::CategoryId;
use crate::money::parse_amount;
use crate::tags::{parse_tag_ids, TagId};
use crate::{Money, ValidationError};

/// How a rule's text is compared with a description (both without regard to case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleMatch {
    Contains,
    StartsWith,
    Equals,
}

impl RuleMatch {
    /// Every RuleMatch, in the order the API lists them.
    pub const ALL: [RuleMatch; 3] = [RuleMatch::Contains, RuleMatch::StartsWith, RuleMatch::Equals];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleMatch::Contains => "contains",
            RuleMatch::StartsWith => "startsWith",
            RuleMatch::Equals => "equals",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw {
            "contains" => Ok(RuleMatch::Contains),
            "startsWith" => Ok(RuleMatch::StartsWith),
            "equals" => Ok(RuleMatch::Equals),
            _ => Err(ValidationError::new("matchType", "Match must be contains, startsWith or equals")),
        }
    }
}

/// The longest text a rule matches on, and the longest description it may rewrite to.
pub const RULE_TEXT_MAX: usize = 100;

/// A categorisation rule's form as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleInput {
    pub match_type: String,
    pub pattern: String,
    pub min_amount: Option<String>,
    pub max_amount: Option<String>,
    pub account_id: Option<String>,
    pub category_id: String,
    pub rename: Option<String>,
    /// Its matches are money moved between the user's accounts (a card payment, a standing order
    /// to savings): with an unambiguous counterpart they become transfers.
    pub mark_transfer: bool,
    /// Tags to add to the rows it matches.
    pub tag_ids: Vec<String>,
}

/// A categorisation rule, parsed. The amount range is inclusive and on the amount without its
/// sign (a rule for '£0 to £5' covers a £4.50 coffee and a £4.50 refund).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDraft {
    pub match_type: RuleMatch,
    pub pattern: String,
    pub min_amount: Option<Money>,
    pub max_amount: Option<Money>,
    pub account_id: Option<AccountId>,
    pub category_id: CategoryId,
    pub rename: Option<String>,
    pub mark_transfer: bool,
    /// The tags it adds to the rows it matches (at most 10, each once).
    pub tag_ids: Vec<TagId>,
}

fn optional_amount(raw: Option<&str>, field: &'static str) -> Result<Option<Money>, ValidationError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => {
            let amount = parse_amount(raw, field, "Amount must be a number")?;
            if amount.is_negative() {
                return Err(ValidationError::new(field, "Amount cannot be negative"));
            }
            Ok(Some(amount))
        }
    }
}

fn uuid(raw: &str, field: &'static str, message: &str) -> Result<Uuid, ValidationError> {
    Uuid::parse_str(raw.trim()).map_err(|_| ValidationError::new(field, message))
}

impl RuleDraft {
    pub fn parse(input: &RuleInput) -> Result<Self, ValidationError> {
        let match_type = RuleMatch::parse(&input.match_type)?;
        let pattern = input.pattern.split_whitespace().collect::<Vec<_>>().join(" ");
        if pattern.is_empty() {
            return Err(ValidationError::new("pattern", "Text to match is required"));
        }
        if pattern.chars().count() > RULE_TEXT_MAX {
            return Err(ValidationError::new("pattern", "Text to match must be at most 100 characters"));
        }
        let min_amount = optional_amount(input.min_amount.as_deref(), "minAmount")?;
        let max_amount = optional_amount(input.max_amount.as_deref(), "maxAmount")?;
        if let (Some(min), Some(max)) = (min_amount, max_amount) {
            if min > max {
                return Err(ValidationError::new("maxAmount", "Maximum amount must not be less than the minimum"));
            }
        }
        let account_id = match input.account_id.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(raw) => Some(AccountId(uuid(raw, "accountId", "Invalid account")?)),
        };
        if input.category_id.trim().is_empty() {
            return Err(ValidationError::new("categoryId", "Category is required"));
        }
        let category_id = CategoryId(uuid(&input.category_id, "categoryId", "Invalid category")?);
        let rename = match input.rename.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => None,
            Some(r) if r.chars().count() > DESCRIPTION_MAX => {
                return Err(ValidationError::new("rename", "New description must be at most 100 characters"))
            }
            Some(r) => Some(r.to_owned()),
        };
        Ok(Self {
            match_type,
            pattern,
            min_amount,
            max_amount,
            account_id,
            category_id,
            rename,
            mark_transfer: input.mark_transfer,
            tag_ids: parse_tag_ids(&input.tag_ids)?,
        })
    }

    /// Whether the rule covers a row of `account` with this description and signed amount.
    pub fn matches(&self, description: &str, amount: Money, account: AccountId) -> bool {
        if self.account_id.is_some_and(|a| a != account) {
            return false;
        }
        let size = amount.abs();
        if self.min_amount.is_some_and(|min| size < min) || self.max_amount.is_some_and(|max| size > max) {
            return false;
        }
        let text = description.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let pattern = self.pattern.to_lowercase();
        match self.match_type {
            RuleMatch::Contains => text.contains(&pattern),
            RuleMatch::StartsWith => text.starts_with(&pattern),
            RuleMatch::Equals => text == pattern,
        }
    }
}

/// The first rule, in the user's order, that covers the row.
pub fn first_match<'a, R: AsRef<RuleDraft>>(
    rules: &'a [R],
    description: &str,
    amount: Money,
    account: AccountId,
) -> Option<&'a RuleDraft> {
    rules.iter().map(AsRef::as_ref).find(|r| r.matches(description, amount, account))
}

impl AsRef<RuleDraft> for RuleDraft {
    fn as_ref(&self) -> &RuleDraft {
        self
    }
}
