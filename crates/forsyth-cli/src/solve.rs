//! `forsyth solve`: problems read (a statement, a FEN, a Popeye input),
//! solved, and written in the problemist's form, Popeye's tree or JSON.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use forsyth::notation::{Language, Notation};
use forsyth::skip_bom;
use forsyth::solve::{
    is_popeye_input, popeye_closes_with_blank, popeye_white_first_ignored, read_popeye_each,
    write_popeye_with, write_solution, ChessProblem, ParsePopeyeErrorKind, PopeyeStyle, Solver,
    Stipulation, StopReason,
};
use forsyth::validate::ProblemKind;

use crate::printer::diag::{caret, problem_line};
use crate::printer::json::{extras, Answers, Solved, TwinRecord};
use crate::printer::{Format, Printer};
use crate::progress::Progress;
use crate::Outcome;

/// Where `solve` reads its problems, as its words say.
pub enum ProblemSource {
    /// `-`: read as a file is.
    Stdin,
    /// A Popeye input, or statements and FENs one per line.
    File(PathBuf),
    /// The words themselves: one statement, or a FEN and its stipulation.
    Statement(Vec<String>),
}

/// What `solve` runs on.
pub struct Solve {
    pub source: ProblemSource,
    /// `--mate` or `--stipulation`: overrides each problem's own.
    pub stipulation: Option<Stipulation>,
    /// `--notation`; without it, SAN in the `--letters` language, else in
    /// the problem's own (its placement's letters, its Popeye keywords),
    /// else in English.
    pub notation: Option<Notation>,
    /// `--letters`.
    pub letters: Option<Language>,
    pub format: Format,
    /// `--style popeye`.
    pub popeye: bool,
    /// `--tries[=N]` (the most refutations of a try), `--avoid-trivial-tries`,
    /// `--set-play` (a Popeye input's options ask for them too).
    pub tries: Option<u32>,
    pub avoid_trivial_tries: bool,
    pub set_play: bool,
    pub limits: Limits,
    pub progress: bool,
}

/// `--max-nodes`, `--max-time`, `--max-memory`: each problem's search stops
/// at the first reached.
pub struct Limits {
    pub nodes: Option<u64>,
    pub time: Option<std::time::Duration>,
    /// Bytes.
    pub memory: usize,
}

impl Limits {
    pub fn resolve(
        nodes: Option<u64>,
        time: Option<std::time::Duration>,
        megabytes: u64,
    ) -> Limits {
        let memory = usize::try_from(megabytes.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        Limits {
            nodes,
            time,
            memory,
        }
    }
}

/// A problem read, or why it does not read, and where from.
struct Entry {
    /// `FILE:LINE` (a statement file), `FILE: problem N` (a Popeye
    /// input), or empty for the command line.
    source: String,
    /// The problem's 1-based place in its input.
    index: usize,
    /// The line of its input it starts on (none on the command line).
    line: Option<usize>,
    problem: Result<ChessProblem, String>,
    /// Read from a Popeye input: its options say what Popeye's text shows.
    popeye: bool,
}

/// Why no problem could be read at all: how the command ends, and what it
/// says.
type Unread = (Outcome, String);

/// The text of an input file: UTF-8, or else ISO 8859-1, in which
/// Popeye's inputs with accented titles and sources are often written
/// (Popeye reads bytes); every byte is a character of it, so nothing is
/// refused for its encoding.
fn input_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect())
}

