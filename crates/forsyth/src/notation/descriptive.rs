//! Descriptive notation (English `P-K4`, Spanish `P4R`, French `P4R`):
//! one table, one row per language (`specs/notation.md` §6 gives the
//! grammar, the writing rule and the rows).
//!
//! A square is named by the piece that starts on its file (`QB` is the c
//! file, `K` the e file) and a rank counted from the mover's side, so
//! White's `K4` is e4 and Black's is e5. A move names the moving piece, a
//! target square or, for a capture, the captured piece, and as few
//! qualifiers as make it one legal move. Files keep these classical names
//! in Chess960; castling is `O-O` / `O-O-O` by the side the king goes to.

use core::fmt;
use std::borrow::Cow;

use super::language::Language;
use super::parse_move::explain_san;
use super::san::{San, Suffix};
use crate::board::{attacks, Bitboard, CastlingSide, Color, File, Move, Rank, Role, Square};
use crate::rules::explain::{self, IllegalMoveReason};
use crate::rules::movegen::legal_origins;
use crate::rules::Position;

/// How a reader takes a check marker that is not printed. A missing mate
/// marker always rules out the moves that mate; a printed marker always
/// keeps the moves that check (or mate).
///
/// ```
/// use forsyth::notation::CheckMarkers;
/// assert_eq!(CheckMarkers::default(), CheckMarkers::Optional);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CheckMarkers {
    /// Books often omit check markers: a missing one rules out nothing.
    #[default]
    Optional,
    /// The text marks every check: a missing check marker rules out the
    /// moves that check.
    Always,
}

/// A language of descriptive notation: English, Spanish or French. Each is
/// one row of one table (piece letters, the order of file names and
/// squares, the spellings of capture, check and mate).
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::notation::{Descriptive, Notation};
/// let pos = Position::standard();
/// let es = Notation::Descriptive(Descriptive::Spanish);
/// let m = es.read(&pos, "C3AR")?;
/// assert_eq!(Notation::Descriptive(Descriptive::English).write(&pos, m), "N-KB3");
/// assert_eq!(Notation::Descriptive(Descriptive::French).write(&pos, m), "C3FR");
/// # Ok::<_, forsyth::notation::ReadMoveError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Descriptive {
    /// English: `K Q R B N P` (`Kt` read), files `QR QN QB Q K KB KN KR`,
    /// `P-K4`, `NxP`, `ch`, `mate`.
    English,
    /// Spanish: `R D T A C P`, files `TD CD AD D R AR CR TR`, rank first
    /// (`P4R`), `+`, `++`.
    Spanish,
    /// French: `R D T F C P`, files `TD CD FD D R FR CR TR`, rank first
    /// (`P4R`), `+`, `++`.
    French,
}

/// A check marker as printed (or as written).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mark {
    Check,
    Double,
    Discovered,
    Mate,
}

/// A marker word read after a move (lower case, no spaces).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Marker {
    Check(Mark),
    EnPassant,
}

/// One row of the table.
struct Row {
    descriptive: Descriptive,
    /// The language whose SAN piece letters ([`Language::letters`]) are
    /// this row's written piece letters, and whose code is its code. The
    /// queen's and king's letters also name the sides of the board and
    /// the d and e files.
    language: Language,
    /// Further piece letters read (`Kt`).
    aliases: &'static [(&'static str, Role)],
    /// `true` if a qualifier comes before the piece letter and a file's
    /// side before its piece (English `QN`, `QBP`, `QB3`); `false` if after
    /// (Spanish `CD`, `PAD`, `3AD`).
    qualifier_first: bool,
    /// `true` if a square is written rank first (`4R`).
    rank_first: bool,
    /// Between the piece and its target square (`-`, or nothing).
    dash: &'static str,
    /// Written check markers: check, double check, discovered check, mate.
    marks: [&'static str; 4],
    /// Words read as castling, lower case (each may be followed by a side).
    castles: &'static [&'static str],
    /// Phrases read as castling on a side, lower case, without spaces
    /// (`enroque corto`, `grand roque`).
    castle_phrases: &'static [(&'static str, CastlingSide)],
    /// Marker words read beyond [`MARKERS`], lower case.
    markers: &'static [(&'static str, Marker)],
    /// Words that end a game as printed, lower case (`resigns`), and the
    /// words that may come before them (`black`).
    endings: Endings,
}

/// Words that end a game as printed, lower case (`resigns`), and the words
/// that may come before them (`black`).
struct Endings {
    results: &'static [&'static str],
    before: &'static [&'static str],
    /// The letters the words start with, one bit each from `a`.
    starts: u32,
}

impl Endings {
    const fn new(results: &'static [&'static str], before: &'static [&'static str]) -> Endings {
        let mut starts = 0u32;
        let mut i = 0;
        while i < results.len() + before.len() {
            let word = if i < results.len() {
                results[i]
            } else {
                before[i - results.len()]
            };
            let first = word.as_bytes()[0];
            assert!(first.is_ascii_lowercase(), "ending words are lower case");
            starts |= 1 << (first - b'a');
            i += 1;
        }
        Endings {
            results,
            before,
            starts,
        }
    }

    /// `false` if no word starts with the ASCII byte `b` (in lower case).
    fn may_start(&self, b: u8) -> bool {
        b.is_ascii_lowercase() && self.starts & (1 << (b - b'a')) != 0
    }
}

/// The marker words every row reads (lower case, spaces removed; the
/// longest first so that `dblch` is not read as `ch`).
static MARKERS: [(&str, Marker); 21] = [
    ("dbl.ch.", Marker::Check(Mark::Double)),
    ("dis.ch.", Marker::Check(Mark::Discovered)),
    ("dbl.ch", Marker::Check(Mark::Double)),
    ("dblch.", Marker::Check(Mark::Double)),
    ("dis.ch", Marker::Check(Mark::Discovered)),
    ("disch.", Marker::Check(Mark::Discovered)),
    ("check", Marker::Check(Mark::Check)),
    ("dblch", Marker::Check(Mark::Double)),
    ("disch", Marker::Check(Mark::Discovered)),
    ("mate", Marker::Check(Mark::Mate)),
    ("e.p.", Marker::EnPassant),
    ("a.p.", Marker::EnPassant),
    ("ch.", Marker::Check(Mark::Check)),
    ("ep.", Marker::EnPassant),
    ("ch", Marker::Check(Mark::Check)),
    ("++", Marker::Check(Mark::Mate)),
    ("ep", Marker::EnPassant),
    ("+", Marker::Check(Mark::Check)),
    ("#", Marker::Check(Mark::Mate)),
    ("‡", Marker::Check(Mark::Mate)),
    ("†", Marker::Check(Mark::Check)),
];

/// The ASCII bytes the words of [`MARKERS`] start with (`first`) or end
/// with, one bit each.
const fn marker_bytes(first: bool) -> u128 {
    let mut set = 0u128;
    let mut i = 0;
    while i < MARKERS.len() {
        let word = MARKERS[i].0.as_bytes();
        let b = if first { word[0] } else { word[word.len() - 1] };
        if b.is_ascii() {
            set |= 1 << b;
        }
        i += 1;
    }
    set
}

/// The ASCII bytes a word of [`MARKERS`] ends with.
const MARKER_ENDS: u128 = marker_bytes(false);

/// The ASCII bytes a word of [`MARKERS`] starts with.
const MARKER_STARTS: u128 = marker_bytes(true);

/// `false` if `word` is no marker word of `row` (nor of [`MARKERS`]) in any
/// case, told by its first byte when that is ASCII.
fn may_start_marker(row: &Row, word: &str) -> bool {
    match word.as_bytes().first() {
        Some(&b) if b.is_ascii() => {
            let b = b.to_ascii_lowercase();
            MARKER_STARTS & (1 << b) != 0
                || row
                    .markers
                    .iter()
                    .any(|(m, _)| m.as_bytes().first() == Some(&b))
        }
        _ => true,
    }
}

