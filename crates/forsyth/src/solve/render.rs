//! A solution written as text: the problemist's form in any notation, and
//! Popeye's tree, each in the words of a language.

use core::fmt;

use crate::board::{Move, Role};
use crate::notation::{Language, Notation};
use crate::rules::Position;

use super::letters::popeye_letter;
use super::order::{order_key, OrderKey};
use super::search::after;
use super::stipulation::{Goal, Play, Stipulation};
use super::{duplex_position, passed, AfterKey, Key, Line, Solution, Variation};

/// The words of a solution's text in one language.
struct Words {
    /// The header of set play.
    set_play: &'static str,
    /// `N solutions`: one and more.
    solution: &'static str,
    solutions: &'static str,
    no_solution: &'static str,
    /// `cook: N keys`.
    cook: &'static str,
    keys: &'static str,
    dual: &'static str,
    short: &'static str,
    zugzwang: &'static str,
    duplex: &'static str,
    /// The side not to move is in check (Popeye's message).
    king_capture: &'static str,
    /// Popeye's words: ` threat:`, ` zugzwang.`, `but`.
    popeye_threat: &'static str,
    popeye_zugzwang: &'static str,
    popeye_but: &'static str,
    popeye_refutes: &'static str,
    /// Tries asked for after the key: Popeye's message.
    popeye_no_tries: &'static str,
    /// Popeye's line for set play asked where there is none.
    popeye_no_set_play: &'static str,
    /// Popeye's line for a threat length that holds no move.
    popeye_no_threat: &'static str,
    /// Popeye's line for `whitetoplay` where it does not apply.
    popeye_no_white_first: &'static str,
}

const ENGLISH: Words = Words {
    set_play: "set play",
    solution: "solution",
    solutions: "solutions",
    no_solution: "no solution",
    cook: "cook",
    keys: "keys",
    dual: "dual",
    short: "short",
    zugzwang: "zugzwang",
    duplex: "duplex",
    king_capture: "the side to play can capture the king",
    popeye_threat: " threat:",
    popeye_zugzwang: " zugzwang.",
    popeye_but: "but",
    popeye_refutes: "refutes.",
    popeye_no_tries: "try play not applicable",
    popeye_no_set_play: "SetPlay not applicable - ignored",
    popeye_no_white_first: "WhiteToPlay not applicable - ignored",
    popeye_no_threat: "Option \"Threat\" not applicable or indicated maximum threat length too big",
};

const GERMAN: Words = Words {
    set_play: "Satzspiel",
    solution: "Lösung",
    solutions: "Lösungen",
    no_solution: "keine Lösung",
    cook: "Nebenlösung",
    keys: "Schlüsselzüge",
    dual: "Dual",
    short: "kurz",
    zugzwang: "Zugzwang",
    duplex: "Duplex",
    king_capture: "die am Zug befindliche Partei kann den König schlagen",
    popeye_threat: " Drohung:",
    popeye_zugzwang: " Zugzwang.",
    popeye_but: "Aber",
    popeye_refutes: "Widerlegt.",
    popeye_no_tries: "Verfuehrung nicht anwendbar",
    popeye_no_set_play: "Satzspiel nicht anwendbar - ignoriert",
    popeye_no_white_first: "WeissBeginnt nicht anwendbar - ignoriert",
    // Popeye's own spelling, "order" for "oder".
    popeye_no_threat:
        "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross",
};

const FRENCH: Words = Words {
    set_play: "jeu apparent",
    solution: "solution",
    solutions: "solutions",
    no_solution: "pas de solution",
    cook: "démolition",
    keys: "clés",
    dual: "dual",
    short: "court",
    zugzwang: "blocus",
    duplex: "duplex",
    king_capture: "le camp au trait peut prendre le roi",
    popeye_threat: " menace:",
    popeye_zugzwang: " blocus.",
    popeye_but: "mais",
    popeye_refutes: "Refute.",
    popeye_no_tries: "jeu d'essai pas applicable",
    popeye_no_set_play: "Apparent pas applicable - ignore",
    popeye_no_white_first: "ApparentSeul pas applicable - ignore",
    popeye_no_threat:
        "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande",
};

/// What Popeye says, in `language` (English, German or French; English
/// for the others), when its `option whitetoplay` does not apply to a
/// twin's stipulation ([`Twin::white_to_play_ignored`]): before the twin's
/// label, in place of the blank line that ends the twin before.
///
/// ```
/// use forsyth::notation::Language;
/// use forsyth::solve::popeye_white_first_ignored;
/// assert_eq!(popeye_white_first_ignored(Language::English), "WhiteToPlay not applicable - ignored");
/// ```
///
/// [`Twin::white_to_play_ignored`]: super::Twin::white_to_play_ignored
pub fn popeye_white_first_ignored(language: Language) -> &'static str {
    words(language).popeye_no_white_first
}

/// The words of `language`: English, German and French (Popeye's three
/// languages); English for the others.
fn words(language: Language) -> &'static Words {
    match language {
        Language::German => &GERMAN,
        Language::French => &FRENCH,
        _ => &ENGLISH,
    }
}

/// The language of a notation's words: a SAN's own, else English.
fn language_of(notation: Notation) -> Language {
    match notation {
        Notation::San(language) => language,
        _ => Language::English,
    }
}

/// Writes `solution` of the problem `pos` in the problemist's form, moves
/// in `notation` and words in its language (English, German or French;
/// English for the others) (`specs/solve.md` §3).
///
/// Battle play: the set play first when there is some, under `set play:`;
/// then a line per key, `1.Sd4!` with the threat's first moves in
/// parentheses (`zugzwang` for a waiting key), and per try, `1.Sc5?` with
/// its refutation (`1...Kd6!`), in the move generator's order; under
/// each, indented, one line per variation from Black's first defence to
/// the end, `1...Kd7 2.Sb5 (3.Tf7#) Ke7 3.Tf7#` (a quiet White move's
/// threat in parentheses), ending in `(dual)` when a White move of it has
/// a rival that also reaches the goal in time and `(short)` when it ends
/// before the stipulation's last move. A cooked problem starts with
/// `cook: N keys`.
///
/// Help and series play: `N solutions`, then one line per solution,
/// `1.Kf5 Rd4 2.Ke4 Rd3#` (`(short)` when it ends early).
///
/// Nothing solves it: `no solution`. A duplex's second half follows under
/// `duplex:`. After the key ([`Solution::after_key`]): the threat in
/// parentheses or `zugzwang`, then the variations, a refutation marked
/// `!` (`1...h4!`). The side not to move in check: `the side to play can
/// capture the king` in place of the solution.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::notation::Notation;
/// use forsyth::solve::{Solver, Stipulation, write_solution};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::mate(1)).solve(&pos)?;
/// let mut text = String::new();
/// write_solution(&mut text, &pos, &solution, Notation::San(forsyth::notation::Language::German))?;
/// assert_eq!(text, "1.Th8#!\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_solution<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    solution: &Solution,
    notation: Notation,
) -> fmt::Result {
    let words = words(language_of(notation));
    let text = Text { notation, words };
    text.half(out, pos, solution)?;
    if let Some(second) = &solution.duplex {
        writeln!(out, "{}:", words.duplex)?;
        text.half(out, &duplex_position(pos), second)?;
    }
    Ok(())
}

