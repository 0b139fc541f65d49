//! The stipulation: what White must do, `#n` (mate in at most `n`), as
//! Popeye writes it and as printed statements say it in words.

use core::fmt;
use core::str::FromStr;

use super::search::MAX_MOVES;

/// What a problem asks: `Mate(n)`, White to play and mate in at most `n`
/// moves against any defence (`#n`); `Selfmate(n)`, White to play and
/// force Black to mate it in at most `n` moves (`s#n`). Helpmates are not
/// solved (their stipulation is read, and refused by name).
///
/// Reads `#3` and `# 3`, and the words of a printed statement in several
/// languages: `mate in 3`, `Matt in 3 Zügen`, `mat en 3 coups`,
/// `Ματ σε 3 κινήσεις`, `Мат в 3 хода` (`specs/solve.md` lists the words).
///
/// ```
/// use forsyth::solve::Stipulation;
/// assert_eq!("#3".parse::<Stipulation>()?, Stipulation::Mate(3));
/// assert_eq!("Matt in 2 Zügen".parse::<Stipulation>()?, Stipulation::Mate(2));
/// assert_eq!("Ματ σε 3 κινήσεις".parse::<Stipulation>()?, Stipulation::Mate(3));
/// assert_eq!(Stipulation::Mate(3).to_string(), "#3");
/// assert_eq!("s#2".parse::<Stipulation>()?, Stipulation::Selfmate(2));
/// let err = "h#2".parse::<Stipulation>().unwrap_err();
/// assert_eq!(err.to_string(), "col 1: stipulation: h#2 (a helpmate) is not solved, only direct mates (#n) and selfmates (s#n)");
/// # Ok::<_, forsyth::solve::ParseStipulationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stipulation {
    /// Direct mate in at most this many moves (1 or more).
    Mate(u8),
    /// Selfmate in at most this many moves (1 or more): Black, against
    /// its will, mates White on one of its next this many moves.
    Selfmate(u8),
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stipulation::Mate(n) => write!(f, "#{n}"),
            Stipulation::Selfmate(n) => write!(f, "s#{n}"),
        }
    }
}

// A stipulation is stored as its text (`"#3"`, `"s#2"`), read back by the
// parser, so data read never holds a stipulation it would refuse.
#[cfg(feature = "serde")]
crate::text::serde_via_text!(Stipulation, "a stipulation", |t| t.parse().ok());

/// Why a stipulation does not read: the byte offset and what is wrong.
///
/// ```
/// use forsyth::solve::{ParseStipulationErrorKind, Stipulation};
/// let err = "mate in three".parse::<Stipulation>().unwrap_err();
/// assert_eq!(err.kind, ParseStipulationErrorKind::Word);
/// assert_eq!(err.offset, 8);
/// assert_eq!(err.kind().name(), "word");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseStipulationError {
    /// 0-based byte offset of the fault in the stipulation's text.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseStipulationErrorKind,
    /// The text at fault (a word, or the whole stipulation).
    pub text: String,
}

/// What is wrong with a stipulation. The names (`name()`) are stable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseStipulationErrorKind {
    /// `empty`: no stipulation at all.
    Empty,
    /// `word`: a word that is not one of a mate stipulation.
    Word,
    /// `number`: no number of moves, or more than one.
    Number,
    /// `length`: the number of moves is 0 or too many.
    Length,
    /// `helpmate`: a helpmate (`h#n`), which is not solved.
    Helpmate,
    /// `unsupported`: another kind of stipulation (`=`, `+`, `r#`, ...).
    Unsupported,
}

impl ParseStipulationErrorKind {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::solve::ParseStipulationErrorKind;
    /// assert_eq!(ParseStipulationErrorKind::Helpmate.name(), "helpmate");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseStipulationErrorKind::Empty => "empty",
            ParseStipulationErrorKind::Word => "word",
            ParseStipulationErrorKind::Number => "number",
            ParseStipulationErrorKind::Length => "length",
            ParseStipulationErrorKind::Helpmate => "helpmate",
            ParseStipulationErrorKind::Unsupported => "unsupported",
        }
    }
}

