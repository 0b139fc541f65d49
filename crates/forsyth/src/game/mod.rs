//! A game: a start position, the moves played, every position reached, and
//! what the history tells that one position cannot: repetitions, the draws
//! a player may claim, the end by fivefold repetition (see [`Game`]).
//!
//! # In the library
//!
//! Layer 5, games: a game's history ([`Game`], in this file: repetitions,
//! draw claims, moves given as text); PGN games replayed and judged
//! (`replay.rs`) and written back in the export format (`export.rs`),
//! public in [`pgn`](crate::pgn); one FEN or EPD line converted from text
//! to text (`convert.rs`, `epd_convert.rs`), public in
//! [`convert`](crate::convert).
//!
//! May use: layers 0 to 4 (`board`, `text`, `setup`, `rules`, `notation`).

pub(crate) mod convert;
pub(crate) mod epd_convert;
pub(crate) mod export;
pub(crate) mod replay;
#[cfg(feature = "serde")]
mod replay_serde;

use core::fmt;
use std::collections::HashMap;

pub(crate) use convert::{ConvertError, ConvertOptions, FaultKind, Validation};
pub(crate) use replay::{Replay, ReplayMovetext, ReplayTags, ReplayedGame};

use crate::board::Move;
use crate::notation::parse_move::{is_ep_mark, is_move_number};
use crate::notation::{is_result, ParseMoveError, ParseMoveErrorKind};
use crate::rules::{IllegalMoveError, IllegalMoveReason, Outcome, Position};

/// The error of [`Position::play_moves`] and
/// [`Game::play_moves`](crate::game::Game::play_moves): which move could not be
/// played, and why.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::standard();
/// let err = pos.play_moves(["e4", "e7e5", "Ke3"]).unwrap_err();
/// assert_eq!(err.index, 2);
/// assert_eq!(err.to_string(), "move 3 (Ke3): illegal move Ke3 for white: no king can move to e3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlayMovesError {
    /// The index of the word, from 0, among the words the strings given
    /// are cut into (move numbers, `e.p.` and a result count too).
    pub index: usize,
    /// The word.
    pub text: String,
    /// Why it is not legal.
    pub error: ParseMoveError,
}

impl PlayMovesError {
    /// The classification of the underlying error (see
    /// [`ParseMoveError::kind`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::standard();
    /// assert_eq!(pos.play_moves(["Nf3", "Nf3"]).unwrap_err().kind().name(), "unreachable");
    /// ```
    pub fn kind(&self) -> ParseMoveErrorKind {
        self.error.kind()
    }
}

impl fmt::Display for PlayMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.index + 1, self.text, self.error)
    }
}

impl std::error::Error for PlayMovesError {}

/// A draw that a player may claim (FIDE Laws, article 9.2 and 9.3); the
/// game goes on until one does.
///
/// ```
/// use forsyth::game::DrawClaim;
/// assert_eq!(DrawClaim::ThreefoldRepetition.name(), "threefold_repetition");
/// assert_eq!(DrawClaim::FiftyMoves.to_string(), "fifty-move rule: a draw may be claimed");
/// ```
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumIter, strum::EnumCount,
)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum DrawClaim {
    /// The position has stood at least three times (the same position in
    /// the sense of [`Position`]'s equality).
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or a pawn move (the
    /// halfmove clock is at least 100).
    FiftyMoves,
}

impl DrawClaim {
    /// The stable name, snake case.
    ///
    /// ```
    /// use forsyth::game::DrawClaim;
    /// assert_eq!(DrawClaim::FiftyMoves.name(), "fifty_moves");
    /// ```
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawClaim::ThreefoldRepetition => "threefold repetition: a draw may be claimed",
            DrawClaim::FiftyMoves => "fifty-move rule: a draw may be claimed",
        })
    }
}

