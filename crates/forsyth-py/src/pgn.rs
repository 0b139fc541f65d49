//! `forsyth.pgn`: game collections streamed (`read`, one game in memory at
//! a time) or judged on every core (`check`), every game replayed by the
//! library's `Replay`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{mpsc, Arc, Mutex, OnceLock};

use pyo3::exceptions::{PyRuntimeError, PyStopIteration};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PySlice, PyString};

use forsyth::fen::{CastlingNotation, WriteOptions};
use forsyth::pgn::{
    Comment, EscapeLine, GameResult, GameStart, MoveNumber, MoveToken, Nag, PgnError, Reader,
    ReaderPosition, Replay, ReplayError, ReplayMovetext, ReplayTags, ReplayWarning, ReplayedGame,
    Skip, Span, Tag, Visitor,
};
use forsyth::uci::CastlingMode;
use forsyth::{Move, Position, Role, Square};

use crate::position::{PyMove, PyPosition};
use crate::validate::thread_count;

/// A position in X-FEN (every position can be said in X-FEN).
fn xfen(pos: &Position) -> Option<String> {
    pos.setup()
        .to_fen(&WriteOptions::new(CastlingNotation::XFen))
        .ok()
}

/// The replay of the library, which also keeps every tag as read.
#[derive(Clone, Default)]
struct Judge {
    replay: Replay,
}

struct Tags {
    inner: ReplayTags,
    tags: Vec<(String, String)>,
}

struct Movetext {
    inner: ReplayMovetext,
    tags: Vec<(String, String)>,
}

/// A game as the replay left it, with its tags.
struct Judged {
    tags: Vec<(String, String)>,
    game: ReplayedGame,
}

impl Judged {
    fn bare(game: ReplayedGame) -> Judged {
        Judged {
            tags: Vec::new(),
            game,
        }
    }
}

/// The replay's `Break` carried through with what is known of the game.
fn carry<T>(
    flow: ControlFlow<ReplayedGame, T>,
    tags: &[(String, String)],
) -> ControlFlow<Judged, T> {
    match flow {
        ControlFlow::Continue(t) => ControlFlow::Continue(t),
        ControlFlow::Break(game) => ControlFlow::Break(Judged {
            tags: tags.to_vec(),
            game,
        }),
    }
}

impl Visitor for Judge {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Judged;

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<Judged, Tags> {
        match self.replay.begin_game(game) {
            ControlFlow::Continue(inner) => ControlFlow::Continue(Tags {
                inner,
                tags: Vec::new(),
            }),
            ControlFlow::Break(game) => ControlFlow::Break(Judged::bare(game)),
        }
    }

    fn tag(&mut self, tags: &mut Tags, tag: Tag<'_>) -> ControlFlow<Judged> {
        tags.tags
            .push((tag.name.to_owned(), tag.value.decode().into_owned()));
        let flow = self.replay.tag(&mut tags.inner, tag);
        carry(flow, &tags.tags)
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Judged, Movetext> {
        let Tags { inner, tags } = tags;
        match self.replay.begin_movetext(inner) {
            ControlFlow::Continue(inner) => ControlFlow::Continue(Movetext { inner, tags }),
            ControlFlow::Break(game) => ControlFlow::Break(Judged { tags, game }),
        }
    }

    fn move_number(&mut self, m: &mut Movetext, number: MoveNumber) -> ControlFlow<Judged> {
        let flow = self.replay.move_number(&mut m.inner, number);
        carry(flow, &m.tags)
    }

    fn move_token(&mut self, m: &mut Movetext, token: MoveToken<'_>) -> ControlFlow<Judged> {
        let flow = self.replay.move_token(&mut m.inner, token);
        carry(flow, &m.tags)
    }

    fn nag(&mut self, m: &mut Movetext, nag: Nag) -> ControlFlow<Judged> {
        let flow = self.replay.nag(&mut m.inner, nag);
        carry(flow, &m.tags)
    }

    fn comment(&mut self, m: &mut Movetext, comment: Comment<'_>) -> ControlFlow<Judged> {
        let flow = self.replay.comment(&mut m.inner, comment);
        carry(flow, &m.tags)
    }

    fn begin_variation(&mut self, m: &mut Movetext, span: Span) -> ControlFlow<Judged, Skip> {
        let flow = self.replay.begin_variation(&mut m.inner, span);
        carry(flow, &m.tags)
    }

    fn end_variation(&mut self, m: &mut Movetext, span: Span) -> ControlFlow<Judged> {
        let flow = self.replay.end_variation(&mut m.inner, span);
        carry(flow, &m.tags)
    }

    fn result(&mut self, m: &mut Movetext, result: GameResult, span: Span) -> ControlFlow<Judged> {
        let flow = self.replay.result(&mut m.inner, result, span);
        carry(flow, &m.tags)
    }

    fn escape(&mut self, line: EscapeLine<'_>) {
        self.replay.escape(line)
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        self.replay.error(error)
    }

    fn end_game(&mut self, m: Movetext) -> Judged {
        Judged {
            game: self.replay.end_game(m.inner),
            tags: m.tags,
        }
    }
}

/// A fault or a warning of a game, or a syntax error between games, as
/// data.
#[derive(Clone, Debug)]
struct FaultData {
    kind: &'static str,
    message: String,
    line: u64,
    column: u64,
    text: Option<String>,
    move_number: Option<u32>,
    side: Option<&'static str>,
    fen: Option<String>,
    candidates: Vec<String>,
}

impl FaultData {
    fn of_error(e: &ReplayError) -> FaultData {
        let at = e.at();
        FaultData {
            kind: e.kind().name(),
            message: e.to_string(),
            line: e.span().line,
            column: e.span().column,
            text: at.map(|a| a.text.clone()),
            move_number: at.map(|a| a.move_number),
            side: at.map(|a| a.side.name()),
            fen: at.and_then(|a| xfen(&a.position)),
            candidates: e.candidates().iter().map(|s| s.to_string()).collect(),
        }
    }

