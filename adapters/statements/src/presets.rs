//! The CSV layouts of UK banks, recognised from the header row, and the guess made for others.
//! Where each header comes from is written on its preset and in docs/statements.md.

use ports::statements::{ColumnMapping, DateFormat};

/// One bank's CSV layout. Column names are normalised (trimmed, lower case, single spaces).
pub(crate) struct Preset {
    pub name: &'static str,
    /// Columns that must all be in the header, in any order, for the file to be this bank's.
    pub required: &'static [&'static str],
    /// The bank's date format, when another bank shares the header and only dates tell them apart.
    pub dates: Option<DateFormat>,
    pub date: &'static str,
    pub description: &'static str,
    pub amount: Option<&'static str>,
    pub paid_in: Option<&'static str>,
    pub paid_out: Option<&'static str>,
    pub balance: Option<&'static str>,
    pub category: Option<&'static str>,
    pub notes: Option<&'static str>,
    pub id: Option<&'static str>,
    pub negate: bool,
    pub rules: Rules,
}

/// What a bank's rows need beyond a column mapping. Applied whenever the header is the bank's,
/// also under a mapping the user chose.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Rules {
    /// Columns whose text stands in, in order, when the description is empty.
    pub description_fallback: &'static [&'static str],
    /// A column every row must have as `COMPLETED` to be money (Revolut's State).
    pub state: Option<&'static str>,
    /// A column of fees charged on top of the amount (Revolut's Fee), taken as money out.
    pub fee: Option<&'static str>,
    /// The column naming the currency of the amount column (Monzo's, Revolut's and Chase's
    /// 'Currency'; never Monzo's 'Local currency', which is that of 'Local amount'). A row in
    /// another currency than GBP is a problem. Without one, a column named like
    /// [`CURRENCY_NAMES`] is taken.
    pub currency: Option<&'static str>,
    /// The first cell of a line below the rows that ends the table (midata's
    /// 'Arranged Overdraft Limit' line): it and what follows are not transactions.
    pub footer: Option<&'static str>,
    /// A column of tags' names joined with '; ' (our own export's Tags).
    pub tags: Option<&'static str>,
    /// Notes the same as the description are kept. A bank's notes column that repeats the
    /// description says nothing and is dropped; in our own export they are what the user wrote.
    pub notes_may_repeat_description: bool,
}

const BASE: Preset = Preset {
    name: "",
    required: &[],
    dates: None,
    date: "date",
    description: "description",
    amount: None,
    paid_in: None,
    paid_out: None,
    balance: Some("balance"),
    category: None,
    notes: None,
    id: None,
    negate: false,
    rules: Rules {
        description_fallback: &[],
        state: None,
        fee: None,
        currency: None,
        footer: None,
        tags: None,
        notes_may_repeat_description: false,
    },
};

// Lloyds, Halifax and Bank of Scotland (one banking group, one layout): Transaction Date,
// Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,
// Balance (often a trailing comma), dd/MM/yyyy. Sources: firefly-iii/import-configurations
// gb/lloyds and gb/halifax, and many public test files.
const LLOYDS: Preset = Preset {
    name: "lloyds",
    required: &[
        "transaction date",
        "transaction type",
        "sort code",
        "account number",
        "transaction description",
        "debit amount",
        "credit amount",
    ],
    dates: Some(DateFormat::DayMonthYear),
    date: "transaction date",
    description: "transaction description",
    paid_in: Some("credit amount"),
    paid_out: Some("debit amount"),
    rules: Rules { description_fallback: &["transaction type"], ..BASE.rules },
    ..BASE
};

