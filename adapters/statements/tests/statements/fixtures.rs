//! One test per fixture file: the bank is recognised and its rows read exactly.

use crate::common;

use common::{assert_statement, parse, parse_fixture, problem, row};
use ports::statements::{DateFormat, StatementError, StatementFormat};

#[test]
fn monzo_uses_name_transaction_id_category_and_notes() {
    let parsed = parse_fixture("monzo.csv");
    assert_eq!((parsed.format, parsed.needs_mapping), (StatementFormat::Csv, false));
    assert_statement(
        &parsed,
        "monzo",
        6,
        row(2, "2026-03-01", "Bean Counter Coffee", -320, Some("tx_0000AbCdEf0001"), Some("Eating out"), ""),
        row(7, "2026-03-05", "Brightside Energy", -6400, Some("tx_0000AbCdEf0006"), Some("Bills"), ""),
        &[],
    );
    let pot = &parsed.rows[3];
    assert_eq!((pot.description.as_str(), pot.amount.pence()), ("Holiday pot", -10_000), "empty Name falls back");
    assert_eq!(parsed.rows[4].notes, "Lunch with the team");
    assert_eq!(
        parsed.rows[4].amount.pence(),
        -1890,
        "a spend abroad is in pounds: Currency is GBP, only Local currency is EUR"
    );
}

#[test]
fn starling_reads_counter_party_reference_and_spending_category() {
    assert_statement(
        &parse_fixture("starling.csv"),
        "starling",
        4,
        row(3, "2026-04-02", "Corner Shop", -435, None, Some("GROCERIES"), "CORNER SHOP YORK"),
        row(6, "2026-04-06", "Rail Co", -2310, None, Some("TRANSPORT"), "RAIL CO TICKET"),
        &[problem(2, "Amount is zero")],
    );
}

#[test]
fn revolut_keeps_completed_rows_and_takes_fees_as_money_out() {
    let parsed = parse_fixture("revolut.csv");
    assert_statement(
        &parsed,
        "revolut",
        4,
        row(2, "2026-05-01", "Top-up by *1234", 20_000, None, None, ""),
        row(7, "2026-05-07", "To A Example", -3025, None, None, ""),
        &[
            problem(4, "Transaction state is 'PENDING', not COMPLETED"),
            problem(5, "Transaction state is 'REVERTED', not COMPLETED"),
        ],
    );
    assert_eq!(parsed.rows[1].date.to_string(), "2026-05-03", "the completed date, not the started one");
    assert_eq!(parsed.rows[2].amount.pence(), -5100, "£50 cash plus a £1 fee");
    assert_eq!(parsed.mapping.unwrap().date_format, Some(DateFormat::YearMonthDay));
}

#[test]
fn barclays_uses_memo_with_its_spaces_folded() {
    assert_statement(
        &parse_fixture("barclays.csv"),
        "barclays",
        5,
        row(2, "2026-06-01", "TESCO STORES 3456 ON 31 MAY BCC", -1250, None, None, ""),
        row(6, "2026-06-05", "CORNER CAFE ON 04 JUN BCC", -675, None, None, ""),
        &[],
    );
    assert_eq!(parse_fixture("barclays.csv").rows[3].description, "CHEQUE", "empty memo falls back to subcategory");
}

#[test]
fn hsbc_without_a_header_is_known_by_its_shape() {
    let parsed = parse_fixture("hsbc.csv");
    assert_eq!(parsed.columns, ["Date", "Description", "Amount"]);
    assert!(!parsed.needs_mapping);
    assert_statement(
        &parsed,
        "hsbc",
        4,
        row(1, "2026-06-30", "CORNER BAKERY LONDON", -340, None, None, ""),
        row(4, "2026-06-27", "ELECTRICITY CO DD", -5812, None, None, ""),
        &[],
    );
    assert_eq!(parsed.rows[1].amount.pence(), 185_000);
}

#[test]
fn lloyds_reads_debit_and_credit_columns() {
    let parsed = parse_fixture("lloyds.csv");
    assert_eq!(parsed.columns.len(), 8, "the trailing comma names no column");
    assert_statement(
        &parsed,
        "lloyds",
        5,
        row(2, "2026-07-01", "SUPERSTORE 1234", -5230, None, None, ""),
        row(6, "2026-07-05", "BOOKSHOP 22", -999, None, None, ""),
        &[],
    );
    assert_eq!(parsed.rows[1].amount.pence(), 250_000);
    assert_eq!(parsed.rows[3].description, "SO", "empty description falls back to the type");
}