    fn of_warning(w: &ReplayWarning) -> FaultData {
        FaultData::plain(w.kind().name(), w.to_string(), w.span())
    }

    fn of_stray(e: &PgnError) -> FaultData {
        FaultData::plain(e.kind.name(), e.kind.to_string(), e.span)
    }

    fn plain(kind: &'static str, message: String, span: Span) -> FaultData {
        FaultData {
            kind,
            message,
            line: span.line,
            column: span.column,
            text: None,
            move_number: None,
            side: None,
            fen: None,
            candidates: Vec::new(),
        }
    }
}

/// What a game's verdict holds, positions aside.
struct VerdictData {
    number: u64,
    line: u64,
    tags: Vec<(String, String)>,
    variant: &'static str,
    fault: Option<FaultData>,
    warnings: Vec<FaultData>,
    result: String,
    ply_count: usize,
    end: Option<Position>,
}

impl VerdictData {
    fn of(judged: &Judged) -> VerdictData {
        let game = &judged.game;
        VerdictData {
            number: game.start.number,
            line: game.start.line,
            tags: judged.tags.clone(),
            variant: game.variant.into(),
            fault: game.error.as_ref().map(FaultData::of_error),
            warnings: game.warnings.iter().map(FaultData::of_warning).collect(),
            result: game.result.to_string(),
            ply_count: game.positions.len().saturating_sub(1),
            end: game.positions.last().cloned(),
        }
    }
}

/// A fault of a game (its first: where the replay stopped), a warning
/// (what is odd but does not stop it), or a syntax error between games:
/// ``kind`` (a stable name, as ``forsyth pgn check`` writes it),
/// ``message``, ``line`` and ``column`` in the input; for a move at fault,
/// ``move`` (its text), ``move_number``, ``side``, ``fen`` (the position it
/// was read in, X-FEN) and ``candidates`` (the legal moves it may have
/// meant).
///
/// >>> import io
/// >>> from forsyth import pgn
/// >>> game = next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *")))
/// >>> f = game.verdict.fault
/// >>> f.kind, f.move, f.move_number, f.side, f.line, f.column
/// ('unreachable', 'Ke3', 2, 'white', 1, 13)
#[pyclass(name = "Fault", module = "forsyth.pgn", frozen)]
pub struct PyFault {
    data: FaultData,
}

#[pymethods]
impl PyFault {
    /// The stable kind name.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.kind
    /// 'unreachable'
    #[getter]
    fn kind(&self) -> &'static str {
        self.data.kind
    }

    /// The sentence.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.message
    /// 'illegal move Ke3 for white: no king can move to e3'
    #[getter]
    fn message(&self) -> &str {
        &self.data.message
    }

    /// The 1-based line in the input.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("\n1. e4 e5 2. Ke3 *"))).verdict.fault.line
    /// 2
    #[getter]
    fn line(&self) -> u64 {
        self.data.line
    }

    /// The 1-based byte column in its line.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.column
    /// 13
    #[getter]
    fn column(&self) -> u64 {
        self.data.column
    }

    /// The move's text, for a move at fault; else ``None``.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.move
    /// 'Ke3'
    #[getter(r#move)]
    fn move_text(&self) -> Option<&str> {
        self.data.text.as_deref()
    }

    /// The move number of the move at fault.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.move_number
    /// 2
    #[getter]
    fn move_number(&self) -> Option<u32> {
        self.data.move_number
    }

    /// The side whose move is at fault: ``"white"`` or ``"black"``.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.side
    /// 'white'
    #[getter]
    fn side(&self) -> Option<&'static str> {
        self.data.side
    }

    /// The position the move at fault was read in (X-FEN).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.fen
    /// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
    #[getter]
    fn fen(&self) -> Option<&str> {
        self.data.fen.as_deref()
    }

    /// The legal moves the text may have meant (SAN).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Nf4 *"))).verdict.fault.candidates
    /// []
    #[getter]
    fn candidates(&self) -> Vec<String> {
        self.data.candidates.clone()
    }

    fn __str__(&self) -> String {
        let d = &self.data;
        format!("{}:{}: {}: {}", d.line, d.column, d.kind, d.message)
    }

    fn __repr__(&self) -> String {
        let d = &self.data;
        format!(
            "Fault(kind='{}', line={}, column={})",
            d.kind, d.line, d.column
        )
    }
}

