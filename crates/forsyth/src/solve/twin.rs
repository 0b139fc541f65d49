//! Twins: the changes that make a problem's b), c)... positions from its
//! diagram (`specs/solve.md` §6), as Popeye's `twin` command writes them
//! (`move e1 e2`, `rotate 90`, `mirror a1<-->h1`, `remove`, `add`,
//! `exchange`, `substitute`, `shift`, `PolishType`, `stipulation`,
//! `continued`), in English, German and French.

use core::fmt;

use crate::board::{Board, Color, Piece, Role, Square};
use crate::notation::Language;

use super::letters::popeye_letter;
use super::stipulation::Stipulation;

/// One twin: its changes, made to the diagram, or to the twin before it
/// when `continued` (Popeye prints such a twin's label as `+c)`).
///
/// ```
/// use forsyth::solve::read_popeye;
/// let p = &read_popeye("beginproblem pieces white Kc6 Rh1 black Ka8 Pa7 stip h#1.5
///     twin move h1 g1 twin continued rotate 90 endproblem")?[0];
/// assert_eq!(p.twins.len(), 2);
/// assert!(!p.twins[0].continued && p.twins[1].continued);
/// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Twin {
    /// The changes start from the twin before, not from the diagram.
    pub continued: bool,
    /// The changes, in order.
    pub changes: Vec<TwinChange>,
    /// Popeye's `option whitetoplay` was asked but does not apply to the
    /// twin's new stipulation (it is not help play in whole moves): Popeye
    /// says so before the twin's label.
    #[cfg_attr(feature = "serde", serde(default))]
    pub white_to_play_ignored: bool,
}

/// A change of a twin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TwinChange {
    /// The piece on `from` goes to `to`, which must be empty (`move`).
    Move {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// The pieces on two squares change places (`exchange`).
    Exchange {
        /// One square.
        a: Square,
        /// The other.
        b: Square,
    },
    /// The piece on the square leaves the board (`remove`).
    Remove(Square),
    /// A piece is put on an empty square (`add`).
    Add {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// Every piece of one kind becomes another kind, its colour kept
    /// (`substitute`).
    Substitute {
        /// The kind replaced.
        from: Role,
        /// The kind it becomes.
        to: Role,
    },
    /// The board turns by 90, 180 or 270 degrees (`rotate`).
    Rotate(u16),
    /// The board is mirrored (`mirror`).
    Mirror(Mirror),
    /// Every piece moves by the step from one square to another
    /// (`shift`); none may leave the board.
    Shift {
        /// The step's start.
        from: Square,
        /// Its end.
        to: Square,
    },
    /// Every piece changes colour (`PolishType`).
    Polish,
    /// Another stipulation (`stipulation`).
    Stipulation(Stipulation),
}

/// The axis of a mirror, named as Popeye names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Mirror {
    /// `a1<-->h1`: the files change sides.
    Files,
    /// `a1<-->a8`: the ranks change sides.
    Ranks,
    /// `a1<-->h8`: a1 and h8 change places, the board mirrored on the
    /// diagonal a8-h1 (Popeye names the corner that a1 goes to, not the
    /// line).
    Diagonal,
    /// `a8<-->h1`: a8 and h1 change places, the board mirrored on the
    /// diagonal a1-h8.
    AntiDiagonal,
}

impl Mirror {
    /// Popeye's name of the axis.
    ///
    /// ```
    /// use forsyth::solve::Mirror;
    /// assert_eq!(Mirror::Files.name(), "a1<-->h1");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Mirror::Files => "a1<-->h1",
            Mirror::Ranks => "a1<-->a8",
            Mirror::Diagonal => "a1<-->h8",
            Mirror::AntiDiagonal => "a8<-->h1",
        }
    }

    const ALL: [Mirror; 4] = [
        Mirror::Files,
        Mirror::Ranks,
        Mirror::Diagonal,
        Mirror::AntiDiagonal,
    ];
}

/// Why a twin cannot be made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TwinError {
    /// `empty_square`: a change names a square with no piece.
    EmptySquare(Square),
    /// `square_taken`: a piece would go to a square that has one.
    SquareTaken(Square),
    /// `off_board`: a shift would move a piece off the board.
    OffBoard(Square),
}

impl TwinError {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::solve::TwinError;
    /// assert_eq!(TwinError::EmptySquare(Square::E4).name(), "empty_square");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            TwinError::EmptySquare(_) => "empty_square",
            TwinError::SquareTaken(_) => "square_taken",
            TwinError::OffBoard(_) => "off_board",
        }
    }
}

