//! The code map of docs/ARCHITECTURE.md, enforced: every `use` and every path in the crate's
//! production code is read with `syn` and compared with a table of allowed edges between the
//! top-level modules, and of which modules may reach which outside crates.
//!
//! Test code (`#[cfg(test)]` items and `tests.rs` modules) is left out: tests may reach across.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The crate's own modules each top-level module may use, besides itself. A module missing here
/// may use nothing of the crate.
const ALLOWED: &[(&str, &[&str])] = &[
    // The rules: nothing of the crate but itself.
    ("engine", &[]),
    // Seeds, dice and commitments feed the engine its entropy.
    ("fair", &["engine"]),
    ("setup", &["engine", "fair"]),
    ("protocol", &["engine", "fair", "setup"]),
    ("simulate", &["engine", "fair", "setup"]),
    // Pictures of engine states; never the table layer.
    ("render", &["engine"]),
    ("gallery", &["engine", "fair", "render", "setup"]),
    // Game records: replayed through the rules with their seed, drawn as animations; a
    // computers' game is recorded from simulate's play loop.
    ("replay", &["engine", "fair", "render", "setup", "simulate"]),
    // The only SQL, knowing nothing of the layers above it.
    ("store", &[]),
    ("metrics", &[]),
    ("health", &[]),
    ("lanes", &[]),
    // Replays are drawn on a background lane of their own.
    ("table", &["engine", "fair", "setup", "store", "render", "replay", "metrics", "lanes"]),
    // Adapters speak to the table layer, never to each other.
    ("telegram", &["engine", "table", "health", "lanes", "metrics"]),
    ("discord", &["engine", "table", "health", "lanes", "metrics"]),
    ("playground", &["engine", "table", "health", "lanes", "metrics"]),
    // The load generator drives the table service (or a running bot's playground) like an
    // adapter.
    ("load", &["engine", "fair", "store", "table"]),
    // The composition root wires everything together.
    (
        "bot",
        &[
            "engine",
            "fair",
            "store",
            "table",
            "render",
            "metrics",
            "health",
            "lanes",
            "telegram",
            "discord",
            "playground",
        ],
    ),
];

/// Outside crates (or `std` modules) and the only top-level modules that may use them.
const EXTERNAL: &[(&str, &[&str])] = &[
    ("sqlx", &["store"]),
    ("teloxide", &["telegram"]),
    ("serenity", &["discord"]),
    ("poise", &["discord"]),
    ("tiny_skia", &["render"]),
    ("image", &["render"]),
    ("gif", &["render"]),
    ("swash", &["render"]),
    ("axum", &["bot", "playground", "telegram", "discord"]),
    ("tokio", &["bot", "discord", "lanes", "load", "playground", "table", "telegram"]),
    ("reqwest", &["telegram", "discord", "load"]),
    ("rand", &["table", "simulate"]),
    ("getrandom", &["fair"]),
    // The engine and the drawing are pure: no IO, clock, threads or processes.
    // (store: `store copy` and `store backup` check and name files.)
    ("std::fs", &["gallery", "load", "store"]),
    // (lanes: starting the background thread can fail.)
    ("std::io", &["bot", "protocol", "gallery", "discord", "lanes", "store"]),
    ("std::net", &["bot"]),
    (
        "std::time",
        &[
            "bot",
            "table",
            "telegram",
            "discord",
            "playground",
            "store",
            "simulate",
            "load",
            "health",
        ],
    ),
    // The simulator's playouts (`--advantage`) run on every core; the background lane
    // (replays) is a thread of its own.
    ("std::thread", &["bot", "simulate", "lanes"]),
    ("std::env", &["bot"]),
    ("std::process", &["bot"]),
    ("println", &[]),
    ("eprintln", &["bot"]),
];

/// One use of something outside the module: the path as written, and where.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    from: String,
    to: String,
    path: String,
}

/// Collects, for one file, the crate modules and outside crates its production code reaches.
struct Collector {
    /// The module path of the code being read, e.g. `["table", "service"]`.
    module: Vec<String>,
    edges: Vec<Edge>,
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>().is_ok_and(|m| m.path().is_ident("test"))
    })
}

impl Collector {
    fn layer(&self) -> String {
        self.module.first().cloned().unwrap_or_default()
    }