/// The problemist's text: a notation and its words.
struct Text {
    notation: Notation,
    words: &'static Words,
}

impl Text {
    /// A move, with `=` after a stalemating one (the notations mark checks
    /// and mates themselves).
    fn mv(&self, pos: &Position, m: Move) -> String {
        self.marked(pos, m, true)
    }

    /// A move of a help or series line: a stalemate is marked only on its
    /// last move (`ends`); one before it is passed in a series, which goes
    /// on.
    fn line_mv(&self, pos: &Position, m: Move, ends: bool) -> String {
        self.marked(pos, m, ends)
    }

    /// A move, with `=` after a stalemating one when `stalemate` is set.
    fn marked(&self, pos: &Position, m: Move, stalemate: bool) -> String {
        let mut text = self.notation.write(pos, m);
        if stalemate && self.notation != Notation::Uci && !text.ends_with(['+', '#']) {
            let next = after(pos, m);
            if !next.is_check() && next.count_legal_moves() == 0 {
                text.push('=');
            }
        }
        text
    }

    /// One half of a solution (the whole of one that is not duplex).
    fn half<W: fmt::Write>(&self, out: &mut W, pos: &Position, solution: &Solution) -> fmt::Result {
        if solution.stipulation.is_lines() {
            return self.lines(out, pos, solution);
        }
        if let Some(after_key) = &solution.after_key {
            return self.after_key(out, pos, after_key);
        }
        if solution.set_play_opposite_check {
            writeln!(out, "{}: {}", self.words.set_play, self.words.king_capture)?;
        }
        if let Some(set) = solution.set_play.as_ref().filter(|s| !s.is_empty()) {
            writeln!(out, "{}:", self.words.set_play)?;
            let black = passed(pos);
            for v in set {
                let mut line = Line_ {
                    moves: Vec::new(),
                    dual: false,
                    short: false,
                };
                self.defence(out, &black, v, 1, &mut line)?;
            }
        }
        if solution.opposite_check {
            return writeln!(out, "{}", self.words.king_capture);
        }
        if solution.keys.is_empty() {
            writeln!(out, "{}", self.words.no_solution)?;
        }
        for &m in &solution.forced {
            writeln!(out, "1.{}?!?", self.mv(pos, m))?;
        }
        if solution.is_cooked() {
            writeln!(
                out,
                "{}: {} {}",
                self.words.cook,
                solution.keys.len(),
                self.words.keys
            )?;
        }
        for (key, is_try) in first_moves(pos, solution) {
            self.key(out, pos, key, is_try)?;
        }
        Ok(())
    }

