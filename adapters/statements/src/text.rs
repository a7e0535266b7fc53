//! Bytes to text, and the small text clean-ups every format shares.

use std::borrow::Cow;

/// True for bytes no statement is made of: a picture, archive or PDF signature, or more than
/// one control character in a hundred (UTF-16 text is half NULs). A stray NUL in a long
/// statement is not enough: `decode` drops it.
pub(crate) fn looks_binary(bytes: &[u8]) -> bool {
    const SIGNATURES: [&[u8]; 7] =
        [b"\x89PNG", b"PK\x03\x04", b"%PDF", b"GIF8", b"\xFF\xD8\xFF", b"\x1F\x8B", b"\xD0\xCF\x11\xE0"];
    if SIGNATURES.iter().any(|s| bytes.starts_with(s)) {
        return true;
    }
    let controls =
        bytes.iter().filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)) || b == 0x7F).count();
    controls * 100 > bytes.len()
}

/// UTF-8 (without its byte-order mark) when the bytes are valid UTF-8, else Windows-1252, the
/// encoding of older UK bank exports (Nationwide's '£' is the single byte 0xA3); without NULs,
/// which no bank means and PostgreSQL cannot store.
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text.strip_prefix('\u{FEFF}').unwrap_or(text)),
        Err(_) => encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0,
    };
    if text.contains('\0') {
        Cow::Owned(text.replace('\0', ""))
    } else {
        text
    }
}

/// One physical line: its 1-based number, its byte offset and its text without the line break.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    pub number: u32,
    pub offset: usize,
    pub text: &'a str,
}

/// The lines of `text`, broken at `\n`, `\r\n` or a lone `\r`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let bytes = text.as_bytes();
    let mut offset = 0;
    let mut number = 0u32;
    std::iter::from_fn(move || {
        if offset >= bytes.len() {
            return None;
        }
        let start = offset;
        let end = bytes[start..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(bytes.len(), |p| start + p);
        offset = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        number = number.saturating_add(1);
        Some(Line { number, offset: start, text: &text[start..end] })
    })
}

/// Trims, and folds every inner run of white space into one space.
pub(crate) fn collapse(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for word in raw.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Like `collapse`, line by line: notes keep their line breaks (blank lines go).
pub(crate) fn collapse_lines(raw: &str) -> String {
    raw.lines().map(collapse).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// A cell without surrounding white space and without the apostrophe NatWest, Lloyds and Amex put
/// in front of text so spreadsheets keep it as text (`'AT2624000001'`, `'30-93-53`).
pub(crate) fn clean_cell(raw: &str) -> &str {
    let trimmed = raw.trim();
    match trimmed.strip_prefix('\'') {
        // Amex wraps references in a pair ('AT26…'); text such as '=it's' keeps its last one, and
        // so does our own export's guarded '-…' (a reference starts with a letter or digit).
        Some(rest) => match rest.strip_suffix('\'') {
            Some(inner)
                if inner.starts_with(|c: char| c.is_ascii_alphanumeric())
                    && inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                inner
            }
            _ => rest,
        }
        .trim(),
        None => trimmed,
    }
}

/// The description and notes of an OFX or QIF row: the name (payee), else the memo, else
/// `fallback`, else 'Unknown'; the memo is kept as notes when both are there and differ.
pub(crate) fn name_and_memo(name: &str, memo: &str, fallback: &str) -> (String, String) {
    let (name, memo, fallback) = (collapse(name), collapse(memo), collapse(fallback));
    match (name.is_empty(), memo.is_empty()) {
        (false, false) if name != memo => (name, memo),
        (false, _) => (name, String::new()),
        (true, false) => (memo, String::new()),
        (true, true) if !fallback.is_empty() => (fallback, String::new()),
        (true, true) => ("Unknown".to_string(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_files_are_told_from_text() {
        assert!(looks_binary(b"\x89PNG\r\n\x1a\nrest"));
        assert!(looks_binary(b"PK\x03\x04zip"));
        assert!(looks_binary(b"%PDF-1.7\n"));
        assert!(looks_binary(b"Date,Amount\n01/01/2026,\x001.00\n"));
        assert!(looks_binary(&[0x01; 50]));
        assert!(!looks_binary(b"Date,Amount\r\n01/01/2026,1.00\r\n"));
        assert!(!looks_binary("£5".as_bytes()));
        let mut long = b"Date,Description,Amount\n".repeat(10);
        long.extend_from_slice(b"01/01/2026,Tea\x00,1.00\n");
        assert!(!looks_binary(&long), "one stray NUL in a statement");
        assert!(looks_binary(&"Date,Amount\n".encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>()));
    }

    #[test]
    fn utf8_loses_its_bom_and_other_bytes_are_windows_1252() {
        assert_eq!(decode(b"\xEF\xBB\xBFDate"), "Date");
        assert_eq!(decode(b"\xA312.50"), "£12.50");
        assert_eq!(decode("£12.50".as_bytes()), "£12.50");
        assert_eq!(decode(b"Te\x00a"), "Tea");
        assert_eq!(decode(b"\xA31\x002"), "£12");
    }

    #[test]
    fn lines_break_at_every_kind_of_line_end() {
        let text = "a\r\nb\nc\rd";
        let got: Vec<_> = lines(text).map(|l| (l.number, l.offset, l.text)).collect();
        assert_eq!(got, [(1, 0, "a"), (2, 3, "b"), (3, 5, "c"), (4, 7, "d")]);
        assert_eq!(lines("x\n\n").map(|l| l.text).collect::<Vec<_>>(), ["x", ""]);
    }

    #[test]
    fn cells_lose_spreadsheet_apostrophes_and_runs_of_space() {
        assert_eq!(clean_cell("  'AT2624000001' "), "AT2624000001");
        assert_eq!(clean_cell("'CARD PAYMENT TO X"), "CARD PAYMENT TO X");
        assert_eq!(clean_cell("Bob's"), "Bob's");
        // The export guards a leading '-' with an apostrophe: '-' then a closing quote is text.
        assert_eq!(clean_cell("'-'"), "-'");
        assert_eq!(clean_cell("'-AB'"), "-AB'");
        assert_eq!(collapse("  TESCO   STORES\n 3456\t"), "TESCO STORES 3456");
    }
}