impl fmt::Display for TwinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwinError::EmptySquare(sq) => write!(f, "twin: no piece on {sq}"),
            TwinError::SquareTaken(sq) => write!(f, "twin: {sq} already has a piece"),
            TwinError::OffBoard(sq) => {
                write!(f, "twin: the shift moves the piece on {sq} off the board")
            }
        }
    }
}

impl std::error::Error for TwinError {}

/// The square `sq` is carried to by `f` on the file and rank indexes.
fn carry(sq: Square, f: impl Fn(i32, i32) -> (i32, i32)) -> Option<Square> {
    let (x, y) = f(sq.file().index() as i32, sq.rank().index() as i32);
    if (0..8).contains(&x) && (0..8).contains(&y) {
        Square::new((y * 8 + x) as u32)
    } else {
        None
    }
}

/// `board` with every piece carried by `f` (`Err` with the square of a
/// piece carried off the board).
fn remap(board: &Board, f: impl Fn(i32, i32) -> (i32, i32)) -> Result<Board, TwinError> {
    let mut out = Board::empty();
    for (sq, piece) in board.pieces() {
        let to = carry(sq, &f).ok_or(TwinError::OffBoard(sq))?;
        out.set_piece_at(to, piece);
    }
    Ok(out)
}

impl TwinChange {
    /// Makes the change on `board` and `stipulation`.
    ///
    /// ```
    /// use forsyth::Board;
    /// use forsyth::{Color, Piece, Role, Square};
    /// use forsyth::solve::{Stipulation, TwinChange};
    /// let mut board = Board::empty();
    /// board.set_piece_at(Square::G1, Piece { color: Color::White, role: Role::Rook });
    /// let mut s = Stipulation::helpmate(2);
    /// TwinChange::Rotate(90).apply(&mut board, &mut s)?;
    /// assert!(board.piece_at(Square::H7).is_some());
    /// # Ok::<_, forsyth::solve::TwinError>(())
    /// ```
    pub fn apply(self, board: &mut Board, stipulation: &mut Stipulation) -> Result<(), TwinError> {
        match self {
            TwinChange::Move { from, to } => {
                let piece = board.piece_at(from).ok_or(TwinError::EmptySquare(from))?;
                if board.piece_at(to).is_some() {
                    return Err(TwinError::SquareTaken(to));
                }
                board.remove_piece_at(from);
                board.set_piece_at(to, piece);
            }
            TwinChange::Exchange { a, b } => {
                let pa = board.piece_at(a).ok_or(TwinError::EmptySquare(a))?;
                let pb = board.piece_at(b).ok_or(TwinError::EmptySquare(b))?;
                board.set_piece_at(a, pb);
                board.set_piece_at(b, pa);
            }
            TwinChange::Remove(sq) => {
                board
                    .remove_piece_at(sq)
                    .ok_or(TwinError::EmptySquare(sq))?;
            }
            TwinChange::Add { piece, square } => {
                if board.piece_at(square).is_some() {
                    return Err(TwinError::SquareTaken(square));
                }
                board.set_piece_at(square, piece);
            }
            TwinChange::Substitute { from, to } => {
                let found: Vec<(Square, Piece)> =
                    board.pieces().filter(|(_, p)| p.role == from).collect();
                for (sq, p) in found {
                    board.set_piece_at(sq, Piece { role: to, ..p });
                }
            }
            TwinChange::Rotate(degrees) => {
                *board = match degrees {
                    90 => remap(board, |x, y| (7 - y, x)),
                    180 => remap(board, |x, y| (7 - x, 7 - y)),
                    _ => remap(board, |x, y| (y, 7 - x)),
                }?;
            }
            TwinChange::Mirror(mirror) => {
                *board = match mirror {
                    Mirror::Files => remap(board, |x, y| (7 - x, y)),
                    Mirror::Ranks => remap(board, |x, y| (x, 7 - y)),
                    Mirror::Diagonal => remap(board, |x, y| (7 - y, 7 - x)),
                    Mirror::AntiDiagonal => remap(board, |x, y| (y, x)),
                }?;
            }
            TwinChange::Shift { from, to } => {
                let dx = to.file().index() as i32 - from.file().index() as i32;
                let dy = to.rank().index() as i32 - from.rank().index() as i32;
                *board = remap(board, |x, y| (x + dx, y + dy))?;
            }
            TwinChange::Polish => {
                let all: Vec<(Square, Piece)> = board.pieces().collect();
                for (sq, p) in all {
                    board.set_piece_at(
                        sq,
                        Piece {
                            color: !p.color,
                            ..p
                        },
                    );
                }
            }
            // `duplex` is an option of the problem (Popeye's), which a
            // new stipulation keeps.
            TwinChange::Stipulation(s) => {
                *stipulation = if stipulation.duplex {
                    s.with_duplex()
                } else {
                    s
                };
            }
        }
        Ok(())
    }

