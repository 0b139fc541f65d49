//! Legal move generation, for standard chess and Chess960 alike.
//!
//! Moves are generated legal from the start, not filtered after the fact:
//!
//! - the checkers of the king decide the *check mask*: every move but a king
//!   move must capture the single checker or block between it and the king,
//!   and under double check only the king moves;
//! - pinned pieces (found by looking through our own pieces from the king
//!   towards the enemy sliders) move only along the line through the king;
//! - a king move is legal when its destination is not attacked with the king
//!   taken off the board (so that it cannot hide behind itself);
//! - en passant, rare and full of traps (the two pawns leaving one rank at
//!   once, the captured pawn giving check), is checked by looking at the king
//!   after the move;
//! - castling follows the Chess960 rule, which standard chess is a case of
//!   (see [`Position::legal_moves`]).
//!
//! The generator writes into a sink, so the same code fills a [`MoveList`]
//! or only counts moves (for perft's last ply).

use core::{fmt, ops::Deref};

use super::safety::{checkers_and_pinned, en_passant_capturers, king_destinations};
use crate::board::{attacks, Bitboard, Board, CastlingSide, Color, File, Move, Rank, Role, Square};
use crate::rules::Position;

/// Moves kept inline before a [`MoveList`] moves to the heap. No legal
/// position of chess has more than 218 moves; positions with many promoted
/// pieces can have more, and still work.
const INLINE: usize = 256;

/// A list of moves, without allocation for up to 256 of them.
///
/// Dereferences to a slice of [`Move`].
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::standard();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().all(|m| !m.is_capture()));
/// ```
#[derive(Clone)]
pub struct MoveList {
    buf: [Move; INLINE],
    len: usize,
    /// Every move, once there are more than `INLINE` of them.
    spill: Option<Vec<Move>>,
}

const PLACEHOLDER: Move = Move::EnPassant {
    from: Square::A1,
    to: Square::A1,
};

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use forsyth::MoveList;
    /// assert!(MoveList::new().is_empty());
    /// ```
    pub fn new() -> MoveList {
        MoveList {
            buf: [PLACEHOLDER; INLINE],
            len: 0,
            spill: None,
        }
    }

    /// Appends a move.
    ///
    /// ```
    /// use forsyth::{Move, MoveList, Square};
    /// let mut list = MoveList::new();
    /// for _ in 0..300 {
    ///     list.push(Move::Castle { king: Square::E1, rook: Square::H1 });
    /// }
    /// assert_eq!(list.len(), 300);
    /// ```
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < INLINE {
            self.buf[self.len] = m;
            self.len += 1;
        } else {
            self.push_spilled(m);
        }
    }

    #[cold]
    fn push_spilled(&mut self, m: Move) {
        let buf = &self.buf;
        self.spill.get_or_insert_with(|| buf.to_vec()).push(m);
        self.len += 1;
    }

    /// Empties the list, keeping its storage.
    ///
    /// ```
    /// use forsyth::{Move, MoveList, Square};
    /// let mut list = MoveList::new();
    /// list.push(Move::Castle { king: Square::E1, rook: Square::H1 });
    /// list.clear();
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill = None;
    }

    /// The moves as a slice.
    ///
    /// ```
    /// use forsyth::MoveList;
    /// assert_eq!(MoveList::new().as_slice(), &[]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        match &self.spill {
            Some(v) => v,
            None => &self.buf[..self.len],
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        for m in iter {
            list.push(m);
        }
        list
    }
}

/// The moves of a [`MoveList`], by value.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::standard();
/// assert_eq!(pos.legal_moves().into_iter().filter(|m| m.role() == forsyth::Role::Knight).count(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let m = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        m
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len.saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

/// Where generated moves go: into a list, or only into a count.
pub(crate) trait MoveSink {
    /// `true` if the order of the moves matters (a list: each role's moves
    /// come by square of origin); a count takes them in any order.
    const IN_ORDER: bool = true;
    /// Moves of the piece of `role` on `from` to every square of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// The moves of the unpinned pawns: single and double pushes to
    /// `single` and `double` (`push` squares forward), captures to `left`
    /// and `right` (each `left_delta` or `right_delta` squares forward), in
    /// that order.
    fn free_pawns(&mut self, board: &Board, targets: PawnTargets);
    /// One pawn move (four with promotions).
    fn pawn(&mut self, board: &Board, from: Square, to: Square);
    /// An en-passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Castling.
    fn castle(&mut self, king: Square, rook: Square);
}

/// The destinations of the unpinned pawns' moves, by kind, with the
/// distance from each move's origin (see [`MoveSink::free_pawns`]).
#[derive(Copy, Clone)]
pub(crate) struct PawnTargets {
    single: Bitboard,
    double: Bitboard,
    left: Bitboard,
    right: Bitboard,
    push: i32,
    left_delta: i32,
    right_delta: i32,
}

/// The sink that fills a [`MoveList`]: the list's length is kept apart
/// from the list while the moves are written. Apart from the slots the
/// moves go to, it stays in a register; the list's own field, beside
/// them, was stored and loaded again around each piece's moves. The
/// roles on the board, for the captures, are read once for all pieces.
struct Writer<'a> {
    list: &'a mut MoveList,
    len: usize,
    roles: RolePlanes,
}

impl<'a> Writer<'a> {
    /// A writer adding the moves on `board` to `list`.
    #[inline(always)]
    fn new(list: &'a mut MoveList, board: &Board) -> Writer<'a> {
        let len = list.len;
        Writer {
            list,
            len,
            roles: RolePlanes::new(board),
        }
    }

    /// Gives the list its length back; the writer is done.
    #[inline(always)]
    fn finish(self) {
        self.list.len = self.len;
    }

    /// `f` applied to the list itself, its length given back before and
    /// taken again after.
    #[inline(always)]
    fn on_list(&mut self, f: impl FnOnce(&mut MoveList)) {
        self.list.len = self.len;
        f(self.list);
        self.len = self.list.len;
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.len < INLINE {
            self.list.buf[self.len] = m;
            self.len += 1;
        } else {
            self.on_list(|list| list.push(m));
        }
    }

    /// Pawn moves to every square of `targets`, each from the square
    /// `delta` indices before it; promotions on the last rank. The targets
    /// are all empty squares (pushes) or all enemy pieces (`captures`).
    #[inline(always)]
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32, captures: bool) {
        if self.len > INLINE - 64 || targets.intersects(Bitboard::BACKRANKS) {
            for to in targets {
                let from = Square::new_wrapping((to.index() as i32 - delta) as u32);
                self.pawn(board, from, to);
            }
            return;
        }
        // No promotion and room for every target.
        let (quiet, captures) = if captures {
            (Bitboard::EMPTY, targets)
        } else {
            (targets, Bitboard::EMPTY)
        };
        self.store_normal(Role::Pawn, quiet, captures, |to| {
            Square::new_wrapping((to.index() as i32 - delta) as u32)
        });
    }

    /// The normal moves of `role` to every square of `quiet` (empty
    /// squares) and then of `captures` (enemy pieces), each from `from(to)`,
    /// none a promotion, when the list has room for 64 more: written into a
    /// window of 64 slots taken once (the two sets are disjoint, so at most
    /// 64 moves, and each index is kept under 64 without a test), the
    /// captured role read from the writer's planes.
    #[inline(always)]
    fn store_normal(
        &mut self,
        role: Role,
        quiet: Bitboard,
        captures: Bitboard,
        from: impl Fn(Square) -> Square,
    ) {
        let start = self.len;
        let window: &mut [Move; 64] = (&mut self.list.buf[start..start + 64])
            .try_into()
            .expect("a window of 64 slots");
        let mut n = 0;
        for to in quiet {
            window[n & 63] = Move::Normal {
                role,
                from: from(to),
                capture: None,
                to,
                promotion: None,
            };
            n += 1;
        }
        if !captures.is_empty() {
            let roles = self.roles;
            for to in captures {
                window[n & 63] = Move::Normal {
                    role,
                    from: from(to),
                    capture: roles.at(to),
                    to,
                    promotion: None,
                };
                n += 1;
            }
        }
        self.len = start + n;
    }
}