fn tags_dict<'py>(py: Python<'py>, tags: &[(String, String)]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in tags {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// The replay verdict of one game: ``number`` (1-based, in its input),
/// ``line`` (where it starts), ``tags`` (every tag pair, in order),
/// ``variant``, ``ok`` (it replays without fault; warnings allowed),
/// ``fault`` (its first :class:`Fault`, or ``None``), ``warnings``,
/// ``result`` (the result the game is taken to have: ``"1-0"``,
/// ``"0-1"``, ``"1/2-1/2"`` or ``"*"``), ``ply_count`` (the plies of its
/// main line replayed, up to a fault) and ``final_fen`` (the last position
/// replayed, X-FEN; ``None`` when the start itself is at fault).
///
/// >>> import io
/// >>> from forsyth import pgn
/// >>> v = next(pgn.read(io.StringIO('[White "Anna"]\n1. f3 e5 2. g4 Qh4# 0-1'))).verdict
/// >>> v.ok, v.result, v.ply_count, v.tags["White"]
/// (True, '0-1', 4, 'Anna')
/// >>> v.final_fen
/// 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
#[pyclass(name = "Verdict", module = "forsyth.pgn", frozen)]
pub struct PyVerdict {
    data: Arc<VerdictData>,
}

#[pymethods]
impl PyVerdict {
    /// The game's number in its input, from 1.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> [g.verdict.number for g in pgn.read(io.StringIO("1. e4 *\n\n1. d4 *"))]
    /// [1, 2]
    #[getter]
    fn number(&self) -> u64 {
        self.data.number
    }

    /// The line the game starts on.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> [g.verdict.line for g in pgn.read(io.StringIO("1. e4 *\n\n1. d4 *"))]
    /// [1, 3]
    #[getter]
    fn line(&self) -> u64 {
        self.data.line
    }

    /// Every tag pair, in the order read.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO('[Event "x"]\n[Round "2"]\n*'))).verdict.tags
    /// {'Event': 'x', 'Round': '2'}
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        tags_dict(py, &self.data.tags)
    }

    /// The rules the game is played under: ``"standard"`` or
    /// ``"chess960"``.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO('[Variant "Chess960"]\n1. e4 *'))).verdict.variant
    /// 'chess960'
    #[getter]
    fn variant(&self) -> &'static str {
        self.data.variant
    }

    /// Whether every move replays (warnings allowed).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 *"))).verdict.ok
    /// True
    #[getter]
    fn ok(&self) -> bool {
        self.data.fault.is_none()
    }

    /// The first fault, or ``None``.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.fault.kind
    /// 'unreachable'
    #[getter]
    fn fault(&self) -> Option<PyFault> {
        self.data.fault.clone().map(|data| PyFault { data })
    }

    /// What is odd but does not stop the game, each a :class:`Fault`.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> [w.kind for w in next(pgn.read(io.StringIO('[Result "1-0"]\n1. e4 e5 0-1'))).verdict.warnings]
    /// ['result_mismatch']
    #[getter]
    fn warnings(&self) -> Vec<PyFault> {
        self.data
            .warnings
            .iter()
            .map(|w| PyFault { data: w.clone() })
            .collect()
    }

    /// The result the game is taken to have: ``"*"`` when it claims only
    /// ``"*"`` and after a fault; else the one the end of its main line
    /// decides (a mate; a draw by rule, fivefold repetition of its last
    /// position in the main line among them); else the one its tag and
    /// marker agree on.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO('[Result "1-0"]\n1. f3 e5 2. g4 Qh4# 1-0'))).verdict.result
    /// '0-1'
    #[getter]
    fn result(&self) -> &str {
        &self.data.result
    }

    /// The plies of the main line replayed (up to a fault).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).verdict.ply_count
    /// 2
    #[getter]
    fn ply_count(&self) -> usize {
        self.data.ply_count
    }

    /// The last position replayed, X-FEN (``None``: the start is at fault).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 *"))).verdict.final_fen
    /// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    #[getter]
    fn final_fen(&self) -> Option<String> {
        self.data.end.as_ref().and_then(xfen)
    }

    fn __bool__(&self) -> bool {
        self.data.fault.is_none()
    }

    fn __repr__(&self) -> String {
        let d = &self.data;
        let fault = d
            .fault
            .as_ref()
            .map_or_else(|| "None".to_owned(), |f| format!("'{}'", f.kind));
        format!(
            "Verdict(number={}, ok={}, fault={fault}, ply_count={})",
            d.number,
            if d.fault.is_none() { "True" } else { "False" },
            d.ply_count
        )
    }
}

