//! The architecture of `specs/architecture.md`, checked on the sources:
//!
//! - the library's folders are layers, and no module uses a module of a
//!   higher layer;
//! - no two modules need each other, in the library (inside a folder too)
//!   and in the command line: the module graph has no cycle.
//!
//! The graph is read from the code (comments and string contents left
//! out): every `use` and every path starting with `crate::`, `super::`,
//! `self::` or a child module names a module, the one that defines the item
//! (a name re-exported by `pub use` is followed to its definition, so a
//! module that imports `crate::rules::Position` depends on
//! `rules::position`). A `pub use` re-exports and is not a dependency of the
//! module that writes it; it still may not name a higher layer. Unit tests
//! inside a file count as the file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layer of each folder of `crates/forsyth/src`, bottom first, as
/// `specs/architecture.md` gives them. `forsyth-types` (squares, pieces,
/// bitboards) is below them all.
const LAYERS: &[(&str, u8)] = &[
    ("board", 0),
    ("text", 1),
    ("diagram", 1),
    ("setup", 2),
    ("rules", 3),
    ("notation", 4),
    ("game", 5),
    ("solve", 6),
];

/// The boards beside the 8x8 one (`specs/architecture.md`, section 10x8):
/// a module under a folder of one of these names, in any layer, is that
/// board's. It may use the 8x8 modules of its layer and below (the shared
/// taxonomy, the random numbers); no other module uses it (`lib.rs`
/// gathers it into its public module).
const BESIDE: &[&str] = &["capablanca"];

/// At most this many entries in `crates/forsyth/src`: `lib.rs` and the
/// layer folders.
const MAX_ENTRIES: usize = 12;

/// A module's path from the crate root (`["rules", "validate", "report"]`).
type ModPath = Vec<String>;

fn show(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

fn layer(folder: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == folder)
        .map(|&(_, l)| l)
        .unwrap_or_else(|| {
            panic!(
                "folder `{folder}` has no layer: add it to the table of specs/architecture.md \
                 and to LAYERS in crates/forsyth/tests/layering.rs"
            )
        })
}

fn library() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn command_line() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../forsyth-cli/src")
}

