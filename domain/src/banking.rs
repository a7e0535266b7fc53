//! Bank linking's rules: how a bank's accounts and transactions become ours. The provider
//! speaks in its own terms (Plaid's account types, amounts positive for money leaving, its
//! personal finance categories); these functions translate them, exactly and in one place.

use crate::accounts::AccountType;
use crate::categories::CategoryDraft;
use crate::transactions::TransactionType;
use crate::Money;

/// Descriptions longer than the ledger allows are cut (the spec's limit).
pub const DESCRIPTION_MAX: usize = 100;
/// Account names are 2 to 50 characters.
pub const ACCOUNT_NAME_MAX: usize = 50;
/// The category a bank row gets when nothing better fits; made on demand.
pub const UNCATEGORISED: &str = "Uncategorised";

/// The category made when a user has none called `Uncategorised` yet.
pub fn uncategorised() -> CategoryDraft {
    CategoryDraft {
        name: UNCATEGORISED.into(),
        description: "Bank transactions without a better category".into(),
        color: "#795548".into(),
        icon: "credit-card".into(),
        kind: crate::transactions::TransactionType::Expense,
        tax_treatment: None,
    }
}

/// Our account type for a provider's type and subtype (Plaid's names).
pub fn account_type(kind: &str, subtype: Option<&str>) -> AccountType {
    match (kind, subtype.unwrap_or_default()) {
        ("depository", "savings" | "isa" | "cash isa" | "money market" | "cd") => AccountType::Savings,
        ("depository", _) => AccountType::Current,
        ("credit", _) => AccountType::CreditCard,
        ("investment" | "brokerage", _) => AccountType::Investment,
        _ => AccountType::Other,
    }
}

/// Pence from a provider's decimal amount ('12.3', '-0.05', '1234.565'), exactly: digits
/// beyond the penny are rounded half away from zero in decimal, never through a float.
/// None for anything that is not a plain decimal or does not fit.
pub fn pence_from_decimal(raw: &str) -> Option<i64> {
    let raw = raw.trim();
    let (negative, digits) = match raw.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, raw.strip_prefix('+').unwrap_or(raw)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) || whole.len() > 15 {
        return None;
    }
    let pounds: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let mut cents =
        fraction.bytes().chain(std::iter::repeat(b'0')).take(2).fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
    if fraction.len() > 2 && fraction.as_bytes()[2] >= b'5' {
        cents += 1;
    }
    let pence = pounds.checked_mul(100)?.checked_add(cents)?;
    Some(if negative { -pence } else { pence })
}

/// A bank row in ledger terms: the provider's amount is positive for money leaving the account,
/// so that is an expense stored negative; money coming in is income. None for a zero amount
/// (an authorisation check moves no money and is not imported).
pub fn entry_amount(provider_pence: i64) -> Option<(TransactionType, Money)> {
    match provider_pence {
        0 => None,
        p if p > 0 => Some((TransactionType::Expense, Money::from_pence(-p))),
        p => Some((TransactionType::Income, Money::from_pence(-p))),
    }
}

/// The name of the category a bank row goes to, from the provider's personal finance category
/// (primary and detailed, Plaid's taxonomy). Money in is Salary for wages and Other Income
/// otherwise; money out goes by the table below, and to `Uncategorised` where nothing fits.
pub fn category_name(kind: TransactionType, primary: Option<&str>, detailed: Option<&str>) -> &'static str {
    let primary = primary.unwrap_or_default();
    let detailed = detailed.unwrap_or_default();
    if kind == TransactionType::Income {
        return if detailed == "INCOME_WAGES" { "Salary" } else { "Other Income" };
    }
    match detailed {
        "FOOD_AND_DRINK_GROCERIES" => return "Groceries",
        "FOOD_AND_DRINK_COFFEE" => return "Coffee & Snacks",
        "RENT_AND_UTILITIES_RENT" | "LOAN_PAYMENTS_MORTGAGE_PAYMENT" => return "Rent & Mortgage",
        "RENT_AND_UTILITIES_TELEPHONE" | "RENT_AND_UTILITIES_INTERNET_AND_CABLE" => return "Phone & Internet",
        "ENTERTAINMENT_MUSIC_AND_AUDIO" | "ENTERTAINMENT_TV_AND_MOVIES" | "GENERAL_SERVICES_SUBSCRIPTION" => {
            return "Subscriptions"
        }
        "PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS" => return "Health & Fitness",
        "GOVERNMENT_AND_NON_PROFIT_DONATIONS" | "GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES" => {
            return "Gifts & Donations"
        }
        "GENERAL_SERVICES_EDUCATION" | "GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS" => return "Education",
        _ => {}
    }
    match primary {
        "FOOD_AND_DRINK" => "Eating Out",
        "RENT_AND_UTILITIES" => "Bills & Utilities",
        "TRANSPORTATION" => "Transport",
        "TRAVEL" => "Travel",
        "GENERAL_MERCHANDISE" | "HOME_IMPROVEMENT" => "Shopping",
        "ENTERTAINMENT" => "Entertainment",
        "MEDICAL" => "Health & Fitness",
        _ => UNCATEGORISED,
    }
}

