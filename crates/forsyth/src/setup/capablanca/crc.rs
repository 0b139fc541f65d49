//! The 12,118 starts of Capablanca Random Chess (CRC) and their numbers
//! 0..=12,117, as `specs/crc.md` defines them: Reinhard Scharnagl's rules,
//! and forsyth's numbering, computed both ways from the rules without a
//! stored table of the starts.

use core::fmt;
use std::sync::OnceLock;

use super::{Setup, Variant};
use crate::board::capablanca::{Board, File};
use crate::board::Role;
use crate::setup::chess960::SplitMix64;

use Role::{Archbishop, Bishop, Chancellor, King, Knight, Queen, Rook};

/// The number of arrays the placement digits span: 5 light-square bishops
/// x 5 dark-square bishops x 8 queens x 4 archbishops x 6 chancellors x 10
/// knight pairs, the rooks and the king filling the last three squares.
const ARRAYS: u32 = 48_000;
/// Arrays per block of the prefix counts (`ARRAYS / BLOCK` blocks).
const BLOCK: u32 = 240;
/// Gothic chess's array, which CRC starts differ from in at least three
/// squares.
const GOTHIC: [Role; 10] = [
    Rook, Knight, Bishop, Queen, Chancellor, King, Archbishop, Bishop, Knight, Rook,
];
/// How many pieces of each role (by index) a back rank holds.
const COUNTS: [usize; 8] = [0, 2, 2, 2, 1, 1, 1, 1];

/// A start of Capablanca Random Chess, by its number 0..=12,117
/// (`specs/crc.md`).
///
/// A start is a back rank of ten pieces, White's on rank 1 and Black's
/// mirrored on rank 8, pawns on ranks 2 and 7, under Scharnagl's rules:
/// the two bishops on squares of different colours, the queen and the
/// archbishop on squares of different colours, the king between the rooks,
/// every pawn protected by a piece of its back rank, the bishops not side by
/// side, and at least three squares different from Gothic chess's array.
///
/// ```
/// use forsyth::capablanca::CrcStart;
/// use forsyth::Role::*;
/// let first = CrcStart::new(0).unwrap();
/// assert_eq!(first.back_rank_letters(), "BQACNBNRKR");
/// assert_eq!(CrcStart::from_back_rank(&first.back_rank()), Ok(first));
/// assert_eq!(CrcStart::all().count(), 12_118);
/// assert!(CrcStart::new(12_118).is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CrcStart(u16);

/// Why ten roles are not a CRC start: the first of Scharnagl's rules they
/// break, in the order of the variants (`specs/crc.md`). The kind names
/// ([`CrcRule::name`]) are stable.
///
/// ```
/// use forsyth::capablanca::{CrcRule, CrcStart, File};
/// use forsyth::Role::*;
/// let capablanca = [Rook, Knight, Archbishop, Bishop, Queen, King, Bishop, Chancellor, Knight, Rook];
/// let err = CrcStart::from_back_rank(&capablanca).unwrap_err();
/// assert_eq!(err, CrcRule::QueenAndArchbishopOnOneColour { queen: File::E, archbishop: File::C });
/// assert_eq!(err.name(), "queen_and_archbishop_on_one_colour");
/// assert_eq!(err.to_string(), "the queen on file e and the archbishop on file c stand on squares of one colour");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum CrcRule {
    /// A role the back rank does not hold as often as a start does (one
    /// king, queen, archbishop and chancellor, two rooks, bishops and
    /// knights, no pawn); roles checked pawn first, in [`Role::CAPABLANCA`]'s
    /// order.
    WrongCount {
        /// The role with the wrong count.
        role: Role,
        /// How many there are.
        count: usize,
    },
    /// The two bishops stand on squares of one colour.
    BishopsOnOneColour {
        /// The first bishop's file.
        first: File,
        /// The second bishop's file.
        second: File,
    },
    /// The queen and the archbishop stand on squares of one colour.
    QueenAndArchbishopOnOneColour {
        /// The queen's file.
        queen: File,
        /// The archbishop's file.
        archbishop: File,
    },
    /// The king does not stand between the rooks.
    KingNotBetweenRooks {
        /// The king's file.
        king: File,
        /// The first rook's file.
        first: File,
        /// The second rook's file.
        second: File,
    },
    /// The two bishops stand side by side.
    BishopsSideBySide {
        /// The first bishop's file.
        first: File,
        /// The second bishop's file.
        second: File,
    },
    /// No piece of the back rank protects the pawn in front of it on this
    /// file (the first such file).
    UnprotectedPawn {
        /// The pawn's file.
        file: File,
    },
    /// The array differs from Gothic chess's `RNBQCKABNR` in fewer than
    /// three squares.
    CloseToGothic {
        /// In how many squares it differs.
        differences: usize,
    },
}