/// Checked in order; the first whose required columns (and dates, when given) fit wins.
pub(crate) const PRESETS: &[Preset] = &[
    // Monzo's export: Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,
    // Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,
    // Money Out,Money In. Sources: a Monzo row quoted in muralisc/bank2ledger-cli's README with its
    // config/monzo.toml (dd/MM/yyyy, Name at 4, Amount at 7, Description at 14), and
    // firefly-iii/import-configurations gb/monzo.
    Preset {
        name: "monzo",
        required: &["transaction id", "date", "name", "category", "amount"],
        description: "name",
        amount: Some("amount"),
        balance: None,
        category: Some("category"),
        notes: Some("notes and #tags"),
        id: Some("transaction id"),
        rules: Rules { description_fallback: &["description", "type"], currency: Some("currency"), ..BASE.rules },
        ..BASE
    },
    // Revolut's current export: Type,Product,Started Date,Completed Date,Description,Amount,Fee,
    // Currency,State,Balance, ISO date-times; State COMPLETED / PENDING / REVERTED / DECLINED.
    // Sources: several public Revolut importers' row types (the field list and the state values),
    // and Revolut's own statement export.
    Preset {
        name: "revolut",
        required: &["type", "started date", "completed date", "description", "amount", "fee", "state"],
        date: "completed date",
        amount: Some("amount"),
        rules: Rules {
            description_fallback: &["type"],
            state: Some("state"),
            fee: Some("fee"),
            currency: Some("currency"),
            ..BASE.rules
        },
        ..BASE
    },
    // Starling: Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category,
    // Notes (older exports stop after Spending Category), dd/MM/yyyy, signed amounts. Sources:
    // firefly-iii/import-configurations gb/starling (seven columns, d/m/Y) and public Starling
    // CSV parsers' header comments.
    Preset {
        name: "starling",
        required: &["date", "counter party", "reference", "type", "amount (gbp)"],
        description: "counter party",
        amount: Some("amount (gbp)"),
        balance: Some("balance (gbp)"),
        category: Some("spending category"),
        notes: Some("reference"),
        rules: Rules { description_fallback: &["reference", "type"], ..BASE.rules },
        ..BASE
    },
    // American Express UK: Date,Description,Amount,Extended Details,Appears On Your Statement As,
    // Address,Town/City,Postcode,Country,Reference,Category; purchases positive. Sources:
    // muralisc/bank2ledger-cli config/amex.toml (Amount at 2, Address at 5, minus does not mean
    // money out) and public Amex importers, which all negate the amount.
    Preset {
        name: "amex",
        required: &["date", "description", "amount", "extended details", "appears on your statement as"],
        amount: Some("amount"),
        balance: None,
        category: Some("category"),
        notes: Some("extended details"),
        id: Some("reference"),
        negate: true,
        ..BASE
    },
    // Chase UK: Date,Time,Transaction Type,Transaction Description,Amount,Currency,Balance with
    // dates like '12 August 2026'. Sources: two public UK importers' Chase layouts (one notes a
    // title line above the header, which the preamble skip handles).
    Preset {
        name: "chase",
        required: &["date", "time", "transaction type", "transaction description", "amount", "currency"],
        description: "transaction description",
        amount: Some("amount"),
        rules: Rules { description_fallback: &["transaction type"], currency: Some("currency"), ..BASE.rules },
        ..BASE
    },
    LLOYDS,
    // TSB: the Lloyds layout (TSB left the group in 2013 with the same export) but ISO dates.
    // Source: MatthewJohn/Firefly-iii-CSV-Converter convert.py (same columns as Lloyds, dates
    // split on '-' year first).
    Preset { name: "tsb", dates: Some(DateFormat::YearMonthDay), ..LLOYDS },
    // NatWest and RBS (one group): a blank line, then Date, Type, Description, Value, Balance,
    // Account Name, Account Number (spaces after the commas), text cells led by an apostrophe.
    // Sources: public NatWest readers' tests and an Open Banking write-up quoting the export.
    Preset {
        name: "natwest",
        required: &["date", "type", "description", "value", "account name", "account number"],
        amount: Some("value"),
        rules: Rules { description_fallback: &["type"], ..BASE.rules },
        ..BASE
    },
    // Nationwide: 'Account Name:', 'Account Balance:', 'Available Balance:' lines and a blank
    // line, then Date,Transaction type,Description,Paid out,Paid in,Balance with '£' in amounts,
    // Windows-1252, dates '14 Jul 2026' (older files '07-Nov-25'). Sources: several public
    // Nationwide readers' tests, WillOnGit/nationwide-transaction-parser.
    Preset {
        name: "nationwide",
        required: &["date", "transaction type", "description", "paid out", "paid in"],
        paid_in: Some("paid in"),
        paid_out: Some("paid out"),
        rules: Rules { description_fallback: &["transaction type"], ..BASE.rules },
        ..BASE
    },
    // midata, the UK's standard current-account download (Nationwide's among others): an
    // 'Account Number:' line with the masked number, a blank line, then Date,Type,
    // Merchant/Description,Debit/Credit,Balance, every cell quoted; dd/MM/yyyy, newest first;
    // signed amounts with '£' ('-£52.00', '+£5.00', '£1,250.00'); then a blank line and an
    // 'Arranged Overdraft Limit' line. Windows-1252. Type often names the payer ('Transfer from
    // A N OTHER') where Merchant/Description is masked with asterisks, so it is kept as notes and
    // stands in for a masked description. Source: WillOnGit/nationwide-transaction-parser
    // (fixtures/test-midata.csv and its midata reader).
    Preset {
        name: "midata",
        required: &["date", "type", "merchant/description", "debit/credit"],
        description: "merchant/description",
        amount: Some("debit/credit"),
        notes: Some("type"),
        rules: Rules { description_fallback: &["type"], footer: Some("arranged overdraft limit"), ..BASE.rules },
        ..BASE
    },
    // Barclays: Number,Date,Account,Amount,Subcategory,Memo, dd/MM/yyyy; Memo is the description,
    // Subcategory is a payment type (PAYMENT, DIRECTDEBIT), not a spending category. Sources:
    // firefly-iii/import-configurations gb/barclays, fmalina/accounting README.
    Preset {
        name: "barclays",
        required: &["number", "date", "account", "amount", "subcategory", "memo"],
        description: "memo",
        amount: Some("amount"),
        balance: None,
        rules: Rules { description_fallback: &["subcategory"], ..BASE.rules },
        ..BASE
    },
    // Santander UK: Date,Description,Money in,Money out,Balance. Weakest evidence of the set:
    // Santander's personal online banking mostly offers TXT/QIF/OFX; these are its statement
    // column names as UK importers map them. Re-check against a real file.
    Preset {
        name: "santander",
        required: &["date", "description", "money in", "money out", "balance"],
        paid_in: Some("money in"),
        paid_out: Some("money out"),
        ..BASE
    },
    // MySpending's own export, so an export imports back with nothing lost.
    Preset {
        name: "myspending",
        required: &["date", "description", "amount", "type", "category", "account", "notes", "transfer"],
        amount: Some("amount"),
        balance: None,
        category: Some("category"),
        notes: Some("notes"),
        rules: Rules {
            description_fallback: &["type"],
            notes_may_repeat_description: true,
            tags: Some("tags"),
            ..BASE.rules
        },
        ..BASE
    },
];

