//! The JSON records of the commands (`--format json`), one object per line.
//! Each is a small serde struct around the library's own serde types (a
//! start number, a variant, a severity, squares, a repair's kind, a game's
//! warnings and fault, a UCI move, a stipulation, a problem's kind): the
//! library says how its data is written, the record adds only what belongs
//! to the command line (the file and line an input came from). The keys
//! are in the order the output has always had them; `specs/` documents
//! them.

use forsyth::pgn::{ReplayError, ReplayWarning, ReplayedGame};
use forsyth::solve::{duplex_position, Key, Line as SolvedLine, Solution, Stipulation, Variation};
use forsyth::uci::{CastlingMode, UciMove};
use forsyth::validate::{ProblemKind, RepairKind, Severity};
use forsyth::{Chess960Start, Move, Position, Square, Variant};
use serde::Serialize;

use super::diag::write_fault;

/// `false` is not written: the key appears only when true.
fn is_false(value: &bool) -> bool {
    !*value
}

/// One start of `gen --format json`.
#[derive(Serialize)]
pub struct Start {
    pub number: Chess960Start,
    /// Its back rank in English letters, White's (`BBQNNRKR`).
    pub back_rank: String,
    pub fen: Encodings,
}

/// A record in each castling encoding (`None`, written `null`, where the
/// encoding cannot say the position).
#[derive(Serialize)]
pub struct Encodings {
    pub xfen: Option<String>,
    pub shredder: Option<String>,
    pub standard: Option<String>,
}

/// One fault of a line of `validate`, as both of its outputs show it: a
/// syntax error, a problem of the position, an operation that does not
/// hold, or the reason a line was not repaired.
#[derive(Clone, Serialize)]
pub struct Fault {
    /// The kind's stable name.
    pub kind: &'static str,
    /// As reported: with `--strict`, a warning is an error.
    pub severity: Severity,
    /// The field's stable name (`en_passant`, `operation`).
    pub field: &'static str,
    /// 1-based byte column: of the text at fault, else of its field.
    pub column: usize,
    pub squares: Vec<Square>,
    pub message: String,
    /// The field as the text output names it (`en passant`, `operation bm`).
    #[serde(skip)]
    pub label: String,
}

impl std::fmt::Display for Fault {
    /// As [`write_fault`] writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_fault(f, &self.label, self.severity, self.kind, &self.message)
    }
}

/// One input line of `validate --format json`: the same keys for every
/// line, blank or not.
#[derive(Serialize)]
pub struct Line<'a> {
    pub file: &'a str,
    pub line: u64,
    /// `null` for a blank line.
    pub valid: Option<bool>,
    /// `null` for a blank line and a line the grammar refused.
    pub variant: Option<Variant>,
    pub problems: &'a [Fault],
    /// With `--repair`.
    #[serde(flatten)]
    pub repair: Option<Repaired<'a>>,
}

/// What `--repair` adds to a line's object.
#[derive(Serialize)]
pub struct Repaired<'a> {
    pub repairs: Vec<RepairMade>,
    /// The line written, without its line end; `null` when it could not be
    /// repaired (it is then written unchanged) and for a blank line.
    pub fen: Option<&'a str>,
    pub remaining: Remaining<'a>,
}

impl Repaired<'_> {
    /// Nothing repaired, nothing written, the verdict unchanged: a blank
    /// line's, or one the grammar refused.
    pub fn none(valid: Option<bool>, problems: &[Fault]) -> Repaired<'_> {
        Repaired {
            repairs: Vec::new(),
            fen: None,
            remaining: Remaining {
                valid,
                variant: None,
                problems,
            },
        }
    }
}

#[derive(Serialize)]
pub struct RepairMade {
    pub kind: RepairKind,
    pub message: String,
}

/// What is left after repair: the verdict on the line written.
#[derive(Serialize)]
pub struct Remaining<'a> {
    pub valid: Option<bool>,
    pub variant: Option<Variant>,
    pub problems: &'a [Fault],
}

/// One game of `pgn check --format json`: where it is, and the verdict,
/// its warnings and its first fault as the library writes them.
#[derive(Serialize)]
pub struct Game<'a> {
    pub file: &'a str,
    /// Its number in its file.
    pub game: u64,
    /// The line it starts on.
    pub line: u64,
    pub ok: bool,
    pub warnings: &'a [ReplayWarning],
    pub problem: Option<&'a ReplayError>,
}

impl<'a> Game<'a> {
    pub fn new(file: &'a str, game: &'a ReplayedGame) -> Game<'a> {
        Game {
            file,
            game: game.start.number,
            line: game.start.line,
            ok: game.is_ok(),
            warnings: &game.warnings,
            problem: game.error.as_ref(),
        }
    }
}

/// One problem of `solve --format json`: its solution, and which problem it
/// answers. Its keys, and those of its moves, in alphabetical order, as the
/// output has always had them.
#[derive(Serialize)]
pub struct Solved<'a> {
    /// More than one key.
    pub cook: bool,
    pub keys: Vec<KeyMove>,
    /// Positions searched.
    pub nodes: u64,
    pub problem: Answers<'a>,
}