/// One game as read and replayed: its :class:`Verdict` (``verdict``) and
/// the verdict's fields as shortcuts (``number``, ``tags``, ``ok``,
/// ``fault``, ``result``, ``ply_count``), its main line's ``moves`` (each a
/// :class:`forsyth.Move`, ``None`` for a null move; up to a fault),
/// ``san()`` and ``uci()`` texts, and its positions on demand
/// (``positions()``, ``start``, ``end``).
///
/// >>> import io
/// >>> from forsyth import pgn
/// >>> game = next(pgn.read(io.StringIO("1. e2e4 e7-e5 2. Sf3 (2. f4 exf4) Nc6 *")))
/// >>> game.san(), game.uci()
/// (['e4', 'e5', 'Nf3', 'Nc6'], ['e2e4', 'e7e5', 'g1f3', 'b8c6'])
/// >>> game.end.fen()
/// 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
#[pyclass(name = "Game", module = "forsyth.pgn", frozen)]
pub struct PyGame {
    verdict: Py<PyVerdict>,
    positions: Vec<Arc<Position>>,
    moves: OnceLock<Vec<Option<Move>>>,
}

impl PyGame {
    /// The main line's moves: for each ply, the legal move from one
    /// position that leads to the next (`None`: a null move, which only
    /// passes the turn).
    fn moves(&self) -> &[Option<Move>] {
        self.moves.get_or_init(|| {
            self.positions
                .windows(2)
                .map(|pair| move_between(&pair[0], &pair[1]))
                .collect()
        })
    }
}

/// The legal move of `before` that leads to `after`, if any. When one
/// piece of the side to move left one square and one arrived, that is the
/// move, played to be sure; otherwise (castling, a null move) only the
/// moves whose piece leaves its square and arrives on its destination by
/// the two boards are played and compared (castling always: a Chess960
/// king may castle in place).
fn move_between(before: &Position, after: &Position) -> Option<Move> {
    let us = before.turn();
    let (was, is) = (before.board().by_color(us), after.board().by_color(us));
    if let (Some(from), Some(to)) = ((was - is).single_square(), (is - was).single_square()) {
        if let Some(m) = direct_move(before, after, from, to) {
            return Some(m);
        }
    }
    before
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            m.is_castle()
                || (!is.contains(m.from()) && is.contains(m.to()) && !was.contains(m.to()))
        })
        .find(|&m| before.play(m).is_ok_and(|p| p == *after))
}

/// The move from `from` to `to` that leads from `before` to `after`, if
/// that one move does (playing it decides its legality and its result).
fn direct_move(before: &Position, after: &Position, from: Square, to: Square) -> Option<Move> {
    let board = before.board();
    let role = board.role_at(from)?;
    let captured = board.role_at(to);
    let m = if role == Role::Pawn && captured.is_none() && from.file() != to.file() {
        Move::EnPassant { from, to }
    } else {
        let arrived = after.board().role_at(to)?;
        Move::Normal {
            role,
            from,
            capture: captured,
            to,
            promotion: (arrived != role).then_some(arrived),
        }
    };
    before.play(m).ok().filter(|p| p == after).map(|_| m)
}

#[pymethods]
impl PyGame {
    /// The replay verdict.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 *"))).verdict
    /// Verdict(number=1, ok=True, fault=None, ply_count=2)
    #[getter]
    fn verdict(&self, py: Python<'_>) -> Py<PyVerdict> {
        self.verdict.clone_ref(py)
    }

    /// The game's number in its input (the verdict's).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 *"))).number
    /// 1
    #[getter]
    fn number(&self) -> u64 {
        self.verdict.get().data.number
    }

