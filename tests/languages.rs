//! One rule for the language a reader gets (issue 45, item 4): their own choice (`/lang`), else
//! their platform's language, else the chat's, else the table's. Every kind of message (board,
//! private answer, refusal, help, turn notice, the live board's answer, a file's caption) is
//! walked for a Persian, a Russian and a Tagalog reader on both databases, and a message that
//! speaks English to them fails the test; so does an internal id in any text.

mod common;
use common::{board, ctx, say, unique};
use std::collections::BTreeSet;
use std::sync::Arc;

use dicetable::ids::UserId;
use dicetable::table::{Ctx, ManualClock, Op, Pick, Service, Target, View};

const SECRET: &[u8] = b"test secret";
const MINUTE: i64 = 60_000;

/// The words of a Fluent file's messages (not its comments, keys, variables or commands),
/// lower case, of three letters or more.
fn ftl_words(lang: &str) -> BTreeSet<String> {
    let path = format!("{}/assets/locales/{lang}.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut words = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        // `key = value`: only the value (a continuation line is all value).
        let value = match line.split_once(" = ") {
            Some((key, value)) if !key.contains(' ') => value,
            _ => line,
        };
        words.extend(text_words(value));
    }
    words
}

/// A text's words as `ftl_words` counts them: no `$variable`, `[variant]`, `/command`, `-term`
/// or token with a digit, lower case, three letters or more.
fn text_words(text: &str) -> Vec<String> {
    let quote = |c: char| !c.is_alphanumeric() && !"$[*/-@".contains(c);
    text.split_whitespace()
        .map(|w| w.trim_start_matches(quote))
        .filter(|w| !w.starts_with(['$', '[', '*', '/', '-', '@']) && !w.contains("://"))
        // Numbers, hex digests and ids are no words ("…2add06…" says nothing in English).
        .filter(|w| !w.bytes().any(|b| b.is_ascii_digit()))
        .flat_map(|w| w.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// Words only English says: in English's messages and in none of `lang`'s.
fn english_only(lang: &str) -> BTreeSet<String> {
    let theirs = ftl_words(lang);
    ftl_words("en").into_iter().filter(|w| !theirs.contains(w)).collect()
}

/// Every player-facing text of a view: its text (a caption, for a file or a picture), its
/// picture in words and its buttons' labels.
fn words_of(view: &View) -> Vec<String> {
    let mut out = vec![view.text.clone()];
    out.extend(view.alt());
    out.extend(view.buttons().iter().flatten().map(|b| b.label.clone()));
    out
}

/// What one reader was told, by kind of message.
#[derive(Default)]
struct Heard {
    said: Vec<(String, String)>,
}

impl Heard {
    fn add(&mut self, kind: &str, views: &[View]) {
        for view in views {
            for text in words_of(view) {
                self.said.push((kind.to_owned(), text));
            }
        }
    }

    fn text(&mut self, kind: &str, text: String) {
        self.said.push((kind.to_owned(), text));
    }

    /// The messages that speak English to a reader of `lang`: `(kind, English words, text)`.
    fn english(&self, lang: &str) -> Vec<(String, Vec<String>, String)> {
        let only = english_only(lang);
        let names = ["ana", "ben", "eve", "cleo"];
        let mut out = Vec::new();
        for (kind, text) in &self.said {
            let found: Vec<String> = text_words(text)
                .into_iter()
                .filter(|w| only.contains(w) && !names.contains(&w.as_str()))
                .collect();
            if !found.is_empty() {
                out.push((kind.clone(), found, text.clone()));
            }
        }
        out
    }
}

/// A person of `chat` whose platform says they read `lang`.
fn reader(chat: &str, name: &str, lang: &str) -> Ctx {
    Ctx { locale: Some(lang.to_owned()), ..ctx(chat, name) }
}

/// Walks every kind of message for readers of `lang` (Ana, Ben: their platform says `lang`;
/// Eve, who opens the notice's table, reads English) and returns what Ana and Ben were told,
/// checking on the way that each answer came.
async fn walk(service: &Service, clock: &ManualClock, db: &str, lang: &str) -> Heard {
    let mut heard = Heard::default();
    let chat = unique(&format!("lang-{db}-{lang}"));
    let (ana, ben) = (reader(&chat, "Ana", lang), reader(&chat, "Ben", lang));
    // README's conversation, as Ana and Ben type it (their own `/lang` aside: that is a choice
    // of language, tried below).
    for (who, line, _) in common::README_CONVERSATION {
        if line.starts_with("/lang") {
            continue;
        }
        let who = if *who == "Ana" { &ana } else { &ben };
        let views = say(service, who, line).await;
        assert!(!views.is_empty(), "{db} {lang}: {line} is answered");
        heard.add(line, &views);
    }
    // A game with its refusals: out of turn, a forged button, a button of an old board.
    say(service, &ana, "/cancel").await;
    heard.add("create", &say(service, &ana, "/snakes").await);
    heard.add("join", &say(service, &ben, "/join").await);
    let views = say(service, &ana, "/play").await;
    heard.add("start", &views);
    let first = board(&views).expect("a board").clone();
    let table = first.shows().unwrap().0;
    let token = first.buttons()[0][0].token.clone();
    let mover = first.mentions().first().cloned().unwrap();
    let (to_move, other) =
        if mover.as_str().ends_with("/Ana") { (&ana, &ben) } else { (&ben, &ana) };
    let refused = service.handle(other, Op::Press(token.clone())).await;
    assert!(refused.iter().any(|v| v.refusal().is_some()), "{db} {lang}: out of turn");
    heard.add("press out of turn", &refused);
    heard.add("forged press", &service.handle(to_move, Op::Press("x.1.2.3".into())).await);
    heard.add("press", &service.handle(to_move, Op::Press(token.clone())).await);
    heard.add("stale press", &service.handle(to_move, Op::Press(token)).await);
    heard.add("bad command", &[service.say_privately(&ana, "err-unknown-command").await]);
    // The live board's answer (Discord's "play from the page"), to a player and to someone else.
    let base = "http://127.0.0.1:9";
    let link = service.live().live_play_text(&ana, table, base).await;
    assert!(link.contains("/live/"), "{db} {lang}: {link}");
    heard.text("live link", link);
    let stranger = reader(&chat, "Cleo", lang);
    heard.text("live refusal", service.live().live_play_text(&stranger, table, base).await);
    // A person the platform picked, who never played here: named, never by id.
    let picked =
        Target::User { id: UserId::discord(1_578_196_734_641_831_962), name: "Cleo".into() };
    let vs = service.handle(&ana, Op::Vs(picked)).await;
    assert!(vs[0].text.contains("Cleo"), "{db} {lang}: {}", vs[0].text);
    heard.add("vs unknown", &vs);
    heard.add("kick unknown", &{
        let picked = Target::User { id: UserId::discord(7), name: "Cleo".into() };
        service.handle(&ana, Op::Kick { game: None, target: picked }).await
    });
    // The game ends: a replay's and a record's captions.
    heard.add("resign", &say(service, &ben, "/resign").await);
    let replay = service.handle(&ana, Op::Replay(Pick::Last)).await;
    assert!(replay.iter().any(|v| v.file().is_some()), "{db} {lang}: a replay file");
    heard.add("replay", &replay);
    heard.add("export", &service.handle(&ana, Op::Export(Pick::Last)).await);
    // A turn notice at a table of a chat whose host reads English: Ben reads his own language.
    let notice_chat = unique(&format!("lang-notice-{db}-{lang}"));
    let eve = reader(&notice_chat, "Eve", "en");
    let ben_there = reader(&notice_chat, "Ben", lang);
    heard.add("notify", &say(service, &ben_there, "/notify on").await);
    say(service, &eve, "/snakes 1h").await;
    say(service, &ben_there, "/join").await;
    let mut b = board(&say(service, &eve, "/play").await).expect("a board").clone();
    while b.mentions().first().is_some_and(|m| m.as_str().ends_with("/Eve")) {
        let token = b.buttons()[0][0].token.clone();
        b = board(&service.handle(&eve, Op::Press(token)).await).expect("a board").clone();
    }
    clock.advance(11 * MINUTE);
    let notices = service.turn_notices().notices().await.unwrap();
    let notice = notices
        .iter()
        .map(|(_, v)| v)
        .find(|v| v.private_to() == Some(&ben_there.user.as_str().into()))
        .unwrap_or_else(|| panic!("{db} {lang}: Ben's notice in {notices:?}"));
    heard.add("notice", std::slice::from_ref(notice));
    service.turn_notices().noticed(notice.notice().unwrap()).await;
    // Their own choice wins over the platform's: Ana chooses this language on an English phone.
    let english_phone = reader(&chat, "Ana", "en");
    heard.add("lang", &say(service, &english_phone, &format!("/lang {lang}")).await);
    heard.add("help", &say(service, &english_phone, "/help").await);
    let link = service.live().live_play_text(&english_phone, table, base).await;
    heard.text("live link, own choice", link);
    heard.add("games", &say(service, &english_phone, "/games").await);
    heard.add("stats", &say(service, &english_phone, "/stats").await);
    // No text names anyone by internal id.
    for (kind, text) in &heard.said {
        assert!(
            !text.contains("test:") && !text.contains("1578196734641831962"),
            "{db} {lang}: {kind} names an id: {text}"
        );
    }
    heard
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_message_kind_speaks_the_readers_language() {
    for (db, store, _) in common::stores("languages", "kinds").await {
        // 2027-01-15 08:00 UTC.
        let clock = Arc::new(ManualClock::new(1_800_000_000_000));
        let service = Service::new(store, SECRET, clock.clone()).with_replay_wait(common::LONG);
        // The detector hears English where there is English: the same walk for English readers.
        let english = walk(&service, &clock, db, "en").await;
        let heard = english.english("ru");
        let kinds: BTreeSet<&str> = heard.iter().map(|(kind, _, _)| kind.as_str()).collect();
        for kind in ["/help", "press out of turn", "live link", "notice", "replay", "vs unknown"] {
            assert!(kinds.contains(kind), "{db}: English heard in {kind}: {kinds:?}");
        }
        for lang in ["fa", "ru", "tl"] {
            let heard = walk(&service, &clock, db, lang).await;
            let english = heard.english(lang);
            assert!(
                english.is_empty(),
                "{db}: a {lang} reader was told in English:\n{}",
                english
                    .iter()
                    .map(|(kind, words, text)| format!("{kind}: {words:?} in {text:?}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
}

#[test]
fn the_english_detector_knows_english_from_the_others() {
    let only = english_only("ru");
    assert!(only.contains("turn") && only.contains("roll"), "{only:?}");
    let tagalog = english_only("tl");
    assert!(tagalog.contains("the") && !tagalog.contains("ludo"), "{tagalog:?}");
}
