//! CSV reading rules beyond the bank fixtures: encodings, delimiters, quoting, preambles, the
//! guessed mapping, mappings the user chooses, and the limits that keep hostile files harmless.

use crate::common;

use common::{parse, parse_with, problem, row};
use ports::statements::{ColumnMapping, DateFormat, StatementError, MAX_ROWS};

fn mapping(date: &str, description: &str, amount: &str) -> ColumnMapping {
    ColumnMapping {
        date: date.into(),
        description: description.into(),
        amount: Some(amount.into()),
        ..ColumnMapping::default()
    }
}

#[test]
fn a_utf8_bom_is_not_part_of_the_first_column_name() {
    let parsed = parse("x.csv", b"\xEF\xBB\xBFDate,Description,Amount\n01/02/2026,Tea,-1.50\n").unwrap();
    assert_eq!(parsed.columns[0], "Date");
    assert_eq!(parsed.rows, [row(2, "2026-02-01", "Tea", -150, None, None, "")]);
}

#[test]
fn windows_1252_pound_signs_are_read() {
    let parsed = parse("x.csv", b"Date,Description,Amount\n01/02/2026,Caf\xE9,\xA3-2.00\n").unwrap();
    assert_eq!(parsed.rows, [row(2, "2026-02-01", "Café", -200, None, None, "")]);
}

#[test]
fn semicolons_and_tabs_separate_columns() {
    let semi = parse("x.csv", b"Date;Description;Amount\n01/02/2026;\"Fish; chips\";-7.00\n").unwrap();
    assert_eq!(semi.rows[0].description, "Fish; chips");
    let tab = parse("x.tsv", b"Date\tDescription\tAmount\n01/02/2026\tTea, milk\t-1.00\n").unwrap();
    assert_eq!(tab.rows[0].description, "Tea, milk");
}

#[test]
fn quoted_cells_keep_newlines_and_doubled_quotes() {
    let text = "Date,Description,Amount,Notes\n01/02/2026,\"The \"\"Old\"\" Inn\",-12.00,\"first line\nsecond   line\"\n02/02/2026,Bus,-2.00,\n";
    let parsed = parse("x.csv", text.as_bytes()).unwrap();
    assert_eq!(
        parsed.rows,
        [
            row(2, "2026-02-01", "The \"Old\" Inn", -1200, None, None, "first line\nsecond line"),
            row(4, "2026-02-02", "Bus", -200, None, None, ""),
        ]
    );
}

#[test]
fn preamble_lines_above_the_header_are_skipped() {
    let text = "Account Name:,Joint\nAccount Balance:,£10.00\nAvailable Balance:,£10.00\n\nDate,Transaction type,Description,Paid out,Paid in,Balance\n14 Jul 26,Visa,SHOP,£1.00,,£9.00\n";
    let parsed = parse("x.csv", text.as_bytes()).unwrap();
    assert_eq!(parsed.preset, "nationwide");
    assert_eq!(parsed.rows, [row(6, "2026-07-14", "SHOP", -100, None, None, "")]);
}

#[test]
fn blank_lines_and_empty_rows_are_ignored() {
    let parsed =
        parse("x.csv", b"Date,Description,Amount\n\n01/02/2026,Tea,-1.00\n,,\n\n02/02/2026,Cake,-2.00\n").unwrap();
    assert_eq!(parsed.rows.len(), 2);
    assert!(parsed.problems.is_empty());
}

#[test]
fn month_first_dates_are_used_only_when_the_file_proves_them() {
    let us = parse("x.csv", b"Date,Description,Amount\n01/02/2026,A,-1.00\n01/31/2026,B,-1.00\n").unwrap();
    assert_eq!(us.mapping.unwrap().date_format, Some(DateFormat::MonthDayYear));
    assert_eq!(us.rows[0].date.to_string(), "2026-01-02");
    let uk = parse("x.csv", b"Date,Description,Amount\n01/02/2026,A,-1.00\n03/04/2026,B,-1.00\n").unwrap();
    assert_eq!(uk.rows[0].date.to_string(), "2026-02-01");
}

