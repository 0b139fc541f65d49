//! Perft on the 10x8 board against published counts and against
//! Fairy-Stockfish.
//!
//! - The published counts: the Capablanca and Gothic starts to depth 5,
//!   and the Gothic test position to depth 4.
//! - `data/capablanca.perft`: positions of random games from the
//!   Capablanca, Gothic and CRC starts, counted by Fairy-Stockfish (the
//!   file's header says which version and how the positions were made).
//!   [`record_fairy_stockfish_counts`] made the file; it runs again with
//!   `cargo test -p forsyth --test capablanca_perft -- --ignored record`
//!   where Fairy-Stockfish is installed (`FAIRY_STOCKFISH`, default
//!   `/usr/games/fairy-stockfish`).

use crate::common::capablanca as record;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use forsyth::capablanca::{CrcStart, Move, Position, Variant};
use forsyth::Role;

#[test]
fn published_starts() {
    let capablanca = Position::capablanca();
    for (depth, nodes) in [
        (1, 28),
        (2, 784),
        (3, 25_228),
        (4, 805_128),
        (5, 28_741_319),
    ] {
        assert_eq!(capablanca.perft(depth), nodes, "capablanca depth {depth}");
    }
    let gothic = Position::gothic();
    for (depth, nodes) in [
        (1, 28),
        (2, 784),
        (3, 25_283),
        (4, 808_984),
        (5, 28_946_187),
    ] {
        assert_eq!(gothic.perft(depth), nodes, "gothic depth {depth}");
    }
}

#[test]
fn published_gothic_position() {
    let setup = record::setup(
        "r1b1c2rk1/p4a1ppp/1ppq2pn2/3p1p4/3A1Pn3/1PN3PN2/P1PQP1BPPP/3RC2RK1 w - - 0 1",
        Variant::Gothic,
    )
    .unwrap();
    let pos = Position::from_setup(setup).unwrap();
    assert_eq!(pos.perft(4), 7_917_813);
}

struct Entry {
    id: String,
    variant: Variant,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/capablanca.perft");
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("`key value` line");
        let last = entries.last_mut();
        match (key, last) {
            ("id", _) => entries.push(Entry {
                id: value.to_owned(),
                variant: Variant::Capablanca,
                fen: String::new(),
                counts: Vec::new(),
            }),
            ("variant", Some(e)) => e.variant = value.parse().expect("a 10x8 variant"),
            ("epd", Some(e)) => e.fen = value.to_owned(),
            ("perft", Some(e)) => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                e.counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            _ => panic!("unexpected line {line:?}"),
        }
    }
    entries
}