/// The table, in [`Descriptive`] order (a test checks).
static ROWS: [Row; 3] = [
    Row {
        descriptive: Descriptive::English,
        language: Language::English,
        aliases: &[("Kt", Role::Knight)],
        qualifier_first: true,
        rank_first: false,
        dash: "-",
        marks: [" ch", " dbl ch", " dis ch", " mate"],
        castles: &["castles"],
        castle_phrases: &[],
        markers: &[],
        endings: Endings::new(
            &["resigns", "resigned", "drawn", "draw", "abandoned"],
            &["white", "black", "game"],
        ),
    },
    Row {
        descriptive: Descriptive::Spanish,
        language: Language::Spanish,
        aliases: &[],
        qualifier_first: false,
        rank_first: true,
        dash: "",
        marks: ["+", "+", "+", "++"],
        castles: &["enroque"],
        castle_phrases: &[
            ("enroquecorto", CastlingSide::KingSide),
            ("enroquelargo", CastlingSide::QueenSide),
        ],
        markers: &[("jaque", Marker::Check(Mark::Check))],
        endings: Endings::new(
            &["abandona", "abandonan", "abandonaron", "tablas"],
            &["las", "blancas", "negras", "el", "blanco", "negro"],
        ),
    },
    Row {
        descriptive: Descriptive::French,
        language: Language::French,
        aliases: &[],
        qualifier_first: false,
        rank_first: true,
        dash: "",
        marks: ["+", "+", "+", "++"],
        castles: &["roque"],
        castle_phrases: &[
            ("petitroque", CastlingSide::KingSide),
            ("grandroque", CastlingSide::QueenSide),
        ],
        markers: &[
            ("mat", Marker::Check(Mark::Mate)),
            ("échec", Marker::Check(Mark::Check)),
            ("echec", Marker::Check(Mark::Check)),
        ],
        endings: Endings::new(
            &["abandon", "abandonne", "abandonnent", "nulle"],
            &["les", "blancs", "noirs", "partie"],
        ),
    },
];

/// A half of the board: files a to d (the queen's side) or e to h.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    Queen,
    King,
}

impl Side {
    fn of(file: File) -> Side {
        if file.index() < 4 {
            Side::Queen
        } else {
            Side::King
        }
    }

    fn squares(self) -> Bitboard {
        let files = match self {
            Side::Queen => [File::A, File::B, File::C, File::D],
            Side::King => [File::E, File::F, File::G, File::H],
        };
        files
            .into_iter()
            .fold(Bitboard::EMPTY, |b, f| b | Bitboard::from_file(f))
    }
}

/// A file name, whole (`QB`: the c file) or without its side (`B`: both
/// bishop files). `piece` is a rook, knight or bishop; with no piece the
/// side names the queen's or the king's file (`Q`, `K`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct FileName {
    piece: Option<Role>,
    side: Option<Side>,
}

impl FileName {
    /// The whole name of `file`.
    fn of(file: File) -> FileName {
        let piece = match file.index() {
            0 | 7 => Some(Role::Rook),
            1 | 6 => Some(Role::Knight),
            2 | 5 => Some(Role::Bishop),
            _ => None,
        };
        FileName {
            piece,
            side: Some(Side::of(file)),
        }
    }

    /// The name without its side (`B` for the c and f files), when that
    /// is shorter: none for the d and e files.
    fn short(file: File) -> Option<FileName> {
        let whole = FileName::of(file);
        whole.piece.map(|piece| FileName {
            piece: Some(piece),
            side: None,
        })
    }

    fn squares(self) -> Bitboard {
        let by_piece = match self.piece {
            None => match self.side {
                Some(Side::Queen) => Bitboard::from_file(File::D),
                Some(Side::King) => Bitboard::from_file(File::E),
                None => Bitboard::EMPTY,
            },
            Some(piece) => {
                let (a, b) = match piece {
                    Role::Rook => (File::A, File::H),
                    Role::Knight => (File::B, File::G),
                    _ => (File::C, File::F),
                };
                Bitboard::from_file(a) | Bitboard::from_file(b)
            }
        };
        match (self.piece, self.side) {
            (Some(_), Some(side)) => by_piece & side.squares(),
            _ => by_piece,
        }
    }
}

/// A square, or a pair of squares when the file name has no side
/// (`B4`: c4 and f4); the rank counted from the mover's side (1-8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Place {
    file: FileName,
    rank: u8,
}

/// The rank `rank` (1-8) counted from `turn`'s side.
fn rank_squares(rank: u8, turn: Color) -> Bitboard {
    match Rank::new(u32::from(rank).wrapping_sub(1)) {
        Some(r) => Bitboard::from_rank(r.relative_to(turn)),
        None => Bitboard::EMPTY,
    }
}

/// The rank of `sq` counted from `turn`'s side, 1-8.
fn relative_rank(sq: Square, turn: Color) -> u8 {
    // A rank index is 0-7.
    sq.rank().relative_to(turn).index() as u8 + 1
}

impl Place {
    fn of(sq: Square, turn: Color) -> Place {
        Place {
            file: FileName::of(sq.file()),
            rank: relative_rank(sq, turn),
        }
    }

    fn squares(self, turn: Color) -> Bitboard {
        self.file.squares() & rank_squares(self.rank, turn)
    }
}

/// Where a piece stands, as far as a move says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Qualifier {
    Any,
    /// A half of the board (`QN`, `CR`).
    Side(Side),
    /// A file (pawns: `QBP`, `BP`, `PAD`; pieces: `R(QR)`).
    File(FileName),
    /// A rank from the mover's side (`R(6)`).
    Rank(u8),
    /// A square (`R(QR3)`, `/QB6`).
    Square(Place),
}

impl Qualifier {
    fn squares(self, turn: Color) -> Bitboard {
        match self {
            Qualifier::Any => Bitboard::FULL,
            Qualifier::Side(side) => side.squares(),
            Qualifier::File(file) => file.squares(),
            Qualifier::Rank(rank) => rank_squares(rank, turn),
            Qualifier::Square(place) => place.squares(turn),
        }
    }
}

/// What a move goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Target {
    /// An empty square (`-K4`).
    To(Place),
    /// A piece, where it stands as far as said (`xP`, `xQBP`, `xN/QB6`).
    Takes {
        role: Role,
        qualifier: Qualifier,
        on: Option<Place>,
    },
}

/// A move as descriptive notation says it (castling apart).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Form {
    role: Role,
    from: Qualifier,
    target: Target,
    promotion: Option<Role>,
}

/// The square of the piece `m` captures (beside the target for en
/// passant).
fn captured_square(m: Move) -> Square {
    match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}

impl Form {
    /// `true` if the move `m` of `turn` fits this form.
    fn matches(&self, m: Move, turn: Color) -> bool {
        if m.is_castle()
            || m.role() != self.role
            || !self.from.squares(turn).contains(m.from())
            || self.promotion.is_some_and(|p| m.promotion() != Some(p))
        {
            return false;
        }
        match self.target {
            Target::To(place) => !m.is_capture() && place.squares(turn).contains(m.to()),
            Target::Takes {
                role,
                qualifier,
                on,
            } => {
                let sq = captured_square(m);
                m.capture() == Some(role)
                    && qualifier.squares(turn).contains(sq)
                    && on.is_none_or(|p| p.squares(turn).contains(sq))
            }
        }
    }
}

/// A [`Form`] as bit sets, for matching it against many moves: the
/// squares the mover may stand on, the squares its target may be on (the
/// square moved to, or the captured piece's square), and what it takes.
#[derive(Copy, Clone, Debug)]
struct Masks {
    role: Role,
    from: Bitboard,
    /// `None` for a move to an empty square.
    takes: Option<Role>,
    target: Bitboard,
    promotion: Option<Role>,
}

impl Form {
    fn masks(&self, turn: Color) -> Masks {
        let (takes, target) = match self.target {
            Target::To(place) => (None, place.squares(turn)),
            Target::Takes {
                role,
                qualifier,
                on,
            } => (
                Some(role),
                qualifier.squares(turn) & on.map_or(Bitboard::FULL, |p| p.squares(turn)),
            ),
        };
        Masks {
            role: self.role,
            from: self.from.squares(turn),
            takes,
            target,
            promotion: self.promotion,
        }
    }
}

impl Masks {
    /// [`Form::matches`], asked of the bit sets.
    #[inline]
    fn matches(&self, m: Move) -> bool {
        !m.is_castle()
            && m.role() == self.role
            && self.from.contains(m.from())
            && self.promotion.is_none_or(|p| m.promotion() == Some(p))
            && match self.takes {
                None => !m.is_capture() && self.target.contains(m.to()),
                Some(role) => m.capture() == Some(role) && self.target.contains(captured_square(m)),
            }
    }
}