#[test]
fn every_amount_form_and_its_problems_in_one_file() {
    let text = "Date,Description,Amount\n\
        01/02/2026,a,£1,234.56\n\
        01/02/2026,b,(12.34)\n\
        01/02/2026,c,12.34 CR\n\
        01/02/2026,d,12.34DR\n\
        01/02/2026,e,+5\n\
        01/02/2026,f,abc\n\
        01/02/2026,g,1.234\n\
        01/02/2026,h,0.00\n\
        01/02/2026,i,1000000.00\n\
        01/02/2026,j,\n\
        31/02/2026,k,1.00\n";
    let parsed = parse("x.csv", text.replace("£1,234.56", "\"£1,234.56\"").as_bytes()).unwrap();
    let pence: Vec<i64> = parsed.rows.iter().map(|r| r.amount.pence()).collect();
    assert_eq!(pence, [123_456, -1234, 1234, -1234, 500]);
    assert_eq!(
        parsed.problems,
        [
            problem(7, "Invalid amount 'abc'"),
            problem(8, "Amount has more than 2 decimal places '1.234'"),
            problem(9, "Amount is zero"),
            problem(10, "Amount is more than £999,999.99 '1000000.00'"),
            problem(11, "Missing amount"),
            problem(12, "Invalid date '31/02/2026'"),
        ]
    );
}

#[test]
fn an_empty_description_becomes_unknown() {
    let parsed = parse("x.csv", b"Date,Description,Amount\n01/02/2026,  ,-1.00\n").unwrap();
    assert_eq!(parsed.rows[0].description, "Unknown");
}

#[test]
fn an_unknown_header_gets_a_guessed_mapping_to_confirm() {
    let parsed = parse("x.csv", b"Posting Date,Details,Value,Notes\n2026-02-01,Tea,-1.00,with milk\n").unwrap();
    assert_eq!((parsed.preset.as_str(), parsed.needs_mapping), ("generic", true));
    let guessed = parsed.mapping.unwrap();
    assert_eq!(
        (guessed.date.as_str(), guessed.description.as_str(), guessed.amount.as_deref(), guessed.notes.as_deref()),
        ("Posting Date", "Details", Some("Value"), Some("Notes"))
    );
    assert_eq!(parsed.rows, [row(2, "2026-02-01", "Tea", -100, None, None, "with milk")]);
}

#[test]
fn a_given_mapping_overrides_the_guess() {
    let text = b"When,What,Who,Sum\n2026-02-01,Tea,Cafe,1.00\n";
    let mut chosen = mapping("When", "Who", "Sum");
    chosen.notes = Some("What".into());
    chosen.negate = true;
    chosen.date_format = Some(DateFormat::YearMonthDay);
    let parsed = parse_with("x.csv", text, &chosen).unwrap();
    assert!(!parsed.needs_mapping);
    assert_eq!(parsed.mapping.as_ref(), Some(&chosen));
    assert_eq!(parsed.rows, [row(2, "2026-02-01", "Cafe", -100, None, None, "Tea")]);
}

#[test]
fn a_given_mapping_on_a_bank_file_keeps_the_banks_rules() {
    let chosen = mapping("Started Date", "Type", "Amount");
    let parsed = parse_with("revolut.csv", &common::fixture("revolut.csv"), &chosen).unwrap();
    assert_eq!(parsed.preset, "revolut");
    assert_eq!(parsed.problems.len(), 2, "rows not COMPLETED are still not money");
    assert_eq!(parsed.rows[1], row(3, "2026-05-02", "CARD_PAYMENT", -1299, None, None, ""));
}

