//! `Position`, `Move` and `Outcome`: the library's legal position, its
//! moves and how a game ends, as immutable Python objects.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use forsyth::capablanca as capa;
use forsyth::diagram::{Cell, Diagram, Figure, Style};
use forsyth::fen::{CastlingNotation, EnPassantMode, Fen, WriteOptions};
use forsyth::notation::{Notation, ParseMoveError};
use forsyth::uci::CastlingMode;
use forsyth::{Chess960Start, Move, Outcome, Position, Square, Variant, BOM};

use crate::errors::{
    bad_choice, error, lossy_error, parse_error, position_error, MoveError, Place, Refusal,
};
use crate::ten;
use crate::validate::bom_problem;

/// The standard start, the default of `Position()`.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The rules a `variant=` names: `"auto"` (by the record: ten squares a
/// rank is 10x8, else standard chess when the record fits it, else
/// Chess960), an 8x8 variant or a 10x8 one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VariantChoice {
    Auto,
    Eight(Variant),
    Ten(capa::Variant),
}

/// The names `variant=` takes, the command line's (aliases included).
const VARIANT_NAMES: &str =
    "'auto', 'standard', 'chess960', 'capablanca', 'gothic', 'crc' ('caparandom', 'capablanca-random')";

/// `variant=` as the rules it names.
pub fn variant_choice(name: &str) -> PyResult<VariantChoice> {
    Ok(match name {
        "auto" => VariantChoice::Auto,
        "standard" => VariantChoice::Eight(Variant::Standard),
        "chess960" => VariantChoice::Eight(Variant::Chess960),
        "capablanca" => VariantChoice::Ten(capa::Variant::Capablanca),
        "gothic" => VariantChoice::Ten(capa::Variant::Gothic),
        "crc" | "caparandom" | "capablanca-random" => VariantChoice::Ten(capa::Variant::Crc),
        other => return Err(bad_choice("variant", other, VARIANT_NAMES)),
    })
}

/// `castling=` as the library's notation.
pub fn castling_arg(castling: &str) -> PyResult<CastlingNotation> {
    castling
        .parse()
        .map_err(|_| bad_choice("castling", castling, "'xfen', 'shredder', 'standard'"))
}

/// `ep=` as the library's mode.
pub fn ep_arg(ep: &str) -> PyResult<EnPassantMode> {
    ep.parse()
        .map_err(|_| bad_choice("ep", ep, "'legal', 'pseudo', 'always'"))
}

/// `castling=` and `ep=` as the library's write options.
pub fn write_options(castling: &str, ep: &str) -> PyResult<WriteOptions> {
    let notation = castling_arg(castling)?;
    let mode = ep_arg(ep)?;
    let mut opts = WriteOptions::new(notation);
    opts.en_passant = mode;
    Ok(opts)
}

/// Rust's `Hash` of a value, as Python's `hash()`: equal values (by the
/// library's `Eq`) hash equal.
pub fn rust_hash<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// The `MoveError` of a move text that does not read in `pos`.
fn parse_move_error(py: Python<'_>, e: &ParseMoveError) -> PyErr {
    let err = error::<MoveError>(
        py,
        e.to_string(),
        Place {
            line: None,
            column: None,
            field: "move",
            kind: e.kind().name(),
        },
    );
    let candidates: Vec<String> = match e {
        ParseMoveError::InvalidMove { suggestions, .. } => {
            suggestions.iter().map(|s| s.to_string()).collect()
        }
        _ => Vec::new(),
    };
    let _ = err.value(py).setattr("candidates", candidates);
    err
}

/// A legal chess position, immutable: standard chess or Chess960 on the
/// 8x8 board, or Capablanca chess, Gothic chess or Capablanca Random Chess
/// (CRC) on the 10x8 board.
///
/// One class for both boards: a record says its board (ranks of ten
/// squares), and every method means the same on both, so code that reads,
/// plays and writes positions works on either unchanged.
///
/// ``Position(fen, variant="auto")`` reads a FEN, Shredder-FEN or X-FEN
/// record (four or six fields, castling letters in any of the three
/// encodings) and validates it: a record that does not read or is not a
/// legal position raises :class:`FenError` with every problem.
/// ``variant="auto"`` reads a record whose ranks hold ten squares as a
/// 10x8 one (Capablanca chess when its castling fits it, else CRC), any
/// other as standard chess when its castling fits, as Chess960 otherwise;
/// ``"standard"``, ``"chess960"``, ``"capablanca"``, ``"gothic"`` and
/// ``"crc"`` (or ``"caparandom"``, ``"capablanca-random"``) name the rules.
/// ``Position()`` is the standard start.
///
/// Positions are values: ``play`` returns a new one. ``==`` and ``hash()``
/// follow the FIDE rule for repetitions (side to move, pieces, castling
/// rights, en-passant captures possible, variant; not the clocks).
/// ``str()`` is the X-FEN record; positions pickle.
///
/// >>> from forsyth import Position
/// >>> pos = Position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
/// >>> pos.variant, pos.fen(castling="shredder")
/// ('chess960', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w FHfh - 2 9')
/// >>> str(pos)
/// 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9'
/// >>> pos.perft(3)
/// 12189
/// >>> Position().play("e4") == Position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
/// True
/// >>> capa = Position("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1")
/// >>> capa.variant, capa.perft(2), capa.play("Ad3").fen()
/// ('capablanca', 784, 'rnabqkbcnr/pppppppppp/10/10/10/3A6/PPPPPPPPPP/RN1BQKBCNR b KQkq - 1 1')
#[pyclass(name = "Position", module = "forsyth", frozen)]
pub struct PyPosition {
    pub pos: AnyPosition,
}

