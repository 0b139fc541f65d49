//! The stipulation: what White must do, `#n` (mate in at most `n`), as
//! Popeye writes it and as printed statements say it in words.

use core::fmt;
use core::str::FromStr;

use super::search::MAX_MOVES;
use crate::notation::{detect, Language, Settle};

/// What a problem asks: `Mate(n)`, White to play and mate in at most `n`
/// moves against any defence (`#n`); `Selfmate(n)`, White to play and
/// force Black to mate it in at most `n` moves (`s#n`). Helpmates are not
/// solved (their stipulation is read, and refused by name).
///
/// Reads `#3` and `# 3`, and the words of a printed statement in several
/// languages: `mate in 3`, `Matt in 3 Zügen`, `mat en 3 coups`,
/// `Ματ σε 3 κινήσεις`, `Мат в 3 хода`, the number also in words, one to
/// ten (`mate in three`, `Matt in drei Zügen`). The words are rows of the
/// language table (`specs/solve.md` §5).
///
/// ```
/// use forsyth::solve::Stipulation;
/// assert_eq!("#3".parse::<Stipulation>()?, Stipulation::Mate(3));
/// assert_eq!("Matt in 2 Zügen".parse::<Stipulation>()?, Stipulation::Mate(2));
/// assert_eq!("Ματ σε 3 κινήσεις".parse::<Stipulation>()?, Stipulation::Mate(3));
/// assert_eq!("mate in three".parse::<Stipulation>()?, Stipulation::Mate(3));
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
/// let err = "mate in lots".parse::<Stipulation>().unwrap_err();
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

/// What a word of a stipulation in words says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Meaning {
    /// A number of moves (`three`, `drei`).
    Number(u8),
    /// Mate (`mate`, `Matt`).
    Mate,
    /// Neither: the words around them (`in`, `Zügen`).
    Filler,
}

/// The meaning of `word` (lowercase) in the stipulation words of the
/// language table; `None` when no language has it.
fn meaning(word: &str) -> Option<Meaning> {
    let read = |language: Language| {
        let words = language.stipulation_words();
        if let Some(i) = words.numbers.iter().position(|forms| forms.contains(&word)) {
            // Ten words: the index fits.
            Some(Meaning::Number(i as u8 + 1))
        } else if words.mate.contains(&word) {
            Some(Meaning::Mate)
        } else if words.fillers.contains(&word) {
            Some(Meaning::Filler)
        } else {
            None
        }
    };
    detect(Language::ALL, Settle::First, read).map(|(_, meaning)| meaning)
}

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
            let said = if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
                Meaning::Number(length(offset, bare, bare)?)
            } else {
                meaning(&bare.to_lowercase())
                    .ok_or_else(|| err(offset, ParseStipulationErrorKind::Word, word))?
            };
            match said {
                Meaning::Number(_) if number.is_some() => {
                    return Err(err(offset, ParseStipulationErrorKind::Number, body));
                }
                Meaning::Number(n) => number = Some(n),
                Meaning::Mate => mate = true,
                Meaning::Filler => {}
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

    /// The numbers one to ten in words, transcribed here from grammars of
    /// each language (not from the table), each in a sentence of the
    /// language: every one reads as its digits read.
    #[test]
    fn numbers_in_words_read_as_digits() {
        let languages: [(&str, [&str; 10]); 9] = [
            (
                "White to play and mate in {} moves",
                [
                    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                ],
            ),
            (
                "Weiß zieht und setzt in {} Zügen matt",
                [
                    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
                    "zehn",
                ],
            ),
            (
                "Juegan blancas y dan mate en {} jugadas",
                [
                    "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
                    "diez",
                ],
            ),
            (
                "Les blancs jouent et font mat en {} coups",
                [
                    "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
                ],
            ),
            (
                "Il bianco muove e dà matto in {} mosse",
                [
                    "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
                    "dieci",
                ],
            ),
            (
                "Wit speelt en geeft mat in {} zetten",
                [
                    "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien",
                ],
            ),
            (
                "Белые начинают и дают мат в {} хода",
                [
                    "один",
                    "два",
                    "три",
                    "четыре",
                    "пять",
                    "шесть",
                    "семь",
                    "восемь",
                    "девять",
                    "десять",
                ],
            ),
            (
                "Λευκά παίζουν και ματ σε {} κινήσεις",
                [
                    "μία",
                    "δύο",
                    "τρεις",
                    "τέσσερις",
                    "πέντε",
                    "έξι",
                    "επτά",
                    "οκτώ",
                    "εννέα",
                    "δέκα",
                ],
            ),
            (
                "Białe zaczynają i dają mata w {} posunięciach",
                [
                    "jednym",
                    "dwóch",
                    "trzech",
                    "czterech",
                    "pięciu",
                    "sześciu",
                    "siedmiu",
                    "ośmiu",
                    "dziewięciu",
                    "dziesięciu",
                ],
            ),
        ];
        for (sentence, numbers) in languages {
            for (i, word) in numbers.into_iter().enumerate() {
                let n = i as u8 + 1;
                let digits = sentence.replace("{}", &n.to_string());
                assert_eq!(digits.parse(), Ok(Stipulation::Mate(n)), "{digits}");
                let words = sentence.replace("{}", word);
                assert_eq!(words.parse(), Ok(Stipulation::Mate(n)), "{words}");
                // Capitalised, as a word may start a printed line.
                let mut upper = word.chars();
                let first = upper.next().expect("a word").to_uppercase();
                let capital = sentence.replace("{}", &format!("{first}{}", upper.as_str()));
                assert_eq!(capital.parse(), Ok(Stipulation::Mate(n)), "{capital}");
            }
        }
        // The forms of one (its genders and cases), as sentences say it.
        for text in [
            "mate in one",
            "Matt in einem Zug",
            "mate en una jugada",
            "mat en un coup",
            "matto in una mossa",
            "mat in een zet",
            "Мат в один ход",
            "Ματ σε μία κίνηση",
            "mat w jednym ruchu",
        ] {
            assert_eq!(text.parse(), Ok(Stipulation::Mate(1)), "{text}");
        }
    }

    /// Each word of the table means one thing in every language: no word
    /// is a number in one and another number, mate or a filler in another.
    #[test]
    fn each_stipulation_word_has_one_meaning() {
        let mut seen: std::collections::HashMap<&str, Meaning> = Default::default();
        for language in Language::ALL {
            let words = language.stipulation_words();
            let meant = words
                .numbers
                .iter()
                .zip(1..)
                .flat_map(|(forms, n)| forms.iter().map(move |&w| (w, Meaning::Number(n))))
                .chain(words.mate.iter().map(|&w| (w, Meaning::Mate)))
                .chain(words.fillers.iter().map(|&w| (w, Meaning::Filler)));
            for (word, m) in meant {
                assert_eq!(word, word.to_lowercase(), "{language}: lowercase");
                let before = *seen.entry(word).or_insert(m);
                assert_eq!(before, m, "{language}: '{word}'");
            }
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
        let e = "Matt in elf Zügen".parse::<Stipulation>().unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (8, "elf"));
        // A number in words is a number like its digits: one only.
        assert_eq!(kind("mate in two 3"), ParseStipulationErrorKind::Number);
        assert_eq!(kind("mate in two three"), ParseStipulationErrorKind::Number);
    }
}
