//! Running the `forsyth` binary.

use std::io::Write;
use std::process::{Command, Stdio};

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `forsyth args...` with `stdin` as standard input.
pub fn forsyth(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("forsyth runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `forsyth args...` with the file at `path` as standard input (a
/// directory gives standard input that cannot be read).
pub fn forsyth_reading(args: &[&str], path: &std::path::Path) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(args)
        .stdin(std::fs::File::open(path).expect("the input opens"))
        .output()
        .expect("forsyth runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A path to a test data file in `tests/data`.
pub fn data(name: &str) -> String {
    format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A path to a spec in `specs/`.
pub fn spec(name: &str) -> String {
    format!("{}/../../specs/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Asserts that `text` (a command's output) contains `part`; shows the whole
/// text when it does not.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// Asserts that `text` (a command's output) starts with `start`; shows the
/// whole text when it does not.
#[track_caller]
pub fn assert_starts_with(text: &str, start: &str) {
    assert!(text.starts_with(start), "{start:?} does not start:\n{text}");
}