    /// The change as Popeye labels it, in `language` (English, German or
    /// French; English for the others), the pieces named as they stand on
    /// `board`, the board before the change: `wRh1-->g1`, `-bPa7`,
    /// `+wPb5`, `wKc6<-->bKa8`, `R ==> Q`, `rotate 90`,
    /// `mirror a1<-->h1`, `h#2`.
    pub fn label(self, board: &Board, language: Language) -> String {
        let words = TwinWords::of(language);
        let piece = |sq: Square| {
            board.piece_at(sq).map_or_else(String::new, |p| {
                format!(
                    "{}{}",
                    words.colour(p.color),
                    popeye_letter(p.role, language)
                )
            })
        };
        match self {
            TwinChange::Move { from, to } => format!("{}{from}-->{to}", piece(from)),
            TwinChange::Exchange { a, b } => {
                format!("{}{a}<-->{}{b}", piece(a), piece(b))
            }
            TwinChange::Remove(sq) => format!("-{}{sq}", piece(sq)),
            TwinChange::Add { piece, square } => format!(
                "+{}{}{square}",
                words.colour(piece.color),
                popeye_letter(piece.role, language)
            ),
            TwinChange::Substitute { from, to } => {
                format!(
                    "{} ==> {}",
                    popeye_letter(from, language),
                    popeye_letter(to, language)
                )
            }
            TwinChange::Rotate(d) => format!("{} {d}", words.rotate),
            TwinChange::Mirror(m) => format!("{} {}", words.mirror, m.name()),
            TwinChange::Shift { from, to } => format!("{} {from} ==> {to}", words.shift),
            TwinChange::Polish => words.polish.to_owned(),
            TwinChange::Stipulation(s) => s.to_string(),
        }
    }
}

impl Twin {
    /// Makes the twin's changes on `board` and `stipulation`, and returns
    /// its label, the changes as Popeye writes them, two spaces after each
    /// (`wRh1-->g1  -bPa7  `).
    ///
    /// ```
    /// use forsyth::notation::Language;
    /// use forsyth::solve::{read_popeye, Stipulation};
    /// let p = &read_popeye("beginproblem pieces white Kc6 Rh1 black Ka8 Pa7 stip h#1.5
    ///     twin move h1 g1 remove a7 endproblem")?[0];
    /// let mut board = p.position.board().clone();
    /// let mut s = p.stipulation.unwrap();
    /// let label = p.twins[0].apply(&mut board, &mut s, Language::English).unwrap();
    /// assert_eq!(label, "wRh1-->g1  -bPa7  ");
    /// # Ok::<_, forsyth::solve::ParsePopeyeError>(())
    /// ```
    pub fn apply(
        &self,
        board: &mut Board,
        stipulation: &mut Stipulation,
        language: Language,
    ) -> Result<String, TwinError> {
        let mut label = String::new();
        for &change in &self.changes {
            label.push_str(&change.label(board, language));
            label.push_str("  ");
            change.apply(board, stipulation)?;
        }
        Ok(label)
    }
}

/// The words of twin labels in a language.
struct TwinWords {
    white: &'static str,
    black: &'static str,
    rotate: &'static str,
    mirror: &'static str,
    shift: &'static str,
    polish: &'static str,
}

impl TwinWords {
    fn of(language: Language) -> TwinWords {
        match language {
            Language::German => TwinWords {
                white: "w",
                black: "s",
                rotate: "Drehung",
                mirror: "Spiegelung",
                shift: "Verschiebung",
                polish: "Farbwechsel",
            },
            Language::French => TwinWords {
                white: "b",
                black: "n",
                rotate: "rotation",
                mirror: "miroir",
                shift: "translation",
                polish: "CouleurEchange",
            },
            _ => TwinWords {
                white: "w",
                black: "b",
                rotate: "rotate",
                mirror: "mirror",
                shift: "shift",
                polish: "PolishType",
            },
        }
    }

