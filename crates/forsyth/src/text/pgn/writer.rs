//! The writer: games in the PGN export format, handed what to write (tag
//! pairs, moves already in their notation, comments, NAGs, variations). It
//! knows the layout rules, not the rules of chess: `specs/pgn.md` section 5.

use crate::board::Color;

use super::{CommentStyle, Event, GameResult, MoveNumber, Nag, PgnError, PgnErrorKind};

/// The Seven Tag Roster, in the order the export format writes it.
///
/// ```
/// assert_eq!(forsyth::pgn::SEVEN_TAG_ROSTER[0], "Event");
/// assert_eq!(forsyth::pgn::SEVEN_TAG_ROSTER[6], "Result");
/// ```
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The widest line the export format allows.
const WIDTH: usize = 80;

/// Writes the tag pairs of a game: the Seven Tag Roster first and in its
/// order (a missing one as `?`, a missing `Date` as `????.??.??`, a missing
/// `Result` as `result`), then the other tags in their order. A name given
/// twice is written once, at its first place, with its last value. A blank
/// line follows.
///
/// ```
/// use forsyth::pgn::{GameResult, write_tags};
/// let mut out = String::new();
/// let tags = [("ECO", "C20"), ("White", "Anna \"A\""), ("Event", "Open")];
/// write_tags(&mut out, tags, GameResult::Unknown);
/// assert_eq!(out, "[Event \"Open\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///     [White \"Anna \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n");
/// ```
pub fn write_tags<'a, I>(out: &mut String, tags: I, result: GameResult)
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut roster: [Option<&str>; 7] = [None; 7];
    let mut others: Vec<(&str, &str)> = Vec::new();
    for (name, value) in tags {
        if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            roster[i] = Some(value);
        } else if let Some(slot) = others.iter_mut().find(|(n, _)| *n == name) {
            slot.1 = value;
        } else {
            others.push((name, value));
        }
    }
    for (name, value) in SEVEN_TAG_ROSTER.iter().zip(roster) {
        let value = value.unwrap_or(match *name {
            "Date" => "????.??.??",
            "Result" => result.as_str(),
            _ => "?",
        });
        tag_pair(out, name, value);
    }
    for (name, value) in others {
        tag_pair(out, name, value);
    }
    out.push('\n');
}

fn tag_pair(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // Escaped in place, as `TagValue::encode` does: no string per tag.
    for part in value.split_inclusive(['"', '\\']) {
        match part.strip_suffix(['"', '\\']) {
            Some(plain) => {
                out.push_str(plain);
                out.push('\\');
                out.push_str(&part[plain.len()..]);
            }
            None => out.push_str(part),
        }
    }
    out.push_str("\"]\n");
}

/// Lays out a game's movetext in the export format: tokens separated by
/// one space, lines of at most 80 columns (a single token longer than that
/// stands alone on its line), `(` glued to the token after it and `)` to
/// the token before, a black move's number (`12...`) written at the start
/// of the movetext and after a comment or a variation, NAGs as `$n`,
/// comments in braces broken at spaces. A `;` comment is written in braces
/// too, unless its text holds a `}`: then it stays a `;` comment, and the
/// line ends after it.
///
/// ```
/// use forsyth::pgn::{GameResult, MovetextWriter};
/// use forsyth::Color;
/// let mut w = MovetextWriter::new(String::new());
/// w.play(1, Color::White, "e4");
/// w.comment(" best  by test ");
/// w.play(1, Color::Black, "e5");
/// w.nag(1);
/// w.begin_variation();
/// w.play(1, Color::Black, "c5");
/// w.end_variation();
/// w.play(2, Color::White, "Nf3");
/// let out = w.finish(GameResult::Unknown);
/// assert_eq!(out, "1. e4 {best by test} 1... e5 $1 (1... c5) 2. Nf3 *\n");
/// ```
#[derive(Debug)]
pub struct MovetextWriter {
    out: String,
    /// Where the current line starts in `out`.
    line_start: usize,
    /// Columns (characters) on the current line.
    column: usize,
    /// Text glued to the front of the next token (`(`, `{`).
    prefix: String,
    /// Whether the next move needs its number even for Black.
    numbered: bool,
    /// Whether the line must end before the next token (after a `;`
    /// comment).
    break_next: bool,
    /// Where the last token starts in `out`.
    last_token: usize,
}