/// How a game ends at a position, from the position's own outcome
/// ([`Position::outcome`], or a 10x8 position's) and how many times the
/// position has stood in the game, this time included: checkmate and
/// stalemate first (a mate or stalemate on the fifth occurrence stands),
/// then fivefold repetition (FIDE Laws, article 9.6.1: five times or
/// more), then the position's other outcomes (insufficient material, the
/// seventy-five-move rule). `times` is asked for only when it can decide.
/// [`Game::outcome`] and the PGN replay's judgment of a main line's end
/// (`specs/pgn.md` 4.3) are this rule.
///
/// ```
/// use forsyth::{Color, Outcome};
/// use forsyth::game::outcome;
/// let mate = Some(Outcome::Checkmate { winner: Color::White });
/// assert_eq!(outcome(mate, || 5), mate);
/// assert_eq!(outcome(None, || 5), Some(Outcome::FivefoldRepetition));
/// assert_eq!(outcome(Some(Outcome::SeventyFiveMoves), || 5), Some(Outcome::FivefoldRepetition));
/// assert_eq!(outcome(None, || 4), None);
/// ```
pub fn outcome(own: Option<Outcome>, times: impl FnOnce() -> u32) -> Option<Outcome> {
    match own {
        Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate)) => Some(o),
        _ if times() >= 5 => Some(Outcome::FivefoldRepetition),
        o => o,
    }
}

/// How many times the last of `positions` (a line of play, the earliest
/// first) has stood among them, this time included, counted by equality
/// (for [`Position`], the FIDE identity of its `Eq`) over the last
/// `halfmoves` moves only: a capture or a pawn move makes every earlier
/// position different, so the halfmove clock of the last position bounds
/// the positions that can equal it. Positions before the first are
/// unknown and not counted, whatever the clock says. For a line whose
/// positions are kept (a [`Game`] counts its own: see
/// [`Game::repetitions`]).
///
/// ```
/// use forsyth::{Position, Setup};
/// use forsyth::game::{repetitions_of_last, Game};
/// let mut game = Game::new(Position::standard());
/// game.play_moves(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])?;
/// let clock = game.position().setup().halfmoves;
/// assert_eq!(repetitions_of_last(game.positions(), clock), 3);
/// assert_eq!(repetitions_of_last(game.positions(), 4), 2);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn repetitions_of_last<P: PartialEq>(positions: &[P], halfmoves: u32) -> u32 {
    let Some((last, earlier)) = positions.split_last() else {
        return 0;
    };
    let window = usize::try_from(halfmoves).map_or(earlier.len(), |h| h.min(earlier.len()));
    let counted = earlier[earlier.len() - window..]
        .iter()
        .filter(|p| *p == last);
    u32::try_from(counted.count()).map_or(u32::MAX, |n| n.saturating_add(1))
}

/// A game from a start position: the moves played and every position
/// reached, so that it can tell what one position cannot: how often a
/// position has stood ([`repetitions`](Game::repetitions)), the draws a
/// player may claim ([`draw_claims`](Game::draw_claims)), and the end of the
/// game by fivefold repetition ([`outcome`](Game::outcome)).
///
/// A position counts as repeated when it equals an earlier one by
/// [`Position`]'s equality (the FIDE notion: clocks aside, en passant only
/// when a capture is legal). Only the positions since the last capture or
/// pawn move are kept for the count, in a hash map, so each move costs the
/// same however long the game. Positions before the start position are
/// unknown: a record's halfmove clock does not make earlier repetitions.
///
/// The game ends, and refuses further moves, when [`outcome`](Game::outcome)
/// says so: checkmate, stalemate, insufficient material (a dead position),
/// the seventy-five-move rule and fivefold repetition, which FIDE's Laws
/// make final without a claim (articles 5.1.1, 5.2.1, 5.2.2, 9.6).
///
/// ```
/// use forsyth::{Outcome, Position, Setup};
/// use forsyth::game::{DrawClaim, Game};
/// let mut game = Game::new(Position::standard());
/// game.play_moves(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])?;
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
/// game.play_moves(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])?;
/// assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
/// assert!(game.play_text("e4").is_err());
/// assert_eq!(game.moves().len(), 16);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position reached, the start first.
    positions: Vec<Position>,
    /// The moves played.
    moves: Vec<Move>,
    /// How often each position since the last capture or pawn move has
    /// stood.
    seen: HashMap<Position, u32>,
}