/// A short list on the stack: at most `N` items.
struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Few<T, N> {
    fn new(fill: T) -> Few<T, N> {
        Few {
            items: [fill; N],
            len: 0,
        }
    }

    /// Adds `item`; `false` if the list is full.
    #[inline]
    fn push(&mut self, item: T) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

/// The pawns of `us` on `pawns` that push to the empty square `to`: one
/// step, or two from the second rank over an empty square.
fn push_origins(pos: &Position, us: Color, to: Square) -> Bitboard {
    let board = pos.board();
    let ours = board.by_piece(Role::Pawn.of(us));
    let back = if us == Color::White { -1 } else { 1 };
    let Some(one) = to.offset(0, back) else {
        return Bitboard::EMPTY;
    };
    if ours.contains(one) {
        return Bitboard::from_square(one);
    }
    if board.occupied().contains(one) || to.rank() != Rank::Fourth.relative_to(us) {
        return Bitboard::EMPTY;
    }
    match one.offset(0, back) {
        Some(two) if ours.contains(two) => Bitboard::from_square(two),
        _ => Bitboard::EMPTY,
    }
}

/// The legal moves of the side to move of role `role` from `from` (a
/// set of squares) to `to`, taking what stands there, each given to
/// `keep` (a pawn reaching the last rank with `promotion`, which must then
/// be a piece); `false` if `keep` refused one. En passant apart.
fn moves_to(
    pos: &Position,
    role: Role,
    from: Bitboard,
    to: Square,
    promotion: Option<Role>,
    keep: &mut impl FnMut(Move) -> bool,
) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let capture = board.role_at(to);
    if role != Role::Pawn {
        let origins = legal_origins(pos, role, to) & from;
        return origins.into_iter().all(|from| {
            keep(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            })
        });
    }
    let origins = match capture {
        None => push_origins(pos, us, to),
        Some(_) => attacks::pawn(!us, to) & board.by_piece(Role::Pawn.of(us)),
    } & from;
    let promotion = promotion.filter(|_| to.rank() == Rank::Eighth.relative_to(us));
    origins.into_iter().all(|from| {
        let m = Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        };
        !pos.is_legal(m) || keep(m)
    })
}

/// The en passant captures of the side to move from `from` (a set of
/// squares), each given to `keep`; `false` if `keep` refused one.
fn en_passant(pos: &Position, from: Bitboard, keep: &mut impl FnMut(Move) -> bool) -> bool {
    let Some(to) = pos.setup().ep_square else {
        return true;
    };
    let us = pos.turn();
    let origins = attacks::pawn(!us, to) & pos.board().by_piece(Role::Pawn.of(us)) & from;
    origins.into_iter().all(|from| {
        let m = Move::EnPassant { from, to };
        !pos.is_legal(m) || keep(m)
    })
}

/// The legal moves that `masks` fits, given to `keep`, found from the
/// target squares without listing every legal move; `false` if `keep`
/// refused one, or if a pawn reaching the last rank with no promotion
/// given fits four moves (the caller then lists them).
fn fitting_moves(pos: &Position, masks: &Masks, keep: &mut impl FnMut(Move) -> bool) -> bool {
    let board = pos.board();
    let us = pos.turn();
    if !matches!(
        masks.role,
        Role::Pawn | Role::Knight | Role::Bishop | Role::Rook | Role::Queen | Role::King
    ) {
        return false;
    }
    let pawn = masks.role == Role::Pawn;
    let last = Bitboard::from_rank(Rank::Eighth.relative_to(us));
    let targets = match masks.takes {
        None => masks.target & !board.occupied(),
        Some(role) => masks.target & board.by_piece(role.of(!us)),
    };
    if let Some(p) = masks.promotion {
        // Only a pawn reaching the last rank promotes.
        if !pawn || !matches!(p, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
            return true;
        }
        for to in targets & last {
            if !moves_to(pos, masks.role, masks.from, to, Some(p), keep) {
                return false;
            }
        }
        return true;
    }
    for to in targets {
        let listed = if pawn && last.contains(to) {
            // Four promotions fit: handed back at the first.
            moves_to(
                pos,
                masks.role,
                masks.from,
                to,
                Some(Role::Queen),
                &mut |_| false,
            )
        } else {
            moves_to(pos, masks.role, masks.from, to, None, keep)
        };
        if !listed {
            return false;
        }
    }
    if pawn && masks.takes == Some(Role::Pawn) {
        if let Some(ep) = pos.setup().ep_square {
            let taken = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
            if masks.target.contains(taken) && !en_passant(pos, masks.from, keep) {
                return false;
            }
        }
    }
    true
}

/// The form the writing rule picks for `m` (not castling) when `rivals`
/// hold every other legal move that one of its forms may fit: levels 0
/// to 3 (none, side, rank or file, square), and within a level the target
/// named more fully before the mover.
fn choose(m: Move, turn: Color, rivals: &[Move]) -> Form {
    let movers = mover_qualifiers(m, turn);
    let targets = targets(m, turn);
    let promotion = m.promotion();
    let form = |from, target| Form {
        role: m.role(),
        from,
        target,
        promotion,
    };
    for level in 0..=3 {
        for &(ml, from) in movers.as_slice() {
            for &(tl, target) in targets.as_slice() {
                if ml.max(tl) != level {
                    continue;
                }
                let f = form(from, target);
                let masks = f.masks(turn);
                if !rivals.iter().any(|&x| masks.matches(x)) {
                    return f;
                }
            }
        }
    }
    // The origin square and the whole target always name one move.
    let to = match m.capture() {
        None => Target::To(Place::of(m.to(), turn)),
        Some(role) => Target::Takes {
            role,
            qualifier: Qualifier::Any,
            on: Some(Place::of(captured_square(m), turn)),
        },
    };
    form(Qualifier::Square(Place::of(m.from(), turn)), to)
}

/// [`choose`] with every legal move of `m`'s role as a rival.
fn form_by_listing(pos: &Position, m: Move) -> Form {
    let rivals: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&x| x != m && x.role() == m.role() && !x.is_castle())
        .collect();
    choose(m, pos.turn(), &rivals)
}

/// What a move text says: castling (on a side, or either) or a move.
enum Phrase {
    Castle(Option<CastlingSide>),
    Move(Form),
}

/// The check marker a move earns: check, double check, discovered check
/// (the moved piece, or the castled rook, gives no check), mate.
fn mark_of(pos: &Position, m: Move) -> Option<Mark> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let checkers = after.checkers();
    if checkers.is_empty() {
        return None;
    }
    if after.count_legal_moves() == 0 {
        return Some(Mark::Mate);
    }
    if checkers.more_than_one() {
        return Some(Mark::Double);
    }
    let piece = m.rook_to().unwrap_or(m.to());
    Some(if checkers.contains(piece) {
        Mark::Check
    } else {
        Mark::Discovered
    })
}

/// The qualifiers of a moving piece, in the order the writer tries them,
/// each with its level (0 none, 1 side, 2 rank or file, 3 square).
fn mover_qualifiers(m: Move, turn: Color) -> Few<(u8, Qualifier), 5> {
    let from = m.from();
    let mut out = Few::new((0, Qualifier::Any));
    out.push((0, Qualifier::Any));
    if m.role() == Role::King {
        return out;
    }
    if m.role() == Role::Pawn {
        if let Some(short) = FileName::short(from.file()) {
            out.push((1, Qualifier::File(short)));
        }
        out.push((1, Qualifier::File(FileName::of(from.file()))));
        out.push((2, Qualifier::Rank(relative_rank(from, turn))));
    } else {
        // A piece's file alone (`R(QR)`) is read, never written: printed
        // scores go from the rank to the square.
        out.push((1, Qualifier::Side(Side::of(from.file()))));
        out.push((2, Qualifier::Rank(relative_rank(from, turn))));
    }
    out.push((3, Qualifier::Square(Place::of(from, turn))));
    out
}

/// The names of a move's target, in the order the writer tries them, each
/// with its level.
fn targets(m: Move, turn: Color) -> Few<(u8, Target), 4> {
    let mut out = Few::new((0, Target::To(Place::of(m.to(), turn))));
    match m.capture() {
        None => {
            let to = m.to();
            let rank = relative_rank(to, turn);
            if let Some(short) = FileName::short(to.file()) {
                out.push((0, Target::To(Place { file: short, rank })));
                out.push((1, Target::To(Place::of(to, turn))));
            } else {
                out.push((0, Target::To(Place::of(to, turn))));
            }
        }
        Some(role) => {
            let sq = captured_square(m);
            let takes = |qualifier, on| Target::Takes {
                role,
                qualifier,
                on,
            };
            out.push((0, takes(Qualifier::Any, None)));
            if role == Role::Pawn {
                if let Some(short) = FileName::short(sq.file()) {
                    out.push((1, takes(Qualifier::File(short), None)));
                }
                out.push((1, takes(Qualifier::File(FileName::of(sq.file())), None)));
            } else if role != Role::King {
                out.push((1, takes(Qualifier::Side(Side::of(sq.file())), None)));
            }
            out.push((3, takes(Qualifier::Any, Some(Place::of(sq, turn)))));
        }
    }
    out
}