    fn colour(&self, color: Color) -> &'static str {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// The twin keywords, in English, German and French.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Keyword {
    Move,
    Exchange,
    Stipulation,
    Add,
    Remove,
    Continued,
    Rotate,
    Mirror,
    Shift,
    Substitute,
    Polish,
}

const KEYWORDS: &[(&str, Keyword)] = &[
    ("move", Keyword::Move),
    ("versetze", Keyword::Move),
    ("deplacement", Keyword::Move),
    ("exchange", Keyword::Exchange),
    ("tausche", Keyword::Exchange),
    ("echange", Keyword::Exchange),
    ("stipulation", Keyword::Stipulation),
    ("forderung", Keyword::Stipulation),
    ("enonce", Keyword::Stipulation),
    ("add", Keyword::Add),
    ("hinzufuegen", Keyword::Add),
    ("ajoute", Keyword::Add),
    ("remove", Keyword::Remove),
    ("entferne", Keyword::Remove),
    ("ote", Keyword::Remove),
    ("continued", Keyword::Continued),
    ("ferner", Keyword::Continued),
    ("enplus", Keyword::Continued),
    ("rotate", Keyword::Rotate),
    ("drehung", Keyword::Rotate),
    ("rotation", Keyword::Rotate),
    ("mirror", Keyword::Mirror),
    ("spiegelung", Keyword::Mirror),
    ("miroir", Keyword::Mirror),
    ("shift", Keyword::Shift),
    ("verschiebung", Keyword::Shift),
    ("translation", Keyword::Shift),
    ("substitute", Keyword::Substitute),
    ("ersetze", Keyword::Substitute),
    ("remplace", Keyword::Substitute),
    ("polishtype", Keyword::Polish),
    ("farbwechsel", Keyword::Polish),
    ("couleurechange", Keyword::Polish),
];

/// The twin keyword `word` names, in full or as a prefix of three letters
/// or more of one keyword.
pub(crate) fn keyword(word: &str) -> Option<Keyword> {
    let lower = word.to_ascii_lowercase();
    if let Some(&(_, k)) = KEYWORDS.iter().find(|(n, _)| *n == lower) {
        return Some(k);
    }
    if lower.len() < 3 {
        return None;
    }
    let mut found = None;
    for &(name, k) in KEYWORDS {
        if name.starts_with(&lower) {
            match found {
                None => found = Some(k),
                Some(f) if f == k => {}
                Some(_) => return None,
            }
        }
    }
    found
}

/// Why the words of a twin do not read: the word at fault (its index in
/// the words given) and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TwinSyntax {
    pub(crate) at: usize,
    pub(crate) expected: &'static str,
}

/// A piece letter of any of Popeye's languages, in the language tried
/// first then the others.
fn role_of(text: &str) -> Option<Role> {
    let mut chars = text.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    Some(match c {
        'K' => Role::King,
        'Q' | 'D' => Role::Queen,
        'R' | 'T' => Role::Rook,
        'B' | 'L' | 'F' => Role::Bishop,
        'S' | 'N' | 'C' => Role::Knight,
        'P' => Role::Pawn,
        _ => return None,
    })
}

fn colour_of(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "white" | "weiss" | "weiß" | "blanc" | "w" => Some(Color::White),
        "black" | "schwarz" | "noir" | "b" | "s" | "n" => Some(Color::Black),
        _ => None,
    }
}

fn square_of(word: &str) -> Option<Square> {
    Square::from_ascii(word.to_ascii_lowercase().as_bytes())
}

/// Reads the twins in `words` (each opened by `twin`, `zwilling` or
/// `jumeau`, the first word included): the twins and the number of words
/// they took, stopping at the first word that neither opens a twin nor
/// is one's change. `language` gives the piece letters of `add`.
pub(crate) fn read_twins(
    words: &[&str],
    language: Language,
) -> Result<(Vec<Twin>, usize), TwinSyntax> {
    let mut twins = Vec::new();
    let mut i = 0;
    while words.get(i).is_some_and(|w| is_twin_word(w)) {
        i += 1;
        let mut twin = Twin {
            continued: false,
            changes: Vec::new(),
            white_to_play_ignored: false,
        };
        while let Some(k) = words.get(i).and_then(|w| keyword(w)) {
            i += 1;
            if k == Keyword::Continued {
                if !twin.changes.is_empty() || twin.continued {
                    return Err(TwinSyntax {
                        at: i - 1,
                        expected: "continued first in its twin",
                    });
                }
                twin.continued = true;
                continue;
            }
            twin.changes.push(change(k, words, &mut i, language)?);
        }
        if twin.changes.is_empty() {
            return Err(TwinSyntax {
                at: i.min(words.len()),
                expected: "a change (move, exchange, remove, add, substitute, rotate, mirror, \
                           shift, PolishType, stipulation)",
            });
        }
        twins.push(twin);
    }
    Ok((twins, i))
}

