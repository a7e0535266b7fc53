//! The household inventory: the item form's rules, how a stock level is coloured against what
//! the household needs, expiry, how many to buy, and a shopping trip's total. Pure, in pence.

use chrono::NaiveDate;

use crate::dates::parse_day;
use crate::money::{Money, MoneyParseError};
use crate::ValidationError;

/// How a stock level looks next to what is needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockColour {
    Green,
    Amber,
    Red,
}

impl StockColour {
    /// Every StockColour, in the order the API lists them.
    pub const ALL: [StockColour; 3] = [StockColour::Green, StockColour::Amber, StockColour::Red];

    pub fn as_str(self) -> &'static str {
        match self {
            StockColour::Green => "green",
            StockColour::Amber => "amber",
            StockColour::Red => "red",
        }
    }
}

/// The colour of `stock` against `needed` (spec doc 2 §4): nothing needed is green; one needed
/// is green from one; two, green from two and amber at one; three or more, green from three and
/// amber at one or two. None left of something needed is red (the spec's table leaves five or
/// more needed amber at zero; see docs/decisions.md).
pub fn stock_colour(needed: i64, stock: i64) -> StockColour {
    if needed <= 0 {
        return StockColour::Green;
    }
    if stock <= 0 {
        return StockColour::Red;
    }
    let enough = needed.min(3);
    if stock >= enough {
        StockColour::Green
    } else {
        StockColour::Amber
    }
}

/// How many to buy to be back at what is needed: never negative.
pub fn quantity_to_buy(needed: i64, stock: i64) -> i64 {
    (needed - stock).max(0)
}

/// What the shopping list does about an item once a write has set its stock or its need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restock {
    /// Below its need: the item is on the list with at least the missing quantity. An entry
    /// already there is raised to it, never lowered, so there is one entry per item and a
    /// quantity the user set stands.
    Needed(i64),
    /// Enough in stock: nothing to buy. An entry the app put on the list (and the user did not
    /// add as well) goes; one the user added stays.
    Enough,
}

/// The one restocking rule, applied when an item is created, edited, decremented or restored
/// from a backup: an item needs restocking when its stock is below what is needed, by what is
/// missing.
pub fn restock(needed: i64, stock: i64) -> Restock {
    match quantity_to_buy(needed, stock) {
        0 => Restock::Enough,
        missing => Restock::Needed(missing),
    }
}

/// Days within which an expiry is 'soon'.
pub const EXPIRING_SOON_DAYS: i64 = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpiryState {
    /// The expiry day is before today.
    Expired,
    /// Today or within the next seven days.
    ExpiringSoon,
    Fresh,
}

impl ExpiryState {
    /// Every ExpiryState, in the order the API lists them.
    pub const ALL: [ExpiryState; 3] = [ExpiryState::Expired, ExpiryState::ExpiringSoon, ExpiryState::Fresh];

    pub fn as_str(self) -> &'static str {
        match self {
            ExpiryState::Expired => "expired",
            ExpiryState::ExpiringSoon => "expiring_soon",
            ExpiryState::Fresh => "fresh",
        }
    }
}

pub fn expiry_state(expiry: NaiveDate, today: NaiveDate) -> ExpiryState {
    let days = (expiry - today).num_days();
    if days < 0 {
        ExpiryState::Expired
    } else if days <= EXPIRING_SOON_DAYS {
        ExpiryState::ExpiringSoon
    } else {
        ExpiryState::Fresh
    }
}

/// The unit an item gets when none is given.
pub const DEFAULT_UNIT: &str = "item";
/// The category an item gets when none is given (and the one a shopping-list item is made in).
pub const DEFAULT_ITEM_CATEGORY: &str = "Other";
/// The longest text field of the item form.
const MAX_TEXT: usize = 100;
/// The largest stock or need: far beyond any cupboard, small enough for any sum.
pub const MAX_COUNT: i64 = 1_000_000;
/// The largest price: £999,999.99.
pub const MAX_PRICE: Money = crate::money::MAX_AMOUNT;

