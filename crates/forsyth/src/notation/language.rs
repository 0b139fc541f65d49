//! The languages of localized algebraic notation: one table, one row per
//! language (`specs/notation.md` §3 gives the rows and their sources).

use core::fmt;
use std::borrow::Cow;

use crate::board::{Color, File, Piece, Role};
use crate::text::letters::{Letter, Letters};
use crate::text::letters::{ENGLISH_BLACK, ENGLISH_FILES, ENGLISH_WHITE};

/// A language of localized algebraic notation (SAN with its piece letters)
/// and of problemist placements. Each is one row of one table; its letters
/// are [`Language::letters`].
///
/// ```
/// use forsyth::{Color, Role};
/// use forsyth::notation::Language;
/// let de = Language::from_code("de").unwrap();
/// assert_eq!(de, Language::German);
/// assert_eq!(de.letters().role(Role::Rook), "T");
/// assert_eq!(Language::Russian.letters().piece(Role::King.of(Color::Black)), "кр");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Language {
    /// English `K Q R B N P` (the PGN standard's letters).
    English,
    /// German `K D T L S P` (`B` for Bauer read too).
    German,
    /// Spanish `R D T A C P`.
    Spanish,
    /// French `R D T F C P`.
    French,
    /// Italian `R D T A C P`.
    Italian,
    /// Dutch `K D T L P O`.
    Dutch,
    /// Russian `Кр Ф Л С К П`, Latin files (Cyrillic `а с е` read as files).
    Russian,
    /// Greek `Ρ Β Π Α Ι Σ`, Greek files `α`-`θ` (final `ς` read as `σ`).
    Greek,
    /// Czech `K D V S J P`.
    Czech,
    /// Danish `K D T L S B`.
    Danish,
    /// Estonian `K L V O R P`.
    Estonian,
    /// Finnish `K D T L R P`.
    Finnish,
    /// Hungarian `K V B F H G`.
    Hungarian,
    /// Icelandic `K D H B R P`.
    Icelandic,
    /// Norwegian `K D T L S B`.
    Norwegian,
    /// Polish `K H W G S P`.
    Polish,
    /// Portuguese `R D T B C P`.
    Portuguese,
    /// Romanian `R D T N C P`.
    Romanian,
    /// Swedish `K D T L S B`.
    Swedish,
}

/// One row of the table.
struct Row {
    language: Language,
    code: &'static str,
    name: &'static str,
    letters: Letters,
    words: &'static StipulationWords,
}

/// The words a language states a direct mate in, "White to play and mate
/// in three moves": lowercase, as `str::to_lowercase` gives them, with the
/// forms the sentence puts them in (gender, case; accented and plain).
/// `solve::stipulation` reads a stipulation in the words of every row.
pub(crate) struct StipulationWords {
    /// The words for mate.
    pub(crate) mate: &'static [&'static str],
    /// The words around the mate and the number (White, to play, in,
    /// moves...).
    pub(crate) fillers: &'static [&'static str],
    /// The numbers one to ten in words: `numbers[n - 1]` says `n`.
    pub(crate) numbers: [&'static [&'static str]; 10],
    /// The words of the other genres, each with the part of a stipulation
    /// in symbols it says: `ser-` (a series), `h`, `s`, `r` (help, self,
    /// reflex play), `#` or `=` (mate, stalemate), `duplex`; `helpmate` is
    /// `h#`, `Serienzughilfsmatt` is `ser-h#`.
    pub(crate) genres: &'static [(&'static str, &'static str)],
}

/// The row of a language whose stipulation words are not in the table.
const NO_WORDS: StipulationWords = StipulationWords {
    mate: &[],
    fillers: &[],
    numbers: [&[]; 10],
    genres: &[],
};

