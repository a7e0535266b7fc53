//! Tags: the household's free labels, many per transaction ('Holiday 2026', 'Work expenses').
//! The rules of a tag's name and colour, of the tags a transaction form sends, and of the list's
//! tag filter.

use std::fmt;

use uuid::Uuid;

use crate::ValidationError;

/// A tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagId(pub Uuid);

impl TagId {
    /// A new id (UUIDv7).
    pub fn generate() -> Self {
        Self(Uuid::now_v7())
    }
}

impl From<Uuid> for TagId {
    fn from(id: Uuid) -> Self {
        Self(id)
    }
}

impl fmt::Display for TagId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The longest tag name, in characters (not bytes: 'Café' is 4).
pub const TAG_NAME_MAX: usize = 30;
/// The most tags one transaction carries.
pub const TAGS_PER_TRANSACTION: usize = 10;

/// A tag's name: trimmed, 1 to 30 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagName(String);

impl TagName {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        let err = |m: &str| Err(ValidationError::new("name", m));
        if trimmed.is_empty() {
            return err("Tag name is required");
        }
        if trimmed.chars().count() > TAG_NAME_MAX {
            return err("Tag name must be at most 30 characters");
        }
        if trimmed.chars().any(char::is_control) {
            return err("Tag name cannot contain control characters");
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A tag's colour: `#rrggbb` (either case; kept as sent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagColour(String);

impl TagColour {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        let hex = trimmed.strip_prefix('#').unwrap_or_default();
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(Self(trimmed.to_owned()))
        } else {
            Err(ValidationError::new("color", "Invalid colour"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The colour a tag gets when none is chosen: a calm blue from the category palette.
pub const DEFAULT_TAG_COLOUR: &str = "#2196F3";

/// A new tag's fields as a client sends them.
#[derive(Debug, Clone, Default)]
pub struct TagInput {
    pub name: Option<String>,
    pub color: Option<String>,
}

/// A new tag, parsed. A missing colour is [`DEFAULT_TAG_COLOUR`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagDraft {
    pub name: TagName,
    pub color: TagColour,
}

impl TagDraft {
    pub fn parse(input: &TagInput) -> Result<Self, ValidationError> {
        let name = TagName::parse(input.name.as_deref().unwrap_or_default())?;
        let color = TagColour::parse(input.color.as_deref().unwrap_or(DEFAULT_TAG_COLOUR))?;
        Ok(Self { name, color })
    }
}

/// An edit of a tag: only what was sent changes, under the same rules as a new tag.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TagPatch {
    pub name: Option<TagName>,
    pub color: Option<TagColour>,
}

impl TagPatch {
    pub fn parse(input: &TagInput) -> Result<Self, ValidationError> {
        Ok(Self {
            name: input.name.as_deref().map(TagName::parse).transpose()?,
            color: input.color.as_deref().map(TagColour::parse).transpose()?,
        })
    }
}

/// The tags a transaction form sends: at most 10, a repeated id counted once. A malformed id
/// names nothing of the household's, so it becomes the nil id and the lookup answers 'Tag not
/// found', as for any unknown id.
pub fn parse_tag_ids(raw: &[String]) -> Result<Vec<TagId>, ValidationError> {
    let mut ids: Vec<TagId> = Vec::with_capacity(raw.len().min(TAGS_PER_TRANSACTION));
    for r in raw {
        let id = TagId(Uuid::parse_str(r.trim()).unwrap_or_default());
        if !ids.contains(&id) {
            ids.push(id);
        }
        if ids.len() > TAGS_PER_TRANSACTION {
            return Err(ValidationError::new("tagIds", "A transaction can have at most 10 tags"));
        }
    }
    Ok(ids)
}

/// How the list's tag filter combines several tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TagMode {
    /// Rows carrying at least one of the tags.
    #[default]
    Any,
    /// Rows carrying every one of the tags.
    All,
}

impl TagMode {
    /// Blank is `any`.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "" | "any" => Ok(Self::Any),
            "all" => Ok(Self::All),
            _ => Err(ValidationError::new("tagMode", "tagMode must be any or all")),
        }
    }
}