#[test]
fn a_mapping_must_name_columns_the_file_has() {
    let text = b"Date,Description,Amount\n01/02/2026,Tea,-1.00\n";
    let missing = mapping("Date", "Description", "Total");
    assert_eq!(
        parse_with("x.csv", text, &missing),
        Err(StatementError::BadMapping("Column 'Total' is not in the file".into()))
    );
    let mut no_money = mapping("Date", "Description", "Amount");
    no_money.amount = None;
    assert_eq!(
        parse_with("x.csv", text, &no_money),
        Err(StatementError::BadMapping("Choose an amount column, or paid in and paid out columns".into()))
    );
    let mut odd_case = mapping("date", "DESCRIPTION", " Amount ");
    odd_case.balance = Some("Nope".into());
    assert_eq!(
        parse_with("x.csv", text, &odd_case),
        Err(StatementError::BadMapping("Column 'Nope' is not in the file".into()))
    );
    odd_case.balance = None;
    assert_eq!(parse_with("x.csv", text, &odd_case).unwrap().rows.len(), 1, "names match whatever their case");
}

#[test]
fn more_than_the_row_limit_is_refused_and_the_limit_itself_is_not() {
    let mut text = String::from("Date,Description,Amount\n");
    for _ in 0..MAX_ROWS {
        text.push_str("01/02/2026,Tea,-1.00\n");
    }
    assert_eq!(parse("x.csv", text.as_bytes()).unwrap().rows.len(), MAX_ROWS);
    text.push_str("01/02/2026,Cake,-2.00\n");
    assert_eq!(parse("x.csv", text.as_bytes()), Err(StatementError::TooManyRows));
}

#[test]
fn a_header_with_a_million_columns_is_refused() {
    let mut text = "Date,Description,Amount".to_string();
    text.push_str(&",x".repeat(1_000_000));
    text.push_str("\n01/02/2026,Tea,-1.00\n");
    assert_eq!(parse("x.csv", text.as_bytes()), Err(StatementError::Unrecognised));
}

#[test]
fn a_row_with_a_million_columns_below_a_good_header_is_refused() {
    let mut text = "Date,Description,Amount\n01/02/2026,Tea,-1.00".to_string();
    text.push_str(&",".repeat(1_000_000));
    assert_eq!(parse("x.csv", text.as_bytes()), Err(StatementError::Unrecognised));
}

#[test]
fn a_ten_megabyte_line_is_refused() {
    let line = vec![b'a'; ports::statements::MAX_BYTES];
    assert_eq!(parse("x.csv", &line), Err(StatementError::Unrecognised));
    let mut quoted = b"Date,Description,Amount\n01/02/2026,\"".to_vec();
    quoted.extend(std::iter::repeat_n(b'a', ports::statements::MAX_BYTES));
    assert_eq!(parse("x.csv", &quoted), Err(StatementError::Unrecognised));
}

#[test]
fn html_single_columns_and_pdfs_are_not_statements() {
    for text in [
        &b"<!DOCTYPE html><html><body><table><tr><td>Date</td><td>Amount</td></tr></table></body></html>"[..],
        b"just one column\nof words\nand nothing else\n",
        b"%PDF-1.4\n1 0 obj\n",
        b"   \n\t\n",
        b"\xFF\xFE D\x00a\x00t\x00e\x00",
    ] {
        assert_eq!(parse("x.csv", text), Err(StatementError::Unrecognised), "{:?}", String::from_utf8_lossy(text));
    }
}

#[test]
fn deeply_nested_ofx_tags_do_not_exhaust_the_stack() {
    let mut text = "OFXHEADER:100\n<OFX>".to_string();
    text.push_str(&"<STMTRS><BANKTRANLIST>".repeat(200_000));
    text.push_str("<STMTTRN><DTPOSTED>20260101<TRNAMT>-1.00<NAME>DEEP</STMTTRN>");
    let parsed = parse("deep.ofx", text.as_bytes()).unwrap();
    assert_eq!(parsed.rows.len(), 1);
}

#[test]
fn a_qif_file_without_its_type_header_is_read_by_its_extension() {
    let parsed = parse("old.qif", b"D01/02/2026\nT-3.00\nPCORNER SHOP\n^\n").unwrap();
    assert_eq!(parsed.rows, [row(1, "2026-02-01", "CORNER SHOP", -300, None, None, "")]);
    assert_eq!(parse("old.txt", b"D01/02/2026\nT-3.00\nPCORNER SHOP\n^\n"), Err(StatementError::Unrecognised));
}

