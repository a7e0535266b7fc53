//! Categories: the category form's rules, the palette, the icons and the default set.

use std::fmt;

use uuid::Uuid;

use crate::tax_year::TaxTreatment;
use crate::transactions::TransactionType;
use crate::ValidationError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CategoryId(pub Uuid);

impl fmt::Display for CategoryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The 16 colours the colour picker offers.
pub const PALETTE: [&str; 16] = [
    "#F44336", "#E91E63", "#9C27B0", "#673AB7", "#3F51B5", "#2196F3", "#03A9F4", "#00BCD4", "#009688", "#4CAF50",
    "#8BC34A", "#CDDC39", "#FFC107", "#FF9800", "#FF5722", "#795548",
];

/// The 20 icon names the icon picker offers.
pub const ICONS: [&str; 20] = [
    "shopping-cart",
    "car",
    "home",
    "film",
    "zap",
    "heart",
    "trending-up",
    "credit-card",
    "book",
    "coffee",
    "phone",
    "music",
    "camera",
    "gift",
    "plane",
    "briefcase",
    "shopping-bag",
    "utensils",
    "gamepad",
    "dumbbell",
];

/// Raw category form input.
#[derive(Debug, Clone, Default)]
pub struct CategoryInput {
    pub name: String,
    pub description: Option<String>,
    pub color: Option<String>,
    pub icon: Option<String>,
    /// "income" or "expense"; absent or blank: from the name ([`kind_of_name`]).
    pub kind: Option<String>,
    /// Absent: unchanged; `Some(None)` (null) or blank: none; else "income" or "allowable".
    pub tax_treatment: Option<Option<String>>,
}

/// A category's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDraft {
    pub name: String,
    pub description: String,
    pub color: String,
    pub icon: String,
    /// What the category is for: income (offered for income, never budgeted) or spending.
    pub kind: TransactionType,
    /// How it counts for Self Assessment; `None` leaves a stored treatment as it is (dropped
    /// if it no longer fits the kind), `Some(None)` clears it.
    pub tax_treatment: Option<Option<TaxTreatment>>,
}

impl CategoryDraft {
    pub fn parse(input: &CategoryInput) -> Result<Self, ValidationError> {
        let name = input.name.trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "Category name is required"));
        }
        if name.chars().count() > 30 {
            return Err(ValidationError::new("name", "Category name cannot exceed 30 characters"));
        }
        if name.chars().any(char::is_control) {
            return Err(ValidationError::new("name", "Category name cannot contain control characters"));
        }
        let description = input.description.as_deref().unwrap_or_default().trim();
        if description.chars().count() > 100 {
            return Err(ValidationError::new("description", "Description cannot exceed 100 characters"));
        }
        let color = match input.color.as_deref().map(str::trim) {
            None | Some("") => PALETTE[5].to_owned(),
            Some(c) if is_hex_colour(c) => c.to_owned(),
            Some(_) => return Err(ValidationError::new("color", "Please select a valid color")),
        };
        let icon = match input.icon.as_deref().map(str::trim) {
            None | Some("") => "shopping-bag".to_owned(),
            Some(i) if i.chars().count() > 20 => {
                return Err(ValidationError::new("icon", "Icon name cannot exceed 20 characters"))
            }
            Some(i) => i.to_owned(),
        };
        let kind = match input.kind.as_deref().map(str::trim) {
            None | Some("") => kind_of_name(name),
            Some(k) => TransactionType::parse(k)?,
        };
        let tax_treatment = match &input.tax_treatment {
            None => None,
            Some(None) => Some(None),
            Some(Some(raw)) => Some(TaxTreatment::parse(raw)?.map(|t| t.fits(kind)).transpose()?),
        };
        Ok(Self { name: name.to_owned(), description: description.to_owned(), color, icon, kind, tax_treatment })
    }
}