    /// Every tag pair (the verdict's).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO('[White "Anna"]\n*'))).tags
    /// {'White': 'Anna'}
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.verdict.get().tags(py)
    }

    /// Whether the game replays without fault (the verdict's).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).ok
    /// False
    #[getter]
    fn ok(&self) -> bool {
        self.verdict.get().ok()
    }

    /// The first fault (the verdict's).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Ke3 *"))).fault.move
    /// 'Ke3'
    #[getter]
    fn fault(&self) -> Option<PyFault> {
        self.verdict.get().fault()
    }

    /// The result the game is taken to have (the verdict's).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 1-0"))).result
    /// '1-0'
    #[getter]
    fn result(&self) -> String {
        self.verdict.get().result().to_owned()
    }

    /// The plies of the main line replayed.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Nf3 *"))).ply_count
    /// 3
    #[getter]
    fn ply_count(&self) -> usize {
        self.verdict.get().data.ply_count
    }

    /// The main line's moves, up to a fault (``None`` for a null move).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 *"))).moves
    /// [Move(uci='e2e4', san='e4'), Move(uci='e7e5', san='e5')]
    #[getter(r#moves)]
    fn py_moves(&self) -> Vec<Option<PyMove>> {
        self.moves()
            .iter()
            .zip(&self.positions)
            .map(|(m, pos)| m.map(|mv| PyMove::eight(mv, pos)))
            .collect()
    }

    /// The main line in SAN (``"--"`` for a null move).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e2-e4 d7d5 2. exd5 Qxd5 *"))).san()
    /// ['e4', 'd5', 'exd5', 'Qxd5']
    fn san(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(&self.positions)
            .map(|(m, pos)| m.map_or_else(|| "--".to_owned(), |mv| pos.san(mv)))
            .collect()
    }

    /// The main line in UCI (castling in the variant's convention;
    /// ``"0000"`` for a null move).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *"))).uci()[-1]
    /// 'e1g1'
    fn uci(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(&self.positions)
            .map(|(m, pos)| {
                let mode = CastlingMode::from_variant(pos.variant());
                m.map_or_else(|| "0000".to_owned(), |mv| pos.uci(mv, mode))
            })
            .collect()
    }

    /// Every position of the main line, the start first (up to a fault).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> [p.fullmove_number for p in next(pgn.read(io.StringIO("1. e4 e5 *"))).positions()]
    /// [1, 1, 2]
    fn positions(&self) -> Vec<PyPosition> {
        self.positions
            .iter()
            .map(|p| PyPosition::shared(Arc::clone(p)))
            .collect()
    }

    /// The start position (``None`` when the start is at fault).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO('[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n[SetUp "1"]\n1. O-O *'))).start.fen()
    /// '4k3/8/8/8/8/8/8/4K2R w K - 0 1'
    #[getter]
    fn start(&self) -> Option<PyPosition> {
        self.positions
            .first()
            .map(|p| PyPosition::shared(Arc::clone(p)))
    }

    /// The last position replayed (``None`` when the start is at fault).
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> next(pgn.read(io.StringIO("1. f3 e5 2. g4 Qh4# 0-1"))).end.is_checkmate()
    /// True
    #[getter]
    fn end(&self) -> Option<PyPosition> {
        self.positions
            .last()
            .map(|p| PyPosition::shared(Arc::clone(p)))
    }

    fn __repr__(&self) -> String {
        let v = self.verdict.get();
        let tag = |name: &str| {
            v.data
                .tags
                .iter()
                .find(|(n, _)| n == name)
                .map_or("?", |(_, value)| value.as_str())
                .to_owned()
        };
        format!(
            "Game(number={}, white='{}', black='{}', ok={}, ply_count={})",
            v.data.number,
            tag("White"),
            tag("Black"),
            if v.ok() { "True" } else { "False" },
            v.data.ply_count
        )
    }
}

/// A Python file object as bytes: `read` under the interpreter, text
/// encoded as UTF-8.
struct PyFileRead {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyFileRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.at = 0;
            self.pending.clear();
            Python::attach(|py| -> PyResult<()> {
                let chunk = self.file.bind(py).call_method1("read", (1usize << 16,))?;
                if let Ok(b) = chunk.cast::<PyBytes>() {
                    self.pending.extend_from_slice(b.as_bytes());
                } else if let Ok(s) = chunk.cast::<PyString>() {
                    self.pending.extend_from_slice(s.to_cow()?.as_bytes());
                } else {
                    return Err(pyo3::exceptions::PyTypeError::new_err(
                        "read() returned neither bytes nor str",
                    ));
                }
                Ok(())
            })
            .map_err(io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

type Input = Box<dyn Read + Send>;

struct ReaderState {
    reader: Reader<Input>,
    judge: Judge,
}

/// The games of a PGN input, one at a time (an iterator of
/// :class:`Game`): memory stays bounded whatever the input's size. Syntax
/// errors between games (a stray ``)``) are kept in ``errors``, each a
/// :class:`Fault`, so that nothing read is lost.
///
/// >>> import io
/// >>> from forsyth import pgn
/// >>> reader = pgn.read(io.StringIO("1. e4 *\n)\n1. d4 *"))
/// >>> [g.number for g in reader], [e.kind for e in reader.errors]
/// ([1, 2], ['unbalanced_parenthesis'])
#[pyclass(name = "Reader", module = "forsyth.pgn", frozen)]
pub struct PyReader {
    // Boxed: Python allocates a class's object aligned to 16 bytes only,
    // and the reader's comment search holds 32-byte-aligned vectors.
    state: Mutex<Option<Box<ReaderState>>>,
    errors: Mutex<Vec<FaultData>>,
}

#[pymethods]
impl PyReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<PyGame> {
        // Another thread reading the same input holds it: never wait for
        // it with the interpreter held.
        let mut guard = self
            .state
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("this reader is in use by another thread"))?;
        let Some(state) = guard.as_mut() else {
            return Err(PyStopIteration::new_err(()));
        };
        let read = py.detach(|| {
            let game = state.reader.read_game(&mut state.judge);
            (game, state.judge.replay.take_stray())
        });
        let (game, strays) = read;
        if let Ok(mut errors) = self.errors.lock() {
            errors.extend(strays.iter().map(FaultData::of_stray));
        }
        match game {
            Ok(Some(judged)) => {
                let verdict = Py::new(
                    py,
                    PyVerdict {
                        data: Arc::new(VerdictData::of(&judged)),
                    },
                )?;
                let positions = judged.game.positions.into_iter().map(Arc::new).collect();
                Ok(PyGame {
                    verdict,
                    positions,
                    moves: OnceLock::new(),
                })
            }
            Ok(None) => {
                *guard = None;
                Err(PyStopIteration::new_err(()))
            }
            Err(e) => {
                *guard = None;
                Err(io_error(e))
            }
        }
    }