impl MoveSink for Writer<'_> {
    #[inline(always)]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        if self.len > INLINE - 64 {
            for to in targets {
                self.push(Move::Normal {
                    role,
                    from,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                });
            }
            return;
        }
        let occupied = board.occupied();
        self.store_normal(role, targets - occupied, targets & occupied, |_| from);
    }

    #[inline(always)]
    fn free_pawns(&mut self, board: &Board, targets: PawnTargets) {
        let PawnTargets {
            single,
            double,
            left,
            right,
            push,
            left_delta,
            right_delta,
        } = targets;
        self.pawns(board, single, push, false);
        self.pawns(board, double, 2 * push, false);
        self.pawns(board, left, left_delta, true);
        self.pawns(board, right, right_delta, true);
    }

    #[inline(always)]
    fn pawn(&mut self, board: &Board, from: Square, to: Square) {
        let capture = board.role_at(to);
        if Bitboard::BACKRANKS.contains(to) {
            self.on_list(|list| list.promotions(from, to, capture));
        } else {
            self.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }

    #[inline]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::EnPassant { from, to });
    }

    #[inline]
    fn castle(&mut self, king: Square, rook: Square) {
        self.push(Move::Castle { king, rook });
    }
}

impl MoveList {
    /// The four promotions of a pawn move, apart from the common case so
    /// that a pawn move is listed inline.
    #[inline(never)]
    fn promotions(&mut self, from: Square, to: Square, capture: Option<Role>) {
        for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            self.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(promotion),
            });
        }
    }
}

/// The role on each square as a three-bit code (`role + 1`, 0 for an empty
/// square) spread over three planes, so that the role on a square is three
/// bit tests and one lookup ([`Board::role_at`] looks at seven sets).
#[derive(Copy, Clone)]
struct RolePlanes([u64; 3]);

impl RolePlanes {
    #[inline(always)]
    fn new(board: &Board) -> RolePlanes {
        let bits = |role| board.by_role(role).bits();
        let (p, n, b, r, q, k) = (
            bits(Role::Pawn),
            bits(Role::Knight),
            bits(Role::Bishop),
            bits(Role::Rook),
            bits(Role::Queen),
            bits(Role::King),
        );
        // Codes: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6.
        RolePlanes([p | b | q, n | b | k, r | q | k])
    }

    #[inline(always)]
    fn at(self, sq: Square) -> Option<Role> {
        let at = sq.index();
        let [one, two, four] = self.0.map(|plane| ((plane >> at) & 1) as usize);
        crate::board::ROLE_BY_CODE[one | (two << 1) | (four << 2)]
    }
}

/// A sink that only counts.
///
/// The moves of a piece are its target set, and the count is the sum of
/// the sets' sizes. A popcount is dear on the baseline x86-64 target (no
/// `popcnt`: about 16 instructions), so the sets are not counted one by
/// one: `once` holds the squares some set named, `twice` those two sets
/// named, and a square named a third time or more is counted when that
/// happens. The sum is then the two planes' sizes, counted together
/// ([`sum_of_counts`]), plus those extra counts; each set costs a few
/// logic operations.
pub(crate) struct Counter {
    once: Bitboard,
    twice: Bitboard,
    extra: usize,
}

impl Counter {
    pub(crate) fn new() -> Counter {
        Counter {
            once: Bitboard::EMPTY,
            twice: Bitboard::EMPTY,
            extra: 0,
        }
    }

    /// Counts one move to each square of `targets`.
    #[inline(always)]
    fn add(&mut self, targets: Bitboard) {
        let again = self.once & targets;
        self.once |= targets;
        let thrice = self.twice & again;
        self.twice |= again;
        if !thrice.is_empty() {
            self.extra += thrice.count();
        }
    }

    /// The number of moves counted.
    #[inline(always)]
    pub(crate) fn total(&self) -> usize {
        sum_of_counts([self.once, self.twice]) + self.extra
    }
}

/// The sum of the sizes of two sets, with the steps of a popcount shared:
/// each set's bits are summed in pairs and then in nibbles (at most 4 a
/// nibble), the two sets' nibbles added (at most 8, no carry out), and only
/// then the nibbles summed into bytes and the bytes into one number (at
/// most 128). About two thirds of the instructions of two popcounts on the
/// baseline x86-64 target.
#[inline(always)]
fn sum_of_counts(sets: [Bitboard; 2]) -> usize {
    const PAIRS: u64 = 0x5555_5555_5555_5555;
    const NIBBLES: u64 = 0x3333_3333_3333_3333;
    const BYTES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut nibbles = 0;
    for set in sets {
        let x = set.bits();
        let pairs = x - ((x >> 1) & PAIRS);
        nibbles += (pairs & NIBBLES) + ((pairs >> 2) & NIBBLES);
    }
    let bytes = (nibbles & BYTES) + ((nibbles >> 4) & BYTES);
    (bytes.wrapping_mul(ONES) >> 56) as usize
}

impl MoveSink for Counter {
    const IN_ORDER: bool = false;

    #[inline(always)]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.add(targets);
    }

    /// Pushes go to empty squares and captures to enemy pieces, and a
    /// double push's destination has an empty square behind it (so no
    /// single push goes there), which makes `single`, `double` and either
    /// capture set disjoint: two sets for the four. The three extra moves
    /// of each promotion are rare and tested for before they are counted.
    #[inline(always)]
    fn free_pawns(&mut self, _: &Board, targets: PawnTargets) {
        let PawnTargets {
            single,
            double,
            left,
            right,
            ..
        } = targets;
        self.add(single | double | left);
        self.add(right);
        let promoting = (single | left | right) & Bitboard::BACKRANKS;
        if !promoting.is_empty() {
            let promoting = (single | left) & Bitboard::BACKRANKS;
            self.extra += 3 * (promoting.count() + (right & Bitboard::BACKRANKS).count());
        }
    }

    #[inline]
    fn pawn(&mut self, _: &Board, _: Square, to: Square) {
        self.extra += if Bitboard::BACKRANKS.contains(to) {
            4
        } else {
            1
        };
    }

    #[inline]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.extra += 1;
    }

    #[inline]
    fn castle(&mut self, _: Square, _: Square) {
        self.extra += 1;
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

/// Castling by the Chess960 rule (see [`Position::legal_moves`]), for our
/// king on `king`, not in check.
///
/// The squares that must be empty are one table entry (by king and rook
/// file); once they are, the squares the king passes and lands on come
/// from another with the places an enemy piece attacks them from, so that
/// the attack test is a few set operations, and a slider is looked at only
/// when one stands on a line through the path.
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
        let Some(file) = rights.rook(us, side) else {
            continue;
        };
        let rook = Square::from_coords(file, king.rank());
        if !board.by_piece(Role::Rook.of(us)).contains(rook)
            || attacks::castling_way(us, side, king.file(), file).intersects(board.occupied())
        {
            continue;
        }
        let path = attacks::castling_path(us, side, king.file());
        // Everyone but the castling pair; the attacks on the king's path are
        // judged with the rook gone, as it is once castling is done.
        let others = board.occupied().without(king).without(rook);
        let theirs = board.by_color(!us);
        let steppers = (path.knights & board.by_role(Role::Knight))
            | (path.pawns & board.by_role(Role::Pawn))
            | (path.kings & board.by_role(Role::King));
        if steppers.intersects(theirs) {
            continue;
        }
        let rooks = board.rooks_and_queens() & theirs & path.rooks;
        let bishops = board.bishops_and_queens() & theirs & path.bishops;
        if !(rooks | bishops).is_empty()
            && path.king.into_iter().any(|sq| {
                attacks::rook(sq, others).intersects(rooks)
                    || attacks::bishop(sq, others).intersects(bishops)
            })
        {
            continue;
        }
        sink.castle(king, rook);
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    // One copy of the generator per side to move, so that the pawn
    // directions and ranks are constants in each.
    match pos.setup.turn {
        Color::White => generate_for::<S, true>(pos, sink),
        Color::Black => generate_for::<S, false>(pos, sink),
    }
}

