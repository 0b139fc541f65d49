//! Playing a move: the position after it; reading a move from text (see
//! [`Position::parse_move`] for what is read, and `specs/moves.md`).

use core::fmt;

use crate::{
    explain,
    movegen::castling_targets,
    moves::{double_push_ep_square, en_passant_victim},
    notation::read_lan,
    Bitboard, Color, Game, IllegalMoveKind, IllegalMoveReason, Move, Position, Rank, Role, San,
    SanError, SanErrorKind, SanPlus, Square, UciMove,
};

/// The error of [`Position::play`] and [`Game::play`](crate::Game::play):
/// the move is not legal in the position, and why.
///
/// ```
/// use forsyth::{IllegalMoveKind, Move, Position, Role, Setup, Square};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// let err = pos.play(m).unwrap_err();
/// assert_eq!(err.kind(), IllegalMoveKind::Unreachable);
/// assert_eq!(err.to_string(), "illegal move for white: pawn from e2 to e5: the pawn on e2 cannot move to e5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub turn: Color,
    /// Why it cannot be played.
    pub reason: IllegalMoveReason,
}

impl IllegalMoveError {
    /// The classification of the reason.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, Move, Position, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let err = pos.play(Move::Castle { king: Square::E1, rook: Square::H1 }).unwrap_err();
    /// assert_eq!(err.kind(), IllegalMoveKind::CastlingBlocked);
    /// ```
    pub fn kind(&self) -> IllegalMoveKind {
        self.reason.kind()
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move for {}: ", self.turn.name())?;
        match self.mv {
            Move::Castle { king, rook } => {
                write!(f, "castling with the king on {king} and the rook on {rook}")?;
            }
            Move::EnPassant { from, to } => write!(f, "pawn from {from} takes en passant on {to}")?,
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                write!(f, "{} from {from} to {to}", role.name())?;
                if let Some(p) = promotion {
                    write!(f, " promoting to a {}", p.name())?;
                }
            }
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The position after the legal move `m`. What `m` says about the board
    /// (the moving and captured roles) is trusted: only call with moves of
    /// this position's legal move list.
    ///
    /// Castling rights go with a king that moves and with a castling rook that
    /// moves or is captured; the halfmove clock restarts after a pawn move or a
    /// capture; the fullmove number grows after Black's move. The square a
    /// pawn passes on a two-square move is recorded always, whether an
    /// en-passant capture is then legal or not (the writers' modes decide
    /// whether to write it; equality looks at it only when a capture is
    /// legal, see [`Position::legal_ep_square`]).
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let setup = &mut self.setup;
        let us = setup.turn;
        let them = !us;
        let board = &mut setup.board;
        setup.ep_square = None;
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(captured) = capture {
                    board.toggle(to, captured.of(them));
                    setup.halfmoves = 0;
                    if captured == Role::Rook && !setup.castling.is_empty() {
                        setup.castling.discard_rook(to);
                    }
                }
                board.toggle(from, role.of(us));
                board.toggle(to, promotion.unwrap_or(role).of(us));
                match role {
                    Role::Pawn => {
                        setup.halfmoves = 0;
                        setup.ep_square = double_push_ep_square(from, to);
                    }
                    Role::King => setup.castling.discard_color(us),
                    Role::Rook if !setup.castling.is_empty() => setup.castling.discard_rook(from),
                    _ => {}
                }
            }
            Move::EnPassant { from, to } => {
                board.toggle(en_passant_victim(from, to), Role::Pawn.of(them));
                board.toggle(from, Role::Pawn.of(us));
                board.toggle(to, Role::Pawn.of(us));
                setup.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().unwrap_or(crate::CastlingSide::KingSide);
                let (king_to, rook_to) = castling_targets(us, side);
                board.toggle(king, Role::King.of(us));
                board.toggle(rook, Role::Rook.of(us));
                board.toggle(king_to, Role::King.of(us));
                board.toggle(rook_to, Role::Rook.of(us));
                setup.castling.discard_color(us);
            }
        }
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = them;
    }

    /// The position after `m`, if `m` is legal.
    ///
    /// ```
    /// use forsyth::{CastlingNotation, Move, Position, Role, Setup, Square};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// let after = pos.play(m)?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into())?,
    ///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if legal_quickly(self, m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError {
                mv: m,
                turn: self.turn(),
                reason: explain::of_move(self, m),
            })
        }
    }
}