#[test]
fn halifax_has_the_lloyds_layout() {
    assert_statement(
        &parse_fixture("halifax.csv"),
        "lloyds",
        3,
        row(2, "2026-07-16", "THE WHITE HART", -800, None, None, ""),
        row(4, "2026-07-18", "CASH MACHINE 42", -4000, None, None, ""),
        &[],
    );
}

#[test]
fn tsb_is_the_lloyds_layout_with_iso_dates() {
    assert_statement(
        &parse_fixture("tsb.csv"),
        "tsb",
        3,
        row(2, "2026-10-01", "NEWSAGENT 9", -210, None, None, ""),
        row(4, "2026-10-03", "COUNCIL TAX", -14_000, None, None, ""),
        &[],
    );
}

#[test]
fn natwest_after_its_blank_line_loses_the_apostrophes() {
    assert_statement(
        &parse_fixture("natwest.csv"),
        "natwest",
        4,
        row(3, "2026-08-01", "2565 31JUL26 , SOUNDWAVE MUSIC , LONDON GB", -999, None, None, ""),
        row(6, "2026-08-04", "HIGH STREET 3 ATM", -2000, None, None, ""),
        &[],
    );
}

#[test]
fn nationwide_in_windows_1252_below_its_preamble() {
    let parsed = parse_fixture("nationwide.csv");
    assert_eq!(parsed.mapping.as_ref().unwrap().date_format, Some(DateFormat::DayMonthNameYear));
    assert_statement(
        &parsed,
        "nationwide",
        4,
        row(6, "2026-07-14", "HARDWARE WAREHOUSE", -2399, None, None, ""),
        row(9, "2026-07-17", "SAVINGS ****5678", -100_000, None, None, ""),
        &[],
    );
    assert_eq!(parsed.rows[2].description, "CAFÉ CREME LTD");
}

#[test]
fn midata_in_windows_1252_reads_signed_pound_amounts_keeps_the_type_and_drops_its_footer() {
    let parsed = parse_fixture("midata.csv");
    assert!(!parsed.needs_mapping);
    assert_eq!(parsed.columns, ["Date", "Type", "Merchant/Description", "Debit/Credit", "Balance"]);
    assert_eq!(parsed.mapping.as_ref().unwrap().date_format, Some(DateFormat::DayMonthYear));
    assert_statement(
        &parsed,
        "midata",
        5,
        row(4, "2026-07-28", "HARDWARE WAREHOUSE GB", -5200, None, None, "Visa purchase"),
        row(8, "2026-07-20", "Credit ** July ****", 12, None, None, "Interest added"),
        &[],
    );
    let transfer = &parsed.rows[1];
    assert_eq!(
        (transfer.description.as_str(), transfer.amount.pence(), transfer.notes.as_str()),
        ("Transfer from J EXAMPLE", 125_000, ""),
        "a masked description gives way to the type, which is not repeated as notes"
    );
    assert_eq!(parsed.rows[2].description, "CAFÉ CREME LONDON GB");
    assert_eq!(parsed.rows[3].notes, "Direct debit BRIGHTSIDE ENERGY");
}

#[test]
fn santander_reads_money_in_and_out() {
    assert_statement(
        &parse_fixture("santander.csv"),
        "santander",
        3,
        row(2, "2026-09-01", "CARD PAYMENT TO FARM SHOP ON 31-08-2026", -1420, None, None, ""),
        row(4, "2026-09-03", "DIRECT DEBIT PAYMENT TO PHONE CO", -1800, None, None, ""),
        &[],
    );
}

#[test]
fn chase_reads_dates_with_full_month_names() {
    assert_statement(
        &parse_fixture("chase.csv"),
        "chase",
        3,
        row(2, "2026-10-12", "To Saver Account", -4567, None, None, ""),
        row(4, "2026-10-14", "Noodle Bar", -1180, None, None, ""),
        &[],
    );
}

