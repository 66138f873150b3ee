//! The code map of docs/ARCHITECTURE.md, enforced: every `use` and every path in the crate's
//! production code is read with `syn` and compared with a table of allowed edges between the
//! top-level modules, and of which modules may reach which outside crates.
//!
//! Test code (`#[cfg(test)]` items and `tests.rs` modules) is left out: tests may reach across.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The folders that group modules of one kind, each module in them a layer of its own: the
/// command-line tools (`tools::protocol`, …), the running bot's plumbing (`runtime::lanes`,
/// …) and a game beyond its rules (`game::fair`, `game::replay`, …). A group itself is nothing
/// to import: code names its modules.
const GROUPS: &[&str] = &["tools", "runtime", "game"];

/// The crate's own modules each layer may use, besides itself. A module missing here may use
/// nothing of the crate. A layer is a top-level module, or a module of a [`GROUPS`] folder.
const ALLOWED: &[(&str, &[&str])] = &[
    // The rules: nothing of the crate but itself.
    ("engine", &[]),
    // Seeds, dice and commitments feed the engine its entropy.
    ("game::fair", &["engine"]),
    ("game::setup", &["engine", "game::fair"]),
    // Ratings: a finished game's effect on skills (Plackett–Luce, written in `rating`).
    ("game::rating", &["engine"]),
    // Pictures of engine states; never the table layer.
    ("render", &["engine"]),
    // Game records: replayed through the rules with their seed, drawn as animations; a
    // computers' game is recorded from the simulator's play loop (the one edge from the domain
    // into a tool, for tests and benchmarks).
    ("game::replay", &["engine", "game::fair", "render", "game::setup", "tools::simulate"]),
    // Chat and user ids (`platform:id[/sub]`, computers by level): one codec, below the table
    // and the store, which keep ids as the database holds them.
    ("ids", &["engine"]),
    // The only SQL, knowing nothing of the layers above it; the ids it keeps, through their
    // codec, and the engine's plain data a cup's rows hold (its game, format and results:
    // issue 62, read once and typed where they enter; never the engine's rules).
    ("store", &["ids", "engine"]),
    // The runtime's plumbing knows nothing of games or tables.
    ("runtime::metrics", &[]),
    ("runtime::health", &[]),
    ("runtime::lanes", &[]),
    // Replays are drawn on a background lane of their own.
    (
        "table",
        &[
            "engine",
            "game::fair",
            "ids",
            "game::setup",
            "store",
            "render",
            "game::replay",
            "game::rating",
            "runtime::metrics",
            "runtime::lanes",
        ],
    ),
    // Adapters speak to the table layer, never to each other.
    // Each builds the ids of its chats and users through the codec.
    (
        "telegram",
        &["engine", "ids", "table", "runtime::health", "runtime::lanes", "runtime::metrics"],
    ),
    (
        "discord",
        &["engine", "ids", "table", "runtime::health", "runtime::lanes", "runtime::metrics"],
    ),
    (
        "playground",
        &["engine", "ids", "table", "runtime::health", "runtime::lanes", "runtime::metrics"],
    ),
    // The tools: front ends over the library, used by nothing but the binary.
    ("tools::protocol", &["engine", "game::fair", "game::setup"]),
    ("tools::simulate", &["engine", "game::fair", "game::setup"]),
    // The expert's self-play: the engine's rules and the seeded dice, nothing of the bot.
    ("tools::train", &["engine", "game::fair"]),
    // The expert's benchmark of decisions: the same, with the computers' levels.
    ("tools::positions", &["engine", "game::fair"]),
    ("tools::gallery", &["engine", "game::fair", "render", "game::setup"]),
    // The computers' ratings, measured with the simulator's play loop.
    ("tools::calibrate", &["engine", "game::fair", "game::rating", "tools::simulate"]),
    // The load generator drives the table service (or a running bot's playground) like an
    // adapter, and with --watchers serves the live board's pages (playground::live) to watch.
    ("tools::load", &["engine", "game::fair", "ids", "store", "table", "playground"]),
    // The composition root wires everything together.
    (
        "bot",
        &[
            "engine",
            "game::fair",
            "ids",
            "store",
            "table",
            "render",
            "game::rating",
            "runtime::metrics",
            "runtime::health",
            "runtime::lanes",
            "telegram",
            "discord",
            "playground",
        ],
    ),
];

/// What the top of `src/` holds besides the layers above: the crate root and the binary.
const ROOTS: &[&str] = &["lib", "main"];