const ENGLISH_WORDS: StipulationWords = StipulationWords {
    mate: &["mate", "mates"],
    fillers: &["white", "to", "play", "plays", "and", "in", "move", "moves"],
    numbers: [
        &["one"],
        &["two"],
        &["three"],
        &["four"],
        &["five"],
        &["six"],
        &["seven"],
        &["eight"],
        &["nine"],
        &["ten"],
    ],
    genres: &[
        ("helpmate", "h#"),
        ("helpmates", "h#"),
        ("help", "h"),
        ("selfmate", "s#"),
        ("selfmates", "s#"),
        ("self", "s"),
        ("reflexmate", "r#"),
        ("reflex", "r"),
        ("stalemate", "="),
        ("stalemates", "="),
        ("helpstalemate", "h="),
        ("selfstalemate", "s="),
        ("helpselfmate", "hs#"),
        ("helpselfmates", "hs#"),
        ("help-selfmate", "hs#"),
        ("helpselfstalemate", "hs="),
        ("series", "ser-"),
        ("series-mover", "ser-"),
        ("seriesmover", "ser-"),
        ("series-helpmate", "ser-h#"),
        ("serieshelpmate", "ser-h#"),
        ("series-selfmate", "ser-s#"),
        ("seriesselfmate", "ser-s#"),
        ("series-stalemate", "ser-="),
        ("duplex", "duplex"),
    ],
};

const GERMAN_WORDS: StipulationWords = StipulationWords {
    mate: &["matt"],
    fillers: &[
        "weiß", "weiss", "zieht", "und", "setzt", "in", "zügen", "zugen", "zug",
    ],
    numbers: [
        &["eins", "ein", "einem", "einen"],
        &["zwei"],
        &["drei"],
        &["vier"],
        &["fünf", "funf"],
        &["sechs"],
        &["sieben"],
        &["acht"],
        &["neun"],
        &["zehn"],
    ],
    genres: &[
        ("hilfsmatt", "h#"),
        ("hilfspatt", "h="),
        ("selbstmatt", "s#"),
        ("selbstpatt", "s="),
        ("hilfsselbstmatt", "hs#"),
        ("hilfsselbstpatt", "hs="),
        ("reflexmatt", "r#"),
        ("patt", "="),
        ("serienzug", "ser-"),
        ("serienzüger", "ser-"),
        ("serienzuger", "ser-"),
        ("serienzugmatt", "ser-#"),
        ("serienzughilfsmatt", "ser-h#"),
        ("serienzug-hilfsmatt", "ser-h#"),
        ("serienzugselbstmatt", "ser-s#"),
        ("serienzug-selbstmatt", "ser-s#"),
        ("serienzugpatt", "ser-="),
        ("duplex", "duplex"),
    ],
};

const SPANISH_WORDS: StipulationWords = StipulationWords {
    mate: &["mate"],
    fillers: &["juegan", "blancas", "y", "dan", "en", "jugadas", "jugada"],
    numbers: [
        &["uno", "una", "un"],
        &["dos"],
        &["tres"],
        &["cuatro"],
        &["cinco"],
        &["seis"],
        &["siete"],
        &["ocho"],
        &["nueve"],
        &["diez"],
    ],
    genres: &[
        ("ayudado", "h"),
        ("ayuda", "h"),
        ("inverso", "s"),
        ("reflejo", "r"),
        ("ahogado", "="),
        ("serie", "ser-"),
        ("duplex", "duplex"),
    ],
};

const FRENCH_WORDS: StipulationWords = StipulationWords {
    mate: &["mat", "mats"],
    fillers: &[
        "les", "blancs", "jouent", "et", "font", "en", "coups", "coup",
    ],
    numbers: [
        &["un", "une"],
        &["deux"],
        &["trois"],
        &["quatre"],
        &["cinq"],
        &["six"],
        &["sept"],
        &["huit"],
        &["neuf"],
        &["dix"],
    ],
    genres: &[
        ("aidé", "h"),
        ("aide", "h"),
        ("inverse", "s"),
        ("automat", "s#"),
        ("réflexe", "r"),
        ("reflexe", "r"),
        ("pat", "="),
        ("série", "ser-"),
        ("duplex", "duplex"),
    ],
};

