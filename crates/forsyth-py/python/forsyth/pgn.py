"""PGN collections: games streamed one at a time (:func:`read`) or judged
on every core (:func:`check`), every move replayed by the rules
(``specs/pgn.md``): each game's tags, moves (SAN and UCI), positions and
verdict, the first fault with its line and column.

>>> import io
>>> from forsyth import pgn
>>> game = next(pgn.read(io.StringIO('[White "Anna"]\\n1. e4 e5 2. Nf3 Nc6 *')))
>>> game.tags["White"], game.san(), game.ok
('Anna', ['e4', 'e5', 'Nf3', 'Nc6'], True)
"""

from forsyth._forsyth import Check, Fault, Game, Reader, Verdict, check, split
from forsyth._forsyth import read

__all__ = ["Check", "Fault", "Game", "Reader", "Verdict", "check", "read", "split"]
