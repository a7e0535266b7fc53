//! Pounds only, and midata: a row or a statement in another currency is a problem naming its
//! code (a currency column, a money column named for a currency, Revolut's Currency), a spend
//! abroad already in pounds is not; the UK's midata layout is found below its account line.

use crate::common;

use common::{fixture, parse, parse_with, problem, row};

#[test]
fn a_row_whose_currency_column_is_not_gbp_is_a_problem_naming_its_code() {
    let text = "Date,Description,Amount,Currency\n01/02/2026,Tea,-1.00,GBP\n02/02/2026,Cafe,-4.00,eur\n03/02/2026,Bus,-2.00,\n";
    let parsed = parse("x.csv", text.as_bytes()).unwrap();
    assert_eq!(parsed.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4], "GBP and a blank cell are pounds");
    assert_eq!(parsed.problems, [problem(3, "This row is in EUR; MySpending records pounds sterling only")]);
    // The same rule once the user confirms the guessed mapping.
    let chosen = parse_with("x.csv", text.as_bytes(), parsed.mapping.as_ref().unwrap()).unwrap();
    assert_eq!(chosen.problems, parsed.problems);
}

#[test]
fn a_money_column_named_for_another_currency_makes_every_row_a_problem() {
    let parsed =
        parse("x.csv", b"Date,Description,Amount (EUR)\n01/02/2026,Tea,-1.00\n02/02/2026,Cafe,-4.00\n").unwrap();
    assert_eq!(parsed.rows, []);
    let eur = "This statement is in EUR; MySpending records pounds sterling only";
    assert_eq!(parsed.problems, [problem(2, eur), problem(3, eur)]);
    let pounds = parse("x.csv", b"Date,Description,Amount (GBP)\n01/02/2026,Tea,-1.00\n").unwrap();
    assert_eq!(pounds.rows.len(), 1);
}

#[test]
fn midata_is_found_below_its_account_line_with_spaced_unquoted_headers() {
    let text = "Account Number:,****1234\n\nDate, Type, Merchant/Description, Debit/Credit, Balance\n\
        02/03/2026, POS, CORNER SHOP, -£52.00,\"£1,198.00\"\n\
        01/03/2026, BGC, EMPLOYER,\"£1,250.00\",\"£1,250.00\"\n\
        \nArranged overdraft limit, 02/03/2026, £0.00\n";
    let parsed = parse("x.csv", text.as_bytes()).unwrap();
    assert_eq!(parsed.preset, "midata");
    assert_eq!(
        parsed.rows,
        [
            row(4, "2026-03-02", "CORNER SHOP", -5200, None, None, "POS"),
            row(5, "2026-03-01", "EMPLOYER", 125_000, None, None, "BGC"),
        ]
    );
    assert_eq!(parsed.problems, [], "the overdraft line is not a transaction");
}

#[test]
fn a_revolut_row_in_euros_is_a_problem_and_its_pound_rows_are_read() {
    let mut text = fixture("revolut.csv");
    text.extend_from_slice(
        b"CARD_PAYMENT,Current,2026-05-08 11:00:00,2026-05-08 11:00:02,Boulangerie Paris,-6.40,0.00,EUR,COMPLETED,93.60\n",
    );
    let parsed = parse("revolut.csv", &text).unwrap();
    assert_eq!(parsed.preset, "revolut");
    assert_eq!(parsed.rows.len(), 4, "the pound rows as before");
    assert_eq!(
        parsed.problems.last(),
        Some(&problem(8, "This row is in EUR; MySpending records pounds sterling only"))
    );
}
