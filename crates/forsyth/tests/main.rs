//! The library's integration tests, one binary (linking thirty took longer
//! than running them). Each file of this folder is a module of it, declared
//! below; `every_test_file_is_a_module` keeps a new file from being left out
//! unseen, since the manifest turns off the automatic one-binary-per-file.

mod common;

mod capablanca_crc;
mod capablanca_moves;
mod capablanca_perft;
mod capablanca_refusals;
mod capablanca_text;
mod capablanca_validate;
mod chess960;
mod descriptive;
mod descriptive_games;
mod en_passant;
mod epd;
mod epd_convert;
mod equality;
mod fen_spec;
mod fen_writer;
mod layering;
mod letters;
mod moves_spec;
mod notation;
mod notations;
mod outcome;
mod perft;
mod pgn_export;
mod pgn_fivefold;
mod pgn_props;
mod pgn_published;
mod pgn_replay;
mod pgn_syntax;
mod properties;
mod refusals;
mod roundtrip;
#[cfg(feature = "serde")]
mod serde;
mod solve;
mod solve_genres;
mod solve_goals;
mod solve_published;
mod solve_series;
mod validation_corpus;
mod validation_props;
#[cfg(feature = "serde")]
mod validation_serde;
mod validation_spec;

/// Every `.rs` file beside this one is declared above as a module, so none
/// is silently left uncompiled.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let this = std::fs::read_to_string(format!("{dir}/main.rs")).expect("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the tests folder") {
        let name = entry.expect("a folder entry").file_name();
        let name = name.to_string_lossy();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module != "main" && !this.contains(&format!("\nmod {module};\n")) {
            missing.push(name.into_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "not declared in tests/main.rs: {missing:?}"
    );
}