impl MovetextWriter {
    /// A writer appending to `out`, which ends a line (or is empty).
    ///
    /// ```
    /// use forsyth::pgn::{GameResult, MovetextWriter};
    /// let out = String::from("[Event \"?\"]\n\n");
    /// let out = MovetextWriter::new(out).finish(GameResult::Draw);
    /// assert!(out.ends_with("\n\n1/2-1/2\n"));
    /// ```
    pub fn new(out: String) -> MovetextWriter {
        let line_start = out.len();
        MovetextWriter {
            out,
            line_start,
            column: 0,
            prefix: String::new(),
            numbered: true,
            break_next: false,
            last_token: line_start,
        }
    }

    /// One token, after a space or at the start of a new line.
    fn token(&mut self, text: &str) {
        self.token_of(&[text]);
    }

    /// One token made of `parts`, as [`token`](MovetextWriter::token)
    /// writes it: a move and its number are written without a string
    /// made for them.
    fn token_of(&mut self, parts: &[&str]) {
        let width =
            self.prefix.chars().count() + parts.iter().map(|p| p.chars().count()).sum::<usize>();
        if self.column > 0 {
            if self.break_next || self.column + 1 + width > WIDTH {
                self.newline();
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.break_next = false;
        self.last_token = self.out.len();
        self.out.push_str(&self.prefix);
        self.prefix.clear();
        for part in parts {
            self.out.push_str(part);
        }
        self.column += width;
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.line_start = self.out.len();
        self.column = 0;
    }

    /// Text glued to the end of the last token (`)`, `}`): when the line
    /// grows too long, its last token (a move with its number, a word of a
    /// comment) moves to a new line.
    fn glue(&mut self, text: &str) {
        if self.break_next {
            // Never into a `;` comment.
            self.newline();
            self.break_next = false;
        }
        self.out.push_str(text);
        self.column += text.chars().count();
        if self.column > WIDTH && self.last_token > self.line_start {
            // The space before the last token becomes a line feed.
            let at = self.last_token - 1;
            self.out.replace_range(at..at + 1, "\n");
            self.line_start = at + 1;
            self.column = self.out[self.line_start..].chars().count();
        }
    }

    /// A move, with its number before it when White plays it or when a
    /// black move's number is due.
    ///
    /// ```
    /// use forsyth::pgn::{GameResult, MovetextWriter};
    /// use forsyth::Color;
    /// let mut w = MovetextWriter::new(String::new());
    /// w.play(7, Color::Black, "O-O");
    /// w.play(8, Color::White, "c3");
    /// w.play(8, Color::Black, "d6");
    /// let out = w.finish(GameResult::WhiteWins);
    /// assert_eq!(out, "7... O-O 8. c3 d6 1-0\n");
    /// ```
    pub fn play(&mut self, number: u32, side: Color, text: &str) {
        // The number and its move stay on one line.
        let mut digits = [0; 10];
        if side == Color::White {
            self.token_of(&[decimal(number, &mut digits), ". ", text]);
        } else if self.numbered {
            self.token_of(&[decimal(number, &mut digits), "... ", text]);
        } else {
            self.token(text);
        }
        self.numbered = false;
    }

    /// A Numeric Annotation Glyph, written `$n`.
    ///
    /// ```
    /// use forsyth::pgn::{GameResult, MovetextWriter};
    /// use forsyth::Color;
    /// let mut w = MovetextWriter::new(String::new());
    /// w.play(1, Color::White, "f3");
    /// w.nag(4);
    /// let out = w.finish(GameResult::Unknown);
    /// assert_eq!(out, "1. f3 $4 *\n");
    /// ```
    pub fn nag(&mut self, value: u8) {
        let mut digits = [0; 10];
        self.token_of(&["$", decimal(value.into(), &mut digits)]);
    }

    /// A comment in braces, its words separated by single spaces and
    /// broken across lines at spaces (its white space is not kept as it
    /// was).
    ///
    /// ```
    /// use forsyth::pgn::{GameResult, MovetextWriter};
    /// let mut w = MovetextWriter::new(String::new());
    /// w.comment(&"word ".repeat(30));
    /// let out = w.finish(GameResult::Unknown);
    /// assert!(out.lines().all(|l| l.len() <= 80));
    /// assert_eq!(out.lines().count(), 2);
    /// ```
    pub fn comment(&mut self, text: &str) {
        let mut words = text.split_whitespace().peekable();
        if words.peek().is_none() {
            self.token("{}");
        } else {
            self.prefix.push('{');
            while let Some(word) = words.next() {
                self.token(word);
                if words.peek().is_none() {
                    self.glue("}");
                }
            }
        }
        self.numbered = true;
    }

    /// A `;` comment as read: written in braces when it can be (see
    /// [`comment`](MovetextWriter::comment)), else as a `;` comment that
    /// ends its line.
    ///
    /// ```
    /// use forsyth::pgn::{GameResult, MovetextWriter};
    /// let mut w = MovetextWriter::new(String::new());
    /// w.line_comment(" a } b");
    /// w.line_comment(" plain");
    /// let out = w.finish(GameResult::Unknown);
    /// assert_eq!(out, "; a } b\n{plain} *\n");
    /// ```
    pub fn line_comment(&mut self, text: &str) {
        if text.contains('}') {
            self.token(&format!(";{}", text.trim_end()));
            self.break_next = true;
            self.numbered = true;
        } else {
            self.comment(text);
        }
    }

    /// `(`: a variation of the last move starts.
    pub fn begin_variation(&mut self) {
        self.prefix.push('(');
        self.numbered = true;
    }

    /// `)`: the variation ends.
    pub fn end_variation(&mut self) {
        if self.prefix.ends_with('(') {
            // An empty variation: `()`.
            self.prefix.pop();
            self.token("()");
        } else {
            self.glue(")");
        }
        self.numbered = true;
    }

    /// The game termination marker and the line feed after it: the text.
    pub fn finish(mut self, result: GameResult) -> String {
        self.token(result.as_str());
        self.out.push('\n');
        self.out
    }
}

/// `n` in decimal digits, written into `digits`.
fn decimal(mut n: u32, digits: &mut [u8; 10]) -> &str {
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit: `n % 10` is below 10.
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    std::str::from_utf8(&digits[at..]).unwrap_or_default()
}

/// The movetext after a game's fault, written back from its tokens as
/// they were read, for the comment `{not replayed (KIND): REST}` that
/// keeps it (`specs/pgn.md` section 5): one space between tokens, `(`
/// glued to the token after it and `)` to the one before, a suffix glued
/// to its move.
///
/// ```
/// use forsyth::pgn::{GameResult, MovetextWriter, Unreplayed};
/// let mut rest = Unreplayed::default();
/// rest.token("Ke3");
/// rest.begin_variation();
/// rest.token("Nc6");
/// rest.end_variation();
/// rest.result(GameResult::WhiteWins);
/// let mut w = MovetextWriter::new(String::new());
/// w.play(1, forsyth::Color::White, "e4");
/// rest.write_into(&mut w, "unreachable");
/// assert_eq!(w.finish(GameResult::Unknown), "1. e4 {not replayed (unreachable): Ke3 (Nc6) 1-0} *\n");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Unreplayed {
    text: String,
    /// Whether the next token follows a `(`.
    glued: bool,
}

impl Unreplayed {
    /// A token as read: a move, a move number, a comment in its marks.
    pub fn token(&mut self, word: &str) {
        if !self.text.is_empty() && !self.glued {
            self.text.push(' ');
        }
        self.text.push_str(word);
        self.glued = false;
    }

