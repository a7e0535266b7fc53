//! The demo bank's calendar: what each account does on a given day (the same on every call),
//! and those rows as the bank provider port's transactions.

use chrono::{Datelike, NaiveDate, Weekday};
use ports::banking::BankTransaction;

pub(super) const CURRENT: &str = "demo-current";
pub(super) const CARD: &str = "demo-card";
/// The current account's balance the day before the history starts, in pence.
pub(super) const CURRENT_OPENING: i64 = 185_000;
/// What the card owed the day before the history starts, in pence.
pub(super) const CARD_OPENING_OWED: i64 = 42_000;

/// A small deterministic generator (xorshift) seeded by the day and the account.
struct Dice(u64);

impl Dice {
    fn new(day: NaiveDate, salt: u64) -> Self {
        Dice(
            (day.num_days_from_ce() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03)
                | 1,
        )
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Pence between `low` and `high` inclusive.
    fn pence(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// One row of the demo history: (account, amount leaving in pence, name, merchant, primary, detailed).
pub(super) struct Row {
    pub(super) account: &'static str,
    pub(super) amount: i64,
    name: &'static str,
    merchant: Option<&'static str>,
    primary: &'static str,
    detailed: &'static str,
}

fn row(
    account: &'static str,
    amount: i64,
    name: &'static str,
    merchant: Option<&'static str>,
    detailed: &'static str,
) -> Row {
    let primary = [
        "FOOD_AND_DRINK",
        "RENT_AND_UTILITIES",
        "TRANSPORTATION",
        "GENERAL_MERCHANDISE",
        "ENTERTAINMENT",
        "LOAN_PAYMENTS",
        "TRANSFER_IN",
        "INCOME",
        "TRAVEL",
    ]
    .into_iter()
    .find(|p| detailed.starts_with(p))
    .unwrap_or("GENERAL_SERVICES");
    Row { account, amount, name, merchant, primary, detailed }
}

/// Everything that happened on a day, in a fixed order.
pub(super) fn day_rows(day: NaiveDate) -> Vec<Row> {
    let mut rows = vec![];
    let mut dice = Dice::new(day, 1);
    let weekday = day.weekday();
    let weekend = matches!(weekday, Weekday::Sat | Weekday::Sun);
    match day.day() {
        1 => rows.push(row(
            CURRENT,
            95_000,
            "STANDING ORDER FLAT 2 RENT",
            Some("Harbour Lettings"),
            "RENT_AND_UTILITIES_RENT",
        )),
        3 => {
            rows.push(row(CURRENT, 14_200, "DD COUNCIL TAX", Some("Council Tax"), "RENT_AND_UTILITIES_OTHER_UTILITIES"))
        }
        10 => rows.push(row(
            CURRENT,
            8_800,
            "DD OCTOPUS ENERGY",
            Some("Octopus Energy"),
            "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY",
        )),
        12 => rows.push(row(CARD, 1_099, "NETFLIX.COM", Some("Netflix"), "ENTERTAINMENT_TV_AND_MOVIES")),
        15 => rows.push(row(
            CURRENT,
            3_200,
            "DD BT GROUP PLC",
            Some("BT Broadband"),
            "RENT_AND_UTILITIES_INTERNET_AND_CABLE",
        )),
        18 => rows.push(row(CURRENT, 1_800, "DD GIFFGAFF", Some("giffgaff"), "RENT_AND_UTILITIES_TELEPHONE")),
        20 => {
            rows.push(row(CURRENT, 35_000, "DEMO BANK CARD PAYMENT", None, "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"));
            rows.push(row(CARD, -35_000, "PAYMENT RECEIVED - THANK YOU", None, "TRANSFER_IN_ACCOUNT_TRANSFER"));
        }
        25 => rows.push(row(CURRENT, -245_000, "ACME LTD SALARY", Some("Acme Ltd"), "INCOME_WAGES")),
        _ => {}
    }
    if !weekend {
        rows.push(row(
            CURRENT,
            dice.pence(280, 810),
            "TFL TRAVEL CH",
            Some("Transport for London"),
            "TRANSPORTATION_PUBLIC_TRANSIT",
        ));
        if dice.chance(45) {
            rows.push(row(
                CURRENT,
                dice.pence(295, 420),
                "PRET A MANGER",
                Some("Pret A Manger"),
                "FOOD_AND_DRINK_COFFEE",
            ));
        }
    }
    if weekday == Weekday::Sat {
        rows.push(row(
            CURRENT,
            dice.pence(3_500, 7_500),
            "TESCO STORES 2231",
            Some("Tesco"),
            "FOOD_AND_DRINK_GROCERIES",
        ));
    }
    if weekday == Weekday::Wed && dice.chance(60) {
        rows.push(row(
            CURRENT,
            dice.pence(900, 2_400),
            "SAINSBURYS LOCAL",
            Some("Sainsbury's"),
            "FOOD_AND_DRINK_GROCERIES",
        ));
    }
    if weekend && dice.chance(50) {
        rows.push(row(
            CARD,
            dice.pence(2_500, 6_000),
            "DISHOOM KINGS CROSS",
            Some("Dishoom"),
            "FOOD_AND_DRINK_RESTAURANT",
        ));
    }
    if dice.chance(12) {
        rows.push(row(
            CARD,
            dice.pence(999, 4_500),
            "AMAZON.CO.UK*MK2",
            Some("Amazon"),
            "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES",
        ));
    }
    if day.day() == 8 {
        rows.push(row(CARD, dice.pence(3_000, 6_500), "TRAINLINE.COM", Some("Trainline"), "TRAVEL_OTHER_TRAVEL"));
    }
    rows
}

pub(super) fn transaction_id(item: &str, day: NaiveDate, index: usize, posted: bool) -> String {
    let stage = if posted { "posted" } else { "pending" };
    format!("demo-{item}-{}-{index}-{stage}", day.format("%Y%m%d"))
}

pub(super) fn to_bank(item: &str, day: NaiveDate, index: usize, r: &Row, pending: bool) -> BankTransaction {
    BankTransaction {
        provider_transaction_id: transaction_id(item, day, index, !pending),
        provider_account_id: r.account.to_owned(),
        amount: r.amount,
        date: day,
        name: r.name.to_owned(),
        merchant_name: r.merchant.map(str::to_owned),
        pending,
        category_primary: Some(r.primary.to_owned()),
        category_detailed: Some(r.detailed.to_owned()),
    }
}