/// [`generate`] for White (`WHITE`) or Black to move.
fn generate_for<S: MoveSink, const WHITE: bool>(pos: &Position, sink: &mut S) {
    let board = &pos.setup.board;
    let us = if WHITE { Color::White } else { Color::Black };
    let ours = board.by_color(us);
    let Some(king) = (board.by_role(Role::King) & ours).first() else {
        return;
    };
    let (checkers, pinned) = checkers_and_pinned(board, king, us);

    let safe = king_destinations(board, king, us);
    sink.piece(board, Role::King, king, safe);

    if checkers.is_empty() {
        castling(pos, king, sink);
        others::<S, WHITE, false>(pos, sink, king, !ours, pinned);
    } else if let Some(checker) = checkers.single_square() {
        evasions::<S, WHITE>(pos, sink, king, checker, pinned);
    }
}

/// The moves out of a single check by `checker` other than the king's:
/// capturing the checker or blocking its line. Inlined: out of line, the
/// counter it adds to would live in memory (fewer instructions, more
/// time).
#[inline(always)]
fn evasions<S: MoveSink, const WHITE: bool>(
    pos: &Position,
    sink: &mut S,
    king: Square,
    checker: Square,
    pinned: Bitboard,
) {
    let target = attacks::between(king, checker).with(checker);
    others::<S, WHITE, true>(pos, sink, king, target, pinned);
}