/// HSBC's classic download has no header: `date,description,amount` on every line.
pub(crate) const HSBC_COLUMNS: [&str; 3] = ["Date", "Description", "Amount"];

/// Trimmed, lower case, inner white space folded: how header names are compared.
pub(crate) fn normalise(name: &str) -> String {
    crate::text::collapse(name).to_lowercase()
}

/// The presets whose required columns are all in `header` (normalised names).
pub(crate) fn matching(header: &[String]) -> impl Iterator<Item = &'static Preset> + '_ {
    PRESETS.iter().filter(|p| p.required.iter().all(|r| header.iter().any(|h| h == r)))
}

impl Preset {
    /// This preset's mapping, named with the file's own header texts. Optional columns the file
    /// lacks are left out.
    pub(crate) fn mapping(&self, columns: &[String]) -> ColumnMapping {
        let find = |name: &str| columns.iter().find(|c| normalise(c) == name).cloned();
        let pick = |name: Option<&str>| name.and_then(find);
        ColumnMapping {
            date: find(self.date).unwrap_or_default(),
            description: find(self.description).unwrap_or_default(),
            amount: pick(self.amount),
            paid_in: pick(self.paid_in),
            paid_out: pick(self.paid_out),
            balance: pick(self.balance),
            category: pick(self.category),
            notes: pick(self.notes),
            id: pick(self.id),
            negate: self.negate,
            date_format: None,
        }
    }
}

const DATE_NAMES: &[&str] = &[
    "date",
    "transaction date",
    "posted",
    "posted date",
    "posting date",
    "booking date",
    "value date",
    "trans date",
    "completed date",
];
const DESCRIPTION_NAMES: &[&str] = &[
    "description",
    "transaction description",
    "details",
    "narrative",
    "payee",
    "counter party",
    "counterparty",
    "merchant",
    "name",
    "memo",
    "particulars",
    "reference",
];
const AMOUNT_NAMES: &[&str] = &["amount", "value", "transaction amount", "amount (gbp)", "net amount"];
const PAID_IN_NAMES: &[&str] =
    &["paid in", "money in", "credit", "credit amount", "credits", "deposit", "deposits", "in", "paid in (£)"];
const PAID_OUT_NAMES: &[&str] =
    &["paid out", "money out", "debit", "debit amount", "debits", "withdrawal", "withdrawals", "out", "paid out (£)"];