/// Reads the problems of `source`: one Popeye input or statement file (or
/// standard input), else the words as one statement.
fn read_problems(source: &ProblemSource, letters: Option<Language>) -> Result<Vec<Entry>, Unread> {
    let letters = letters.map(|l| l.letters());
    let (source, text) = match source {
        ProblemSource::Stdin => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| (Outcome::Failed, format!("standard input: {e}")))?;
            ("<stdin>".to_owned(), input_text(bytes))
        }
        ProblemSource::File(path) => {
            let name = path.display().to_string();
            let bytes =
                std::fs::read(path).map_err(|e| (Outcome::Failed, format!("{name}: {e}")))?;
            (name, input_text(bytes))
        }
        ProblemSource::Statement(words) => {
            let statement = words.join(" ");
            let problem = ChessProblem::from_statement(&statement, letters).map_err(|e| {
                // A path that names no file is that, not a bad placement.
                if let [word] = words.as_slice() {
                    if let Some(message) = no_file(word) {
                        return (Outcome::Failed, message);
                    }
                }
                let message = format!(
                    "invalid problem\n{}",
                    caret(
                        &statement,
                        e.offset,
                        &format!("col {}: {}", e.offset + 1, e.message())
                    )
                );
                (Outcome::Rejected, message)
            })?;
            return Ok(vec![Entry {
                source: String::new(),
                index: 1,
                line: None,
                problem: Ok(problem),
                popeye: false,
            }]);
        }
    };
    let text = skip_bom(text.as_str());
    let read = read_popeye_each(text);
    // Not Popeye's (no word of it is a Popeye command): one statement per
    // non-blank line.
    if let [Err(e)] = &read[..] {
        if e.kind == ParsePopeyeErrorKind::Begin && !is_popeye_input(text) {
            let out: Vec<Entry> = text
                .lines()
                .enumerate()
                .filter(|(_, line)| !line.trim().is_empty())
                .enumerate()
                .map(|(index, (i, line))| Entry {
                    source: format!("{source}:{}", i + 1),
                    index: index + 1,
                    line: Some(i + 1),
                    problem: ChessProblem::from_statement(line, letters).map_err(|e| {
                        format!("{source}:{}:{}: {}", i + 1, e.offset + 1, e.message())
                    }),
                    popeye: false,
                })
                .collect();
            if out.is_empty() {
                return Err((Outcome::Rejected, format!("{source}: no problem")));
            }
            return Ok(out);
        }
    }
    // A fault costs only its own problem: the others are still solved.
    Ok(read
        .into_iter()
        .enumerate()
        .map(|(i, problem)| Entry {
            source: format!("{source}: problem {}", i + 1),
            index: i + 1,
            line: Some(match &problem {
                Ok(p) => p.line,
                Err(e) => e.line,
            }),
            problem: problem
                .map_err(|e| format!("{source}:{}:{}: {}", e.line, e.column, e.message())),
            popeye: true,
        })
        .collect())
}

/// Why `word`, which does not read as a problem, names no file to read,
/// when it looks like a path (it exists, as a directory does; it has an
/// extension, as `problems.inp`; it starts like one, as `./x` or `~/x`):
/// the system's reason (`No such file or directory`). No placement or
/// stipulation has a `.` before a final word of letters and digits.
fn no_file(word: &str) -> Option<String> {
    let path = Path::new(word);
    let extension = word.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=10).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    let starts_like_one = ["/", "./", "../", "~/"].iter().any(|p| word.starts_with(p));
    if !(path.exists() || extension || starts_like_one) {
        return None;
    }
    std::fs::read(path).err().map(|e| format!("{word}: {e}"))
}

/// The label of twin `t` (0 for the problem itself): `a` to `z`, then
/// `z1`, `z2`...
fn twin_letter(t: usize) -> String {
    match u8::try_from(t).ok().filter(|&t| t < 26) {
        Some(t) => char::from(b'a' + t).to_string(),
        None => format!("z{}", t - 25),
    }
}