    fn key<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        key: &Key,
        is_try: bool,
    ) -> fmt::Result {
        write!(
            out,
            "1.{}{}",
            self.mv(pos, key.mv),
            if is_try { '?' } else { '!' }
        )?;
        let next = after(pos, key.mv);
        match &key.threat {
            Some(threat) => write!(out, " ({})", self.threat(&next, threat, 2))?,
            None if key.is_waiting() => write!(out, " {}", self.words.zugzwang)?,
            None => {}
        }
        if key.short {
            write!(out, " ({})", self.words.short)?;
        }
        for &r in &key.refutations {
            write!(out, " 1...{}!", self.mv(&next, r))?;
        }
        writeln!(out)?;
        let mut line = Line_ {
            moves: Vec::new(),
            dual: false,
            short: false,
        };
        for defence in &key.defences {
            self.defence(out, &next, defence, 1, &mut line)?;
        }
        Ok(())
    }

    /// The play after a key not shown: the threat in parentheses (or
    /// `zugzwang`), then the variations, a refutation marked `!`.
    fn after_key<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        after_key: &AfterKey,
    ) -> fmt::Result {
        match &after_key.threat {
            Some(threat) => writeln!(out, "({})", self.threat(pos, threat, 2))?,
            None if !pos.is_check() => writeln!(out, "{}", self.words.zugzwang)?,
            None => {}
        }
        let mut line = Line_ {
            moves: Vec::new(),
            dual: false,
            short: false,
        };
        for defence in &after_key.defences {
            if after_key.refutations.contains(&defence.mv) {
                writeln!(out, "  1...{}!", self.mv(pos, defence.mv))?;
            } else {
                self.defence(out, pos, defence, 1, &mut line)?;
            }
        }
        Ok(())
    }

    /// A threat's first moves, numbered `number`, after the White move
    /// that led to `pos` (Black to move): `2.Sb5, 2.Sc7`.
    fn threat(&self, pos: &Position, threat: &[Variation], number: u32) -> String {
        let passed = passed(pos);
        let moves: Vec<String> = threat
            .iter()
            .map(|t| format!("{number}.{}", self.mv(&passed, t.mv)))
            .collect();
        moves.join(", ")
    }

    /// Black's defence at move `number`, then each White continuation.
    fn defence<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        defence: &Variation,
        number: u32,
        line: &mut Line_,
    ) -> fmt::Result {
        let text = self.mv(pos, defence.mv);
        line.moves.push(if line.moves.is_empty() {
            format!("{number}...{text}")
        } else {
            text
        });
        let next = after(pos, defence.mv);
        // A selfmate's variations end in Black's mating move.
        if defence.replies.is_empty() {
            self.line(out, line)?;
        }
        for cont in &defence.replies {
            let (dual, short) = (line.dual, line.short);
            line.dual |= cont.dual;
            line.short |= cont.short;
            let after_cont = after(&next, cont.mv);
            let mut text = format!("{}.{}", number + 1, self.mv(&next, cont.mv));
            if let Some(threat) = &cont.threat {
                text.push_str(&format!(
                    " ({})",
                    self.threat(&after_cont, threat, number + 2)
                ));
            }
            line.moves.push(text);
            if cont.replies.is_empty() {
                self.line(out, line)?;
            } else {
                for reply in &cont.replies {
                    self.defence(out, &after_cont, reply, number + 1, line)?;
                }
            }
            line.moves.pop();
            (line.dual, line.short) = (dual, short);
        }
        line.moves.pop();
        Ok(())
    }

    /// One variation, indented, with its marks.
    fn line<W: fmt::Write>(&self, out: &mut W, line: &Line_) -> fmt::Result {
        write!(out, "  {}", line.moves.join(" "))?;
        if line.dual {
            write!(out, " ({})", self.words.dual)?;
        }
        if line.short {
            write!(out, " ({})", self.words.short)?;
        }
        writeln!(out)
    }

    /// Help and series play: the set play when asked for and there is
    /// some (under `set play:`), the count, then each solution.
    fn lines<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        solution: &Solution,
    ) -> fmt::Result {
        if solution.set_play_opposite_check {
            writeln!(out, "{}: {}", self.words.set_play, self.words.king_capture)?;
        }
        if let Some(set) = solution.stipulation.set_play() {
            if !solution.set_lines.is_empty() {
                writeln!(out, "{}:", self.words.set_play)?;
                let start = passed(pos);
                for line in &solution.set_lines {
                    let moves = numbered(&start, &set, line, |p, m, ends| self.line_mv(p, m, ends));
                    writeln!(out, "  {}", moves.join(" "))?;
                }
            }
        }
        if solution.opposite_check {
            return writeln!(out, "{}", self.words.king_capture);
        }
        let n = solution.lines.len();
        match n {
            0 => return writeln!(out, "{}", self.words.no_solution),
            1 => writeln!(out, "1 {}", self.words.solution)?,
            _ => writeln!(out, "{n} {}", self.words.solutions)?,
        }
        for line in &solution.lines {
            let moves = numbered(pos, &solution.stipulation, line, |p, m, ends| {
                self.line_mv(p, m, ends)
            });
            write!(out, "{}", moves.join(" "))?;
            if line.short {
                write!(out, " ({})", self.words.short)?;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

/// The variation being written: its moves so far and its marks.
struct Line_ {
    moves: Vec<String>,
    dual: bool,
    short: bool,
}

/// `false` where Popeye writes no tries: direct and reflex play of one
/// move end with the attacker's move, and no defence is looked at that
/// could refute it.
fn tries_written(solution: &Solution) -> bool {
    solution.stipulation.moves != 1
        || !matches!(solution.stipulation.play, Play::Direct | Play::Reflex)
}

/// `true` when Popeye ends one half of `solution` (the problem, or a
/// duplex's second half) with a blank line of its own beside the one after
/// each first move: battle play that wrote a first move or the play after
/// the key. (Without one, the blank line Popeye's style writes alone is
/// that one.) A reflex play's forced first moves are no first moves of a
/// play: Popeye writes the one blank line after them.
fn half_closes_with_blank(half: &Solution) -> bool {
    !half.stipulation.is_lines()
        && !half.opposite_check
        && (half.after_key.is_some()
            || !half.keys.is_empty()
            || (tries_written(half) && !half.tries.is_empty()))
}

/// `true` when Popeye ends `solution` with a blank line of its own (see
/// [`write_popeye_with`]), which its style does not write: after the
/// last half of battle play that wrote a first move or the play after the
/// key. Before a next twin's label it shows; after the last, Popeye's
/// closing line follows.
///
/// ```
/// use forsyth::solve::{popeye_closes_with_blank, ChessProblem, Solver};
/// let p = ChessProblem::from_statement("(k7/8/1K6/8/8/8/8/7R) #1", None)?;
/// let solution = Solver::new(p.stipulation.unwrap()).solve(&p.position)?;
/// assert!(popeye_closes_with_blank(&solution));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn popeye_closes_with_blank(solution: &Solution) -> bool {
    half_closes_with_blank(solution.duplex.as_deref().unwrap_or(solution))
}

/// The keys and tries of `solution` (`true` for a try), in the order of
/// their first moves among the legal moves of `pos`.
fn first_moves<'s>(pos: &Position, solution: &'s Solution) -> Vec<(&'s Key, bool)> {
    let moves = pos.legal_moves();
    let place = |m: Move| moves.iter().position(|&x| x == m).unwrap_or(usize::MAX);
    let mut all: Vec<(&Key, bool)> = solution
        .keys
        .iter()
        .map(|k| (k, false))
        .chain(solution.tries.iter().map(|t| (t, true)))
        .collect();
    all.sort_by_key(|(k, _)| place(k.mv));
    all
}

/// The moves of a help or series line, each with its number as the
/// problemist writes them: `1.Kf5 Rd4 2.Ke4 Rd3#` (help play),
/// `1...Rh1 2.Kb8 Rh8#` (help play with half a move), `1.Kb6 2.Rh8#`
/// (series), `1.Kb8 2.Kc8 Rh8#` (a series then the other side's move).
/// Each move written by `write` in its position, told whether it ends the
/// line.
fn numbered(
    pos: &Position,
    stipulation: &Stipulation,
    line: &Line,
    mut write: impl FnMut(&Position, Move, bool) -> String,
) -> Vec<String> {
    let series = matches!(
        stipulation.play,
        Play::Series | Play::SeriesHelp | Play::SeriesSelf
    );
    let positions = line.positions(pos, stipulation);
    let mut out = Vec::new();
    for (i, (&m, pos)) in line.moves.iter().zip(&positions).enumerate() {
        let text = write(pos, m, i + 1 == line.moves.len());
        let entry = if series {
            let last_other = matches!(stipulation.play, Play::SeriesHelp | Play::SeriesSelf)
                && i + 1 == line.moves.len()
                && i > 0;
            if last_other {
                text
            } else {
                format!("{}.{text}", i + 1)
            }
        } else if stipulation.half {
            // The attacker's half move first, written as after a Black move.
            if i == 0 {
                format!("1...{text}")
            } else if i % 2 == 1 {
                format!("{}.{text}", i / 2 + 2)
            } else {
                text
            }
        } else if i % 2 == 0 {
            format!("{}.{text}", i / 2 + 1)
        } else {
            text
        };
        out.push(entry);
    }
    out
}

/// How [`write_popeye_with`] writes: the language of Popeye's piece
/// letters and words, and whether it writes threats and variations (as
/// Popeye does with its option `Variation`) or only the keys and tries.
///
/// ```
/// use forsyth::notation::Language;
/// use forsyth::solve::PopeyeStyle;
/// let mut style = PopeyeStyle::default();
/// style.language = Language::German;
/// assert!(style.variations);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PopeyeStyle {
    /// English, German or French (Popeye's languages; English for the
    /// others).
    pub language: Language,
    /// Threats and variations below each key and try.
    pub variations: bool,
    /// The threats (Popeye's default; its `option nothreat` turns them
    /// off): ` threat:` and its tree, or ` zugzwang.`, after each quiet
    /// move, and the defences that let the threat through left out.
    /// Without them every defence is written and no move says what it
    /// threatens.
    pub threats: bool,
    /// In self and reflex play, the defences that end the play before the
    /// attacker's last move (the defender mates at once, which it need
    /// not do): Popeye leaves them out of its tree, and writes them with
    /// its `option matesin1`. Set play keeps them either way.
    pub mates_in_one: bool,
    /// The blank line Popeye writes before the solution, after the lines
    /// it says first (`SetPlay not applicable - ignored`...): after a
    /// twin's label it shows; after the diagram, which this style does
    /// not write, it is left out (the default). None comes before the
    /// play after a checking key, which starts with its ` +`.
    pub opening: bool,
    /// Set play was asked for ([`Solver::set_play`]): Popeye ends it with
    /// a blank line even when it finds none (where set play applies).
    ///
    /// [`Solver::set_play`]: super::Solver::set_play
    pub set_play: bool,
}

