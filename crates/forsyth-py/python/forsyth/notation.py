"""Moves in every notation of the chess literature: SAN in 19 languages and
with figurines, long algebraic, UCI, and English, Spanish and French
descriptive notation (``specs/notation.md``).

>>> from forsyth import notation
>>> notation.translate("1.e4 e5 2.Nf3 Nc6 3.Bb5", "san", "descriptive-en")
'1.P-K4 P-K4 2.N-KB3 N-QB3 3.B-N5'
"""

from forsyth._forsyth import translate

__all__ = ["translate"]