/// The legal moves other than `m` that a form of `m` may also fit: the
/// moves of its role to a square its shortest target names, or taking a
/// piece of the role it takes, with its promotion. `None` when there are
/// too many to hold, or the quick search cannot say (the caller then
/// lists every legal move).
fn rivals(pos: &Position, m: Move) -> Option<Few<Move, 32>> {
    let turn = pos.turn();
    let (takes, target) = match m.capture() {
        None => {
            let file = FileName::short(m.to().file()).unwrap_or(FileName::of(m.to().file()));
            let rank = relative_rank(m.to(), turn);
            (None, Place { file, rank }.squares(turn))
        }
        Some(role) => (Some(role), Bitboard::FULL),
    };
    let masks = Masks {
        role: m.role(),
        from: Bitboard::FULL,
        takes,
        target,
        promotion: m.promotion(),
    };
    let mut out = Few::new(m);
    fitting_moves(pos, &masks, &mut |x| x == m || out.push(x)).then_some(out)
}

/// Pieces of a file name, in the row's letters: `Q`, `QB`, `B` (English),
/// `D`, `AD`, `A` (Spanish).
impl Row {
    fn letter(&self, role: Role) -> &'static str {
        self.language.letters().role(role)
    }

    fn side_letter(&self, side: Side) -> &'static str {
        match side {
            Side::Queen => self.letter(Role::Queen),
            Side::King => self.letter(Role::King),
        }
    }

    fn write_file<W: fmt::Write>(&self, file: FileName, out: &mut W) -> fmt::Result {
        let side = file.side.map_or("", |s| self.side_letter(s));
        let piece = file.piece.map_or("", |p| self.letter(p));
        if self.qualifier_first {
            out.write_str(side)?;
            out.write_str(piece)
        } else {
            out.write_str(piece)?;
            out.write_str(side)
        }
    }

    fn write_place<W: fmt::Write>(&self, place: Place, out: &mut W) -> fmt::Result {
        let rank = char::from(b'0' + place.rank);
        if self.rank_first {
            out.write_char(rank)?;
            self.write_file(place.file, out)
        } else {
            self.write_file(place.file, out)?;
            out.write_char(rank)
        }
    }

    /// A piece with its qualifier: `QN`, `QBP`, `R(6)`, `R(QR3)`; `CR`,
    /// `PAD`, `T(6)`, `T(3TD)`.
    fn write_piece<W: fmt::Write>(&self, role: Role, q: Qualifier, out: &mut W) -> fmt::Result {
        let attached = match q {
            Qualifier::Side(side) => Some(FileName {
                piece: None,
                side: Some(side),
            }),
            Qualifier::File(file) if role == Role::Pawn => Some(file),
            _ => None,
        };
        if let Some(file) = attached.filter(|_| self.qualifier_first) {
            self.write_file(file, out)?;
        }
        out.write_str(self.letter(role))?;
        if let Some(file) = attached.filter(|_| !self.qualifier_first) {
            self.write_file(file, out)?;
        }
        match q {
            Qualifier::Rank(rank) => write!(out, "({rank})"),
            Qualifier::Square(place) => {
                out.write_char('(')?;
                self.write_place(place, out)?;
                out.write_char(')')
            }
            Qualifier::File(file) if role != Role::Pawn => {
                out.write_char('(')?;
                self.write_file(file, out)?;
                out.write_char(')')
            }
            _ => Ok(()),
        }
    }

    fn write_form<W: fmt::Write>(&self, form: &Form, out: &mut W) -> fmt::Result {
        self.write_piece(form.role, form.from, out)?;
        match form.target {
            Target::To(place) => {
                out.write_str(self.dash)?;
                self.write_place(place, out)?;
            }
            Target::Takes {
                role,
                qualifier,
                on,
            } => {
                out.write_char('x')?;
                self.write_piece(role, qualifier, out)?;
                if let Some(place) = on {
                    out.write_char('/')?;
                    self.write_place(place, out)?;
                }
            }
        }
        if let Some(p) = form.promotion {
            write!(out, "({})", self.letter(p))?;
        }
        Ok(())
    }

    /// The piece letters read, the longest first: `(letter, role)`.
    fn piece_letters(&self) -> impl Iterator<Item = (&'static str, Role)> + '_ {
        self.aliases
            .iter()
            .copied()
            .chain(Role::ALL.into_iter().map(|r| (self.letter(r), r)))
    }

    /// Every way `s` starts with a file name, the longest first, with the
    /// text after it. In every row no side letter starts another, nor a
    /// file's piece letter another (a test checks), so `s` starts with at
    /// most one of each and has at most three readings.
    fn file_names<'a>(&self, s: &'a str) -> Few<(FileName, &'a str), 3> {
        let side = |s: &'a str| {
            [Side::Queen, Side::King]
                .into_iter()
                .find_map(|side| Some((side, s.strip_prefix(self.side_letter(side))?)))
        };
        let piece = |s: &'a str| {
            self.piece_letters()
                .filter(|(_, role)| matches!(role, Role::Rook | Role::Knight | Role::Bishop))
                .find_map(|(letter, role)| Some((role, s.strip_prefix(letter)?)))
        };
        let mut out = Few::new((
            FileName {
                piece: None,
                side: None,
            },
            s,
        ));
        let mut add = |piece: Option<Role>, side: Option<Side>, rest: &'a str| {
            out.push((FileName { piece, side }, rest));
        };
        // Both parts, then each alone; readings of one length keep this
        // order.
        if self.qualifier_first {
            if let Some((sd, rest)) = side(s) {
                if let Some((role, rest)) = piece(rest) {
                    add(Some(role), Some(sd), rest);
                }
                add(None, Some(sd), rest);
            }
            if let Some((role, rest)) = piece(s) {
                add(Some(role), None, rest);
            }
        } else {
            if let Some((role, rest)) = piece(s) {
                if let Some((sd, rest)) = side(rest) {
                    add(Some(role), Some(sd), rest);
                }
                add(Some(role), None, rest);
            }
            if let Some((sd, rest)) = side(s) {
                add(None, Some(sd), rest);
            }
        }
        out.as_mut_slice().sort_by_key(|(_, rest)| rest.len());
        out
    }

    /// Every way `s` starts with a square, the longest first, with the
    /// text after it.
    fn places<'a>(&self, s: &'a str) -> Few<(Place, &'a str), 3> {
        let digit = |s: &'a str| -> Option<(u8, &'a str)> {
            let d = *s.as_bytes().first()?;
            (b'1'..=b'8').contains(&d).then(|| (d - b'0', &s[1..]))
        };
        let mut out = Few::new((
            Place {
                file: FileName {
                    piece: None,
                    side: None,
                },
                rank: 0,
            },
            s,
        ));
        if self.rank_first {
            let Some((rank, rest)) = digit(s) else {
                return out;
            };
            for &(file, rest) in self.file_names(rest).as_slice() {
                out.push((Place { file, rank }, rest));
            }
        } else {
            for &(file, rest) in self.file_names(s).as_slice() {
                if let Some((rank, rest)) = digit(rest) {
                    out.push((Place { file, rank }, rest));
                }
            }
        }
        out
    }

    /// A qualifier in parentheses: a rank, a square, a file.
    fn parenthesized(&self, inner: &str) -> Option<Qualifier> {
        if let [d @ b'1'..=b'8'] = inner.as_bytes() {
            return Some(Qualifier::Rank(d - b'0'));
        }
        let places = self.places(inner);
        if let Some(&(place, _)) = places.as_slice().iter().find(|(_, r)| r.is_empty()) {
            return Some(Qualifier::Square(place));
        }
        self.file_names(inner)
            .as_slice()
            .iter()
            .find(|(_, r)| r.is_empty())
            .map(|&(file, _)| Qualifier::File(file))
    }

    /// The qualifier written against a piece letter: a file for a pawn
    /// (`QB`, `AD`), a side for a piece (`Q`, `D`).
    fn attached(&self, role: Role, q: &str) -> Option<Qualifier> {
        if q.is_empty() {
            return Some(Qualifier::Any);
        }
        if role == Role::Pawn {
            return self
                .file_names(q)
                .as_slice()
                .iter()
                .find(|(_, r)| r.is_empty())
                .map(|&(file, _)| Qualifier::File(file));
        }
        [Side::Queen, Side::King]
            .into_iter()
            .find(|&s| q == self.side_letter(s))
            .map(Qualifier::Side)
    }

    /// A piece with its qualifiers: `QN`, `QBP`, `KKt`, `R(6)`, `R(QR3)`;
    /// `CR`, `PAD`, `T(6)`, `T(3TD)`.
    fn piece(&self, s: &str) -> Option<(Role, Qualifier)> {
        let (core, paren) = match s.strip_suffix(')').and_then(|t| t.split_once('(')) {
            Some((core, inner)) => (core, Some(self.parenthesized(inner)?)),
            None => (s, None),
        };
        let (role, q) = if self.qualifier_first {
            self.piece_letters()
                .find_map(|(letter, role)| core.strip_suffix(letter).map(|q| (role, q)))?
        } else {
            self.piece_letters()
                .find_map(|(letter, role)| core.strip_prefix(letter).map(|q| (role, q)))?
        };
        let attached = self.attached(role, q)?;
        match (attached, paren) {
            (q, None) => Some((role, q)),
            (Qualifier::Any, Some(p)) => Some((role, p)),
            _ => None,
        }
    }

    /// A promotion: `(Q)`, `=Q`, `/Q`, `Q` (or nothing).
    fn promotion(&self, s: &str) -> Option<Option<Role>> {
        if s.is_empty() {
            return Some(None);
        }
        let letter = s
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .or_else(|| s.strip_prefix('='))
            .or_else(|| s.strip_prefix('/'))
            .unwrap_or(s);
        self.piece_letters()
            .find(|&(l, _)| l == letter)
            .map(|(_, r)| r)
            .filter(|r| matches!(r, Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
            .map(Some)
    }

    /// Castling: `O-O`, `0-0`, `O-O-O`, `0-0-0`, `castles`, `castles KR`,
    /// `castles(QR)` (`lower`: the text in lower case, without spaces).
    fn castle(&self, s: &str) -> Option<Option<CastlingSide>> {
        let is = |w: &str| s.eq_ignore_ascii_case(w);
        if is("O-O") || is("0-0") {
            return Some(Some(CastlingSide::KingSide));
        }
        if is("O-O-O") || is("0-0-0") {
            return Some(Some(CastlingSide::QueenSide));
        }
        if let Some(&(_, side)) = self.castle_phrases.iter().find(|(p, _)| is(p)) {
            return Some(Some(side));
        }
        let word = self.castles.iter().find(|w| {
            s.len() >= w.len()
                && s.is_char_boundary(w.len())
                && s[..w.len()].eq_ignore_ascii_case(w)
        })?;
        let side = &s[word.len()..];
        let side = side
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(side);
        if side.is_empty() {
            return Some(None);
        }
        let rook = self.letter(Role::Rook);
        [Side::Queen, Side::King]
            .into_iter()
            .find(|&sd| {
                let letter = self.side_letter(sd);
                side == letter
                    || side.strip_prefix(letter) == Some(rook)
                    || side.strip_prefix(rook) == Some(letter)
            })
            .map(|sd| {
                Some(match sd {
                    Side::Queen => CastlingSide::QueenSide,
                    Side::King => CastlingSide::KingSide,
                })
            })
    }

    /// The markers at the end of `s` (already without spaces) taken off:
    /// the text left, the strongest check marker, and `e.p.`. Glyphs
    /// (`!`, `?`) and full stops anywhere among them are dropped.
    fn strip_markers<'a>(&self, mut s: &'a str) -> (&'a str, Option<Mark>, bool) {
        let (mut mark, mut ep) = (None::<Mark>, false);
        loop {
            s = s.trim_end_matches(['!', '?']);
            // A marker ends as the text does (the markers are lower case).
            let last = s.as_bytes().last().map(u8::to_ascii_lowercase);
            // Most moves end in a byte no marker, full stop or parenthesis
            // ends in (`P-K4`, `P4R`).
            if let Some(b) = last {
                if b.is_ascii()
                    && !matches!(b, b'.' | b')')
                    && MARKER_ENDS & (1 << b) == 0
                    && !self
                        .markers
                        .iter()
                        .any(|(word, _)| word.as_bytes().last() == Some(&b))
                {
                    break;
                }
            }
            let found = self.markers.iter().chain(MARKERS.iter()).find(|(word, _)| {
                word.as_bytes().last() == last.as_ref()
                    && s.len() >= word.len()
                    && s.is_char_boundary(s.len() - word.len())
                    && s[s.len() - word.len()..].eq_ignore_ascii_case(word)
            });
            let Some(&(word, marker)) = found else {
                // A full stop ending the sentence (`3.P-Q4, B-N5.`).
                if let Some(t) = s.strip_suffix('.') {
                    s = t;
                    continue;
                }
                // Markers in parentheses (`Q-R5 (ch)`, older books).
                let inner = s
                    .strip_suffix(')')
                    .and_then(|t| t.rfind('(').map(|open| (open, &t[open + 1..])));
                match inner.map(|(open, inner)| (open, self.strip_markers(inner))) {
                    Some((open, ("", m, e))) if m.is_some() || e => {
                        s = &s[..open];
                        ep |= e;
                        mark = match (mark, m) {
                            (Some(Mark::Mate), _) | (_, Some(Mark::Mate)) => Some(Mark::Mate),
                            (old, Some(Mark::Check)) if old.is_some() => old,
                            (old, new) => new.or(old),
                        };
                        continue;
                    }
                    _ => break,
                }
            };
            s = &s[..s.len() - word.len()];
            match marker {
                Marker::EnPassant => ep = true,
                Marker::Check(m) => {
                    mark = Some(match (mark, m) {
                        (Some(Mark::Mate), _) | (_, Mark::Mate) => Mark::Mate,
                        (Some(old), Mark::Check) => old,
                        (_, new) => new,
                    })
                }
            }
        }
        (s, mark, ep)
    }

    /// Reads a move text: the phrase and its markers; `None` if it is no
    /// descriptive move.
    fn parse(&self, text: &str) -> Option<(Phrase, Option<Mark>, bool)> {
        // Most moves are printed as read: ASCII, in one word, no `X`, no
        // `sq`.
        let plain = text
            .bytes()
            .all(|b| b.is_ascii() && !is_ascii_space(b) && b != b'X')
            && !(self.qualifier_first && text.as_bytes().windows(2).any(|w| w == b"sq"));
        let normal: Cow<'_, str> = if plain {
            Cow::Borrowed(text)
        } else {
            let normal: String = text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    '—' | '–' | '−' => '-',
                    '×' | 'X' => 'x',
                    c => c,
                })
                .collect();
            // Older English books: `K-B sq` for K-B1.
            Cow::Owned(if self.qualifier_first {
                normal.replace("sq", "1")
            } else {
                normal
            })
        };
        let (s, mark, ep) = self.strip_markers(&normal);
        if let Some(side) = self.castle(s) {
            return Some((Phrase::Castle(side), mark, ep));
        }
        // The mover ends at `-`, `x` or (rank first) a digit, outside
        // parentheses.
        let mut depth = 0u32;
        let end = s.char_indices().find_map(|(i, c)| match c {
            '(' => {
                depth += 1;
                None
            }
            ')' => {
                depth = depth.saturating_sub(1);
                None
            }
            '-' | 'x' if depth == 0 => Some(i),
            '0'..='9' if depth == 0 => Some(i),
            _ => None,
        })?;
        let (role, from) = self.piece(&s[..end])?;
        let rest = &s[end..];
        let form = if let Some(taken) = rest.strip_prefix('x') {
            let name_end = taken.find(['/', '=', '(']).unwrap_or(taken.len());
            let (captured, qualifier) = self.piece(&taken[..name_end])?;
            let after = &taken[name_end..];
            let (on, after) = match after.strip_prefix('/') {
                Some(sq) => match self
                    .places(sq)
                    .as_slice()
                    .iter()
                    .find(|(_, r)| self.promotion(r).is_some())
                {
                    Some(&(place, r)) => (Some(place), r),
                    None => (None, after),
                },
                None => (None, after),
            };
            Form {
                role,
                from,
                target: Target::Takes {
                    role: captured,
                    qualifier,
                    on,
                },
                promotion: self.promotion(after)?,
            }
        } else {
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            let (place, promotion) = self
                .places(rest)
                .as_slice()
                .iter()
                .find_map(|&(place, r)| Some((place, self.promotion(r)?)))?;
            Form {
                role,
                from,
                target: Target::To(place),
                promotion,
            }
        };
        Some((Phrase::Move(form), mark, ep))
    }
}

