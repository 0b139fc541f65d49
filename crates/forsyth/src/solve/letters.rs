//! Popeye's piece letters in the languages it reads and writes, for its
//! input, its twins and its solutions alike.

use crate::board::Role;
use crate::notation::Language;

/// Popeye's piece letters, pawn first (in [`Role`] order), in the
/// languages it reads and writes. They are those languages' SAN letters
/// ([`Language::letters`]) but for two: English writes the knight `S`
/// (Springer) and German the pawn `B` (Bauer); the SAN letter is read in
/// their place too.
const POPEYE_LETTERS: [(Language, [char; 6]); 3] = [
    (Language::English, ['P', 'S', 'B', 'R', 'Q', 'K']),
    (Language::German, ['B', 'S', 'L', 'T', 'D', 'K']),
    (Language::French, ['P', 'C', 'F', 'T', 'D', 'R']),
];

/// Popeye's letters in `language`; English's for a language Popeye does
/// not speak.
fn popeye_letters(language: Language) -> &'static [char; 6] {
    POPEYE_LETTERS
        .iter()
        .find(|(l, _)| *l == language)
        .map_or(&POPEYE_LETTERS[0].1, |(_, letters)| letters)
}

/// Popeye's letter of `role` in `language` (pawns included).
pub(crate) fn popeye_letter(role: Role, language: Language) -> char {
    match Role::ALL.iter().position(|&r| r == role) {
        Some(i) => popeye_letters(language)[i],
        // Never met: Popeye's board is the 8x8 one, which holds neither.
        None if role == Role::Archbishop => 'A',
        None => 'C',
    }
}

/// The role of a Popeye piece letter (either case) in `language`.
pub(crate) fn popeye_role(letter: char, language: Language) -> Option<Role> {
    let c = letter.to_ascii_uppercase();
    if let Some(i) = popeye_letters(language).iter().position(|&l| l == c) {
        return Some(Role::ALL[i]);
    }
    // The SAN letters that Popeye's replace.
    let english = popeye_letters(language) == popeye_letters(Language::English);
    match c {
        'N' if english => Some(Role::Knight),
        'P' if language == Language::German => Some(Role::Pawn),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye 4.104's piece names (`output/plaintext/language_dependant.c`,
    /// `PieNamString`) are its languages' SAN letters but for the English
    /// knight `S` and the German pawn `B`; each letter reads back to its
    /// role, and the SAN letter replaced reads too.
    #[test]
    fn popeye_letters_are_the_notation_letters_but_two() {
        for language in [Language::English, Language::German, Language::French] {
            for (i, role) in Role::ALL.into_iter().enumerate() {
                let san = language.letters().white[i]
                    .chars()
                    .next()
                    .unwrap()
                    .to_ascii_uppercase();
                let popeye = popeye_letter(role, language);
                let expected = match (language, role) {
                    (Language::English, Role::Knight) => 'S',
                    (Language::German, Role::Pawn) => 'B',
                    _ => san,
                };
                assert_eq!(popeye, expected, "{language:?} {role:?}");
                assert_eq!(popeye_role(popeye, language), Some(role));
                assert_eq!(popeye_role(san, language), Some(role));
                assert_eq!(
                    popeye_role(popeye.to_ascii_lowercase(), language),
                    Some(role)
                );
            }
        }
        // A language Popeye does not speak is written in English.
        assert_eq!(popeye_letter(Role::Knight, Language::Italian), 'S');
    }
}