#[test]
fn qif_investment_records_are_reported_not_imported() {
    let parsed =
        parse("x.qif", b"!Type:Invst\nD01/02/2026\nNBuy\nT100.00\n^\n!Type:Bank\nD02/02/2026\nT-1.00\nPTEA\n^\n")
            .unwrap();
    assert_eq!(parsed.problems, [problem(2, "Investment records are not imported")]);
    assert_eq!(parsed.rows.len(), 1);
}

#[test]
fn a_nul_in_a_statement_is_dropped_not_imported() {
    // PostgreSQL cannot store U+0000, and no bank means one: it goes, the rest of the cell stays.
    let mut csv = b"Date,Description,Amount,Notes\n".to_vec();
    csv.extend_from_slice(b"01/02/2026,TE\x00SCO STORES,-12.00,aisle\x00 3\n");
    csv.extend(b"02/02/2026,Bus,-2.00,\n".repeat(10));
    let parsed = parse("x.csv", &csv).unwrap();
    assert_eq!(parsed.rows[0], row(2, "2026-02-01", "TESCO STORES", -1200, None, None, "aisle 3"));

    let ofx = "OFXHEADER:100\n<OFX><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>-1.00\
               <FITID>A&#0;1<NAME>PRET&#0; A MANGER</STMTTRN></BANKTRANLIST></STMTRS></OFX>";
    let parsed = parse("x.ofx", ofx.as_bytes()).unwrap();
    assert_eq!(parsed.rows[0].description, "PRET A MANGER");
    assert_eq!(parsed.rows[0].external_id.as_deref(), Some("A1"));

    let mut qif = b"!Type:Bank\n".to_vec();
    qif.extend(b"D01/02/2026\nT-3.00\nPCORNER\x00 SHOP\n^\n");
    qif.extend(b"D02/02/2026\nT-1.00\nPTEA\n^\n".repeat(5));
    let parsed = parse("x.qif", &qif).unwrap();
    assert_eq!(parsed.rows[0].description, "CORNER SHOP");
}

#[test]
fn notes_that_repeat_the_description_go_from_a_bank_file_but_stay_in_our_export() {
    let bank =
        parse("x.csv", b"Date,Description,Amount,Notes\n01/02/2026,Tesco,-2.00,Tesco\n02/02/2026,Tesco,-3.00,Milk\n")
            .unwrap();
    assert_eq!((bank.rows[0].notes.as_str(), bank.rows[1].notes.as_str()), ("", "Milk"));

    let header = format!("{}{}\r\n", domain::exports::UTF8_BOM, domain::exports::EXPORT_HEADER);
    let export = format!("{header}01/02/2026,Tesco,-2.00,expense,Groceries,Current,Tesco,\r\n");
    let ours = parse("export.csv", export.as_bytes()).unwrap();
    assert_eq!(ours.preset, "myspending");
    assert_eq!(ours.rows[0].notes, "Tesco", "what the user wrote, though it repeats the description");
}

#[test]
fn our_exports_tags_are_read_by_name_and_a_bank_files_tags_column_is_not() {
    let header = format!("{}{}\r\n", domain::exports::UTF8_BOM, domain::exports::EXPORT_HEADER);
    let export = format!(
        "{header}01/02/2026,Tesco,-2.00,expense,Groceries,Current,,,Holiday 2026;  Kids ;\r\n\
         02/02/2026,Boots,-3.00,expense,Shopping,Current,,,\r\n"
    );
    let ours = parse("export.csv", export.as_bytes()).unwrap();
    assert_eq!(ours.rows[0].tags, ["Holiday 2026", "Kids"]);
    assert!(ours.rows[1].tags.is_empty());
    let bank = parse("x.csv", b"Date,Description,Amount,Tags\n01/02/2026,Tesco,-2.00,food\n").unwrap();
    assert!(bank.rows[0].tags.is_empty(), "only our own export says what its Tags column is");
}