/// The moves of every piece but the king (and castling) to squares of
/// `target`, under check (`CHECK`) or not.
///
/// A pinned piece moves only along the line through our king. Under check
/// it does not move at all: its moves stay on its side of the king on that
/// line, where the checker and the squares between it and the king are not
/// (the checker cannot be on the pin's ray, between the king and the
/// pinned piece or beyond it, as then there would be no pin; a knight's
/// square is on no line through the king).
#[inline(always)]
fn others<S: MoveSink, const WHITE: bool, const CHECK: bool>(
    pos: &Position,
    sink: &mut S,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
) {
    let board = &pos.setup.board;
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occupied = board.occupied();
    let free = ours - pinned;
    // Our pinned pieces that may move along their line (the pins found
    // hold the enemy's pieces alone on a line too).
    let pinned = if CHECK {
        Bitboard::EMPTY
    } else {
        pinned & ours
    };

    for from in board.by_role(Role::Knight) & free {
        sink.piece(board, Role::Knight, from, attacks::knight(from) & target);
    }
    if S::IN_ORDER {
        // Each role's pieces in square order, pinned or not.
        let movers = free | pinned;
        for from in board.by_role(Role::Bishop) & movers {
            let mut to = attacks::bishop(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(board, Role::Bishop, from, to);
        }
        for from in board.by_role(Role::Rook) & movers {
            let mut to = attacks::rook(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(board, Role::Rook, from, to);
        }
        for from in board.by_role(Role::Queen) & movers {
            let mut to = attacks::queen(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(board, Role::Queen, from, to);
        }
    } else {
        // The free pieces first, with no pin test; the pinned ones (mostly
        // none) after, a queen's straight and diagonal lines counted apart
        // (a count does not look at the role).
        for from in board.by_role(Role::Bishop) & free {
            sink.piece(
                board,
                Role::Bishop,
                from,
                attacks::bishop(from, occupied) & target,
            );
        }
        for from in board.by_role(Role::Rook) & free {
            sink.piece(
                board,
                Role::Rook,
                from,
                attacks::rook(from, occupied) & target,
            );
        }
        for from in board.by_role(Role::Queen) & free {
            sink.piece(
                board,
                Role::Queen,
                from,
                attacks::queen(from, occupied) & target,
            );
        }
        if !pinned.is_empty() {
            for from in board.bishops_and_queens() & pinned {
                let to = attacks::bishop(from, occupied) & target & attacks::line(king, from);
                sink.piece(board, Role::Bishop, from, to);
            }
            for from in board.rooks_and_queens() & pinned {
                let to = attacks::rook(from, occupied) & target & attacks::line(king, from);
                sink.piece(board, Role::Rook, from, to);
            }
        }
    }

    // A pawn on a back rank (only a problem puts one there) does not move.
    let pawns = (board.by_role(Role::Pawn) & ours) - Bitboard::BACKRANKS;
    let free_pawns = pawns & free;
    let empty = !occupied;
    let (push, left, right) = match us {
        Color::White => (8, 7, 9),
        Color::Black => (-8, -9, -7),
    };
    let single = shift(free_pawns, push) & empty;
    let double = shift(
        single & Bitboard::from_rank(Rank::Third.relative_to(us)),
        push,
    ) & empty;
    let capturable = theirs & target;
    sink.free_pawns(
        board,
        PawnTargets {
            single: single & target,
            double: double & target,
            left: shift(free_pawns - Bitboard::from_file(File::A), left) & capturable,
            right: shift(free_pawns - Bitboard::from_file(File::H), right) & capturable,
            push,
            left_delta: left,
            right_delta: right,
        },
    );
    for from in pawns & pinned {
        let bb = Bitboard::from_square(from);
        let one = shift(bb, push) & empty;
        let two = shift(one & Bitboard::from_rank(Rank::Third.relative_to(us)), push) & empty;
        let captures = attacks::pawn(us, from) & theirs;
        for to in (one | two | captures) & target & attacks::line(king, from) {
            sink.pawn(board, from, to);
        }
    }

    // The square is set after every double push; mostly no pawn of ours
    // stands beside it, which one lookup tells.
    let ep = pos
        .setup
        .ep_square
        .filter(|&ep| attacks::pawn(them, ep).intersects(pawns));
    if let Some(ep) = ep {
        for from in en_passant_capturers(board, us, ep) {
            sink.en_passant(from, ep);
        }
    }
}

impl Position {
    /// Every legal move.
    ///
    /// Castling, in standard chess and Chess960 alike, is legal when the
    /// colour still has the right, the king is not in check, every square
    /// between the king and its destination (`g` or `c` file) and between the
    /// rook and its destination (`f` or `d` file) is empty but for the king
    /// and that rook, and no square the king passes or lands on is attacked,
    /// judged with the castling rook already gone. The king or the rook may
    /// not move at all.
    ///
    /// ```
    /// use forsyth::{Move, Position, Setup, Square};
    /// use forsyth::fen::Fen;
    /// // Chess960: the king stays on g1, only the rook moves.
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/6KR w H - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert!(pos.legal_moves().contains(&Move::Castle { king: Square::G1, rook: Square::H1 }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves: the same as
    /// [`legal_moves`](Position::legal_moves), reusing the list's storage.
    ///
    /// ```
    /// use forsyth::{MoveList, Position, Setup};
    /// let pos = Position::standard();
    /// let mut list = MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list, pos.legal_moves());
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let mut writer = Writer::new(list, &self.setup.board);
        generate(self, &mut writer);
        writer.finish();
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::standard();
    /// assert_eq!(pos.count_legal_moves(), 20);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter::new();
        generate(self, &mut counter);
        counter.total()
    }

    /// `true` if `m` is a legal move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Role, Setup, Square};
    /// let pos = Position::standard();
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// assert!(pos.is_legal(m));
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        // Decided for the one move, without listing the others: a piece's
        // or pawn's move is legal exactly when it is the one move its
        // origin and destination name; castling by the castling rule.
        match m {
            Move::Castle { king, rook } => castle_is_legal(self, king, rook),
            _ => resolve(self, MovePattern::of_move(m)) == Some(m),
        }
    }

    /// The enemy pieces that attack the king of the side to move.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::fen::Fen;
    /// // Double check: the knight came from e5 and uncovered the rook.
    /// let fen = Fen::from_ascii(b"4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert_eq!(pos.checkers().into_iter().collect::<Vec<_>>(), [Square::D3, Square::E8]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
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
    /// use forsyth::{Position, Setup};
    /// assert!(!Position::standard().is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }
}

/// A move as a notation describes it, for the quick lookups: the piece's
/// role, what is said of its origin (a file, a rank, both or neither),
/// whether it is written as a capture, its destination and its promotion.
/// SAN's `Nbd2` and UCI's `b1d2` (the origin given in full) are both one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct MovePattern {
    pub(crate) role: Role,
    pub(crate) file: Option<File>,
    pub(crate) rank: Option<Rank>,
    pub(crate) capture: bool,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

impl MovePattern {
    /// The pattern that only `m` (a piece's or pawn's move) fits: its
    /// origin in full.
    #[inline]
    pub(crate) fn of_move(m: Move) -> MovePattern {
        let from = m.from();
        MovePattern {
            role: m.role(),
            file: Some(from.file()),
            rank: Some(from.rank()),
            capture: false,
            to: m.to(),
            promotion: m.promotion(),
        }
    }

    /// `true` if the move `m` (of the position's legal moves) fits, never
    /// for castling.
    pub(crate) fn matches(self, m: Move) -> bool {
        !m.is_castle()
            && m.role() == self.role
            && m.to() == self.to
            && m.promotion() == self.promotion
            && (m.is_capture() || !self.capture)
            && self.file.is_none_or(|f| m.from().file() == f)
            && self.rank.is_none_or(|r| m.from().rank() == r)
    }
}

/// The one legal move of a piece or pawn that fits `pattern`, found
/// without listing every legal move: the pieces of its role that reach its
/// square, each kept when its move leaves the king safe and fits the
/// pattern. Every legal move to a square comes from a square that attacks
/// it (a pawn's push from behind it), so the candidates hold every move the
/// pattern can fit. `None` when no legal move fits, or more than one: the
/// readers then list the legal moves to name the fault (the fast path of
/// SAN's and UCI's readers and of [`Position::is_legal`]).
#[inline]
pub(crate) fn resolve(pos: &Position, pattern: MovePattern) -> Option<Move> {
    resolve_inline(pos, pattern)
}

/// [`resolve`], compiled into its caller: the quick SAN lookup of the
/// replay, which then hands it the pattern in registers.
#[inline(always)]
pub(crate) fn resolve_inline(pos: &Position, pattern: MovePattern) -> Option<Move> {
    let MovePattern {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = pattern;
    let board = &pos.setup.board;
    let us = pos.setup.turn;
    if board.by_color(us).contains(to) {
        return None;
    }
    // What the pattern says of the origin, as a set.
    let mut named = Bitboard::FULL;
    if let Some(f) = file {
        named &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        named &= Bitboard::from_rank(r);
    }
    let ours = board.by_piece(role.of(us));
    let occupied = board.occupied();
    let found = match role {
        Role::Pawn => return pawn_move(pos, named & ours, capture, to, promotion),
        // Each piece's own lookup, inlined: the hot path of the replay.
        Role::Knight => attacks::knight(to),
        Role::Bishop => attacks::bishop(to, occupied),
        Role::Rook => attacks::rook(to, occupied),
        Role::Queen => attacks::queen(to, occupied),
        Role::King => return king_move(pos, named & ours, capture, to, promotion),
        // The 8x8 board holds neither: `ours` is empty.
        Role::Archbishop | Role::Chancellor => Bitboard::EMPTY,
    } & named
        & ours;
    // Only a capture is read where an enemy piece stands, and only a
    // pawn promotes.
    let taken = captured(board, us, to, capture)?;
    if found.is_empty() || promotion.is_some() {
        return None;
    }
    let from = one_safe(board, us, to, found)?;
    let m = Move::Normal {
        role,
        from,
        capture: taken,
        to,
        promotion: None,
    };
    debug_assert!(pattern.matches(m));
    Some(m)
}

/// The legal castling of the side to move on the wing `side`, found by
/// the generator's castling rule for the one rook the rights name on that
/// wing, without listing the other moves; `None` when it is not legal (the
/// readers then list the legal moves to name the fault).
#[inline]
pub(crate) fn resolve_castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    let us = pos.setup.turn;
    let file = pos.setup.castling.rook(us, side)?;
    let king = pos.setup.board.king_of(us)?;
    let rook = Square::from_coords(file, king.rank());
    let m = Move::Castle { king, rook };
    (m.castling_side() == Some(side) && castle_is_legal(pos, king, rook)).then_some(m)
}

/// The role taken on `to` (empty or the opponent's), as a move's
/// `capture` says it; `None` (no move fits) when the square is empty and
/// the pattern says `capture`.
#[inline(always)]
fn captured(board: &Board, us: Color, to: Square, capture: bool) -> Option<Option<Role>> {
    // Most moves take nothing: the role is looked up only for a capture.
    if board.by_color(!us).contains(to) {
        Some(board.role_at(to))
    } else if capture {
        None
    } else {
        Some(None)
    }
}

/// [`resolve`] for a pawn: `from` holds the side's pawns the pattern
/// names.
#[inline(always)]
fn pawn_move(
    pos: &Position,
    from: Bitboard,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let board = &pos.setup.board;
    let us = pos.setup.turn;
    let promoting = to.rank() == Rank::Eighth.relative_to(us);
    // A promotion is written exactly when the pawn reaches the last rank,
    // and to a piece a pawn may become.
    let promotion_fits = match promotion {
        None => !promoting,
        Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen) => promoting,
        Some(_) => false,
    };
    if !promotion_fits {
        return None;
    }
    if pos.setup.ep_square == Some(to) && !board.by_color(!us).contains(to) {
        // En passant takes a pawn off another square: the king is looked
        // at after each candidate's move.
        let mut found = None;
        for from in attacks::pawn(!us, to) & from {
            let m = Move::EnPassant { from, to };
            if king_safe_after(pos, m) {
                if found.is_some() {
                    return None;
                }
                found = Some(m);
            }
        }
        return found;
    }
    let taken = captured(board, us, to, capture)?;
    let found = match taken {
        Some(_) => attacks::pawn(!us, to) & from,
        None => {
            // A push comes from the square behind, or two behind over an
            // empty one onto the fourth rank.
            let to_bit = Bitboard::from_square(to).bits();
            let (one, two) = match us {
                Color::White => (to_bit >> 8, to_bit >> 16),
                Color::Black => (to_bit << 8, to_bit << 16),
            };
            let (one, two) = (Bitboard::from_bits(one), Bitboard::from_bits(two));
            if board.occupied().intersects(one) {
                one & from
            } else if to.rank() == Rank::Fourth.relative_to(us) {
                two & from
            } else {
                Bitboard::EMPTY
            }
        }
    };
    if found.is_empty() {
        return None;
    }
    let from = one_safe(board, us, to, found)?;
    Some(Move::Normal {
        role: Role::Pawn,
        from,
        capture: taken,
        to,
        promotion,
    })
}

/// [`resolve`] for the king: `from` holds the side's king if the pattern
/// names its square. Its move is tested by looking at it after the move.
#[inline(always)]
fn king_move(
    pos: &Position,
    from: Bitboard,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let board = &pos.setup.board;
    let taken = captured(board, pos.setup.turn, to, capture)?;
    if promotion.is_some() {
        return None;
    }
    let mut found = None;
    for from in attacks::king(to) & from {
        let m = Move::Normal {
            role: Role::King,
            from,
            capture: taken,
            to,
            promotion: None,
        };
        if king_safe_after(pos, m) {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

/// Of the squares `from` of the side's pieces (not its king) that reach
/// `to` (not the side's own), the one whose move leaves the king safe;
/// `None` when none or several do.
///
/// Such a move leaves the king where it is, and the enemy pieces but the
/// one taken where they are: it cannot answer a knight's or pawn's check
/// (only taking the checker could), and a slider's check depends only on
/// which squares are empty after it. The sliders that could check are
/// those on the king's lines, looked through only when there are some
/// (often none).
#[inline(always)]
fn one_safe(board: &Board, us: Color, to: Square, from: Bitboard) -> Option<Square> {
    let king = board.king_of(us)?;
    let them = board.by_color(!us).without(to);
    let of = |role: Role| board.by_role(role) & them;
    let leapers = (attacks::knight(king) & of(Role::Knight))
        | (attacks::pawn(us, king) & (of(Role::Pawn) - Bitboard::BACKRANKS))
        | (attacks::king(king) & of(Role::King));
    if !leapers.is_empty() {
        return None;
    }
    let queens = of(Role::Queen);
    let rooks = (of(Role::Rook) | queens) & attacks::rook_rays(king);
    let bishops = (of(Role::Bishop) | queens) & attacks::bishop_rays(king);
    let occupied = board.occupied().with(to);
    if rooks.is_empty() && bishops.is_empty() {
        return from.single_square();
    }
    let safe = |from: Square| {
        let after = occupied.without(from);
        (rooks.is_empty() || (attacks::rook(king, after) & rooks).is_empty())
            && (bishops.is_empty() || (attacks::bishop(king, after) & bishops).is_empty())
    };
    let mut found = None;
    for from in from {
        if safe(from) {
            if found.is_some() {
                return None;
            }
            found = Some(from);
        }
    }
    found
}

/// The squares of the side to move's pieces of `role` (a piece, not a
/// pawn) with a legal move to `to`: those that reach it and leave their
/// king safe. What writing SAN needs to know of a move's rivals, found
/// without listing every legal move.
pub(crate) fn legal_origins(pos: &Position, role: Role, to: Square) -> Bitboard {
    let board = &pos.setup().board;
    let us = pos.turn();
    let target = board.piece_at(to);
    if role == Role::Pawn || target.is_some_and(|p| p.color == us) {
        return Bitboard::EMPTY;
    }
    // A piece reaches `to` from the squares it would attack from `to`.
    let reach = attacks::attacks(to, role.of(us), board.occupied());
    (reach & board.by_piece(role.of(us)))
        .into_iter()
        .filter(|&from| {
            let m = Move::Normal {
                role,
                from,
                capture: target.map(|p| p.role),
                to,
                promotion: None,
            };
            king_safe_after(pos, m)
        })
        .collect()
}

/// Whether the side to move's king is not attacked after the pseudo-legal
/// normal or en-passant move `m` (of a piece of the side to move). Inline:
/// its callers know the move's kind (a king's move, en passant), which
/// then decides its branches where it is compiled.
#[inline(always)]
fn king_safe_after(pos: &Position, m: Move) -> bool {
    let setup = pos.setup();
    let board = &setup.board;
    let us = setup.turn;
    let (from, to) = (m.from(), m.to());
    let mut gone = Bitboard::from_square(to);
    if let Move::EnPassant { .. } = m {
        gone = gone.with(Square::from_coords(to.file(), from.rank()));
    }
    let occupied = (board.occupied().without(from) & !gone).with(to);
    let them = board.by_color(!us) & !gone;
    let king = match m.role() {
        Role::King => to,
        _ => match board.king_of(us) {
            Some(king) => king,
            None => return false,
        },
    };
    let of = |role: Role| board.by_role(role) & them;
    let queens = of(Role::Queen);
    // A slider can only check along its lines through the king on the
    // empty board: the lookup through the pieces is made only for the
    // lines that hold one (mostly none, or one).
    let rooks = (of(Role::Rook) | queens) & attacks::rook_rays(king);
    let bishops = (of(Role::Bishop) | queens) & attacks::bishop_rays(king);
    (attacks::knight(king) & of(Role::Knight)).is_empty()
        && (attacks::pawn(us, king) & (of(Role::Pawn) - Bitboard::BACKRANKS)).is_empty()
        && (attacks::king(king) & of(Role::King)).is_empty()
        && (rooks.is_empty() || (attacks::rook(king, occupied) & rooks).is_empty())
        && (bishops.is_empty() || (attacks::bishop(king, occupied) & bishops).is_empty())
}

/// Whether castling with the king on `king` and the rook on `rook` is a
/// legal move: the generator's castling rule ([`castling`]) asked for the
/// side to move's king, when it is not in check.
fn castle_is_legal(pos: &Position, king: Square, rook: Square) -> bool {
    let board = &pos.setup.board;
    let us = pos.setup.turn;
    if (board.by_role(Role::King) & board.by_color(us)).first() != Some(king) {
        return false;
    }
    if !checkers_and_pinned(board, king, us).0.is_empty() {
        return false;
    }
    let mut found = FindCastle { rook, found: false };
    castling(pos, king, &mut found);
    found.found
}

/// A sink that only looks for castling with one rook.
struct FindCastle {
    rook: Square,
    found: bool,
}

impl MoveSink for FindCastle {
    fn piece(&mut self, _: &Board, _: Role, _: Square, _: Bitboard) {}
    fn free_pawns(&mut self, _: &Board, _: PawnTargets) {}
    fn pawn(&mut self, _: &Board, _: Square, _: Square) {}
    fn en_passant(&mut self, _: Square, _: Square) {}
    fn castle(&mut self, _: Square, rook: Square) {
        self.found |= rook == self.rook;
    }
}

/// For the tests of the fast paths: positions along random games from
/// random Chess960 starts (the standard one first), `games` games of at
/// most `plies` plies each; `visit` gets each position, its legal moves and
/// the walk's random numbers (for random moves of its own).
#[cfg(test)]
pub(crate) fn random_walk(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position, &crate::rules::MoveList, &mut crate::setup::chess960::SplitMix64),
) {
    let mut rng = crate::setup::chess960::SplitMix64::new(seed);
    for game in 0..games {
        let start = if game == 0 {
            518
        } else {
            (rng.next_u64() % 960) as u16
        };
        let mut pos =
            Position::from_setup(crate::setup::Chess960Start::new(start).unwrap().to_setup())
                .expect("a start position is legal");
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            visit(&pos, &legal, &mut rng);
            pos = pos
                .play(legal[(rng.next_u64() % legal.len() as u64) as usize])
                .expect("legal");
        }
    }
}

/// For the tests: a square from 6 random bits.
#[cfg(test)]
pub(crate) fn random_square(n: u64) -> Square {
    Square::from_coords(
        crate::board::File::ALL[(n % 8) as usize],
        Rank::ALL[(n / 8 % 8) as usize],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::safety::is_attacked;
    use crate::setup::{ProblemKind, Setup, Variant};
    use crate::text::fen::Fen;

    /// The perft suites' positions (the impossible ones of the trap suite
    /// too, their ignorable problems ignored: checker alignments no game
    /// reaches, en-passant pins) and every position of a random game of
    /// `plies` plies from each, chosen by a fixed-seed generator.
    fn sample_positions(plies: usize) -> Vec<Position> {
        let mut starts = Vec::new();
        for (text, variant, step) in [
            (include_str!("../../tests/data/tricky.perft"), None, 1),
            (include_str!("../../tests/data/classical.perft"), None, 1),
            (
                include_str!("../../tests/data/chess960.perft"),
                Some(Variant::Chess960),
                8,
            ),
        ] {
            for fen in text
                .lines()
                .filter_map(|l| l.strip_prefix("epd "))
                .step_by(step)
            {
                let fen = Fen::from_ascii(fen.as_bytes()).unwrap();
                match Position::from_fen(&fen, variant) {
                    Ok(pos) => starts.push(pos),
                    Err(e) => {
                        let kinds: Vec<ProblemKind> =
                            e.problems().iter().map(|p| p.kind()).collect();
                        starts.extend(e.ignore(&kinds).ok());
                    }
                }
            }
        }
        assert!(starts.len() > 150, "{} starts", starts.len());
        let mut rng = crate::setup::chess960::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
        let mut out = Vec::new();
        for start in starts {
            let mut pos = start;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                out.push(pos.clone());
                if moves.is_empty() {
                    break;
                }
                let seed = rng.next_u64();
                let m = moves[(seed % moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        out
    }

    /// Pins by their definition: one of our pieces alone between our king
    /// and an enemy slider that moves along that line.
    fn pinned_by_definition(board: &Board, king: Square, us: Color) -> Bitboard {
        let mut pinned = Bitboard::EMPTY;
        for slider in board.by_color(!us) {
            let straight = king.file() == slider.file() || king.rank() == slider.rank();
            let role = board.role_at(slider);
            let moves_along = match role {
                Some(Role::Queen) => true,
                Some(Role::Rook) => straight,
                Some(Role::Bishop) => !straight,
                _ => false,
            };
            if !moves_along || attacks::line(king, slider).is_empty() {
                continue;
            }
            let between = attacks::between(king, slider) & board.occupied();
            if let Some(sq) = between.single_square() {
                if board.by_color(us).contains(sq) {
                    pinned = pinned.with(sq);
                }
            }
        }
        pinned
    }

    /// The fast paths of the generator agree with the general ones: the
    /// checkers and pins from one look with `attackers_to` and the
    /// definition of a pin, the king's destinations with `is_attacked` on
    /// each square, the count with the list's length.
    #[test]
    fn fast_paths_agree_with_general_ones() {
        let positions = sample_positions(60);
        assert!(positions.len() > 5_000, "{} positions", positions.len());
        let (mut checks, mut pins, mut promotions) = (0, 0, 0);
        for pos in &positions {
            let board = &pos.setup.board;
            let us = pos.setup.turn;
            let king = board.by_piece(Role::King.of(us)).first().unwrap();
            let (checkers, pinned) = checkers_and_pinned(board, king, us);
            let fen = pos.setup.board.to_string();
            assert_eq!(
                checkers,
                board.attackers_to(king, !us, board.occupied()),
                "{fen}"
            );
            assert_eq!(pinned, pinned_by_definition(board, king, us), "{fen}");
            let without_king = board.occupied().without(king);
            let safe: Bitboard = (attacks::king(king) - board.by_color(us))
                .into_iter()
                .filter(|&to| !is_attacked(board, to, !us, without_king))
                .collect();
            assert_eq!(king_destinations(board, king, us), safe, "{fen}");
            let moves = pos.legal_moves();
            assert_eq!(pos.count_legal_moves(), moves.len(), "{fen}");
            checks += usize::from(!checkers.is_empty());
            pins += usize::from(!pinned.is_empty());
            promotions += usize::from(moves.iter().any(|m| m.promotion().is_some()));
        }
        // The sample holds the cases the fast paths treat apart.
        assert!(
            checks > 100 && pins > 100 && promotions > 20,
            "{checks} {pins} {promotions}"
        );
    }

    /// The moves of a position by the definition of legality: every move
    /// of each of our pieces by its own rule (a pawn's pushes, captures,
    /// promotions and en passant), kept when our king, after it is played,
    /// is attacked by no enemy piece; castling as the list has it.
    fn legal_by_definition(pos: &Position) -> Vec<Move> {
        let board = &pos.setup.board;
        let us = pos.setup.turn;
        let ours = board.by_color(us);
        let mut candidates = Vec::new();
        for from in ours {
            let role = board.role_at(from).unwrap();
            let mut targets = match role {
                Role::Pawn => attacks::pawn(us, from) & board.by_color(!us),
                _ => attacks::attacks(from, role.of(us), board.occupied()) - ours,
            };
            if role == Role::Pawn {
                let forward = if us == Color::White { 1 } else { -1 };
                if let Some(one) = from
                    .offset(0, forward)
                    .filter(|&sq| board.role_at(sq).is_none())
                {
                    targets = targets.with(one);
                    let two = one
                        .offset(0, forward)
                        .filter(|&sq| board.role_at(sq).is_none());
                    if let Some(two) = two.filter(|_| from.rank() == Rank::Second.relative_to(us)) {
                        targets = targets.with(two);
                    }
                }
                if let Some(ep) = pos
                    .setup
                    .ep_square
                    .filter(|&ep| attacks::pawn(us, from).contains(ep))
                {
                    candidates.push(Move::EnPassant { from, to: ep });
                }
            }
            for to in targets {
                let promotions: &[Option<Role>] =
                    if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
                        &[
                            Some(Role::Queen),
                            Some(Role::Rook),
                            Some(Role::Bishop),
                            Some(Role::Knight),
                        ]
                    } else {
                        &[None]
                    };
                for &promotion in promotions {
                    candidates.push(Move::Normal {
                        role,
                        from,
                        capture: board.role_at(to),
                        to,
                        promotion,
                    });
                }
            }
        }
        let mut legal: Vec<Move> = candidates
            .into_iter()
            .filter(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                let board = &after.setup.board;
                let king = board.by_piece(Role::King.of(us)).first().unwrap();
                board.attackers_to(king, !us, board.occupied()).is_empty()
            })
            .collect();
        legal.extend(pos.legal_moves().iter().filter(|m| m.is_castle()));
        legal
    }

    /// The generator lists and counts the moves the definition of
    /// legality gives, on the sample positions and on positions in check
    /// with a pinned piece that could, were it free, capture the checker
    /// or block its line (a pawn by a capture or a push, a knight, a
    /// bishop, a rook): the generator treats pins under check apart.
    #[test]
    fn moves_are_the_legal_ones_by_definition() {
        let key = |m: &Move| {
            (
                m.from().index(),
                m.to().index(),
                m.promotion().map(|r| r as u8),
            )
        };
        let mut positions = sample_positions(30);
        positions.extend(sample_positions(60));
        for record in [
            "7k/8/8/b7/8/4r3/3P4/4K3 w - - 0 1",
            "7k/8/8/1b6/8/8/r2PK3/8 w - - 0 1",
            "7k/8/8/8/1b2r3/8/3N4/4K3 w - - 0 1",
            "4r2k/8/8/8/8/8/r2BK3/8 w - - 0 1",
            "7k/8/8/b7/8/2R5/8/q3K3 w - - 0 1",
            "4k3/3p4/4R3/1B6/8/8/8/7K b - - 0 1",
        ] {
            let fen = Fen::from_ascii(record.as_bytes()).unwrap();
            positions.push(Position::from_fen(&fen, None).unwrap());
        }
        let mut pinned_in_check = 0;
        for pos in positions {
            let mut expected = legal_by_definition(&pos);
            let mut listed = pos.legal_moves().to_vec();
            expected.sort_by_key(key);
            listed.sort_by_key(key);
            assert_eq!(listed, expected, "{}", pos.setup());
            assert_eq!(pos.count_legal_moves(), expected.len(), "{}", pos.setup());
            let board = &pos.setup.board;
            let us = pos.setup.turn;
            let king = board.by_piece(Role::King.of(us)).first().unwrap();
            let (checkers, pinned) = checkers_and_pinned(board, king, us);
            pinned_in_check +=
                usize::from(!checkers.is_empty() && pinned.intersects(board.by_color(us)));
        }
        assert!(pinned_in_check > 20, "{pinned_in_check}");
    }

    /// The counter's total is the sum of its sets' sizes (its definition,
    /// summed here with the standard library's popcount), for random sets
    /// sparse and dense, up to 40 of them, so that squares are named once,
    /// twice and many times.
    #[test]
    fn counter_sums_the_sizes_of_its_sets() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x0123_4567_89ab_cdef);
        for _ in 0..2_000 {
            let mut counter = Counter::new();
            let mut expected = 0;
            for _ in 0..rng.next_u64() % 41 {
                let a = rng.next_u64();
                let bits = match a % 3 {
                    0 => a,
                    1 => a & rng.next_u64(),
                    _ => a & rng.next_u64() & rng.next_u64(),
                };
                counter.add(Bitboard::from_bits(bits));
                expected += bits.count_ones() as usize;
            }
            assert_eq!(counter.total(), expected);
        }
    }

    /// The shared popcount of two sets is the sum of the standard
    /// library's popcounts, for random sets sparse and dense and for the
    /// extremes (both empty, both full).
    #[test]
    fn sum_of_counts_adds_the_popcounts() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x5eed_c0de_0f5e_7500);
        let mut pairs = vec![(0, 0), (u64::MAX, u64::MAX), (u64::MAX, 0), (1, 1 << 63)];
        for _ in 0..10_000 {
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            pairs.extend([(a, b), (a & b, c), (a | b, a | c), (a & b & c, !c)]);
        }
        for (a, b) in pairs {
            assert_eq!(
                sum_of_counts([Bitboard::from_bits(a), Bitboard::from_bits(b)]),
                (a.count_ones() + b.count_ones()) as usize,
                "{a:#x} {b:#x}"
            );
        }
    }

    /// The castlings of a position by the Chess960 rule, square by square:
    /// for each right of the side to move, with its king on the right's
    /// file and its rook on the right's square, the king not in check,
    /// every square from the king to its destination and from the rook to
    /// its destination empty but for the two of them, and no square the
    /// king stands on from its own to its destination attacked once the
    /// rook has left.
    fn castles_by_definition(pos: &Position) -> Vec<Move> {
        let board = pos.board();
        let us = pos.turn();
        let back = Rank::back_rank(us);
        let Some(king) = board.king_of(us) else {
            return Vec::new();
        };
        let occupied = board.occupied();
        if king.rank() != back
            || pos.castling().king_file(us) != Some(king.file())
            || !board.attackers_to(king, !us, occupied).is_empty()
        {
            return Vec::new();
        }
        let way = |from: File, to: File| {
            let (lo, hi) = (from.min(to) as usize, from.max(to) as usize);
            (lo..=hi).map(move |f| Square::from_coords(File::ALL[f], back))
        };
        let mut castles = Vec::new();
        for side in CastlingSide::ALL {
            let Some(file) = pos.castling().rook(us, side) else {
                continue;
            };
            let rook = Square::from_coords(file, back);
            if board.piece_at(rook) != Some(Role::Rook.of(us)) {
                continue;
            }
            let others = occupied.without(king).without(rook);
            let blocked = way(king.file(), side.king_to_file())
                .chain(way(file, side.rook_to_file()))
                .any(|sq| others.contains(sq));
            let attacked = way(king.file(), side.king_to_file())
                .any(|sq| !board.attackers_to(sq, !us, others).is_empty());
            if !blocked && !attacked {
                castles.push(Move::Castle { king, rook });
            }
        }
        castles
    }

    /// The generator's castlings, listed and counted, are those of the
    /// rule ([`castles_by_definition`]) on random Chess960 positions: the
    /// king and one or two castling rooks on random files of the back rank
    /// (so the king may stand on a rook's destination, a rook on the
    /// king's, the king or rook not move at all), and random pieces of
    /// both colours elsewhere, which block the way, attack the squares the
    /// king crosses, or pin and check.
    #[test]
    fn castling_is_the_chess960_rule() {
        let mut rng = crate::setup::chess960::SplitMix64::new(0x0dd_ba11_cafe_f00d);
        let (mut tried, mut legal, mut blocked, mut attacked) = (0, 0, 0, 0);
        while tried < 40_000 {
            let mut board = Board::empty();
            let us = [Color::White, Color::Black][(rng.next_u64() & 1) as usize];
            let back = Rank::back_rank(us);
            let king_file = File::ALL[(rng.next_u64() % 8) as usize];
            let king = Square::from_coords(king_file, back);
            board.set_piece_at(king, Role::King.of(us));
            let mut castling = crate::board::CastlingRights::none();
            for _ in 0..1 + rng.next_u64() % 2 {
                let file = File::ALL[(rng.next_u64() % 8) as usize];
                let sq = Square::from_coords(file, back);
                if board.piece_at(sq).is_none() && castling.add(us, king_file, file).is_ok() {
                    board.set_piece_at(sq, Role::Rook.of(us));
                }
            }
            if castling.is_empty() {
                continue;
            }
            let their_king = random_square(rng.next_u64());
            if board.piece_at(their_king).is_some() {
                continue;
            }
            board.set_piece_at(their_king, Role::King.of(!us));
            for _ in 0..rng.next_u64() % 8 {
                let n = rng.next_u64();
                let sq = random_square(n);
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                ][(n >> 8) as usize % 5];
                let color = [us, !us][(n >> 16) as usize % 2];
                if board.piece_at(sq).is_none()
                    && !(role == Role::Pawn && Bitboard::BACKRANKS.contains(sq))
                {
                    board.set_piece_at(sq, role.of(color));
                }
            }
            let setup = Setup {
                board,
                turn: us,
                castling,
                ep_square: None,
                halfmoves: 0,
                fullmoves: 1,
                variant: Variant::Chess960,
            };
            let Ok(pos) = Position::from_setup(setup) else {
                continue;
            };
            tried += 1;
            let listed: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| m.is_castle())
                .collect();
            let expected = castles_by_definition(&pos);
            assert_eq!(listed, expected, "{}", pos.setup());
            assert_eq!(
                pos.count_legal_moves(),
                pos.legal_moves().len(),
                "{}",
                pos.setup()
            );
            legal += expected.len();
            // Why the refused ones are refused, for the sample's breadth.
            for side in CastlingSide::ALL {
                let Some(file) = pos.castling().rook(us, side) else {
                    continue;
                };
                let rook = Square::from_coords(file, back);
                if expected.contains(&Move::Castle { king, rook }) {
                    continue;
                }
                let others = pos.board().occupied().without(king).without(rook);
                let path = attacks::between(king, Square::from_coords(side.king_to_file(), back))
                    | attacks::between(rook, Square::from_coords(side.rook_to_file(), back));
                if path.intersects(others) {
                    blocked += 1;
                } else {
                    attacked += 1;
                }
            }
        }
        assert!(
            legal > 10_000 && blocked > 2_000 && attacked > 10_000,
            "{legal} {blocked} {attacked}"
        );
    }

    /// `is_legal` and `play` judge a move as the legal move list does,
    /// along random games from random Chess960 starts (the standard one
    /// among them): every legal move; castling with the king and each rook
    /// of the side to move on its back rank (blocked, through check, out of
    /// check, without the right); and random moves with random roles,
    /// captures and promotions, almost all of them illegal.
    #[test]
    fn is_legal_judges_moves_as_the_legal_list_does() {
        let (mut judged, mut castles) = (0, 0);
        random_walk(0x2545_f491_4f6c_dd1d, 30, 100, |pos, legal, rng| {
            let mut moves: Vec<Move> = legal.iter().copied().collect();
            let board = pos.board();
            let us = pos.turn();
            if let Some(king) = board.king_of(us) {
                let back = Bitboard::from_rank(Rank::back_rank(us));
                for rook in board.by_piece(Role::Rook.of(us)) & back {
                    moves.push(Move::Castle { king, rook });
                }
            }
            for _ in 0..16 {
                let n = rng.next_u64();
                let (from, to) = (random_square(n >> 8), random_square(n >> 16));
                let role = Role::ALL[(n % 6) as usize];
                moves.push(match n >> 24 & 7 {
                    0 => Move::EnPassant { from, to },
                    1 => Move::Castle {
                        king: from,
                        rook: to,
                    },
                    k => Move::Normal {
                        role,
                        from,
                        capture: [None, pos.board().role_at(to)][(k & 1) as usize],
                        to,
                        promotion: [None, Some(Role::Queen)][(k >> 2 & 1) as usize],
                    },
                });
            }
            for m in moves {
                let listed = legal.contains(&m);
                assert_eq!(pos.is_legal(m), listed, "{m:?} in {}", pos.setup());
                assert_eq!(pos.play(m).is_ok(), listed, "{m:?} in {}", pos.setup());
                judged += 1;
                castles += usize::from(listed && m.is_castle());
            }
        });
        assert!(judged > 100_000 && castles > 100, "{judged} {castles}");
    }

    /// `resolve_castle` answers as the legal move list does: the one legal
    /// castling of each wing, or `None` when the list has none (no rights,
    /// the way blocked, the king in check or passing an attacked square).
    #[test]
    fn resolve_castle_finds_the_listed_castling() {
        let (mut found, mut refused) = (0, 0);
        for pos in &sample_positions(30) {
            let legal = pos.legal_moves();
            for side in CastlingSide::ALL {
                let mut listed = legal
                    .iter()
                    .copied()
                    .filter(|m| m.castling_side() == Some(side));
                let expected = listed.next();
                assert_eq!(listed.next(), None, "{}", pos.setup());
                assert_eq!(
                    resolve_castle(pos, side),
                    expected,
                    "{side:?} in {}",
                    pos.setup()
                );
                found += usize::from(expected.is_some());
                refused += usize::from(
                    expected.is_none() && pos.castling().rook(pos.turn(), side).is_some(),
                );
            }
        }
        assert!(found > 500 && refused > 1_000, "{found} {refused}");
    }

    /// `resolve` answers as the legal move list does: for each pattern, the
    /// one legal move that fits it by `MovePattern::matches`, or `None` when
    /// none or several do. The patterns: each legal move's, with its origin
    /// in each form SAN writes it (the square, the file, the rank, nothing:
    /// then often several fit), with the capture mark as it is and turned
    /// over, and with every promotion piece or none; and random ones, of
    /// every role, to every square. On
    /// the perft suites' positions (pins, checks, en passant, promotions)
    /// and the random games from them.
    #[test]
    fn resolve_finds_the_one_move_a_pattern_fits() {
        let positions = sample_positions(30);
        let mut rng = crate::setup::chess960::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let (mut found, mut several, mut en_passant, mut in_check) = (0, 0, 0, 0);
        for pos in &positions {
            let legal = pos.legal_moves();
            let mut patterns = Vec::new();
            for &m in legal.iter().filter(|m| !m.is_castle()) {
                let own = MovePattern {
                    capture: m.is_capture(),
                    ..MovePattern::of_move(m)
                };
                // Every form of origin SAN writes: the square, the file,
                // the rank or nothing.
                for (file, rank) in [(true, true), (true, false), (false, true), (false, false)] {
                    let named = MovePattern {
                        file: own.file.filter(|_| file),
                        rank: own.rank.filter(|_| rank),
                        ..own
                    };
                    patterns.push(named);
                    patterns.push(MovePattern {
                        capture: !named.capture,
                        ..named
                    });
                }
                for promotion in [None].into_iter().chain(Role::ALL.map(Some)) {
                    patterns.push(MovePattern { promotion, ..own });
                }
            }
            for _ in 0..24 {
                let n = rng.next_u64();
                let square = random_square(n >> 8);
                patterns.push(MovePattern {
                    role: match n % 8 {
                        6 => Role::Archbishop,
                        7 => Role::Chancellor,
                        i => Role::ALL[i as usize],
                    },
                    file: (n >> 20 & 1 == 1).then(|| square.file()),
                    rank: (n >> 21 & 1 == 1).then(|| square.rank()),
                    capture: n >> 22 & 1 == 1,
                    to: random_square(n >> 14),
                    promotion: (n >> 23 & 1 == 1).then_some(Role::ALL[(n >> 24) as usize % 6]),
                });
            }
            for pattern in patterns {
                let mut fits = legal.iter().copied().filter(|&m| pattern.matches(m));
                let expected = match (fits.next(), fits.next()) {
                    (Some(m), None) => Some(m),
                    (Some(_), Some(_)) => {
                        several += 1;
                        None
                    }
                    _ => None,
                };
                assert_eq!(
                    resolve(pos, pattern),
                    expected,
                    "{pattern:?} in {}",
                    pos.setup()
                );
                found += usize::from(expected.is_some());
                en_passant += usize::from(expected.is_some_and(|m| m.is_en_passant()));
                in_check += usize::from(expected.is_some() && pos.is_check());
            }
        }
        // The sample holds what the lookup treats apart.
        assert!(
            found > 100_000 && several > 1_000 && en_passant > 50 && in_check > 1_000,
            "{found} {several} {en_passant} {in_check}"
        );
    }

    /// The move list's role planes are a second reading of the board: on
    /// every square of these boards they name the role `Board::role_at`
    /// names, and the list's fast path lists what one move at a time does.
    #[test]
    fn role_planes_agree_with_role_at() {
        for record in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQ1QQQQ/8/8/k1K5 w - - 0 1",
        ] {
            let fen = Fen::from_ascii(record.as_bytes()).unwrap();
            let board = &fen.board;
            let planes = RolePlanes::new(board);
            for sq in (0..64).map(Square::new_wrapping) {
                assert_eq!(planes.at(sq), board.role_at(sq), "{record} {sq}");
            }
            // Every target from one square, listed both ways.
            let setup = Setup::from_fen(&fen, None).unwrap();
            let targets = !Bitboard::EMPTY;
            let mut fast = MoveList::new();
            let mut writer = Writer::new(&mut fast, &setup.board);
            writer.piece(&setup.board, Role::Queen, Square::A1, targets);
            writer.finish();
            let slow: Vec<Move> = targets
                .into_iter()
                .map(|to| Move::Normal {
                    role: Role::Queen,
                    from: Square::A1,
                    capture: board.role_at(to),
                    to,
                    promotion: None,
                })
                .collect();
            // The fast path lists the moves to empty squares first.
            let mut fast = fast.to_vec();
            fast.sort_by_key(|m| m.to().index());
            assert_eq!(fast, slow, "{record}");
        }
    }
}