/// Set by Ctrl-C while `solve` runs: the search stops at its next check.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub fn run(args: &Solve) -> io::Result<Outcome> {
    let problems = match read_problems(&args.source, args.letters) {
        Ok(problems) => problems,
        Err((outcome, message)) => {
            crate::note(&message);
            return Ok(outcome);
        }
    };
    // Without a handler (it could not be installed) Ctrl-C ends the
    // process as before; what is solved is already written either way.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed));
    let mut out = Printer::stdout();
    let mut outcome = Outcome::Ok;
    let several = problems.len() > 1;
    for (i, entry) in problems.iter().enumerate() {
        let problem = match &entry.problem {
            Ok(problem) => problem,
            Err(message) => {
                crate::note(message);
                outcome = Outcome::Rejected;
                continue;
            }
        };
        let place = if entry.source.is_empty() {
            String::new()
        } else {
            format!("{}: ", entry.source)
        };
        let Some(stipulation) = args.stipulation.or(problem.stipulation) else {
            crate::note(&format!(
                "{place}no stipulation: give one (#3, mate in 3) or --mate N"
            ));
            outcome = Outcome::Rejected;
            continue;
        };
        // Solved as given, as Popeye solves it; said, not hidden.
        for set_aside in &problem.set_aside {
            let why = match set_aside.kind() {
                ProblemKind::PawnOnBackRank => "the pawn neither moves nor attacks, as in Popeye",
                ProblemKind::OppositeCheck => "the solver says so; only set play is solved",
                _ => "move generation stays sound",
            };
            crate::note(&format!(
                "{place}warning: {} (set aside: {why})",
                problem_line(set_aside)
            ));
        }
        // The problem, then each twin, labelled a), b), ... when it has any.
        let twins = if problem.twins.is_empty() {
            vec![Ok((String::new(), problem.clone()))]
        } else {
            problem.twin_problems()
        };
        let labelled = twins.len() > 1;
        let json = matches!(args.format, Format::Json);
        if !json && i > 0 {
            writeln!(out)?;
        }
        if !json && (several || problem.title.is_some()) {
            write!(out, "{}", entry.source)?;
            if let Some(title) = &problem.title {
                write!(out, " ({title})")?;
            }
            writeln!(out, " {stipulation}")?;
        }
        for (t, twin) in twins.iter().enumerate() {
            let letter = twin_letter(t);
            let continued = t > 0 && problem.twins.get(t - 1).is_some_and(|x| x.continued);
            let (label, twin) = match twin {
                Ok(made) => made,
                Err(e) => {
                    crate::note(&format!("{place}{letter}) {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            let stipulation = args.stipulation.or(twin.stipulation).unwrap_or(stipulation);
            let start = match twin.start(&stipulation) {
                Ok(start) => start,
                Err(e) => {
                    crate::note(&format!("{place}{stipulation}: {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            let pos = &start;
            let solution = {
                let mut progress = Progress::new(args.progress, "nodes");
                let mut seen = 0;
                let mut report = |nodes: u64| {
                    progress.add(nodes - seen);
                    seen = nodes;
                };
                let mut solver = Solver::new(stipulation)
                    .avoid_trivial_tries(
                        args.avoid_trivial_tries || problem.asks_trivial_tries_avoided(),
                    )
                    .set_play(args.set_play || problem.asks_set_play())
                    // Popeye's keys-only text needs no tree: the keys are
                    // proved and no more.
                    .variations(
                        json || !args.popeye
                            || !entry.popeye
                            || problem.asks_variations()
                            || problem.asks_postkey(),
                    )
                    .postkey(problem.asks_postkey())
                    // Popeye's text lists the helpmates Popeye lists; the
                    // other styles list them all.
                    .popeye_table(args.popeye && !json)
                    .max_memory(args.limits.memory)
                    .cancel(&INTERRUPTED)
                    .progress(&mut report);
                if let Some(moves) = problem.max_threat() {
                    solver = solver.max_threat(moves);
                }
                if let Some(most) = args.tries.or(problem.max_refutations()) {
                    solver = solver.max_refutations(most);
                }
                if let Some(nodes) = args.limits.nodes {
                    solver = solver.max_nodes(nodes);
                }
                if let Some(time) = args.limits.time {
                    solver = solver.max_time(time);
                }
                solver.solve(pos)
            };
            let solution = match solution {
                Ok(s) => s,
                Err(e) if e.reason == StopReason::Cancelled => {
                    crate::note(&format!("{place}interrupted: {e}"));
                    return Ok(Outcome::Interrupted);
                }
                Err(e) => {
                    // A limit costs only this problem: the next are solved.
                    crate::note(&format!("{place}stopped: {e}"));
                    outcome = Outcome::Rejected;
                    continue;
                }
            };
            if json {
                let answers = Answers {
                    index: entry.index,
                    line: entry.line,
                    set_aside: problem.set_aside.iter().map(|p| p.kind()).collect(),
                    stipulation: solution.stipulation,
                    title: problem.title.as_deref(),
                };
                let twin_record = labelled.then(|| TwinRecord {
                    changes: label.trim_end().to_owned(),
                    continued,
                    fen: pos.setup().to_string(),
                    label: letter.clone(),
                });
                let mut value = serde_json::to_value(Solved::new(pos, &solution, answers))
                    .map_err(io::Error::other)?;
                extras(&mut value, pos, &solution, twin_record).map_err(io::Error::other)?;
                out.json(&value)?;
                out.flush()?;
                continue;
            }
            if solution.tries_not_applicable && !args.popeye {
                // Popeye's style says it in its text, as Popeye does.
                crate::note(&format!(
                    "{place}tries: not applicable to the play after the key (postkeyplay), \
                     which is solved"
                ));
            }
            if solution.threat_not_applicable && !args.popeye {
                // Popeye's style says it in its text, as Popeye does.
                let moves = problem.max_threat().unwrap_or(0);
                crate::note(&format!(
                    "{place}option threat {moves}: not applicable (help or series play, or \
                     not below the stipulation's {} moves), solved without it",
                    stipulation.moves
                ));
            }
            let halves = core::iter::once(&solution).chain(solution.duplex.as_deref());
            if !args.popeye && halves.clone().any(|h| h.set_play_not_applicable) {
                // Popeye's style says it in its text, as Popeye does.
                crate::note(&format!(
                    "{place}set play: not applicable to this play (postkeyplay, a series of \
                     one side, h#0.5), ignored"
                ));
            }
            // Popeye says it on standard error, and goes on: before the
            // play for a set play left out, after the set play it solved
            // for a play it did not.
            let king_capture = |opposite: bool| {
                if args.popeye {
                    let halves = core::iter::once(&solution).chain(solution.duplex.as_deref());
                    for half in halves {
                        let said = if opposite {
                            half.opposite_check
                        } else {
                            half.set_play_opposite_check && !half.opposite_check
                        };
                        if said {
                            crate::note(&format!("{place}the side to play can capture the king"));
                        }
                    }
                }
            };
            king_capture(false);
            let language = args
                .letters
                .or(problem.language)
                .unwrap_or(Language::English);
            let plus = if continued { "+" } else { "" };
            let mut text = String::new();
            let written = if args.popeye {
                if labelled {
                    // Popeye's label: the changes; its blank line follows
                    // what Popeye says before solving.
                    text.push_str(&format!("{plus}{letter}) {label}\n"));
                }
                let mut style = PopeyeStyle::default();
                style.language = language;
                // Popeye writes threats and variations when asked.
                style.variations =
                    !entry.popeye || problem.asks_variations() || problem.asks_postkey();
                style.threats = !problem.asks_no_threat();
                style.mates_in_one = problem.asks_mates_in_one();
                style.opening = labelled;
                style.set_play = args.set_play || problem.asks_set_play();
                let written = write_popeye_with(&mut text, pos, &solution, &style);
                if labelled && t + 1 < twins.len() && popeye_closes_with_blank(&solution) {
                    text.push('\n');
                }
                // Popeye says that `whitetoplay` does not apply to the next
                // twin's stipulation in place of the blank line before its
                // label.
                if problem
                    .twins
                    .get(t)
                    .is_some_and(|x| x.white_to_play_ignored)
                {
                    if text.ends_with("\n\n") {
                        text.pop();
                    }
                    text.push_str(popeye_white_first_ignored(language));
                    text.push_str("\n\n");
                }
                written
            } else {
                if labelled {
                    let changes = label.trim_end();
                    let gap = if changes.is_empty() { "" } else { " " };
                    text.push_str(&format!("{plus}{letter}){gap}{changes}\n"));
                }
                let notation = args.notation.unwrap_or(Notation::San(language));
                write_solution(&mut text, pos, &solution, notation)
            };
            written.map_err(io::Error::other)?;
            out.write_all(text.as_bytes())?;
            out.flush()?;
            king_capture(true);
        }
        // What is solved is written, whatever happens to the next problem.
        out.flush()?;
    }
    Ok(outcome)
}