impl Game {
    /// A game from `start`, with no move played yet.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let game = Game::new(Position::standard());
    /// assert!(game.moves().is_empty());
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.clone(), 1);
        Game {
            positions: vec![start],
            moves: Vec::new(),
            seen,
        }
    }

    /// The start position.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let start = Position::standard();
    /// let mut game = Game::new(start.clone());
    /// game.play_text("e4")?;
    /// assert_eq!(game.start(), &start);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    ///
    /// ```
    /// use forsyth::{Color, Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// game.play_text("e4")?;
    /// assert_eq!(game.position().turn(), Color::Black);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position now, by value.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let game = Game::new(Position::standard());
    /// assert_eq!(game.into_position(), Position::standard());
    /// # Ok::<_, forsyth::validate::PositionError>(())
    /// ```
    pub fn into_position(mut self) -> Position {
        self.positions.swap_remove(self.positions.len() - 1)
    }

    /// The moves played, in order.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// let m = game.play_text("Nf3")?;
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position reached, the start first: one more than the moves.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// game.play_moves(["e4", "e5"])?;
    /// assert_eq!(game.positions().len(), 3);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How many times the position now has stood in this game, this time
    /// included.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// game.play_moves(["Nf3", "Nf6", "Ng1", "Ng8"])?;
    /// assert_eq!(game.repetitions(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn repetitions(&self) -> u32 {
        self.seen.get(self.position()).copied().unwrap_or(1)
    }

    /// How the game has ended, if it has: the position's own outcome
    /// ([`Position::outcome`]), and fivefold repetition, which comes after
    /// checkmate and stalemate (a mate on the fifth repetition stands).
    ///
    /// ```
    /// use forsyth::{Color, Outcome, Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// game.play_moves(["f3", "e5", "g4", "Qh4#"])?;
    /// assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(self.position().outcome(), || self.repetitions())
    }

    /// The draws the side to move may claim now, while the game goes on:
    /// threefold repetition (the position has stood three times or more),
    /// the fifty-move rule (see [`Position::can_claim_fifty_moves`]). Empty
    /// once the game has ended. (FIDE also lets a player claim by announcing
    /// the move that will make the repetition or the fiftieth move; that is
    /// not judged here.)
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::fen::Fen;
    /// use forsyth::game::{DrawClaim, Game};
    /// let fen: Fen = "4k3/8/8/8/8/8/8/4K2R w - - 99 80".parse()?;
    /// let mut game = Game::new(Position::from_fen(&fen, None)?);
    /// assert!(game.draw_claims().is_empty());
    /// game.play_text("Rh2")?;
    /// assert_eq!(game.draw_claims(), [DrawClaim::FiftyMoves]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw_claims(&self) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if self.outcome().is_some() {
            return claims;
        }
        if self.repetitions() >= 3 {
            claims.push(DrawClaim::ThreefoldRepetition);
        }
        if self.position().can_claim_fifty_moves() {
            claims.push(DrawClaim::FiftyMoves);
        }
        claims
    }

    /// The reason a move is refused because the game has ended.
    fn game_over(&self) -> Option<IllegalMoveReason> {
        self.outcome()
            .map(|outcome| IllegalMoveReason::GameOver { outcome })
    }

    /// Plays a legal move `m` of the position now; refuses it, with the
    /// reason, when it is not legal or the game has ended.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// let e4 = game.position().parse_move("e4")?;
    /// game.play(e4)?;
    /// assert_eq!(game.play(e4).unwrap_err().kind(), IllegalMoveKind::NoPiece);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let pos = self.position();
        if let Some(reason) = self.game_over() {
            return Err(IllegalMoveError {
                mv: m,
                turn: pos.turn(),
                reason,
            });
        }
        let next = pos.play(m)?;
        self.push(m, next);
        Ok(())
    }

    /// Records `m` and the position after it.
    fn push(&mut self, m: Move, next: Position) {
        if m.is_zeroing() {
            self.seen.clear();
        }
        *self.seen.entry(next.clone()).or_insert(0) += 1;
        self.moves.push(m);
        self.positions.push(next);
    }

    /// Reads a move of the position now (see [`Position::parse_move`]) and
    /// plays it; returns the move. A move after the game has ended is
    /// refused, whatever the text.
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// let m = game.play_text("1. e2-e4")?;
    /// assert_eq!(game.position().parse_move("e5").map(|_| ()), Ok(()));
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let pos = self.position();
        if let Some(reason) = self.game_over() {
            return Err(ParseMoveError::Illegal {
                text: text.trim().to_owned(),
                turn: pos.turn(),
                reason,
            });
        }
        let m = pos.parse_move(text)?;
        let mut next = pos.clone();
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }

    /// Plays moves given as words, each read by [`play_text`](Game::play_text);
    /// a word that is only a move number (`1.`, `12...`) is skipped, and a
    /// word `e.p.` marks the move before it as an en-passant capture (it
    /// must be one). A given word holding white space is cut into words
    /// there, so that one string may hold a whole movetext (`"1. e4 e5 2.
    /// Nf3"`). A result (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`) ends the
    /// moves: a word after it is the error
    /// [`ParseMoveError::AfterResult`]. Stops at the first word that cannot
    /// be played.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square};
    /// use forsyth::game::Game;
    /// let mut game = Game::new(Position::standard());
    /// game.play_moves(["1.", "e4", "Nf6", "2.", "e5", "d5", "3.", "exd6", "e.p."])?;
    /// assert_eq!(game.moves().last().map(|m| m.is_en_passant()), Some(true));
    /// let err = game.play_moves(["3...", "e5", "e.p."]).unwrap_err();
    /// assert_eq!((err.index, err.kind().name()), (2, "not_en_passant"));
    ///
    /// let mut game = Game::new(Position::standard());
    /// game.play_moves(["1. e4 e5 2. Nf3 Nc6 1-0"])?;
    /// assert_eq!(game.moves().len(), 4);
    /// let err = game.play_moves(["*", "Bb5"]).unwrap_err();
    /// assert_eq!((err.index, err.kind().name()), (1, "after_result"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_moves<I, S>(&mut self, moves: I) -> Result<(), PlayMovesError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut last_word = String::new();
        let mut result: Option<String> = None;
        let mut index = 0;
        for given in moves {
            for word in given.as_ref().split_whitespace() {
                let outcome = if let Some(result) = &result {
                    Err(ParseMoveError::AfterResult {
                        text: word.to_owned(),
                        result: result.clone(),
                    })
                } else if is_result(word) {
                    result = Some(word.to_owned());
                    Ok(())
                } else if is_move_number(word) {
                    Ok(())
                } else if is_ep_mark(word) {
                    match self.moves.last() {
                        Some(m) if m.is_en_passant() => Ok(()),
                        _ => Err(ParseMoveError::NotEnPassant {
                            text: format!("{last_word} {word}").trim_start().to_owned(),
                        }),
                    }
                } else {
                    self.play_text(word).map(|_| ())
                };
                outcome.map_err(|error| PlayMovesError {
                    index,
                    text: word.to_owned(),
                    error,
                })?;
                index += 1;
                last_word.clear();
                last_word.push_str(word);
            }
        }
        Ok(())
    }
}

impl Position {
    /// Plays a sequence of moves, each read by
    /// [`parse_move`](Position::parse_move), and returns the final position,
    /// or the first move that cannot be played. Words that are only a move
    /// number (`1.`, `1...`) are skipped, and a word `e.p.` is read as the
    /// mark of the move before it; a string holding white space is cut
    /// into words, and a result (`1-0`) ends the moves (see
    /// [`Game::play_moves`]). The moves are played as a [`Game`], so a
    /// move after the game has ended is refused (see [`Game::play`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// use forsyth::fen::CastlingNotation;
    /// let pos = Position::standard();
    /// let after = pos.play_moves(["1.", "e4", "e7e5", "2.", "Nf3", "Nc6", "Bb5", "a6", "O-O"])?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into()).unwrap(),
    ///     "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    /// );
    /// # Ok::<_, forsyth::game::PlayMovesError>(())
    /// ```
    pub fn play_moves<I, S>(&self, moves: I) -> Result<Position, PlayMovesError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut game = Game::new(self.clone());
        game.play_moves(moves)?;
        Ok(game.into_position())
    }
}