impl CrcRule {
    /// The stable kind name, snake case.
    ///
    /// ```
    /// use forsyth::capablanca::{CrcRule, File};
    /// assert_eq!(CrcRule::UnprotectedPawn { file: File::D }.name(), "unprotected_pawn");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for CrcRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CrcRule::WrongCount { role, count } => {
                let expected = COUNTS[role.index()];
                let noun = |n: usize| {
                    if n == 1 {
                        role.name().to_owned()
                    } else {
                        format!("{}s", role.name())
                    }
                };
                write!(
                    f,
                    "the back rank has {count} {}; a crc start has {expected}",
                    noun(count)
                )
            }
            CrcRule::BishopsOnOneColour { first, second } => write!(
                f,
                "the bishops on files {first} and {second} stand on squares of one colour"
            ),
            CrcRule::QueenAndArchbishopOnOneColour { queen, archbishop } => write!(
                f,
                "the queen on file {queen} and the archbishop on file {archbishop} stand on squares of one colour"
            ),
            CrcRule::KingNotBetweenRooks {
                king,
                first,
                second,
            } => write!(
                f,
                "the king on file {king} is not between the rooks on files {first} and {second}"
            ),
            CrcRule::BishopsSideBySide { first, second } => write!(
                f,
                "the bishops on files {first} and {second} stand side by side"
            ),
            CrcRule::UnprotectedPawn { file } => write!(
                f,
                "no piece of the back rank protects the pawn on file {file}"
            ),
            CrcRule::CloseToGothic { differences } => write!(
                f,
                "the array differs from gothic chess's RNBQCKABNR in {differences} {}; a crc start differs in at least 3",
                if differences == 1 { "square" } else { "squares" }
            ),
        }
    }
}

impl std::error::Error for CrcRule {}

/// Whether a piece of `role` on the back rank protects the pawn `distance`
/// files away, in front of the back rank.
const fn protects(role: Role, distance: usize) -> bool {
    match role {
        Rook => distance == 0,
        Bishop => distance == 1,
        Knight => distance == 2,
        Queen | King => distance <= 1,
        Archbishop => distance == 1 || distance == 2,
        Chancellor => distance == 0 || distance == 2,
        Role::Pawn => false,
    }
}

/// The first of Scharnagl's rules `rank` breaks, in [`CrcRule`]'s order.
fn broken_rule(rank: &[Role; 10]) -> Option<CrcRule> {
    for role in Role::CAPABLANCA {
        let count = rank.iter().filter(|&&r| r == role).count();
        if count != COUNTS[role.index()] {
            return Some(CrcRule::WrongCount { role, count });
        }
    }
    // Each role's files, from the a side: the counts are right now.
    let files = |role: Role| {
        let mut found = (0..10).filter(move |&f| rank[f] == role);
        let first = found.next().unwrap_or(0);
        (first, found.next().unwrap_or(first))
    };
    let file = |f: usize| File::ALL[f];
    let (b1, b2) = files(Bishop);
    if (b1 + b2).is_multiple_of(2) {
        return Some(CrcRule::BishopsOnOneColour {
            first: file(b1),
            second: file(b2),
        });
    }
    let (queen, archbishop) = (files(Queen).0, files(Archbishop).0);
    if (queen + archbishop).is_multiple_of(2) {
        return Some(CrcRule::QueenAndArchbishopOnOneColour {
            queen: file(queen),
            archbishop: file(archbishop),
        });
    }
    let ((r1, r2), king) = (files(Rook), files(King).0);
    if !(r1 < king && king < r2) {
        return Some(CrcRule::KingNotBetweenRooks {
            king: file(king),
            first: file(r1),
            second: file(r2),
        });
    }
    if b2 == b1 + 1 {
        return Some(CrcRule::BishopsSideBySide {
            first: file(b1),
            second: file(b2),
        });
    }
    if let Some(pawn) = (0..10).find(|&p| !(0..10).any(|f: usize| protects(rank[f], f.abs_diff(p))))
    {
        return Some(CrcRule::UnprotectedPawn { file: file(pawn) });
    }
    let differences = (0..10).filter(|&f| rank[f] != GOTHIC[f]).count();
    if differences < 3 {
        return Some(CrcRule::CloseToGothic { differences });
    }
    None
}