impl Descriptive {
    /// Every language, in table order.
    ///
    /// ```
    /// use forsyth::notation::Descriptive;
    /// assert_eq!(Descriptive::ALL, [Descriptive::English, Descriptive::Spanish, Descriptive::French]);
    /// ```
    pub const ALL: [Descriptive; 3] = [
        Descriptive::English,
        Descriptive::Spanish,
        Descriptive::French,
    ];

    fn row(self) -> &'static Row {
        let row = &ROWS[self as usize];
        debug_assert_eq!(row.descriptive, self, "the table follows the enum");
        row
    }

    /// The ISO 639-1 code (`en`).
    ///
    /// ```
    /// use forsyth::notation::Descriptive;
    /// assert_eq!(Descriptive::Spanish.code(), "es");
    /// ```
    pub fn code(self) -> &'static str {
        self.row().language.code()
    }

    /// The language whose piece letters these are (its placement letters).
    ///
    /// ```
    /// use forsyth::notation::{Descriptive, Language};
    /// assert_eq!(Descriptive::French.language(), Language::French);
    /// ```
    pub fn language(self) -> Language {
        self.row().language
    }

    /// The language of an ISO 639-1 code (ASCII case ignored).
    ///
    /// ```
    /// use forsyth::notation::Descriptive;
    /// assert_eq!(Descriptive::from_code("FR"), Some(Descriptive::French));
    /// assert_eq!(Descriptive::from_code("de"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Descriptive> {
        Descriptive::ALL
            .into_iter()
            .find(|d| d.code().eq_ignore_ascii_case(code))
    }

    /// Writes the legal move `m` of `pos`: the first form of the writing
    /// rule that names no other legal move, then its check marker.
    pub(crate) fn write_to<W: fmt::Write>(
        self,
        pos: &Position,
        m: Move,
        out: &mut W,
    ) -> fmt::Result {
        let row = self.row();
        if let Some(side) = m.castling_side() {
            out.write_str(match side {
                CastlingSide::KingSide => "O-O",
                CastlingSide::QueenSide => "O-O-O",
            })?;
        } else {
            let form = self.form(pos, m);
            row.write_form(&form, out)?;
        }
        match mark_of(pos, m) {
            Some(mark) => out.write_str(row.marks[mark as usize]),
            None => Ok(()),
        }
    }

    /// The form the writing rule picks for `m` (not castling).
    fn form(self, pos: &Position, m: Move) -> Form {
        match rivals(pos, m) {
            Some(rivals) => choose(m, pos.turn(), rivals.as_slice()),
            None => form_by_listing(pos, m),
        }
    }

    /// Reads `text` to the legal moves of `pos` it may name, settled by
    /// its markers: the one move, with the check marker it printed and the
    /// one the move earns when they disagree; or why not, with the
    /// candidates.
    pub(crate) fn read(
        self,
        pos: &Position,
        text: &str,
        markers: CheckMarkers,
    ) -> Result<Read, Refusal> {
        let row = self.row();
        let (phrase, mark, ep) = row.parse(text).ok_or(Refusal {
            failure: Failure::Unreadable,
            moves: Vec::new(),
            reason: None,
        })?;
        let turn = pos.turn();
        if let Phrase::Move(form) = &phrase {
            // The one move that fits, found from its target squares; any
            // other count is settled or refused on the listed moves below.
            let mut one: Few<Move, 1> = Few::new(Move::EnPassant {
                from: Square::A1,
                to: Square::A1,
            });
            if fitting_moves(pos, &form.masks(turn), &mut |m| one.push(m)) {
                if let [m] = *one.as_slice() {
                    return Ok(Read {
                        m,
                        false_mark: mark.and_then(|printed| false_mark(printed, mark_of(pos, m))),
                    });
                }
            }
        }
        let legal = pos.legal_moves();
        let fits = |f: &dyn Fn(Move) -> bool| -> Vec<Move> {
            legal.iter().copied().filter(|&m| f(m)).collect()
        };
        let mut candidates = match &phrase {
            Phrase::Castle(side) => fits(&|m| {
                m.castling_side()
                    .is_some_and(|s| side.is_none_or(|want| want == s))
            }),
            Phrase::Move(form) => fits(&|m| form.matches(m, turn)),
        };
        if candidates.is_empty() {
            let (near, reason) = match phrase {
                Phrase::Castle(side) => (fits(&Move::is_castle), Some(castling_reason(pos, side))),
                Phrase::Move(form) => {
                    let loose = Form {
                        from: Qualifier::Any,
                        ..form
                    };
                    (fits(&|m| loose.matches(m, turn)), form.reason(pos))
                }
            };
            return Err(Refusal {
                failure: Failure::Illegal,
                moves: near,
                reason,
            });
        }
        if candidates.len() > 1 {
            settle(pos, &mut candidates, mark, ep, markers);
        }
        match candidates[..] {
            [m] => Ok(Read {
                m,
                false_mark: mark.and_then(|printed| false_mark(printed, mark_of(pos, m))),
            }),
            _ => Err(Refusal {
                failure: Failure::Ambiguous,
                moves: candidates,
                reason: None,
            }),
        }
    }

    /// The length of the move phrase at the start of `text`: its first
    /// word (with a qualifier or promotion in parentheses attached), and
    /// the words after it on the line that continue it (`-`, `x` and what
    /// follows them, check and mate markers, `e.p.`, a castling side).
    pub(crate) fn phrase_len(self, text: &str) -> usize {
        self.phrase(text).0
    }

    /// [`Descriptive::phrase_len`], and whether the phrase is a game's end
    /// as printed ([`Descriptive::is_ending`]): it is when it starts with
    /// one, as that is then the whole phrase.
    pub(crate) fn phrase(self, text: &str) -> (usize, bool) {
        let ending = self.ending_len(text);
        if ending > 0 {
            return (ending, true);
        }
        (self.move_phrase_len(text), false)
    }

    /// [`Descriptive::phrase_len`] of a text that starts with no game's end.
    fn move_phrase_len(self, text: &str) -> usize {
        let row = self.row();
        let mut end = word_len(text);
        let mut last = &text[..end];
        loop {
            let rest = &text[end..];
            let gap = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            let next = &rest[gap..];
            // Markers in parentheses, attached or not (`(ch)`, `(dis. ch.)`).
            let paren = next
                .strip_prefix('(')
                .and_then(|t| t.find(')'))
                .filter(|&close| {
                    close <= 12 && {
                        let inner: String = next[1..=close]
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != ')')
                            .collect();
                        matches!(row.strip_markers(&inner), ("", m, e) if m.is_some() || e)
                    }
                })
                .map(|close| close + 2);
            let n = paren.unwrap_or_else(|| word_len(next));
            if (gap == 0 && paren.is_none()) || n == 0 {
                return end;
            }
            let word = &next[..n];
            let bare = word.trim_end_matches(['!', '?']);
            let is = |w: &str| lower_is(bare, w);
            let dash = |w: &str| w.ends_with(['-', '—', '–', 'x', '×']);
            // A castling word and its side (`Castles KR`, `grand roque`):
            // asked last, as it is the dearest test and the rarest case.
            let castling = || {
                let before = last
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .trim_end_matches(['!', '?']);
                let castle_side = || {
                    row.castles.iter().any(|c| {
                        before.eq_ignore_ascii_case(c)
                            && row
                                .castle(&format!("{c}{bare}"))
                                .is_some_and(|s| s.is_some())
                    })
                };
                let castle_phrase = || {
                    !before.is_empty()
                        && row.castle_phrases.iter().any(|(p, _)| {
                            before
                                .chars()
                                .chain(bare.chars())
                                .flat_map(char::to_lowercase)
                                .eq(p.chars())
                        })
                };
                castle_side() || castle_phrase()
            };
            let continues = dash(last)
                || word.starts_with(['-', '—', '–', '×'])
                || word == "x"
                || (word.starts_with('x') && word[1..].starts_with(|c: char| c.is_uppercase()))
                || paren.is_some()
                || (row.qualifier_first && (is("sq") || is("sq.")))
                // A rank set apart from its file (`P-K 4`, older books).
                || (row.qualifier_first
                    && matches!(word.as_bytes(), [b'1'..=b'8'])
                    && last.contains('-')
                    && last.ends_with(['K', 'Q', 'B', 'N', 'R', 't']))
                // No marker or castling side starts with a digit (a move
                // number, most often).
                || (!word.starts_with(|c: char| c.is_ascii_digit())
                    && (["dis", "dis.", "dbl", "dbl."].into_iter().any(is)
                        || (may_start_marker(row, bare)
                            && row.markers.iter().chain(MARKERS.iter()).any(|(m, _)| is(m)))
                        || castling()));
            if !continues {
                return end;
            }
            end += gap + n;
            last = word;
        }
    }
}