/// Which problem a solution answers.
#[derive(Serialize)]
pub struct Answers<'a> {
    /// Its 1-based place in its input.
    pub index: usize,
    /// The line of its input it starts on; `null` on the command line.
    pub line: Option<usize>,
    /// What validation refused but move generation handles (only when
    /// there is any).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<ProblemKind>,
    /// The stipulation solved.
    pub stipulation: Stipulation,
    pub title: Option<&'a str>,
}

/// A key: its defences as `replies`, and its threat (`null` when there is
/// none).
#[derive(Serialize)]
pub struct KeyMove {
    /// A try's refutations (only for a try).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refutations: Vec<Played>,
    pub replies: Vec<Played>,
    /// English SAN.
    pub san: String,
    #[serde(skip_serializing_if = "is_false")]
    pub short: bool,
    pub threat: Option<Vec<Played>>,
    pub uci: UciMove,
}

/// A move of the tree after the key, with what follows it.
#[derive(Serialize)]
pub struct Played {
    #[serde(skip_serializing_if = "is_false")]
    pub dual: bool,
    pub replies: Vec<Played>,
    /// English SAN.
    pub san: String,
    #[serde(skip_serializing_if = "is_false")]
    pub short: bool,
    /// After a quiet continuation: what it threatens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threat: Option<Vec<Played>>,
    pub uci: UciMove,
}

/// Which twin an answer is (only for a problem with twins).
#[derive(Serialize)]
pub struct TwinRecord {
    /// Its changes, as Popeye labels them (`wRh1-->g1`).
    pub changes: String,
    /// Made from the twin before, not from the diagram.
    pub continued: bool,
    /// The position solved.
    pub fen: String,
    /// `a`, `b`, ...
    pub label: String,
}

/// A line of help or series play: its moves.
#[derive(Serialize)]
struct LineRecord {
    moves: Vec<LineMove>,
    #[serde(skip_serializing_if = "is_false")]
    short: bool,
}

#[derive(Serialize)]
struct LineMove {
    san: String,
    uci: UciMove,
}

fn lines_record(
    pos: &Position,
    stipulation: &Stipulation,
    lines: &[SolvedLine],
) -> Vec<LineRecord> {
    lines
        .iter()
        .map(|line| {
            let positions = line.positions(pos, stipulation);
            let moves = line
                .moves
                .iter()
                .zip(&positions)
                .map(|(&m, at)| {
                    let (uci, san) = written(at, m);
                    LineMove { san, uci }
                })
                .collect();
            LineRecord {
                moves,
                short: line.short,
            }
        })
        .collect()
}

/// What `solution` holds beside its keys, added to its record `value`:
/// `tries`, `set_play`, `lines`, `set_lines`, `duplex` (the second half's
/// keys and the rest), and `twin` when there are any.
pub fn extras(
    value: &mut serde_json::Value,
    pos: &Position,
    solution: &Solution,
    twin: Option<TwinRecord>,
) -> serde_json::Result<()> {
    half_extras(value, pos, solution)?;
    if let Some(second) = &solution.duplex {
        let start = duplex_position(pos);
        let mut half = serde_json::json!({
            "cook": second.is_cooked(),
            "keys": second.keys.iter().map(|k| KeyMove::new(&start, k)).collect::<Vec<_>>(),
        });
        half_extras(&mut half, &start, second)?;
        value["duplex"] = half;
    }
    if let Some(twin) = twin {
        value["twin"] = serde_json::to_value(twin)?;
    }
    Ok(())
}

fn half_extras(
    value: &mut serde_json::Value,
    pos: &Position,
    solution: &Solution,
) -> serde_json::Result<()> {
    if solution.opposite_check {
        value["opposite_check"] = serde_json::Value::Bool(true);
    }
    if solution.set_play_opposite_check {
        value["set_play_opposite_check"] = serde_json::Value::Bool(true);
    }
    if solution.tries_not_applicable {
        value["tries_not_applicable"] = serde_json::Value::Bool(true);
    }
    if solution.set_play_not_applicable {
        value["set_play_not_applicable"] = serde_json::Value::Bool(true);
    }
    if solution.threat_not_applicable {
        value["threat_not_applicable"] = serde_json::Value::Bool(true);
    }
    if let Some(after_key) = &solution.after_key {
        let threat = after_key.threat.as_ref().map(|list| {
            let passed = duplex_position(pos);
            list.iter()
                .map(|t| Played::new(&passed, t))
                .collect::<Vec<_>>()
        });
        let refutations: Vec<String> = after_key
            .refutations
            .iter()
            .map(|&r| written(pos, r).0.to_string())
            .collect();
        value["after_key"] = serde_json::json!({
            "threat": threat,
            "replies": after_key.defences.iter().map(|d| Played::new(pos, d)).collect::<Vec<_>>(),
            "refutations": refutations,
        });
    }
    if !solution.tries.is_empty() {
        let tries: Vec<KeyMove> = solution
            .tries
            .iter()
            .map(|k| KeyMove::new(pos, k))
            .collect();
        value["tries"] = serde_json::to_value(tries)?;
    }
    if let Some(set) = &solution.set_play {
        let black = duplex_position(pos);
        let set: Vec<Played> = set.iter().map(|v| Played::new(&black, v)).collect();
        value["set_play"] = serde_json::to_value(set)?;
    }
    if solution.stipulation.is_lines() {
        value["lines"] =
            serde_json::to_value(lines_record(pos, &solution.stipulation, &solution.lines))?;
        if let Some(set) = solution.stipulation.set_play() {
            if !solution.set_lines.is_empty() {
                let start = duplex_position(pos);
                value["set_lines"] =
                    serde_json::to_value(lines_record(&start, &set, &solution.set_lines))?;
            }
        }
    }
    Ok(())
}