const ITALIAN_WORDS: StipulationWords = StipulationWords {
    mate: &["matto", "mato", "matta"],
    fillers: &[
        "il", "bianco", "muove", "e", "dà", "da", "in", "mosse", "mossa",
    ],
    numbers: [
        &["uno", "una", "un"],
        &["due"],
        &["tre"],
        &["quattro"],
        &["cinque"],
        &["sei"],
        &["sette"],
        &["otto"],
        &["nove"],
        &["dieci"],
    ],
    genres: &[
        ("aiutomatto", "h#"),
        ("aiuto", "h"),
        ("automatto", "s#"),
        ("aiutoautomatto", "hs#"),
        ("riflessomatto", "r#"),
        ("stallo", "="),
        ("aiutostallo", "h="),
        ("serie", "ser-"),
        ("duplex", "duplex"),
    ],
};

const DUTCH_WORDS: StipulationWords = StipulationWords {
    mate: &["mat"],
    fillers: &["wit", "speelt", "en", "geeft", "in", "zetten", "zet"],
    numbers: [
        &["een", "één", "eén"],
        &["twee"],
        &["drie"],
        &["vier"],
        &["vijf"],
        &["zes"],
        &["zeven"],
        &["acht"],
        &["negen"],
        &["tien"],
    ],
    genres: &[
        ("hulpmat", "h#"),
        ("hulppat", "h="),
        ("zelfmat", "s#"),
        ("hulpzelfmat", "hs#"),
        ("reflexmat", "r#"),
        ("pat", "="),
        ("serie", "ser-"),
        ("duplex", "duplex"),
    ],
};

const RUSSIAN_WORDS: StipulationWords = StipulationWords {
    mate: &["мат"],
    fillers: &[
        "белые",
        "начинают",
        "и",
        "дают",
        "в",
        "хода",
        "ходов",
        "ход",
    ],
    numbers: [
        &["один"],
        &["два"],
        &["три"],
        &["четыре"],
        &["пять"],
        &["шесть"],
        &["семь"],
        &["восемь"],
        &["девять"],
        &["десять"],
    ],
    genres: &[
        ("кооперативный", "h"),
        ("кооперативным", "h"),
        ("обратный", "s"),
        ("обратным", "s"),
        ("рефлексный", "r"),
        ("пат", "="),
        ("серийный", "ser-"),
        ("дуплекс", "duplex"),
    ],
};

const GREEK_WORDS: StipulationWords = StipulationWords {
    mate: &["ματ"],
    fillers: &[
        "λευκά",
        "λευκα",
        "παίζουν",
        "παιζουν",
        "και",
        "σε",
        "κινήσεις",
        "κινησεις",
        "κίνηση",
        "κινηση",
    ],
    numbers: [
        &["ένα", "ενα", "μία", "μια"],
        &["δύο", "δυο"],
        &["τρεις", "τρία", "τρια"],
        &["τέσσερις", "τεσσερις", "τέσσερα", "τεσσερα"],
        &["πέντε", "πεντε"],
        &["έξι", "εξι"],
        &["επτά", "επτα", "εφτά", "εφτα"],
        &["οκτώ", "οκτω", "οχτώ", "οχτω"],
        &["εννέα", "εννεα", "εννιά", "εννια"],
        &["δέκα", "δεκα"],
    ],
    genres: &[
        ("βοηθητικό", "h"),
        ("βοηθητικο", "h"),
        ("αυτοματ", "s#"),
        ("πατ", "="),
        ("duplex", "duplex"),
    ],
};

const POLISH_WORDS: StipulationWords = StipulationWords {
    mate: &["mat", "mata"],
    fillers: &[
        "białe",
        "zaczynają",
        "i",
        "dają",
        "w",
        "ruchach",
        "ruchu",
        "posunięciach",
        "posunięciu",
    ],
    numbers: [
        &["jeden", "jednym"],
        &["dwa", "dwóch", "dwu"],
        &["trzy", "trzech"],
        &["cztery", "czterech"],
        &["pięć", "pięciu"],
        &["sześć", "sześciu"],
        &["siedem", "siedmiu"],
        &["osiem", "ośmiu"],
        &["dziewięć", "dziewięciu"],
        &["dziesięć", "dziesięciu"],
    ],
    genres: &[
        ("pomocniczy", "h"),
        ("pomocniczego", "h"),
        ("samomat", "s#"),
        ("samomata", "s#"),
        ("pat", "="),
        ("seryjny", "ser-"),
        ("duplex", "duplex"),
    ],
};