impl ParseStipulationError {
    /// What is wrong (the `kind` field).
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// assert_eq!("".parse::<Stipulation>().unwrap_err().kind().name(), "empty");
    /// ```
    pub fn kind(&self) -> ParseStipulationErrorKind {
        self.kind
    }

    /// The message without the column.
    ///
    /// ```
    /// use forsyth::solve::Stipulation;
    /// let err = "#0".parse::<Stipulation>().unwrap_err();
    /// assert_eq!(err.message(), "stipulation: #0: the number of moves must be 1 to 60");
    /// ```
    pub fn message(&self) -> String {
        let text = &self.text;
        match self.kind {
            ParseStipulationErrorKind::Empty => {
                "stipulation: expected one, such as #3 or 'mate in 3'".to_owned()
            }
            ParseStipulationErrorKind::Word => format!(
                "stipulation: '{text}' is not a word of a mate stipulation (#3, mate in 3, \
                 Matt in 3 Zügen, mat en 3 coups...)"
            ),
            ParseStipulationErrorKind::Number => {
                format!("stipulation: '{text}' does not say in how many moves (one number)")
            }
            ParseStipulationErrorKind::Length => {
                format!("stipulation: {text}: the number of moves must be 1 to {MAX_MOVES}")
            }
            ParseStipulationErrorKind::Helpmate => format!(
                "stipulation: {text} (a helpmate) is not solved, only direct mates (#n) and \
                 selfmates (s#n)"
            ),
            ParseStipulationErrorKind::Unsupported => format!(
                "stipulation: {text} is not solved, only direct mates (#n) and selfmates (s#n)"
            ),
        }
    }
}

impl fmt::Display for ParseStipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}: {}", self.offset + 1, self.message())
    }
}

impl std::error::Error for ParseStipulationError {}

/// The words a mate stipulation may say besides its number, lowercase:
/// the word for mate in each language, and the fillers around it.
const MATE_WORDS: &[&str] = &[
    "mate", "mates", "matt", "mat", "mats", "matto", "mato", "ματ", "мат",
];
const FILLER_WORDS: &[&str] = &[
    // English, German, French, Spanish, Italian, Dutch, Greek, Russian, Polish
    "white",
    "to",
    "play",
    "and",
    "in",
    "move",
    "moves",
    "weiß",
    "weiss",
    "setzt",
    "zügen",
    "zugen",
    "zug",
    "les",
    "blancs",
    "font",
    "jouent",
    "et",
    "en",
    "coups",
    "coup",
    "blancas",
    "juegan",
    "dan",
    "jugadas",
    "jugada",
    "bianco",
    "muove",
    "matta",
    "mosse",
    "mossa",
    "wit",
    "geeft",
    "zetten",
    "zet",
    "σε",
    "κινήσεις",
    "κινησεις",
    "κίνηση",
    "λευκά",
    "παίζουν",
    "και",
    "в",
    "хода",
    "ходов",
    "ход",
    "белые",
    "дают",
    "w",
    "ruchach",
    "ruchu",
    "posunięciach",
    "białe",
    "dają",
];

fn err(offset: usize, kind: ParseStipulationErrorKind, text: &str) -> ParseStipulationError {
    ParseStipulationError {
        offset,
        kind,
        text: text.to_owned(),
    }
}

fn length(offset: usize, digits: &str, text: &str) -> Result<u8, ParseStipulationError> {
    match digits.parse::<u8>() {
        Ok(n) if (1..=MAX_MOVES).contains(&n) => Ok(n),
        _ => Err(err(offset, ParseStipulationErrorKind::Length, text)),
    }
}

impl FromStr for Stipulation {
    type Err = ParseStipulationError;