/// Outside crates (or `std` modules) and the only layers that may use them.
const EXTERNAL: &[(&str, &[&str])] = &[
    ("sqlx", &["store"]),
    ("teloxide", &["telegram"]),
    ("serenity", &["discord"]),
    // Drawing, compressing and encoding pictures.
    ("tiny_skia", &["render"]),
    ("cosmic_text", &["render"]),
    ("png", &["render"]),
    ("flate2", &["render"]),
    ("adler2", &["render"]),
    ("crc32fast", &["render"]),
    ("color_quant", &["render"]),
    ("gif", &["render"]),
    // Words: only the table layer speaks.
    ("fluent_bundle", &["table"]),
    ("unic_langid", &["table"]),
    // Keyed hashes: dice and commitments; button tags; the webhook's and pictures' digests.
    // (playground::live: a Telegram Mini App's initData, checked as Telegram specifies.)
    ("hmac", &["game::fair", "table", "playground"]),
    ("sha2", &["game::fair", "table", "telegram", "playground"]),
    ("getrandom", &["game::fair"]),
    ("rand", &["table"]),
    ("petgraph", &["engine"]),
    ("prometheus_client", &["runtime::metrics"]),
    // (runtime::lanes: the background thread's priority and handing memory back.)
    // (store::copy: whether a bot holds the SQLite file, by its `-shm` lock.)
    ("libc", &["runtime::lanes", "store"]),
    // Configuration and errors at the top only.
    ("clap", &["bot"]),
    ("anyhow", &["bot"]),
    ("tracing_subscriber", &["bot"]),
    ("dotenvy", &[]),
    ("axum", &["bot", "playground", "telegram", "discord", "tools::load"]),
    // (store: the connection check at start races Postgres's answer against a deadline.)
    ("futures_util", &["runtime::lanes", "playground", "store"]),
    (
        "tokio",
        &["bot", "discord", "runtime::lanes", "tools::load", "playground", "table", "telegram"],
    ),
    ("reqwest", &["telegram", "discord", "tools::load"]),
    // The engine and the drawing are pure: no IO, clock, threads or processes.
    // (store: `store copy` and `store backup` check and name files.)
    // (tools::train: the network and its progress, written whole at each checkpoint.)
    ("std::fs", &["tools::gallery", "tools::load", "tools::train", "store"]),
    // (runtime::lanes: starting the background thread can fail.)
    (
        "std::io",
        &[
            "bot",
            "tools::protocol",
            "tools::gallery",
            "tools::train",
            "tools::positions",
            "discord",
            "runtime::lanes",
            "store",
        ],
    ),
    // (playground::live: the rate limit counts requests by the client's address.)
    ("std::net", &["bot", "playground", "tools::load"]),
    (
        "std::time",
        &[
            "bot",
            "table",
            "telegram",
            "discord",
            "playground",
            "store",
            "tools::simulate",
            "tools::load",
            "tools::train",
            "runtime::health",
        ],
    ),
    // The simulator's playouts (`--advantage`) run on every core; the background lane
    // (replays) is a thread of its own, and a replay's frames are compressed on helper threads
    // beside its drawing (render::animation).
    (
        "std::thread",
        &[
            "bot",
            "tools::simulate",
            "tools::calibrate",
            "tools::positions",
            "runtime::lanes",
            "render",
        ],
    ),
    ("std::env", &["bot"]),
    ("std::process", &["bot"]),
    ("println", &[]),
    ("eprintln", &["bot"]),
];

/// Edges allowed only to some of a module: `(from, to, the paths under `to` it may name)`. The
/// store keeps a cup's plain data typed (its game, `engine::cup`'s format and results), never
/// the engine's rules or its computers.
const NARROW: &[(&str, &str, &[&str])] = &[("store", "engine", &["GameKind", "cup"])];

/// Outside crates every layer may use: data shapes and error derives.
const SHARED: &[&str] = &["serde", "serde_json", "thiserror", "hex", "tracing", "url"];

/// One use of something outside the module: the path as written, and where.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    from: String,
    to: String,
    path: String,
    /// The crate path named, resolved (`super::load::Loaded` in `table/cup.rs` →
    /// `["table", "load", "Loaded"]`); empty for an outside crate.
    target: Vec<String>,
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
        layer_of(&self.module).unwrap_or_default()
    }

    /// Records a path given as segments.
    fn record(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else { return };
        let written = segments.join("::");
        let mut target = Vec::new();
        let to = match first.as_str() {
            "crate" | "dicetable" => {
                target = segments[1..].to_vec();
                layer_of(&segments[1..])
            }
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
                at.extend(rest.iter().cloned());
                target = at.clone();
                layer_of(&at)
            }
            "std" | "core" => segments.get(1).map(|m| format!("std::{m}")),
            other => Some(other.to_owned()),
        };
        if let Some(to) = to {
            self.edges.push(Edge { from: self.layer(), to, path: written, target });
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

/// Whether `item` is test code (`#[cfg(test)]`), which the checks leave out.
fn is_test_item(item: &syn::Item) -> bool {
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
        _ => return false,
    };
    is_test_only(attrs)
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_test_item(item) {
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
                target: Vec::new(),
            });
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// The layer a module path belongs to: its top-level module, or for a module of a [`GROUPS`]
/// folder the two names (`["tools", "load", "Config"]` → `tools::load`).
fn layer_of(path: &[String]) -> Option<String> {
    let first = path.first()?;
    match path.get(1) {
        Some(second) if GROUPS.contains(&first.as_str()) => Some(format!("{first}::{second}")),
        _ => Some(first.clone()),
    }
}

/// The module path of a source file under `src/`: `table/service.rs` → `["table", "service"]`,
/// `table/mod.rs` → `["table"]`, `runtime/health.rs` → `["runtime", "health"]`.
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
        // A bare group (`use crate::runtime;`) is never allowed: it would hide which module.
        let allowed = if modules.contains(&to) || GROUPS.contains(&to) {
            ALLOWED.iter().find(|(m, _)| *m == from).is_some_and(|(_, ok)| ok.contains(&to))
        } else if let Some((_, users)) = EXTERNAL.iter().find(|(name, _)| *name == to) {
            users.contains(&from)
        } else {
            true // another outside crate: serde, tracing, fluent, …
        };
        let narrow = NARROW.iter().find(|(f, t, _)| *f == from && *t == to);
        let allowed = allowed
            && narrow.is_none_or(|(_, _, under)| {
                edge.target.get(1).is_some_and(|next| under.contains(&next.as_str()))
            });
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