impl Descriptive {
    /// The length of a game's end as printed at the start of `text`
    /// (`Resigns`, `Black resigns`, `Drawn`, `Las negras abandonan`,
    /// `Partie nulle`), 0 if none: words of the row's endings, the last
    /// a result word.
    fn ending_len(self, text: &str) -> usize {
        let endings = &self.row().endings;
        let (results, before) = (endings.results, endings.before);
        let mut end = 0;
        let mut at = 0;
        loop {
            let rest = &text[at..];
            let gap = rest
                .bytes()
                .take_while(|&b| b == b' ' || b == b'\t')
                .count();
            // A word whose first two letters (ASCII, so lower case as
            // bytes) start no word of the lists ends the search before it
            // is cut: `B-QB4`, `P4R`, `2.` (the lists' words have two
            // letters or more).
            let head = &rest.as_bytes()[gap..];
            if let Some(a) = head.first().map(u8::to_ascii_lowercase) {
                if a.is_ascii() && !endings.may_start(a) {
                    return end;
                }
                let b = head.get(1).map(u8::to_ascii_lowercase);
                let starts = |w: &&str| {
                    let w = w.as_bytes();
                    w.first() == Some(&a)
                        && match b {
                            Some(b) if b.is_ascii() => w.get(1) == Some(&b),
                            _ => true,
                        }
                };
                if a.is_ascii() && !results.iter().chain(before.iter()).any(starts) {
                    return end;
                }
            }
            let n = word_len(&rest[gap..]);
            if n == 0 || (at > 0 && gap == 0) {
                return end;
            }
            let word = rest[gap..gap + n].trim_end_matches(['.', '!']);
            if results.iter().any(|r| lower_is(word, r)) {
                end = at + gap + n;
            } else if !before.iter().any(|b| lower_is(word, b)) {
                return end;
            }
            at += gap + n;
        }
    }