/// The inventory form as sent, before parsing; numbers as text.
#[derive(Debug, Clone, Default)]
pub struct ItemInput {
    pub name: String,
    pub category: String,
    pub brand: String,
    pub current_stock: Option<String>,
    pub default_needed: Option<String>,
    pub last_price: Option<String>,
    pub preferred_store: String,
    pub unit: String,
    pub expiry_date: String,
    pub item_type: String,
    pub size: String,
    pub location_in_house: String,
    pub image: String,
}

/// An item's fields, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemDraft {
    pub name: String,
    pub category: String,
    pub brand: String,
    pub current_stock: i64,
    pub default_needed: i64,
    pub last_price: Money,
    pub preferred_store: String,
    pub unit: String,
    pub expiry_date: Option<NaiveDate>,
    pub item_type: String,
    pub size: String,
    pub location_in_house: String,
    /// A server-relative path the upload gave ('' for none).
    pub image: String,
}

fn text(raw: &str, field: &'static str, label: &str) -> Result<String, ValidationError> {
    let t = raw.trim();
    if t.chars().count() > MAX_TEXT {
        return Err(ValidationError::new(field, format!("{label} cannot exceed {MAX_TEXT} characters")));
    }
    Ok(t.to_owned())
}

/// A whole count of at least 0: blank is `default`.
pub fn count(
    raw: Option<&str>,
    default: i64,
    field: &'static str,
    label: &str,
    negative: &str,
) -> Result<i64, ValidationError> {
    let Some(s) = raw.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(default) };
    // '3.0' is three; '2.5' is not a count.
    let whole = s.strip_suffix(".0").or_else(|| s.strip_suffix(".00")).unwrap_or(s);
    let n: i64 = match whole.parse() {
        Ok(n) => n,
        Err(_) if s.len() > 1 && s.starts_with('-') && s[1..].chars().all(|c| c.is_ascii_digit() || c == '.') => {
            return Err(ValidationError::new(field, negative));
        }
        Err(_) => return Err(ValidationError::new(field, format!("{label} must be a whole number"))),
    };
    if n < 0 {
        return Err(ValidationError::new(field, negative));
    }
    if n > MAX_COUNT {
        return Err(ValidationError::new(field, format!("{label} cannot exceed 1,000,000")));
    }
    Ok(n)
}

/// A price of at least £0.00 (blank is £0.00), at most £999,999.99.
pub fn price(raw: Option<&str>, field: &'static str) -> Result<Money, ValidationError> {
    let Some(s) = raw.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(Money::ZERO) };
    let p = Money::parse(s).map_err(|e| match e {
        MoneyParseError::NotANumber => ValidationError::new(field, "Price must be a number"),
        MoneyParseError::TooManyDecimals => ValidationError::new(field, "Price cannot have more than 2 decimal places"),
        MoneyParseError::TooLarge => ValidationError::new(field, "Price cannot exceed £999,999.99"),
    })?;
    if p.is_negative() {
        return Err(ValidationError::new(field, "Price cannot be negative"));
    }
    if p > MAX_PRICE {
        return Err(ValidationError::new(field, "Price cannot exceed £999,999.99"));
    }
    Ok(p)
}

impl ItemDraft {
    pub fn parse(input: &ItemInput) -> Result<Self, ValidationError> {
        let name = text(&input.name, "name", "Name")?;
        if name.is_empty() {
            return Err(ValidationError::new("name", "Name is required"));
        }
        let category = text(&input.category, "category", "Category")?;
        let unit = text(&input.unit, "unit", "Unit")?;
        let expiry = input.expiry_date.trim();
        Ok(ItemDraft {
            name,
            category: if category.is_empty() { DEFAULT_ITEM_CATEGORY.to_owned() } else { category },
            brand: text(&input.brand, "brand", "Brand")?,
            current_stock: count(
                input.current_stock.as_deref(),
                0,
                "currentStock",
                "Stock",
                "Stock cannot be negative",
            )?,
            default_needed: count(
                input.default_needed.as_deref(),
                1,
                "defaultNeeded",
                "Default needed",
                "Default needed cannot be negative",
            )?,
            last_price: price(input.last_price.as_deref(), "lastPrice")?,
            preferred_store: text(&input.preferred_store, "preferredStore", "Preferred store")?,
            unit: if unit.is_empty() { DEFAULT_UNIT.to_owned() } else { unit },
            expiry_date: if expiry.is_empty() { None } else { Some(parse_day(expiry, "expiryDate", "")?) },
            item_type: text(&input.item_type, "type", "Type")?,
            size: text(&input.size, "size", "Size")?,
            location_in_house: text(&input.location_in_house, "locationInHouse", "Location in house")?,
            image: input.image.trim().to_owned(),
        })
    }
}