/// `twin`, `zwilling` or `jumeau`.
pub(crate) fn is_twin_word(word: &str) -> bool {
    ["twin", "zwilling", "jumeau"]
        .iter()
        .any(|t| t.eq_ignore_ascii_case(word))
}

/// The change of keyword `k`, its arguments from word `i`.
fn change(
    k: Keyword,
    words: &[&str],
    i: &mut usize,
    language: Language,
) -> Result<TwinChange, TwinSyntax> {
    let mut next = |expected: &'static str| {
        let at = *i;
        let w = words.get(at).copied().ok_or(TwinSyntax { at, expected })?;
        *i += 1;
        Ok::<(&str, usize), TwinSyntax>((w, at))
    };
    let square = |(w, at): (&str, usize)| {
        square_of(w).ok_or(TwinSyntax {
            at,
            expected: "a square",
        })
    };
    Ok(match k {
        Keyword::Move => TwinChange::Move {
            from: square(next("a square")?)?,
            to: square(next("a square")?)?,
        },
        Keyword::Exchange => TwinChange::Exchange {
            a: square(next("a square")?)?,
            b: square(next("a square")?)?,
        },
        Keyword::Shift => TwinChange::Shift {
            from: square(next("a square")?)?,
            to: square(next("a square")?)?,
        },
        Keyword::Remove => TwinChange::Remove(square(next("a square")?)?),
        Keyword::Add => {
            let (w, at) = next("a colour")?;
            let color = colour_of(w).ok_or(TwinSyntax {
                at,
                expected: "a colour (white, black)",
            })?;
            let (w, at) = next("a piece and its square")?;
            let bad = TwinSyntax {
                at,
                expected: "a piece and its square (Pb5)",
            };
            let (head, sq) = w.split_at(w.len().saturating_sub(2));
            let role = local_role(head, language).ok_or(bad.clone())?;
            let square = square_of(sq).ok_or(bad)?;
            TwinChange::Add {
                piece: Piece { color, role },
                square,
            }
        }
        Keyword::Substitute => {
            let (w, at) = next("a piece letter")?;
            let from = local_role(w, language).ok_or(TwinSyntax {
                at,
                expected: "a piece letter",
            })?;
            let (mut w, mut at) = next("a piece letter")?;
            // `R ==> Q`, as Popeye labels it, reads too.
            if w == "==>" {
                (w, at) = next("a piece letter")?;
            }
            let to = local_role(w, language).ok_or(TwinSyntax {
                at,
                expected: "a piece letter",
            })?;
            TwinChange::Substitute { from, to }
        }
        Keyword::Rotate => {
            let (w, at) = next("90, 180 or 270")?;
            match w {
                "90" => TwinChange::Rotate(90),
                "180" => TwinChange::Rotate(180),
                "270" => TwinChange::Rotate(270),
                _ => {
                    return Err(TwinSyntax {
                        at,
                        expected: "90, 180 or 270",
                    })
                }
            }
        }
        Keyword::Mirror => {
            let (w, at) = next("an axis")?;
            let m = Mirror::ALL
                .into_iter()
                .find(|m| m.name().eq_ignore_ascii_case(w))
                .ok_or(TwinSyntax {
                    at,
                    expected: "an axis (a1<-->h1, a1<-->a8, a1<-->h8, a8<-->h1)",
                })?;
            TwinChange::Mirror(m)
        }
        Keyword::Polish => TwinChange::Polish,
        Keyword::Stipulation => {
            let (w, at) = next("a stipulation")?;
            let s = w.parse::<Stipulation>().map_err(|_| TwinSyntax {
                at,
                expected: "a stipulation (h#2, #3...)",
            })?;
            TwinChange::Stipulation(s)
        }
        Keyword::Continued => {
            return Err(TwinSyntax {
                at: *i - 1,
                expected: "continued first in its twin",
            })
        }
    })
}

