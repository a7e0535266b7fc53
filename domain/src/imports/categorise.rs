//! A row's category: the user's rules first, then the bank's own label, then a default.

use std::collections::HashMap;

use crate::accounts::AccountId;
use crate::banking::UNCATEGORISED;
use crate::categories::CategoryId;
use crate::transactions::TransactionType;
use crate::Money;

use super::type_of;

use super::rules::*;

/// The default category a bank's own category label stands for (Monzo's 'eating_out',
/// Starling's 'EATING_OUT', Revolut's 'Restaurants', a QIF 'Food:Groceries'), if any.
pub fn default_category_for(label: &str) -> Option<&'static str> {
    let label = label.to_lowercase().replace(['_', '-'], " ");
    let last = label.rsplit(':').next().unwrap_or(&label).trim().to_owned();
    let name = match last.as_str() {
        "groceries" | "supermarkets" | "food" => "Groceries",
        "eating out" | "restaurants" | "takeaway" | "dining" | "food and drink" => "Eating Out",
        "transport" | "travel and transport" | "fuel" | "car" | "taxi" => "Transport",
        "bills" | "bills and services" | "utilities" | "household" => "Bills & Utilities",
        "shopping" | "general merchandise" | "clothing" => "Shopping",
        "entertainment" | "leisure" => "Entertainment",
        "holidays" | "travel" | "holiday" => "Travel",
        "personal care" | "health" | "health and fitness" | "fitness" => "Health & Fitness",
        "charity" | "gifts" | "donations" => "Gifts & Donations",
        "subscriptions" => "Subscriptions",
        "education" => "Education",
        "coffee" | "cafes" => "Coffee & Snacks",
        "mortgage" | "rent" | "housing" => "Rent & Mortgage",
        "salary" | "wages" => "Salary",
        "income" => "Other Income",
        _ => return None,
    };
    Some(name)
}

/// The category name a row without a rule gets: the user's category named like the bank's
/// label, else the default it stands for, else 'Other Income' for money in and
/// 'Uncategorised' for money out. `has` says whether the user has a category of that name
/// (case-insensitive).
pub fn category_name_for(label: Option<&str>, amount: Money, has: impl Fn(&str) -> bool) -> String {
    if let Some(label) = label.map(str::trim).filter(|l| !l.is_empty()) {
        if has(label) {
            return label.to_owned();
        }
        if let Some(name) = default_category_for(label).filter(|n| has(n)) {
            return name.to_owned();
        }
    }
    match type_of(amount) {
        TransactionType::Income => "Other Income".into(),
        TransactionType::Expense => UNCATEGORISED.into(),
    }
}

/// A row's category and description once rules and the bank's label have had their say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Categorised {
    /// The user's category, when it exists (a default name the user deleted is made again).
    pub category_id: Option<CategoryId>,
    pub category_name: String,
    pub description: String,
    /// A rule said the row is money moved between the user's accounts.
    pub transfer: bool,
    /// The tags the rule adds.
    pub tags: Vec<crate::tags::TagId>,
}

/// Categorises rows with the user's rules (in order) and categories.
#[derive(Debug, Clone, Default)]
pub struct Categoriser {
    rules: Vec<RuleDraft>,
    by_name: HashMap<String, (CategoryId, String)>,
    by_id: HashMap<CategoryId, String>,
}

impl Categoriser {
    pub fn new(rules: Vec<RuleDraft>, categories: impl IntoIterator<Item = (CategoryId, String)>) -> Self {
        let mut by_name = HashMap::new();
        let mut by_id = HashMap::new();
        for (id, name) in categories {
            by_name.insert(name.to_lowercase(), (id, name.clone()));
            by_id.insert(id, name);
        }
        Self { rules, by_name, by_id }
    }

    /// The first matching rule's category and new description; else the category the bank's
    /// label stands for (see `category_name_for`) and the description as it was.
    pub fn categorise(&self, description: &str, amount: Money, label: Option<&str>, account: AccountId) -> Categorised {
        if let Some(rule) = first_match(&self.rules, description, amount, account) {
            if let Some(name) = self.by_id.get(&rule.category_id) {
                return Categorised {
                    category_id: Some(rule.category_id),
                    category_name: name.clone(),
                    description: rule.rename.clone().unwrap_or_else(|| description.to_owned()),
                    transfer: rule.mark_transfer,
                    tags: rule.tag_ids.clone(),
                };
            }
        }
        let name = category_name_for(label, amount, |n| self.by_name.contains_key(&n.to_lowercase()));
        match self.by_name.get(&name.to_lowercase()) {
            Some((id, stored)) => Categorised {
                category_id: Some(*id),
                category_name: stored.clone(),
                description: description.to_owned(),
                transfer: false,
                tags: vec![],
            },
            None => Categorised {
                category_id: None,
                category_name: name,
                description: description.to_owned(),
                transfer: false,
                tags: vec![],
            },
        }
    }
}