/// The production sources of `src/`, each with its path relative to `src/`: every Rust file
/// but the test modules (`tests.rs`, declared `#[cfg(test)] mod tests;`).
fn production_sources() -> Vec<(PathBuf, String)> {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(src, &mut files);
    assert!(files.len() >= 30, "sources not found");
    files
        .into_iter()
        .filter(|f| f.file_name().is_none_or(|n| n != "tests.rs"))
        .map(|f| (f.strip_prefix(src).unwrap().to_owned(), fs::read_to_string(&f).unwrap()))
        .collect()
}

#[test]
fn c1_every_module_uses_only_what_the_code_map_allows() {
    let mut wrong = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for (relative, source) in production_sources() {
        let edges = edges_of(&relative, &source);
        for edge in &edges {
            seen.insert((edge.from.clone(), edge.to.clone()));
        }
        wrong.extend(violations(&edges, &relative));
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

/// The inherent `impl` blocks of one source file, by the type they are for: its name, with the
/// layer of the file (two layers may each have a `Standings`).
fn impl_types(relative: &Path, source: &str) -> BTreeSet<String> {
    struct Impls(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Impls {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            if !is_test_item(item) {
                syn::visit::visit_item(self, item);
            }
        }

        fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
            if let (None, syn::Type::Path(ty)) = (&item.trait_, item.self_ty.as_ref())
                && let Some(last) = ty.path.segments.last()
            {
                self.0.insert(last.ident.to_string());
            }
        }
    }
    let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
    let mut impls = Impls(BTreeSet::new());
    impls.visit_file(&file);
    let layer = layer_of(&module_of(relative)).unwrap_or_default();
    impls.0.into_iter().map(|ty| format!("{layer}::{ty}")).collect()
}

/// Issue 45: a type's methods are found in at most three files. The table service is a small
/// core and one part per concern ([`dicetable::table::Cups`], …), not one type spread over
/// every file of its folder.
#[test]
fn c2_no_type_has_methods_in_more_than_three_files() {
    let mut homes: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (relative, source) in production_sources() {
        for ty in impl_types(&relative, &source) {
            homes.entry(ty).or_default().push(relative.display().to_string());
        }
    }
    assert!(homes.contains_key("table::Service"), "the table service not found");
    let spread: Vec<String> = homes
        .iter()
        .filter(|(_, files)| files.len() > 3)
        .map(|(ty, files)| format!("{ty}: {}", files.join(", ")))
        .collect();
    assert!(
        spread.is_empty(),
        "types with methods in more than three files:\n{}",
        spread.join("\n")
    );
}

/// The import edges between sibling modules of `modules` (module paths of files and folders):
/// for each folder, which of its modules names which other (a file in a subfolder counts for
/// the subfolder).
fn sibling_edges(
    modules: &BTreeSet<Vec<String>>,
    files: &[(Vec<String>, Vec<Edge>)],
) -> BTreeSet<(Vec<String>, Vec<String>)> {
    let mut out = BTreeSet::new();
    for (module, edges) in files {
        for edge in edges.iter().filter(|e| !e.target.is_empty()) {
            // At the top, the layers (a module of a group folder is a layer of its own).
            let (from, to) = (layer_of(module), layer_of(&edge.target));
            if let (Some(from), Some(to)) = (from, to)
                && from != to
            {
                let path = |l: String| l.split("::").map(str::to_owned).collect::<Vec<_>>();
                let (from, to) = (path(from), path(to));
                if modules.contains(&from) && modules.contains(&to) {
                    out.insert((from, to));
                }
            }
            // Every folder below the top both paths are in: the unit each is in there.
            for depth in 1..module.len() {
                let (Some(from), Some(to)) = (module.get(..=depth), edge.target.get(..=depth))
                else {
                    break;
                };
                if module[..depth] != edge.target[..depth] {
                    break;
                }
                if from != to && modules.contains(from) && modules.contains(to) {
                    out.insert((from.to_vec(), to.to_vec()));
                }
            }
        }
    }
    out
}

/// A module of a cycle of `edges`, with the cycle, if there is one.
fn a_cycle(edges: &BTreeSet<(Vec<String>, Vec<String>)>) -> Option<Vec<String>> {
    let next = |m: &Vec<String>| -> Vec<Vec<String>> {
        edges.iter().filter(|(a, _)| a == m).map(|(_, b)| b.clone()).collect()
    };
    for (start, _) in edges {
        // Depth-first from `start`, looking for a way back to it.
        let mut stack = vec![(start.clone(), vec![start.join("::")])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for to in next(&at) {
                if &to == start {
                    return Some(path.iter().cloned().chain([start.join("::")]).collect());
                }
                if seen.insert(to.clone()) {
                    let mut longer = path.clone();
                    longer.push(to.join("::"));
                    stack.push((to.clone(), longer));
                }
            }
        }
    }
    None
}

/// Issue 45: no module imports one that imports it back, however far round, among the modules
/// of any folder (the table service's parts, the engine's option registry and its games, …).
#[test]
fn c2_no_module_imports_one_that_imports_it_back() {
    let mut modules = BTreeSet::new();
    let mut files = Vec::new();
    for (relative, source) in production_sources() {
        let module = module_of(&relative);
        // Every folder on the way is a module too.
        for depth in 1..=module.len() {
            modules.insert(module[..depth].to_vec());
        }
        files.push((module, edges_of(&relative, &source)));
    }
    let edges = sibling_edges(&modules, &files);
    let table = |a: &str, b: &str| {
        let path = |m: &str| m.split("::").map(str::to_owned).collect::<Vec<_>>();
        edges.contains(&(path(a), path(b)))
    };
    // The check sees the edges it should: a part imports the core, the core no part.
    assert!(table("table::notify", "table::core"), "{edges:?}");
    assert!(!table("table::core", "table::notify"));
    assert_eq!(a_cycle(&edges), None, "an import circle");
    // And it bites: the edge back from the core to a part closes a circle.
    let mut with_back = edges.clone();
    with_back.insert((vec!["table".into(), "core".into()], vec!["table".into(), "notify".into()]));
    assert!(a_cycle(&with_back).is_some());
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
        ("store/mod.rs", "use crate::engine::computer::Level;"),
        // The store keeps a cup's data typed, but never reaches the rules.
        ("store/cup.rs", "use crate::engine::{Game, cup::Format};"),
        ("store/cup.rs", "fn f() { crate::engine::nardy::Nardy::new(); }"),
        ("ids.rs", "use crate::store::Store;"),
        ("engine/mod.rs", "mod inner { use super::super::store::Store; }"),
        // The folders: plumbing knows no table, a tool is no library of the bot's.
        ("runtime/lanes.rs", "use crate::table::Service;"),
        ("runtime/metrics.rs", "use super::lanes::Lanes;"),
        ("table/service.rs", "use crate::tools::load::Config;"),
        ("tools/simulate.rs", "use crate::runtime::lanes::Lanes;"),
        ("tools/protocol.rs", "use super::load::run;"),
        ("table/mod.rs", "use crate::runtime;"),
        // Outside crates in their one place.
        ("engine/mod.rs", "use png::Encoder;"),
        ("table/view.rs", "fn f() { let _ = cosmic_text::Buffer::new; }"),
        ("tools/gallery.rs", "use flate2::Compress;"),
    ];
    let check =
        |file: &str, source: &str| violations(&edges_of(Path::new(file), source), Path::new(file));
    for (file, source) in cases {
        assert!(!check(file, source).is_empty(), "{file}: `{source}` passed");
    }
    // Allowed edges and test code pass.
    let fine = [
        ("store/cup.rs", "use crate::engine::{GameKind, cup::{Format, Seat}};"),
        ("table/service.rs", "use crate::{engine::Game, store::Store};"),
        ("render/mod.rs", "use crate::engine::snakes::Layout;"),
        ("engine/mod.rs", "#[cfg(test)] mod tests { use crate::game::fair::Seed; use std::fs; }"),
        ("engine/ludo/mod.rs", "use super::{Seat, Event}; use crate::engine::Entropy;"),
        ("bot.rs", "use crate::{telegram::Telegram, discord::Discord};"),
        ("tools/gallery.rs", "use crate::{render::Renderer, game::setup};"),
        ("table/service.rs", "use crate::runtime::metrics::Metrics;"),
        ("runtime/lanes.rs", "fn f() { std::thread::spawn(|| ()); }"),
        ("render/encoding.rs", "use flate2::Compress; use color_quant::NeuQuant;"),
        ("game/replay.rs", "fn f() { crate::tools::simulate::play_levels_logged(); }"),
        ("store/mod.rs", "use crate::ids::{ChatId, UserId};"),
        ("ids.rs", "use crate::engine::computer::Level;"),
    ];
    for (file, source) in fine {
        let wrong = check(file, source);
        assert!(wrong.is_empty(), "{file}: `{source}` refused: {wrong:?}");
    }
}