impl Default for PopeyeStyle {
    fn default() -> PopeyeStyle {
        PopeyeStyle {
            language: Language::English,
            variations: true,
            threats: true,
            mates_in_one: false,
            opening: false,
            set_play: false,
        }
    }
}

/// Writes `solution` of `pos` as Popeye's tree, in English, with threats
/// and variations ([`write_popeye_with`] with the default style).
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation, write_popeye};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::mate(1)).solve(&pos)?;
/// let mut text = String::new();
/// write_popeye(&mut text, &pos, &solution)?;
/// assert_eq!(text, "   1.Rh1-h8 # !\n\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_popeye<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    solution: &Solution,
) -> fmt::Result {
    write_popeye_with(out, pos, solution, &PopeyeStyle::default())
}

/// Writes `solution` of `pos` as Popeye writes it: long algebraic moves
/// with Popeye's letters in `style`'s language (`S` for the English
/// knight, German `T`, French `C`...; `*` for a capture, `0-0`
/// castling), ` +`, ` #` and ` =` after checks, mates and stalemates, in
/// the order Popeye finds them.
///
/// Battle play: the set play, then each key (`!`) and try (`?`, its
/// refutations after `but`), each followed by a blank line; with
/// variations, ` threat:` (its tree below) or ` zugzwang.` after a quiet
/// key or continuation, and each defence with its continuations, every
/// move on its own line indented by its depth. As Popeye does, a defence
/// after which a threat move still reaches the goal as fast is left out
/// (the threat's line stands for it). After the key
/// ([`Solution::after_key`]): the threat or ` zugzwang.`, then the
/// defences, a refutation followed by `refutes.`. Help and series play: one
/// line per solution, the shorter first, then a blank line. No solution: a
/// blank line. The side not to move in check ([`Solution::opposite_check`]):
/// the set play alone when asked for, else nothing (Popeye says so on
/// standard error). A goal other than mate and
/// stalemate is marked on the move that reaches it as Popeye marks it
/// (`Rc3-c1 #=`, `Rh1*h8 + x`, `Kb6-c6 z`).
///
/// ```
/// use forsyth::notation::Language;
/// use forsyth::solve::{ChessProblem, PopeyeStyle, Solver, write_popeye_with};
/// let p = ChessProblem::from_statement("(k7/p7/2K5/8/8/8/8/7R) h#1", None)?;
/// let solution = Solver::new(p.stipulation.unwrap()).solve(&p.position)?;
/// let mut text = String::new();
/// let mut german = PopeyeStyle::default();
/// german.language = Language::German;
/// write_popeye_with(&mut text, &p.position, &solution, &german)?;
/// assert_eq!(text, "  1.Ka8-b8 Th1-h8 #\n\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_popeye_with<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    solution: &Solution,
    style: &PopeyeStyle,
) -> fmt::Result {
    let tree = Tree {
        language: style.language,
        words: words(style.language),
        variations: style.variations,
        threats: style.threats,
        mates_in_one: style.mates_in_one,
        set_play: style.set_play,
        direct_mate: solution.stipulation.play == Play::Direct
            && matches!(solution.stipulation.goal, Goal::Mate | Goal::Check),
        reflex: solution.stipulation.play == Play::Reflex,
        forces_end: matches!(solution.stipulation.play, Play::Reflex | Play::SelfPlay),
        direct: solution.stipulation.play == Play::Direct,
        goal: solution.stipulation.goal,
    };
    let mut first = String::new();
    tree.half(&mut first, pos, solution, style.opening)?;
    let nothing = solution.keys.is_empty()
        && solution.tries.is_empty()
        && solution.forced.is_empty()
        && solution.lines.is_empty()
        && solution.after_key.is_none();
    let second_says = solution
        .duplex
        .as_deref()
        .is_some_and(|second| !tree.said(second).is_empty());
    if second_says && nothing && first.ends_with("\n\n") {
        // A first half with no solution ends with no blank line of its
        // own: the second half's, after what Popeye says, takes its place.
        first.pop();
    }
    out.write_str(&first)?;
    if let Some(second) = &solution.duplex {
        // The first half's own closing blank line, before the second's
        // (play after the key has none: the second half's opening line
        // stands for it).
        if half_closes_with_blank(solution) && solution.after_key.is_none() {
            writeln!(out)?;
        }
        // Play after a key not shown ends with no blank line; Popeye
        // starts the second half's on a line of its own.
        let opening = solution.after_key.is_some() || !tree.said(second).is_empty();
        tree.half(out, &duplex_position(pos), second, opening)?;
    }
    Ok(())
}

