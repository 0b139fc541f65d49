//! The layers of `specs/architecture.md`: no module uses a module of a
//! higher layer. Reads the sources: every `crate::` path of a file names a
//! module, directly (`crate::movegen::…`) or through a name the crate root
//! re-exports (`use crate::{Board, Setup}`), resolved to its defining module
//! by the `pub use` lines of `lib.rs`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layer of each module, bottom first (`specs/architecture.md`).
const LAYERS: &[(&str, u8)] = &[
    // 0: squares and pieces
    ("square", 0),
    ("color", 0),
    ("role", 0),
    ("bitboard", 0),
    ("board", 0),
    ("attacks", 0),
    ("castling", 0),
    ("letters", 0),
    // 1: text grammars
    ("fen", 1),
    ("pgn", 1),
    ("epd", 1),
    ("diagram", 1),
    // 2: setup
    ("setup", 2),
    ("problem", 2),
    ("chess960", 2),
    // 3: rules
    ("validate", 3),
    ("position", 3),
    ("movegen", 3),
    ("moves", 3),
    ("outcome", 3),
    ("perft", 3),
    ("writing", 3),
    // 4: notations
    ("san", 4),
    ("uci", 4),
    ("convert", 4),
    ("play", 4),
    ("explain", 4),
    ("game", 4),
    ("replay", 4),
    ("export", 4),
    ("epd_convert", 4),
    ("notation", 4),
    // 5: problems
    ("solve", 5),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|&(_, l)| l)
        .unwrap_or_else(|| {
            panic!(
                "module `{module}` has no layer: add it to the table of specs/architecture.md \
                 and to LAYERS in crates/forsyth/tests/layering.rs"
            )
        })
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The code of a file without comments (doc comments and their examples
/// included) and without string literals' contents.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_str && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' && !(prev == '\'' && chars.get(i + 1) == Some(&'\'')) {
                in_str = !in_str;
            }
            if !in_str {
                kept.push(c);
            }
            prev = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The items of a brace group `{a, b::c, d as e, f::{g, h}}` at its top
/// level: (first path segment, name it is known by).
fn group_items(group: &str) -> Vec<(String, String)> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for c in group.chars() {
        match c {
            '{' => {
                depth += 1;
                current.push(c);
            }
            '}' => {
                depth -= 1;
                current.push(c);
            }
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut current));
            }
            _ => current.push(c),
        }
    }
    items.push(current);
    items
        .into_iter()
        .map(|item| item.trim().to_owned())
        .filter(|item| !item.is_empty())
        .map(|item| {
            let first = ident_at(&item).to_owned();
            let alias = item
                .rsplit_once(" as ")
                .map_or(first.clone(), |(_, a)| ident_at(a.trim()).to_owned());
            (first, alias)
        })
        .collect()
}

/// The text of the brace group starting at `s` (which begins with `{`).
fn brace_group(s: &str) -> &str {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &s[1..i];
                }
            }
            _ => {}
        }
    }
    panic!("unclosed brace group: {s}")
}

/// Modules declared in `lib.rs` and the module defining each name the root
/// re-exports.
fn root() -> (Vec<String>, BTreeMap<String, String>) {
    let lib = code(&fs::read_to_string(src().join("lib.rs")).expect("lib.rs"));
    let mut modules = Vec::new();
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let line = line.trim();
        for prefix in ["mod ", "pub mod ", "pub(crate) mod "] {
            if let Some(rest) = line.strip_prefix(prefix) {
                modules.push(ident_at(rest).to_owned());
            }
        }
    }
    let mut rest = lib.as_str();
    while let Some(at) = rest.find("pub use ") {
        let after = &rest[at + "pub use ".len()..];
        let module = ident_at(after).to_owned();
        let path_rest = &after[module.len()..];
        let path_rest = path_rest.strip_prefix("::").expect("pub use module::…");
        if path_rest.starts_with('{') {
            for (_, alias) in group_items(brace_group(path_rest)) {
                names.insert(alias, module.clone());
            }
        } else {
            let end = path_rest.find(';').expect("pub use ends");
            let path = &path_rest[..end];
            let last = path.rsplit("::").next().unwrap_or(path);
            let alias = last.rsplit_once(" as ").map_or(last, |(_, a)| a);
            names.insert(ident_at(alias.trim()).to_owned(), module.clone());
        }
        rest = after;
    }
    (modules, names)
}