    /// The syntax errors met between games so far, each a :class:`Fault`.
    ///
    /// >>> import io
    /// >>> from forsyth import pgn
    /// >>> reader = pgn.read(io.StringIO("1. e4 *\n}\n"))
    /// >>> _ = list(reader)
    /// >>> [(e.kind, e.line) for e in reader.errors]
    /// [('stray_brace', 2)]
    #[getter]
    fn errors(&self) -> Vec<PyFault> {
        self.errors
            .lock()
            .map(|e| e.iter().map(|d| PyFault { data: d.clone() }).collect())
            .unwrap_or_default()
    }
}

/// The error of a file at `path` as Python's `OSError` of its kind
/// (`FileNotFoundError`, `PermissionError`, ...), its message naming the
/// path.
fn path_error(path: &std::path::Path, e: &io::Error) -> PyErr {
    PyErr::from(io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// An input error as Python's: the file object's own exception when it
/// raised one, else the `OSError` of the error.
fn io_error(e: io::Error) -> PyErr {
    if !e.get_ref().is_some_and(|inner| inner.is::<PyErr>()) {
        return PyErr::from(e);
    }
    match e.into_inner().map(|inner| inner.downcast::<PyErr>()) {
        Some(Ok(err)) => *err,
        _ => pyo3::exceptions::PyOSError::new_err("input error"),
    }
}

/// The games of a PGN collection, streamed: ``source`` is a path (``str``
/// or ``os.PathLike``) or a file object opened in binary or text mode. Each
/// game is read and replayed when the iterator reaches it (the interpreter
/// is free meanwhile), so any size of input is read in bounded memory.
/// Returns a :class:`Reader`, an iterator of :class:`Game`.
///
/// >>> import io
/// >>> from forsyth import pgn
/// >>> games = list(pgn.read(io.BytesIO(b"1. e4 e5 *\n\n1. d4 Nf6 2. Ng5 *\n")))
/// >>> [(g.ok, g.fault and g.fault.kind) for g in games]
/// [(True, None), (False, 'unreachable')]
#[pyfunction]
#[pyo3(name = "read")]
pub fn read_pgn(source: &Bound<'_, PyAny>) -> PyResult<PyReader> {
    let input: Input = if source.hasattr("read")? {
        Box::new(PyFileRead {
            file: source.clone().unbind(),
            pending: Vec::new(),
            at: 0,
        })
    } else {
        let path: PathBuf = source.extract()?;
        let file = File::open(&path).map_err(|e| path_error(&path, &e))?;
        Box::new(BufReader::with_capacity(1 << 16, file))
    };
    Ok(PyReader {
        state: Mutex::new(Some(Box::new(ReaderState {
            reader: Reader::new(input),
            judge: Judge::default(),
        }))),
        errors: Mutex::new(Vec::new()),
    })
}

/// What :func:`check` found: the verdicts of every game, in input order
/// (it iterates, indexes, slices and has a length like a list of
/// :class:`Verdict`), the syntax errors between games (``errors``), and the
/// counts ``ok`` (no fault, no warning), ``warned`` and ``faulty``.
///
/// >>> import tempfile, os
/// >>> from forsyth import pgn
/// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
/// ...     _ = f.write("1. e4 e5 *\n\n1. d4 Nf6 2. Ng5 *\n")
/// >>> c = pgn.check(f.name, threads=2)
/// >>> len(c), c.ok, c.faulty, c[1].fault.kind
/// (2, 1, 1, 'unreachable')
/// >>> os.remove(f.name)
#[pyclass(name = "Check", module = "forsyth.pgn", frozen, sequence)]
pub struct PyCheck {
    games: Vec<Arc<VerdictData>>,
    errors: Vec<FaultData>,
}

#[pymethods]
impl PyCheck {
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A verdict by its index, or a list of them by a slice, as a list's.
    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        let verdict = |i: usize| PyVerdict {
            data: Arc::clone(&self.games[i]),
        };
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.games.len() as isize)?;
            let picked: Vec<PyVerdict> = (0..range.slicelength)
                .map(|k| verdict((range.start + k as isize * range.step) as usize))
                .collect();
            return Ok(picked.into_pyobject(py)?.into_any());
        }
        let index: isize = index.extract()?;
        let n = self.games.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if !(0..n).contains(&i) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "game index out of range",
            ));
        }
        Ok(Bound::new(py, verdict(i as usize))?.into_any())
    }

    /// The verdicts, a list.
    ///
    /// >>> import tempfile, os
    /// >>> from forsyth import pgn
    /// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    /// ...     _ = f.write("1. e4 *\n")
    /// >>> [v.ok for v in pgn.check(f.name).games]
    /// [True]
    /// >>> os.remove(f.name)
    #[getter]
    fn games(&self) -> Vec<PyVerdict> {
        self.games
            .iter()
            .map(|d| PyVerdict {
                data: Arc::clone(d),
            })
            .collect()
    }

    /// The syntax errors between games, each a :class:`Fault`.
    ///
    /// >>> import tempfile, os
    /// >>> from forsyth import pgn
    /// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    /// ...     _ = f.write("1. e4 *\n)\n")
    /// >>> [e.kind for e in pgn.check(f.name).errors]
    /// ['unbalanced_parenthesis']
    /// >>> os.remove(f.name)
    #[getter]
    fn errors(&self) -> Vec<PyFault> {
        self.errors
            .iter()
            .map(|d| PyFault { data: d.clone() })
            .collect()
    }

    /// Games with neither fault nor warning.
    ///
    /// >>> import tempfile, os
    /// >>> from forsyth import pgn
    /// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    /// ...     _ = f.write("1. e4 *\n")
    /// >>> pgn.check(f.name).ok
    /// 1
    /// >>> os.remove(f.name)
    #[getter]
    fn ok(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.fault.is_none() && g.warnings.is_empty())
            .count()
    }

    /// Games without fault but with warnings.
    ///
    /// >>> import tempfile, os
    /// >>> from forsyth import pgn
    /// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    /// ...     _ = f.write('[Result "1-0"]\n1. e4 0-1\n')
    /// >>> pgn.check(f.name).warned
    /// 1
    /// >>> os.remove(f.name)
    #[getter]
    fn warned(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.fault.is_none() && !g.warnings.is_empty())
            .count()
    }

    /// Games with a fault.
    ///
    /// >>> import tempfile, os
    /// >>> from forsyth import pgn
    /// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    /// ...     _ = f.write("1. e4 e5 2. Ke3 *\n")
    /// >>> pgn.check(f.name).faulty
    /// 1
    /// >>> os.remove(f.name)
    #[getter]
    fn faulty(&self) -> usize {
        self.games.iter().filter(|g| g.fault.is_some()).count()
    }

    fn __repr__(&self) -> String {
        format!(
            "Check(games={}, ok={}, warned={}, faulty={}, errors={})",
            self.games.len(),
            self.ok(),
            self.warned(),
            self.faulty(),
            self.errors.len()
        )
    }
}