    /// `true` if `text` is a game's end as printed (`Black resigns`).
    pub(crate) fn is_ending(self, text: &str) -> bool {
        !text.is_empty() && self.ending_len(text) == text.len()
    }
}

/// The length of the word at the start of `text`: up to white space, `,`,
/// `{`, `;`, `)` or a `(` that is not a short qualifier or promotion attached
/// to it (`R(6)`, `R(QR3)`, `P-R8(Q)`).
fn word_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        // Most bytes are ASCII letters, digits and dashes that go on.
        if b.is_ascii() && !is_ascii_space(b) && !matches!(b, b'{' | b';' | b')' | b',' | b'(') {
            i += 1;
            continue;
        }
        // ASCII bytes one at a time, other characters whole.
        let c = if b.is_ascii() {
            char::from(b)
        } else {
            text[i..].chars().next().unwrap_or('\u{feff}')
        };
        match c {
            c if c.is_whitespace() => break,
            '{' | ';' | ')' | ',' | '\u{feff}' => break,
            '(' => {
                let inner = &text[i + 1..];
                let close = inner.find(')');
                let attached = i > 0
                    && close.is_some_and(|e| {
                        e > 0 && e <= 6 && inner[..e].chars().all(|c| c.is_alphanumeric())
                    });
                match close {
                    Some(e) if attached => i += e + 2,
                    _ => break,
                }
            }
            c => i += c.len_utf8(),
        }
    }
    i
}

/// `true` for the ASCII bytes that are white space ([`char::is_whitespace`]).
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// `true` if `word` in lower case ([`char::to_lowercase`]) is `lower` (a
/// word in lower case). Asked of many words against many lists: most
/// differ at the first letter, tested inline.
#[inline(always)]
fn lower_is(word: &str, lower: &str) -> bool {
    match (word.as_bytes().first(), lower.as_bytes().first()) {
        (Some(&w), Some(&l)) if w.is_ascii() && w.to_ascii_lowercase() != l => false,
        _ => lower_is_whole(word, lower),
    }
}

/// [`lower_is`], letter by letter.
fn lower_is_whole(word: &str, lower: &str) -> bool {
    if word.is_ascii() {
        word.eq_ignore_ascii_case(lower)
    } else {
        word.chars().flat_map(char::to_lowercase).eq(lower.chars())
    }
}

/// Why a descriptive text names no one legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    Unreadable,
    Illegal,
    Ambiguous,
}

/// A descriptive text read to one legal move.
pub(crate) struct Read {
    pub(crate) m: Move,
    /// The check marker printed and the one the move earns, when the
    /// printed one claims more: check for a move that gives none, mate for
    /// one that does not mate.
    pub(crate) false_mark: Option<(Suffix, Option<Suffix>)>,
}

/// A descriptive text that names no one legal move: how it fails, the
/// candidates (for an illegal text, the moves that fit all but the
/// mover's qualifier), and, where the text names one castling or one
/// piece's move to one square, why that move is illegal.
pub(crate) struct Refusal {
    pub(crate) failure: Failure,
    pub(crate) moves: Vec<Move>,
    pub(crate) reason: Option<IllegalMoveReason>,
}

/// The printed mark `printed` and the move's own `earned`, when the
/// printed one claims a check or a mate the move does not give.
fn false_mark(printed: Mark, earned: Option<Mark>) -> Option<(Suffix, Option<Suffix>)> {
    let suffix = |m: Mark| match m {
        Mark::Mate => Suffix::Checkmate,
        Mark::Check | Mark::Double | Mark::Discovered => Suffix::Check,
    };
    let (printed, earned) = (suffix(printed), earned.map(suffix));
    (earned.is_none() || (printed == Suffix::Checkmate && earned != Some(Suffix::Checkmate)))
        .then_some((printed, earned))
}

/// Why castling on `side` (either side when `None`) is not legal: for
/// either side, the king side's reason, unless the king side has no
/// castling right and the queen side has one.
fn castling_reason(pos: &Position, side: Option<CastlingSide>) -> IllegalMoveReason {
    let of = |side| explain::castle(pos, side);
    match side {
        Some(side) => of(side),
        None => {
            let king_side = of(CastlingSide::KingSide);
            match (king_side, of(CastlingSide::QueenSide)) {
                (
                    IllegalMoveReason::CastlingWithoutRight { .. },
                    queen_side @ (IllegalMoveReason::CastlingBlocked { .. }
                    | IllegalMoveReason::CastlingOutOfCheck { .. }
                    | IllegalMoveReason::CastlingThroughCheck { .. }),
                ) => queen_side,
                _ => king_side,
            }
        }
    }
}

impl Form {
    /// Why the move this form names is illegal, when it names one piece's
    /// move to one empty square (`P-K4`, `R(QR3)-Q3`): the reason of the
    /// SAN that says as much, or of the move from the square given.
    fn reason(&self, pos: &Position) -> Option<IllegalMoveReason> {
        let turn = pos.turn();
        let Target::To(place) = self.target else {
            return None;
        };
        let to = single(place.squares(turn))?;
        // `-` goes to an empty square: a move onto an enemy piece is a
        // capture, which this text does not name.
        if pos.board().by_color(!turn).contains(to) {
            return None;
        }
        match self.from {
            Qualifier::Any => Some(explain_san(
                pos,
                &San::Normal {
                    role: self.role,
                    file: None,
                    rank: None,
                    capture: false,
                    to,
                    promotion: self.promotion,
                },
            )),
            Qualifier::Square(from) => {
                let from = single(from.squares(turn))?;
                Some(explain::from_to(pos, from, to, self.promotion))
            }
            _ => None,
        }
    }
}

/// The one square of `squares`, if it holds one.
fn single(squares: Bitboard) -> Option<Square> {
    let first = squares.first()?;
    (!squares.more_than_one()).then_some(first)
}

/// Settles an ambiguous reading by the printed markers: a check or mate
/// marker keeps only the moves that check (double, discovered) or mate; a
/// missing mate marker rules out the moves that mate; `e.p.` keeps the en
/// passant captures; with [`CheckMarkers::Always`], a missing check marker
/// rules out the moves that check. A rule that would leave nothing is not
/// applied.
fn settle(
    pos: &Position,
    candidates: &mut Vec<Move>,
    mark: Option<Mark>,
    ep: bool,
    markers: CheckMarkers,
) {
    let keep = |candidates: &mut Vec<Move>, f: &dyn Fn(Move) -> bool| {
        if candidates.iter().any(|&m| f(m)) {
            candidates.retain(|&m| f(m));
        }
    };
    if ep {
        keep(candidates, &Move::is_en_passant);
    }
    let marks: Vec<(Move, Option<Mark>)> =
        candidates.iter().map(|&m| (m, mark_of(pos, m))).collect();
    let mark_is =
        |m: Move, f: &dyn Fn(Option<Mark>) -> bool| marks.iter().any(|&(x, k)| x == m && f(k));
    match mark {
        Some(Mark::Mate) => keep(candidates, &|m| mark_is(m, &|k| k == Some(Mark::Mate))),
        Some(Mark::Check) => keep(candidates, &|m| mark_is(m, &|k| k.is_some())),
        Some(wanted @ (Mark::Double | Mark::Discovered)) => {
            keep(candidates, &|m| mark_is(m, &|k| k.is_some()));
            keep(candidates, &|m| mark_is(m, &|k| k == Some(wanted)));
        }
        None => {
            keep(candidates, &|m| mark_is(m, &|k| k != Some(Mark::Mate)));
            if markers == CheckMarkers::Always {
                keep(candidates, &|m| mark_is(m, &|k| k.is_none()));
            }
        }
    }
}

