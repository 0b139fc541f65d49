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

use crate::{
    attacks, Bitboard, Board, CastlingSide, Color, File, Move, Position, Rank, Role, Square,
};

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
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
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
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
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

impl MoveList {
    /// Pawn moves to every square of `targets`, each from the square
    /// `delta` indices before it; promotions on the last rank.
    #[inline(always)]
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32) {
        if self.len > INLINE - 64 || targets.intersects(Bitboard::BACKRANKS) {
            for to in targets {
                let from = Square::new_wrapping((to.index() as i32 - delta) as u32);
                self.pawn(board, from, to);
            }
            return;
        }
        // No promotion and room for every target.
        self.store_normal(board, Role::Pawn, targets, |to| {
            Square::new_wrapping((to.index() as i32 - delta) as u32)
        });
    }

    /// The normal moves of `role` to every square of `targets`, each from
    /// `from(to)`, none a promotion, when the list has room for 64 more:
    /// stored with the length kept in a register, no capacity test each,
    /// and the captured role read from three planes made once.
    #[inline(always)]
    fn store_normal(
        &mut self,
        board: &Board,
        role: Role,
        targets: Bitboard,
        from: impl Fn(Square) -> Square,
    ) {
        let roles = RolePlanes::new(board);
        let mut len = self.len;
        for to in targets {
            self.buf[len] = Move::Normal {
                role,
                from: from(to),
                capture: roles.at(to),
                to,
                promotion: None,
            };
            len += 1;
        }
        self.len = len;
    }
}