#[test]
fn amex_purchases_are_money_out_and_references_are_ids() {
    let parsed = parse_fixture("amex.csv");
    assert_statement(
        &parsed,
        "amex",
        4,
        row(
            2,
            "2026-11-02",
            "GREENGROCER MARKET",
            -2345,
            Some("AT263060000000000000001"),
            Some("General Purchases-Groceries"),
            "GREENGROCER MARKET\nFRESH PRODUCE",
        ),
        row(
            6,
            "2026-11-07",
            "RIVERSIDE RESTAURANT",
            1000,
            Some("AT263110000000000000004"),
            Some("Entertainment-Restaurants"),
            "REFUND",
        ),
        &[],
    );
    assert_eq!(parsed.rows[1].line, 4, "the quoted line break in row 1 moves row 2 down a line");
    assert_eq!(parsed.rows[2].amount.pence(), 30_000, "a payment to the card is money in");
}

#[test]
fn generic_semicolon_file_is_guessed_and_flags_its_decimal_comma() {
    let parsed = parse_fixture("generic-semicolon.csv");
    assert!(parsed.needs_mapping);
    assert_statement(
        &parsed,
        "generic",
        2,
        row(3, "2026-12-01", "Bike Shop", -12_000, None, Some("Transport"), "new tyres,\nand a bell"),
        row(5, "2026-12-02", "Example Employer", 200_000, None, Some("Income"), ""),
        &[problem(2, "Invalid amount '-7,50'")],
    );
}

#[test]
fn generic_paid_in_out_file_reports_its_total_line() {
    let parsed = parse_fixture("generic-paid-in-out.csv");
    let mapping = parsed.mapping.clone().unwrap();
    assert_eq!((mapping.paid_in.as_deref(), mapping.paid_out.as_deref()), (Some("Paid In"), Some("Paid Out")));
    assert_eq!(mapping.balance.as_deref(), Some("Running Balance"));
    assert_statement(
        &parsed,
        "generic",
        4,
        row(2, "2026-01-01", "OPENING TRANSFER", 50_000, None, None, ""),
        row(6, "2026-01-04", "WINDOW CLEANER", -1200, None, None, ""),
        &[problem(7, "Invalid date 'Total'")],
    );
}

#[test]
fn our_own_export_imports_back_with_nothing_lost() {
    let parsed = parse_fixture("export-roundtrip.csv");
    assert!(!parsed.needs_mapping);
    assert_eq!(parsed.columns, ["Date", "Description", "Amount", "Type", "Category", "Account", "Notes", "Transfer"]);
    assert_statement(
        &parsed,
        "myspending",
        4,
        row(2, "2026-01-05", "Bean Counter Coffee", -320, None, Some("Eating out"), ""),
        row(5, "2026-01-08", "The \"Corner\" Shop", -1234, None, Some("Groceries"), "milk, bread"),
        &[],
    );
    assert_eq!(parsed.rows[1].notes, "January pay");
    assert_eq!(parsed.rows[2].description, "Move to savings, January");
}

#[test]
fn monzo_overlap_files_share_rows_and_keep_identical_coffees() {
    let a = parse_fixture("monzo-overlap-a.csv");
    let b = parse_fixture("monzo-overlap-b.csv");
    assert_eq!((a.rows.len(), b.rows.len()), (4, 5));
    let ids = |p: &ports::statements::ParsedStatement| -> Vec<String> {
        p.rows.iter().filter_map(|r| r.external_id.clone()).collect()
    };
    let shared: Vec<String> = ids(&a).into_iter().filter(|id| ids(&b).contains(id)).collect();
    assert_eq!(shared, ["tx_0000OverLap0003", "tx_0000OverLap0004"]);
    let coffees: Vec<_> = b.rows.iter().filter(|r| r.description == "Bean Counter Coffee").collect();
    assert_eq!(coffees.len(), 2);
    assert_eq!((coffees[0].date, coffees[0].amount), (coffees[1].date, coffees[1].amount));
    assert_ne!(coffees[0].external_id, coffees[1].external_id);
}