impl<'a> Solved<'a> {
    /// The record of `solution`, solved from `pos`.
    pub fn new(pos: &Position, solution: &Solution, problem: Answers<'a>) -> Solved<'a> {
        // Every field named: one added to the library's solution is written
        // here, or set aside here, never forgotten.
        let Solution {
            stipulation: _,
            keys,
            nodes,
            // Written by `extras`, beside the keys, when there are any.
            tries: _,
            set_play: _,
            forced: _,
            lines: _,
            set_lines: _,
            duplex: _,
            opposite_check: _,
            set_play_opposite_check: _,
            after_key: _,
            tries_not_applicable: _,
            set_play_not_applicable: _,
            threat_not_applicable: _,
        } = solution;
        Solved {
            cook: solution.is_cooked(),
            keys: keys.iter().map(|key| KeyMove::new(pos, key)).collect(),
            nodes: *nodes,
            problem,
        }
    }
}

/// The move `m` of `pos` in UCI (castling as the variant writes it) and in
/// English SAN.
fn written(pos: &Position, m: Move) -> (UciMove, String) {
    let uci = UciMove::from_move(m, CastlingMode::from_variant(pos.variant()));
    (uci, pos.san(m))
}

/// The position after `m`, a move of the tree (legal where it stands).
fn after(pos: &Position, m: Move) -> Position {
    pos.play(m).unwrap_or_else(|_| pos.clone())
}

impl KeyMove {
    fn new(pos: &Position, key: &Key) -> KeyMove {
        let Key {
            mv,
            short,
            // Whether the key checks shows in its SAN.
            check: _,
            threat,
            defences,
            refutations,
        } = key;
        let next = after(pos, *mv);
        let threat = match (threat, key.threat_position(pos)) {
            (Some(list), Some(passed)) => {
                Some(list.iter().map(|t| Played::new(&passed, t)).collect())
            }
            _ => None,
        };
        let (uci, san) = written(pos, *mv);
        KeyMove {
            refutations: refutations
                .iter()
                .map(|&r| {
                    let (uci, san) = written(&next, r);
                    Played {
                        dual: false,
                        replies: Vec::new(),
                        san,
                        short: false,
                        threat: None,
                        uci,
                    }
                })
                .collect(),
            replies: defences.iter().map(|d| Played::new(&next, d)).collect(),
            san,
            short: *short,
            threat,
            uci,
        }
    }
}

impl Played {
    fn new(pos: &Position, variation: &Variation) -> Played {
        let Variation {
            mv,
            dual,
            short,
            threat,
            replies,
        } = variation;
        let next = after(pos, *mv);
        let (uci, san) = written(pos, *mv);
        let threat = threat.as_ref().map(|list| {
            let passed = duplex_position(&next);
            list.iter().map(|t| Played::new(&passed, t)).collect()
        });
        Played {
            dual: *dual,
            replies: replies.iter().map(|r| Played::new(&next, r)).collect(),
            san,
            short: *short,
            threat,
            uci,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs/solve.md §4: a move is `uci`, `san`, `replies`; `dual` and
    /// `short` appear only when true; a key's `threat` is always there.
    #[test]
    fn a_move_writes_its_flags_only_when_true() {
        let uci: UciMove = "d4b3".parse().unwrap();
        let quiet = Played {
            dual: false,
            replies: Vec::new(),
            san: "Nb3".to_owned(),
            short: false,
            threat: None,
            uci,
        };
        let value = serde_json::to_value(&quiet).unwrap();
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["replies", "san", "uci"]);
        let marked = Played {
            dual: true,
            short: true,
            ..quiet
        };
        let text = serde_json::to_string(&marked).unwrap();
        assert_eq!(
            text,
            r#"{"dual":true,"replies":[],"san":"Nb3","short":true,"uci":"d4b3"}"#
        );
        let key = KeyMove {
            refutations: Vec::new(),
            replies: Vec::new(),
            san: "Rh8#".to_owned(),
            short: false,
            threat: None,
            uci: "h1h8".parse().unwrap(),
        };
        assert_eq!(
            serde_json::to_string(&key).unwrap(),
            r#"{"replies":[],"san":"Rh8#","threat":null,"uci":"h1h8"}"#
        );
    }
}