const BALANCE_NAMES: &[&str] = &["balance", "running balance", "balance (gbp)"];
const CATEGORY_NAMES: &[&str] = &["category", "spending category"];
const NOTES_NAMES: &[&str] = &["notes", "note", "notes and #tags", "comments", "comment"];
const ID_NAMES: &[&str] = &["transaction id", "id", "fitid", "transaction reference"];
/// Names of a column holding each row's currency code, when no preset names one.
pub(crate) const CURRENCY_NAMES: &[&str] = &["currency", "currency code"];

/// A best guess at the mapping from header names alone, or `None` when the header has no date
/// column or no money column (then it is not a header at all).
pub(crate) fn guess(columns: &[String]) -> Option<ColumnMapping> {
    let names: Vec<String> = columns.iter().map(|c| normalise(c)).collect();
    let mut used = vec![false; columns.len()];
    let mut take = |wanted: &[&str], fallback: Option<&str>| -> Option<String> {
        let exact = wanted.iter().find_map(|w| names.iter().enumerate().position(|(i, n)| !used[i] && n == w));
        let found = exact.or_else(|| {
            let word = fallback?;
            names.iter().enumerate().position(|(i, n)| !used[i] && n.contains(word))
        })?;
        used[found] = true;
        Some(columns[found].clone())
    };
    let date = take(DATE_NAMES, Some("date"))?;
    let paid_in = take(PAID_IN_NAMES, None);
    let paid_out = take(PAID_OUT_NAMES, None);
    let amount = take(AMOUNT_NAMES, Some("amount"));
    if amount.is_none() && paid_in.is_none() && paid_out.is_none() {
        return None;
    }
    let id = take(ID_NAMES, None);
    Some(ColumnMapping {
        date,
        description: take(DESCRIPTION_NAMES, None).unwrap_or_default(),
        balance: take(BALANCE_NAMES, None),
        category: take(CATEGORY_NAMES, None),
        notes: take(NOTES_NAMES, None),
        id,
        amount,
        paid_in,
        paid_out,
        negate: false,
        date_format: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(names: &str) -> Vec<String> {
        names.split(',').map(str::to_string).collect()
    }

    fn normalised(names: &str) -> Vec<String> {
        header(names).iter().map(|n| normalise(n)).collect()
    }

    #[test]
    fn headers_match_presets_whatever_the_case_order_and_spacing() {
        let natwest = normalised("Date, Type, Description, Value, Balance, Account Name, Account Number,");
        assert_eq!(matching(&natwest).next().map(|p| p.name), Some("natwest"));
        let tsb = normalised("transaction date,transaction type,sort code,account number,transaction description,debit amount,credit amount,balance");
        assert_eq!(matching(&tsb).map(|p| p.name).collect::<Vec<_>>(), ["lloyds", "tsb"]);
        assert_eq!(matching(&normalised("Date,Description,Amount")).next().map(|p| p.name), None);
    }

    #[test]
    fn a_preset_mapping_uses_the_files_own_column_texts() {
        let columns = header("Date,Type,Description,Value,Balance,Account Name,Account Number");
        let natwest = PRESETS.iter().find(|p| p.name == "natwest").unwrap();
        let mapping = natwest.mapping(&columns);
        assert_eq!(mapping.amount.as_deref(), Some("Value"));
        assert_eq!(mapping.description, "Description");
        assert_eq!(mapping.category, None);
    }

    #[test]
    fn the_guess_finds_dates_descriptions_and_money() {
        let mapping = guess(&header("Posted,Narrative,Money In,Money Out,Running Balance,Category")).unwrap();
        assert_eq!(mapping.date, "Posted");
        assert_eq!(mapping.description, "Narrative");
        assert_eq!(mapping.paid_in.as_deref(), Some("Money In"));
        assert_eq!(mapping.paid_out.as_deref(), Some("Money Out"));
        assert_eq!(mapping.balance.as_deref(), Some("Running Balance"));
        assert_eq!(mapping.category.as_deref(), Some("Category"));
        assert_eq!(mapping.amount, None);
        let export = guess(&header("Date,Description,Amount,Type,Category,Account,Notes,Transfer")).unwrap();
        assert_eq!(
            (export.date.as_str(), export.description.as_str(), export.amount.as_deref()),
            ("Date", "Description", Some("Amount"))
        );
        assert_eq!((export.category.as_deref(), export.notes.as_deref()), (Some("Category"), Some("Notes")));
        assert_eq!(guess(&header("Account Name:,FlexAccount")), None);
        assert_eq!(guess(&header("Date,Description")), None);
        assert!(guess(&header("Value Date,Amount (EUR)")).is_some());
    }
}