    /// Records a path given as segments.
    fn record(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else { return };
        let written = segments.join("::");
        let to = match first.as_str() {
            "crate" | "dicetable" => segments.get(1).cloned(),
            "super" | "self" => {
                let mut at = self.module.clone();
                let mut rest = segments;
                while let Some(head) = rest.first() {
                    match head.as_str() {
                        "super" => {
                            at.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                at.first().cloned().or_else(|| rest.first().cloned())
            }
            "std" | "core" => segments.get(1).map(|m| format!("std::{m}")),
            other => Some(other.to_owned()),
        };
        if let Some(to) = to {
            self.edges.push(Edge { from: self.layer(), to, path: written });
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                if n.ident != "self" {
                    full.push(n.ident.to_string());
                }
                self.record(&full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                self.record(&full);
            }
            syn::UseTree::Glob(_) => self.record(prefix),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.module.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        // A single name is something in scope (a local, a type brought in by `use`), except a
        // macro such as `println!`, which `visit_macro` records.
        if segments.len() > 1 {
            self.record(&segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(name) = mac.path.get_ident().map(ToString::to_string)
            && EXTERNAL.iter().any(|(n, _)| *n == name)
        {
            self.edges.push(Edge {
                from: self.layer(),
                to: name.clone(),
                path: format!("{name}!"),
            });
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// The module path of a source file under `src/`: `table/service.rs` → `["table", "service"]`,
/// `table/mod.rs` → `["table"]`, `health.rs` → `["health"]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The edges of one file's production code.
fn edges_of(relative: &Path, source: &str) -> Vec<Edge> {
    let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
    let mut collector = Collector { module: module_of(relative), edges: Vec::new() };
    collector.visit_file(&file);
    collector.edges
}

/// What of `edges` the code map forbids, one line each.
fn violations(edges: &[Edge], file: &Path) -> Vec<String> {
    let modules: Vec<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    let mut wrong = Vec::new();
    for edge in edges {
        let (from, to) = (edge.from.as_str(), edge.to.as_str());
        if from == to || !modules.contains(&from) {
            continue; // within a module, or the crate root and the binary, which wire everything
        }
        let allowed = if modules.contains(&to) {
            ALLOWED.iter().find(|(m, _)| *m == from).is_some_and(|(_, ok)| ok.contains(&to))
        } else if let Some((_, users)) = EXTERNAL.iter().find(|(name, _)| *name == to) {
            users.contains(&from)
        } else {
            true // another outside crate: serde, tracing, fluent, …
        };
        if !allowed {
            wrong.push(format!("{}: {from} → {to} (`{}`)", file.display(), edge.path));
        }
    }
    wrong
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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
fn c1_every_module_uses_only_what_the_code_map_allows() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(src, &mut files);
    assert!(files.len() >= 30, "sources not found");
    let mut wrong = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        if relative.file_name().is_some_and(|n| n == "tests.rs") {
            continue; // test modules, declared `#[cfg(test)] mod tests;`
        }
        let edges = edges_of(relative, &fs::read_to_string(&file).unwrap());
        for edge in &edges {
            seen.insert((edge.from.clone(), edge.to.clone()));
        }
        wrong.extend(violations(&edges, relative));
    }
    if std::env::var_os("SHOW_EDGES").is_some() {
        eprintln!("{seen:#?}");
    }
    assert!(
        wrong.is_empty(),
        "edges the code map does not allow:\n{}",
        Vec::from_iter(wrong).join("\n")
    );
    // The reader sees what it should: a few edges every build has.
    for (from, to) in
        [("table", "store"), ("store", "sqlx"), ("telegram", "teloxide"), ("render", "engine")]
    {
        assert!(seen.contains(&(from.to_owned(), to.to_owned())), "{from} → {to} not seen");
    }
}

/// The checker itself bites: each broken edge, written as the next engineer might, is caught.
#[test]
fn c1_a_broken_edge_is_caught() {
    let cases = [
        ("engine/ludo/mod.rs", "use std::{fs, io};"),
        ("engine/mod.rs", "use crate::store::Store;"),
        ("engine/nardy/mod.rs", "fn f() { let _ = teloxide::Bot::new(\"t\"); }"),
        ("engine/snakes/layout.rs", "fn f() { println!(\"x\"); }"),
        ("engine/mod.rs", "fn f() -> std::time::Instant { std::time::Instant::now() }"),
        ("engine/ludo/mod.rs", "use super::super::table::Service;"),
        ("render/snakes.rs", "use crate::table::View;"),
        ("render/mod.rs", "use super::table::{Op, View};"),
        ("telegram/mod.rs", "use crate::discord::Discord;"),
        ("discord/relay.rs", "use crate::{table::Op, telegram::Telegram};"),
        ("table/service.rs", "use sqlx::query;"),
        ("playground/mod.rs", "fn f() { serenity::all::Http::new(\"\"); }"),
        ("store/mod.rs", "use crate::table::Service;"),
        ("engine/mod.rs", "mod inner { use super::super::store::Store; }"),
    ];
    let check =
        |file: &str, source: &str| violations(&edges_of(Path::new(file), source), Path::new(file));
    for (file, source) in cases {
        assert!(!check(file, source).is_empty(), "{file}: `{source}` passed");
    }
    // Allowed edges and test code pass.
    let fine = [
        ("table/service.rs", "use crate::{engine::Game, store::Store};"),
        ("render/mod.rs", "use crate::engine::snakes::Layout;"),
        ("engine/mod.rs", "#[cfg(test)] mod tests { use crate::fair::Seed; use std::fs; }"),
        ("engine/ludo/mod.rs", "use super::{Seat, Event}; use crate::engine::Entropy;"),
        ("bot.rs", "use crate::{telegram::Telegram, discord::Discord};"),
    ];
    for (file, source) in fine {
        let wrong = check(file, source);
        assert!(wrong.is_empty(), "{file}: `{source}` refused: {wrong:?}");
    }
}
