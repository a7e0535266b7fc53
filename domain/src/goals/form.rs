//! The goal and contribution forms: what they send, and their rules.

use chrono::NaiveDate;

use super::{ContributionSource, GoalCategory, GOAL_COLORS, GOAL_ICONS, MAX_GOAL_AMOUNT};
use crate::dates::parse_day;
use crate::money::{below_a_penny, MoneyParseError};
use crate::{Money, ValidationError};

/// The goal form as sent, before parsing.
#[derive(Debug, Clone, Default)]
pub struct GoalInput {
    pub name: String,
    pub description: Option<String>,
    pub target_amount: Option<String>,
    pub target_date: String,
    pub category: String,
    /// Blank keeps the category's preset (a new goal) or the goal's own (an edit).
    pub icon: String,
    pub color: String,
}

/// A goal's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalDraft {
    pub name: String,
    pub description: String,
    pub target_amount: Money,
    pub target_date: NaiveDate,
    pub category: GoalCategory,
    pub icon: String,
    pub color: String,
}

/// What an edited goal was: a past target date may stay, and the icon and colour stay unless
/// the category or the pick changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalBefore {
    pub target_date: NaiveDate,
    pub category: GoalCategory,
    pub icon: String,
    pub color: String,
}

fn positive_amount(
    raw: Option<&str>,
    field: &'static str,
    required: &str,
    positive: &str,
) -> Result<Money, ValidationError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| ValidationError::new(field, required))?;
    if below_a_penny(raw) {
        return Err(ValidationError::new(field, positive));
    }
    let amount = Money::parse(raw).map_err(|e| match e {
        MoneyParseError::NotANumber => ValidationError::new(field, "Amount must be a number"),
        MoneyParseError::TooManyDecimals => {
            ValidationError::new(field, "Amount cannot have more than 2 decimal places")
        }
        MoneyParseError::TooLarge => ValidationError::new(field, "Amount cannot exceed £999,999,999.99"),
    })?;
    if !amount.is_positive() {
        return Err(ValidationError::new(field, positive));
    }
    if amount > MAX_GOAL_AMOUNT {
        return Err(ValidationError::new(field, "Amount cannot exceed £999,999,999.99"));
    }
    Ok(amount)
}

fn optional_text(raw: Option<&str>, max: usize, field: &'static str, message: &str) -> Result<String, ValidationError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > max {
        return Err(ValidationError::new(field, message));
    }
    Ok(text.to_owned())
}

impl GoalDraft {
    /// Parses the goal form: creating (`before` None) or editing a goal.
    pub fn parse(input: &GoalInput, before: Option<&GoalBefore>, today: NaiveDate) -> Result<Self, ValidationError> {
        let name = input.name.trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "Goal name is required"));
        }
        if name.chars().count() > 100 {
            return Err(ValidationError::new("name", "Goal name cannot exceed 100 characters"));
        }
        let description = optional_text(
            input.description.as_deref(),
            500,
            "description",
            "Description cannot exceed 500 characters",
        )?;
        let target_amount = positive_amount(
            input.target_amount.as_deref(),
            "targetAmount",
            "Target amount is required",
            "Target amount must be greater than 0",
        )?;
        let target_date = parse_day(&input.target_date, "targetDate", "Target date is required")?;
        let unchanged = before.is_some_and(|b| b.target_date == target_date);
        if target_date <= today && !unchanged {
            return Err(ValidationError::new("targetDate", "Target date must be in the future"));
        }
        let category = GoalCategory::parse(&input.category)?;
        let (preset_icon, preset_color) = category.preset();
        // A new category brings its preset; otherwise the goal keeps what it had.
        let (kept_icon, kept_color) = match before {
            Some(b) if b.category == category => (b.icon.as_str(), b.color.as_str()),
            _ => (preset_icon, preset_color),
        };
        let icon = match input.icon.trim() {
            "" => kept_icon,
            icon => GOAL_ICONS
                .into_iter()
                .find(|i| *i == icon)
                .ok_or_else(|| ValidationError::new("icon", "Icon must be one of the goal icons"))?,
        };
        let color = match input.color.trim() {
            "" => kept_color.to_owned(),
            color => GOAL_COLORS
                .into_iter()
                .find(|c| c.eq_ignore_ascii_case(color))
                .map(str::to_owned)
                .ok_or_else(|| ValidationError::new("color", "Colour must be one of the goal colours"))?,
        };
        Ok(GoalDraft {
            name: name.to_owned(),
            description,
            target_amount,
            target_date,
            category,
            icon: icon.to_owned(),
            color,
        })
    }
}

/// The contribution form as sent, before parsing.
#[derive(Debug, Clone, Default)]
pub struct ContributionInput {
    pub amount: Option<String>,
    pub date: String,
    pub description: Option<String>,
    pub source: String,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContributionDraft {
    pub amount: Money,
    pub date: NaiveDate,
    pub description: String,
    pub source: ContributionSource,
    pub notes: String,
}

/// The description a contribution gets when none is given.
pub const DEFAULT_CONTRIBUTION_DESCRIPTION: &str = "Savings contribution";

impl ContributionDraft {
    /// Parses the contribution form. A contribution is money already put aside: its day is today
    /// or earlier.
    pub fn parse(input: &ContributionInput, today: NaiveDate) -> Result<Self, ValidationError> {
        let amount = positive_amount(
            input.amount.as_deref(),
            "amount",
            "Contribution amount is required",
            "Contribution amount must be greater than 0",
        )?;
        let date = parse_day(&input.date, "date", "Date is required")?;
        if date > today {
            return Err(ValidationError::new("date", "Contribution date cannot be in the future"));
        }
        let description = optional_text(
            input.description.as_deref(),
            200,
            "description",
            "Description cannot exceed 200 characters",
        )?;
        let description =
            if description.is_empty() { DEFAULT_CONTRIBUTION_DESCRIPTION.to_owned() } else { description };
        let source = ContributionSource::parse(&input.source)?;
        let notes = optional_text(input.notes.as_deref(), 300, "notes", "Notes cannot exceed 300 characters")?;
        Ok(ContributionDraft { amount, date, description, source, notes })
    }
}