/// Every count of every position of the file, and the file holds what it
/// says: each position legal, each feature of its id shown.
#[test]
fn fairy_stockfish_counts() {
    let entries = entries();
    assert!(entries.len() >= 100, "{} positions", entries.len());
    let mut checked = 0;
    for e in &entries {
        let setup =
            record::setup(&e.fen, e.variant).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let pos = Position::from_setup(setup).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let feature = e.id.rsplit(' ').next().unwrap_or("");
        assert!(has_feature(&pos, feature), "{}", e.id);
        for &(depth, nodes) in &e.counts {
            assert_eq!(
                pos.perft(depth),
                nodes,
                "{} ({}) depth {depth}",
                e.id,
                e.fen
            );
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} counts");
}

/// xorshift64*, the recorder's random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What a recorded position should show, in turn: a castling move, an
/// en-passant capture, a promotion, a check, or anything.
const FEATURES: [&str; 5] = ["castling", "en-passant", "promotion", "check", "any"];

fn has_feature(pos: &Position, feature: &str) -> bool {
    let moves = pos.legal_moves();
    match feature {
        "castling" => moves.iter().any(|m| m.is_castle()),
        "en-passant" => moves.iter().any(|m| m.is_en_passant()),
        "promotion" => moves.iter().any(|m| m.promotion().is_some()),
        "check" => pos.is_check() && !moves.is_empty(),
        _ => !moves.is_empty(),
    }
}

/// The positions to record: for game `i`, a start (every fourth game the
/// Capablanca start, every fourth the Gothic start, else the next start of
/// `CrcStart::random_sequence(SEED)`), random moves (pawn moves twice as
/// likely, so that games reach promotions) for a random length of 8 to 99
/// plies (8 to 37 for en passant), then moves that lead to a position
/// showing the feature `FEATURES[i % 5]` when there are some (else random
/// ones), until one does (a game that ends or reaches 300 plies first
/// records nothing). Games after a castling move move no king or rook
/// (while they have other moves), and every 7th game none before the
/// length is reached, to keep their castling rights.
fn recorded_positions(seed: u64, games: usize) -> Vec<(usize, Position, &'static str)> {
    let mut rng = Rng(seed);
    let mut crc = CrcStart::random_sequence(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = match game % 4 {
            0 => Position::capablanca(),
            1 => Position::gothic(),
            _ => Position::from_setup(crc.next().unwrap().to_setup()).unwrap(),
        };
        let feature = FEATURES[game % FEATURES.len()];
        // En passant needs pawns on their starting squares: short games.
        let length = 8 + rng.below(if feature == "en-passant" { 30 } else { 92 });
        let keep_rights = game % 7 == 3 || feature == "castling";
        for ply in 0..300 {
            if ply >= length && has_feature(&pos, feature) {
                out.push((game, pos, feature));
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut choice: Vec<Move> = moves.iter().copied().collect();
            if keep_rights && (ply < length || feature == "castling") {
                choice.retain(|m| !matches!(m.role(), Role::King | Role::Rook));
            }
            if ply + 1 >= length {
                let leading: Vec<Move> = choice
                    .iter()
                    .copied()
                    .filter(|&m| has_feature(&pos.play(m).unwrap(), feature))
                    .collect();
                if !leading.is_empty() {
                    choice = leading;
                }
            }
            let pawns: Vec<Move> = choice
                .iter()
                .copied()
                .filter(|m| m.role() == Role::Pawn)
                .collect();
            let m = if !pawns.is_empty() && rng.below(3) > 0 {
                pawns[rng.below(pawns.len())]
            } else if !choice.is_empty() {
                choice[rng.below(choice.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(m).unwrap();
        }
    }
    out
}

/// Fairy-Stockfish's `go perft` count and its `d` FEN of a position.
fn fairy_stockfish(engine: &str, variant: Variant, fen: &str, depth: u32) -> (u64, String) {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("Fairy-Stockfish runs");
    let uci_variant = match variant {
        Variant::Capablanca => "capablanca",
        Variant::Gothic => "gothic",
        _ => "caparandom",
    };
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "uci").unwrap();
    writeln!(stdin, "setoption name UCI_Variant value {uci_variant}").unwrap();
    if variant == Variant::Crc {
        writeln!(stdin, "setoption name UCI_Chess960 value true").unwrap();
    }
    writeln!(stdin, "position fen {fen}").unwrap();
    writeln!(stdin, "d").unwrap();
    writeln!(stdin, "go perft {depth}").unwrap();
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let mut nodes = None;
    let mut shown = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if let Some(n) = line.strip_prefix("Nodes searched: ") {
            nodes = Some(n.trim().parse().unwrap());
        }
        if let Some(f) = line.strip_prefix("Fen: ") {
            shown = f.trim().to_owned();
        }
    }
    child.wait().unwrap();
    (nodes.expect("a perft count"), shown)
}

/// The castling field's letters, sorted (the engine writes them in its
/// own order).
fn normalised(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    let mut letters: Vec<char> = fields[2].chars().collect();
    letters.sort_unstable();
    fields[2] = letters.into_iter().collect();
    fields.join(" ")
}

/// Writes `data/capablanca.perft` from Fairy-Stockfish's counts of the
/// [`recorded_positions`], each to the deepest depth (at most 5) whose count
/// (by forsyth) is at most 5,000,000. Fairy-Stockfish's `d` must show the
/// record it was given (castling letters in any order; it drops an
/// en-passant square no pawn can take).
#[test]
#[ignore = "needs Fairy-Stockfish; rewrites tests/data/capablanca.perft"]
fn record_fairy_stockfish_counts() {
    const SEED: u64 = 0x108c_a9ab_1a2c_a000;
    let engine = std::env::var("FAIRY_STOCKFISH").unwrap_or("/usr/games/fairy-stockfish".into());
    let version = Command::new(&engine)
        .stdin(Stdio::null())
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .expect("Fairy-Stockfish runs");
    let mut out = String::new();
    out.push_str(&format!(
        "# Perft of 10x8 positions, counted by {version} (Debian package\n\
         # fairy-stockfish 11.1-1+b1): UCI_Variant capablanca, gothic, or caparandom\n\
         # with UCI_Chess960 true (castling letters are Shredder-FEN there, KQkq in\n\
         # the other two), `position fen`, `go perft N`.\n\
         #\n\
         # The positions: random games (seed {SEED:#x}, crates/forsyth/tests/\n\
         # capablanca_perft.rs, `recorded_positions`) from the Capablanca start, the\n\
         # Gothic start and random CRC starts (CrcStart::random_sequence), pawn moves\n\
         # twice as likely, for 8 to 99 plies (8 to 37 before an en-passant capture),\n\
         # then on (choosing moves that lead to it when there are some) to the first\n\
         # position with a castling move, an en-passant capture, a promotion, a check\n\
         # or any move (in turn; 300 plies at most); games after a castling move move\n\
         # no king or rook, and every 7th game none in its first 8 to 99 plies, to\n\
         # keep their castling rights.\n"
    ));
    let positions = recorded_positions(SEED, 120);
    for (game, pos, feature) in &positions {
        let variant = pos.variant();
        let fen = record::record(pos.setup(), variant != Variant::Crc);
        let mut depth = 1;
        while depth < 5 && pos.perft(depth + 1) <= 5_000_000 {
            depth += 1;
        }
        out.push_str(&format!(
            "\nid {game:02} {variant} {feature}\nvariant {variant}\nepd {fen}\n"
        ));
        for d in 1..=depth {
            let (nodes, shown) = fairy_stockfish(&engine, variant, &fen, d);
            let expected = normalised(&fen);
            let ep_dropped = {
                let mut f: Vec<&str> = expected.split(' ').collect();
                f[3] = "-";
                f.join(" ")
            };
            let shown = normalised(&shown);
            assert!(
                shown == expected || shown == ep_dropped,
                "engine shows {shown}, given {fen}"
            );
            out.push_str(&format!("perft {d} {nodes}\n"));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/capablanca.perft");
    std::fs::write(path, out).unwrap();
}
