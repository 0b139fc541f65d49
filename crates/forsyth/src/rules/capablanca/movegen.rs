//! Legal move generation on the 10x8 board, by the 8x8 generator's method
//! (`crate::rules::movegen`): the checkers decide a check mask, pinned
//! pieces move along their pin line, the king's steps are judged with the
//! king lifted, en passant on the board after it, castling by the Chess960
//! rule. The archbishop and the chancellor move as their slider while
//! pinned (a jump never stays on a line) and as slider and knight
//! otherwise.
//!
//! The generator writes into a sink, so the same code fills a [`MoveList`]
//! or only counts (perft's last ply).

use core::ops::Deref;

use super::position::Position;
use super::safety::{checkers_and_pinned, en_passant_capturers, is_attacked, king_destinations};
use crate::board::capablanca::moves::castling_targets;
use crate::board::capablanca::{attacks, Bitboard, Board, File, Move, Square};
use crate::board::{CastlingSide, Color, Rank, Role};

/// The roles a pawn may become, in the order they are listed.
const PROMOTIONS: [Role; 6] = [
    Role::Queen,
    Role::Chancellor,
    Role::Archbishop,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// A list of 10x8 moves; dereferences to a slice of [`Move`].
///
/// ```
/// use forsyth::capablanca::Position;
/// let moves = Position::gothic().legal_moves();
/// assert_eq!(moves.len(), 28);
/// assert!(moves.iter().all(|m| !m.is_capture()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(96))
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Where generated moves go: into a list, or only into a count.
pub(crate) trait MoveSink {
    /// Moves of the piece of `role` on `from` to every square of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from the square
    /// `delta` indices before it (promotions on the last rank).
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32);
    /// An en-passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Castling.
    fn castle(&mut self, king: Square, rook: Square);
}

/// The role on each square as a three-bit code (the role's index) spread
/// over three planes, so that the role on a square is three bit tests:
/// made once per piece's moves instead of per move.
#[derive(Copy, Clone)]
struct RolePlanes([u128; 3], u128);

impl RolePlanes {
    #[inline(always)]
    fn new(board: &Board) -> RolePlanes {
        let bits = |role| board.by_role(role).bits();
        let (n, b, r, q, k, a, c) = (
            bits(Role::Knight),
            bits(Role::Bishop),
            bits(Role::Rook),
            bits(Role::Queen),
            bits(Role::King),
            bits(Role::Archbishop),
            bits(Role::Chancellor),
        );
        RolePlanes(
            [n | r | k | c, b | r | a | c, q | k | a | c],
            board.occupied().bits(),
        )
    }