/// A piece letter in `language`'s letters, else in any of Popeye's.
fn local_role(text: &str, language: Language) -> Option<Role> {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return role_of(text);
    };
    [
        language,
        Language::English,
        Language::German,
        Language::French,
    ]
    .into_iter()
    .find_map(|l| {
        Role::ALL
            .into_iter()
            .find(|&r| popeye_letter(r, l) == c.to_ascii_uppercase())
    })
    .or_else(|| role_of(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rotating four times by 90 degrees, and mirroring twice, is the
    /// identity; a rotation by 90 carries g1 to h7 and c6 to c3, as
    /// Popeye 4.104 does (its twin `rotate 90` of a rook on g1 and a king
    /// on c6).
    #[test]
    fn rotations_and_mirrors() {
        let mut board = Board::empty();
        let rook = Piece {
            color: Color::White,
            role: Role::Rook,
        };
        board.set_piece_at(Square::G1, rook);
        board.set_piece_at(
            Square::C6,
            Piece {
                color: Color::White,
                role: Role::King,
            },
        );
        let mut s = Stipulation::helpmate(2);
        let mut turned = board.clone();
        TwinChange::Rotate(90).apply(&mut turned, &mut s).unwrap();
        assert_eq!(turned.piece_at(Square::H7), Some(rook));
        assert!(turned.piece_at(Square::C3).is_some());
        for _ in 0..3 {
            TwinChange::Rotate(90).apply(&mut turned, &mut s).unwrap();
        }
        assert_eq!(turned, board);
        for m in Mirror::ALL {
            let mut b = board.clone();
            TwinChange::Mirror(m).apply(&mut b, &mut s).unwrap();
            assert_ne!(b, board, "{m:?}");
            TwinChange::Mirror(m).apply(&mut b, &mut s).unwrap();
            assert_eq!(b, board, "{m:?}");
        }
        let mut b = board.clone();
        let off = TwinChange::Shift {
            from: Square::A1,
            to: Square::C1,
        }
        .apply(&mut b, &mut s);
        assert_eq!(off, Err(TwinError::OffBoard(Square::G1)));
    }

    /// Each mirror by its name: the square written first goes to the one
    /// written second and back (Popeye's manual: "not the mirror line is
    /// given, but the square into which a1 (or h1) is turned"), and the
    /// two corners off its line stay where they are.
    #[test]
    fn each_mirror_exchanges_the_corners_it_names() {
        let corner = |name: &str| -> Square { name.parse().unwrap() };
        let king = Piece {
            color: Color::Black,
            role: Role::King,
        };
        let mut s = Stipulation::helpmate(2);
        for m in Mirror::ALL {
            let (a, b) = m.name().split_once("<-->").unwrap();
            let (a, b) = (corner(a), corner(b));
            for (from, to) in [(a, b), (b, a)] {
                let mut board = Board::empty();
                board.set_piece_at(from, king);
                TwinChange::Mirror(m).apply(&mut board, &mut s).unwrap();
                assert_eq!(board.piece_at(to), Some(king), "{m:?} {from}");
            }
            // The other two corners: fixed when the mirror is a diagonal,
            // each other's image when it is a middle line.
            let others: Vec<Square> = [Square::A1, Square::H1, Square::A8, Square::H8]
                .into_iter()
                .filter(|&c| c != a && c != b)
                .collect();
            let diagonal = matches!(m, Mirror::Diagonal | Mirror::AntiDiagonal);
            for (i, &c) in others.iter().enumerate() {
                let mut board = Board::empty();
                board.set_piece_at(c, king);
                TwinChange::Mirror(m).apply(&mut board, &mut s).unwrap();
                let image = if diagonal { c } else { others[1 - i] };
                assert_eq!(board.piece_at(image), Some(king), "{m:?} {c}");
            }
        }
    }

    #[test]
    fn twin_words_read_and_faults_are_placed() {
        let words = [
            "twin",
            "move",
            "h1",
            "g1",
            "twin",
            "continued",
            "rotate",
            "90",
            "pieces",
        ];
        let (twins, used) = read_twins(&words, Language::English).unwrap();
        assert_eq!(used, 8);
        assert_eq!(twins.len(), 2);
        assert!(twins[1].continued);
        let bad = read_twins(&["twin", "rotate", "45"], Language::English).unwrap_err();
        assert_eq!(bad.at, 2);
        let none = read_twins(&["twin", "pieces"], Language::English).unwrap_err();
        assert_eq!(none.at, 1);
        let german = ["zwilling", "hinzufuegen", "weiss", "Bb5"];
        let (twins, _) = read_twins(&german, Language::German).unwrap();
        assert_eq!(
            twins[0].changes,
            [TwinChange::Add {
                piece: Piece {
                    color: Color::White,
                    role: Role::Pawn
                },
                square: Square::B5
            }]
        );
    }
}