/// The folders show the layers: every source file belongs to a layer of the code map (or is the
/// crate root, the binary or a group's `mod.rs`), so a new module must be given its place; the
/// top of `src/` holds nothing else; the runtime's plumbing uses nothing of the crate, and no
/// layer but `game::replay` (a computers' game recorded from the simulator's loop) uses a tool.
#[test]
fn c1_the_folders_show_the_layers() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let layers: Vec<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    let mut homeless = Vec::new();
    for file in &files {
        let module = module_of(file.strip_prefix(src).unwrap());
        let root = module.len() == 1 && ROOTS.contains(&module[0].as_str());
        let group = module.len() == 1 && GROUPS.contains(&module[0].as_str());
        let layer = layer_of(&module).unwrap_or_default();
        if !root && !group && !layers.contains(&layer.as_str()) {
            homeless.push(file.display().to_string());
        }
    }
    assert!(homeless.is_empty(), "files of no layer in the code map: {homeless:?}");
    let mut top: Vec<String> = fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    top.sort();
    top.dedup();
    let mut expected: Vec<String> = layers
        .iter()
        .map(|l| l.split("::").next().unwrap().to_owned())
        .chain(ROOTS.iter().map(|r| (*r).to_owned()))
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(top, expected, "the top of src/ is not the code map's");
    for (layer, uses) in ALLOWED {
        if layer.starts_with("runtime::") {
            assert!(uses.is_empty(), "{layer} uses {uses:?}");
        }
        let tools: Vec<&&str> = uses.iter().filter(|u| u.starts_with("tools::")).collect();
        if !layer.starts_with("tools::") && *layer != "game::replay" {
            assert!(tools.is_empty(), "{layer} uses the tools {tools:?}");
        }
    }
}