/// A position of either board.
#[derive(Clone)]
pub enum AnyPosition {
    Eight(Arc<Position>),
    Ten(Arc<capa::Position>),
}

impl PyPosition {
    pub fn new(pos: Position) -> PyPosition {
        PyPosition::shared(Arc::new(pos))
    }

    pub fn shared(pos: Arc<Position>) -> PyPosition {
        PyPosition {
            pos: AnyPosition::Eight(pos),
        }
    }

    pub fn ten(pos: capa::Position) -> PyPosition {
        PyPosition {
            pos: AnyPosition::Ten(Arc::new(pos)),
        }
    }

    /// The 8x8 position, for what reads only the 8x8 board (problems,
    /// movetext translation).
    pub fn eight(&self, what: &str) -> PyResult<&Arc<Position>> {
        match &self.pos {
            AnyPosition::Eight(pos) => Ok(pos),
            AnyPosition::Ten(_) => Err(PyValueError::new_err(format!(
                "{what} reads 8x8 positions only, not a 10x8 one"
            ))),
        }
    }

    fn write(&self, py: Python<'_>, opts: &WriteOptions) -> PyResult<String> {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.setup().to_fen(opts).map_err(|e| lossy_error(py, &e)),
            AnyPosition::Ten(pos) => ten::write(pos, opts.castling, opts.en_passant)
                .map_err(|e| ten::lossy_error(py, &e)),
        }
    }

    fn moves_of(&self, mv: AnyMove) -> PyMove {
        PyMove {
            inner: match (&self.pos, mv) {
                (AnyPosition::Eight(pos), AnyMove::Eight(mv)) => MoveOf::Eight {
                    mv,
                    pos: Arc::clone(pos),
                },
                (AnyPosition::Ten(pos), AnyMove::Ten(mv)) => MoveOf::Ten {
                    mv,
                    pos: Arc::clone(pos),
                },
                // Moves are made from their own position's board.
                (AnyPosition::Eight(_), AnyMove::Ten(_))
                | (AnyPosition::Ten(_), AnyMove::Eight(_)) => {
                    unreachable!("a move of the other board")
                }
            },
        }
    }
}

/// A move of either board.
#[derive(Copy, Clone)]
enum AnyMove {
    Eight(Move),
    Ten(capa::Move),
}

/// Reads and validates one record, as `Position(fen, variant)` does.
pub fn read_position(py: Python<'_>, text: &str, variant: Option<Variant>) -> PyResult<Position> {
    let fen = Fen::from_ascii(text.as_bytes()).map_err(|e| parse_error(py, &e))?;
    Position::from_fen(&fen, variant).map_err(|e| position_error(py, e, fen.offsets))
}