impl MoveSink for MoveList {
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
        self.store_normal(board, role, targets, |_| from);
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
        self.pawns(board, single, push);
        self.pawns(board, double, 2 * push);
        self.pawns(board, left, left_delta);
        self.pawns(board, right, right_delta);
    }

    #[inline(always)]
    fn pawn(&mut self, board: &Board, from: Square, to: Square) {
        let capture = board.role_at(to);
        if Bitboard::BACKRANKS.contains(to) {
            self.promotions(from, to, capture);
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
pub(crate) struct Counter(pub(crate) usize);

impl MoveSink for Counter {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }

    /// One popcount for the four sets, where the general path takes eight:
    /// pushes go to empty squares and captures to enemy pieces, and a
    /// double push's destination has an empty square behind it (so no
    /// single push goes there), which makes `single`, `double` and either
    /// capture set disjoint. What the union misses, squares both capture
    /// sets hold and the three extra moves of each promotion, is rare and
    /// tested for before it is counted.
    #[inline]
    fn free_pawns(&mut self, _: &Board, targets: PawnTargets) {
        let PawnTargets {
            single,
            double,
            left,
            right,
            ..
        } = targets;
        self.0 += (single | double | left | right).count();
        let both = left & right;
        if !both.is_empty() {
            self.0 += both.count();
        }
        let promoting = (single | left | right) & Bitboard::BACKRANKS;
        if !promoting.is_empty() {
            let promoting = (single | left) & Bitboard::BACKRANKS;
            self.0 += 3 * (promoting.count() + (right & Bitboard::BACKRANKS).count());
        }
    }

    #[inline]
    fn pawn(&mut self, _: &Board, _: Square, to: Square) {
        self.0 += if Bitboard::BACKRANKS.contains(to) {
            4
        } else {
            1
        };
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

#[inline(always)]
fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        Bitboard::from_bits(bb.bits() << delta)
    } else {
        Bitboard::from_bits(bb.bits() >> -delta)
    }
}

/// `true` if a piece of `by` attacks `sq`, with `occupied` as blockers.
#[inline]
pub(crate) fn is_attacked(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    !board.attackers_to(sq, by, occupied).is_empty()
}

/// The enemy pieces giving check to our king on `king`, and our pieces
/// pinned to it, from one look along the lines through the king.
///
/// The enemy sliders seen from the king with only the enemy pieces as
/// blockers (the snipers) have nothing but our pieces between them and the
/// king: none, and the sniper gives check; one, and that piece is pinned.
/// Knights and pawns give check from their step tables. The enemy king
/// never does: a position with the kings side by side is not legal.
#[inline]
fn checkers_and_pinned(board: &Board, king: Square, us: Color) -> (Bitboard, Bitboard) {
    let theirs = board.by_color(!us);
    let snipers = ((attacks::rook(king, theirs) & board.rooks_and_queens())
        | (attacks::bishop(king, theirs) & board.bishops_and_queens()))
        & theirs;
    let mut checkers = ((attacks::knight(king) & board.by_role(Role::Knight))
        | (attacks::pawn(us, king) & board.by_role(Role::Pawn)))
        & theirs;
    let occupied = board.occupied();
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(king, sniper) & occupied;
        if blockers.is_empty() {
            checkers = checkers.with(sniper);
        } else if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    (checkers, pinned)
}

/// The squares our king on `king` may step to: not ours, and not attacked
/// with the king taken off the board. The same answer as asking
/// [`is_attacked`] of each square, cheaper: the step attacks (knights,
/// pawns, king) are tested first, and a slider lookup is made only when an
/// enemy slider of that kind stands on one of the square's lines.
#[inline]
fn king_destinations(board: &Board, king: Square, us: Color) -> Bitboard {
    let theirs = board.by_color(!us);
    let without_king = board.occupied().without(king);
    let knights = board.by_role(Role::Knight) & theirs;
    let pawns = board.by_role(Role::Pawn) & theirs;
    let kings = board.by_role(Role::King) & theirs;
    let rooks = board.rooks_and_queens() & theirs;
    let bishops = board.bishops_and_queens() & theirs;
    let mut safe = Bitboard::EMPTY;
    for to in attacks::king(king) - board.by_color(us) {
        let attacked = attacks::knight(to).intersects(knights)
            || attacks::pawn(us, to).intersects(pawns)
            || attacks::king(to).intersects(kings)
            || (attacks::rook_rays(to).intersects(rooks)
                && attacks::rook(to, without_king).intersects(rooks))
            || (attacks::bishop_rays(to).intersects(bishops)
                && attacks::bishop(to, without_king).intersects(bishops));
        if !attacked {
            safe = safe.with(to);
        }
    }
    safe
}

/// The pawns of `turn` that may legally capture en passant on `ep`: the
/// square must be empty on the right rank with an enemy pawn in front of it,
/// and the king of `turn` must not stand in check after the capture.
pub(crate) fn en_passant_capturers(board: &Board, turn: Color, ep: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let victim = Square::from_coords(ep.file(), Rank::Fifth.relative_to(turn));
    if ep.rank() != Rank::Sixth.relative_to(turn)
        || board.occupied().contains(ep)
        || !board.by_piece(Role::Pawn.of(!turn)).contains(victim)
    {
        return out;
    }
    let Some(king) = board.by_piece(Role::King.of(turn)).first() else {
        return out;
    };
    for from in attacks::pawn(!turn, ep) & board.by_piece(Role::Pawn.of(turn)) {
        let occupied = board.occupied().without(from).without(victim).with(ep);
        if (board.attackers_to(king, !turn, occupied) - Bitboard::from_square(victim)).is_empty() {
            out = out.with(from);
        }
    }
    out
}

/// The king's and the rook's destinations for castling on `side`.
#[inline]
pub(crate) fn castling_targets(color: Color, side: CastlingSide) -> (Square, Square) {
    let back = Rank::back_rank(color);
    (
        Square::from_coords(side.king_to_file(), back),
        Square::from_coords(side.rook_to_file(), back),
    )
}

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
        // Everyone but the castling pair; the attacks on the king's path are
        // judged with the rook gone, as it is once castling is done.
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
    let them = !us;
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occupied = board.occupied();
    let Some(king) = (board.by_role(Role::King) & ours).first() else {
        return;
    };
    let (checkers, pinned) = checkers_and_pinned(board, king, us);

    let safe = king_destinations(board, king, us);
    sink.piece(board, Role::King, king, safe);

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
    for from in board.by_role(Role::Bishop) & ours {
        let mut to = attacks::bishop(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece(board, Role::Bishop, from, to);
    }
    for from in board.by_role(Role::Rook) & ours {
        let mut to = attacks::rook(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece(board, Role::Rook, from, to);
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
    let (push, left, right) = match us {
        Color::White => (8, 7, 9),
        Color::Black => (-8, -9, -7),
    };
    let single = shift(free, push) & empty;
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
            left: shift(free - Bitboard::from_file(File::A), left) & capturable,
            right: shift(free - Bitboard::from_file(File::H), right) & capturable,
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

    if let Some(ep) = pos.setup.ep_square {
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
    /// use forsyth::{Fen, Move, Position, Setup, Square};
    /// // Chess960: the king stays on g1, only the rook moves.
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/6KR w H - 0 1")?;
    /// let pos = Position::from_setup(Setup::from_fen(&fen, None).unwrap()).expect("legal");
    /// assert!(pos.legal_moves().contains(&Move::Castle { king: Square::G1, rook: Square::H1 }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves: the same as
    /// [`legal_moves`](Position::legal_moves), reusing the list's storage.
    ///
    /// ```
    /// use forsyth::{MoveList, Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let mut list = MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list, pos.legal_moves());
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        generate(self, list);
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.count_legal_moves(), 20);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        generate(self, &mut counter);
        counter.0
    }

    /// `true` if `m` is a legal move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Role, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// assert!(pos.is_legal(m));
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// The enemy pieces that attack the king of the side to move.
    ///
    /// ```
    /// use forsyth::{Fen, Position, Setup, Square};
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
    /// assert!(!Position::from_setup(Setup::standard()).expect("legal").is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Fen, ProblemKind, Setup, Variant};

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
        let mut rng = crate::chess960::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
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
            fast.piece(&setup.board, Role::Queen, Square::A1, targets);
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
            assert_eq!(fast.as_slice(), slow.as_slice(), "{record}");
        }
    }
}