/// The crate lists name what Cargo.toml depends on: every dependency is either confined to its
/// layers ([`EXTERNAL`]) or shared by all ([`SHARED`]), and every crate named there is one.
#[test]
fn c1_the_crate_lists_are_the_dependencies() {
    let manifest = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let section = manifest
        .split("\n[")
        .find(|s| s.starts_with("dependencies]"))
        .expect("a [dependencies] table");
    let deps: BTreeSet<String> = section
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('=').map(|(name, _)| name.trim().replace('-', "_")))
        .filter(|name| !name.is_empty())
        .collect();
    assert!(deps.contains("sqlx") && deps.contains("tiny_skia"), "{deps:?}");
    let listed: BTreeSet<String> = EXTERNAL
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !name.starts_with("std::") && !["println", "eprintln"].contains(name))
        .chain(SHARED.iter().copied())
        .map(str::to_owned)
        .collect();
    let unlisted: Vec<&String> = deps.difference(&listed).collect();
    let unused: Vec<&String> = listed.difference(&deps).collect();
    assert!(unlisted.is_empty(), "dependencies the crate lists do not place: {unlisted:?}");
    assert!(unused.is_empty(), "crates listed that Cargo.toml does not depend on: {unused:?}");
}

/// The code map of docs/ARCHITECTURE.md is exact: it names every source file (by its path, or
/// by its name in its folder's entry), and every `src/…` path it names exists.
#[test]
fn c1_the_code_map_names_every_file_and_only_files_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let map = &doc[doc.find("## Code map").unwrap()..doc.find("## How one button press").unwrap()];
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut unnamed = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let folder = relative.rsplit_once('/').map_or("", |(f, _)| f);
        let in_folder = map.contains(&format!("`{folder}/`")) && map.contains(&format!("`{name}`"));
        if !map.contains(&format!("`{relative}`")) && !in_folder {
            unnamed.push(relative);
        }
    }
    assert!(unnamed.is_empty(), "source files the code map does not name: {unnamed:?}");
    let mut gone = Vec::new();
    for quoted in doc.split('`').skip(1).step_by(2) {
        let path = quoted.split([' ', '+']).next().unwrap_or_default();
        if path.starts_with("src/") && !path.contains(['*', '{', '<']) && !root.join(path).exists()
        {
            gone.push(path.to_owned());
        }
    }
    assert!(gone.is_empty(), "paths ARCHITECTURE.md names that do not exist: {gone:?}");
}

/// The prefixes of the ids' text, which only their codec (`src/ids.rs`) spells.
const ID_PREFIXES: &[&str] = &["discord:", "telegram:", "computer:", "playground:"];

/// Whether `text` spells an id's prefix: the prefix, then the id's rest or the text's end (not
/// a space: "playground: http://…" is prose).
fn spells_id(text: &str) -> bool {
    ID_PREFIXES.iter().any(|p| {
        text.match_indices(p)
            .any(|(at, _)| text[at + p.len()..].chars().next().is_none_or(|c| !c.is_whitespace()))
    })
}

/// String literals of `source`'s production code that start with a prefix of an id (a
/// platform's or the computers'), each as `file: "literal"`.
fn id_literals(relative: &Path, source: &str) -> Vec<String> {
    struct Literals<'a> {
        file: &'a Path,
        found: Vec<String>,
    }
    impl<'ast> Visit<'ast> for Literals<'_> {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            if !is_test_item(item) {
                syn::visit::visit_item(self, item);
            }
        }

        fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
            // Doc comments may name the ids' forms: prose, not code.
        }

        fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
            let text = lit.value();
            if spells_id(&text) {
                self.found.push(format!("{}: {text:?}", self.file.display()));
            }
        }

        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            // `format!("discord:{}", …)`: the literal is in the macro's tokens (where a path
            // such as `crate::discord::Discord` reads `discord ::`, with a space).
            let tokens = mac.tokens.to_string();
            if spells_id(&tokens) {
                self.found.push(format!(
                    "{}: {}!({tokens})",
                    self.file.display(),
                    mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default()
                ));
            }
            syn::visit::visit_macro(self, mac);
        }
    }
    let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
    let mut literals = Literals { file: relative, found: Vec::new() };
    literals.visit_file(&file);
    literals.found
}