/// The error of reading a move ([`Position::parse_move`],
/// [`Game::play_text`](crate::Game::play_text)): the text is not a move, or
/// not a legal one, or not only one.
///
/// ```
/// use forsyth::{IllegalMoveKind, ParseMoveErrorKind, Position, Setup};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let err = pos.parse_move("Ke2").unwrap_err();
/// assert_eq!(err.kind(), ParseMoveErrorKind::Illegal(IllegalMoveKind::Unreachable));
/// assert_eq!(err.kind().name(), "unreachable");
/// assert_eq!(err.to_string(), "illegal move Ke2 for white: no king can move to e2");
/// assert_eq!(pos.parse_move("e2e5").unwrap_err().kind().name(), "unreachable");
/// assert_eq!(pos.parse_move("hello").unwrap_err().to_string(), "'hello' is neither a uci nor a san move");
/// assert_eq!(
///     pos.parse_move("Nf33").unwrap_err().to_string(),
///     "'Nf33' is neither a uci nor a san move; did you mean Nf3?"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is no move in any notation read.
    InvalidMove {
        /// The text.
        text: String,
        /// The nearest legal moves (see [`Position::parse_move`]); may be
        /// empty.
        suggestions: Vec<San>,
    },
    /// A move, but not a legal one.
    Illegal {
        /// The move as written.
        text: String,
        /// The side to move.
        turn: Color,
        /// Why it is not legal.
        reason: IllegalMoveReason,
    },
    /// SAN that more than one legal move fits (the error lists them).
    Ambiguous(SanError),
    /// `e.p.` written after a move that is not an en-passant capture.
    NotEnPassant {
        /// The move as written.
        text: String,
    },
    /// In a list of moves ([`Game::play_moves`]), a word after the result
    /// (`1-0`), which ends the moves.
    AfterResult {
        /// The word.
        text: String,
        /// The result before it.
        result: String,
    },
}

/// The classification of a [`ParseMoveError`].
///
/// ```
/// use forsyth::{IllegalMoveKind, ParseMoveErrorKind};
/// assert_eq!(ParseMoveErrorKind::InvalidMove.name(), "invalid_move");
/// assert_eq!(ParseMoveErrorKind::Illegal(IllegalMoveKind::Pinned).name(), "pinned");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseMoveErrorKind {
    /// `invalid_move`: no notation reads the text.
    InvalidMove,
    /// `ambiguous_san`: more than one legal move fits.
    AmbiguousSan,
    /// `not_en_passant`: `e.p.` after a move that is not en passant.
    NotEnPassant,
    /// `after_result`: a word after the result that ends a list of moves.
    AfterResult,
    /// Not legal, for the reason of this kind (named by it).
    Illegal(IllegalMoveKind),
}

impl ParseMoveErrorKind {
    /// The stable kind name, snake case (an illegal move's is its reason's).
    ///
    /// ```
    /// use forsyth::ParseMoveErrorKind;
    /// assert_eq!(ParseMoveErrorKind::AmbiguousSan.name(), "ambiguous_san");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ParseMoveErrorKind::InvalidMove => "invalid_move",
            ParseMoveErrorKind::AmbiguousSan => "ambiguous_san",
            ParseMoveErrorKind::NotEnPassant => "not_en_passant",
            ParseMoveErrorKind::AfterResult => "after_result",
            ParseMoveErrorKind::Illegal(kind) => kind.name(),
        }
    }
}

