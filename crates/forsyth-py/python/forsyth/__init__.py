"""forsyth: chess positions in every notation, Chess960 first.

The Python face of the Rust library forsyth: FEN, Shredder-FEN and X-FEN
read, validated (every problem at once, with a stable kind name) and
written; legal moves, SAN and UCI, perft; PGN collections streamed and
replayed (:mod:`forsyth.pgn`); moves in every notation
(:mod:`forsyth.notation`); chess problems solved (:func:`solve`). The batch
functions (:func:`convert_many`, :func:`validate_many`,
:func:`forsyth.pgn.check`) free the interpreter and use every core.

>>> import forsyth
>>> pos = forsyth.Position().play("e4").play("c5").play("Nf3")
>>> pos.fen()
'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
>>> forsyth.convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", castling="shredder")
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1'
"""

from forsyth._forsyth import (
    STARTING_FEN,
    Error,
    FenError,
    Key,
    Line,
    Move,
    MoveError,
    Outcome,
    Position,
    Problem,
    ProblemError,
    Report,
    Solution,
    Variation,
    __version__,
    convert,
    convert_many,
    solve,
    validate,
    validate_many,
)
from forsyth import notation, pgn

__all__ = [
    "STARTING_FEN",
    "Error",
    "FenError",
    "Key",
    "Line",
    "Move",
    "MoveError",
    "Outcome",
    "Position",
    "Problem",
    "ProblemError",
    "Report",
    "Solution",
    "Variation",
    "__version__",
    "convert",
    "convert_many",
    "notation",
    "pgn",
    "solve",
    "validate",
    "validate_many",
]
