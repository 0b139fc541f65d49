//! The two sides, and a map with one value per side.

use core::ops::Not;

/// White or Black.
///
/// ```
/// use forsyth_types::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::White.char(), 'w');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The colour named by a FEN side-to-move letter, `w` or `b`.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::from_char('w'), Some(Color::White));
    /// assert_eq!(Color::from_char('W'), None);
    /// ```
    #[inline]
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The FEN side-to-move letter, `w` or `b`.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::Black.char(), 'b');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The English name, lowercase.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::White.name(), "white");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `true` for White.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert!(Color::White.is_white());
    /// ```
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// `true` for Black.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert!(Color::Black.is_black());
    /// ```
    #[inline]
    pub const fn is_black(self) -> bool {
        matches!(self, Color::Black)
    }

    /// The other colour.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::Black.other(), Color::White);
    /// ```
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Picks `white` for White and `black` for Black.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::Black.fold_wb(1, 8), 8);
    /// ```
    #[inline]
    pub fn fold_wb<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// 0 for White, 1 for Black.
    ///
    /// ```
    /// use forsyth_types::Color;
    /// assert_eq!(Color::Black.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// One value per colour.
///
/// ```
/// use forsyth_types::{ByColor, Color};
/// let mut kings = ByColor::new(0, 0);
/// *kings.get_mut(Color::Black) += 1;
/// assert_eq!(*kings.get(Color::Black), 1);
/// assert_eq!(kings.white, 0);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A map from its two values.
    ///
    /// ```
    /// use forsyth_types::ByColor;
    /// assert_eq!(ByColor::new(1, 2).black, 2);
    /// ```
    #[inline]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// A map whose values are computed from each colour.
    ///
    /// ```
    /// use forsyth_types::{ByColor, Color};
    /// assert_eq!(ByColor::new_with(Color::char).black, 'b');
    /// ```
    #[inline]
    pub fn new_with<F: FnMut(Color) -> T>(mut f: F) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The value of one colour.
    ///
    /// ```
    /// use forsyth_types::{ByColor, Color};
    /// assert_eq!(*ByColor::new("w", "b").get(Color::White), "w");
    /// ```
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of one colour, mutably.
    ///
    /// ```
    /// use forsyth_types::{ByColor, Color};
    /// let mut m = ByColor::new(1, 2);
    /// *m.get_mut(Color::White) = 3;
    /// assert_eq!(m.white, 3);
    /// ```
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Both values, White's first, with their colours.
    ///
    /// ```
    /// use forsyth_types::{ByColor, Color};
    /// let m = ByColor::new(1, 2);
    /// let v: Vec<_> = m.iter().collect();
    /// assert_eq!(v, [(Color::White, &1), (Color::Black, &2)]);
    /// ```
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }

    /// A map of the values transformed by `f`.
    ///
    /// ```
    /// use forsyth_types::ByColor;
    /// assert_eq!(ByColor::new(1, 2).map(|x| x * 10), ByColor::new(10, 20));
    /// ```
    #[inline]
    pub fn map<U, F: FnMut(T) -> U>(self, mut f: F) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }
}