impl ParseMoveError {
    /// The classification.
    ///
    /// ```
    /// use forsyth::{IllegalMoveKind, ParseMoveErrorKind, Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// assert_eq!(pos.parse_move("0000").unwrap_err().kind(), ParseMoveErrorKind::Illegal(IllegalMoveKind::NullMove));
    /// ```
    pub fn kind(&self) -> ParseMoveErrorKind {
        match self {
            ParseMoveError::InvalidMove { .. } => ParseMoveErrorKind::InvalidMove,
            ParseMoveError::Illegal { reason, .. } => ParseMoveErrorKind::Illegal(reason.kind()),
            ParseMoveError::Ambiguous(_) => ParseMoveErrorKind::AmbiguousSan,
            ParseMoveError::NotEnPassant { .. } => ParseMoveErrorKind::NotEnPassant,
            ParseMoveError::AfterResult { .. } => ParseMoveErrorKind::AfterResult,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::InvalidMove { text, suggestions } => {
                write!(f, "'{text}' is neither a uci nor a san move")?;
                for (i, s) in suggestions.iter().enumerate() {
                    let sep = match i {
                        0 => "; did you mean ",
                        _ if i + 1 == suggestions.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{s}")?;
                }
                if !suggestions.is_empty() {
                    f.write_str("?")?;
                }
                Ok(())
            }
            ParseMoveError::Illegal { text, turn, reason } => {
                write!(f, "illegal move {text} for {}: {reason}", turn.name())
            }
            ParseMoveError::Ambiguous(e) => write!(f, "{e}"),
            ParseMoveError::NotEnPassant { text } => {
                write!(
                    f,
                    "'{text}' is marked e.p., but it is not an en-passant capture"
                )
            }
            ParseMoveError::AfterResult { text, result } => {
                write!(
                    f,
                    "'{text}' follows the result {result}, which ends the moves"
                )
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// The error of [`Position::play_moves`] and
/// [`Game::play_moves`](crate::Game::play_moves): which move could not be
/// played, and why.
///
/// ```
/// use forsyth::{Position, Setup};
/// let pos = Position::from_setup(Setup::standard()).expect("legal");
/// let err = pos.play_moves(["e4", "e7e5", "Ke3"]).unwrap_err();
/// assert_eq!(err.index, 2);
/// assert_eq!(err.to_string(), "move 3 (Ke3): illegal move Ke3 for white: no king can move to e3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
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

/// `true` for a word that is only a move number: digits, then dots
/// (`1.`, `12...`).
pub(crate) fn is_move_number(word: &str) -> bool {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < word.len() && !rest.is_empty() && rest.bytes().all(|b| b == b'.')
}

/// `true` for the word `e.p.` (any case).
pub(crate) fn is_ep_mark(word: &str) -> bool {
    word.eq_ignore_ascii_case("e.p.")
}

/// The text without a leading move number (`1.e4`, `1. e4`, `1...e5`).
fn strip_move_number(text: &str) -> &str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return text;
    }
    let after = &text[digits..];
    let dots = after.len() - after.trim_start_matches('.').len();
    if dots == 0 {
        return text;
    }
    after[dots..].trim_start()
}

/// The text without a trailing `e.p.` (attached or after a space, before
/// any check or annotation marks), and whether there was one.
fn strip_ep_mark(text: &str) -> (&str, bool) {
    let marks = text.trim_end_matches(['+', '#', '!', '?']);
    let lower = marks.len().checked_sub(4).and_then(|i| marks.get(i..));
    match lower {
        Some(tail) if tail.eq_ignore_ascii_case("e.p.") => {
            (marks[..marks.len() - 4].trim_end(), true)
        }
        _ => (text, false),
    }
}

/// Edit distance (insertions, deletions, substitutions) between two short
/// strings, ignoring ASCII case.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<u8> = a.bytes().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<u8> = b.bytes().map(|c| c.to_ascii_lowercase()).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The last square named in `text` (a file letter then a rank digit).
fn last_square(text: &str) -> Option<Square> {
    text.as_bytes()
        .windows(2)
        .rev()
        .find_map(|w| Square::from_ascii(&[w[0].to_ascii_lowercase(), w[1]]))
}

/// At most this many suggestions.
const SUGGESTIONS: usize = 3;

impl Position {
    /// The legal moves nearest to text that no notation reads (see
    /// [`parse_move`](Position::parse_move)'s rules).
    fn suggestions(&self, text: &str) -> Vec<San> {
        let legal = self.legal_moves();
        let mut near: Vec<(usize, String, San)> = legal
            .iter()
            .map(|&m| {
                let san = San::from_move(self, m);
                let written = san.to_string();
                let uci = UciMove::from_move(m, crate::CastlingMode::from_variant(self.variant()));
                let d = edit_distance(text, &written).min(edit_distance(text, &uci.to_string()));
                (d, written, san)
            })
            .filter(|(d, ..)| *d <= 2)
            .collect();
        if let Some(best) = near.iter().map(|n| n.0).min() {
            near.retain(|n| n.0 == best);
        }
        if near.is_empty() {
            if let Some(to) = last_square(text) {
                near = legal
                    .iter()
                    .filter(|m| m.to() == to)
                    .map(|&m| {
                        let san = San::from_move(self, m);
                        (0, san.to_string(), san)
                    })
                    .collect();
            }
        }
        near.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        near.into_iter()
            .take(SUGGESTIONS)
            .map(|(.., s)| s)
            .collect()
    }

    /// Reads `text` as UCI, long algebraic or SAN (no move number, no
    /// `e.p.`).
    fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let illegal = |reason| ParseMoveError::Illegal {
            text: text.to_owned(),
            turn: self.turn(),
            reason,
        };
        if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
            return uci.to_move(self).map_err(|e| illegal(e.reason));
        }
        // Long algebraic (`e2-e4`, `Ng1xf3`); castling is read as SAN below.
        if let Some((lan, to)) = read_lan(text.as_bytes())
            .and_then(|lan| lan.to.filter(|_| lan.castle.is_none()).map(|to| (lan, to)))
        {
            let uci = UciMove::Normal {
                from: lan.from,
                to,
                promotion: lan.promotion,
            };
            let m = uci.to_move(self).map_err(|e| illegal(e.reason))?;
            if lan.role.is_some_and(|r| r != m.role()) {
                return Err(illegal(IllegalMoveReason::NoPiece {
                    square: lan.from,
                    role: lan.role,
                }));
            }
            if lan.capture && !m.is_capture() {
                return Err(illegal(IllegalMoveReason::NothingToCapture { to }));
            }
            return Ok(m);
        }
        let Ok(readings) = SanPlus::readings(text.as_bytes()) else {
            return Err(ParseMoveError::InvalidMove {
                text: text.to_owned(),
                suggestions: self.suggestions(text),
            });
        };
        // `bxc3`, `bb7`: the pawn's move, else the bishop's.
        readings.to_move(self).map_err(|e| match e.kind {
            SanErrorKind::AmbiguousSan => ParseMoveError::Ambiguous(e),
            _ => illegal(explain::of_san(self, &readings.first.san)),
        })
    }

    /// Reads a legal move written in UCI (either castling convention, see
    /// [`UciMove::to_move`]), in long algebraic notation or in SAN (see
    /// [`San`] for SAN's own leniencies). Text of UCI syntax (`e2e4`,
    /// `e7e8q`, `0000`) is read as UCI. Beyond the notations, where the
    /// meaning stays clear:
    ///
    /// - long algebraic with a hyphen or `x` between the squares, an
    ///   optional piece letter and an optional promotion (`e2-e4`,
    ///   `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `e7-e8q`); a written piece letter must
    ///   be the piece on the origin, and `x` must capture;
    /// - a move number before the move, attached or not (`1.e4`, `1. e4`,
    ///   `1...e5`, `12...Nf6`): skipped, not checked against the position;
    /// - `e.p.` after an en-passant capture, attached or after a space
    ///   (`exf6 e.p.`); the move must then be an en-passant capture;
    /// - a lowercase `b` is a pawn's file first: `bxc3` is a pawn capture
    ///   and `bb7` a pawn's move to b7, unless no pawn move fits and the
    ///   bishop's (`Bxc3`, `Bb7`) does.
    ///
    /// What is not read says why: [`ParseMoveError::InvalidMove`] with the
    /// nearest legal moves, the ones whose SAN or UCI is fewest edits
    /// (insertions, deletions, substitutions of one character, ignoring case)
    /// from the text, if at most two, or failing those the legal moves to the
    /// last square the text names (a file letter then a rank digit); at most
    /// three, in SAN order. A move that reads but is not legal gives the
    /// reason with its squares ([`ParseMoveError::Illegal`]).
    ///
    /// ```
    /// use forsyth::{Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let nf3 = pos.parse_move("g1f3")?;
    /// for text in ["Nf3", "Ng1-f3", "1.Nf3", "1. Nf3"] {
    ///     assert_eq!(pos.parse_move(text)?, nf3);
    /// }
    /// assert_eq!(pos.parse_move("e2-e4")?, pos.parse_move("e4")?);
    /// # Ok::<_, forsyth::ParseMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        // Plain SAN naming one legal move, found without listing them all.
        if let Some(m) = quick_san(self, text) {
            return Ok(m);
        }
        let text = text.trim();
        let (body, ep_marked) = strip_ep_mark(strip_move_number(text));
        let m = self.read_move(body)?;
        if ep_marked && !m.is_en_passant() {
            return Err(ParseMoveError::NotEnPassant {
                text: text.to_owned(),
            });
        }
        Ok(m)
    }

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
    /// use forsyth::{CastlingNotation, Position, Setup};
    /// let pos = Position::from_setup(Setup::standard()).expect("legal");
    /// let after = pos.play_moves(["1.", "e4", "e7e5", "2.", "Nf3", "Nc6", "Bb5", "a6", "O-O"])?;
    /// assert_eq!(
    ///     after.setup().to_fen(&CastlingNotation::Standard.into()).unwrap(),
    ///     "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    /// );
    /// # Ok::<_, forsyth::PlayMovesError>(())
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

/// The move a SAN token names, found without generating every legal move
/// (the fast path of `parse_move` and of the PGN replay): the pieces of its role that reach its square,
/// each kept when its move leaves the king safe and fits the SAN. `None`
/// unless exactly one is kept, or for a token that may be read otherwise
/// (UCI, LAN, `e.p.`, castling): then [`Position::parse_move`] decides, its
/// errors included. Every legal move to a square comes from a square that
/// attacks it (a pawn's push from behind it), so the candidates hold every
/// move the SAN can fit, and one kept move is the move `parse_move` reads.
pub(crate) fn quick_san(pos: &Position, text: &str) -> Option<Move> {
    resolve_quickly(pos, crate::san::plain_san(text.as_bytes())?)
}

/// The legal move a SAN other than castling names, found as
/// [`quick_san`] finds it (the pieces of its role that reach its square);
/// `None` unless exactly one legal move fits, or for castling: then the
/// general reading, which lists the legal moves, decides and names the
/// fault. The fast path of [`San::to_move`].
pub(crate) fn resolve_quickly(pos: &Position, san: San) -> Option<Move> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return None;
    };
    let setup = pos.setup();
    let board = &setup.board;
    let us = setup.turn;
    let occupied = board.occupied();
    let ours = board.by_piece(role.of(us));
    let target = board.piece_at(to);
    if target.is_some_and(|p| p.color == us) {
        return None;
    }
    let ep = role == Role::Pawn && setup.ep_square == Some(to) && target.is_none();
    let from = match role {
        Role::Pawn if target.is_some() || ep => crate::attacks::pawn(!us, to) & ours,
        Role::Pawn => {
            let back = if us == Color::White { -1 } else { 1 };
            let mut from = Bitboard::EMPTY;
            if let Some(one) = to.offset(0, back) {
                if ours.contains(one) {
                    from = from.with(one);
                } else if !occupied.contains(one) && to.rank() == Rank::Fourth.relative_to(us) {
                    if let Some(two) = one.offset(0, back).filter(|sq| ours.contains(*sq)) {
                        from = from.with(two);
                    }
                }
            }
            from
        }
        // Each piece's own lookup, inlined: the hot path of the replay.
        Role::Knight => crate::attacks::knight(to) & ours,
        Role::Bishop => crate::attacks::bishop(to, occupied) & ours,
        Role::Rook => crate::attacks::rook(to, occupied) & ours,
        Role::Queen => crate::attacks::queen(to, occupied) & ours,
        Role::King => crate::attacks::king(to) & ours,
    };
    let promoting = role == Role::Pawn && to.rank() == Rank::Eighth.relative_to(us);
    // A promotion must be written, and to a piece a pawn may become.
    if promoting
        && !matches!(
            promotion,
            Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
        )
    {
        return None;
    }
    // What `San::matches` asks of each candidate, asked once: a capture
    // written is one, a promotion written is one (never en passant); then
    // only the squares the SAN names are kept.
    let fits = (!capture || target.is_some() || ep) && (promotion.is_none() || (promoting && !ep));
    if !fits {
        return None;
    }
    let mut found = None;
    for from in from {
        if file.is_some_and(|f| from.file() != f) || rank.is_some_and(|r| from.rank() != r) {
            continue;
        }
        let m = if ep {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                role,
                from,
                capture: target.map(|p| p.role),
                to,
                promotion: promotion.filter(|_| promoting),
            }
        };
        debug_assert!(san.matches(m));
        if king_safe_after(pos, m) {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

/// [`Position::is_legal`], a piece's or pawn's move judged through
/// [`resolve_quickly`] (its origin given in full, only it can fit: the
/// move is legal exactly when it is the one found); castling, and a move
/// the quick path cannot judge, by listing the legal moves.
pub(crate) fn legal_quickly(pos: &Position, m: Move) -> bool {
    if m.is_castle() {
        return pos.is_legal(m);
    }
    let (from, to) = (m.from(), m.to());
    let san = San::Normal {
        role: m.role(),
        file: Some(from.file()),
        rank: Some(from.rank()),
        capture: false,
        to,
        promotion: m.promotion(),
    };
    match resolve_quickly(pos, san) {
        Some(found) => found == m,
        None => pos.is_legal(m),
    }
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
    let reach = crate::attacks::attacks(to, role.of(us), board.occupied());
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
/// normal or en-passant move `m` (of a piece of the side to move).
fn king_safe_after(pos: &Position, m: Move) -> bool {
    use crate::attacks;
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
    (attacks::knight(king) & of(Role::Knight)).is_empty()
        && (attacks::pawn(us, king) & of(Role::Pawn)).is_empty()
        && (attacks::king(king) & of(Role::King)).is_empty()
        && (attacks::rook(king, occupied) & (of(Role::Rook) | queens)).is_empty()
        && (attacks::bishop(king, occupied) & (of(Role::Bishop) | queens)).is_empty()
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
    mut visit: impl FnMut(&Position, &crate::MoveList, &mut crate::chess960::SplitMix64),
) {
    let mut rng = crate::chess960::SplitMix64::new(seed);
    for game in 0..games {
        let start = if game == 0 {
            518
        } else {
            (rng.next_u64() % 960) as u16
        };
        let mut pos = Position::from_setup(crate::Chess960Start::new(start).unwrap().to_setup())
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
        crate::File::ALL[(n % 8) as usize],
        Rank::ALL[(n / 8 % 8) as usize],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `play` judges a move as the legal move list does, along random
    /// games from random Chess960 starts (the standard one among them):
    /// every legal move, and random moves with random roles, captures and
    /// promotions, almost all of them illegal.
    #[test]
    fn play_judges_moves_as_the_legal_list_does() {
        let mut judged = 0;
        random_walk(0x2545_f491_4f6c_dd1d, 30, 100, |pos, legal, rng| {
            let mut moves: Vec<Move> = legal.iter().copied().collect();
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
                assert_eq!(pos.play(m).is_ok(), legal.contains(&m), "{m:?}");
                judged += 1;
            }
        });
        assert!(judged > 100_000, "{judged}");
    }
}