/// Every module a file's code names through `crate::`.
fn uses(code: &str, modules: &[String], names: &BTreeMap<String, String>) -> Vec<String> {
    let resolve = |first: &str| -> String {
        if modules.iter().any(|m| m == first) {
            first.to_owned()
        } else {
            names.get(first).cloned().unwrap_or_else(|| {
                panic!("`crate::{first}` is neither a module nor a root re-export")
            })
        }
    };
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let word_before = rest[..at].chars().last();
        let is_path = !word_before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_path {
            if after.starts_with('{') {
                for (first, _) in group_items(brace_group(after)) {
                    if first != "self" {
                        out.push(resolve(&first));
                    }
                }
            } else {
                let first = ident_at(after);
                if !first.is_empty() {
                    out.push(resolve(first));
                }
            }
        }
        rest = after;
    }
    out
}

/// The top module of a source file: `src/x.rs` and `src/x/…` are `x`.
fn top_module(path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src()).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    let module = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
    (module != "lib").then_some(module)
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_uses_a_higher_layer() {
    let (modules, names) = root();
    for m in &modules {
        layer(m);
    }
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let mut violations = Vec::new();
    for file in &files {
        let Some(module) = top_module(file) else {
            continue;
        };
        let own = layer(&module);
        let text = code(&fs::read_to_string(file).expect("readable"));
        for used in uses(&text, &modules, &names) {
            if layer(&used) > own {
                violations.push(format!(
                    "{}: `{module}` (layer {own}) uses `{used}` (layer {})",
                    file.strip_prefix(src()).unwrap().display(),
                    layer(&used)
                ));
            }
        }
    }
    violations.sort();
    violations.dedup();
    assert!(
        violations.is_empty(),
        "layering broken:\n{}",
        violations.join("\n")
    );
}

/// The checker itself: root names resolve to their modules, and a use of
/// a higher layer is found (so the test above cannot pass vacuously).
#[test]
fn checker_resolves_root_names_and_finds_violations() {
    let (modules, names) = root();
    assert_eq!(names.get("Board").map(String::as_str), Some("board"));
    assert_eq!(names.get("Setup").map(String::as_str), Some("setup"));
    assert_eq!(names.get("Report").map(String::as_str), Some("validate"));
    let fake =
        code("use crate::{Board, Report, fen::Fen};\nlet x = crate::movegen::f(); // crate::san\n");
    let used = uses(&fake, &modules, &names);
    assert_eq!(used, ["board", "validate", "fen", "movegen"]);
    assert!(used.iter().any(|m| layer(m) > layer("fen")));
    // The writer of the text layer names nothing above it.
    let writer = code(&fs::read_to_string(src().join("fen/write.rs")).unwrap());
    assert!(uses(&writer, &modules, &names)
        .iter()
        .all(|m| layer(m) <= 1));
}

#[test]
#[should_panic(expected = "add it to the table")]
fn unknown_module_is_refused() {
    layer("nowhere");
}

/// Problems are data (specs/architecture.md): no library code reads a
/// rendered message back. Every line of code that renders a message
/// (`message()`, `to_string()`, `display_message()`) must not also take it
/// apart (`strip_prefix`, `split`, `starts_with`, ...), and outside the
/// modules that parse their input text (`fen`, `pgn`, `epd`, `san`, `uci`,
/// `play`, `notation`, `solve`) no
/// code strips text at all (`ConvertError::faults` once stripped the field
/// label off a rendered message on the next line).
#[test]
fn no_message_is_read_back() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let parsing = [
        "strip_prefix",
        "strip_suffix",
        "split",
        "starts_with",
        "ends_with",
        "trim_start_matches",
        ".find(",
        "contains(",
    ];
    let mut found = Vec::new();
    for file in &files {
        let Some(module) = top_module(file) else {
            continue;
        };
        let parses_input = [
            "fen", "pgn", "epd", "san", "uci", "play", "notation", "solve", "diagram",
        ]
        .contains(&module.as_str());
        let text = code(&fs::read_to_string(file).expect("readable"));
        // Unit tests may look at sentences; the library may not.
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in text.lines().enumerate() {
            let renders = ["message()", "to_string()", "display_message()"]
                .iter()
                .any(|r| line.contains(r));
            let strips = line.contains("strip_prefix") || line.contains("strip_suffix");
            if (renders && parsing.iter().any(|p| line.contains(p))) || (strips && !parses_input) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "messages read back:\n{}",
        found.join("\n")
    );
}