/// Popeye's tree: letters and words, and whether variations are written.
struct Tree {
    language: Language,
    words: &'static Words,
    variations: bool,
    /// Threats written, and defences that let one through left out.
    threats: bool,
    /// Self and reflex play's defences that end the play early written.
    mates_in_one: bool,
    /// Set play asked for ([`PopeyeStyle::set_play`]).
    set_play: bool,
    /// Direct mate or check: the attacker's last move comes from Popeye's
    /// checking move generator, in its own order.
    direct_mate: bool,
    /// Reflex play: the defender's forced mates come from that generator
    /// too, and the attacker's move that forces them is no waiting move.
    reflex: bool,
    /// Self and reflex play: the attacker's move after which the defender
    /// must end the play is no waiting move (Popeye writes no `zugzwang.`).
    forces_end: bool,
    /// Direct play: the attacker's move that reaches the goal ends it.
    direct: bool,
    goal: Goal,
}

impl Tree {
    /// Help or series lines of `stipulation` from `pos`, in Popeye's
    /// order, then a blank line (Popeye ends a list, even an empty one,
    /// with one). `passed_first`: the set play of a help play with a half
    /// move, whose lines Popeye writes after the attacker's half move
    /// passed, `1...  ...  2.`, the moves numbered from 2. `checking`:
    /// the attacker's last move of a mate or check comes from Popeye's
    /// checking move generator (not in the one-move set play of `h#1`).
    fn lines<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        stipulation: &Stipulation,
        lines: &[Line],
        passed_first: bool,
        checking: bool,
    ) -> fmt::Result {
        let mut lines: Vec<(&Line, Vec<OrderKey>)> = lines
            .iter()
            .map(|l| (l, line_order(pos, stipulation, l, checking)))
            .collect();
        lines.sort_by(|a, b| (a.0.moves.len(), &a.1).cmp(&(b.0.moves.len(), &b.1)));
        for (line, _) in lines {
            // The line's last move reaches the goal; a stalemate before it
            // (a series goes on from one) is not marked, as Popeye writes it.
            let moves = numbered(pos, stipulation, line, |p, m, ends| {
                if ends {
                    popeye_goal_move(p, m, stipulation.goal, self.language)
                } else {
                    popeye_move_marked(p, m, self.language, false)
                }
            });
            // Popeye separates the move numbers by three spaces.
            let mut text = String::from(if passed_first { "1...  ...  " } else { "" });
            for (i, m) in moves.iter().enumerate() {
                let number = m
                    .split_once('.')
                    .and_then(|(n, rest)| Some((n.parse::<u32>().ok()?, rest)));
                if i > 0 {
                    text.push_str(if number.is_some() { "   " } else { " " });
                }
                match number {
                    Some((n, rest)) if passed_first => {
                        text.push_str(&format!("{}.{rest}", n + 1));
                    }
                    _ => text.push_str(m),
                }
            }
            writeln!(out, "  {text}")?;
        }
        writeln!(out)
    }

    /// `true` when Popeye writes a set play for `solution`, found or not:
    /// asked for, where there is one, the side to move not able to take
    /// the king there.
    fn set_play_written(&self, solution: &Solution) -> bool {
        self.set_play && !solution.set_play_not_applicable && !solution.set_play_opposite_check
    }

    /// What Popeye says before it solves `solution`, in this order, each
    /// on its line (but French "try play not applicable", which Popeye
    /// ends with no line break).
    fn said(&self, solution: &Solution) -> String {
        let mut said = String::new();
        if solution.set_play_not_applicable {
            said.push_str(self.words.popeye_no_set_play);
            said.push('\n');
        }
        if solution.tries_not_applicable {
            said.push_str(self.words.popeye_no_tries);
            if self.language != Language::French {
                said.push('\n');
            }
        }
        if solution.threat_not_applicable {
            said.push_str(self.words.popeye_no_threat);
            said.push('\n');
        }
        said
    }

    /// One half of a problem (the problem, or a duplex's second half).
    /// `opening`: Popeye's blank line before the solution is written,
    /// after the lines Popeye says before it solves.
    fn half<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        solution: &Solution,
        opening: bool,
    ) -> fmt::Result {
        let stipulation = &solution.stipulation;
        let said = self.said(solution);
        out.write_str(&said)?;
        // The solution starts on a new line; play after a checking key
        // goes on with that key's ` +` on the current one. The blank line
        // that new line makes is left out when not asked for.
        let checked = solution.after_key.is_some() && pos.is_check() && !solution.opposite_check;
        let line_open = !said.is_empty() && !said.ends_with('\n');
        if !checked && (opening || line_open) {
            writeln!(out)?;
        }
        if stipulation.is_lines() {
            if let Some(set) = stipulation.set_play() {
                if !solution.set_lines.is_empty() || self.set_play_written(solution) {
                    // Popeye finds the set play of `h#1`, White's one move,
                    // with its ordinary generator (that of `ser-h#n` with
                    // the checking one).
                    let checking = !(stipulation.play == Play::Help && set.moves == 0);
                    self.lines(
                        out,
                        &passed(pos),
                        &set,
                        &solution.set_lines,
                        stipulation.half,
                        checking,
                    )?;
                }
            }
            if solution.opposite_check {
                // Popeye says so on standard error and writes nothing.
                return Ok(());
            }
            return self.lines(out, pos, stipulation, &solution.lines, false, true);
        }
        if let Some(after_key) = &solution.after_key {
            return self.after_key(out, pos, after_key, stipulation.moves);
        }
        let mut set_written = false;
        if let Some(set) = solution.set_play.as_ref().filter(|s| !s.is_empty()) {
            let black = passed(pos);
            let left = stipulation.moves.saturating_sub(1);
            // A Black move with no answer counts as the full play, as a
            // refutation does; a reflex Black that can mate has no other.
            let forced = self.reflex
                && set.iter().any(|v| {
                    v.replies.is_empty()
                        && super::search::reaches(v.mv, &after(&black, v.mv), self.goal)
                });
            let refuted = !forced && black.legal_moves().len() > set.len();
            let longer = play_length(refuted, left, set);
            let mut set: Vec<&Variation> = set
                .iter()
                .filter(|v| !self.ends_early(&black, v, longer))
                .collect();
            if !set.is_empty() {
                sort_popeye(&black, &mut set, forced && checking_goal(self.goal));
                for v in set {
                    self.black(out, &black, v, 1, left)?;
                }
                writeln!(out)?;
                set_written = true;
            }
        }
        if !set_written && self.set_play_written(solution) {
            // Popeye ends the set play it looked for with a blank line,
            // even when it found none.
            writeln!(out)?;
        }
        if solution.opposite_check {
            // Popeye says so on standard error and solves no more.
            return Ok(());
        }
        let mut forced = solution.forced.clone();
        forced.sort_by_key(|&m| order_key(pos, m, checking_goal(self.goal)));
        for m in forced {
            let text = popeye_goal_move(pos, m, self.goal, self.language);
            writeln!(out, "   1.{text} ?!?")?;
        }
        let mut all = first_moves(pos, solution);
        if !tries_written(solution) {
            all.retain(|(_, is_try)| !is_try);
        }
        if all.is_empty() {
            // No key: Popeye's blank line, after the forced mates if any.
            return writeln!(out);
        }
        let last = self.direct_mate && stipulation.moves == 1;
        all.sort_by_key(|(k, _)| order_key(pos, k.mv, last));
        for (key, is_try) in all {
            self.key(out, pos, key, is_try, stipulation.moves)?;
        }
        Ok(())
    }

    fn key<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        key: &Key,
        is_try: bool,
        n: u8,
    ) -> fmt::Result {
        write!(
            out,
            "   1.{} {}",
            self.attacker_mv(pos, key.mv),
            if is_try { '?' } else { '!' }
        )?;
        let next = after(pos, key.mv);
        if self.variations {
            // A try's refutation counts as the full play (see `after_key`).
            let refuted = !key.refutations.is_empty() && n > 1;
            let ends = !refuted && self.ends_at_once(&key.defences, &[]);
            // A one-mover leaves no attacker's move to wait with.
            let waiting = key.is_waiting() && !ends && n > 1;
            self.threat(out, &next, key.threat.as_deref(), waiting, 2)?;
            self.defences(
                out,
                &next,
                &key.defences,
                key.threat.as_deref(),
                (1, n - 1),
                refuted,
            )?;
        } else {
            writeln!(out)?;
        }
        if !key.refutations.is_empty() {
            writeln!(out, "    {}", self.words.popeye_but)?;
            // Popeye finds them, and writes them, in its defences' order.
            let mut refutations = key.refutations.clone();
            refutations.sort_by_key(|&r| order_key(&next, r, false));
            for r in refutations {
                writeln!(out, "{:6}1...{} !", "", self.defender_mv(&next, r))?;
                if self.reflex {
                    // What refutes: the reflex rule obliges White to mate.
                    let then = after(&next, r);
                    let mut forced: Vec<Move> = then
                        .legal_moves()
                        .iter()
                        .copied()
                        .filter(|&m| super::search::reaches(m, &after(&then, m), self.goal))
                        .collect();
                    forced.sort_by_key(|&m| order_key(&then, m, checking_goal(self.goal)));
                    for m in forced {
                        let text = popeye_goal_move(&then, m, self.goal, self.language);
                        writeln!(out, "{:10}2.{text} ?!?", "")?;
                    }
                }
            }
        }
        writeln!(out)
    }

    /// Whether the `defences` after an attacker's move, those that are not
    /// `refutations`, all end the play at once (self and reflex play: the
    /// defender must mate now), so the move is no waiting move. With none
    /// but refutations (a try refuted by every move) nothing ends the
    /// play: a move that threatens nothing is a waiting move.
    fn ends_at_once(&self, defences: &[Variation], refutations: &[Move]) -> bool {
        let mut ending = defences
            .iter()
            .filter(|d| !refutations.contains(&d.mv))
            .peekable();
        self.forces_end && ending.peek().is_some() && ending.all(|d| d.replies.is_empty())
    }

    /// The play after a key not shown (`pos`: Black to move), as Popeye
    /// writes it for `option postkey`: the threat (or ` zugzwang.`) on a
    /// line of its own, then the defences, a refutation followed by
    /// `refutes.`; no blank line after.
    fn after_key<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        after_key: &AfterKey,
        n: u8,
    ) -> fmt::Result {
        let left = n.saturating_sub(1);
        // A refutation counts as the full play: the defender's mate at
        // once is then neither the whole play nor written.
        let refuted = !after_key.refutations.is_empty() && left > 0;
        let ends = !refuted && self.ends_at_once(&after_key.defences, &after_key.refutations);
        // With no attacker's move left there is nothing to threaten or
        // wait for; direct and reflex play of one move end with the key, so
        // Popeye looks for no refutation there (a reflex defender's forced
        // mate is still written).
        let waiting = after_key.threat.is_none() && !pos.is_check() && !ends && left > 0;
        let unrefuted = left == 0 && (self.direct || self.reflex);
        if pos.is_check() {
            // The key's check, on the line the key would take.
            writeln!(out, " +")?;
        }
        if self.threats && (after_key.threat.is_some() || waiting) {
            self.threat(out, pos, after_key.threat.as_deref(), waiting, 2)?;
        }
        let threat = after_key.threat.as_deref().filter(|_| self.threats);
        let longer = play_length(refuted, left, &after_key.defences);
        let mut shown: Vec<&Variation> = after_key
            .defences
            .iter()
            .filter(|d| !executes_threat(d, threat) && !self.ends_early(pos, d, longer))
            .filter(|d| !(unrefuted && after_key.refutations.contains(&d.mv)))
            .collect();
        sort_popeye(
            pos,
            &mut shown,
            self.reflex && ends && self.goal == Goal::Mate,
        );
        for d in shown {
            self.black(out, pos, d, 1, left)?;
            if after_key.refutations.contains(&d.mv) {
                writeln!(out, "{:8}{}", "", self.words.popeye_refutes)?;
            }
        }
        Ok(())
    }

    /// After a White move that led to `pos` (Black to move): ` threat:`
    /// and the threat's tree at move `number`, or ` zugzwang.` for a
    /// waiting move, or nothing; the line ends.
    fn threat<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        threat: Option<&[Variation]>,
        waiting: bool,
        number: u32,
    ) -> fmt::Result {
        if !self.threats {
            return writeln!(out);
        }
        match threat {
            Some(threat) => {
                writeln!(out, "{}", self.words.popeye_threat)?;
                let passed = passed(pos);
                let left = super::fewest(threat);
                let mut threat: Vec<&Variation> = threat.iter().collect();
                sort_popeye(&passed, &mut threat, self.direct_mate && left == 1);
                for t in threat {
                    self.white(out, &passed, t, number, left)?;
                }
                Ok(())
            }
            None if waiting => writeln!(out, "{}", self.words.popeye_zugzwang),
            None => writeln!(out),
        }
    }

    /// Black's `defences` after a White move that led to `pos`, those that
    /// let the threat through left out, at move `number`; `left`: White's
    /// moves left after them; `refuted`: other defences refute the move
    /// (a try), which counts as the full play.
    fn defences<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        defences: &[Variation],
        threat: Option<&[Variation]>,
        (number, left): (u32, u8),
        refuted: bool,
    ) -> fmt::Result {
        // Without variations Popeye looks for no threat, and writes every
        // defence (the set play's, which it writes whole).
        let threat = threat.filter(|_| self.threats && self.variations);
        let longer = play_length(refuted, left, defences);
        let mut shown: Vec<&Variation> = defences
            .iter()
            .filter(|d| !executes_threat(d, threat) && !self.ends_early(pos, d, longer))
            .collect();
        // Reflex play: the defender's forced mates, as its mating move
        // generator gives them.
        let forced = self.reflex && defences.iter().all(|d| d.replies.is_empty());
        sort_popeye(pos, &mut shown, forced && checking_goal(self.goal));
        for d in shown {
            self.black(out, pos, d, number, left)?;
        }
        Ok(())
    }

    /// Black's move `v` at move `number`, then White's continuations, which
    /// have `left` moves.
    fn black<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        v: &Variation,
        number: u32,
        left: u8,
    ) -> fmt::Result {
        writeln!(
            out,
            "{:indent$}{number}...{}",
            "",
            self.defender_mv(pos, v.mv),
            indent = black_indent(number)
        )?;
        let next = after(pos, v.mv);
        let mut replies: Vec<&Variation> = v.replies.iter().collect();
        // Popeye finds the shortest continuations first: a mate in one
        // comes from its mating move generator.
        sort_popeye(
            &next,
            &mut replies,
            self.direct_mate && super::fewest(&v.replies) == 1,
        );
        for reply in replies {
            self.white(out, &next, reply, number + 1, left)?;
        }
        Ok(())
    }

    /// White's move `v` at move `number`, `left` moves left with it, then
    /// its threat and Black's defences.
    fn white<W: fmt::Write>(
        &self,
        out: &mut W,
        pos: &Position,
        v: &Variation,
        number: u32,
        left: u8,
    ) -> fmt::Result {
        write!(
            out,
            "{:indent$}{number}.{}",
            "",
            self.attacker_mv(pos, v.mv),
            indent = white_indent(number)
        )?;
        let next = after(pos, v.mv);
        let reflex_end = self.forces_end && v.moves() == 1;
        let waiting =
            v.threat.is_none() && !next.is_check() && !v.replies.is_empty() && !reflex_end;
        if self.variations {
            self.threat(out, &next, v.threat.as_deref(), waiting, number + 1)?;
        } else {
            writeln!(out)?;
        }
        self.defences(
            out,
            &next,
            &v.replies,
            v.threat.as_deref(),
            (number, left.saturating_sub(1)),
            false,
        )
    }

    /// `true` for the defence `d` in `pos` that Popeye leaves out as
    /// trivial: in self or reflex play it reaches the goal itself (the
    /// defender mates at once) while another defence leaves the attacker
    /// `longer` moves more (0: the attacker's move is as short as it can
    /// be, and the mate is its play).
    fn ends_early(&self, pos: &Position, d: &Variation, longer: u8) -> bool {
        self.forces_end
            && !self.mates_in_one
            && longer > 0
            && d.replies.is_empty()
            && super::search::reaches(d.mv, &after(pos, d.mv), self.goal)
    }

    /// A move in Popeye's long algebraic notation, with ` +` or ` #`.
    fn mv(&self, pos: &Position, m: Move) -> String {
        popeye_move(pos, m, self.language)
    }

    /// A defender's move of self play: marked with the goal's symbol when
    /// it reaches the goal (`c4-c3 ==` in s==n, `#=` in s#=n).
    fn defender_mv(&self, pos: &Position, m: Move) -> String {
        if self.direct {
            // Direct play gives the defender no goal: Popeye writes its
            // mating move (a refutation) with the check it gives.
            let mut text = popeye_bare_move(m, self.language);
            if after(pos, m).is_check() {
                text.push_str(" +");
            }
            text
        } else {
            popeye_goal_move(pos, m, self.goal, self.language)
        }
    }

    /// An attacker's move of direct play: marked with the goal's symbol
    /// when it reaches the goal.
    fn attacker_mv(&self, pos: &Position, m: Move) -> String {
        if self.direct {
            popeye_goal_move(pos, m, self.goal, self.language)
        } else {
            self.mv(pos, m)
        }
    }
}

