//! Positions in TOML text: the line and column of a byte offset, and toml's errors as one
//! line with their position (its own rendering spans several lines with a caret drawing).

/// The 1-based line and column (in characters) of byte `offset` of `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// A toml parse or type error as `(line, column, message)`: the start of its span (line 1,
/// column 1 when toml gives none) and its message on one line.
pub(crate) fn locate(text: &str, e: &toml::de::Error) -> (usize, usize, String) {
    let (line, col) = line_col(text, e.span().map_or(0, |s| s.start));
    let message = e
        .message()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(": ");
    let message = if message.starts_with("number too large") {
        "integer too large for 64 bits".to_string()
    } else {
        message
    };
    (line, col, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let text = "a = \"é\"\nb = [\"é\", 99999999999999999999]\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 9), (2, 1));
        // Columns count characters, not bytes; an offset inside a character is its start.
        assert_eq!(line_col(text, 16), (2, 7));
        assert_eq!(line_col(text, 6), (1, 6));
        let e = text.parse::<toml::Table>().unwrap_err();
        let (line, col, message) = locate(text, &e);
        assert_eq!((line, col), (2, 11), "{message}");
        assert_eq!(message, "integer too large for 64 bits");
    }
}