/// A bank row's description: the merchant's name when the bank gives one, else its text;
/// spaces collapsed, cut to the ledger's limit, and never empty.
pub fn description(merchant: Option<&str>, name: &str) -> String {
    let chosen = merchant.map(str::trim).filter(|m| !m.is_empty()).unwrap_or(name);
    let collapsed = chosen.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = collapsed.chars().take(DESCRIPTION_MAX).collect();
    if cut.is_empty() {
        "Bank transaction".into()
    } else {
        cut
    }
}

/// A linked account's name: the bank's name for it with the last digits ('Current ••1234'),
/// cut to 50 characters, and the institution's name when the bank gives none.
pub fn account_name(name: &str, mask: Option<&str>, institution: &str) -> String {
    let base = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let base = if base.chars().count() < 2 { institution.trim().to_owned() } else { base };
    let full = match mask.map(str::trim).filter(|m| !m.is_empty()) {
        Some(mask) => format!("{base} ••{mask}"),
        None => base,
    };
    let cut: String = full.chars().take(ACCOUNT_NAME_MAX).collect();
    if cut.chars().count() < 2 {
        "Bank account".into()
    } else {
        cut
    }
}

/// What the bank says an account holds, in our sign: money owed on a credit card (which the
/// bank reports as a positive balance) is negative here.
pub fn ledger_balance(account_type: AccountType, bank_current: Money) -> Money {
    if account_type.is_credit() {
        -bank_current
    } else {
        bank_current
    }
}

/// The opening balance that makes an account's current balance equal the bank's after its
/// history is imported: the bank's balance in our sign (`ledger_balance`) less what the
/// imported rows add up to.
pub fn opening_balance(bank_balance: Money, imported_sum: Money) -> Money {
    bank_balance - imported_sum
}