    fn from_str(text: &str) -> Result<Stipulation, ParseStipulationError> {
        let lead = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(err(lead, ParseStipulationErrorKind::Empty, body));
        }
        // Popeye's form: an optional prefix, '#', the number.
        if let Some(hash) = body.find('#') {
            let prefix = body[..hash].trim();
            let number = body[hash + 1..].trim();
            let selfmate = prefix.eq_ignore_ascii_case("s");
            if !(prefix.is_empty() || selfmate) || !number.bytes().all(|b| b.is_ascii_digit()) {
                let kind = match prefix.to_ascii_lowercase().as_str() {
                    "h" | "hs" => ParseStipulationErrorKind::Helpmate,
                    _ => ParseStipulationErrorKind::Unsupported,
                };
                return Err(err(lead, kind, body));
            }
            if number.is_empty() {
                return Err(err(lead, ParseStipulationErrorKind::Number, body));
            }
            let n = length(lead, number, body)?;
            return Ok(if selfmate {
                Stipulation::Selfmate(n)
            } else {
                Stipulation::Mate(n)
            });
        }
        if matches!(body.as_bytes()[0], b'=' | b'+') || body.starts_with("r#") {
            return Err(err(lead, ParseStipulationErrorKind::Unsupported, body));
        }
        // In words: one number, a word for mate, and fillers.
        let mut number = None;
        let mut mate = false;
        let mut at = lead;
        for word in body.split_whitespace() {
            let offset = lead + (word.as_ptr() as usize - body.as_ptr() as usize);
            at = offset;
            let bare = word.trim_end_matches(['.', ',', ':', '!']);
            if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
                if number.is_some() {
                    return Err(err(offset, ParseStipulationErrorKind::Number, body));
                }
                number = Some(length(offset, bare, bare)?);
                continue;
            }
            let lower = bare.to_lowercase();
            if MATE_WORDS.contains(&lower.as_str()) {
                mate = true;
            } else if !FILLER_WORDS.contains(&lower.as_str()) {
                return Err(err(offset, ParseStipulationErrorKind::Word, word));
            }
        }
        match number {
            Some(n) if mate => Ok(Stipulation::Mate(n)),
            Some(_) => Err(err(lead, ParseStipulationErrorKind::Unsupported, body)),
            None => Err(err(at, ParseStipulationErrorKind::Number, body)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_stipulations_in_several_languages() {
        for (text, n) in [
            ("#2", 2),
            ("# 5", 5),
            ("mate in 3", 3),
            ("White to play and mate in 4 moves", 4),
            ("Matt in 3 Zügen", 3),
            ("Weiß setzt in 2 Zügen matt", 2),
            ("mat en 3 coups", 3),
            ("Les blancs font mat en 2 coups", 2),
            ("Ματ σε 3 κινήσεις", 3),
            ("Мат в 2 хода", 2),
            ("mate en 3 jugadas", 3),
            ("matto in 2 mosse", 2),
            ("mat in 3 zetten", 3),
        ] {
            assert_eq!(
                text.parse::<Stipulation>(),
                Ok(Stipulation::Mate(n)),
                "{text}"
            );
        }
    }

    #[test]
    fn what_is_not_a_direct_mate_is_named() {
        let kind = |t: &str| t.parse::<Stipulation>().unwrap_err().kind;
        assert_eq!(kind("h#2"), ParseStipulationErrorKind::Helpmate);
        assert_eq!("s#3".parse(), Ok(Stipulation::Selfmate(3)));
        assert_eq!(kind("hs#3"), ParseStipulationErrorKind::Helpmate);
        assert_eq!(kind("=3"), ParseStipulationErrorKind::Unsupported);
        assert_eq!(kind("#"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("#61"), ParseStipulationErrorKind::Length);
        assert_eq!(kind("mate in 2 or 3"), ParseStipulationErrorKind::Word);
        assert_eq!(kind("mate in 2 3"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("in 3 moves"), ParseStipulationErrorKind::Unsupported);
        assert_eq!(kind("  "), ParseStipulationErrorKind::Empty);
        let e = "Matt in drei Zügen".parse::<Stipulation>().unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (8, "drei"));
    }
}