/// The array of placement number `n` (below [`ARRAYS`]): the digits of
/// `specs/crc.md`, least significant first, place the light-square bishop,
/// the dark-square bishop, the queen, the archbishop (on the colour the
/// queen's square is not), the chancellor and the knights; rook, king and
/// rook take the three squares left.
fn array(n: u32) -> [Role; 10] {
    let mut rank: [Option<Role>; 10] = [None; 10];
    let light = (n % 5) as usize;
    let dark = (n / 5 % 5) as usize;
    rank[2 * light + 1] = Some(Bishop);
    rank[2 * dark] = Some(Bishop);
    // The `k`-th empty square (from the a side) among those `fits` keeps.
    let place =
        |rank: &mut [Option<Role>; 10], k: usize, role: Role, fits: &dyn Fn(usize) -> bool| {
            if let Some(f) = (0..10).filter(|&f| rank[f].is_none() && fits(f)).nth(k) {
                rank[f] = Some(role);
            }
        };
    let queen = (n / 25 % 8) as usize;
    place(&mut rank, queen, Queen, &|_| true);
    let queen_file = (0..10).find(|&f| rank[f] == Some(Queen)).unwrap_or(0);
    let archbishop = (n / 200 % 4) as usize;
    place(&mut rank, archbishop, Archbishop, &|f| {
        (f + queen_file) % 2 == 1
    });
    place(&mut rank, (n / 800 % 6) as usize, Chancellor, &|_| true);
    let (k1, k2) = KNIGHT_PAIRS[(n / 4800 % 10) as usize];
    // The second knight's place counts the first knight's square as empty.
    let empty: Vec<usize> = (0..10).filter(|&f| rank[f].is_none()).collect();
    rank[empty[k1]] = Some(Knight);
    rank[empty[k2]] = Some(Knight);
    let mut rest = [Rook, King, Rook].into_iter();
    rank.map(|r| r.or_else(|| rest.next()).unwrap_or(Rook))
}

/// The pairs of the five squares left for the knights, in the order of the
/// knights' digit.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The placement number of an array that follows the placement rules
/// (counts, bishops and queen and archbishop on two colours, the king
/// between the rooks): the inverse of [`array`].
fn array_number(rank: &[Role; 10]) -> u32 {
    let mut empty = [true; 10];
    let index_among = |f: usize, fits: &dyn Fn(usize) -> bool, empty: &mut [bool; 10]| {
        let k = (0..f).filter(|&g| empty[g] && fits(g)).count() as u32;
        empty[f] = false;
        k
    };
    let find = |role: Role| (0..10).filter(move |&f| rank[f] == role);
    let light = find(Bishop).find(|f| f % 2 == 1).unwrap_or(1);
    let dark = find(Bishop).find(|f| f.is_multiple_of(2)).unwrap_or(0);
    empty[light] = false;
    empty[dark] = false;
    let queen_file = find(Queen).next().unwrap_or(0);
    let queen = index_among(queen_file, &|_| true, &mut empty);
    let archbishop_file = find(Archbishop).next().unwrap_or(0);
    let archbishop = index_among(archbishop_file, &|f| (f + queen_file) % 2 == 1, &mut empty);
    let chancellor = index_among(find(Chancellor).next().unwrap_or(0), &|_| true, &mut empty);
    let left: Vec<usize> = (0..10).filter(|&f| empty[f]).collect();
    let knights: Vec<usize> = (0..left.len())
        .filter(|&i| rank[left[i]] == Knight)
        .collect();
    let pair = KNIGHT_PAIRS
        .iter()
        .position(|&(a, b)| knights == [a, b])
        .unwrap_or(0) as u32;
    (light as u32 / 2)
        + 5 * (dark as u32 / 2 + 5 * (queen + 8 * (archbishop + 4 * (chancellor + 6 * pair))))
}

/// How many starts the placement numbers below each block's first hold:
/// `prefix[b]` for block `b`, and the total last. Computed once from the
/// rules.
fn prefix() -> &'static [u16; (ARRAYS / BLOCK) as usize + 1] {
    static PREFIX: OnceLock<[u16; (ARRAYS / BLOCK) as usize + 1]> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let mut prefix = [0u16; (ARRAYS / BLOCK) as usize + 1];
        let mut total = 0u16;
        for block in 0..ARRAYS / BLOCK {
            prefix[block as usize] = total;
            for n in block * BLOCK..(block + 1) * BLOCK {
                total += u16::from(broken_rule(&array(n)).is_none());
            }
        }
        prefix[(ARRAYS / BLOCK) as usize] = total;
        prefix
    })
}

impl CrcStart {
    /// How many starts there are.
    pub const COUNT: u16 = 12_118;

    /// The start with number `number`, if below [`CrcStart::COUNT`].
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// assert_eq!(CrcStart::new(12_117).map(|s| s.number()), Some(12_117));
    /// assert_eq!(CrcStart::new(12_118), None);
    /// ```
    pub const fn new(number: u16) -> Option<CrcStart> {
        if number < CrcStart::COUNT {
            Some(CrcStart(number))
        } else {
            None
        }
    }

    /// The number, 0..=12,117.
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// assert_eq!(CrcStart::new(77).unwrap().number(), 77);
    /// ```
    pub const fn number(self) -> u16 {
        self.0
    }