/// Every game of the PGN file at ``path`` replayed and judged, on
/// ``threads`` threads (``None`` or 0: every core) with the interpreter
/// free: a :class:`Check`, the verdicts in input order. What ``forsyth pgn
/// check`` does; use :func:`read` for the moves and positions.
///
/// >>> import tempfile, os
/// >>> from forsyth import pgn
/// >>> with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
/// ...     _ = f.write("1. e4 e5 *\n\n1. d4 Nf6 2. Ng5 *\n")
/// >>> [(v.number, v.ok) for v in pgn.check(f.name)]
/// [(1, True), (2, False)]
/// >>> os.remove(f.name)
#[pyfunction]
#[pyo3(signature = (path, threads = None))]
pub fn check(py: Python<'_>, path: PathBuf, threads: Option<usize>) -> PyResult<PyCheck> {
    let threads = thread_count(threads);
    let (games, errors) = py
        .detach(|| check_file(&path, threads))
        .map_err(|e| path_error(&path, &e))?;
    Ok(PyCheck { games, errors })
}

type Verdicts = (Vec<Arc<VerdictData>>, Vec<FaultData>);

/// Replays every game of a run of whole games that starts at `at`.
fn judge_all(input: impl Read, at: Option<ReaderPosition>) -> io::Result<Verdicts> {
    let mut reader = match at {
        Some(at) => Reader::resume(input, at),
        None => Reader::new(input),
    };
    let mut judge = Judge::default();
    let (mut games, mut errors) = (Vec::new(), Vec::new());
    while let Some(judged) = reader.read_game(&mut judge)? {
        errors.extend(judge.replay.take_stray().iter().map(FaultData::of_stray));
        games.push(Arc::new(VerdictData::of(&judged)));
    }
    errors.extend(judge.replay.take_stray().iter().map(FaultData::of_stray));
    Ok((games, errors))
}

/// Finds game boundaries: keeps nothing, never skips (so the reader
/// reads every token as the judges' readers do).
struct Boundaries;

