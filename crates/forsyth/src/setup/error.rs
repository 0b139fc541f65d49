//! Why a record's castling letters cannot be given a meaning.

use core::fmt;

use crate::setup::{Problem, ProblemKind};

/// Castling letters of a record that name no right under the variant: every
/// one, in order, each a castling [`Problem`] with the letter, its byte
/// offset and the squares involved (the same problems
/// [`Report::of_fen`](crate::validate::Report::of_fen) reports).
///
/// ```
/// use forsyth::{Setup, Square, Variant};
/// use forsyth::fen::Fen;
/// use forsyth::validate::ProblemKind;
/// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w K - 0 1")?;
/// let err = Setup::from_fen(&fen, Some(Variant::Standard)).unwrap_err();
/// assert_eq!(err.kind(), ProblemKind::CastlingRookMissing);
/// assert_eq!(err.problems()[0].offset(), Some(22));
/// assert_eq!(err.problems()[0].square(), Some(Square::H1));
/// assert_eq!(err.to_string(), "'K': white has no rook on h1 to castle with");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SetupError {
    problems: Vec<Problem>,
}

impl SetupError {
    /// `problems` is never empty.
    pub(crate) fn new(problems: Vec<Problem>) -> SetupError {
        SetupError { problems }
    }

    /// The kind of the first bad letter.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::fen::Fen;
    /// use forsyth::validate::ProblemKind;
    /// let fen = Fen::from_ascii(b"8/8/8/8/8/8/8/8 w K - 0 1")?;
    /// let err = Setup::from_fen(&fen, None).unwrap_err();
    /// assert_eq!(err.kind(), ProblemKind::CastlingWithoutKing);
    /// assert_eq!(err.kind().name(), "castling_without_king");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> ProblemKind {
        self.problems
            .first()
            .map_or(ProblemKind::CastlingRookMissing, Problem::kind)
    }

    /// Every bad letter, in the order of the field.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w Kq - 0 1")?;
    /// assert_eq!(Setup::from_fen(&fen, None).unwrap_err().problems().len(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Every bad letter, by value.
    ///
    /// ```
    /// use forsyth::Setup;
    /// use forsyth::fen::Fen;
    /// let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w K - 0 1")?;
    /// assert_eq!(Setup::from_fen(&fen, None).unwrap_err().into_problems().len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_problems(self) -> Vec<Problem> {
        self.problems
    }
}

impl fmt::Display for SetupError {
    /// The letters' messages, `; ` between them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}", p.display_message())?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}
