//! The rival of `forsyth convert --castling shredder` for whole-process
//! timing: a streaming X-FEN to Shredder-FEN converter built on shakmaty
//! 0.30.1 (a dev-dependency, never shipped). It reads lines from the file
//! named on the command line (standard input when none), parses and
//! validates each one, writes the legal ones as Shredder-FEN and names the
//! others on standard error, as the forsyth command does.
//!
//! ```text
//! cargo run --release -p forsyth --example shakmaty_convert -- corpus.fen > out.fen
//! ```

#[path = "../benches/corpus/rival.rs"]
mod rival;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};

fn main() -> io::Result<()> {
    let input: Box<dyn Read> = match std::env::args_os().nth(1) {
        Some(path) => Box::new(File::open(path)?),
        None => Box::new(io::stdin().lock()),
    };
    let mut input = BufReader::with_capacity(1 << 16, input);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = io::BufWriter::new(io::stderr().lock());
    let mut line = Vec::with_capacity(128);
    let mut text = String::with_capacity(128);
    let mut number = 0u64;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let record = line.trim_ascii();
        if record.is_empty() {
            continue;
        }
        text.clear();
        if rival::convert_line(record, &mut text) {
            text.push('\n');
            out.write_all(text.as_bytes())?;
        } else {
            writeln!(err, "<stdin>:{number}: rejected")?;
        }
    }
    out.flush()?;
    err.flush()
}
