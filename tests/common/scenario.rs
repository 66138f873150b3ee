//! Table tests as data: a scenario is a list of lines people say and buttons they press in one
//! chat, each followed by what the answers must say.
//!
//! ```text
//! Ana: /ludo 5m
//!   > Turn timer: 5 minutes
//! Ben: [Join]
//!   > Ben joined
//! Ben: /start
//!   ! Only the table's host
//! Mod (admin): /kick ben
//!   > Ben was removed
//! ```
//!
//! - `Name: text` — `Name` says `text` (a chat command), as `ctx(chat, Name)`; `Name (admin):`
//!   is a chat admin.
//! - `Name: [Label]` — `Name` presses the newest button whose label contains `Label`, among
//!   every public view so far.
//! - `> words` — a public view of the step's answers says `words` (as a reader sees them);
//!   `> [Label]`: one carries a button whose label contains `Label`.
//! - `- words`, `- [Label]` — no public view of the step's answers says it, or carries it.
//! - `! words` — the step is refused: its answers are one private view to its actor that says
//!   `words`, and nothing public.
//! - `# …` and blank lines are comments.

use dicetable::table::{Ctx, Op, Service, View};

/// One step's actor and what they do.
enum Act<'a> {
    Say(&'a str),
    Press(&'a str),
}

/// Plays `script` on `service` in `chat`, checking every expectation; every view the steps
/// answered with, in order. A failed expectation names its line.
pub async fn play(service: &Service, chat: &str, script: &str) -> Vec<View> {
    let mut seen: Vec<View> = Vec::new();
    let mut step: Option<(usize, Ctx, Vec<View>)> = None;
    for (n, line) in script.lines().enumerate().map(|(n, l)| (n + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((expected, words)) = line
            .strip_prefix('>')
            .map(|w| (true, w))
            .or_else(|| line.strip_prefix('-').map(|w| (false, w)))
        {
            let (at, _, views) = step.as_ref().unwrap_or_else(|| panic!("line {n}: no step"));
            let said = views.iter().filter(|v| v.private_to().is_none()).any(|v| says(v, words));
            assert!(
                said == expected,
                "line {n} (step at {at}): a public answer says {words:?}: {said}: {views:#?}"
            );
            continue;
        }
        if let Some(words) = line.strip_prefix('!') {
            let (at, who, views) = step.as_ref().unwrap_or_else(|| panic!("line {n}: no step"));
            let refused = matches!(&views[..], [v] if v.private_to() == Some(&who.user));
            assert!(refused, "line {n} (step at {at}): not one private refusal: {views:#?}");
            assert!(says(&views[0], words), "line {n}: the refusal lacks {words:?}: {views:#?}");
            continue;
        }
        let (who, act) = actor(chat, line).unwrap_or_else(|| panic!("line {n}: {line:?}"));
        let views = match act {
            Act::Say(text) => super::say(service, &who, text).await,
            Act::Press(label) => {
                let token = newest_button(&seen, label)
                    .unwrap_or_else(|| panic!("line {n}: no button {label:?} shown"));
                service.handle(&who, Op::Press(token)).await
            }
        };
        seen.extend(views.iter().filter(|v| v.private_to().is_none()).cloned());
        step = Some((n, who, views));
    }
    seen
}

/// Whether `view` says `words`, as a reader sees it (without markup), or for `[Label]`
/// carries a button whose label contains `Label`.
fn says(view: &View, words: &str) -> bool {
    let words = words.trim();
    match words.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
        Some(label) => view.buttons().iter().flatten().any(|b| b.label.contains(label)),
        None => super::plain(&view.text).contains(words),
    }
}

/// `Name: …` or `Name (admin): …`: who acts, and what they do.
fn actor<'a>(chat: &str, line: &'a str) -> Option<(Ctx, Act<'a>)> {
    let (name, rest) = line.split_once(':')?;
    let (name, admin) = match name.trim().strip_suffix("(admin)") {
        Some(name) => (name.trim(), true),
        None => (name.trim(), false),
    };
    let who = Ctx { admin, ..super::ctx(chat, name) };
    let rest = rest.trim();
    let act = match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(label) => Act::Press(label),
        None => Act::Say(rest),
    };
    Some((who, act))
}

/// The token of the newest button among `views` whose label contains `label`.
fn newest_button(views: &[View], label: &str) -> Option<String> {
    views.iter().rev().find_map(|v| {
        v.buttons().iter().flatten().find(|b| b.label.contains(label)).map(|b| b.token.clone())
    })
}
