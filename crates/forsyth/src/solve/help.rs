//! The search of help and series play: every line of moves that reaches
//! the goal (`specs/solve.md` §1), found depth first, with a table of the
//! positions (and moves left) known to have no line. Help play may instead
//! search each length in turn with Popeye's table (`specs/solve.md` §2),
//! whose rule passes over some lines, to list the lines Popeye lists.

use crate::board::{Color, Move, Square};
use crate::rules::Position;

use super::hash;
use super::line::Line;
use super::order::order_key;
use super::search::{after, may_check, reaches, KeyMap, Meter};
use super::stipulation::{Goal, Play, Stipulation};
use super::stop::StopReason;

/// Entries the table of failures holds before it is emptied.
const TABLE_LIMIT: usize = 1 << 22;

/// A salt per number of moves left, so that one position with different
/// moves left has different keys in the table.
fn salt(left: u16) -> u64 {
    // A fixed odd multiplier spreads the small numbers over the key.
    u64::from(left).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The lines search: its table, the meter, the line being built and those
/// found.
pub(crate) struct Lines<'m, 'a> {
    meter: &'m mut Meter<'a>,
    /// Positions, with the moves left, from which no line was found.
    failed: KeyMap<()>,
    /// Help play with [`Lines::popeye_table`]: per position, the
    /// half-moves left at its last search that found no line and at its
    /// last that found one.
    known: KeyMap<Known>,
    goal: Goal,
    path: Vec<Move>,
    pub(crate) found: Vec<Line>,
    /// The most moves the lines found may hold together (the memory cap).
    max_moves: usize,
    held: usize,
    /// The length of the series being solved.
    series_total: usize,
    /// No threat allowed (Popeye's `threat 0`): a last move that leaves
    /// the other side immobile without check reaches no goal.
    pub(crate) quiet_fails: bool,
    /// Help play lists the lines Popeye's table lets through
    /// ([`Lines::help_popeye`]) rather than every line.
    pub(crate) popeye_table: bool,
    /// How help play ends: the attacker's last move reaches the goal
    /// (`h#n`), or after it the defender must (`hs#n`).
    help_end: End,
}

/// `pos` with the side to move passing (the other side to move, no en
/// passant): the position a series goes on from.
fn pass(pos: &Position) -> Position {
    super::line::passed(pos)
}

impl<'m, 'a> Lines<'m, 'a> {
    pub(crate) fn new(meter: &'m mut Meter<'a>, goal: Goal, max_moves: usize) -> Lines<'m, 'a> {
        Lines {
            meter,
            failed: KeyMap::default(),
            known: KeyMap::default(),
            goal,
            path: Vec::new(),
            found: Vec::new(),
            max_moves,
            held: 0,
            series_total: 0,
            quiet_fails: false,
            popeye_table: false,
            help_end: End::Goal,
        }
    }

    /// Every line of `stipulation` from `pos` (its first mover to move),
    /// in the order found; the shorter lines first.
    pub(crate) fn solve(&mut self, pos: &Position, stipulation: &Stipulation) {
        let n = stipulation.moves;
        self.series_total = usize::from(n);
        if stipulation.play == Play::HelpSelf {
            self.help_end = End::Forced;
        }
        match stipulation.play {
            Play::HelpSelf if stipulation.half_moves() == 0 => {
                // `hs#0.5`: no help move, the defender forced at once.
                if forced(pos, self.goal) {
                    self.record_replies(pos, false);
                }
            }
            Play::Help | Play::HelpSelf if self.popeye_table => {
                // Each length in turn, the shortest first (the attacker's
                // moves end them, or the defender's forced ones after
                // them), the table kept from one to the next.
                let full = stipulation.half_moves();
                let mut total = 2 - full % 2;
                while total <= full && !self.meter.is_stopped() {
                    self.help_popeye(pos, total, full, true);
                    total += 2;
                }
            }
            Play::Help | Play::HelpSelf => {
                self.help(pos, stipulation.half_moves());
            }
            Play::Series => {
                self.series(pos, u16::from(n), End::Goal);
            }
            Play::SeriesSelf => {
                self.series(pos, u16::from(n), End::Forced);
            }
            Play::SeriesHelp => {
                self.series(pos, u16::from(n), End::Helped);
            }
            Play::Direct | Play::SelfPlay | Play::Reflex => {}
        }
        // Shorter lines first, each length in the order found.
        self.found.sort_by_key(|line| line.moves.len());
    }

    fn record(&mut self, short: bool) {
        self.held += self.path.len();
        if self.held > self.max_moves {
            self.meter.stopped.get_or_insert(StopReason::Memory);
            return;
        }
        self.found.push(Line {
            moves: self.path.clone(),
            short,
        });
    }

    fn remember_failure(&mut self, key: u64) {
        if self.failed.len() >= TABLE_LIMIT {
            self.failed.clear();
        }
        self.failed.insert(key, ());
    }

    /// The last half-move (the attacker's) mates only if it checks: `true`
    /// for a last move `m` that cannot check `them`, whose king is `king`.
    #[inline]
    fn cannot_mate_last(&self, left: u16, m: Move, king: Option<Square>, them: Color) -> bool {
        left == 1
            && self.help_end == End::Goal
            && self.goal == Goal::Mate
            && king.is_some_and(|king| !may_check(m, king, them))
    }

    /// `true` when the attacker's move `m` of help play, which leads to
    /// `next`, ends a line: it reaches the goal, or the defender must.
    fn help_ends(&self, m: Move, next: &Position) -> bool {
        match self.help_end {
            End::Goal => self.reached(m, next),
            _ => forced(next, self.goal),
        }
    }

    /// Records the line that ends at the attacker's move of help play,
    /// which leads to `next`: with each of the defender's forced moves
    /// where it must reach the goal.
    fn record_help_end(&mut self, next: &Position, short: bool) {
        match self.help_end {
            End::Goal => self.record(short),
            _ => self.record_replies(next, short),
        }
    }

    /// Records the line with each move of the side to move in `next`.
    fn record_replies(&mut self, next: &Position, short: bool) {
        for &r in next.legal_moves().iter() {
            self.path.push(r);
            self.record(short);
            self.path.pop();
        }
    }

    /// Help play from `pos` with `left` half-moves left: the
    /// side to move is the attacker when `left` is odd (the last half-move
    /// is the attacker's). `true` when a line was found.
    fn help(&mut self, pos: &Position, left: u16) -> bool {
        if left == 0 || self.meter.tick() {
            return false;
        }
        let key = hash::key(pos) ^ salt(left);
        if self.failed.contains_key(&key) {
            return false;
        }
        let attacker = left % 2 == 1;
        let them = !pos.turn();
        let king = pos.board().king_of(them);
        let mut found = false;
        for &m in pos.legal_moves().iter() {
            if self.cannot_mate_last(left, m, king, them) {
                continue;
            }
            let next = after(pos, m);
            self.path.push(m);
            // The play ends at the attacker's move that ends a line; the
            // search goes on below any other.
            let ended = attacker && self.help_ends(m, &next);
            if ended {
                self.record_help_end(&next, left > 1);
            }
            if ended || left > 1 && self.help(&next, left - 1) {
                found = true;
            }
            self.path.pop();
            if self.meter.is_stopped() {
                return found;
            }
        }
        if !found {
            self.remember_failure(key);
        }
        found
    }

    /// Help play as Popeye 4.104 plays it, from `pos` with exactly `left`
    /// half-moves left, of `full` (the stipulation's): the side to move is
    /// the attacker when `left` is odd (the last half-move is the
    /// attacker's). `true` when a line was found.
    ///
    /// Below the first move the table decides as Popeye's does: a position
    /// is passed over when its last fruitless search had at least `left`
    /// half-moves left, unless its last fruitful one had at most `left`.
    /// Each search overwrites its own entry, so a position found fruitful
    /// with more moves left is passed over again with fewer where it was
    /// once fruitless (it had a line then all the same).
    fn help_popeye(&mut self, pos: &Position, left: u16, full: u16, root: bool) -> bool {
        if left == 0 || self.meter.tick() {
            return false;
        }
        let key = hash::key(pos);
        if !root {
            if let Some(known) = self.known.get(&key) {
                if known.fruitless >= left && !(1..=left).contains(&known.fruitful) {
                    return false;
                }
            }
        }
        let attacker = left % 2 == 1;
        let them = !pos.turn();
        let king = pos.board().king_of(them);
        let mut found = false;
        let mut moves = pos.legal_moves().to_vec();
        if left > 1 {
            // Popeye's order: what the table knows depends on it.
            moves.sort_by_cached_key(|&m| order_key(pos, m, false));
        }
        for &m in moves.iter() {
            if self.cannot_mate_last(left, m, king, them) {
                continue;
            }
            let next = after(pos, m);
            self.path.push(m);
            if attacker && self.help_ends(m, &next) {
                // A goal reached before the last move is the line of a
                // shorter length, searched before.
                if left == 1 {
                    let short = usize::from(full) > self.path.len();
                    self.record_help_end(&next, short);
                    found = true;
                }
            } else if left > 1 && self.help_popeye(&next, left - 1, full, false) {
                found = true;
            }
            self.path.pop();
            if self.meter.is_stopped() {
                return found;
            }
        }
        if !root {
            if self.known.len() >= TABLE_LIMIT {
                self.known.clear();
            }
            let known = self.known.entry(key).or_default();
            if found {
                known.fruitful = left;
            } else {
                known.fruitless = left;
            }
        }
        found
    }

    /// Series play from `pos`, the series side to move, `left` of its
    /// moves left, ending as `end` says. `true` when a line was found.
    fn series(&mut self, pos: &Position, left: u16, end: End) -> bool {
        if left == 0 || self.meter.tick() {
            return false;
        }
        let key = hash::key(pos) ^ salt(left);
        if self.failed.contains_key(&key) {
            return false;
        }
        let mut found = false;
        for &m in pos.legal_moves().iter() {
            let next = after(pos, m);
            self.path.push(m);
            let ended = self.series_ends(m, &next, end);
            found |= ended;
            // A goal reached by the move itself (capture, target square)
            // ends the play. A stalemate does not: the other side only
            // passes, so a longer series may go on from it, each stalemate
            // on the way a solution of its own (as Popeye counts them). A
            // position the other side could end in one move does not end
            // the series either. No check before the last move: the other
            // side would have to answer it, and it only passes.
            let goes_on = !(next.is_check() || end == End::Goal && ended && self.goal.by_move());
            if goes_on && left > 1 && self.series(&pass(&next), left - 1, end) {
                found = true;
            }
            self.path.pop();
            if self.meter.is_stopped() {
                return found;
            }
        }
        if !found {
            self.remember_failure(key);
        }
        found
    }

    /// After a move of the series (the other side to move in `next`):
    /// records the lines that end there (the goal reached, or reached in
    /// the one move that follows), `true` when there is one.
    fn series_ends(&mut self, m: Move, next: &Position, end: End) -> bool {
        match end {
            End::Goal => {
                if self.reached(m, next) {
                    let short = self.path.len() < self.series_length();
                    self.record(short);
                    true
                } else {
                    false
                }
            }
            End::Forced => {
                if !forced(next, self.goal) {
                    return false;
                }
                let short = self.path.len() < self.series_length();
                self.record_replies(next, short);
                true
            }
            End::Helped => {
                // The other side reaches the goal in one move (answering a
                // check the series' last move may give).
                let them = !next.turn();
                let king = next.board().king_of(them);
                let short = self.path.len() < self.series_length();
                let mut found = false;
                for &r in next.legal_moves().iter() {
                    if self.goal == Goal::Mate && king.is_some_and(|k| !may_check(r, k, them)) {
                        continue;
                    }
                    if self.reached(r, &after(next, r)) {
                        self.path.push(r);
                        self.record(short);
                        self.path.pop();
                        found = true;
                    }
                }
                found
            }
        }
    }

    /// `true` when the last move `m`, which leads to `next`, reaches the
    /// goal: a goal of immobility only with a check where
    /// [`Lines::quiet_fails`] says so, one the move itself reaches
    /// always.
    fn reached(&self, m: Move, next: &Position) -> bool {
        reaches(m, next, self.goal) && (!self.quiet_fails || self.goal.by_move() || next.is_check())
    }

    /// The series' length, as the line being built started it.
    fn series_length(&self) -> usize {
        self.series_total
    }
}

/// `true` when every move of the side to move in `pos` reaches `goal`,
/// and it has one.
fn forced(pos: &Position, goal: Goal) -> bool {
    let replies = pos.legal_moves();
    !replies.is_empty() && replies.iter().all(|&r| reaches(r, &after(pos, r), goal))
}

/// What the help table knows of a position: the half-moves left at its last
/// search that found no line and at its last that found one (0: none).
#[derive(Copy, Clone, Debug, Default)]
struct Known {
    fruitless: u16,
    fruitful: u16,
}

/// How a series ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum End {
    /// Its last move reaches the goal (`ser-#n`, `h#n`).
    Goal,
    /// After its last move the other side must reach it (`ser-s#n`,
    /// `hs#n`).
    Forced,
    /// After its last move the other side reaches it in one (`ser-h#n`).
    Helped,
}