fn is_hex_colour(s: &str) -> bool {
    s.strip_prefix('#').is_some_and(|hex| matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether a category's name says it is for income: it mentions salary or income.
pub fn is_income_name(name: &str) -> bool {
    let lower = name.to_lowercase();
    lower.contains("salary") || lower.contains("income")
}

/// The kind a category gets when none is chosen (a client that does not send one, a backup
/// from before kinds): income when its name says so, spending otherwise.
pub fn kind_of_name(name: &str) -> TransactionType {
    if is_income_name(name) {
        TransactionType::Income
    } else {
        TransactionType::Expense
    }
}

/// The set every new user starts with: everyday UK spending and income.
pub fn default_categories() -> Vec<CategoryDraft> {
    let d = |name: &str, description: &str, color: &str, icon: &str| CategoryDraft {
        name: name.into(),
        description: description.into(),
        color: color.into(),
        icon: icon.into(),
        kind: kind_of_name(name),
        tax_treatment: None,
    };
    vec![
        d("Groceries", "Supermarket and food shopping", "#4CAF50", "shopping-cart"),
        d("Eating Out", "Restaurants, cafés and takeaways", "#FF9800", "utensils"),
        d("Rent & Mortgage", "Rent or mortgage payments", "#3F51B5", "home"),
        d("Bills & Utilities", "Energy, water, council tax and broadband", "#FFC107", "zap"),
        d("Transport", "Fuel, trains, buses and parking", "#2196F3", "car"),
        d("Shopping", "Clothes, homeware and other purchases", "#E91E63", "shopping-bag"),
        d("Entertainment", "Cinema, events and hobbies", "#9C27B0", "film"),
        d("Subscriptions", "Streaming, music and memberships", "#673AB7", "music"),
        d("Health & Fitness", "Pharmacy, dentist and gym", "#F44336", "heart"),
        d("Phone & Internet", "Mobile and broadband contracts", "#00BCD4", "phone"),
        d("Travel", "Holidays, flights and hotels", "#03A9F4", "plane"),
        d("Education", "Courses, books and school costs", "#795548", "book"),
        d("Gifts & Donations", "Presents and charity", "#FF5722", "gift"),
        d("Coffee & Snacks", "Coffee shops and snacks", "#8BC34A", "coffee"),
        d("Salary", "Wages and salary", "#009688", "briefcase"),
        d("Other Income", "Refunds, interest and other income", "#CDDC39", "trending-up"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, description: Option<&str>, color: Option<&str>, icon: Option<&str>) -> CategoryInput {
        CategoryInput {
            name: name.into(),
            description: description.map(Into::into),
            color: color.map(Into::into),
            icon: icon.map(Into::into),
            kind: None,
            tax_treatment: None,
        }
    }

    #[test]
    fn the_category_form_rules_carry_the_spec_messages() {
        let cases = [
            (input("", None, None, None), "Category name is required"),
            (input("   ", None, None, None), "Category name is required"),
            (input(&"x".repeat(31), None, None, None), "Category name cannot exceed 30 characters"),
            (input("Pets", Some(&"d".repeat(101)), None, None), "Description cannot exceed 100 characters"),
            (input("Pets", None, Some("red"), None), "Please select a valid color"),
            (input("Pets", None, Some("#12345"), None), "Please select a valid color"),
            (input("Pets", None, Some("#GGG"), None), "Please select a valid color"),
            (input("Pets", None, Some("#abc"), None), "ok"),
            (input("Pets", None, Some("#A1B2C3"), None), "ok"),
            (input("Pets", None, None, Some(&"i".repeat(21))), "Icon name cannot exceed 20 characters"),
            (input(&"x".repeat(30), Some(&"d".repeat(100)), None, Some("gift")), "ok"),
        ];
        for (i, expected) in cases {
            let got = CategoryDraft::parse(&i).map(|_| "ok".to_owned()).unwrap_or_else(|e| e.message);
            assert_eq!(got, expected, "{i:?}");
        }
    }

    #[test]
    fn the_default_set_covers_uk_basics_with_palette_colours_and_known_icons() {
        let defaults = default_categories();
        let names: Vec<_> = defaults.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"Groceries") && names.contains(&"Salary"));
        for c in &defaults {
            assert!(PALETTE.contains(&c.color.as_str()), "{} colour", c.name);
            assert!(ICONS.contains(&c.icon.as_str()), "{} icon", c.name);
            assert_eq!(
                CategoryDraft::parse(&input(&c.name, Some(&c.description), Some(&c.color), Some(&c.icon))).unwrap(),
                *c
            );
        }
        let mut lower: Vec<_> = names.iter().map(|n| n.to_lowercase()).collect();
        lower.sort();
        lower.dedup();
        assert_eq!(lower.len(), names.len(), "names are unique ignoring case");
    }

    #[test]
    fn income_names_are_recognised() {
        assert!(is_income_name("Salary"));
        assert!(is_income_name("Other Income"));
        assert!(!is_income_name("Groceries"));
    }

    #[test]
    fn a_category_is_for_the_kind_chosen_or_else_the_kind_its_name_says() {
        let kind = |name: &str, kind: Option<&str>| {
            CategoryDraft::parse(&CategoryInput { kind: kind.map(Into::into), ..input(name, None, None, None) })
                .map(|d| d.kind)
                .map_err(|e| (e.field.to_owned(), e.message))
        };
        assert_eq!(kind("Rental income", None), Ok(TransactionType::Income));
        assert_eq!(kind("Lodger", None), Ok(TransactionType::Expense));
        assert_eq!(kind("Lodger", Some("income")), Ok(TransactionType::Income));
        assert_eq!(kind("Lodger", Some(" ")), Ok(TransactionType::Expense));
        assert_eq!(kind("Side Income", Some("expense")), Ok(TransactionType::Expense), "the choice wins");
        assert_eq!(
            kind("Lodger", Some("refund")),
            Err(("type".to_owned(), "Type must be income or expense".to_owned()))
        );
        let defaults = default_categories();
        let income: Vec<_> =
            defaults.iter().filter(|c| c.kind == TransactionType::Income).map(|c| c.name.as_str()).collect();
        assert_eq!(income, ["Salary", "Other Income"]);
    }

    #[test]
    fn a_tax_treatment_is_kept_cleared_or_set_when_it_fits_the_kind() {
        let treatment = |name: &str, kind: &str, raw: Option<Option<&str>>| {
            CategoryDraft::parse(&CategoryInput {
                kind: Some(kind.into()),
                tax_treatment: raw.map(|r| r.map(Into::into)),
                ..input(name, None, None, None)
            })
            .map(|d| d.tax_treatment)
            .map_err(|e| (e.field, e.message))
        };
        assert_eq!(treatment("Freelance", "income", None), Ok(None), "absent: unchanged");
        assert_eq!(treatment("Freelance", "income", Some(None)), Ok(Some(None)), "null: cleared");
        assert_eq!(treatment("Freelance", "income", Some(Some(""))), Ok(Some(None)));
        assert_eq!(treatment("Freelance", "income", Some(Some("income"))), Ok(Some(Some(TaxTreatment::Income))));
        assert_eq!(treatment("Office", "expense", Some(Some("allowable"))), Ok(Some(Some(TaxTreatment::Allowable))));
        assert_eq!(
            treatment("Office", "expense", Some(Some("income"))),
            Err(("taxTreatment", "Only an income category can be marked as income for tax".to_owned()))
        );
        assert_eq!(
            treatment("Freelance", "income", Some(Some("allowable"))),
            Err(("taxTreatment", "Only an expense category can be marked as an allowable expense".to_owned()))
        );
        assert_eq!(
            treatment("Office", "expense", Some(Some("deductible"))),
            Err(("taxTreatment", "Tax treatment must be income, allowable or none".to_owned()))
        );
    }
}