/// Reads and validates a record of either board under `variant`.
pub fn read_any(py: Python<'_>, text: &str, variant: VariantChoice) -> PyResult<PyPosition> {
    if text.as_bytes().starts_with(BOM) {
        return Err(Refusal::of_problems(vec![bom_problem()], Some(1)).into_err(py));
    }
    match variant {
        VariantChoice::Ten(v) => Ok(PyPosition::ten(ten::read(py, text, Some(v))?)),
        VariantChoice::Auto if forsyth::capablanca::line_is_ten_files(text.as_bytes()) => {
            Ok(PyPosition::ten(ten::read(py, text, None)?))
        }
        VariantChoice::Auto => Ok(PyPosition::new(read_position(py, text, None)?)),
        VariantChoice::Eight(v) => Ok(PyPosition::new(read_position(py, text, Some(v))?)),
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen = STARTING_FEN, variant = "auto"))]
    fn py_new(py: Python<'_>, fen: &str, variant: &str) -> PyResult<PyPosition> {
        read_any(py, fen, variant_choice(variant)?)
    }

    /// Chess960 start number ``n`` (0 to 959; 518 is the classical start),
    /// under Chess960 rules.
    ///
    /// >>> from forsyth import Position
    /// >>> Position.chess960(0).fen(castling="shredder")
    /// 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w FHfh - 0 1'
    /// >>> Position.chess960(518).variant
    /// 'chess960'
    #[staticmethod]
    fn chess960(n: u16) -> PyResult<PyPosition> {
        let start = Chess960Start::new(n).ok_or_else(|| {
            PyValueError::new_err(format!("{n} is not a Chess960 start number (0 to 959)"))
        })?;
        let mut setup = start.to_setup();
        setup.variant = Variant::Chess960;
        let pos = Position::from_setup(setup)
            .map_err(|e| PyValueError::new_err(format!("start {n}: {e}")))?;
        Ok(PyPosition::new(pos))
    }

    /// The Chess960 start number of this position's pieces (0 to 959), or
    /// ``None`` when they do not stand as one of the 960 starts (and on the
    /// 10x8 board).
    ///
    /// >>> from forsyth import Position
    /// >>> Position().chess960_number()
    /// 518
    /// >>> Position().play("e4").chess960_number() is None
    /// True
    fn chess960_number(&self) -> Option<u16> {
        match &self.pos {
            AnyPosition::Eight(pos) => Chess960Start::from_board(pos.board())
                .ok()
                .map(Chess960Start::number),
            AnyPosition::Ten(_) => None,
        }
    }

    /// The start of Capablanca chess (``RNABQKBCNR``) on the 10x8 board.
    ///
    /// >>> from forsyth import Position
    /// >>> Position.capablanca().fen()
    /// 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'
    /// >>> Position.capablanca().perft(3)
    /// 25228
    #[staticmethod]
    fn capablanca() -> PyPosition {
        PyPosition::ten(capa::Position::capablanca())
    }

    /// The start of Gothic chess (``RNBQCKABNR``) on the 10x8 board.
    ///
    /// >>> from forsyth import Position
    /// >>> Position.gothic().fen()
    /// 'rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1'
    /// >>> Position.gothic().variant
    /// 'gothic'
    #[staticmethod]
    fn gothic() -> PyPosition {
        PyPosition::ten(capa::Position::gothic())
    }

    /// Capablanca Random Chess start number ``n`` (0 to 12,117, as
    /// ``specs/crc.md`` numbers them), under CRC rules (castling as in
    /// Chess960).
    ///
    /// >>> from forsyth import Position
    /// >>> Position.crc(0).fen(castling="shredder")
    /// 'bqacnbnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQACNBNRKR w HJhj - 0 1'
    /// >>> Position.crc(0).variant, Position.crc(7000).crc_number()
    /// ('crc', 7000)
    #[staticmethod]
    fn crc(n: u16) -> PyResult<PyPosition> {
        let start = capa::CrcStart::new(n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{n} is not a CRC start number (0 to {})",
                capa::CrcStart::COUNT - 1
            ))
        })?;
        let pos = capa::Position::from_setup(start.to_setup())
            .map_err(|e| PyValueError::new_err(format!("CRC start {n}: {e}")))?;
        Ok(PyPosition::ten(pos))
    }

    /// The CRC start number of this position's pieces (0 to 12,117), or
    /// ``None`` when they do not stand as one of the CRC starts (and on the
    /// 8x8 board).
    ///
    /// >>> from forsyth import Position
    /// >>> Position.crc(12117).crc_number()
    /// 12117
    /// >>> Position.capablanca().play("e4").crc_number() is None
    /// True
    fn crc_number(&self) -> Option<u16> {
        match &self.pos {
            AnyPosition::Ten(pos) => ten::crc_number(pos.board()),
            AnyPosition::Eight(_) => None,
        }
    }

    /// The record: ``castling`` is ``"xfen"`` (``KQkq``, a file letter
    /// for an inner rook), ``"shredder"`` (the rooks' files, ``AHah``) or
    /// ``"standard"`` (``KQkq`` only; raises :class:`FenError` for castling
    /// it cannot say); ``ep`` writes the en-passant square ``"legal"``
    /// (when a legal capture exists, the 2020 PGN rule), ``"pseudo"``
    /// (when a pawn stands by it) or ``"always"`` (after every double step).
    ///
    /// >>> from forsyth import Position
    /// >>> pos = Position().play("e4")
    /// >>> pos.fen()
    /// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    /// >>> pos.fen(castling="shredder", ep="always")
    /// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b AHah e3 0 1'
    /// >>> Position.gothic().play("e4").fen(castling="shredder", ep="always")
    /// 'rnbqckabnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNBQCKABNR b AJaj e3 0 1'
    #[pyo3(signature = (castling = "xfen", ep = "legal"))]
    fn fen(&self, py: Python<'_>, castling: &str, ep: &str) -> PyResult<String> {
        self.write(py, &write_options(castling, ep)?)
    }

    /// Every legal move, in the library's generation order.
    ///
    /// >>> from forsyth import Position
    /// >>> moves = Position().legal_moves()
    /// >>> len(moves), sorted(m.uci() for m in moves)[:3]
    /// (20, ['a2a3', 'a2a4', 'b1a3'])
    /// >>> sorted(m.san() for m in Position.capablanca().legal_moves() if m.piece in "AC")
    /// ['Ab3', 'Ad3', 'Cg3', 'Ci3']
    fn legal_moves(&self) -> Vec<PyMove> {
        match &self.pos {
            AnyPosition::Eight(pos) => pos
                .legal_moves()
                .iter()
                .map(|&mv| self.moves_of(AnyMove::Eight(mv)))
                .collect(),
            AnyPosition::Ten(pos) => pos
                .legal_moves()
                .iter()
                .map(|&mv| self.moves_of(AnyMove::Ten(mv)))
                .collect(),
        }
    }

    /// The position after ``move``: a :class:`Move` of this position, or
    /// text in ``notation``. ``"san"`` (the default) reads SAN leniently,
    /// long algebraic and UCI alike (``Nf3``, ``g1-f3``, ``g1f3``); any
    /// other notation by name (``"uci"``, ``"san-de"``, ``"descriptive-en"``,
    /// ``"lan"``, ``"figurine"``, ...; on the 10x8 board the notations
    /// that can name the archbishop and the chancellor). Raises
    /// :class:`MoveError` with the reason when the move is not legal.
    ///
    /// >>> from forsyth import Position
    /// >>> pos = Position().play("e4").play("e7e5").play("Sf3", notation="san-de")
    /// >>> pos.fen()
    /// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
    /// >>> Position.capablanca().play("Ci3").play("c7c5").board
    /// 'rnabqkbcnr/pp1ppppppp/10/2p7/10/8C1/PPPPPPPPPP/RNABQKB1NR'
    #[pyo3(signature = (move_, notation = "san"))]
    #[pyo3(text_signature = "(self, move, notation='san')")]
    fn play(
        &self,
        py: Python<'_>,
        move_: &Bound<'_, PyAny>,
        notation: &str,
    ) -> PyResult<PyPosition> {
        let mv = match move_.cast::<PyMove>() {
            Ok(m) => match (&m.get().inner, &self.pos) {
                (MoveOf::Eight { mv, .. }, AnyPosition::Eight(_)) => AnyMove::Eight(*mv),
                (MoveOf::Ten { mv, .. }, AnyPosition::Ten(_)) => AnyMove::Ten(*mv),
                _ => {
                    return Err(PyValueError::new_err(
                        "move: a move of the other board (8x8 and 10x8)",
                    ))
                }
            },
            Err(_) => {
                let text: String = move_.extract()?;
                self.read_move(py, &text, notation)?
            }
        };
        let illegal = |message: String, kind: &str| {
            error::<MoveError>(
                py,
                message,
                Place {
                    line: None,
                    column: None,
                    field: "move",
                    kind,
                },
            )
        };
        match (&self.pos, mv) {
            (AnyPosition::Eight(pos), AnyMove::Eight(mv)) => pos
                .play(mv)
                .map(PyPosition::new)
                .map_err(|e| illegal(e.to_string(), e.kind().name())),
            (AnyPosition::Ten(pos), AnyMove::Ten(mv)) => pos
                .play(mv)
                .map(PyPosition::ten)
                .map_err(|e| illegal(e.to_string(), "illegal")),
            _ => Err(PyValueError::new_err(
                "move: a move of the other board (8x8 and 10x8)",
            )),
        }
    }

    /// The legal move that ``text`` names in ``notation`` (as
    /// :meth:`play` reads it).
    ///
    /// >>> from forsyth import Position
    /// >>> Position().parse_move("Nf3").uci()
    /// 'g1f3'
    /// >>> Position.capablanca().parse_move("Ci3").uci()
    /// 'h1i3'
    #[pyo3(signature = (text, notation = "san"))]
    fn parse_move(&self, py: Python<'_>, text: &str, notation: &str) -> PyResult<PyMove> {
        let mv = self.read_move(py, text, notation)?;
        Ok(self.moves_of(mv))
    }

    /// The number of leaf nodes of the legal move tree ``depth`` plies
    /// deep. The interpreter is free while it counts.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().perft(4)
    /// 197281
    /// >>> Position.gothic().perft(3)
    /// 25283
    ///
    /// ``depth`` is at most 255 (``ValueError`` beyond).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        check_depth(depth)?;
        Ok(match &self.pos {
            AnyPosition::Eight(pos) => {
                let pos = Arc::clone(pos);
                py.detach(move || pos.perft(depth))
            }
            AnyPosition::Ten(pos) => {
                let pos = Arc::clone(pos);
                py.detach(move || pos.perft(depth))
            }
        })
    }

    /// The perft count below each legal move, by its UCI text.
    ///
    /// >>> from forsyth import Position
    /// >>> counts = Position().divide(2)
    /// >>> counts["e2e4"], sum(counts.values())
    /// (20, 400)
    /// >>> Position.capablanca().divide(1)["c1d3"]
    /// 1
    fn divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        check_depth(depth)?;
        let dict = PyDict::new(py);
        match &self.pos {
            AnyPosition::Eight(pos) => {
                let p = Arc::clone(pos);
                let counts = py.detach(move || p.divide(depth));
                let mode = CastlingMode::from_variant(pos.variant());
                for (mv, n) in counts {
                    dict.set_item(pos.uci(mv, mode), n)?;
                }
            }
            AnyPosition::Ten(pos) => {
                let p = Arc::clone(pos);
                let counts = py.detach(move || p.divide(depth));
                let mode = ten::uci_mode(pos.variant());
                for (mv, n) in counts {
                    dict.set_item(pos.uci(mv, mode), n)?;
                }
            }
        }
        Ok(dict)
    }

    /// Whether the side to move is in check.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("4k3/8/8/8/8/8/8/4K2R b K - 0 1").is_check()
    /// False
    /// >>> Position("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").is_check()
    /// True
    fn is_check(&self) -> bool {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.is_check(),
            AnyPosition::Ten(pos) => pos.is_check(),
        }
    }

    /// Whether the side to move is checkmated.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_checkmate()
    /// True
    fn is_checkmate(&self) -> bool {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.is_checkmate(),
            AnyPosition::Ten(pos) => pos.is_checkmate(),
        }
    }

    /// Whether the side to move has no legal move and is not in check.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").is_stalemate()
    /// True
    fn is_stalemate(&self) -> bool {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.is_stalemate(),
            AnyPosition::Ten(pos) => pos.is_stalemate(),
        }
    }

    /// Whether neither side can mate by any series of legal moves.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").is_insufficient_material()
    /// True
    fn is_insufficient_material(&self) -> bool {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.is_insufficient_material(),
            AnyPosition::Ten(pos) => pos.is_insufficient_material(),
        }
    }

    /// How the game has ended in this position (checkmate, stalemate,
    /// insufficient material, the seventy-five-move rule), or ``None``.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome()
    /// Outcome(kind='checkmate', winner='white')
    /// >>> Position().outcome() is None
    /// True
    /// >>> Position("9k/10/8CK/10/10/10/10/10 b - - 0 1").outcome()
    /// Outcome(kind='checkmate', winner='white')
    fn outcome(&self) -> Option<PyOutcome> {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.outcome(),
            AnyPosition::Ten(pos) => pos.outcome(),
        }
        .map(|outcome| PyOutcome { outcome })
    }

    /// The piece on ``square`` as its FEN letter (``"K"`` a white king,
    /// ``"p"`` a black pawn, ``"A"`` a white archbishop), or ``None``.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().piece_at("e1"), Position().piece_at("e4")
    /// ('K', None)
    /// >>> Position.capablanca().piece_at("h8")
    /// 'c'
    fn piece_at(&self, square: &str) -> PyResult<Option<char>> {
        match &self.pos {
            AnyPosition::Eight(pos) => {
                let sq: Square = square
                    .parse()
                    .map_err(|e| PyValueError::new_err(format!("square '{square}': {e}")))?;
                Ok(pos.board().piece_at(sq).map(|p| p.char()))
            }
            AnyPosition::Ten(pos) => {
                let sq = capa::Square::from_ascii(square.as_bytes()).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "square '{square}': not a square of the 10x8 board (a1 to j8)"
                    ))
                })?;
                Ok(pos.board().piece_at(sq).map(|p| p.char()))
            }
        }
    }

    /// The side to move: ``"white"`` or ``"black"``.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().turn
    /// 'white'
    #[getter]
    fn turn(&self) -> &'static str {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.turn().name(),
            AnyPosition::Ten(pos) => pos.turn().name(),
        }
    }

    /// The rules: ``"standard"`` or ``"chess960"`` on the 8x8 board,
    /// ``"capablanca"``, ``"gothic"`` or ``"crc"`` on the 10x8 one.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1").variant
    /// 'chess960'
    /// >>> Position("rbqnkcnbar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKCNBAR w JAja - 0 1").variant
    /// 'crc'
    #[getter]
    fn variant(&self) -> &'static str {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.variant().into(),
            AnyPosition::Ten(pos) => pos.variant().into(),
        }
    }

    /// Plies since the last capture or pawn move.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().play("Nf3").halfmove_clock
    /// 1
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.setup().halfmoves,
            AnyPosition::Ten(pos) => pos.setup().halfmoves,
        }
    }

    /// The move number, from 1, incremented after Black's move.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().play("e4").play("e5").fullmove_number
    /// 2
    #[getter]
    fn fullmove_number(&self) -> u32 {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.setup().fullmoves,
            AnyPosition::Ten(pos) => pos.setup().fullmoves,
        }
    }

    /// The square a pawn just passed (``"e3"``), whether a capture there is
    /// legal or not; ``None`` after any other move.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().play("e4").ep_square
    /// 'e3'
    #[getter]
    fn ep_square(&self) -> Option<String> {
        match &self.pos {
            AnyPosition::Eight(pos) => pos.ep_square().map(|s| s.to_string()),
            AnyPosition::Ten(pos) => pos.ep_square().map(|s| s.to_string()),
        }
    }

    /// The piece placement, FEN's first field.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().board
    /// 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
    /// >>> Position.gothic().board
    /// 'rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR'
    #[getter]
    fn board(&self) -> String {
        match &self.pos {
            AnyPosition::Eight(pos) => {
                let mut out = String::with_capacity(64);
                // Writing to a String cannot fail.
                let _ = pos.board().write_placement(&mut out);
                out
            }
            AnyPosition::Ten(pos) => pos.board().to_string(),
        }
    }

    /// The board as an SVG picture, drawn with forsyth's own pieces (no
    /// font needed; the archbishop and the chancellor too): ``flip`` puts
    /// Black at the bottom, ``coordinates`` draws the file letters and rank
    /// numbers, ``size`` is a square's side in pixels. Jupyter shows a
    /// position as this picture.
    ///
    /// >>> from forsyth import Position
    /// >>> svg = Position().svg()
    /// >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    /// True
    /// >>> svg.count('<use href="#forsyth-wP"'), svg.count('<use href="#forsyth-bK"')
    /// (8, 1)
    /// >>> Position.capablanca().svg().count('<use href="#forsyth-wA"')
    /// 1
    #[pyo3(signature = (flip=false, coordinates=true, size=45))]
    fn svg(&self, flip: bool, coordinates: bool, size: u32) -> String {
        let style = Style {
            flip,
            coordinates,
            square_px: size,
            ..Style::default()
        };
        match &self.pos {
            AnyPosition::Eight(pos) => Diagram::from_board(pos.board()).to_svg(&style),
            AnyPosition::Ten(pos) => ten_diagram(pos.board()).to_svg(&style),
        }
    }

    /// Jupyter's rich display: the board with its coordinates.
    fn _repr_svg_(&self) -> String {
        self.svg(false, true, 45)
    }

    /// This position as a python-chess ``chess.Board`` (python-chess must
    /// be installed; forsyth does not depend on it). 8x8 positions only:
    /// python-chess has no 10x8 board.
    ///
    /// >>> from forsyth import Position
    /// >>> Position.chess960(0).to_python_chess().fen()
    /// 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
    fn to_python_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.eight("python-chess")?;
        let chess = py.import("chess")?;
        let fen = self.write(py, &write_options("xfen", "legal")?)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", pos.variant() == Variant::Chess960)?;
        chess.getattr("Board")?.call((fen,), Some(&kwargs))
    }

    /// The position of a python-chess ``chess.Board`` (its move stack is
    /// not kept); Chess960 when the board is.
    ///
    /// >>> import chess
    /// >>> from forsyth import Position
    /// >>> Position.from_python_chess(chess.Board()) == Position()
    /// True
    #[classmethod]
    fn from_python_chess(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
    ) -> PyResult<PyPosition> {
        let fen: String = board.call_method0("fen")?.extract()?;
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let variant = if chess960 {
            Variant::Chess960
        } else {
            Variant::Standard
        };
        Ok(PyPosition::new(read_position(py, &fen, Some(variant))?))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.write(py, &WriteOptions::default())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let fen = self.write(py, &WriteOptions::default())?;
        Ok(match &self.pos {
            AnyPosition::Eight(pos)
                if pos.variant() == Variant::Chess960
                    && pos.setup().natural_variant() != Variant::Chess960 =>
            {
                format!("Position('{fen}', variant='chess960')")
            }
            // Auto reads Gothic's record as Capablanca's: the variant is
            // said for every 10x8 position but Capablanca chess.
            AnyPosition::Ten(pos) if pos.variant() != capa::Variant::Capablanca => {
                let variant: &str = pos.variant().into();
                format!("Position('{fen}', variant='{variant}')")
            }
            _ => format!("Position('{fen}')"),
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyPosition>() {
            Ok(o) => {
                let equal = match (&self.pos, &o.get().pos) {
                    (AnyPosition::Eight(a), AnyPosition::Eight(b)) => **a == **b,
                    (AnyPosition::Ten(a), AnyPosition::Ten(b)) => **a == **b,
                    _ => false,
                };
                Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        match &self.pos {
            AnyPosition::Eight(pos) => rust_hash(&**pos),
            AnyPosition::Ten(pos) => rust_hash(&**pos),
        }
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Pickles as the record with every en-passant square kept and the
    /// variant, which read back to the same setup.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let fen = this.write(py, &write_options("xfen", "always")?)?;
        let variant = this.variant();
        let cls = slf.get_type();
        PyTuple::new(
            py,
            [
                cls.into_any(),
                PyTuple::new(py, [fen.as_str(), variant])?.into_any(),
            ],
        )
    }
}

/// The 10x8 board as the library's diagram.
fn ten_diagram(board: &capa::Board) -> Diagram {
    // Ten files and eight ranks are within the diagram's limits.
    let mut diagram = Diagram::new(10, 8).unwrap_or_else(|_| unreachable!("a 10x8 diagram"));
    for (sq, piece) in board.pieces() {
        let cell = Cell {
            file: sq.file().index() as u8,
            rank: sq.rank().index() as u8,
        };
        let _ = diagram.set(cell, Some((Figure::from(piece.role), piece.color)));
    }
    diagram
}

impl PyPosition {
    fn read_move(&self, py: Python<'_>, text: &str, notation: &str) -> PyResult<AnyMove> {
        let pos = match &self.pos {
            AnyPosition::Eight(pos) => pos,
            AnyPosition::Ten(pos) => {
                return ten::read_move(py, pos, text, notation).map(AnyMove::Ten)
            }
        };
        if notation == "san" {
            return pos
                .parse_move(text)
                .map(AnyMove::Eight)
                .map_err(|e| parse_move_error(py, &e));
        }
        let notation: Notation =
            notation
                .parse()
                .map_err(|e: forsyth::notation::ParseNotationError| {
                    PyValueError::new_err(e.to_string())
                })?;
        notation.read(pos, text).map(AnyMove::Eight).map_err(|e| {
            let err = error::<MoveError>(
                py,
                e.to_string(),
                Place {
                    line: None,
                    column: None,
                    field: "move",
                    kind: e.kind().name(),
                },
            );
            let _ = err.value(py).setattr("candidates", e.candidates.clone());
            err
        })
    }
}

/// A legal move of a position (from :meth:`Position.legal_moves`, a game's
/// moves or a solution), which writes itself in UCI and SAN. Moves of the
/// 10x8 board are this class too.
///
/// ``==`` and ``hash()`` compare the move itself (piece, squares, capture,
/// promotion), as the library does. ``str()`` is its UCI text. A move is
/// an immutable value: copies are the object itself, and it pickles with
/// its position.
///
/// >>> from forsyth import Position
/// >>> m = Position().parse_move("Nf3")
/// >>> m.uci(), m.san(), m.from_square, m.to_square, m.piece
/// ('g1f3', 'Nf3', 'g1', 'f3', 'N')
/// >>> m
/// Move(uci='g1f3', san='Nf3')
/// >>> Position.capablanca().parse_move("c1d3")
/// Move(uci='c1d3', san='Ad3')
#[pyclass(name = "Move", module = "forsyth", frozen)]
pub struct PyMove {
    inner: MoveOf,
}

/// A move and the position it is played from (SAN needs it).
enum MoveOf {
    Eight {
        mv: Move,
        pos: Arc<Position>,
    },
    Ten {
        mv: capa::Move,
        pos: Arc<capa::Position>,
    },
}

impl PyMove {
    /// The 8x8 move `mv` of `pos`.
    pub fn eight(mv: Move, pos: &Arc<Position>) -> PyMove {
        PyMove {
            inner: MoveOf::Eight {
                mv,
                pos: Arc::clone(pos),
            },
        }
    }

    /// The SAN text.
    pub fn san_text(&self) -> String {
        match &self.inner {
            MoveOf::Eight { mv, pos } => pos.san(*mv),
            MoveOf::Ten { mv, pos } => pos.san(*mv),
        }
    }
}

#[pymethods]
impl PyMove {
    /// The UCI text: ``castling`` ``"auto"`` writes castling as the
    /// variant's convention does (``e1g1`` in standard chess, Capablanca
    /// and Gothic chess; king takes rook, ``e1h1``, in Chess960 and CRC),
    /// ``"standard"`` or ``"chess960"`` one of them always.
    ///
    /// >>> from forsyth import Position
    /// >>> pos = Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    /// >>> pos.parse_move("O-O").uci(), pos.parse_move("O-O").uci(castling="chess960")
    /// ('e1g1', 'e1h1')
    #[pyo3(signature = (castling = "auto"))]
    fn uci(&self, castling: &str) -> PyResult<String> {
        let mode = match castling {
            "auto" => None,
            "standard" => Some(CastlingMode::Standard),
            "chess960" => Some(CastlingMode::Chess960),
            other => {
                return Err(bad_choice(
                    "castling",
                    other,
                    "'auto', 'standard', 'chess960'",
                ))
            }
        };
        Ok(match &self.inner {
            MoveOf::Eight { mv, pos } => pos.uci(
                *mv,
                mode.unwrap_or_else(|| CastlingMode::from_variant(pos.variant())),
            ),
            MoveOf::Ten { mv, pos } => {
                pos.uci(*mv, mode.unwrap_or_else(|| ten::uci_mode(pos.variant())))
            }
        })
    }

    /// The SAN text, with its check or mate suffix (``A`` the archbishop,
    /// ``C`` the chancellor on the 10x8 board).
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/8/6K1/8/8/8/8/R7 w - - 0 1").parse_move("a1a8").san()
    /// 'Ra8#'
    fn san(&self) -> String {
        self.san_text()
    }

    /// The square the piece leaves (the king's, for castling).
    ///
    /// >>> from forsyth import Position
    /// >>> Position().parse_move("e4").from_square
    /// 'e2'
    #[getter(from_square)]
    fn origin(&self) -> String {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.from().to_string(),
            MoveOf::Ten { mv, .. } => mv.from().to_string(),
        }
    }

    /// The square it goes to; for castling, the square the king ends on.
    ///
    /// >>> from forsyth import Position
    /// >>> Position().parse_move("e4").to_square
    /// 'e4'
    #[getter]
    fn to_square(&self) -> String {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.to().to_string(),
            MoveOf::Ten { mv, .. } => mv.to().to_string(),
        }
    }

    /// The moving piece's letter, upper case (``"P"`` for a pawn).
    ///
    /// >>> from forsyth import Position
    /// >>> Position().parse_move("e4").piece
    /// 'P'
    #[getter]
    fn piece(&self) -> char {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.role().upper_char(),
            MoveOf::Ten { mv, .. } => mv.role().upper_char(),
        }
    }

    /// The letter of the piece a pawn becomes (``"q"``), or ``None``.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("8/P6k/8/8/8/8/8/K7 w - - 0 1").parse_move("a8=N").promotion
    /// 'n'
    #[getter]
    fn promotion(&self) -> Option<char> {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.promotion(),
            MoveOf::Ten { mv, .. } => mv.promotion(),
        }
        .map(|r| r.char())
    }

    /// Whether it takes a piece (en passant included).
    ///
    /// >>> from forsyth import Position
    /// >>> Position().parse_move("e4").is_capture
    /// False
    #[getter]
    fn is_capture(&self) -> bool {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.is_capture(),
            MoveOf::Ten { mv, .. } => mv.is_capture(),
        }
    }

    /// Whether it castles.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").parse_move("O-O-O").is_castling
    /// True
    #[getter]
    fn is_castling(&self) -> bool {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.is_castle(),
            MoveOf::Ten { mv, .. } => mv.is_castle(),
        }
    }

    /// Whether it takes en passant.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").parse_move("exd6").is_en_passant
    /// True
    #[getter]
    fn is_en_passant(&self) -> bool {
        match &self.inner {
            MoveOf::Eight { mv, .. } => mv.is_en_passant(),
            MoveOf::Ten { mv, .. } => mv.is_en_passant(),
        }
    }

    fn __str__(&self) -> PyResult<String> {
        self.uci("auto")
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "Move(uci='{}', san='{}')",
            self.uci("auto")?,
            self.san()
        ))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyMove>() {
            Ok(o) => {
                let equal = match (&self.inner, &o.get().inner) {
                    (MoveOf::Eight { mv: a, .. }, MoveOf::Eight { mv: b, .. }) => a == b,
                    (MoveOf::Ten { mv: a, .. }, MoveOf::Ten { mv: b, .. }) => a == b,
                    _ => false,
                };
                Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        match &self.inner {
            MoveOf::Eight { mv, .. } => rust_hash(mv),
            MoveOf::Ten { mv, .. } => rust_hash(mv),
        }
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Pickles as its position and its UCI text, read back by
    /// ``position.parse_move(uci, "uci")``.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyPosition,))> {
        let py = slf.py();
        let this = slf.get();
        let uci = this.uci("auto")?;
        let pos = match &this.inner {
            MoveOf::Eight { pos, .. } => PyPosition::shared(Arc::clone(pos)),
            MoveOf::Ten { pos, .. } => PyPosition {
                pos: AnyPosition::Ten(Arc::clone(pos)),
            },
        };
        let read =
            py.import("operator")?
                .getattr("methodcaller")?
                .call1(("parse_move", uci, "uci"))?;
        Ok((read, (pos,)))
    }
}