/// `Letters` of a row (see [`Letters::row`]).
const fn letters(
    white: [&'static str; 6],
    black: [&'static str; 6],
    files: [&'static str; 8],
    piece_aliases: &'static [(Letter, Piece)],
    file_aliases: &'static [(Letter, File)],
) -> Letters {
    Letters::row(white, black, files, piece_aliases, file_aliases)
}

/// A row with Latin files, no aliases and no stipulation words.
const fn latin(
    code: &'static str,
    name: &'static str,
    language: Language,
    white: [&'static str; 6],
    black: [&'static str; 6],
) -> Row {
    latin_words(code, name, language, white, black, &NO_WORDS)
}

/// A row with Latin files, no aliases, and its stipulation words.
const fn latin_words(
    code: &'static str,
    name: &'static str,
    language: Language,
    white: [&'static str; 6],
    black: [&'static str; 6],
    words: &'static StipulationWords,
) -> Row {
    Row {
        language,
        code,
        name,
        letters: letters(white, black, ENGLISH_FILES, &[], &[]),
        words,
    }
}

const WHITE_PAWN: Piece = Role::Pawn.of(Color::White);
const BLACK_PAWN: Piece = Role::Pawn.of(Color::Black);

/// The table, in [`Language`] order (a test checks). Pieces pawn first:
/// pawn, knight, bishop, rook, queen, king.
static ROWS: [Row; 19] = [
    Row {
        language: Language::English,
        code: "en",
        name: "English",
        letters: letters(ENGLISH_WHITE, ENGLISH_BLACK, ENGLISH_FILES, &[], &[]),
        words: &ENGLISH_WORDS,
    },
    Row {
        language: Language::German,
        code: "de",
        name: "German",
        letters: letters(
            ["P", "S", "L", "T", "D", "K"],
            ["p", "s", "l", "t", "d", "k"],
            ENGLISH_FILES,
            &[
                (Cow::Borrowed("B"), WHITE_PAWN),
                (Cow::Borrowed("b"), BLACK_PAWN),
            ],
            &[],
        ),
        words: &GERMAN_WORDS,
    },
    latin_words(
        "es",
        "Spanish",
        Language::Spanish,
        ["P", "C", "A", "T", "D", "R"],
        ["p", "c", "a", "t", "d", "r"],
        &SPANISH_WORDS,
    ),
    latin_words(
        "fr",
        "French",
        Language::French,
        ["P", "C", "F", "T", "D", "R"],
        ["p", "c", "f", "t", "d", "r"],
        &FRENCH_WORDS,
    ),
    latin_words(
        "it",
        "Italian",
        Language::Italian,
        ["P", "C", "A", "T", "D", "R"],
        ["p", "c", "a", "t", "d", "r"],
        &ITALIAN_WORDS,
    ),
    latin_words(
        "nl",
        "Dutch",
        Language::Dutch,
        ["O", "P", "L", "T", "D", "K"],
        ["o", "p", "l", "t", "d", "k"],
        &DUTCH_WORDS,
    ),
    Row {
        language: Language::Russian,
        code: "ru",
        name: "Russian",
        letters: letters(
            ["П", "К", "С", "Л", "Ф", "Кр"],
            ["п", "к", "с", "л", "ф", "кр"],
            ENGLISH_FILES,
            &[],
            &[
                (Cow::Borrowed("а"), File::A),
                (Cow::Borrowed("с"), File::C),
                (Cow::Borrowed("е"), File::E),
            ],
        ),
        words: &RUSSIAN_WORDS,
    },
    Row {
        language: Language::Greek,
        code: "el",
        name: "Greek",
        letters: letters(
            ["Σ", "Ι", "Α", "Π", "Β", "Ρ"],
            ["σ", "ι", "α", "π", "β", "ρ"],
            ["α", "β", "γ", "δ", "ε", "ζ", "η", "θ"],
            &[(Cow::Borrowed("ς"), BLACK_PAWN)],
            &[],
        ),
        words: &GREEK_WORDS,
    },
    latin(
        "cs",
        "Czech",
        Language::Czech,
        ["P", "J", "S", "V", "D", "K"],
        ["p", "j", "s", "v", "d", "k"],
    ),
    latin(
        "da",
        "Danish",
        Language::Danish,
        ["B", "S", "L", "T", "D", "K"],
        ["b", "s", "l", "t", "d", "k"],
    ),
    latin(
        "et",
        "Estonian",
        Language::Estonian,
        ["P", "R", "O", "V", "L", "K"],
        ["p", "r", "o", "v", "l", "k"],
    ),
    latin(
        "fi",
        "Finnish",
        Language::Finnish,
        ["P", "R", "L", "T", "D", "K"],
        ["p", "r", "l", "t", "d", "k"],
    ),
    latin(
        "hu",
        "Hungarian",
        Language::Hungarian,
        ["G", "H", "F", "B", "V", "K"],
        ["g", "h", "f", "b", "v", "k"],
    ),
    latin(
        "is",
        "Icelandic",
        Language::Icelandic,
        ["P", "R", "B", "H", "D", "K"],
        ["p", "r", "b", "h", "d", "k"],
    ),
    latin(
        "no",
        "Norwegian",
        Language::Norwegian,
        ["B", "S", "L", "T", "D", "K"],
        ["b", "s", "l", "t", "d", "k"],
    ),
    latin_words(
        "pl",
        "Polish",
        Language::Polish,
        ["P", "S", "G", "W", "H", "K"],
        ["p", "s", "g", "w", "h", "k"],
        &POLISH_WORDS,
    ),
    latin(
        "pt",
        "Portuguese",
        Language::Portuguese,
        ["P", "C", "B", "T", "D", "R"],
        ["p", "c", "b", "t", "d", "r"],
    ),
    latin(
        "ro",
        "Romanian",
        Language::Romanian,
        ["P", "C", "N", "T", "D", "R"],
        ["p", "c", "n", "t", "d", "r"],
    ),
    latin(
        "sv",
        "Swedish",
        Language::Swedish,
        ["B", "S", "L", "T", "D", "K"],
        ["b", "s", "l", "t", "d", "k"],
    ),
];

impl Language {
    /// Every language, in table order (English first).
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// assert_eq!(Language::ALL[0], Language::English);
    /// assert_eq!(Language::ALL.len(), 19);
    /// ```
    pub const ALL: [Language; 19] = [
        Language::English,
        Language::German,
        Language::Spanish,
        Language::French,
        Language::Italian,
        Language::Dutch,
        Language::Russian,
        Language::Greek,
        Language::Czech,
        Language::Danish,
        Language::Estonian,
        Language::Finnish,
        Language::Hungarian,
        Language::Icelandic,
        Language::Norwegian,
        Language::Polish,
        Language::Portuguese,
        Language::Romanian,
        Language::Swedish,
    ];

    fn row(self) -> &'static Row {
        let row = &ROWS[self as usize];
        debug_assert_eq!(row.language, self, "the table follows the enum");
        row
    }

    /// The letters of this language (castling `O-O`, capture `x`, `+`,
    /// `#` in every one).
    ///
    /// ```
    /// use forsyth::File;
    /// use forsyth::notation::Language;
    /// assert_eq!(Language::Greek.letters().file(File::D), "δ");
    /// ```
    pub fn letters(self) -> &'static Letters {
        &self.row().letters
    }

    /// The words this language states a direct mate in (none for the
    /// languages whose words are not in the table yet).
    pub(crate) fn stipulation_words(self) -> &'static StipulationWords {
        self.row().words
    }

    /// The ISO 639-1 code (`de`).
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// assert_eq!(Language::Greek.code(), "el");
    /// ```
    pub fn code(self) -> &'static str {
        self.row().code
    }

    /// The English name of the language (`German`).
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// assert_eq!(Language::Dutch.name(), "Dutch");
    /// ```
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The language of an ISO 639-1 code (ASCII case ignored).
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// assert_eq!(Language::from_code("RU"), Some(Language::Russian));
    /// assert_eq!(Language::from_code("xx"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How [`detect`] settles a text that more than one candidate reads.
///
/// ```
/// use forsyth::notation::Settle;
/// assert_ne!(Settle::First, Settle::Agreeing);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Settle {
    /// The first candidate that reads the text, in the order given, is
    /// its language ([`Language::ALL`] puts English first); the others
    /// are not asked.
    First,
    /// Every candidate is asked, and the text is read only when all the
    /// readings agree; the first candidate that reads it is named.
    Agreeing,
}

/// Which language a text is in: each of `candidates` (languages,
/// tables of [`Letters`], notations) reads the text in turn with `read`,
/// and the answer is the candidate that reads it with its reading, as
/// `settle` says. `None` when no candidate reads the text, or, settled by
/// agreement, when two read it differently. The one place where a reader
/// that does not know a text's language tries them all.
///
/// ```
/// use forsyth::fen::Fen;
/// use forsyth::notation::{detect, Language, Settle};
/// use forsyth::{Color, Role, Square};
/// let text = "4k3/8/8/8/8/8/8/T3K2T w - - 0 1";
/// let read = |l: Language| Fen::from_ascii_with(text.as_bytes(), l.letters()).ok();
/// let (language, fen) = detect(Language::ALL, Settle::First, read).unwrap();
/// assert_eq!(language, Language::German);
/// assert_eq!(fen.board.piece_at(Square::A1), Some(Role::Rook.of(Color::White)));
/// // `R` is a rook in English, a king in Spanish: no agreement.
/// let text = "4r3/8/8/8/8/8/8/4R3 w - - 0 1";
/// let read = |l: Language| Fen::from_ascii_with(text.as_bytes(), l.letters()).ok();
/// assert_eq!(detect(Language::ALL, Settle::First, read).map(|(l, _)| l), Some(Language::English));
/// assert_eq!(detect(Language::ALL, Settle::Agreeing, read), None);
/// ```
pub fn detect<C: Copy, T: PartialEq>(
    candidates: impl IntoIterator<Item = C>,
    settle: Settle,
    mut read: impl FnMut(C) -> Option<T>,
) -> Option<(C, T)> {
    let mut readings = candidates
        .into_iter()
        .filter_map(|c| read(c).map(|t| (c, t)));
    let first = readings.next()?;
    match settle {
        Settle::First => Some(first),
        Settle::Agreeing => readings.all(|(_, t)| t == first.1).then_some(first),
    }
}

/// The figurine letters: the Unicode chess figurines, white `♙♘♗♖♕♔`
/// and black `♟♞♝♜♛♚`, Latin files.
pub(crate) static FIGURINE: Letters = letters(
    ["♙", "♘", "♗", "♖", "♕", "♔"],
    ["♟", "♞", "♝", "♜", "♛", "♚"],
    ENGLISH_FILES,
    &[],
    &[],
);

#[cfg(test)]
mod tests {
    use super::*;

    /// `detect` against its definition, on every list of up to four
    /// readings (none, or one of two values): settled by the first, the
    /// first reading, no candidate after it asked; settled by agreement,
    /// the first reading when every reading has its value.
    #[test]
    fn detect_follows_its_definition() {
        for n in 0..=4u32 {
            for code in 0..3usize.pow(n) {
                let readings: Vec<Option<u8>> = (0..n)
                    .map(|i| match code / 3usize.pow(i) % 3 {
                        0 => None,
                        1 => Some(1),
                        _ => Some(2),
                    })
                    .collect();
                let first = readings
                    .iter()
                    .enumerate()
                    .find_map(|(i, r)| r.map(|r| (i, r)));
                let mut asked = 0;
                let read = |i: usize| {
                    asked += 1;
                    readings[i]
                };
                assert_eq!(detect(0..readings.len(), Settle::First, read), first);
                assert_eq!(asked, first.map_or(readings.len(), |(i, _)| i + 1));
                let values: Vec<u8> = readings.iter().flatten().copied().collect();
                let agreed = first.filter(|_| values.iter().all(|&v| v == values[0]));
                let read = |i: usize| readings[i];
                assert_eq!(
                    detect(0..readings.len(), Settle::Agreeing, read),
                    agreed,
                    "{readings:?}"
                );
            }
        }
    }

    /// The table's rows are in `Language` order, and `ALL` lists each once.
    #[test]
    fn rows_follow_the_enum() {
        for (i, l) in Language::ALL.into_iter().enumerate() {
            assert_eq!(l as usize, i);
            assert_eq!(ROWS[i].language, l);
        }
    }
}