impl Visitor for Boundaries {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_game(&mut self, _: GameStart) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// The input, every byte read also kept until it is cut off.
struct Tee<R> {
    inner: R,
    kept: Rc<RefCell<Vec<u8>>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.borrow_mut().extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// Games per batch handed to a worker.
const BATCH: u64 = 64;

/// A file's games judged on `threads` threads: this thread finds the game
/// boundaries and cuts the input there into batches of whole games; each
/// worker reads its batches again from their position
/// (`Reader::resume`: the same numbers, lines and columns) and replays
/// them. At most a few batches per worker are in flight.
fn check_file(path: &std::path::Path, threads: usize) -> io::Result<Verdicts> {
    let file = BufReader::with_capacity(1 << 16, File::open(path)?);
    if threads <= 1 {
        return judge_all(file, None);
    }
    let kept = Rc::new(RefCell::new(Vec::new()));
    let mut reader = Reader::new(Tee {
        inner: file,
        kept: Rc::clone(&kept),
    });
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, ReaderPosition, Vec<u8>)>(threads * 2);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = mpsc::channel::<(usize, io::Result<Verdicts>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (rx, tx) = (Arc::clone(&work_rx), done_tx.clone());
            scope.spawn(move || loop {
                let next = rx.lock().map(|rx| rx.recv());
                let Ok(Ok((seq, at, bytes))) = next else {
                    return;
                };
                if tx.send((seq, judge_all(&bytes[..], Some(at)))).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        let read = cut(&mut reader, &kept, BATCH, |seq, at, bytes| {
            Ok(work_tx.send((seq, at, bytes)).is_ok())
        });
        drop(work_tx);
        let mut done: BTreeMap<usize, io::Result<Verdicts>> = done_rx.into_iter().collect();
        let sent = read?;
        let (mut games, mut errors) = (Vec::new(), Vec::new());
        for seq in 0..sent {
            let (g, e) = done
                .remove(&seq)
                .unwrap_or_else(|| Ok(Default::default()))?;
            games.extend(g);
            errors.extend(e);
        }
        Ok((games, errors))
    })
}

/// Reads the input for its game boundaries and hands it on in batches of
/// `batch` whole games, each with the position it starts at, to `sink`,
/// until `sink` says stop; the text after the last game goes with the
/// last batch. Returns how many batches it handed on.
fn cut<R: Read>(
    reader: &mut Reader<Tee<R>>,
    kept: &Rc<RefCell<Vec<u8>>>,
    batch: u64,
    mut sink: impl FnMut(usize, ReaderPosition, Vec<u8>) -> io::Result<bool>,
) -> io::Result<usize> {
    let (mut seq, mut base, mut games) = (0, 0u64, 0);
    let mut at = reader.position();
    // A full batch is handed on when the next one fills or the input
    // ends, so that what follows the last game can join it.
    let mut pending: Option<(ReaderPosition, Vec<u8>)> = None;
    let mut hand_on = |seq: &mut usize, (at, bytes): (ReaderPosition, Vec<u8>)| {
        let go_on = sink(*seq, at, bytes);
        *seq += 1;
        go_on
    };
    while reader.read_game(&mut Boundaries)?.is_some() {
        games += 1;
        if games == batch {
            games = 0;
            let end = reader.position();
            let bytes: Vec<u8> = kept
                .borrow_mut()
                .drain(..(end.offset - base) as usize)
                .collect();
            base = end.offset;
            if let Some(full) = pending.replace((at, bytes)) {
                if !hand_on(&mut seq, full)? {
                    return Ok(seq);
                }
            }
            at = end;
        }
    }
    let rest = std::mem::take(&mut *kept.borrow_mut());
    let last = match pending {
        Some((first, mut bytes)) if games == 0 => {
            bytes.extend_from_slice(&rest);
            Some((first, bytes))
        }
        Some(full) => {
            if !hand_on(&mut seq, full)? {
                return Ok(seq);
            }
            Some((at, rest))
        }
        None if games > 0 || !rest.is_empty() => Some((at, rest)),
        None => None,
    };
    if let Some(last) = last {
        hand_on(&mut seq, last)?;
    }
    Ok(seq)
}

/// Splits the PGN file at ``path`` into shards of ``games`` whole games
/// each, written to ``directory`` as ``STEM-00000.pgn``, ``STEM-00001.pgn``,
/// ...; returns their paths (``pathlib.Path``), in order. Nothing is lost or changed: the
/// shards, one after the other, are the file byte for byte (text between
/// games goes with the game after it). The file is read once, for the
/// games' boundaries only (no replay), in bounded memory.
///
/// >>> import os, tempfile
/// >>> from forsyth import pgn
/// >>> d = tempfile.mkdtemp()
/// >>> src = os.path.join(d, "all.pgn")
/// >>> with open(src, "w") as f:
/// ...     _ = f.write("1. e4 *\n\n1. d4 *\n\n1. c4 *\n")
/// >>> shards = pgn.split(src, d, games=2)
/// >>> [s.name for s in shards], [len(pgn.check(s)) for s in shards]
/// (['all-00000.pgn', 'all-00001.pgn'], [2, 1])
#[pyfunction]
#[pyo3(signature = (path, directory, games = 10_000))]
pub fn split(
    py: Python<'_>,
    path: PathBuf,
    directory: PathBuf,
    games: u64,
) -> PyResult<Vec<PathBuf>> {
    if games == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "games: a shard holds at least one game",
        ));
    }
    let stem = path
        .file_stem()
        .map_or_else(|| "games".to_owned(), |s| s.to_string_lossy().into_owned());
    // The file at fault: the input, or the shard being written.
    let mut at_fault = path.clone();
    py.detach(|| -> io::Result<Vec<PathBuf>> {
        let file = BufReader::with_capacity(1 << 16, File::open(&path)?);
        let kept = Rc::new(RefCell::new(Vec::new()));
        let mut reader = Reader::new(Tee {
            inner: file,
            kept: Rc::clone(&kept),
        });
        let mut shards = Vec::new();
        cut(&mut reader, &kept, games, |seq, _, bytes| {
            let shard = directory.join(format!("{stem}-{seq:05}.pgn"));
            if let Err(e) = std::fs::write(&shard, bytes) {
                at_fault = shard;
                return Err(e);
            }
            shards.push(shard);
            Ok(true)
        })?;
        Ok(shards)
    })
    .map_err(|e| path_error(&at_fault, &e))
}
