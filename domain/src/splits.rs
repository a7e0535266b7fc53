//! Split transactions: one payment shared across categories (the £84.20 Tesco shop = £61.00
//! Groceries + £23.20 Household). The account sees one transaction of the whole amount; budgets,
//! reports and the month totals count each part in its own category.

use crate::categories::CategoryId;
use crate::money::parse_amount;
use crate::transactions::{reference, TransactionType};
use crate::{Money, ValidationError};

/// The fewest and the most parts a split has.
pub const SPLIT_PARTS_MIN: usize = 2;
pub const SPLIT_PARTS_MAX: usize = 20;
/// The longest note of a part, in characters.
pub const SPLIT_NOTE_MAX: usize = 200;

/// One part as a client sends it (the amount as decimal text, unsigned).
#[derive(Debug, Clone, Default)]
pub struct SplitInput {
    pub category_id: String,
    pub amount: Option<String>,
    pub note: Option<String>,
}

/// One part, parsed: its amount signed like its transaction's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitPart {
    pub category_id: CategoryId,
    pub amount: Money,
    pub note: String,
}

/// Where a transaction's amount goes: all of it to one category, or in parts to several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Allocation {
    Category(CategoryId),
    Split(Vec<SplitPart>),
}

impl Allocation {
    /// The form's category and parts for a transaction of `amount` (signed by `kind`). Parts
    /// sent (`Some` and not empty) make a split and the category is not needed; none, or an
    /// empty list (an edit taking a split away), need the category.
    pub fn parse(
        category: &str,
        splits: Option<&[SplitInput]>,
        amount: Money,
        kind: TransactionType,
    ) -> Result<Self, ValidationError> {
        match splits.filter(|parts| !parts.is_empty()) {
            None => Ok(Allocation::Category(CategoryId(reference(category, "categoryId", "Category is required")?))),
            Some(parts) => split(parts, amount, kind).map(Allocation::Split),
        }
    }

    /// The category of an unsplit transaction.
    pub fn category(&self) -> Option<CategoryId> {
        match self {
            Allocation::Category(c) => Some(*c),
            Allocation::Split(_) => None,
        }
    }

    /// The parts of a split (none for an unsplit transaction).
    pub fn parts(&self) -> &[SplitPart] {
        match self {
            Allocation::Category(_) => &[],
            Allocation::Split(parts) => parts,
        }
    }