/// Ids are types (issues 34 and 45): every layer, adapters included, asks a `ChatId` or
/// `UserId` (its platform, group, whether it is a computer, its platform's number) instead of
/// searching its text, so no literal `"discord:"`, `"telegram:"`, `"computer:"` or
/// `"playground:"` is left anywhere in `src/`; the one codec, `src/ids.rs`, spells them.
#[test]
fn c1_only_the_id_codec_spells_ids() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut found = Vec::new();
    for (relative, source) in production_sources() {
        if relative != Path::new("ids.rs") {
            found.extend(id_literals(&relative, &source)); // not the codec itself
        }
    }
    assert!(found.is_empty(), "ids spelt outside src/ids.rs:\n{}", found.join("\n"));
    // The codec spells them; and the check bites, in code and in macros alike.
    let codec = fs::read_to_string(src.join("ids.rs")).unwrap();
    assert!(!id_literals(Path::new("ids.rs"), &codec).is_empty());
    for source in [
        r#"fn f(c: &str) -> bool { c.starts_with("discord:") }"#,
        r#"fn f(k: usize) -> String { format!("computer:hard:{k}") }"#,
        r#"const SQL: &str = "select 1 where user_id like 'computer:%'";"#,
        r#"fn f(c: &str) -> bool { c.starts_with("telegram:-") }"#,
    ] {
        assert!(!id_literals(Path::new("table/x.rs"), source).is_empty(), "`{source}` passed");
    }
    for fine in [
        r#"#[cfg(test)] mod tests { const U: &str = "computer:easy:1"; }"#,
        "/// A chat such as `discord:<server>/<channel>`.\nfn f() {}",
        "fn f() { crate::discord::Discord::new(); }",
        r#"fn f() { eprintln!("dicetable playground: http://{}/", 1); }"#,
    ] {
        assert!(id_literals(Path::new("table/x.rs"), fine).is_empty(), "`{fine}` refused");
    }
}

/// The kinds of view only the table layer makes: a table's message (which the store's version
/// guards), a refusal and a turn notice. An adapter matches on them and may redirect a table
/// message to another message (`TableMessage::edit`), but never builds one.
const TABLE_MADE: &[&str] = &["TableMessage", "Refusal", "TurnNotice"];

/// Collects the places where one file's production code builds a view kind of [`TABLE_MADE`]:
/// a struct literal (`TableMessage { .. }`), a variant (`Kind::Table(..)`) or a constructor
/// (`TableMessage::new`, `View::refused`). Patterns (`Kind::Table(m) => …`) are not built.
#[derive(Default)]
struct Builds(Vec<String>);

impl<'ast> Visit<'ast> for Builds {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let test_only = match item {
            syn::Item::Mod(i) => is_test_only(&i.attrs),
            syn::Item::Fn(i) => is_test_only(&i.attrs),
            syn::Item::Impl(i) => is_test_only(&i.attrs),
            _ => false,
        };
        if !test_only {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_expr_struct(&mut self, e: &'ast syn::ExprStruct) {
        if let Some(last) = e.path.segments.last()
            && TABLE_MADE.iter().any(|k| last.ident == k)
        {
            self.0.push(format!("{} {{ .. }}", last.ident));
        }
        syn::visit::visit_expr_struct(self, e);
    }

    fn visit_expr_call(&mut self, e: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*e.func {
            let names: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
            let tail: Vec<&str> = names.iter().rev().take(2).rev().map(String::as_str).collect();
            let built = matches!(
                tail.as_slice(),
                ["Kind", "Table" | "Refusal" | "Notice"]
                    | ["TableMessage", "new"]
                    | ["View", "refused"]
            );
            if built {
                self.0.push(format!("{}(..)", names.join("::")));
            }
        }
        syn::visit::visit_expr_call(self, e);
    }
}

fn builds_of(source: &str) -> Vec<String> {
    let mut builds = Builds::default();
    builds.visit_file(&syn::parse_file(source).unwrap());
    builds.0
}

#[test]
fn c2_adapters_never_build_a_table_message_a_refusal_or_a_notice() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut wrong = Vec::new();
    for adapter in ["telegram", "discord", "playground"] {
        let mut files = Vec::new();
        rust_files(&src.join(adapter), &mut files);
        assert!(!files.is_empty(), "{adapter}: no sources");
        for file in files {
            for built in builds_of(&fs::read_to_string(&file).unwrap()) {
                wrong.push(format!("{}: {built}", file.strip_prefix(src).unwrap().display()));
            }
        }
    }
    assert!(wrong.is_empty(), "adapters building what only the table layer makes: {wrong:?}");
    // The check bites, and lets matches and test code be.
    let caught = builds_of(
        "fn f(v: View) { let _ = View::new(None, s, Kind::Table(TableMessage::new(1, s, 2))); \
         let _ = View::refused(None, t, u, \"x\"); let _ = TurnNotice { notice, image, links }; \
         match v.kind { Kind::Table(m) => {}, Kind::Refusal(Refusal { to, .. }) => {}, _ => {} } } \
         #[cfg(test)] mod tests { fn g() { let _ = Kind::Notice(n); } }",
    );
    assert_eq!(
        caught,
        ["Kind::Table(..)", "TableMessage::new(..)", "View::refused(..)", "TurnNotice { .. }"]
    );
}

/// The table service's parts, each by its type and the field its callers keep it in
/// (`self.views`), as the composition root (`Parts::build` in `src/table/service.rs`) builds
/// them; and the core every part holds (`self.core`), which holds no part.
const PARTS: &[(&str, &str)] = &[
    ("Lobby", "lobby"),
    ("Play", "play"),
    ("Rematches", "rematches"),
    ("Ratings", "ratings"),
    ("TurnNotices", "turn_notices"),
    ("Replays", "replays"),
    ("Live", "live"),
    ("Cups", "cups"),
    ("Views", "views"),
    ("Core", "core"),
];