/// `true` for a defence Popeye leaves out of its tree: one after which
/// every threat move still reaches the goal in the threat's moves (the
/// threat's line says it), and one after which White gets there faster
/// than the threat. It prints the defences that stop at least one threat
/// move and those that make White's way longer.
fn executes_threat(defence: &Variation, threat: Option<&[Variation]>) -> bool {
    let Some(threat) = threat else {
        return false;
    };
    let moves = super::fewest(threat);
    let after = super::fewest(&defence.replies);
    if after == 0 || after > moves {
        return false;
    }
    after < moves
        || threat.iter().all(|t| {
            defence.replies.iter().any(|c| {
                (t.mv.from(), t.mv.to(), t.mv.promotion())
                    == (c.mv.from(), c.mv.to(), c.mv.promotion())
            })
        })
}

/// Indent of White's move `number` (2 and later) and of Black's.
fn white_indent(number: u32) -> usize {
    10 + 8 * (number as usize).saturating_sub(2)
}

fn black_indent(number: u32) -> usize {
    6 + 8 * (number as usize).saturating_sub(1)
}

/// `true` for the goals whose reaching moves Popeye's checking move
/// generator finds: mate and check.
fn checking_goal(goal: Goal) -> bool {
    matches!(goal, Goal::Mate | Goal::Check)
}