impl fmt::Display for Descriptive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's rows are in `Descriptive` order.
    #[test]
    fn rows_follow_the_enum() {
        for (i, d) in Descriptive::ALL.into_iter().enumerate() {
            assert_eq!(d as usize, i);
            assert_eq!(ROWS[i].descriptive, d);
        }
    }

    /// `Descriptive::phrase` says a phrase is a game's end exactly when
    /// `is_ending` says so of it, on texts of random words of every row:
    /// endings, results, moves, markers, castling, move numbers.
    #[test]
    fn phrase_ends_a_game_as_is_ending_says() {
        let words = [
            "Black",
            "white",
            "resigns",
            "Resigns.",
            "drawn",
            "Game",
            "drawn.",
            "las",
            "negras",
            "abandonan",
            "Tablas",
            "Partie",
            "nulle",
            "Les",
            "blancs",
            "abandon",
            "1-0",
            "*",
            "P-K4",
            "N-KB3",
            "PxP",
            "ch",
            "dis",
            "ch.",
            "mate",
            "e.p.",
            "P4R",
            "C3AR",
            "jaque",
            "mat",
            "échec",
            "Castles",
            "KR",
            "enroque",
            "corto",
            "grand",
            "roque",
            "O-O",
            "12.",
            "3...",
            "(ch)",
            "R(QR3)-Q3",
            "K",
            "4",
            "B-N5!",
            "x",
        ];
        let mut rng = crate::setup::chess960::SplitMix64::new(11);
        for _ in 0..20_000 {
            let n = 1 + (rng.next_u64() % 5) as usize;
            let text: Vec<&str> = (0..n)
                .map(|_| words[(rng.next_u64() % words.len() as u64) as usize])
                .collect();
            let text = text.join(if rng.next_u64().is_multiple_of(4) {
                "  "
            } else {
                " "
            });
            for d in Descriptive::ALL {
                let (len, ends) = d.phrase(&text);
                assert_eq!(len, d.phrase_len(&text), "{d:?} {text:?}");
                assert_eq!(ends, d.is_ending(&text[..len]), "{d:?} {text:?}");
            }
        }
    }

    /// What a phrase's length relies on to pass over move numbers
    /// quickly: no marker word and no castling side a phrase may continue
    /// with starts with a digit.
    #[test]
    fn no_marker_or_castling_side_starts_with_a_digit() {
        let digit = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
        for d in Descriptive::ALL {
            let row = d.row();
            for (word, _) in row.markers.iter().chain(MARKERS.iter()) {
                assert!(!digit(word), "{d:?} {word}");
            }
            for (phrase, _) in row.castle_phrases {
                assert!(
                    !phrase.contains(|c: char| c.is_ascii_digit()),
                    "{d:?} {phrase}"
                );
            }
            for c in row.castles {
                for side in ["0-0", "0-0-0", "1", "8", "2.", "0", "00"] {
                    let castle = row.castle(&format!("{c}{side}"));
                    assert!(castle.is_none_or(|s| s.is_none()), "{d:?} {c}{side}");
                }
            }
        }
    }

    /// What `Row::file_names` relies on to keep three readings: in every
    /// row, no side letter starts the other and no piece letter a file is
    /// named by (rook, knight, bishop, aliases too) starts another.
    #[test]
    fn file_name_letters_start_no_other() {
        for d in Descriptive::ALL {
            let row = d.row();
            let sides = [row.side_letter(Side::Queen), row.side_letter(Side::King)];
            let pieces: Vec<&str> = row
                .piece_letters()
                .filter(|(_, role)| matches!(role, Role::Rook | Role::Knight | Role::Bishop))
                .map(|(letter, _)| letter)
                .collect();
            for letters in [&sides[..], &pieces[..]] {
                for (i, a) in letters.iter().enumerate() {
                    for (j, b) in letters.iter().enumerate() {
                        assert!(i == j || !b.starts_with(a), "{d:?}: {a} starts {b}");
                    }
                }
            }
        }
    }

    /// The file names of every row (QR, QN, ... KR), written by the table.
    #[test]
    fn file_names_by_row() {
        let names = |d: Descriptive| -> Vec<String> {
            (0..8)
                .map(|i| {
                    let mut s = String::new();
                    let file = File::new(i).unwrap();
                    d.row().write_file(FileName::of(file), &mut s).unwrap();
                    s
                })
                .collect()
        };
        assert_eq!(
            names(Descriptive::English),
            ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"]
        );
        assert_eq!(
            names(Descriptive::Spanish),
            ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"]
        );
        assert_eq!(
            names(Descriptive::French),
            ["TD", "CD", "FD", "D", "R", "FR", "CR", "TR"]
        );
    }

    /// The quick searches of one position against their definition: the
    /// writer's form of every legal move is the one chosen with every
    /// legal move of its role as a rival, and every form the writer tries
    /// (with its promotion and with none) fits the same legal moves as
    /// filtering the listed legal moves by `Form::matches`.
    fn check_quick_searches(pos: &Position) -> usize {
        let turn = pos.turn();
        let legal = pos.legal_moves();
        let sorted = |mut v: Vec<Move>| {
            v.sort_by_key(|x| format!("{x:?}"));
            v
        };
        let mut forms = 0;
        for &m in legal.iter().filter(|m| !m.is_castle()) {
            let form = Descriptive::English.form(pos, m);
            assert_eq!(form, form_by_listing(pos, m), "{pos:?} {m:?}");
            for &(_, from) in mover_qualifiers(m, turn).as_slice() {
                for &(_, target) in targets(m, turn).as_slice() {
                    for promotion in [m.promotion(), None] {
                        let f = Form {
                            role: m.role(),
                            from,
                            target,
                            promotion,
                        };
                        let listed: Vec<Move> = legal
                            .iter()
                            .copied()
                            .filter(|&x| f.matches(x, turn))
                            .collect();
                        let mut found = Vec::new();
                        let complete = fitting_moves(pos, &f.masks(turn), &mut |x| {
                            found.push(x);
                            true
                        });
                        if complete {
                            assert_eq!(sorted(found), sorted(listed), "{pos:?} {f:?}");
                        } else {
                            // Only a pawn's move to the last rank with no
                            // promotion given is handed back.
                            assert!(f.promotion.is_none() && m.role() == Role::Pawn);
                            assert!(listed.len() >= 4, "{pos:?} {f:?}");
                        }
                        forms += 1;
                    }
                }
            }
        }
        forms
    }

    /// On the positions of random games from random Chess960 starts (the
    /// standard one first), and of the perft suites (promotions, en
    /// passant, pins) and a few random plies from each.
    #[test]
    fn quick_searches_agree_with_the_listed_moves() {
        let mut forms = 0;
        crate::rules::movegen::random_walk(0x5eed_d35c, 200, 150, |pos, _, _| {
            forms += check_quick_searches(pos);
        });
        let suites = [
            include_str!("../../tests/data/tricky.perft"),
            include_str!("../../tests/data/classical.perft"),
        ];
        let mut rng = crate::setup::chess960::SplitMix64::new(7);
        for fen in suites
            .iter()
            .flat_map(|t| t.lines())
            .filter_map(|l| l.strip_prefix("epd "))
        {
            let fen = crate::text::fen::Fen::from_ascii(fen.as_bytes()).unwrap();
            let Ok(mut pos) = Position::from_fen(&fen, None) else {
                continue;
            };
            for _ in 0..12 {
                forms += check_quick_searches(&pos);
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[(rng.next_u64() % legal.len() as u64) as usize]);
            }
        }
        assert!(forms > 500_000, "{forms} forms");
    }

    #[test]
    fn word_len_keeps_attached_qualifiers() {
        assert_eq!(word_len("R(QR3)-Q3 x"), 9);
        assert_eq!(word_len("P-R8(Q) "), 7);
        assert_eq!(word_len("P-K4(P-Q4)"), 4);
        assert_eq!(word_len("N-B3)"), 4);
    }
}