    /// A move number as read: its digits and periods.
    pub fn move_number(&mut self, number: &MoveNumber) {
        self.token(&format!("{}{}", number.number, ".".repeat(number.dots)));
    }

    /// A NAG: a suffix (`!?`) glued to its move, else `$n`.
    pub fn nag(&mut self, nag: Nag) {
        match suffix_text(nag) {
            Some(glyph) => self.text.push_str(glyph),
            None => self.token(&format!("${}", nag.value)),
        }
    }

    /// A comment, in braces or after `;` as it was read.
    pub fn comment(&mut self, text: &str, style: CommentStyle) {
        match style {
            CommentStyle::Brace => self.token(&format!("{{{text}}}")),
            CommentStyle::Line => self.token(&format!(";{text}")),
        }
    }

    /// `(`.
    pub fn begin_variation(&mut self) {
        self.token("(");
        self.glued = true;
    }

    /// `)`.
    pub fn end_variation(&mut self) {
        self.text.push(')');
        self.glued = false;
    }

    /// The termination marker.
    pub fn result(&mut self, result: GameResult) {
        self.token(result.as_str());
    }

    /// A syntax error that stands for its bytes: the character it is, or
    /// the run of periods (the other errors' bytes are not text a comment
    /// can hold).
    pub fn error(&mut self, error: &PgnError) {
        match error.kind {
            PgnErrorKind::UnbalancedParenthesis => self.end_variation(),
            PgnErrorKind::StrayBrace => self.token("}"),
            PgnErrorKind::StrayBracket => self.token("]"),
            PgnErrorKind::StrayQuote => self.token("\""),
            PgnErrorKind::StrayDots => self.token(&".".repeat(error.span.len)),
            _ => {}
        }
    }

