//! A game's tag pairs as read, kept in one string: what a [`Visitor`]
//! keeps of the tags from one game to the next without an allocation per
//! pair.
//!
//! [`Visitor`]: super::Visitor

/// A game's tag pairs in the order read, names and values (decoded) in
/// one string: cleared for the next game, it keeps its room, so that
/// reading a collection costs no allocation per pair. A name may come
/// more than once: every pair is kept, as read.
///
/// ```
/// use forsyth::pgn::TagList;
/// let mut tags = TagList::default();
/// tags.push("Event", "Casual");
/// tags.push("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1");
/// tags.push("Event", "again");
/// assert_eq!(tags.len(), 3);
/// assert_eq!(tags.first("Event"), Some("Casual"));
/// assert_eq!(tags.first("Site"), None);
/// let names: Vec<&str> = tags.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["Event", "FEN", "Event"]);
/// tags.clear();
/// assert!(tags.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TagList {
    text: String,
    /// Where each pair's name ends and its value ends in `text` (the
    /// value starts where the name ends, the next name where the value
    /// ends).
    ends: Vec<(usize, usize)>,
}

impl TagList {
    /// Adds a pair after the others.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// let mut tags = TagList::default();
    /// tags.push("White", "Anna");
    /// assert_eq!(tags.iter().next(), Some(("White", "Anna")));
    /// ```
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push((name_end, self.text.len()));
    }

    /// The pairs, name and value, in the order they were added.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// let mut tags = TagList::default();
    /// tags.push("White", "Anna");
    /// tags.push("Black", "");
    /// assert_eq!(tags.iter().collect::<Vec<_>>(), [("White", "Anna"), ("Black", "")]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&(_, end)| end));
        starts.zip(&self.ends).map(|(start, &(name_end, end))| {
            (&self.text[start..name_end], &self.text[name_end..end])
        })
    }

    /// The value of the first pair named `name`.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// let mut tags = TagList::default();
    /// tags.push("Round", "1");
    /// tags.push("Round", "2");
    /// assert_eq!(tags.first("Round"), Some("1"));
    /// assert_eq!(tags.first("round"), None);
    /// ```
    pub fn first(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// How many pairs there are.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// assert_eq!(TagList::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no pair.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// assert!(TagList::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Removes every pair, keeping the room they took.
    ///
    /// ```
    /// use forsyth::pgn::TagList;
    /// let mut tags = TagList::default();
    /// tags.push("Event", "?");
    /// tags.clear();
    /// assert_eq!(tags.iter().count(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::TagList;

    /// Pairs read back as pushed, whatever their text: empty names and
    /// values, names that are prefixes of values, non-ASCII text; against
    /// a plain list of owned pairs.
    #[test]
    fn pairs_read_back_as_pushed() {
        let pairs = [
            ("", ""),
            ("Event", ""),
            ("", "value"),
            ("White", "Whiteman"),
            ("Ort", "Zürich"),
            ("Event", "Ιδ"),
        ];
        let mut tags = TagList::default();
        let mut expected: Vec<(String, String)> = Vec::new();
        for round in 0..3 {
            for (name, value) in pairs {
                tags.push(name, value);
                expected.push((name.to_owned(), value.to_owned()));
                let got: Vec<(String, String)> = tags
                    .iter()
                    .map(|(n, v)| (n.to_owned(), v.to_owned()))
                    .collect();
                assert_eq!(got, expected, "round {round}");
                assert_eq!(tags.len(), expected.len());
                let first = expected.iter().find(|(n, _)| n == "Event");
                assert_eq!(tags.first("Event"), first.map(|(_, v)| v.as_str()));
            }
            tags.clear();
            expected.clear();
            assert!(tags.is_empty());
        }
    }
}
