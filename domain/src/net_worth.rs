//! Net worth over time: every account's balance at each month end, from its initial balance and
//! its month balances (the net of each month), with credit cards and loans as liabilities.

use crate::accounts::AccountType;
use crate::dates::CalendarMonth;
use crate::validation::whole_number;
use crate::{Money, ValidationError};

/// How many months the net worth chart may look back over: 1 to 120, 24 by default.
pub const NET_WORTH_MONTHS: std::ops::RangeInclusive<u32> = 1..=120;
pub const DEFAULT_NET_WORTH_MONTHS: u32 = 24;

/// Reads `?months=` as sent: blank or absent for the default.
pub fn parse_months(raw: Option<&str>) -> Result<u32, ValidationError> {
    let message = "Months must be a whole number between 1 and 120";
    let months = whole_number(raw, "months", message)?;
    match months {
        None => Ok(DEFAULT_NET_WORTH_MONTHS),
        Some(m) => u32::try_from(m)
            .ok()
            .filter(|m| NET_WORTH_MONTHS.contains(m))
            .ok_or_else(|| ValidationError::new("months", message)),
    }
}

/// One account's balances as the month balances keep them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountMonths {
    pub account_type: AccountType,
    /// Its balance when the first month of the chart begins (initial balance and every month
    /// before).
    pub opening: Money,
    /// The net counted movement of each month of the chart that has any, in any order.
    pub nets: Vec<(CalendarMonth, Money)>,
}

/// The household's position at one month end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetWorthPoint {
    pub month: CalendarMonth,
    /// What the non-credit accounts hold.
    pub assets: Money,
    /// What the credit cards and loans owe, positive (negative when they are in credit).
    pub liabilities: Money,
    /// Assets less liabilities: the sum of every balance.
    pub net_worth: Money,
}

/// The month-end positions of `months` months ending with `last`, oldest first.
pub fn net_worth_over_time(accounts: &[AccountMonths], last: CalendarMonth, months: u32) -> Vec<NetWorthPoint> {
    let first = last.plus(1 - months as i32);
    let mut balances: Vec<Money> = accounts.iter().map(|a| a.opening).collect();
    (0..months as i32)
        .map(|i| {
            let month = first.plus(i);
            let (mut assets, mut liabilities) = (Money::ZERO, Money::ZERO);
            for (a, balance) in accounts.iter().zip(balances.iter_mut()) {
                *balance += a.nets.iter().filter(|(m, _)| *m == month).map(|(_, net)| *net).sum();
                if a.account_type.is_credit() {
                    liabilities += -*balance;
                } else {
                    assets += *balance;
                }
            }
            NetWorthPoint { month, assets, liabilities, net_worth: assets - liabilities }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(y: i32, m: u32) -> CalendarMonth {
        CalendarMonth::new(y, m).unwrap()
    }

    #[test]
    fn month_ends_add_each_months_net_to_the_opening_with_credit_as_a_liability() {
        let accounts = vec![
            AccountMonths {
                account_type: AccountType::Current,
                opening: Money::from_pence(100_000),
                nets: vec![(month(2026, 3), Money::from_pence(-20_000)), (month(2026, 1), Money::from_pence(50_000))],
            },
            AccountMonths {
                account_type: AccountType::CreditCard,
                opening: Money::from_pence(-30_000),
                nets: vec![(month(2026, 2), Money::from_pence(-5_000))],
            },
            AccountMonths { account_type: AccountType::Credit, opening: Money::from_pence(-1_000_000), nets: vec![] },
        ];
        let points = net_worth_over_time(&accounts, month(2026, 3), 3);
        let figures: Vec<(CalendarMonth, i64, i64, i64)> =
            points.iter().map(|p| (p.month, p.assets.pence(), p.liabilities.pence(), p.net_worth.pence())).collect();
        assert_eq!(
            figures,
            vec![
                (month(2026, 1), 150_000, 1_030_000, -880_000),
                (month(2026, 2), 150_000, 1_035_000, -885_000),
                (month(2026, 3), 130_000, 1_035_000, -905_000),
            ]
        );
        assert_eq!(net_worth_over_time(&[], month(2026, 3), 2).len(), 2);
        assert_eq!(net_worth_over_time(&accounts, month(2026, 1), 12)[0].month, month(2025, 2), "across a year");
    }

    #[test]
    fn months_are_1_to_120_and_24_by_default() {
        assert_eq!(parse_months(None), Ok(24));
        assert_eq!(parse_months(Some(" ")), Ok(24));
        assert_eq!(parse_months(Some("1")), Ok(1));
        assert_eq!(parse_months(Some("120")), Ok(120));
        for bad in ["0", "121", "-3", "twelve", "1.5", "99999999999"] {
            assert_eq!(
                parse_months(Some(bad)).unwrap_err().message,
                "Months must be a whole number between 1 and 120",
                "{bad}"
            );
        }
    }
}