/// The credit limit of a linked credit card: the bank's, or, when it gives none (or zero), what
/// is owed rounded up to the next £100 (at least £100), since a credit account needs a limit.
pub fn credit_limit(bank_limit: Option<Money>, owed: Money) -> Money {
    match bank_limit {
        Some(limit) if limit.is_positive() => limit,
        _ => {
            let hundreds = (owed.pence().max(0) + 9_999) / 10_000;
            Money::from_pence(hundreds.max(1) * 10_000)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provider_account_types_map_to_ours() {
        let cases = [
            ("depository", Some("checking"), AccountType::Current),
            ("depository", Some("savings"), AccountType::Savings),
            ("depository", None, AccountType::Current),
            ("credit", Some("credit card"), AccountType::CreditCard),
            ("investment", Some("isa"), AccountType::Investment),
            ("loan", Some("mortgage"), AccountType::Other),
            ("other", None, AccountType::Other),
        ];
        for (kind, subtype, expected) in cases {
            assert_eq!(account_type(kind, subtype), expected, "{kind} {subtype:?}");
        }
    }

    #[test]
    fn decimal_amounts_become_pence_exactly() {
        let cases = [
            ("12.34", Some(1234)),
            ("12.3", Some(1230)),
            ("12", Some(1200)),
            ("-0.05", Some(-5)),
            ("0.1", Some(10)),
            ("1234.565", Some(123457)),
            ("-1234.564", Some(-123456)),
            ("0.004", Some(0)),
            (".5", Some(50)),
            ("", None),
            ("1e3", None),
            ("12.3.4", None),
            ("£12", None),
            ("99999999999999999999", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(pence_from_decimal(raw), expected, "{raw:?}");
        }
    }

    #[test]
    fn money_leaving_is_an_expense_and_money_arriving_is_income() {
        assert_eq!(entry_amount(1250), Some((TransactionType::Expense, Money::from_pence(-1250))));
        assert_eq!(entry_amount(-250_000), Some((TransactionType::Income, Money::from_pence(250_000))));
        assert_eq!(entry_amount(0), None);
    }

    #[test]
    fn categories_follow_the_table_and_fall_back() {
        use TransactionType::{Expense, Income};
        let cases = [
            (Expense, "FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES", "Groceries"),
            (Expense, "FOOD_AND_DRINK", "FOOD_AND_DRINK_RESTAURANT", "Eating Out"),
            (Expense, "FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE", "Coffee & Snacks"),
            (Expense, "TRANSPORTATION", "TRANSPORTATION_PUBLIC_TRANSIT", "Transport"),
            (Expense, "RENT_AND_UTILITIES", "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY", "Bills & Utilities"),
            (Expense, "RENT_AND_UTILITIES", "RENT_AND_UTILITIES_RENT", "Rent & Mortgage"),
            (Expense, "RENT_AND_UTILITIES", "RENT_AND_UTILITIES_TELEPHONE", "Phone & Internet"),
            (Expense, "ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES", "Subscriptions"),
            (Expense, "GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES", "Shopping"),
            (Expense, "BANK_FEES", "BANK_FEES_OVERDRAFT_FEES", UNCATEGORISED),
            (Expense, "", "", UNCATEGORISED),
            (Income, "INCOME", "INCOME_WAGES", "Salary"),
            (Income, "INCOME", "INCOME_INTEREST_EARNED", "Other Income"),
            (Income, "FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES", "Other Income"),
        ];
        for (kind, primary, detailed, expected) in cases {
            assert_eq!(category_name(kind, Some(primary), Some(detailed)), expected, "{detailed}");
        }
        assert_eq!(category_name(Expense, None, None), UNCATEGORISED);
        let every_name: Vec<_> = crate::categories::default_categories().into_iter().map(|c| c.name).collect();
        for (kind, primary, detailed, expected) in cases {
            let name = category_name(kind, Some(primary), Some(detailed));
            assert!(name == UNCATEGORISED || every_name.iter().any(|n| n == name), "{expected} is a default category");
        }
    }

    #[test]
    fn descriptions_prefer_the_merchant_and_fit_the_ledger() {
        assert_eq!(description(Some("Tesco"), "TESCO STORES 2231 LONDON"), "Tesco");
        assert_eq!(description(Some("  "), "TESCO   STORES  2231"), "TESCO STORES 2231");
        assert_eq!(description(None, ""), "Bank transaction");
        assert_eq!(description(None, &"x".repeat(300)).chars().count(), DESCRIPTION_MAX);
    }

    #[test]
    fn account_names_carry_the_last_digits_and_fit() {
        assert_eq!(account_name("Club Lloyds", Some("1234"), "Lloyds"), "Club Lloyds ••1234");
        assert_eq!(account_name("", None, "Demo Bank UK"), "Demo Bank UK");
        assert_eq!(account_name(&"A".repeat(80), Some("9"), "X").chars().count(), ACCOUNT_NAME_MAX);
        assert_eq!(account_name("", None, ""), "Bank account");
    }

    #[test]
    fn the_opening_balance_makes_the_current_balance_the_banks() {
        let imported = Money::from_pence(-12_345);
        let opening = opening_balance(ledger_balance(AccountType::Current, Money::from_pence(100_000)), imported);
        assert_eq!(opening + imported, Money::from_pence(100_000));
        // A card owing £250 (the bank says +250) after £300 of spending and a £50 repayment.
        let imported = Money::from_pence(-30_000 + 5_000);
        let opening = opening_balance(ledger_balance(AccountType::CreditCard, Money::from_pence(25_000)), imported);
        assert_eq!(opening + imported, Money::from_pence(-25_000));
        assert_eq!(opening, Money::ZERO);
    }

    #[test]
    fn a_card_without_a_limit_gets_one_above_what_is_owed() {
        assert_eq!(credit_limit(Some(Money::from_pence(300_000)), Money::from_pence(5)), Money::from_pence(300_000));
        assert_eq!(credit_limit(None, Money::from_pence(25_001)), Money::from_pence(30_000));
        assert_eq!(credit_limit(Some(Money::ZERO), Money::ZERO), Money::from_pence(10_000));
        assert_eq!(credit_limit(None, Money::from_pence(-500)), Money::from_pence(10_000));
    }
}
