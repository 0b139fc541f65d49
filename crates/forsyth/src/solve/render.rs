//! A solution written as text: the problemist's form in any notation, and
//! Popeye's long-algebraic tree.

use core::fmt;

use crate::board::{Move, Role};
use crate::notation::Notation;
use crate::rules::Position;

use super::search::after;
use super::{Key, Solution, Variation};

/// Writes `solution` of the problem `pos` in the problemist's form, moves
/// in `notation` (`specs/solve.md` §3): a line per key, `1.Sd4!` with the
/// threat's first moves in parentheses (`zugzwang` for a waiting key),
/// then, indented, one line per variation from Black's first defence to
/// the mate, `1...Kd7 2.Sb5 Ke7 3.Tf7#`, ending in `(dual)` when a White
/// move of it has a rival that also mates in time and `(short)` when it
/// mates before the stipulation's last move. A cooked problem starts with
/// `cook: N keys`; no key at all is `no solution`.
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::notation::Notation;
/// use forsyth::solve::{Solver, Stipulation, write_solution};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::Mate(1)).solve(&pos)?;
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
    if solution.keys.is_empty() {
        return writeln!(out, "no solution");
    }
    if solution.is_cooked() {
        writeln!(out, "cook: {} keys", solution.keys.len())?;
    }
    for key in &solution.keys {
        write_key(out, pos, key, notation)?;
    }
    Ok(())
}

fn write_key<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    key: &Key,
    notation: Notation,
) -> fmt::Result {
    write!(out, "1.{}!", notation.write(pos, key.mv))?;
    let next = after(pos, key.mv);
    match &key.threat {
        Some(threat) => {
            let passed = super::passed(&next);
            let moves: Vec<String> = threat
                .iter()
                .map(|t| format!("2.{}", notation.write(&passed, t.mv)))
                .collect();
            write!(out, " ({})", moves.join(", "))?;
        }
        None if key.is_waiting() => write!(out, " zugzwang")?,
        None => {}
    }
    if key.short {
        write!(out, " (short)")?;
    }
    writeln!(out)?;
    let mut line = Line {
        moves: Vec::new(),
        dual: false,
        short: false,
    };
    for defence in &key.defences {
        write_defence(out, &next, defence, 1, &mut line, notation)?;
    }
    Ok(())
}

/// The variation being written: its moves so far and its marks.
struct Line {
    moves: Vec<String>,
    dual: bool,
    short: bool,
}

/// Black's defence at move `number`, then each White continuation.
fn write_defence<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    defence: &Variation,
    number: u32,
    line: &mut Line,
    notation: Notation,
) -> fmt::Result {
    let text = notation.write(pos, defence.mv);
    line.moves.push(if line.moves.is_empty() {
        format!("{number}...{text}")
    } else {
        text
    });
    let next = after(pos, defence.mv);
    // A selfmate's variations end in Black's mating move.
    if defence.replies.is_empty() {
        write_line(out, line)?;
    }
    for cont in &defence.replies {
        let (dual, short) = (line.dual, line.short);
        line.dual |= cont.dual;
        line.short |= cont.short;
        line.moves
            .push(format!("{}.{}", number + 1, notation.write(&next, cont.mv)));
        if cont.replies.is_empty() {
            write_line(out, line)?;
        } else {
            let after_cont = after(&next, cont.mv);
            for reply in &cont.replies {
                write_defence(out, &after_cont, reply, number + 1, line, notation)?;
            }
        }
        line.moves.pop();
        (line.dual, line.short) = (dual, short);
    }
    line.moves.pop();
    Ok(())
}

/// One variation, indented, with its marks.
fn write_line<W: fmt::Write>(out: &mut W, line: &Line) -> fmt::Result {
    write!(out, "  {}", line.moves.join(" "))?;
    if line.dual {
        write!(out, " (dual)")?;
    }
    if line.short {
        write!(out, " (short)")?;
    }
    writeln!(out)
}