    #[inline(always)]
    fn at(self, sq: Square) -> Option<Role> {
        let at = sq.index();
        if (self.1 >> at) & 1 == 0 {
            return None;
        }
        let [one, two, four] = self.0.map(|plane| ((plane >> at) & 1) as usize);
        Some(Role::CAPABLANCA[one | (two << 1) | (four << 2)])
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let roles = RolePlanes::new(board);
        for to in targets {
            self.0.push(Move::Normal {
                role,
                from,
                capture: roles.at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline(always)]
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32) {
        let roles = RolePlanes::new(board);
        for to in targets {
            let from = Square::new_wrapping((to.index() as i32 - delta) as u32);
            let capture = roles.at(to);
            if Bitboard::BACKRANKS.contains(to) {
                for promotion in PROMOTIONS {
                    self.0.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                self.0.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }

    #[inline]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.0.push(Move::EnPassant { from, to });
    }

    #[inline]
    fn castle(&mut self, king: Square, rook: Square) {
        self.0.push(Move::Castle { king, rook });
    }
}

/// A sink that only counts.
pub(crate) struct Counter(pub(crate) usize);

impl MoveSink for Counter {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }

    #[inline]
    fn pawns(&mut self, _: &Board, targets: Bitboard, _: i32) {
        // Six moves for a pawn reaching the last rank.
        self.0 += targets.count() + 5 * (targets & Bitboard::BACKRANKS).count();
    }

    #[inline]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }

    #[inline]
    fn castle(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// A sink that only looks for castling with one rook.
struct FindCastle {
    rook: Square,
    found: bool,
}

impl MoveSink for FindCastle {
    fn piece(&mut self, _: &Board, _: Role, _: Square, _: Bitboard) {}
    fn pawns(&mut self, _: &Board, _: Bitboard, _: i32) {}
    fn en_passant(&mut self, _: Square, _: Square) {}
    fn castle(&mut self, _: Square, rook: Square) {
        self.found |= rook == self.rook;
    }
}

#[inline(always)]
fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        Bitboard::from_bits(bb.bits() << delta)
    } else {
        Bitboard::from_bits(bb.bits() >> -delta)
    }
}

/// Castling by the Chess960 rule on ten files (see
/// [`Position::legal_moves`]), the king not in check.
#[inline(always)]
fn castling<S: MoveSink>(pos: &Position, king: Square, sink: &mut S) {
    let setup = &pos.setup;
    let us = setup.turn;
    let rights = &setup.castling;
    let board = &setup.board;
    if rights.king_file(us) != Some(king.file()) || king.rank() != Rank::back_rank(us) {
        return;
    }
    for side in CastlingSide::ALL {
        let Some(rook) = rights.rook_square(us, side) else {
            continue;
        };
        if !board.by_piece(Role::Rook.of(us)).contains(rook) {
            continue;
        }
        let (king_to, rook_to) = castling_targets(us, side);
        // Everyone but the castling pair; the attacks on the king's path
        // are judged with the rook gone, as it is once castling is done.
        let others = board.occupied().without(king).without(rook);
        let king_path = attacks::between(king, king_to).with(king_to);
        let rook_path = attacks::between(rook, rook_to).with(rook_to);
        if (king_path | rook_path).intersects(others) {
            continue;
        }
        if king_path
            .into_iter()
            .any(|sq| is_attacked(board, sq, !us, others))
        {
            continue;
        }
        sink.castle(king, rook);
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    match pos.setup.turn {
        Color::White => generate_for::<S, true>(pos, sink),
        Color::Black => generate_for::<S, false>(pos, sink),
    }
}

/// [`generate`] for White (`WHITE`) or Black to move: one copy per side, so
/// that the pawn directions are constants.
fn generate_for<S: MoveSink, const WHITE: bool>(pos: &Position, sink: &mut S) {
    let board = &pos.setup.board;
    let us = if WHITE { Color::White } else { Color::Black };
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let Some(king) = (board.by_role(Role::King) & ours).first() else {
        return;
    };
    let (checkers, pinned) = checkers_and_pinned(board, king, us);

    sink.piece(board, Role::King, king, king_destinations(board, king, us));
    if checkers.more_than_one() {
        return;
    }
    let target = match checkers.first() {
        Some(checker) => attacks::between(king, checker).with(checker),
        None => {
            castling(pos, king, sink);
            !ours
        }
    };

    for from in board.by_role(Role::Knight) & (ours - pinned) {
        sink.piece(board, Role::Knight, from, attacks::knight(from) & target);
    }
    for (role, diagonal) in [
        (Role::Bishop, true),
        (Role::Rook, false),
        (Role::Archbishop, true),
        (Role::Chancellor, false),
    ] {
        for from in board.by_role(role) & ours {
            let slides = if diagonal {
                attacks::bishop(from, occupied)
            } else {
                attacks::rook(from, occupied)
            };
            let to = if pinned.contains(from) {
                slides & attacks::line(king, from)
            } else if matches!(role, Role::Archbishop | Role::Chancellor) {
                slides | attacks::knight(from)
            } else {
                slides
            };
            sink.piece(board, role, from, to & target);
        }
    }
    for from in board.by_role(Role::Queen) & ours {
        let mut to = attacks::queen(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece(board, Role::Queen, from, to);
    }

    let pawns = board.by_role(Role::Pawn) & ours;
    let free = pawns - pinned;
    let empty = !occupied;
    let (push, left, right) = if WHITE { (10, 9, 11) } else { (-10, -11, -9) };
    let third = Bitboard::from_rank(Rank::Third.relative_to(us));
    let single = shift(free, push) & empty;
    let double = shift(single & third, push) & empty;
    let capturable = theirs & target;
    sink.pawns(board, single & target, push);
    sink.pawns(board, double & target, 2 * push);
    sink.pawns(
        board,
        shift(free - Bitboard::from_file(File::A), left) & capturable,
        left,
    );
    sink.pawns(
        board,
        shift(free - Bitboard::from_file(File::J), right) & capturable,
        right,
    );
    for from in pawns & pinned {
        let line = attacks::line(king, from) & target;
        let bb = Bitboard::from_square(from);
        let one = shift(bb, push) & empty;
        let two = shift(one & third, push) & empty;
        sink.pawns(board, one & line, push);
        sink.pawns(board, two & line, 2 * push);
        for to in attacks::pawn(us, from) & theirs & line {
            sink.pawns(
                board,
                Bitboard::from_square(to),
                to.index() as i32 - from.index() as i32,
            );
        }
    }

    if let Some(ep) = pos.setup.ep_square {
        for from in en_passant_capturers(board, us, ep) {
            sink.en_passant(from, ep);
        }
    }
}

impl Position {
    /// Every legal move.
    ///
    /// Castling, in Capablanca and Gothic chess and CRC alike, is legal
    /// when the colour still has the right, the king is not in check, every
    /// square between the king and its destination (`i` or `c` file) and
    /// between the rook and its destination (`h` or `d` file) is empty but
    /// for the king and that rook, and no square the king passes or lands
    /// on is attacked, judged with the castling rook already gone. A pawn
    /// reaching the last rank becomes a queen, chancellor, archbishop,
    /// rook, bishop or knight.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// assert_eq!(Position::capablanca().legal_moves().len(), 28);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves, reusing its
    /// storage.
    ///
    /// ```
    /// use forsyth::capablanca::{MoveList, Position};
    /// let pos = Position::gothic();
    /// let mut list = MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list, pos.legal_moves());
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.0.clear();
        generate(self, list);
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// assert_eq!(Position::gothic().count_legal_moves(), 28);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        generate(self, &mut counter);
        counter.0
    }

    /// `true` if `m` is a legal move.
    ///
    /// ```
    /// use forsyth::capablanca::{Move, Position, Square};
    /// use forsyth::Role;
    /// let pos = Position::capablanca();
    /// let m = Move::Normal { role: Role::Knight, from: Square::I1, capture: None, to: Square::H3, promotion: None };
    /// assert!(pos.is_legal(m));
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        match m {
            Move::Castle { king, rook } => {
                let board = &self.setup.board;
                let us = self.setup.turn;
                if board.king_of(us) != Some(king)
                    || !checkers_and_pinned(board, king, us).0.is_empty()
                {
                    return false;
                }
                let mut found = FindCastle { rook, found: false };
                castling(self, king, &mut found);
                found.found
            }
            _ => self.legal_moves().contains(&m),
        }
    }

    /// The enemy pieces that attack the king of the side to move.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// assert!(Position::capablanca().checkers().is_empty());
    /// ```
    pub fn checkers(&self) -> Bitboard {
        let board = &self.setup.board;
        let us = self.setup.turn;
        match board.by_piece(Role::King.of(us)).first() {
            Some(king) => board.attackers_to(king, !us, board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// `true` if the side to move is in check.
    ///
    /// ```
    /// use forsyth::capablanca::Position;
    /// assert!(!Position::gothic().is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }
}
