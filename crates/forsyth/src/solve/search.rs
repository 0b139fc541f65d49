//! The search of battle play: "can the attacker, to move, reach the goal in
//! at most `k` of its moves against every defence?", for direct, self and
//! reflex play, with checks tried first, iterative deepening, a
//! transposition table of proven and disproven depths, a killer defence per
//! depth, the defences leaving the attacker fewest moves first, and only
//! checking moves looked at for a direct mate's last move. The meter every search
//! counts its nodes on, and stops by, lives here too.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::board::{attacks, Bitboard, Color, Move, Role};
use crate::rules::{MoveList, Position};

use super::hash;
use super::stipulation::{Goal, MAX_MOVES};
use super::stop::StopReason;

/// Nodes between two looks at the cancel flag and the clock.
const CANCEL_EVERY: u64 = 1 << 10;
/// Nodes between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 16;

/// Entries the table holds before it is emptied (about 70 MB).
const TABLE_LIMIT: usize = 1 << 21;

/// The keys are Zobrist keys, already uniformly random: the hash is the
/// key itself.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

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

/// A map keyed by Zobrist keys.
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// What the searches count and stop by: nodes, the cancel flag, the
/// limits, the progress callback.
pub(crate) struct Meter<'a> {
    pub(crate) nodes: u64,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut dyn FnMut(u64)>,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    /// Why the search stopped, once it has: every answer after it is void.
    pub(crate) stopped: Option<StopReason>,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(
        cancel: Option<&'a AtomicBool>,
        progress: Option<&'a mut dyn FnMut(u64)>,
        max_nodes: Option<u64>,
        deadline: Option<Instant>,
    ) -> Meter<'a> {
        let stopped = cancel
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            .then_some(StopReason::Cancelled);
        Meter {
            nodes: 0,
            cancel,
            progress,
            max_nodes,
            deadline,
            stopped,
        }
    }

    /// Counts a node; `true` once the search must stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CANCEL_EVERY) {
            self.look();
        }
        self.stopped.is_some()
    }

    #[cold]
    fn look(&mut self) {
        if self.stopped.is_some() {
            return;
        }
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            self.stopped = Some(StopReason::Cancelled);
        } else if self.max_nodes.is_some_and(|max| self.nodes >= max) {
            self.stopped = Some(StopReason::Nodes);
        } else if self.deadline.is_some_and(|end| Instant::now() >= end) {
            self.stopped = Some(StopReason::Time);
        }
        if self.nodes.is_multiple_of(PROGRESS_EVERY) {
            if let Some(report) = self.progress.as_mut() {
                report(self.nodes);
            }
        }
    }

    /// `true` once the search must stop.
    #[inline]
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }
}

/// The kind of battle play a search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Battle {
    /// The attacker reaches the goal (`#n`, `=n`).
    Direct,
    /// The attacker forces the defender to reach it (`s#n`, `s=n`).
    SelfPlay,
    /// Self play where each side must mate when it can (`r#n`).
    Reflex,
}

