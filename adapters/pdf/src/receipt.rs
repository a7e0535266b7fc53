//! A shop's e-receipt as a PDF, the kind a supermarket e-mails after an online order: the demo
//! household's receipts are these (`myspending seed`), so a newcomer sees receipts in use.

use chrono::NaiveDate;
use domain::Money;
use genpdf::elements::{Break, Paragraph};
use genpdf::fonts::{FontData, FontFamily};
use genpdf::style::Style;
use genpdf::{Alignment, Element, Margins};

use super::{gbp, BOLD, MUTED, REGULAR};

/// Helvetica, which every PDF reader has, measured with Liberation Sans (its metric twin): nothing
/// embedded, so a receipt is a few kilobytes, not the reports' 1.5 MB of fonts.
fn builtin_fonts() -> anyhow::Result<FontFamily<FontData>> {
    let data = |bytes: &[u8], builtin| {
        FontData::new(bytes.to_vec(), Some(builtin)).map_err(|e| anyhow::anyhow!("loading an embedded font: {e}"))
    };
    Ok(FontFamily {
        regular: data(REGULAR, printpdf::BuiltinFont::Helvetica)?,
        bold: data(BOLD, printpdf::BuiltinFont::HelveticaBold)?,
        italic: data(REGULAR, printpdf::BuiltinFont::HelveticaOblique)?,
        bold_italic: data(BOLD, printpdf::BuiltinFont::HelveticaBoldOblique)?,
    })
}

/// A receipt of `merchant` on `date` listing `lines` (what, how much; amounts positive) and their
/// total, on a narrow till-roll page.
pub fn e_receipt(merchant: &str, date: NaiveDate, lines: &[(String, Money)]) -> anyhow::Result<Vec<u8>> {
    let mut doc = genpdf::Document::new(builtin_fonts()?);
    doc.set_title(format!("{merchant} receipt {}", date.format("%d/%m/%Y")));
    doc.set_paper_size(genpdf::Size::new(80, 100));
    // No print-shop colour profile (PDF/X, 650 kB): a receipt is read on a screen.
    doc.set_minimal_conformance();
    let mut decorator = genpdf::SimplePageDecorator::new();
    decorator.set_margins(Margins::trbl(8, 6, 8, 6));
    doc.set_page_decorator(decorator);
    doc.set_font_size(9);
    let centred = |text: String, style: Style| Paragraph::new(text).aligned(Alignment::Center).styled(style);
    doc.push(centred(merchant.to_uppercase(), Style::new().bold().with_font_size(14)));
    doc.push(centred(format!("Receipt {}", date.format("%d/%m/%Y")), Style::new().with_color(MUTED)));
    doc.push(Break::new(1.5));
    let mut table = genpdf::elements::TableLayout::new(vec![3, 1]);
    let mut total = Money::ZERO;
    for (what, amount) in lines {
        total += *amount;
        table
            .row()
            .element(Paragraph::new(what.clone()))
            .element(Paragraph::new(gbp(*amount)).aligned(Alignment::Right))
            .push()
            .map_err(|e| anyhow::anyhow!("a receipt line: {e}"))?;
    }
    table
        .row()
        .element(Paragraph::new("TOTAL").styled(Style::new().bold()).padded(Margins::trbl(2, 0, 0, 0)))
        .element(
            Paragraph::new(gbp(total))
                .aligned(Alignment::Right)
                .styled(Style::new().bold())
                .padded(Margins::trbl(2, 0, 0, 0)),
        )
        .push()
        .map_err(|e| anyhow::anyhow!("the receipt's total: {e}"))?;
    doc.push(table);
    doc.push(Break::new(1.5));
    doc.push(centred("Paid by card. Thank you for shopping with us.".into(), Style::new().with_color(MUTED)));
    let mut out = Vec::new();
    doc.render(&mut out).map_err(|e| anyhow::anyhow!("writing the receipt: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_receipt_is_a_pdf_with_its_lines_and_total() {
        let lines = vec![
            ("Groceries".to_owned(), Money::from_pence(6_100)),
            ("Household".to_owned(), Money::from_pence(2_320)),
        ];
        let pdf = e_receipt("Tesco", NaiveDate::from_ymd_opt(2026, 11, 28).unwrap(), &lines).unwrap();
        if let Ok(path) = std::env::var("RECEIPT_OUT") {
            std::fs::write(path, &pdf).unwrap();
        }
        assert!(pdf.starts_with(b"%PDF-"));
        assert!(pdf.len() < 20_000, "{} bytes", pdf.len());
    }
}