/// Price × count, in pence (an item's total value, a trip line): None if it would overflow.
pub fn line_total(price: Money, count: i64) -> Option<Money> {
    price.pence().checked_mul(count).map(Money::from_pence)
}

/// What a trip line sends, before parsing.
#[derive(Debug, Clone, Default)]
pub struct TripLineInput {
    pub item_id: String,
    pub quantity: Option<String>,
    pub price: Option<String>,
    pub store: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripLine {
    pub item_id: crate::ids::InventoryItemId,
    /// At least 1.
    pub quantity: i64,
    pub price: Money,
    pub store: String,
}

pub const NO_TRIP_ITEMS: &str = "Please select at least one item to complete the shopping trip";

/// The lines of a trip and its exact total: at least one line, each a known item id, a whole
/// quantity of at least 1 and a price of at least £0.00.
pub fn parse_trip(lines: &[TripLineInput]) -> Result<(Vec<TripLine>, Money), ValidationError> {
    if lines.is_empty() {
        return Err(ValidationError::new("items", NO_TRIP_ITEMS));
    }
    let mut parsed = Vec::with_capacity(lines.len());
    let mut total = Money::ZERO;
    for l in lines {
        let item_id = uuid::Uuid::parse_str(l.item_id.trim())
            .map(crate::ids::InventoryItemId)
            .map_err(|_| ValidationError::new("items", "Each item needs its inventory item"))?;
        let quantity = count(l.quantity.as_deref(), 0, "quantity", "Quantity", "Quantity cannot be negative")?;
        if quantity < 1 {
            return Err(ValidationError::new("quantity", "Quantity must be at least 1"));
        }
        let price = price(l.price.as_deref(), "price")?;
        total = line_total(price, quantity)
            .and_then(|t| total.checked_add(t))
            .filter(|t| *t <= crate::money::MAX_AMOUNT)
            .ok_or_else(|| ValidationError::new("items", "A shopping trip cannot exceed £999,999.99"))?;
        parsed.push(TripLine { item_id, quantity, price, store: text(&l.store, "store", "Store")? });
    }
    Ok((parsed, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_colours_follow_the_table_for_needs_and_stocks_up_to_six() {
        use StockColour::{Amber as A, Green as G, Red as R};
        // Rows: needed 0..=6; columns: stock 0..=6.
        let table = [
            [G, G, G, G, G, G, G],
            [R, G, G, G, G, G, G],
            [R, A, G, G, G, G, G],
            [R, A, A, G, G, G, G],
            [R, A, A, G, G, G, G],
            [R, A, A, G, G, G, G],
            [R, A, A, G, G, G, G],
        ];
        for (needed, row) in table.iter().enumerate() {
            for (stock, expected) in row.iter().enumerate() {
                assert_eq!(stock_colour(needed as i64, stock as i64), *expected, "needed {needed}, stock {stock}");
            }
        }
    }

    #[test]
    fn an_item_below_its_need_is_restocked_by_what_is_missing() {
        use Restock::{Enough, Needed};
        for (needed, stock, expected) in [
            (2, 0, Needed(2)), // the milk of issue 29: none left, two needed
            (3, 2, Needed(1)),
            (5, 3, Needed(2)), // green by colour (three is plenty) but still short of the need
            (1, 0, Needed(1)),
            (2, 2, Enough),
            (1, 5, Enough),
            (0, 0, Enough), // nothing needed: never listed
            (MAX_COUNT, 0, Needed(MAX_COUNT)),
        ] {
            assert_eq!(restock(needed, stock), expected, "needed {needed}, stock {stock}");
        }
    }

    #[test]
    fn expiry_is_soon_from_today_to_a_week_ahead() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let on = |d: i64| expiry_state(today + chrono::Duration::days(d), today);
        assert_eq!(on(-1), ExpiryState::Expired);
        assert_eq!(on(0), ExpiryState::ExpiringSoon);
        assert_eq!(on(7), ExpiryState::ExpiringSoon);
        assert_eq!(on(8), ExpiryState::Fresh);
    }

    #[test]
    fn the_quantity_to_buy_tops_up_to_what_is_needed() {
        assert_eq!(quantity_to_buy(4, 1), 3);
        assert_eq!(quantity_to_buy(2, 2), 0);
        assert_eq!(quantity_to_buy(1, 5), 0);
    }

    fn item(f: impl Fn(&mut ItemInput)) -> Result<ItemDraft, ValidationError> {
        let mut i = ItemInput { name: "Semi-skimmed milk".into(), ..ItemInput::default() };
        f(&mut i);
        ItemDraft::parse(&i)
    }

    #[test]
    fn the_item_form_fills_defaults_and_says_what_is_wrong() {
        let d = item(|_| {}).unwrap();
        assert_eq!((d.unit.as_str(), d.category.as_str()), ("item", "Other"));
        assert_eq!((d.current_stock, d.default_needed, d.last_price), (0, 1, Money::ZERO));
        let d = item(|i| {
            i.current_stock = Some("0".into());
            i.default_needed = Some("0".into());
            i.last_price = Some("1.15".into());
            i.expiry_date = "2026-12-01".into();
            i.unit = " litre ".into();
        })
        .unwrap();
        assert_eq!((d.current_stock, d.default_needed, d.last_price.pence(), d.unit.as_str()), (0, 0, 115, "litre"));
        assert_eq!(d.expiry_date, NaiveDate::from_ymd_opt(2026, 12, 1));

        let message = |f: &dyn Fn(&mut ItemInput)| item(f).unwrap_err().message;
        assert_eq!(message(&|i| i.name = "  ".into()), "Name is required");
        assert_eq!(message(&|i| i.name = "n".repeat(101)), "Name cannot exceed 100 characters");
        assert_eq!(message(&|i| i.current_stock = Some("-1".into())), "Stock cannot be negative");
        assert_eq!(message(&|i| i.current_stock = Some("1.5".into())), "Stock must be a whole number");
        assert_eq!(message(&|i| i.current_stock = Some("-1.5".into())), "Stock cannot be negative");
        assert_eq!(message(&|i| i.default_needed = Some("-2".into())), "Default needed cannot be negative");
        assert_eq!(message(&|i| i.default_needed = Some("lots".into())), "Default needed must be a whole number");
        assert_eq!(message(&|i| i.last_price = Some("-0.01".into())), "Price cannot be negative");
        assert_eq!(message(&|i| i.last_price = Some("1000000".into())), "Price cannot exceed £999,999.99");
        assert_eq!(message(&|i| i.expiry_date = "31/12/2026".into()), "Date must be a valid date (YYYY-MM-DD)");
        assert_eq!(item(|i| i.current_stock = Some("3.0".into())).unwrap().current_stock, 3);
    }

    #[test]
    fn a_trip_totals_exactly_and_refuses_empty_or_bad_lines() {
        let line = |q: &str, p: &str| TripLineInput {
            item_id: uuid::Uuid::from_u128(1).to_string(),
            quantity: Some(q.into()),
            price: Some(p.into()),
            store: "Tesco".into(),
        };
        let (lines, total) = parse_trip(&[line("3", "0.10"), line("2", "1.15")]).unwrap();
        assert_eq!((lines.len(), total.pence()), (2, 260), "0.30 + 2.30 with no float drift");
        assert_eq!(parse_trip(&[]).unwrap_err().message, NO_TRIP_ITEMS);
        assert_eq!(parse_trip(&[line("0", "1")]).unwrap_err().message, "Quantity must be at least 1");
        assert_eq!(parse_trip(&[line("-1", "1")]).unwrap_err().message, "Quantity cannot be negative");
        assert_eq!(parse_trip(&[line("1", "-1")]).unwrap_err().message, "Price cannot be negative");
        assert_eq!(
            parse_trip(&[line("1000", "999999")]).unwrap_err().message,
            "A shopping trip cannot exceed £999,999.99"
        );
        let mut bad = line("1", "1");
        bad.item_id = "nope".into();
        assert_eq!(parse_trip(&[bad]).unwrap_err().message, "Each item needs its inventory item");
    }
}