/// The position after the legal move `m`.
#[inline]
pub(crate) fn after(pos: &Position, m: Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// `true` when the side to move in `pos` suffers `goal`: mated (in check,
/// no move), stalemated (not in check, no move), either, stalemated with
/// the other side unable to move too, or checked. A goal of the move
/// itself (capture, target square) is never reached by a position alone:
/// [`reaches`] knows the move.
#[inline]
pub(crate) fn suffers(pos: &Position, goal: Goal) -> bool {
    match goal {
        Goal::Mate => pos.is_check() && pos.count_legal_moves() == 0,
        Goal::Stalemate => !pos.is_check() && pos.count_legal_moves() == 0,
        Goal::MateOrStalemate => pos.count_legal_moves() == 0,
        Goal::DoubleStalemate => {
            !pos.is_check() && pos.count_legal_moves() == 0 && {
                // The side that moved, to move: never in check after its
                // own legal move.
                let mut setup = pos.setup().clone();
                setup.turn = !setup.turn;
                setup.ep_square = None;
                Position::from_setup_unchecked(setup).count_legal_moves() == 0
            }
        }
        Goal::Check => pos.is_check(),
        Goal::Capture | Goal::Target(_) => false,
    }
}

/// `true` when the move `m`, which leads to `next`, reaches `goal`.
#[inline]
pub(crate) fn reaches(m: Move, next: &Position, goal: Goal) -> bool {
    match goal {
        Goal::Capture => m.is_capture(),
        // Castling: the king's square.
        Goal::Target(square) => m.to() == square,
        _ => suffers(next, goal),
    }
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

/// The search's state: table, killers, the meter, and the rules.
pub(crate) struct Search<'a> {
    /// The transposition table: by the key of a position (attacker to
    /// move), what is known of it: the fewest moves it is known to reach
    /// the goal in (0: not known), and the most moves it is known not to.
    /// It grows with the search (a small problem allocates little), and is
    /// emptied when full.
    table: KeyMap<[u8; 2]>,
    killers: [Option<Move>; MAX_MOVES as usize + 1],
    pub(crate) meter: Meter<'a>,
    /// The kind of play.
    pub(crate) battle: Battle,
    /// The goal.
    pub(crate) goal: Goal,
    /// Popeye's `option threat N`: an attacker's move with more than `N`
    /// moves fails when the defender, not in check, could pass and the
    /// attacker not reach the goal in `N` moves (a defence of its own).
    pub(crate) max_threat: Option<u8>,
}

impl<'a> Search<'a> {
    /// A search with an empty table.
    pub(crate) fn new(battle: Battle, goal: Goal, meter: Meter<'a>) -> Search<'a> {
        Search {
            table: KeyMap::default(),
            killers: [None; MAX_MOVES as usize + 1],
            meter,
            battle,
            goal,
            max_threat: None,
        }
    }

    /// `true` once the search must stop.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.meter.is_stopped()
    }

    /// `true` when the last move of the attacker is filtered by check: a
    /// direct mate's.
    #[inline]
    pub(crate) fn last_move_checks(&self) -> bool {
        self.battle == Battle::Direct && self.goal == Goal::Mate
    }

    /// `true` if the side to move (the attacker) reaches the goal in at
    /// most `k` moves (`k >= 1`) against every defence.
    pub(crate) fn mates(&mut self, pos: &Position, k: u8) -> bool {
        if self.meter.tick() {
            return false;
        }
        // A direct goal in one is settled faster than looked up, and the
        // table keeps room for the deeper positions.
        if k == 1 && self.battle == Battle::Direct {
            return self.mates_uncached(pos, 1);
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
        // Iterative deepening: a goal in fewer moves is found at its own
        // depth, cheaply, before the full depth's search, whose first
        // moves may be long failures; the shallower disproofs stay in the
        // table.
        for j in 1..k {
            if self.mates(pos, j) {
                return true;
            }
            if self.stopped() {
                return false;
            }
        }
        let result = self.mates_uncached(pos, k);
        if self.stopped() {
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

    /// `true` when the attacker to move in `pos`, with its `moves`, has a
    /// move that itself reaches the goal against the defender.
    pub(crate) fn has_goal_move(&self, pos: &Position, moves: &MoveList) -> bool {
        let them = !pos.turn();
        let king = pos.board().king_of(them);
        moves.iter().any(|&m| {
            if self.goal == Goal::Mate && king.is_some_and(|king| !may_check(m, king, them)) {
                return false;
            }
            reaches(m, &after(pos, m), self.goal)
        })
    }

    fn mates_uncached(&mut self, pos: &Position, k: u8) -> bool {
        let them = !pos.turn();
        let Some(king) = pos.board().king_of(them) else {
            return false;
        };
        let moves = pos.legal_moves();
        // Reflex play: an attacker that can mate must, and fails.
        if self.battle == Battle::Reflex && self.has_goal_move(pos, &moves) {
            return false;
        }
        if k == 1 && self.battle == Battle::Direct {
            // No threat allowed (a threat length of 0): a quiet move fails
            // before the defender's immobility is looked at; a goal the
            // move itself reaches is not held to it.
            let quiet_fails = self.max_threat == Some(0) && !self.goal.by_move();
            return match self.goal {
                // Only a check can mate.
                Goal::Mate => moves.iter().any(|&m| {
                    may_check(m, king, them) && {
                        let next = after(pos, m);
                        next.is_check() && next.count_legal_moves() == 0
                    }
                }),
                Goal::Stalemate if quiet_fails => false,
                Goal::Stalemate => moves.iter().any(|&m| {
                    let next = after(pos, m);
                    !next.is_check() && next.count_legal_moves() == 0
                }),
                goal => moves.iter().any(|&m| {
                    let next = after(pos, m);
                    (next.is_check() || !quiet_fails) && reaches(m, &next, goal)
                }),
            };
        }
        // A goal the move itself reaches ends the play at once (the
        // attacker's own goal: in self play it is the defender's to reach).
        if self.goal.by_move() && self.battle == Battle::Direct && self.has_goal_move(pos, &moves) {
            return true;
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
            if self.stopped() {
                return false;
            }
        }
        for &m in quiet.iter() {
            if self.defence_fails(&after(pos, m), k) {
                return true;
            }
            if self.stopped() {
                return false;
            }
        }
        false
    }

    /// The defender to move, just after the attacker's move that had `k`
    /// moves: `true` if every defence loses in time. With no defence at
    /// all: direct play succeeds when the defender suffers the goal; self
    /// and reflex play fail.
    pub(crate) fn defence_fails(&mut self, pos: &Position, k: u8) -> bool {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // A move that leaves the defender immobile is held to the
            // threat length as any other quiet move (Popeye's guard stands
            // before its goal test).
            return self.battle == Battle::Direct
                && !self.lacks_threat(pos, k)
                && match self.goal {
                    Goal::Mate => pos.is_check(),
                    Goal::Stalemate => !pos.is_check(),
                    Goal::MateOrStalemate => true,
                    Goal::DoubleStalemate => suffers(pos, Goal::DoubleStalemate),
                    // The move that led here reached the goal or not; the
                    // callers ask that first (`Search::goal_length`).
                    Goal::Check | Goal::Capture | Goal::Target(_) => false,
                };
        }
        // The defender must mate when it can: it will, whatever the
        // attacker's move threatened (the obligation is looked at first).
        if self.battle == Battle::Reflex && self.has_goal_move(pos, &moves) {
            return true;
        }
        if self.lacks_threat(pos, k) {
            return false;
        }
        if k <= 1 && self.battle != Battle::SelfPlay {
            return false;
        }
        let killer = self.killers[usize::from(k)].filter(|m| moves.contains(m));
        if let Some(m) = killer {
            if self.refutes(m, &after(pos, m), k) {
                return false;
            }
        }
        if k >= 3 {
            return !self.refuted_fewest_first(pos, &moves, killer, k);
        }
        for &m in moves.iter() {
            if Some(m) == killer {
                continue;
            }
            if self.refutes(m, &after(pos, m), k) {
                self.killers[usize::from(k)] = Some(m);
                return false;
            }
            if self.stopped() {
                return false;
            }
        }
        true
    }

    /// `true` when the attacker's move that had `k` moves and led to
    /// `pos` (the defender to move) fails the threat length
    /// ([`Search::max_threat`]): it leaves more than that many moves,
    /// does not check, and threatens nothing in time.
    pub(crate) fn lacks_threat(&mut self, pos: &Position, k: u8) -> bool {
        self.max_threat.is_some_and(|t| k > t) && !pos.is_check() && !self.threatens(pos)
    }

    /// `true` when the attacker, were the defender to pass in `pos`,
    /// reaches the goal in at most [`Search::max_threat`] moves. In self
    /// play the threat's moves count the defender's forced mate as a
    /// move of its own: a threat of `t` moves is a self-play goal in
    /// `t - 1`, and a threat of one move is never there.
    fn threatens(&mut self, pos: &Position) -> bool {
        let t = self.max_threat.unwrap_or(MAX_MOVES);
        let t = match self.battle {
            Battle::Direct | Battle::Reflex => t,
            Battle::SelfPlay => t.saturating_sub(1),
        };
        if t == 0 {
            return false;
        }
        let mut setup = pos.setup().clone();
        setup.turn = !setup.turn;
        setup.ep_square = None;
        self.mates(&Position::from_setup_unchecked(setup), t)
    }

    /// `true` if one of the defences `moves` (but `skip`, already tried)
    /// refutes the attacker's move that had `k` moves. The defences that
    /// leave the attacker the fewest moves go first: a refutation is
    /// proved by refuting every attacker move, so the fewer there are the
    /// cheaper the proof, and a check (few answers) often refutes.
    fn refuted_fewest_first(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        skip: Option<Move>,
        k: u8,
    ) -> bool {
        let mut order: Vec<(usize, Move, Position)> = moves
            .iter()
            .filter(|&&m| Some(m) != skip)
            .map(|&m| {
                let next = after(pos, m);
                (next.count_legal_moves(), m, next)
            })
            .collect();
        order.sort_by_key(|&(count, _, _)| count);
        for (_, m, next) in order {
            if self.refutes(m, &next, k) {
                self.killers[usize::from(k)] = Some(m);
                return true;
            }
            if self.stopped() {
                return true;
            }
        }
        false
    }

    /// `true` if the defence `m` that led to `next` holds, against an
    /// attacker that had `k` moves: no goal in `k - 1` follows (self play:
    /// the defence does not itself reach the goal against the attacker,
    /// and no self play in `k - 1` follows).
    pub(crate) fn refutes(&mut self, m: Move, next: &Position, k: u8) -> bool {
        match self.battle {
            Battle::Direct | Battle::Reflex => !(k > 1 && self.mates(next, k - 1)),
            Battle::SelfPlay => {
                !(reaches(m, next, self.goal) || (k > 1 && self.mates(next, k - 1)))
            }
        }
    }

    /// The fewest moves, at most `max`, in which the attacker's move `m`,
    /// which leads to `next`, reaches the goal: 1 if it does at
    /// once.
    pub(crate) fn goal_length(&mut self, m: Move, next: &Position, max: u8) -> Option<u8> {
        if self.goal.by_move() && self.battle == Battle::Direct && reaches(m, next, self.goal) {
            return Some(1);
        }
        self.mate_length(next, max)
    }

    /// As [`Search::goal_length`], for an attacker's move after the first:
    /// under a threat limit a goal in fewer moves does not follow from
    /// the goal in `max` (the limit asks more of a longer play), so the
    /// lengths are tried from the shortest, as the search tries them.
    pub(crate) fn continuation_length(&mut self, m: Move, next: &Position, max: u8) -> Option<u8> {
        if self.max_threat.is_none() {
            return self.goal_length(m, next, max);
        }
        if self.goal.by_move() && self.battle == Battle::Direct && reaches(m, next, self.goal) {
            return Some(1);
        }
        (1..=max).find(|&j| self.defence_fails(next, j))
    }

    /// The fewest moves, at most `max`, in which the attacker's move that
    /// led to `pos` (defender to move) reaches the goal: 1 if it does at
    /// once.
    pub(crate) fn mate_length(&mut self, pos: &Position, max: u8) -> Option<u8> {
        // Most moves fail: one search at the full length settles them,
        // and only a move that succeeds is tried shorter (the goal in
        // fewer moves is the goal in at most `max`).
        if !self.defence_fails(pos, max) {
            return None;
        }
        Some(
            (1..max)
                .find(|&j| self.defence_fails(pos, j))
                .unwrap_or(max),
        )
    }
}