/// How a game ended: ``kind`` (``"checkmate"``, ``"stalemate"``,
/// ``"insufficient_material"``, ``"seventy_five_moves"``,
/// ``"fivefold_repetition"``) and ``winner`` (``"white"``, ``"black"``, or
/// ``None`` for a draw). ``str()`` is the sentence.
///
/// >>> from forsyth import Position
/// >>> o = Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome()
/// >>> o.kind, o.winner, str(o)
/// ('stalemate', None, 'draw by stalemate')
#[pyclass(name = "Outcome", module = "forsyth", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct PyOutcome {
    pub outcome: Outcome,
}

#[pymethods]
impl PyOutcome {
    /// The kind's stable name.
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome().kind
    /// 'checkmate'
    #[getter]
    fn kind(&self) -> &'static str {
        self.outcome.name()
    }

    /// ``"white"``, ``"black"`` or ``None`` (a draw).
    ///
    /// >>> from forsyth import Position
    /// >>> Position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome().winner
    /// 'white'
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.outcome.winner().map(|c| c.name())
    }

    fn __str__(&self) -> String {
        self.outcome.to_string()
    }

    fn __repr__(&self) -> String {
        match self.winner() {
            Some(w) => format!("Outcome(kind='{}', winner='{w}')", self.kind()),
            None => format!("Outcome(kind='{}', winner=None)", self.kind()),
        }
    }
}

/// A perft depth the walk's stack holds, or the error that says the bound.
fn check_depth(depth: u32) -> PyResult<()> {
    let most = forsyth::Position::MAX_PERFT_DEPTH;
    if depth > most {
        return Err(PyValueError::new_err(format!(
            "depth {depth}: perft counts at most {most} plies deep"
        )));
    }
    Ok(())
}