    /// A collected event; a termination marker is left to
    /// [`result`](Unreplayed::result), which the caller adds last.
    pub fn event(&mut self, event: &Event) {
        match event {
            Event::MoveNumber(n) => self.move_number(n),
            Event::Move { text, .. } => self.token(text),
            Event::Nag(n) => self.nag(*n),
            Event::Comment { text, style, .. } => self.comment(text, *style),
            Event::BeginVariation(_) => self.begin_variation(),
            Event::EndVariation(_) => self.end_variation(),
            Event::Result { .. } => {}
        }
    }

    /// Writes the comment that keeps the rest, `kind` naming the fault:
    /// on one line, so that a `;` comment can hold it too.
    pub fn write_into(&self, w: &mut MovetextWriter, kind: &str) {
        let mut note = format!("not replayed ({kind})");
        for (i, word) in self.text.split_whitespace().enumerate() {
            note.push_str(if i == 0 { ": " } else { " " });
            note.push_str(word);
        }
        w.line_comment(&note);
    }
}

/// A suffix's glyph (`!?`), `None` for a NAG written `$n`.
fn suffix_text(nag: Nag) -> Option<&'static str> {
    let glyphs = ["!", "?", "!!", "??", "!?", "?!"];
    let i = usize::from(nag.value.checked_sub(1)?);
    glyphs.get(i).filter(|_| nag.suffix).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_fits_and_breaks_only_at_spaces() {
        let mut w = MovetextWriter::new(String::new());
        for n in 1..=60 {
            w.play(n, Color::White, "Nf3");
            w.begin_variation();
            w.play(n, Color::White, "e4");
            w.comment("a rather long comment that goes on");
            w.end_variation();
            w.play(n, Color::Black, "Nf6");
        }
        let out = w.finish(GameResult::Unknown);
        assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
        let joined: Vec<&str> = out.split_whitespace().collect();
        assert_eq!(joined[..4], ["1.", "Nf3", "(1.", "e4"]);
        assert!(!out.contains(" )"));
        assert!(!out.contains("( "));
        // A move number never ends a line: it stays with its move.
        assert!(out.lines().all(|l| !l.ends_with('.')), "{out}");
    }

    #[test]
    fn numbers_are_written_as_rust_formats_them() {
        let mut digits = [0; 10];
        for n in (0..2_000).chain([9_999, 10_000, 65_535, u32::MAX - 1, u32::MAX]) {
            assert_eq!(decimal(n, &mut digits), n.to_string());
        }
        let mut w = MovetextWriter::new(String::new());
        w.play(10, Color::Black, "Nf6");
        w.nag(255);
        w.nag(0);
        w.play(11, Color::White, "e4");
        assert_eq!(
            w.finish(GameResult::Draw),
            "10... Nf6 $255 $0 11. e4 1/2-1/2\n"
        );
    }

    #[test]
    fn tag_values_are_escaped_as_encode_escapes_them() {
        for value in [
            "",
            "plain",
            "\"",
            "\\",
            "a \"b\" c",
            "C:\\x\\",
            "\"\\\"",
            "é \"ü\"",
        ] {
            let mut out = String::new();
            tag_pair(&mut out, "Event", value);
            let encoded = super::super::TagValue::encode(value);
            assert_eq!(out, format!("[Event \"{encoded}\"]\n"), "{value}");
        }
    }
}