/// Whether `e` is `self`.
fn is_self(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Path(p) if p.path.is_ident("self"))
}

/// What each part's (or the core's) `impl`s read of `self`, by part: its fields
/// (`self.cups`) and its argument-less methods (`self.cups()`, an accessor that would make a
/// part), also inside `vec![…]`, `format!(…)` and the like.
#[derive(Default)]
struct SelfReads {
    part: Option<String>,
    fields: BTreeMap<String, BTreeSet<String>>,
    accessors: BTreeMap<String, BTreeSet<String>>,
}

impl SelfReads {
    fn of(source: &str) -> Self {
        let mut reads = Self::default();
        reads.visit_file(&syn::parse_file(source).unwrap_or_else(|e| panic!("{e}")));
        reads
    }
}

impl<'ast> Visit<'ast> for SelfReads {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_test_item(item) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let ty = match (&item.trait_, item.self_ty.as_ref()) {
            (None, syn::Type::Path(ty)) => ty.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        let outer = self.part.take();
        self.part = ty.filter(|t| PARTS.iter().any(|(p, _)| p == t));
        syn::visit::visit_item_impl(self, item);
        self.part = outer;
    }

    fn visit_expr_field(&mut self, e: &'ast syn::ExprField) {
        if let (Some(part), true, syn::Member::Named(name)) =
            (&self.part, is_self(&e.base), &e.member)
        {
            self.fields.entry(part.clone()).or_default().insert(name.to_string());
        }
        syn::visit::visit_expr_field(self, e);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if let (Some(part), true) = (&self.part, is_self(&call.receiver) && call.args.is_empty()) {
            self.accessors.entry(part.clone()).or_default().insert(call.method.to_string());
        }
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        use syn::parse::Parser;
        let args = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        if let Ok(exprs) = args.parse2(mac.tokens.clone()) {
            for e in &exprs {
                self.visit_expr(e);
            }
        }
    }
}

/// Who calls whom among the parts (not who imports whom, issue 62): in each `impl` of a part
/// (or of the core), every use of another part it holds (`self.cups.cup_tick()`), or of an
/// accessor that would make one (`self.cups()`), as `(caller, callee)` by type.
fn part_calls(source: &str) -> BTreeSet<(String, String)> {
    let reads = SelfReads::of(source);
    let mut calls = BTreeSet::new();
    for (part, names) in reads.fields.iter().chain(&reads.accessors) {
        for name in names {
            if let Some((callee, _)) = PARTS.iter().find(|(_, field)| field == name)
                && callee != part
            {
                calls.insert((part.clone(), (*callee).to_owned()));
            }
        }
    }
    calls
}

/// The part-to-part calls of the whole table service (a part's calls of the core apart).
fn all_part_calls() -> BTreeSet<(String, String)> {
    production_sources()
        .into_iter()
        .filter(|(relative, _)| relative.starts_with("table"))
        .flat_map(|(_, source)| part_calls(&source))
        .collect()
}

/// Issue 62: the parts call one another one way, never round in a circle (play calls the
/// cup, the cup the lobby, everything the views; the views none), the core calls no part, and
/// the checker bites: one call back, planted as the next engineer might write it, closes a
/// circle.
#[test]
fn c3_the_parts_call_one_another_one_way() {
    let all = all_part_calls();
    // Every part holds the core; the core holds no part.
    assert!(all.iter().all(|(from, _)| from != "Core"), "the core calls a part: {all:?}");
    assert!(all.contains(&("Play".to_owned(), "Core".to_owned())), "{all:?}");
    let calls: BTreeSet<_> = all.into_iter().filter(|(_, to)| to != "Core").collect();
    let as_paths: BTreeSet<(Vec<String>, Vec<String>)> =
        calls.iter().map(|(a, b)| (vec![a.clone()], vec![b.clone()])).collect();
    eprintln!(
        "{} part-to-part call edges: {}",
        calls.len(),
        calls.iter().map(|(a, b)| format!("{a} → {b}")).collect::<Vec<_>>().join(", ")
    );
    assert_eq!(a_cycle(&as_paths), None, "parts that call one another round: {calls:?}");
    // The views are last: they call no part.
    assert!(calls.iter().all(|(from, _)| from != "Views"), "{calls:?}");
    // It sees what it should: play shows its boards through the views.
    assert!(calls.contains(&("Play".to_owned(), "Views".to_owned())), "{calls:?}");
    // A call inside a macro is seen.
    let inside = "impl Rematches { fn f(&self) -> Vec<V> { vec![self.views.lobby_view(t)] } }";
    assert_eq!(part_calls(inside), BTreeSet::from([("Rematches".to_owned(), "Views".to_owned())]));
    // A sub-store's accessor on a field (`self.store.ratings()`) is not a part.
    let store = "impl Cups { async fn f(&self) { self.store.ratings().ladder().await; } }";
    assert_eq!(part_calls(store), BTreeSet::new());
    // And it bites: a planted call back from the views to the cup, held or made.
    for planted in [
        "impl Views { async fn f(&self) { self.cups.cup_tick().await; } }",
        "impl Views { async fn f(&self) { self.cups().cup_tick().await; } }",
    ] {
        let back = part_calls(planted);
        assert_eq!(back, BTreeSet::from([("Views".to_owned(), "Cups".to_owned())]));
        let with_back: BTreeSet<_> = as_paths
            .iter()
            .cloned()
            .chain(back.into_iter().map(|(a, b)| (vec![a], vec![b])))
            .collect();
        assert!(a_cycle(&with_back).is_some(), "the planted call back is seen as a circle");
    }
    // The core calling a part is seen too.
    let core = "impl Core { fn f(&self) { self.ratings.plan(); } }";
    assert_eq!(part_calls(core), BTreeSet::from([("Core".to_owned(), "Ratings".to_owned())]));
}

