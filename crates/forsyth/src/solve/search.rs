//! The mate search: "can the side to move force mate in at most `k` of its
//! moves?", with checks tried first, a transposition table of proven and
//! disproven depths, a killer defence per depth, and only checking moves
//! looked at for the last move.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{attacks, Bitboard, Color, Move, Role};
use crate::rules::{MoveList, Position};

use super::hash;

/// Nodes between two looks at the cancel flag.
const CANCEL_EVERY: u64 = 1 << 10;
/// Nodes between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 16;
/// Deepest search (moves of the attacker): the killer table's size.
pub(crate) const MAX_MOVES: u8 = 60;

/// Entries the table holds before it is emptied (about 70 MB).
const TABLE_LIMIT: usize = 1 << 21;

/// The keys are Zobrist keys, already uniformly random: the hash is the
/// key itself.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The search's state: table, killers, counters, and the hooks.
pub(crate) struct Search<'a> {
    /// The transposition table: by the key of a position (attacker to
    /// move), what is known of it: the fewest moves it is known to mate in
    /// (0: not known), and the most moves it is known not to mate in. It
    /// grows with the search (a small problem allocates little), and is
    /// emptied when full.
    table: HashMap<u64, [u8; 2], BuildHasherDefault<KeyHasher>>,
    killers: [Option<Move>; MAX_MOVES as usize + 1],
    pub(crate) nodes: u64,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut dyn FnMut(u64)>,
    /// Set once the cancel flag was seen: every answer after it is void.
    pub(crate) stopped: bool,
    /// Selfmate rules: the attacker forces the defender to mate it.
    pub(crate) selfmate: bool,
}

/// The position after the legal move `m`.
#[inline]
pub(crate) fn after(pos: &Position, m: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// `false` only for a move that cannot give check to the enemy king on
/// `king` (a cheap filter: the caller plays the move to be sure).
#[inline]
pub(crate) fn may_check(m: Move, king: crate::board::Square, them: Color) -> bool {
    let lines = attacks::queen(king, Bitboard::EMPTY);
    match m {
        Move::Castle { .. } | Move::EnPassant { .. } => true,
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            if lines.contains(from) {
                return true;
            }
            match promotion.unwrap_or(role) {
                Role::Knight => attacks::knight(king).contains(to),
                Role::Pawn => attacks::pawn(them, king).contains(to),
                Role::King => false,
                _ => lines.contains(to),
            }
        }
    }
}

impl<'a> Search<'a> {
    /// A search with an empty table, for direct mates or (`selfmate`)
    /// selfmates.
    pub(crate) fn new(
        selfmate: bool,
        cancel: Option<&'a AtomicBool>,
        progress: Option<&'a mut dyn FnMut(u64)>,
    ) -> Search<'a> {
        Search {
            table: HashMap::default(),
            killers: [None; MAX_MOVES as usize + 1],
            nodes: 0,
            cancel,
            progress,
            stopped: cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)),
            selfmate,
        }
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CANCEL_EVERY) {
            if let Some(flag) = self.cancel {
                if flag.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
            if self.nodes.is_multiple_of(PROGRESS_EVERY) {
                if let Some(report) = self.progress.as_mut() {
                    report(self.nodes);
                }
            }
        }
    }

    /// `true` if the side to move mates in at most `k` moves (`k >= 1`)
    /// against every defence (selfmate: forces the defender to mate it
    /// on one of its next `k` moves).
    pub(crate) fn mates(&mut self, pos: &Position, k: u8) -> bool {
        self.tick();
        if self.stopped {
            return false;
        }
        let key = hash::key(pos);
        if let Some(&[proven, disproven]) = self.table.get(&key) {
            if proven != 0 && k >= proven {
                return true;
            }
            if k <= disproven {
                return false;
            }
        }
        let result = self.mates_uncached(pos, k);
        if self.stopped {
            return false;
        }
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        let [proven, disproven] = self.table.entry(key).or_insert([0, 0]);
        if result {
            if *proven == 0 || k < *proven {
                *proven = k;
            }
        } else {
            *disproven = (*disproven).max(k);
        }
        result
    }

    fn mates_uncached(&mut self, pos: &Position, k: u8) -> bool {
        let them = !pos.turn();
        let Some(king) = pos.board().king_of(them) else {
            return false;
        };
        let moves = pos.legal_moves();
        if k == 1 && !self.selfmate {
            // Only a check can mate.
            return moves.iter().any(|&m| {
                may_check(m, king, them) && {
                    let next = after(pos, m);
                    next.is_check() && next.count_legal_moves() == 0
                }
            });
        }
        // Checks first, then the rest.
        let mut quiet = MoveList::new();
        for &m in moves.iter() {
            if !may_check(m, king, them) {
                quiet.push(m);
                continue;
            }
            let next = after(pos, m);
            if !next.is_check() {
                quiet.push(m);
                continue;
            }
            if self.defence_fails(&next, k) {
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        for &m in quiet.iter() {
            if self.defence_fails(&after(pos, m), k) {
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        false
    }

    /// The defender to move, just after the attacker's move that had `k`
    /// moves: `true` if every defence loses in time. With no defence at
    /// all: a direct mate succeeds when the defender is mated (a stalemate
    /// fails); a selfmate fails.
    pub(crate) fn defence_fails(&mut self, pos: &Position, k: u8) -> bool {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return !self.selfmate && pos.is_check();
        }
        if k <= 1 && !self.selfmate {
            return false;
        }
        let killer = self.killers[usize::from(k)].filter(|m| moves.contains(m));
        if let Some(m) = killer {
            if self.refutes(&after(pos, m), k) {
                return false;
            }
        }
        for &m in moves.iter() {
            if Some(m) == killer {
                continue;
            }
            if self.refutes(&after(pos, m), k) {
                self.killers[usize::from(k)] = Some(m);
                return false;
            }
            if self.stopped {
                return false;
            }
        }
        true
    }

    /// `true` if the defence that led to `next` holds, against an attacker
    /// that had `k` moves: no mate in `k - 1` follows (selfmate: the
    /// defence does not mate the attacker, and no selfmate in `k - 1`
    /// follows).
    fn refutes(&mut self, next: &Position, k: u8) -> bool {
        if self.selfmate {
            !(next.is_checkmate() || (k > 1 && self.mates(next, k - 1)))
        } else {
            !self.mates(next, k - 1)
        }
    }

    /// The fewest moves, at most `max`, in which the attacker's move that
    /// led to `pos` (defender to move) mates: 1 if it mates at once.
    pub(crate) fn mate_length(&mut self, pos: &Position, max: u8) -> Option<u8> {
        (1..=max).find(|&j| self.defence_fails(pos, j))
    }
}