#[test]
fn ofx_1_sgml_reads_names_memos_entities_and_decimal_commas() {
    let parsed = parse_fixture("statement-v1.ofx");
    assert_eq!((parsed.format, parsed.mapping.is_none()), (StatementFormat::Ofx, true));
    assert_statement(
        &parsed,
        "ofx",
        3,
        row(39, "2026-01-03", "M&S SIMPLY FOOD", -450, Some("20260103000001"), None, ""),
        row(55, "2026-01-10", "BROADBAND <FIBRE>", -3299, Some("20260110000003"), None, ""),
        &[problem(62, "Invalid date '20260231'")],
    );
    assert_eq!(parsed.rows[1].notes, "SALARY JAN", "a memo that differs from the name is kept");
}

#[test]
fn ofx_2_xml_credit_card_statement_is_read() {
    assert_statement(
        &parse_fixture("statement-v2.ofx"),
        "ofx",
        3,
        row(21, "2026-02-02", "GARDEN CENTRE", -6500, Some("CC-2026-0001"), None, "PLANTS AND POTS"),
        row(36, "2026-02-20", "PAYMENT THANK YOU", 20_000, Some("CC-2026-0003"), None, ""),
        &[],
    );
    assert_eq!(parse_fixture("statement-v2.ofx").rows[1].description, "TRATTORIA £ LUNA");
}

#[test]
fn qfx_is_ofx_with_intuit_tags() {
    assert_statement(
        &parse_fixture("statement.qfx"),
        "ofx",
        2,
        row(30, "2026-03-31", "INTEREST", 321, Some("QFX-INT-0331"), None, ""),
        row(31, "2026-03-15", "FROM CURRENT ACCOUNT", 25_000, Some("QFX-TFR-0315"), None, "MONTHLY SAVING"),
        &[],
    );
}

#[test]
fn an_ofx_statement_in_dollars_has_every_row_as_a_problem_naming_its_currency() {
    let parsed = parse_fixture("statement-usd.ofx");
    assert_eq!(parsed.rows, []);
    let usd = "This statement is in USD; MySpending records pounds sterling only";
    assert_eq!(parsed.problems, [problem(39, usd), problem(46, usd), problem(54, usd)]);
}

#[test]
fn an_ofx_row_in_its_own_currency_is_a_problem_and_a_converted_one_is_pounds() {
    let parsed = parse_fixture("statement-foreign-rows.ofx");
    assert_statement(
        &parsed,
        "ofx",
        3,
        row(14, "2026-03-02", "HOME BAKERY", -1200, Some("FX-0001"), None, ""),
        row(37, "2026-03-10", "REFUND", 4000, Some("FX-0004"), None, ""),
        &[problem(21, "This row is in EUR; MySpending records pounds sterling only")],
    );
    assert_eq!(parsed.rows[1].amount.pence(), -2550, "ORIGCURRENCY: converted to the statement's pounds");
}

#[test]
fn bank_qif_reads_payees_categories_and_transfers() {
    let parsed = parse_fixture("bank.qif");
    assert_eq!(parsed.format, StatementFormat::Qif);
    assert_statement(
        &parsed,
        "qif",
        4,
        row(
            2,
            "2026-05-01",
            "HOME DESIGN STUDIO",
            -123_456,
            None,
            Some("Home:Improvements"),
            "Kitchen deposit (No. 1001)",
        ),
        row(24, "2026-05-04", "Streaming service", -999, None, Some("Entertainment"), ""),
        &[problem(20, "Invalid date '31/02/2026'")],
    );
    assert_eq!(parsed.rows[1].date.to_string(), "2026-05-02", "dd/mm'yy");
    assert_eq!(parsed.rows[2].category, None, "[Savings Account] is a transfer, not a category");
}

#[test]
fn credit_card_qif_reports_a_zero_amount() {
    assert_statement(
        &parse_fixture("ccard.qif"),
        "qif",
        2,
        row(2, "2026-06-15", "PETROL STATION 7", -1840, None, Some("Car:Fuel"), ""),
        row(11, "2026-06-20", "PAYMENT RECEIVED", 15_000, None, None, ""),
        &[problem(7, "Amount is zero")],
    );
}

#[test]
fn files_that_are_not_statements_are_unrecognised() {
    for name in ["not-a-statement.txt", "binary.bin", "empty.csv"] {
        assert_eq!(parse(name, &common::fixture(name)), Err(StatementError::Unrecognised), "{name}");
    }
}