    /// Every category it names, each once, in id order.
    pub fn categories(&self) -> Vec<CategoryId> {
        let mut all: Vec<CategoryId> = match self {
            Allocation::Category(c) => vec![*c],
            Allocation::Split(parts) => parts.iter().map(|p| p.category_id).collect(),
        };
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// For each part, whether it is the first of its category in the split: the part that counts its
/// row in that category (the others of the category add their amounts, not the row again).
pub fn first_in_category(parts: &[SplitPart]) -> Vec<bool> {
    first_of_each(&parts.iter().map(|p| p.category_id).collect::<Vec<_>>())
}

/// For each of these categories (a split's parts' in order), whether it is the first of its kind.
pub fn first_of_each(categories: &[CategoryId]) -> Vec<bool> {
    categories.iter().enumerate().map(|(i, c)| !categories[..i].contains(c)).collect()
}

/// The parts of a split of `amount`: 2 to 20, each positive with at most two decimals, adding up
/// exactly to the amount.
fn split(parts: &[SplitInput], amount: Money, kind: TransactionType) -> Result<Vec<SplitPart>, ValidationError> {
    if !(SPLIT_PARTS_MIN..=SPLIT_PARTS_MAX).contains(&parts.len()) {
        return Err(ValidationError::new("splits", "A split needs between 2 and 20 parts"));
    }
    let parsed = parts.iter().map(|p| part(p, kind)).collect::<Result<Vec<_>, _>>()?;
    // Each part is at most £999,999.99 and there are at most 20: the sum cannot overflow.
    let sum: i64 = parsed.iter().map(|p| p.amount.pence()).sum();
    if sum != amount.pence() {
        return Err(ValidationError::new(
            "splits",
            format!(
                "Split amounts must add up to {} (they add up to {})",
                amount.abs().format_gbp(),
                Money::from_pence(sum).abs().format_gbp()
            ),
        ));
    }
    Ok(parsed)
}

fn part(input: &SplitInput, kind: TransactionType) -> Result<SplitPart, ValidationError> {
    let category_id = CategoryId(reference(&input.category_id, "splits", "Category is required")?);
    let raw = input.amount.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let raw = raw.ok_or_else(|| ValidationError::new("splits", "Split amount is required"))?;
    let amount = parse_amount(raw, "splits", "Split amount must be a number")?;
    if !amount.is_positive() {
        return Err(ValidationError::new("splits", "Split amount must be positive"));
    }
    if amount > crate::money::MAX_AMOUNT {
        return Err(ValidationError::new("splits", "Amount cannot exceed £999,999.99"));
    }
    let note = input.note.as_deref().unwrap_or_default().trim();
    if note.chars().count() > SPLIT_NOTE_MAX {
        return Err(ValidationError::new("splits", "Split note cannot exceed 200 characters"));
    }
    if note.chars().any(char::is_control) {
        return Err(ValidationError::new("splits", "Split note cannot contain control characters"));
    }
    Ok(SplitPart { category_id, amount: kind.signed(amount), note: note.to_owned() })
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    fn cat(n: u128) -> String {
        Uuid::from_u128(n).to_string()
    }

    fn input(category: u128, amount: &str) -> SplitInput {
        SplitInput { category_id: cat(category), amount: Some(amount.into()), note: None }
    }

    fn shop() -> Vec<SplitInput> {
        vec![input(1, "61.00"), input(2, "23.20")]
    }

    fn parse(parts: &[SplitInput], pence: i64) -> Result<Allocation, String> {
        Allocation::parse("", Some(parts), Money::from_pence(-pence), TransactionType::Expense).map_err(|e| e.message)
    }

    #[test]
    fn a_shop_split_in_two_keeps_the_expense_sign_in_each_part() {
        let Allocation::Split(parts) = parse(&shop(), 8420).unwrap() else { panic!("not a split") };
        let amounts: Vec<i64> = parts.iter().map(|p| p.amount.pence()).collect();
        assert_eq!(amounts, [-6100, -2320]);
        assert_eq!(parts[0].category_id, CategoryId(Uuid::from_u128(1)));
    }

    #[test]
    fn income_parts_stay_positive() {
        let parts = [input(1, "10.00"), input(2, "5.50")];
        let split = Allocation::parse("", Some(&parts), Money::from_pence(1550), TransactionType::Income).unwrap();
        assert_eq!(split.parts().iter().map(|p| p.amount.pence()).collect::<Vec<_>>(), [1000, 550]);
    }

    #[test]
    fn parts_must_add_up_to_the_penny_and_the_message_says_both_sums() {
        let short = [input(1, "61.00"), input(2, "19.00")];
        assert_eq!(parse(&short, 8420).unwrap_err(), "Split amounts must add up to £84.20 (they add up to £80.00)");
        let a_penny_over = [input(1, "61.00"), input(2, "23.21")];
        assert_eq!(
            parse(&a_penny_over, 8420).unwrap_err(),
            "Split amounts must add up to £84.20 (they add up to £84.21)"
        );
        let big = [input(1, "999999.99"), input(2, "999999.99")];
        assert_eq!(parse(&big, 100).unwrap_err(), "Split amounts must add up to £1.00 (they add up to £1,999,999.98)");
    }

    #[test]
    fn a_split_has_two_to_twenty_parts() {
        assert_eq!(parse(&[input(1, "84.20")], 8420).unwrap_err(), "A split needs between 2 and 20 parts");
        let twenty: Vec<SplitInput> = (0..20).map(|i| input(i, "1.00")).collect();
        assert!(parse(&twenty, 2000).is_ok());
        let twenty_one: Vec<SplitInput> = (0..21).map(|i| input(i, "1.00")).collect();
        assert_eq!(parse(&twenty_one, 2100).unwrap_err(), "A split needs between 2 and 20 parts");
    }

    #[test]
    fn each_part_follows_the_amount_rules_with_its_own_words() {
        let cases = [
            (SplitInput { amount: None, ..input(1, "") }, "Split amount is required"),
            (input(1, "lots"), "Split amount must be a number"),
            (input(1, "0.00"), "Split amount must be positive"),
            (input(1, "-1.00"), "Split amount must be positive"),
            (input(1, "1.005"), "Amount cannot have more than 2 decimal places"),
            (input(1, "1000000"), "Amount cannot exceed £999,999.99"),
            (SplitInput { category_id: " ".into(), ..input(1, "1.00") }, "Category is required"),
            (SplitInput { note: Some("n".repeat(201)), ..input(1, "1.00") }, "Split note cannot exceed 200 characters"),
            (
                SplitInput { note: Some("a\u{7}b".into()), ..input(1, "1.00") },
                "Split note cannot contain control characters",
            ),
        ];
        for (bad, message) in cases {
            assert_eq!(parse(&[bad.clone(), input(2, "1.00")], 200).unwrap_err(), message, "{bad:?}");
        }
    }

    #[test]
    fn no_parts_or_an_empty_list_need_the_category() {
        let none = Allocation::parse("", None, Money::from_pence(-100), TransactionType::Expense);
        assert_eq!(none.unwrap_err().message, "Category is required");
        let empty = Allocation::parse(&cat(7), Some(&[]), Money::from_pence(-100), TransactionType::Expense);
        assert_eq!(empty.unwrap(), Allocation::Category(CategoryId(Uuid::from_u128(7))));
    }

    #[test]
    fn the_first_part_of_each_category_counts_the_row_there() {
        let Allocation::Split(parts) =
            parse(&[input(2, "1"), input(1, "1"), input(2, "1"), input(1, "1")], 400).unwrap()
        else {
            panic!("not a split")
        };
        assert_eq!(first_in_category(&parts), [true, true, false, false]);
        assert_eq!(first_in_category(&parts).iter().filter(|f| **f).count(), 2);
    }

    #[test]
    fn a_split_names_each_of_its_categories_once() {
        let parts = [input(2, "10.00"), input(1, "5.00"), input(2, "2.50")];
        let split = parse(&parts, 1750).unwrap();
        assert_eq!(split.categories(), [CategoryId(Uuid::from_u128(1)), CategoryId(Uuid::from_u128(2))]);
        assert_eq!(split.category(), None);
        let whole = Allocation::Category(CategoryId(Uuid::from_u128(3)));
        assert_eq!(whole.categories(), [CategoryId(Uuid::from_u128(3))]);
        assert!(whole.parts().is_empty());
    }
}