/// Sorts `list` (moves of the side to move in `pos`) as Popeye finds
/// them; `last`: the moves of a direct mate's last move.
fn sort_popeye(pos: &Position, list: &mut [&Variation], last: bool) {
    list.sort_by_key(|v| order_key(pos, v.mv, last));
}

/// The order of a line among lines of its length: each move's place, in
/// turn (the last move of the attacker as the checking generator gives it
/// when the goal is mate or check).
fn line_order(
    pos: &Position,
    stipulation: &Stipulation,
    line: &Line,
    checking: bool,
) -> Vec<OrderKey> {
    let positions = line.positions(pos, stipulation);
    line.moves
        .iter()
        .zip(&positions)
        .enumerate()
        .map(|(i, (&m, pos))| {
            // The defender's forced move that ends help self play comes
            // from Popeye's ordinary generator.
            let last = checking
                && i + 1 == line.moves.len()
                && stipulation.play != Play::HelpSelf
                && matches!(stipulation.goal, Goal::Mate | Goal::Check);
            order_key(pos, m, last)
        })
        .collect()
}

/// Popeye's letter of a moving or promoted piece: none for a pawn.
fn piece_letter(role: Role, language: Language) -> String {
    match role {
        Role::Pawn => String::new(),
        _ => popeye_letter(role, language).to_string(),
    }
}