/// The list's `tags` query value: comma-separated ids, at most 10, repeats counted once; blank
/// is no filter. A malformed id is refused (a query names what to show, not what to store).
pub fn parse_tag_filter(raw: &str) -> Result<Vec<TagId>, ValidationError> {
    let mut ids: Vec<TagId> = vec![];
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let id = TagId(Uuid::parse_str(part).map_err(|_| ValidationError::new("tags", "Invalid tag id"))?);
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.len() > TAGS_PER_TRANSACTION {
        return Err(ValidationError::new("tags", "Filter by at most 10 tags"));
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_name_is_trimmed_and_one_to_thirty_characters_counted_as_characters() {
        let cases = [
            ("", Err("Tag name is required")),
            ("   ", Err("Tag name is required")),
            ("  Kids  ", Ok("Kids")),
            ("x", Ok("x")),
            (&*"x".repeat(30), Ok(&*"x".repeat(30))),
            (&*"x".repeat(31), Err("Tag name must be at most 30 characters")),
            // 30 two-byte characters are 60 bytes: still 30 characters.
            (&*"é".repeat(30), Ok(&*"é".repeat(30))),
            (&*"é".repeat(31), Err("Tag name must be at most 30 characters")),
            ("Holiday\u{0}2026", Err("Tag name cannot contain control characters")),
        ];
        for (raw, expected) in cases {
            let got = TagName::parse(raw);
            assert_eq!(got.as_ref().map(TagName::as_str).map_err(|e| e.message.as_str()), expected, "{raw:?}");
        }
    }

    #[test]
    fn a_colour_is_hash_and_six_hex_digits() {
        for ok in ["#a1b2c3", "#A1B2C3", " #000000 "] {
            assert!(TagColour::parse(ok).is_ok(), "{ok}");
        }
        for wrong in ["", "red", "#abc", "a1b2c3", "#a1b2c", "#a1b2c3d", "#g1b2c3", "#ａ1b2c3"] {
            assert_eq!(TagColour::parse(wrong).unwrap_err().message, "Invalid colour", "{wrong}");
        }
    }

    #[test]
    fn a_new_tag_needs_a_name_and_takes_the_default_colour_when_none_is_sent() {
        let draft = TagDraft::parse(&TagInput { name: Some(" Kids ".into()), color: None }).unwrap();
        assert_eq!((draft.name.as_str(), draft.color.as_str()), ("Kids", DEFAULT_TAG_COLOUR));
        assert_eq!(TagDraft::parse(&TagInput::default()).unwrap_err().message, "Tag name is required");
        let bad = TagInput { name: Some("Kids".into()), color: Some("blue".into()) };
        assert_eq!(TagDraft::parse(&bad).unwrap_err().message, "Invalid colour");
    }

    #[test]
    fn an_edit_changes_only_what_was_sent_under_the_same_rules() {
        assert_eq!(TagPatch::parse(&TagInput::default()).unwrap(), TagPatch::default());
        let patch = TagPatch::parse(&TagInput { name: None, color: Some("#00ff00".into()) }).unwrap();
        assert_eq!((patch.name, patch.color.unwrap().as_str()), (None, "#00ff00"));
        assert_eq!(
            TagPatch::parse(&TagInput { name: Some(" ".into()), color: None }).unwrap_err().message,
            "Tag name is required"
        );
    }

    #[test]
    fn a_transaction_carries_at_most_ten_tags_and_a_repeat_counts_once() {
        let id = |n: u128| Uuid::from_u128(n).to_string();
        let ten: Vec<String> = (1..=10).map(id).collect();
        assert_eq!(parse_tag_ids(&ten).unwrap().len(), 10);
        let mut repeated = ten.clone();
        repeated.push(id(3));
        repeated.push(id(1));
        assert_eq!(parse_tag_ids(&repeated).unwrap().len(), 10);
        let eleven: Vec<String> = (1..=11).map(id).collect();
        assert_eq!(parse_tag_ids(&eleven).unwrap_err().message, "A transaction can have at most 10 tags");
        assert_eq!(parse_tag_ids(&["not-an-id".into()]).unwrap(), vec![TagId(Uuid::nil())]);
        assert_eq!(parse_tag_ids(&[]).unwrap(), vec![]);
    }

    #[test]
    fn the_tag_filter_reads_ids_and_a_mode() {
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        assert_eq!(parse_tag_filter(&format!(" {a}, {b},{a}, ")).unwrap(), vec![TagId(a), TagId(b)]);
        assert_eq!(parse_tag_filter("").unwrap(), vec![]);
        assert_eq!(parse_tag_filter("x").unwrap_err().message, "Invalid tag id");
        let eleven: Vec<String> = (1..=11u128).map(|n| Uuid::from_u128(n).to_string()).collect();
        assert_eq!(parse_tag_filter(&eleven.join(",")).unwrap_err().message, "Filter by at most 10 tags");
        assert_eq!(TagMode::parse("").unwrap(), TagMode::Any);
        assert_eq!(TagMode::parse("all").unwrap(), TagMode::All);
        assert_eq!(TagMode::parse("some").unwrap_err().message, "tagMode must be any or all");
    }
}