/// Each part's fields, as its `part!` declares them (`Lobby uses [core, store, …] calls
/// [views: …]`) or its struct lists them, by part.
fn part_fields() -> BTreeMap<String, Vec<String>> {
    let mut fields = BTreeMap::new();
    for (relative, source) in production_sources() {
        if relative.starts_with("table") {
            declared_in(&source, &mut fields);
        }
    }
    fields
}

/// The parts `source` declares (by `part!` or as a struct), with their fields, into `fields`.
fn declared_in(source: &str, fields: &mut BTreeMap<String, Vec<String>>) {
    {
        let mut rest = source;
        while let Some(at) =
            rest.find("::part! {").and_then(|p| Some(p + rest[p..].find(" uses [")?))
        {
            let name = rest[..at].rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
            let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
            let declared = &rest[at..end];
            let mut names: Vec<String> = Vec::new();
            let uses = &declared[" uses [".len()..declared.find(']').unwrap_or(declared.len())];
            names.extend(uses.split(',').map(|h| h.trim().to_owned()).filter(|h| !h.is_empty()));
            if let Some(calls) = declared.find("calls [") {
                let calls = &declared[calls + "calls [".len()..];
                let calls = &calls[..calls.find(']').unwrap_or(calls.len())];
                names.extend(
                    calls.split(',').filter_map(|c| Some(c.split(':').next()?.trim().to_owned())),
                );
            }
            fields.insert(name.to_owned(), names);
            rest = &rest[end..];
        }
        let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{e}"));
        for item in &file.items {
            if let syn::Item::Struct(st) = item
                && PARTS.iter().any(|(p, _)| st.ident == p)
            {
                let names =
                    st.fields.iter().filter_map(|f| f.ident.as_ref().map(ToString::to_string));
                fields.insert(st.ident.to_string(), names.collect());
            }
        }
    }
}

/// The fields each part declares and none of its `impl`s reads, as `Part.field`.
fn unread(
    declared: &BTreeMap<String, Vec<String>>,
    read: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    declared
        .iter()
        .flat_map(|(part, fields)| fields.iter().map(move |f| (part, f)))
        .filter(|(part, field)| !read.get(*part).is_some_and(|r| r.contains(*field)))
        .map(|(part, field)| format!("{part}.{field}"))
        .collect()
}

/// Every `self.<field>` an `impl` of each part reads, by part.
fn fields_read() -> BTreeMap<String, BTreeSet<String>> {
    let mut read: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (relative, source) in production_sources() {
        if relative.starts_with("table") {
            for (part, fields) in SelfReads::of(&source).fields {
                read.entry(part).or_default().extend(fields);
            }
        }
    }
    read
}

/// Issue 62, item 1: a part holds exactly what it uses. Every part declares its fields (the
/// handles and the parts it calls), reads each of them, and holds no whole service, no bag of
/// handles and no `Deref` to one. (The compiler says the same of an unread field, `dead_code`;
/// this test counts.)
#[test]
fn c3_a_part_holds_exactly_what_it_uses() {
    let declared = part_fields();
    let read = fields_read();
    for (part, _) in PARTS {
        let fields = declared.get(*part).unwrap_or_else(|| panic!("{part} declares no fields"));
        assert!(!fields.is_empty(), "{part}");
        for field in fields {
            assert!(!["service", "handles", "whole"].contains(&field.as_str()), "{part}: {field}");
        }
    }
    let unused = unread(&declared, &read);
    let total: usize = declared.values().map(Vec::len).sum();
    eprintln!(
        "{} parts and the core declare {total} fields; {} unused: {declared:?}",
        declared.len() - 1,
        unused.len()
    );
    assert_eq!(declared.len(), PARTS.len(), "{declared:?}");
    assert!(unused.is_empty(), "fields a part declares and never reads: {unused:?}");
    for (relative, source) in production_sources() {
        assert!(
            !(relative.starts_with("table") && source.contains("impl std::ops::Deref for")),
            "{}: a part seen through a whole again",
            relative.display()
        );
    }
    // And it bites: a planted part that holds the views and never reads them.
    let mut planted = BTreeMap::new();
    declared_in(
        "crate::table::handles::part! { /// A part.\n Lobby uses [core, store] \
         calls [views: crate::table::Views]; }",
        &mut planted,
    );
    assert_eq!(planted["Lobby"], ["core", "store", "views"]);
    let reads = SelfReads::of(
        "impl Lobby { async fn f(&self) { self.core.load().await; vec![self.store.x()]; } }",
    );
    assert_eq!(unread(&planted, &reads.fields), ["Lobby.views"]);
}