/// The code of a file without comments and without the contents of string
/// and character literals; lines are kept, so line numbers still hold.
fn code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if !word_before && (c == 'r' || (c == 'b' && at(i + 1) == 'r')) && {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            while at(j) == '#' {
                j += 1;
            }
            at(j) == '"'
        } {
            // A raw string: r"..", r#".."#, br"..".
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                if chars[j] == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if at(j) == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\''), or a lifetime ('a).
            let len = if at(i + 1) == '\\' {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' && j < i + 12 {
                    j += 1;
                }
                (at(j) == '\'').then_some(j + 1 - i)
            } else {
                (at(i + 2) == '\'').then_some(3)
            };
            match len {
                Some(n) => {
                    out.push_str("' '");
                    i += n;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The text of the brace group starting at `s` (which begins with `{`),
/// without its braces.
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

/// The leaves of a use tree (`a::{b, c::{d as e}, self}`): each leaf's
/// path segments and the name it binds (`None` for a glob).
fn use_leaves(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    leaves(&tree, &mut Vec::new(), &mut out);
    out
}

fn leaves(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    let tree = tree.trim().trim_start_matches("::");
    if tree.is_empty() {
        return;
    }
    if tree.starts_with('{') {
        let group = brace_group(tree);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    leaves(&group[start..i], prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        leaves(&group[start..], prefix, out);
        return;
    }
    if tree == "*" {
        out.push((prefix.clone(), None));
        return;
    }
    let first = ident_at(tree);
    let rest = tree[first.len()..].trim_start();
    if let Some(rest) = rest.strip_prefix("::") {
        prefix.push(first.to_owned());
        leaves(rest, prefix, out);
        prefix.pop();
    } else {
        let alias = rest
            .strip_prefix("as ")
            .map(|a| ident_at(a.trim()).to_owned());
        let mut path = prefix.clone();
        let bound = if first == "self" {
            prefix.last().cloned()
        } else {
            path.push(first.to_owned());
            Some(first.to_owned())
        };
        out.push((path, alias.or(bound)));
    }
}

/// The code without its `use` declarations.
fn without_uses(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let word_before = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let end = if word_before {
            at + 4
        } else {
            rest[at..].find(';').map_or(rest.len(), |e| at + e + 1)
        };
        out.push_str(&rest[..if word_before { end } else { at }]);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// One module of the tree: a file, or an inline module of a file.
#[derive(Default, Debug)]
struct Module {
    /// The file, relative to the crate's `src`.
    file: String,
    /// The child modules.
    children: BTreeSet<String>,
    /// The names its `use` declarations bind, to absolute paths (after
    /// `crate`), and whether the declaration is a re-export (`pub use`).
    bindings: BTreeMap<String, (ModPath, bool)>,
}

/// A path named in a file's code: where it is written (the module,
/// inline modules included), the segments, the line, whether it is a
/// re-export.
#[derive(Debug)]
struct Mention {
    /// The file's module (edges start there).
    from: ModPath,
    /// The module the path is written in (an inline module of the file
    /// included), for `super::` and `self::`.
    scope: ModPath,
    segments: Vec<String>,
    line: usize,
    reexport: bool,
}

impl Mention {
    fn clone_mention(&self) -> Mention {
        Mention {
            from: self.from.clone(),
            scope: self.scope.clone(),
            segments: self.segments.clone(),
            line: self.line,
            reexport: self.reexport,
        }
    }
}

/// A crate's module tree and the paths its files name.
#[derive(Default, Debug)]
struct Crate {
    modules: BTreeMap<ModPath, Module>,
    mentions: Vec<Mention>,
}

/// The module path of a source file given by its path relative to `src`
/// (`lib.rs`/`main.rs` are the root, `a/mod.rs` is `a`, `a/b.rs` is `a::b`).
fn module_of(rel: &str) -> ModPath {
    let rel = rel.strip_suffix(".rs").expect("a .rs file");
    let mut parts: ModPath = rel.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.clear();
    }
    parts
}

/// The first segment of a path into another crate.
const EXTERN: &str = "<extern>";

/// Rust's keywords that can start a path but are not modules.
const PATH_ROOTS: [&str; 3] = ["crate", "super", "self"];

impl Crate {
    /// Reads the files (path relative to `src`, text).
    fn read(files: &[(String, String)]) -> Crate {
        let mut krate = Crate::default();
        for (rel, _) in files {
            let path = module_of(rel);
            krate.modules.entry(path.clone()).or_default().file = rel.clone();
            if let Some((last, parent)) = path.split_last() {
                krate
                    .modules
                    .entry(parent.to_vec())
                    .or_default()
                    .children
                    .insert(last.clone());
            }
        }
        for (rel, text) in files {
            krate.read_file(rel, &code(text));
        }
        krate
    }

    fn read_file(&mut self, rel: &str, code: &str) {
        let file_module = module_of(rel);
        let mut reexported: Vec<(String, Mention)> = Vec::new();
        // Inline modules open at a brace depth; a stack of (name, depth).
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0usize;
        let bytes = code.as_bytes();
        let mut line = 1;
        let mut i = 0;
        while i < code.len() {
            let c = bytes[i];
            let word_start = i == 0
                || !(bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':');
            let rest = &code[i..];
            let scope: ModPath = file_module
                .iter()
                .cloned()
                .chain(inline.iter().map(|(n, _)| n.clone()))
                .collect();
            match c {
                b'\n' => line += 1,
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if inline.last().is_some_and(|&(_, d)| d == depth) {
                        inline.pop();
                    }
                }
                _ => {}
            }
            if !word_start || !(c.is_ascii_alphabetic() || c == b'_') {
                i += 1;
                continue;
            }
            let word = ident_at(rest);
            // `mod name {` opens an inline module; `mod name;` a file one.
            if word == "mod" {
                let after = rest[3..].trim_start();
                let name = ident_at(after);
                let after_name = after[name.len()..].trim_start();
                if after_name.starts_with('{') {
                    let mut path = scope.clone();
                    path.push(name.to_owned());
                    self.modules.entry(path).or_default().file = rel.to_owned();
                    self.modules
                        .entry(scope.clone())
                        .or_default()
                        .children
                        .insert(name.to_owned());
                    inline.push((name.to_owned(), depth));
                    depth += 1;
                    i += rest.len() - after_name.len() + 1;
                    continue;
                }
            }
            if word == "use" {
                let before = code[..i].trim_end();
                let reexport = before.ends_with("pub") || before.ends_with(')');
                let end = rest.find(';').expect("a use ends with ;");
                let tree = &rest[3..end];
                for (segments, bound) in use_leaves(tree) {
                    let mention = Mention {
                        from: file_module.clone(),
                        scope: scope.clone(),
                        segments: segments.clone(),
                        line,
                        reexport,
                    };
                    if let Some(name) = bound {
                        if let Some(target) = self.absolute(&scope, &segments) {
                            self.modules
                                .entry(scope.clone())
                                .or_default()
                                .bindings
                                .insert(name.clone(), (target, reexport));
                        }
                        if reexport {
                            reexported.push((
                                name,
                                Mention {
                                    reexport: false,
                                    ..mention.clone_mention()
                                },
                            ));
                        }
                    }
                    self.mentions.push(mention);
                }
                line += rest[..end].matches('\n').count();
                i += end;
                continue;
            }
            // A path in code: `crate::a::b`, `super::x`, `child::f`.
            let mut segments = Vec::new();
            let mut j = 0;
            loop {
                let seg = ident_at(&rest[j..]);
                if seg.is_empty() {
                    break;
                }
                segments.push(seg.to_owned());
                j += seg.len();
                if rest[j..].starts_with("::") {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                self.mentions.push(Mention {
                    from: file_module.clone(),
                    scope: scope.clone(),
                    segments,
                    line,
                    reexport: false,
                });
            }
            i += j.max(1);
        }
        // A re-exported name the module's own code uses is a dependency.
        let body = without_uses(code);
        for (name, mention) in reexported {
            let used = body.match_indices(name.as_str()).any(|(at, _)| {
                let before = body[..at].chars().next_back();
                let after = body[at + name.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(before) && !word(after)
            });
            if used {
                self.mentions.push(mention);
            }
        }
    }

    /// The absolute path (after `crate`) of a path written in `scope`, or
    /// `None` for a path outside the crate.
    fn absolute(&self, scope: &[String], segments: &[String]) -> Option<ModPath> {
        let first = segments.first()?;
        let (mut base, rest): (ModPath, &[String]) = match first.as_str() {
            "crate" => (Vec::new(), &segments[1..]),
            "self" => (scope.to_vec(), &segments[1..]),
            "super" => {
                let mut base = scope.to_vec();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                (base, rest)
            }
            _ => {
                let module = self.modules.get(scope)?;
                if module.children.contains(first) {
                    (scope.to_vec(), segments)
                } else if let Some((target, _)) = module.bindings.get(first) {
                    let mut path = target.clone();
                    path.extend_from_slice(&segments[1..]);
                    return Some(path);
                } else {
                    // Another crate (`forsyth_types::Square`, `core::fmt`).
                    let mut path = vec![EXTERN.to_owned()];
                    path.extend_from_slice(segments);
                    return Some(path);
                }
            }
        };
        base.extend_from_slice(rest);
        Some(base)
    }

    /// The module that defines what an absolute path names, following
    /// re-exports; `None` outside the crate.
    fn defining_module(&self, path: &[String], hops: usize) -> Option<ModPath> {
        assert!(hops < 32, "re-exports loop at {}", show(path));
        if path.first().is_some_and(|s| s == EXTERN) {
            return None;
        }
        let mut current: ModPath = Vec::new();
        for (k, seg) in path.iter().enumerate() {
            let module = self.modules.get(&current)?;
            if module.children.contains(seg) {
                current.push(seg.clone());
            } else if let Some((target, _)) = module.bindings.get(seg) {
                let mut next = target.clone();
                next.extend_from_slice(&path[k + 1..]);
                // A binding to the crate's outside (`forsyth_types::Square`)
                // is no module of the crate.
                return self.defining_module(&next, hops + 1);
            } else {
                return Some(current);
            }
        }
        Some(current)
    }

    /// Every dependency between modules: (from, to) with where it is
    /// written, re-exports apart.
    fn edges(&self, with_reexports: bool) -> BTreeMap<(ModPath, ModPath), String> {
        let mut edges = BTreeMap::new();
        for m in &self.mentions {
            if m.reexport && !with_reexports {
                continue;
            }
            // A path names a module of the crate when it starts at a root
            // (`crate`, `super`, `self`), at a child module, or at a name a
            // `use` bound (and goes on past it).
            let first = &m.segments[0];
            let scope = self.modules.get(&m.scope);
            let local = PATH_ROOTS.contains(&first.as_str())
                || scope.is_some_and(|s| s.children.contains(first))
                || (m.segments.len() > 1 && scope.is_some_and(|s| s.bindings.contains_key(first)));
            if !local {
                continue;
            }
            let Some(path) = self.absolute(&m.scope, &m.segments) else {
                continue;
            };
            let Some(to) = self.defining_module(&path, 0) else {
                continue;
            };
            // A file's inline modules (its unit tests) are the file.
            let to = self.file_module(&to);
            if to != m.from {
                let file = &self.modules[&m.from].file;
                edges
                    .entry((m.from.clone(), to))
                    .or_insert_with(|| format!("{file}:{}", m.line));
            }
        }
        edges
    }

    /// The module of the file that holds `path` (itself, unless inline).
    fn file_module(&self, path: &[String]) -> ModPath {
        let mut path = path.to_vec();
        while let Some(last) = path.last().cloned() {
            let parent = &path[..path.len() - 1];
            let same_file = self
                .modules
                .get(parent)
                .zip(self.modules.get(&path))
                .is_some_and(|(p, m)| p.file == m.file && !parent.is_empty());
            if same_file {
                path.pop();
            } else {
                let _ = last;
                break;
            }
        }
        path
    }
}

/// The cycles of a graph: its strongly connected components of more than
/// one module, each as a loop of edges with where each is written.
fn cycles(edges: &BTreeMap<(ModPath, ModPath), String>) -> Vec<String> {
    let mut next: BTreeMap<&ModPath, Vec<&ModPath>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    let nodes: Vec<&ModPath> = next.keys().copied().collect();
    let reach = |start: &ModPath| -> BTreeSet<&ModPath> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start];
        while let Some(n) = stack.pop() {
            for &m in &next[n] {
                if seen.insert(m) {
                    stack.push(m);
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&ModPath, BTreeSet<&ModPath>> =
        nodes.iter().map(|&n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for &n in &nodes {
        if done.contains(n) || !reachable[n].contains(n) {
            continue;
        }
        let component: BTreeSet<&ModPath> = reachable[n]
            .iter()
            .copied()
            .filter(|m| reachable[m].contains(n))
            .collect();
        done.extend(component.iter().copied());
        // One loop through the component from its first module: a
        // shortest way back to it (breadth first).
        let mut parent: BTreeMap<&ModPath, &ModPath> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([n]);
        let mut back = None;
        'search: while let Some(a) = queue.pop_front() {
            for &b in &next[a] {
                if !component.contains(b) {
                    continue;
                }
                if b == n {
                    back = Some(a);
                    break 'search;
                }
                if !parent.contains_key(b) {
                    parent.insert(b, a);
                    queue.push_back(b);
                }
            }
        }
        let mut path = vec![back.expect("a component has a loop")];
        while let Some(&p) = parent.get(path.last().unwrap()) {
            path.push(p);
        }
        path.reverse();
        let steps: Vec<String> = path
            .windows(2)
            .map(|w| {
                format!(
                    "  {} -> {} ({})",
                    show(w[0]),
                    show(w[1]),
                    edges[&(w[0].clone(), w[1].clone())]
                )
            })
            .chain(std::iter::once(format!(
                "  {} -> {} ({})",
                show(path.last().unwrap()),
                show(n),
                edges[&((*path.last().unwrap()).clone(), n.clone())]
            )))
            .collect();
        let names: Vec<String> = component.iter().map(|m| show(m)).collect();
        out.push(format!(
            "import cycle among {}:\n{}",
            names.join(", "),
            steps.join("\n")
        ));
    }
    out
}

fn read_dir(root: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .expect("src readable")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                let rel = rel.replace('\\', "/");
                out.push((rel, fs::read_to_string(&path).expect("readable")));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

/// The layer violations of a crate: (where, message).
fn violations(krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    for ((from, to), at) in krate.edges(true) {
        let (Some(a), Some(b)) = (from.first(), to.first()) else {
            continue;
        };
        let (la, lb) = (layer(a), layer(b));
        if lb > la {
            found.push(format!(
                "{at}: `{}` (layer {la}, {a}) uses `{}` (layer {lb}, {b})",
                show(&from),
                show(&to)
            ));
        }
    }
    found
}

/// The board a module belongs to: one of [`BESIDE`], or `None` for 8x8.
fn board_of(path: &[String]) -> Option<&str> {
    path.iter()
        .map(String::as_str)
        .find(|segment| BESIDE.contains(segment))
}

/// The uses of a board beside the 8x8 one from outside it: (where,
/// message).
fn crossings(krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    for ((from, to), at) in krate.edges(true) {
        let (a, b) = (board_of(&from), board_of(&to));
        if !from.is_empty() && b.is_some() && a != b {
            found.push(format!(
                "{at}: `{}` uses `{}`, of the board beside it",
                show(&from),
                show(&to)
            ));
        }
    }
    found
}

#[test]
fn the_tree_is_the_layer_folders() {
    let mut entries: Vec<String> = fs::read_dir(library())
        .expect("src readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    assert!(
        entries.len() <= MAX_ENTRIES,
        "crates/forsyth/src holds {} entries (at most {MAX_ENTRIES}): {entries:?}",
        entries.len()
    );
    for entry in &entries {
        if entry == "lib.rs" {
            continue;
        }
        layer(entry);
        let text = fs::read_to_string(library().join(entry).join("mod.rs"))
            .unwrap_or_else(|_| panic!("src/{entry} is a folder with a mod.rs"));
        let doc: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .map(|l| l.trim_start_matches("//!").trim())
            .collect();
        let says_layer = format!("Layer {}, ", layer(entry));
        assert!(
            doc.iter().any(|l| l.starts_with(&says_layer)),
            "the module doc of src/{entry}/mod.rs says its layer (`{says_layer}...`) and what \
             it owns"
        );
        assert!(
            doc.iter().any(|l| l.starts_with("May use:")),
            "the module doc of src/{entry}/mod.rs says which layers it may use (`May use: ...`)"
        );
    }
}

#[test]
fn no_module_uses_a_higher_layer() {
    let krate = Crate::read(&read_dir(&library()));
    for path in krate.modules.keys() {
        if let Some(folder) = path.first() {
            if krate
                .modules
                .get(&vec![folder.clone()])
                .is_some_and(|m| m.file.ends_with("/mod.rs"))
            {
                layer(folder);
            }
        }
    }
    let found = violations(&krate);
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

/// The 8x8 code never uses the 10x8 code: the two boards stand side by
/// side, and the 8x8 path compiles to what it compiled to without the
/// 10x8 one.
#[test]
fn the_8x8_code_does_not_use_the_10x8_code() {
    let krate = Crate::read(&read_dir(&library()));
    assert!(
        krate.modules.keys().any(|m| board_of(m).is_some()),
        "no module of a board beside the 8x8 one"
    );
    let found = crossings(&krate);
    assert!(found.is_empty(), "boards mixed:\n{}", found.join("\n"));
}

/// The check of the boards side by side finds an 8x8 module that uses a
/// 10x8 one, and lets the 10x8 module use the 8x8 one and `lib.rs`
/// gather it.
#[test]
fn checker_finds_boards_mixed() {
    let tree: Vec<(String, String)> = [
        ("lib.rs", "mod board;\npub use board::capablanca::Board;\n"),
        (
            "board/mod.rs",
            "//! Layer 0\nmod capablanca;\nuse capablanca::Board;\npub struct Square;\n",
        ),
        (
            "board/capablanca/mod.rs",
            "use crate::board::Square;\npub struct Board;\n",
        ),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    let found = crossings(&Crate::read(&tree));
    assert_eq!(
        found,
        ["board/mod.rs:3: `board` uses `board::capablanca`, of the board beside it"]
    );
}

#[test]
fn the_library_has_no_import_cycle() {
    let krate = Crate::read(&read_dir(&library()));
    let found = cycles(&krate.edges(false));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_command_line_has_no_import_cycle() {
    let krate = Crate::read(&read_dir(&command_line()));
    let found = cycles(&krate.edges(false));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The checker itself, on a small made-up tree: names re-exported by a
/// folder are followed to their module, a use of a higher layer is found,
/// a cycle is found and named with its lines, and unit tests count as
/// their file (so the test above cannot pass vacuously).
#[test]
fn checker_finds_layers_and_cycles() {
    let files = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect()
    };
    let tree = files(&[
        ("lib.rs", "mod board;\nmod rules;\npub use rules::Position;\n"),
        (
            "board/mod.rs",
            "//! Layer 0\nmod castling;\npub use castling::Rights;\npub struct Board;\n",
        ),
        (
            "board/castling.rs",
            "use crate::rules::Position; // crate::text\npub struct Rights;\n",
        ),
        (
            "rules/mod.rs",
            "mod position;\nmod movegen;\npub use position::Position;\n",
        ),
        (
            "rules/position.rs",
            "use super::movegen::generate;\nuse crate::board::{Board, Rights};\npub struct Position;\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::board::castling::Rights;\n}\n",
        ),
        (
            "rules/movegen.rs",
            "pub fn generate() {\n    let _ = crate::Position;\n    let s = \"crate::board\";\n}\n",
        ),
    ]);
    let krate = Crate::read(&tree);
    let edges = krate.edges(false);
    let names: Vec<(String, String)> = edges.keys().map(|(a, b)| (show(a), show(b))).collect();
    let expect = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        names,
        [
            expect("board::castling", "rules::position"),
            expect("rules::movegen", "rules::position"),
            expect("rules::position", "board"),
            expect("rules::position", "board::castling"),
            expect("rules::position", "rules::movegen"),
        ]
    );
    let found = violations(&krate);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("board/castling.rs:1: `board::castling` (layer 0, board) uses"),
        "{}",
        found[0]
    );
    let loops = cycles(&edges);
    assert_eq!(loops.len(), 1, "{loops:?}");
    assert_eq!(
        loops[0],
        "import cycle among board::castling, rules::movegen, rules::position:\n  \
         board::castling -> rules::position (board/castling.rs:1)\n  \
         rules::position -> board::castling (rules/position.rs:2)"
    );
}

#[test]
#[should_panic(expected = "add it to the table")]
fn unknown_folder_is_refused() {
    layer("nowhere");
}

/// Problems are data (specs/architecture.md): no library code reads a
/// rendered message back. Every line of code that renders a message
/// (`message()`, `to_string()`, `display_message()`) must not also take it
/// apart (`strip_prefix`, `split`, `starts_with`, ...), and outside the
/// modules that parse their input text (`text::fen`, `text::pgn`,
/// `text::epd`, `notation`, `solve`, and `diagram` for its colours) no
/// code strips text at all
/// (`ConvertError::faults` once stripped the field label off a rendered
/// message on the next line).
#[test]
fn no_message_is_read_back() {
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
    for (rel, text) in read_dir(&library()) {
        let parses_input = [
            "text/fen/",
            "text/pgn/",
            "text/epd.rs",
            "notation/",
            "solve/",
            "diagram/",
        ]
        .iter()
        .any(|p| rel.starts_with(p));
        let text = code(&text);
        // Unit tests may look at sentences; the library may not.
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in text.lines().enumerate() {
            let renders = ["message()", "to_string()", "display_message()"]
                .iter()
                .any(|r| line.contains(r));
            let strips = line.contains("strip_prefix") || line.contains("strip_suffix");
            if (renders && parsing.iter().any(|p| line.contains(p))) || (strips && !parses_input) {
                found.push(format!("src/{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "messages read back:\n{}",
        found.join("\n")
    );
}
