//! Invariants of the layering (docs/ARCHITECTURE.md): the engine is pure.

use std::fs;
use std::path::Path;

/// Everything the engine must not reach for: IO, time, threads, randomness, async, storage, and
/// the crate's outer layers.
const FORBIDDEN: [&str; 16] = [
    "std::io",
    "std::fs",
    "std::net",
    "std::time",
    "std::thread",
    "std::env",
    "std::process",
    "tokio",
    "sqlx",
    "rand::",
    "getrandom",
    "Instant",
    "SystemTime",
    "println!",
    "crate::fair",
    "crate::setup",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn c1_engine_has_no_io_async_clock_or_randomness() {
    let mut files = Vec::new();
    rust_files(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine")), &mut files);
    assert!(files.len() >= 4, "engine sources not found");
    for file in files {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue; // test modules may use seeds and printing
        }
        let text = fs::read_to_string(&file).unwrap();
        // Unit tests at the bottom of a file may use the fair dice; production code may not.
        let code: String = text
            .split("#[cfg(test)]")
            .next()
            .unwrap()
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect();
        for word in FORBIDDEN {
            assert!(!code.contains(word), "{} uses {word}", file.display());
        }
    }
}