/// Writes `solution` of `pos` as Popeye's tree: long algebraic moves with
/// Popeye's letters (S for the knight, `*` for a capture, `0-0` castling),
/// ` +` and ` #` after checks and mates, `!` after the key, `threat:` or
/// `zugzwang.` on the key's line, each move on its own line, indented by
/// its depth. As Popeye does, a defence after which the threat still mates
/// as fast is left out (the threat's line stands for it).
///
/// ```
/// use forsyth::Position;
/// use forsyth::fen::Fen;
/// use forsyth::solve::{Solver, Stipulation, write_popeye};
/// let pos = Position::from_fen(&"k7/8/1K6/8/8/8/8/7R w - - 0 1".parse()?, None)?;
/// let solution = Solver::new(Stipulation::Mate(1)).solve(&pos)?;
/// let mut text = String::new();
/// write_popeye(&mut text, &pos, &solution)?;
/// assert_eq!(text, "   1.Rh1-h8 # !\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_popeye<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    solution: &Solution,
) -> fmt::Result {
    for key in &solution.keys {
        write!(out, "   1.{} !", popeye_move(pos, key.mv))?;
        let next = after(pos, key.mv);
        match &key.threat {
            Some(threat) => {
                writeln!(out, " threat:")?;
                let passed = super::passed(&next);
                for t in threat {
                    popeye_variation(out, &passed, t, 2, true)?;
                }
            }
            None if key.is_waiting() => writeln!(out, " zugzwang.")?,
            None => writeln!(out)?,
        }
        for defence in &key.defences {
            if !executes_threat(defence, key.threat.as_deref()) {
                popeye_variation(out, &next, defence, 1, false)?;
            }
        }
    }
    Ok(())
}

/// `true` for a defence after which the threat still works as fast: one
/// of White's fewest-move continuations is a threat move, mating in the
/// threat's moves. Popeye leaves such defences out of its tree (the
/// threat's line says it); it prints the defences that stop the threat and
/// those that allow a shorter mate.
fn executes_threat(defence: &Variation, threat: Option<&[Variation]>) -> bool {
    let Some(threat) = threat else {
        return false;
    };
    let moves = super::fewest(threat);
    super::fewest(&defence.replies) == moves
        && defence.replies.iter().any(|c| {
            threat.iter().any(|t| {
                (t.mv.from(), t.mv.to(), t.mv.promotion())
                    == (c.mv.from(), c.mv.to(), c.mv.promotion())
            })
        })
}

/// Indent of White's move `number` (2 and later) and of Black's.
fn white_indent(number: u32) -> usize {
    10 + 8 * (number as usize - 2)
}

fn black_indent(number: u32) -> usize {
    6 + 8 * (number as usize - 1)
}

/// A variation in Popeye's tree: its move at move `number`, White's
/// (`2.`) or Black's (`1...`) at its indent, then the replies below it.
fn popeye_variation<W: fmt::Write>(
    out: &mut W,
    pos: &Position,
    v: &Variation,
    number: u32,
    white: bool,
) -> fmt::Result {
    let (dots, indent) = if white {
        (".", white_indent(number))
    } else {
        ("...", black_indent(number))
    };
    writeln!(
        out,
        "{:indent$}{number}{dots}{}",
        "",
        popeye_move(pos, v.mv),
    )?;
    let next = after(pos, v.mv);
    // White's reply to Black's move comes a move later.
    let reply_number = if white { number } else { number + 1 };
    for reply in &v.replies {
        popeye_variation(out, &next, reply, reply_number, !white)?;
    }
    Ok(())
}

/// Popeye's letter of a role (S for the knight).
fn popeye_letter(role: Role) -> &'static str {
    match role {
        Role::Pawn => "",
        Role::Knight => "S",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
        // Never met: the solver's board is the 8x8 one, which holds neither.
        Role::Archbishop => "A",
        Role::Chancellor => "C",
    }
}

/// A move in Popeye's long algebraic notation, with ` +` or ` #`.
fn popeye_move(pos: &Position, m: Move) -> String {
    let mut s = match m.castling_side() {
        Some(side) if side.is_king_side() => "0-0".to_owned(),
        Some(_) => "0-0-0".to_owned(),
        None => {
            let sep = if m.is_capture() { '*' } else { '-' };
            let mut s = format!("{}{}{sep}{}", popeye_letter(m.role()), m.from(), m.to());
            if let Some(p) = m.promotion() {
                s.push('=');
                s.push_str(popeye_letter(p));
            }
            if m.is_en_passant() {
                s.push_str(" ep.");
            }
            s
        }
    };
    let next = after(pos, m);
    if next.is_check() {
        s.push_str(if next.count_legal_moves() == 0 {
            " #"
        } else {
            " +"
        });
    }
    s
}