/// A move in Popeye's long algebraic notation, with ` +` or ` #`: a
/// stalemate is marked only where it is the goal reached
/// ([`popeye_goal_move`]), as Popeye marks it.
fn popeye_move(pos: &Position, m: Move, language: Language) -> String {
    popeye_move_marked(pos, m, language, false)
}

/// A move in Popeye's long algebraic notation, with ` +` or ` #`, and
/// ` =` after a stalemating one when `stalemate` is set.
fn popeye_move_marked(pos: &Position, m: Move, language: Language, stalemate: bool) -> String {
    let mut s = popeye_bare_move(m, language);
    let next = after(pos, m);
    let none = next.count_legal_moves() == 0;
    if next.is_check() {
        s.push_str(if none { " #" } else { " +" });
    } else if none && stalemate {
        s.push_str(" =");
    }
    s
}

/// A move in Popeye's long algebraic notation, without the marks of what
/// it does.
fn popeye_bare_move(m: Move, language: Language) -> String {
    match m.castling_side() {
        Some(side) if side.is_king_side() => "0-0".to_owned(),
        Some(_) => "0-0-0".to_owned(),
        None => {
            let sep = if m.is_capture() { '*' } else { '-' };
            let mut s = format!(
                "{}{}{sep}{}",
                piece_letter(m.role(), language),
                m.from(),
                m.to()
            );
            if let Some(p) = m.promotion() {
                s.push('=');
                s.push_str(&piece_letter(p, language));
            }
            if m.is_en_passant() {
                s.push_str(" ep.");
            }
            s
        }
    }
}

/// The attacker's move `m` of `pos` as Popeye writes it when it ends the
/// play by reaching `goal`: the goal's symbol in place of the check and
/// end marks (`Rc3-c1 #=`, `Qc1-c8 +` for a check goal even when it
/// mates), after the check mark for a goal of the move (`Rh1*h8 + x`,
/// `Kb6-c6 z`). Any other move as [`popeye_move`] writes it.
fn popeye_goal_move(pos: &Position, m: Move, goal: Goal, language: Language) -> String {
    let next = after(pos, m);
    let reached = super::search::reaches(m, &next, goal);
    if goal == Goal::Mate || !reached {
        let text = popeye_move_marked(pos, m, language, goal == Goal::Stalemate && reached);
        // Popeye marks a mate ` #` only where mate is the goal; elsewhere
        // it is a check like any other.
        return match text.strip_suffix(" #") {
            Some(bare) if !matches!(goal, Goal::Mate | Goal::MateOrStalemate) => {
                format!("{bare} +")
            }
            _ => text,
        };
    }
    if goal == Goal::Stalemate {
        return popeye_move_marked(pos, m, language, true);
    }
    let text = popeye_move(pos, m, language);
    let bare = text
        .strip_suffix(" #")
        .or_else(|| text.strip_suffix(" +"))
        .or_else(|| text.strip_suffix(" ="))
        .unwrap_or(&text);
    let check = if next.is_check() { " +" } else { "" };
    match goal {
        Goal::Capture | Goal::Target(_) => format!("{bare}{check} {}", goal.symbol()),
        _ => format!("{bare} {}", goal.symbol()),
    }
}

/// The length of the play after `defences`, with `left` moves left: a
/// refuted move (a try, or a defence with no answer) counts as the full
/// play; otherwise the attacker's moves the defences still need.
fn play_length(refuted: bool, left: u8, defences: &[Variation]) -> u8 {
    if refuted {
        left
    } else {
        super::moves_after(defences)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye's order of one side's moves (its generator pops the moves it
    /// pushed last first): Popeye 4.104 lists the first moves of
    /// `kb6 rc7 rh1` against `ka8` as #2 (with tries) as Rh1-a1 ... g1,
    /// h8 ... h2, then Kb6-a5, c5, b5, a6, c6, then Rc7-c1 ... c6, a7,
    /// c8, h7 ... d7. A move is marked ` +` for a check and ` #` for
    /// mate; the stalemate of Rc7-b7 is no goal of #2, so it is not
    /// marked.
    #[test]
    fn popeye_orders_moves_by_square_then_reversed_walk() {
        let pos =
            Position::from_fen(&"k7/2R5/1K6/8/8/8/8/7R w - - 0 1".parse().unwrap(), None).unwrap();
        let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        moves.sort_by_key(|&m| order_key(&pos, m, false));
        let lan: Vec<String> = moves
            .iter()
            .map(|&m| popeye_move(&pos, m, Language::English))
            .collect();
        let expected = [
            "Rh1-a1 +", "Rh1-b1", "Rh1-c1", "Rh1-d1", "Rh1-e1", "Rh1-f1", "Rh1-g1", "Rh1-h8 #",
            "Rh1-h7", "Rh1-h6", "Rh1-h5", "Rh1-h4", "Rh1-h3", "Rh1-h2", "Kb6-a5", "Kb6-c5",
            "Kb6-b5", "Kb6-a6", "Kb6-c6", "Rc7-c1", "Rc7-c2", "Rc7-c3", "Rc7-c4", "Rc7-c5",
            "Rc7-c6", "Rc7-a7 +", "Rc7-b7", "Rc7-c8 #", "Rc7-h7", "Rc7-g7", "Rc7-f7", "Rc7-e7",
            "Rc7-d7",
        ];
        assert_eq!(lan, expected);
    }
}