    /// Every start, in the order of their numbers.
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// assert_eq!(CrcStart::all().last().map(|s| s.number()), Some(12_117));
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = CrcStart> + ExactSizeIterator {
        (0..CrcStart::COUNT).map(CrcStart)
    }

    /// White's back rank, files `a` to `j`.
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// use forsyth::Role::*;
    /// let start = CrcStart::new(12_117).unwrap();
    /// assert_eq!(start.back_rank(), [Rook, King, Rook, Bishop, Knight, Knight, Archbishop, Chancellor, Bishop, Queen]);
    /// ```
    pub fn back_rank(self) -> [Role; 10] {
        let prefix = prefix();
        let target = self.0;
        // The last block starting at or below the number.
        let block = prefix[..prefix.len() - 1].partition_point(|&p| p <= target) - 1;
        let mut seen = prefix[block];
        let first = block as u32 * BLOCK;
        for n in first..first + BLOCK {
            let rank = array(n);
            if broken_rule(&rank).is_none() {
                if seen == target {
                    return rank;
                }
                seen += 1;
            }
        }
        // Unreachable: the block holds the start (the prefix counts say so).
        array(first)
    }

    /// The back rank as letters, White's case: `"BQACNBNRKR"` for start 0.
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// assert_eq!(CrcStart::new(0).unwrap().back_rank_letters(), "BQACNBNRKR");
    /// ```
    pub fn back_rank_letters(self) -> String {
        self.back_rank().iter().map(|r| r.upper_char()).collect()
    }

    /// The start whose back rank is `rank`, or the first of Scharnagl's
    /// rules it breaks.
    ///
    /// ```
    /// use forsyth::capablanca::{CrcRule, CrcStart};
    /// use forsyth::Role::*;
    /// let gothic = [Rook, Knight, Bishop, Queen, Chancellor, King, Archbishop, Bishop, Knight, Rook];
    /// assert_eq!(CrcStart::from_back_rank(&gothic), Err(CrcRule::CloseToGothic { differences: 0 }));
    /// ```
    pub fn from_back_rank(rank: &[Role; 10]) -> Result<CrcStart, CrcRule> {
        if let Some(rule) = broken_rule(rank) {
            return Err(rule);
        }
        let n = array_number(rank);
        let block = n / BLOCK;
        let before = (block * BLOCK..n)
            .filter(|&m| broken_rule(&array(m)).is_none())
            .count() as u16;
        Ok(CrcStart(prefix()[block as usize] + before))
    }

    /// The start as a setup: both back ranks, the pawns, White to move,
    /// every castling right, under [`Variant::Crc`].
    ///
    /// ```
    /// use forsyth::capablanca::{CrcStart, Variant};
    /// let setup = CrcStart::new(0).unwrap().to_setup();
    /// assert_eq!(setup.variant, Variant::Crc);
    /// assert_eq!(setup.board.to_string(), "bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR");
    /// assert_eq!(setup.castling.count(), 4);
    /// ```
    pub fn to_setup(self) -> Setup {
        Setup::start(Board::from_back_rank(&self.back_rank()), Variant::Crc)
    }

    /// The random starts for `seed`, in order, without end: successive
    /// `below(12118)` draws of SplitMix64 seeded with `seed`, the generator
    /// of `specs/chess960.md` (`specs/crc.md`). The same seed gives the same
    /// starts in every version.
    ///
    /// ```
    /// use forsyth::capablanca::CrcStart;
    /// let a: Vec<u16> = CrcStart::random_sequence(7).take(3).map(|s| s.number()).collect();
    /// let b: Vec<u16> = CrcStart::random_sequence(7).take(3).map(|s| s.number()).collect();
    /// assert_eq!(a, b);
    /// ```
    pub fn random_sequence(seed: u64) -> impl Iterator<Item = CrcStart> + Clone {
        let mut rng = SplitMix64::new(seed);
        core::iter::from_fn(move || {
            // `below` returns less than its bound.
            Some(CrcStart(rng.below(u64::from(CrcStart::COUNT)) as u16))
        })
    }
}

impl fmt::Display for CrcStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placement digits and their inverse agree on every array.
    #[test]
    fn placement_numbers_round_trip() {
        for n in 0..ARRAYS {
            let rank = array(n);
            assert_eq!(array_number(&rank), n, "{rank:?}");
            // Every array of the digits follows the placement rules.
            assert!(
                !matches!(
                    broken_rule(&rank),
                    Some(
                        CrcRule::WrongCount { .. }
                            | CrcRule::BishopsOnOneColour { .. }
                            | CrcRule::QueenAndArchbishopOnOneColour { .. }
                            | CrcRule::KingNotBetweenRooks { .. }
                    )
                ),
                "{rank:?}"
            );
        }
        assert_eq!(prefix()[prefix().len() - 1], CrcStart::COUNT);
    }
}
