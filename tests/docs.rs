//! The project's own documents hold: the engine protocol's examples run as written (fed to
//! `dicetable engine`, the answers compared with the page's), README's engine requests are
//! answered, and docs/rules.md defines every rule id the code, tests and documents cite and every
//! option with its values, so that the repository needs no rule text from outside it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use dicetable::engine::GameKind;
use dicetable::engine::registry::options_of;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap()
}

/// The fenced blocks of a Markdown text: (the fence's info string, the lines inside).
fn blocks(markdown: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), Vec::new())),
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some((_, lines)), None) => lines.push(line.to_owned()),
            (None, None) => {}
        }
    }
    blocks
}

/// Feeds `requests` to one `dicetable engine` session and returns its answer lines.
fn engine(requests: &[String]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect()
}

/// Whether `line` matches `pattern`, in which each `…` stands for any text left out.
fn matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return line == pattern;
    }
    if !line.starts_with(first) || !line[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Every session example of docs/engine-protocol.md (a `console` block that starts the engine),
/// run as written: its requests go to `dicetable engine`, and each answer must match the line
/// the page shows under its request (`…` marks text left out).
#[test]
fn the_engine_protocol_examples_run_as_written() {
    let page = read("docs/engine-protocol.md");
    let sessions: Vec<Vec<String>> = blocks(&page)
        .into_iter()
        .filter(|(info, lines)| {
            info == "console" && lines.first().is_some_and(|l| l.trim_end().ends_with(" engine"))
        })
        .map(|(_, lines)| lines[1..].to_vec())
        .collect();
    assert!(sessions.len() >= 2, "the page's sessions: {sessions:?}");
    let mut answers_checked = 0;
    for lines in sessions {
        let requests: Vec<String> =
            lines.iter().filter(|l| l.starts_with("{\"op\"")).cloned().collect();
        let shown: Vec<&String> = lines.iter().filter(|l| !l.starts_with("{\"op\"")).collect();
        assert_eq!(requests.len(), shown.len(), "one answer shown per request: {lines:#?}");
        for (i, line) in lines.iter().enumerate() {
            let request = line.starts_with("{\"op\"");
            assert_eq!(request, i % 2 == 0, "requests and answers alternate: {lines:#?}");
        }
        let answers = engine(&requests);
        assert_eq!(answers.len(), requests.len(), "{answers:#?}");
        for ((request, pattern), answer) in requests.iter().zip(&shown).zip(&answers) {
            assert!(
                matches(pattern, answer),
                "docs/engine-protocol.md shows, for {request}:\n{pattern}\nbut the engine \
                 answers:\n{answer}"
            );
            answers_checked += 1;
        }
    }
    assert!(answers_checked >= 5, "{answers_checked}");
}

/// README's engine requests (a `json` block under "The engine protocol") are each answered
/// with `"ok":true`.
#[test]
fn readme_engine_requests_are_answered() {
    let readme = read("README.md");
    let requests: Vec<String> = blocks(&readme)
        .into_iter()
        .filter(|(info, _)| info == "json")
        .flat_map(|(_, lines)| lines)
        .filter(|l| l.starts_with("{\"op\""))
        .collect();
    assert!(requests.len() >= 2, "{requests:?}");
    for (request, answer) in requests.iter().zip(engine(&requests)) {
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["ok"], true, "README's {request} gets {answer}");
    }
}

/// Rule ids cited in a text: S, L, N or C and digits, standing alone.
fn rule_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut ids = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        let alone_before =
            i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !(b"SLNCT".contains(&b) && alone_before) {
            continue;
        }
        let digits = bytes[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        let end = i + 1 + digits;
        let alone_after =
            end == bytes.len() || !(bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_');
        if digits > 0 && alone_after {
            ids.push(text[i..end].to_owned());
        }
    }
    ids
}

/// The `.rs` and `.md` files under `dir` (recursively).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "md") {
            out.push(path);
        }
    }
}

fn project_texts() -> Vec<(PathBuf, String)> {
    let mut files = vec![root().join("README.md")];
    for dir in ["src", "tests", "docs", "benches"] {
        sources(&root().join(dir), &mut files);
    }
    files
        .into_iter()
        .filter_map(|path| std::fs::read_to_string(&path).ok().map(|text| (path, text)))
        .collect()
}

/// Every rule id cited in the code, the tests and the documents is defined in docs/rules.md,
/// which defines each of S1–S14, L1–L15, N1–N15, C1–C7 and the cup's T1–T9.
#[test]
fn rules_md_defines_every_rule_id_cited() {
    let rules = read("docs/rules.md");
    let defined = |id: &str| rules.contains(&format!("**{id} —"));
    let mut missing = Vec::new();
    for (path, text) in project_texts() {
        for id in rule_ids(&text) {
            if !defined(&id) {
                missing.push(format!("{id} ({})", path.display()));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "cited but not defined in docs/rules.md: {missing:?}");
    for (letter, last) in [('C', 7), ('S', 14), ('L', 15), ('N', 15), ('T', 9)] {
        for n in 1..=last {
            assert!(defined(&format!("{letter}{n}")), "{letter}{n} is not in docs/rules.md");
        }
    }
}

/// docs/rules.md names every option of every game with each of its values, and its rule.
#[test]
fn rules_md_names_every_option_and_value() {
    let rules = read("docs/rules.md");
    for kind in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
        for option in options_of(kind) {
            assert!(rules.contains(&format!("`{}`", option.key)), "{kind}: {}", option.key);
            let values: &[&str] = if option.key == "match_to" { &["1"] } else { option.values };
            for value in values {
                assert!(rules.contains(&format!("`{value}`")), "{kind}: {}={value}", option.key);
            }
            for (word, _) in option.words {
                assert!(rules.contains(&format!("`{word}`")), "{kind}: the word {word}");
            }
            for id in option.rules.split_whitespace() {
                assert!(rules.contains(&format!("**{id} —")), "{kind}: {}", option.key);
            }
        }
    }
}

/// The repository stands alone: nothing points to the rule text outside it.
#[test]
fn no_document_points_outside_the_repository_for_the_rules() {
    let outside = [concat!("shared", "/rules"), concat!("spec", ".md")];
    for (path, text) in project_texts() {
        for needle in outside {
            assert!(!text.contains(needle), "{} mentions {needle}", path.display());
        }
    }
}
