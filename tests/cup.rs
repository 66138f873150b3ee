//! The group cup (issue 49) through the table service, on both databases: opened with its
//! words, signed up by command and by button, refusals by name, started by its host, rounds
//! paired (byes, late sign-up), games that end by resignation and by the window closing (T7:
//! a forfeit), the next round paired exactly once when two processes see the round end, a
//! restarted process going on, the final standings and the winner, and the standings equal to
//! a rebuild from the stored results (engine::cup).

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use common::{admin, both_databases, ctx, rebuilt, say, texts, unique};
use dicetable::engine::cup::Seat;
use dicetable::ids::{MessageRef, Posted, TableId};
use dicetable::store::{CupRecord, CupStatus, Store, TableStatus};
use dicetable::table::show::Surface;
use dicetable::table::token::{Button as TokenButton, Token, TokenKey};
use dicetable::table::{Kind, ManualClock, Op, Service, View, parse_command};

const SECRET: &[u8] = b"cup test secret";
const START_MS: i64 = 1_800_000_000_000;
const WINDOW_MS: i64 = 10 * 60_000;

fn ticked(views: &[(dicetable::ids::ChatId, View)], chat: &str) -> String {
    let mine: Vec<View> = views.iter().filter(|(c, _)| c == chat).map(|(_, v)| v.clone()).collect();
    texts(&mine)
}

fn verified(path: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dicetable"))
        .args(["verify", "--record"])
        .arg(path)
        .output()
        .unwrap()
}

async fn the_cup(store: &Store, chat: &str) -> CupRecord {
    let id = match store.cups().open_cup(&chat.into()).await.unwrap() {
        Some(id) => id,
        None => store.cups().last_cup(&chat.into()).await.unwrap().expect("a cup"),
    };
    store.cups().cup(id).await.unwrap()
}

/// Ends the current round's games: at each table with a person, the last person seated
/// resigns, except at `spare` tables (by board number), left for the window to close.
async fn resign_round(service: &Service, store: &Store, chat: &str, spare: &[i32]) -> Vec<View> {
    let mut all = Vec::new();
    let c = the_cup(store, chat).await;
    for g in c.games.iter().filter(|g| g.round == c.round && !spare.contains(&g.board)) {
        let Some(table) = g.table else { continue };
        let players = g.players.clone();
        let Some(person) =
            players.iter().rev().map(|&p| &c.players[p]).find(|p| !p.user.is_computer())
        else {
            continue;
        };
        let views = say(service, &ctx(chat, &person.name), &format!("/resign {table}")).await;
        assert!(views.iter().all(|v| v.refusal().is_none()), "{}", texts(&views));
        all.extend(views);
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nardy_cup_runs_from_sign_up_to_its_winner() {
    for (db, url) in both_databases("cup", "nardy").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique("cup");

        // Opened with its words; the host and one (expert: issue 63) computer are signed up.
        let opened =
            say(&service, &ctx(&chat, "Ana"), "/cup nardy 3 rounds 10m bots=1 expert").await;
        let text = texts(&opened);
        assert!(
            text.contains("A Long Nardy cup: 3 rounds, 10 minutes each, Swiss pairing."),
            "{db}: {text}"
        );
        assert!(text.contains("Signed up (2): Ana, "), "{db}: {text}");
        let again = texts(&say(&service, &ctx(&chat, "Ben"), "/cup ludo").await);
        assert!(again.contains("already has a cup"), "{db}: {again}");
        let elsewhere = unique("cup-words");
        let bad = texts(&say(&service, &ctx(&elsewhere, "Ben"), "/cup nardy 99 rounds").await);
        assert!(bad.contains("1 to 15 rounds"), "{db}: {bad}");
        let bad = texts(&say(&service, &ctx(&elsewhere, "Ben"), "/cup nardy 5 rounds 30d").await);
        assert!(bad.contains("1 minute to 7 days"), "{db}: {bad}");

        // Sign up by command and by the button; refusals by name.
        say(&service, &ctx(&chat, "Ben"), "/cup join").await;
        let key = TokenKey::new(SECRET);
        let join = opened[0]
            .buttons()
            .iter()
            .flatten()
            .find(|b| Token::parse(&b.token, &key).is_ok_and(|t| t.button == TokenButton::CupJoin))
            .expect("a sign-up button")
            .token
            .clone();
        let pressed = service.handle(&ctx(&chat, "Cy"), Op::Press(join.clone())).await;
        assert!(texts(&pressed).contains("You are signed up"), "{db}: {}", texts(&pressed));
        assert_eq!(pressed[0].private_to().map(ToString::to_string), Some(format!("{chat}/Cy")));
        let twice = texts(&service.handle(&ctx(&chat, "Cy"), Op::Press(join.clone())).await);
        assert!(twice.contains("already signed up"), "{db}: {twice}");
        say(&service, &ctx(&chat, "Dee"), "/cup join").await;
        let not = texts(&say(&service, &ctx(&chat, "Eve"), "/cup leave").await);
        assert!(not.contains("not signed up"), "{db}: {not}");
        let forged =
            texts(&service.handle(&ctx(&chat, "Eve"), Op::Press(join.replace('u', "v"))).await);
        assert!(!forged.contains("Round"), "{db}: a forged token starts nothing: {forged}");
        let shown = texts(&say(&service, &ctx(&chat, "Eve"), "/cup").await);
        assert!(shown.contains("Signed up (5)"), "{db}: {shown}");

        // Only the host (or an admin) starts it.
        let refused = texts(&say(&service, &ctx(&chat, "Ben"), "/cup start").await);
        assert!(refused.contains("Only the cup's host"), "{db}: {refused}");
        let started = texts(&say(&service, &ctx(&chat, "Ana"), "/cup start").await);
        assert!(started.contains("Long Nardy cup, round 1 of 3"), "{db}: {started}");
        assert!(started.contains("sits this round out (a bye: 1 point)"), "{db}: {started}");
        assert_eq!(
            started.matches("Table ").count(),
            2,
            "{db}: five players, two tables: {started}"
        );
        let c = the_cup(&store, &chat).await;
        assert_eq!((c.status, c.round, c.players.len()), (CupStatus::Playing, 1, 5), "{db}");
        // Its games are tables of the chat, seated and started.
        for g in c.games.iter().filter(|g| g.table.is_some()) {
            assert_eq!(g.table_status, Some(TableStatus::Playing), "{db}: {g:?}");
        }
        let late = texts(&say(&service, &ctx(&chat, "Eve"), "/cup join").await);
        assert!(late.contains("You are signed up"), "{db}: late sign-up in round 1 of 3: {late}");

        // Round 1: one game ends by resignation, the other when the window closes (T7).
        let _ = resign_round(&service, &store, &chat, &[2]).await;
        let early = ticked(&service.tick().await.unwrap(), &chat);
        assert!(!early.contains("round 2"), "{db}: a game still plays: {early}");
        clock.advance(WINDOW_MS + 1);
        let closed_views = service.tick().await.unwrap();
        let closed = ticked(&closed_views, &chat);
        // The standings message is brought up to round 2, with its picture (its text says
        // them in words).
        let standings = closed_views
            .iter()
            .find(|(c, v)| {
                *c == chat
                    && matches!(v.kind, Kind::Standings(_))
                    && texts(std::slice::from_ref(v)).contains("round 2 of 3")
            })
            .and_then(|(_, v)| v.image())
            .expect("the standings' picture");
        assert!(standings.starts_with(b"\x89PNG"), "{db}");
        assert!(closed.contains("The round's time is up"), "{db}: {closed}");
        assert!(closed.contains("round 2 of 3"), "{db}: {closed}");
        let c = the_cup(&store, &chat).await;
        let forfeits = c
            .games
            .iter()
            .filter(|g| g.result.as_deref().is_some_and(|r| r.contains(&Seat::Forfeit)))
            .count();
        assert_eq!(forfeits, 1, "{db}: the window's close is a forfeit: {:?}", c.games);
        assert_eq!(c.players.len(), 6, "{db}: Eve plays from round 2");

        // Round 2 ends; two processes see it at once: one pairs round 3.
        let _ = resign_round(&service, &store, &chat, &[]).await;
        // A second process, started now (the first one's restart).
        let other = Service::new(store.clone(), SECRET, clock.clone());
        let (a, b) = tokio::join!(service.tick(), other.tick());
        let (a, b) = (ticked(&a.unwrap(), &chat), ticked(&b.unwrap(), &chat));
        let posts =
            a.matches("round 3 of 3: play").count() + b.matches("round 3 of 3: play").count();
        assert_eq!(posts, 1, "{db}: round 3 paired once:\n{a}\n---\n{b}");
        let c = the_cup(&store, &chat).await;
        assert_eq!(
            c.games.iter().filter(|g| g.round == 3).count(),
            3,
            "{db}: six players, three tables"
        );

        // Round 3, played with the restarted process alone; the cup ends with its winner.
        let _ = resign_round(&other, &store, &chat, &[]).await;
        let end_views = other.tick().await.unwrap();
        let end = ticked(&end_views, &chat);
        let podium = end_views
            .iter()
            .find(|(c, v)| *c == chat && v.text.contains("cup!"))
            .and_then(|(_, v)| v.image());
        let podium = podium.expect("the final standings' picture");
        if let Ok(dir) = std::env::var("DICETABLE_PICTURES") {
            std::fs::write(format!("{dir}/cup-final-{db}.png"), podium).unwrap();
        }
        assert!(
            end.contains("wins the Long Nardy cup!") || end.contains("share the Long Nardy cup!"),
            "{db}: {end}"
        );
        let c = the_cup(&store, &chat).await;
        assert_eq!(c.status, CupStatus::Finished, "{db}");
        // The standings are a function of the stored results: rebuilt here, they match.
        for (place, (name, points)) in rebuilt(&c).iter().enumerate() {
            let unit = if *points == 1 { "point" } else { "points" };
            let line = format!("{name}: {points} {unit}");
            assert!(end.contains(&line), "{db}: {line} (place {}) not in {end}", place + 1);
        }
        let shown = texts(&say(&service, &ctx(&chat, "Ben"), "/cup").await);
        assert!(shown.contains("The Long Nardy cup is over"), "{db}: {shown}");
        // `/cup export`: every ended game's record, the results and the standings, which
        // `dicetable verify --record` checks; a standing changed by hand is a mismatch.
        let export = say(&service, &ctx(&chat, "Ben"), "/cup export").await;
        let file = export.iter().find_map(View::file).expect("a file");
        assert!(file.name.starts_with("dicetable-cup-"), "{db}: {}", file.name);
        assert!(texts(&export).contains("dicetable verify --record"), "{db}");
        let path = std::env::temp_dir().join(format!("{}-{db}.json", file.name));
        std::fs::write(&path, &file.bytes).unwrap();
        let out = verified(&path);
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{db}: {said}");
        assert!(said.contains("OK: 8 game records replayed"), "{db}: {said}");
        let mut changed: serde_json::Value = serde_json::from_slice(&file.bytes).unwrap();
        changed["standings"][0][2] = serde_json::json!(99);
        std::fs::write(&path, serde_json::to_vec(&changed).unwrap()).unwrap();
        let out = verified(&path);
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(1), "{db}: {said}");
        assert!(said.contains("MISMATCH: the standings do not follow"), "{db}: {said}");
        // A result that is not its game's ranking (the places of the first game swapped).
        let mut changed: serde_json::Value = serde_json::from_slice(&file.bytes).unwrap();
        let result = &mut changed["cup"]["games"][0]["result"];
        let swapped: Vec<serde_json::Value> =
            result.as_array().unwrap().iter().rev().cloned().collect();
        *result = serde_json::Value::Array(swapped);
        std::fs::write(&path, serde_json::to_vec(&changed).unwrap()).unwrap();
        let out = verified(&path);
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(1), "{db}: {said}");
        assert!(said.contains("MISMATCH: table "), "{db}: {said}");
        let _ = std::fs::remove_file(&path);

        let after = texts(&say(&service, &ctx(&chat, "Ben"), "/cup join").await);
        assert!(after.contains("This chat has no cup"), "{db}: {after}");
    }
}

/// Ticks the timer once a minute (the cup tables' turn timer) `times` times, `active` rolling
/// whenever it is their turn (the other player never moves); returns what was posted in
/// `chat`. Stops once that says `until`.
async fn minutes(
    service: &Service,
    clock: &ManualClock,
    chat: &str,
    active: &str,
    times: usize,
    until: &str,
) -> String {
    let mut posted = Vec::new();
    let me = format!("{chat}/{active}");
    for _ in 0..times {
        for _ in 0..4 {
            let status = say(service, &ctx(chat, active), "/status").await;
            let Some(board) = status
                .iter()
                .find(|v| v.mentions().contains(&me.as_str().into()) && !v.buttons().is_empty())
            else {
                break;
            };
            let roll = board.buttons()[0][0].token.clone();
            let views = service.handle(&ctx(chat, active), Op::Press(roll)).await;
            posted.push(texts(&views));
        }
        clock.advance(61_000);
        posted.push(ticked(&service.tick().await.unwrap(), chat));
        if posted.iter().any(|p| p.contains(until)) {
            break;
        }
    }
    posted.join("\n")
}

/// T8 and T9: a player who never moves is removed by the turn timer (a forfeit); after two
/// cups running with a forfeit they wait a day before the next; an admin lifts it; a forfeit
/// excused no longer counts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_no_show_waits_before_the_next_cup_until_an_admin_lifts_it_t9() {
    for (db, url) in both_databases("cup", "noshow").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique("noshow");
        for cup in 1..=2 {
            // Ana opens but never moves: three strikes of the one-minute timer remove her.
            say(&service, &ctx(&chat, "Ana"), "/cup snakes 2 seats 1 round 10m").await;
            say(&service, &ctx(&chat, "Ben"), "/cup join").await;
            let started = texts(&say(&service, &ctx(&chat, "Ana"), "/cup start").await);
            assert!(started.contains("Table "), "{db} cup {cup}: {started}");
            let posted = minutes(&service, &clock, &chat, "Ben", 6, "wins the").await;
            assert!(
                posted.contains("Ben wins the Snakes & Ladders cup!"),
                "{db} cup {cup}: {posted}"
            );
            let c = the_cup(&store, &chat).await;
            assert_eq!(c.status, CupStatus::Finished, "{db}");
            let result: Vec<Seat> = c.games[0].result.clone().unwrap();
            let players = c.games[0].players.clone();
            let ana = players.iter().position(|&p| c.players[p].name == "Ana").unwrap();
            assert_eq!(result[ana], Seat::Forfeit, "{db} cup {cup}: {result:?}");
        }
        // Two cups running with a forfeit: a day's wait.
        say(&service, &ctx(&chat, "Ben"), "/cup snakes 2 seats 2 rounds 10m").await;
        let waits = texts(&say(&service, &ctx(&chat, "Ana"), "/cup join").await);
        assert!(waits.contains("in each of your last 2 cups"), "{db}: {waits}");
        assert!(waits.contains("again in 24 hours"), "{db}: {waits}");
        let not_admin = texts(&say(&service, &ctx(&chat, "Ben"), "/cup lift Ana").await);
        assert!(not_admin.contains("Only a chat admin"), "{db}: {not_admin}");
        let lift = parse_command("/cup lift Ana").unwrap().op;
        let lifted = texts(&service.handle(&admin(&chat, "Cy"), lift).await);
        assert!(lifted.contains("Ana may sign up"), "{db}: {lifted}");
        let joined = texts(&say(&service, &ctx(&chat, "Ana"), "/cup join").await);
        assert!(joined.contains("You are signed up"), "{db}: {joined}");

        // In this cup Ben, its host, never moves: a forfeit, which an admin excuses (once:
        // there is no second to excuse).
        say(&service, &ctx(&chat, "Ben"), "/cup start").await;
        let posted = minutes(&service, &clock, &chat, "Ana", 6, "round 2 of 2").await;
        assert!(posted.contains("round 2 of 2"), "{db}: {posted}");
        let nobody = texts(&say(&service, &ctx(&chat, "Ben"), "/cup excuse Zed").await);
        assert!(nobody.contains("Nobody called Zed"), "{db}: {nobody}");
        let excuse = parse_command("/cup excuse Ben").unwrap().op;
        let excused = texts(&service.handle(&admin(&chat, "Cy"), excuse.clone()).await);
        assert!(excused.contains("excused one of Ben's missed games"), "{db}: {excused}");
        let again = texts(&service.handle(&admin(&chat, "Cy"), excuse).await);
        assert!(again.contains("Ben has no missed game"), "{db}: {again}");
        let c = the_cup(&store, &chat).await;
        assert_eq!(c.players.iter().map(|p| p.excused).sum::<i32>(), 1, "{db}");
    }
}

/// A cup's game is played to its end by the computers when its last person leaves (T2: the
/// places are the points), and the cup ends with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_play_a_cup_game_to_its_end() {
    for (db, url) in both_databases("cup", "computers").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone())
            .with_computer_pause(std::time::Duration::from_millis(100));
        let chat = unique("cpu-cup");
        let opened = texts(&say(&service, &ctx(&chat, "Ana"), "/cup ludo 1 round 1h bots=3").await);
        assert!(opened.contains("tables of 4"), "{db}: {opened}");
        let started = texts(&say(&service, &ctx(&chat, "Ana"), "/cup start").await);
        assert!(started.contains("round 1 of 1"), "{db}: {started}");
        let resigned = texts(&say(&service, &ctx(&chat, "Ana"), "/resign").await);
        assert!(resigned.contains("Ana resigned"), "{db}: {resigned}");
        let c = the_cup(&store, &chat).await;
        assert_eq!(
            c.games[0].table_status,
            Some(TableStatus::Playing),
            "{db}: the computers play on"
        );
        let mut end = String::new();
        for _ in 0..5000 {
            clock.advance(100);
            end = ticked(&service.tick().await.unwrap(), &chat);
            if end.contains("wins the Ludo cup!") {
                break;
            }
        }
        assert!(end.contains("wins the Ludo cup!"), "{db}: {end}");
        assert!(end.contains("Ana: 0 points"), "{db}: {end}");
        assert!(end.contains(": 4 points"), "{db}: the winner's four (T2): {end}");
    }
}

/// Plays the open cup of `chat` to its end: at each table with a person, the last person
/// seated resigns (except, in round `no_show`, at the first such table, where nobody moves
/// and the window closes, T7); tables of computers alone are played by the timer. Each round
/// `restart(round)` may replace the service (a process restarted mid-cup). Returns the posts.
async fn play_cup(
    mut service: Service,
    store: &Store,
    clock: &ManualClock,
    chat: &str,
    window_ms: i64,
    no_show: i32,
    restart: impl Fn(i32) -> Option<Service>,
) -> (String, String) {
    let mut posted = Vec::new();
    let mut last = String::new();
    for _ in 0..64 {
        let c = the_cup(store, chat).await;
        if c.status != CupStatus::Playing {
            break;
        }
        if let Some(next) = restart(c.round) {
            service = next;
        }
        let spare: Vec<i32> = if c.round == no_show {
            c.games
                .iter()
                .filter(|g| g.round == c.round && g.table.is_some())
                .filter(|g| {
                    let players = g.players.clone();
                    players.iter().all(|&p| !c.players[p].user.is_computer())
                })
                .map(|g| g.board)
                .take(1)
                .collect()
        } else {
            Vec::new()
        };
        let _ = resign_round(&service, store, chat, &spare).await;
        // The computers' games, and the window's end for the no-show: the timer, in steps.
        let round = c.round;
        let mut waited = 0;
        loop {
            clock.advance(2_000);
            waited += 2_000;
            let views = service.tick().await.unwrap();
            let end = views.iter().find(|(c, v)| *c == chat && v.text.contains("cup!"));
            if let Some((_, end)) = end {
                last = texts(std::slice::from_ref(end));
            }
            posted.push(ticked(&views, chat));
            let now = the_cup(store, chat).await;
            if now.round != round || now.status != CupStatus::Playing || waited > window_ms + 60_000
            {
                break;
            }
        }
    }
    (posted.join("\n"), last)
}

/// Issue 49's measured run, in the table service on both databases: a 16-player Swiss Nardy
/// cup of 5 rounds and a 12-player Ludo cup at tables of 4, computers and a no-show mixed in,
/// one process restarted mid-cup; both run to their final standings with no manual step, no two
/// players of the Swiss cup meet twice, and the standings equal the rebuild from the results.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sixteen_player_nardy_cup_and_a_twelve_player_ludo_cup_run_to_their_end() {
    for (db, url) in both_databases("cup", "big").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let pause = std::time::Duration::from_millis(500);
        let service =
            || Service::new(store.clone(), SECRET, clock.clone()).with_computer_pause(pause);
        for (game, words, people, rounds) in
            [("nardy", "5 rounds 2m bots=4", 12, 5), ("ludo", "3 rounds 2m bots=3", 9, 3)]
        {
            let chat = unique(&format!("big-{game}"));
            let first = service();
            say(&first, &ctx(&chat, "P0"), &format!("/cup {game} {words}")).await;
            for p in 1..people {
                let joined = texts(&say(&first, &ctx(&chat, &format!("P{p}")), "/cup join").await);
                assert!(joined.contains("You are signed up"), "{db} {game}: {joined}");
            }
            let started = texts(&say(&first, &ctx(&chat, "P0"), "/cup start").await);
            assert!(started.contains(&format!("round 1 of {rounds}")), "{db} {game}: {started}");
            let (posted, last) = play_cup(first, &store, &clock, &chat, 120_000, 2, |round| {
                (round == 3).then(service)
            })
            .await;
            assert!(posted.contains("The round's time is up"), "{db} {game}: a no-show");
            assert!(posted.contains("cup!"), "{db} {game}: the cup ends with its winner: {posted}");
            let c = the_cup(&store, &chat).await;
            assert_eq!((c.status, c.round), (CupStatus::Finished, rounds), "{db} {game}");
            assert!(
                c.games
                    .iter()
                    .filter(|g| g.table.is_some())
                    .all(|g| g.result.is_some() || g.table_status == Some(TableStatus::Cancelled)),
                "{db} {game}: {:?}",
                c.games
            );
            // Issue 61 item 13: the final standings message itself (not any round's text)
            // has every player's final line, in the rebuilt order.
            let mut at = 0;
            for (name, points) in rebuilt(&c) {
                let unit = if points == 1 { "point" } else { "points" };
                let line = format!("{name}: {points} {unit}");
                let found = last[at..].find(&line).map(|f| at + f);
                assert!(found.is_some(), "{db} {game}: {line} not after {at} in {last}");
                at = found.unwrap_or(at);
            }
            // Issue 61 item 5: the cup's export, forfeits, byes and a restart and all, passes
            // `dicetable verify`'s structural checks (every round re-derived from the ones
            // before it).
            let export = say(&service(), &ctx(&chat, "P0"), "/cup export").await;
            let file = export.iter().find_map(View::file).expect("a file");
            let path = std::env::temp_dir().join(format!("{}-{db}-{game}.json", file.name));
            std::fs::write(&path, &file.bytes).unwrap();
            let out = verified(&path);
            let said = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(out.status.success(), "{db} {game}: {said}");
            let _ = std::fs::remove_file(&path);
            if game == "nardy" {
                let mut pairs = std::collections::BTreeSet::new();
                for g in c.games.iter().filter(|g| g.table.is_some()) {
                    let mut players = g.players.clone();
                    players.sort_unstable();
                    assert!(pairs.insert(players.clone()), "{db}: {players:?} met twice");
                }
                assert_eq!(pairs.len(), 8 * 5, "{db}: 16 players, 8 games a round");
            }
        }
    }
}

/// A chat that keeps what the show protocol puts in it: each message's text, and every put
/// (the message it was to edit, the message that shows it, whether it was the standings).
#[derive(Default)]
struct Screen {
    messages: Mutex<BTreeMap<u64, String>>,
    puts: Mutex<Vec<(Option<u64>, u64, bool)>>,
}

impl Surface for &Screen {
    async fn put(
        &self,
        view: &View,
        to: Option<&MessageRef>,
        _buttons: bool,
    ) -> Option<MessageRef> {
        tokio::task::yield_now().await;
        let to = to.and_then(|t| u64::try_from(t.posted.first()?.message).ok());
        let id = {
            let mut messages = self.messages.lock().unwrap();
            let edited = to.filter(|t| messages.contains_key(t));
            let id = edited.unwrap_or_else(|| messages.keys().next_back().map_or(1, |k| k + 1));
            messages.insert(id, view.text.replace(['\u{2068}', '\u{2069}'], ""));
            id
        };
        let standings = matches!(view.kind, Kind::Standings(_));
        self.puts.lock().unwrap().push((to, id, standings));
        Some(common::message(i64::try_from(id).ok()?))
    }

    async fn strip(&self, _message: Posted) {}
}

impl Screen {
    /// The standings' puts so far.
    fn standings(&self) -> Vec<(Option<u64>, u64)> {
        let puts = self.puts.lock().unwrap();
        puts.iter().filter(|p| p.2).map(|p| (p.0, p.1)).collect()
    }

    fn text(&self, id: u64) -> String {
        self.messages.lock().unwrap()[&id].clone()
    }
}

async fn show_all(service: &Service, screen: &Screen, views: &[View]) {
    for v in views {
        service.show(&screen, v).await;
    }
}

/// A chat that cannot edit a text message into a picture, as Telegram refuses to ("there is
/// no media in the message to edit"): such an edit is a new message. Each message's text and
/// whether it has a picture and live buttons.
#[derive(Default)]
struct TextStaysText {
    messages: Mutex<BTreeMap<u64, (String, bool, bool)>>,
}

impl Surface for &TextStaysText {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        let to = to.and_then(|t| u64::try_from(t.posted.first()?.message).ok());
        let picture = view.image().is_some();
        let mut messages = self.messages.lock().unwrap();
        let edited = to.filter(|t| messages.get(t).is_some_and(|m| m.1 || !picture));
        let id = edited.unwrap_or_else(|| messages.keys().next_back().map_or(1, |k| k + 1));
        let text = view.text.replace(['\u{2068}', '\u{2069}'], "");
        messages.insert(id, (text, picture, buttons && !view.buttons().is_empty()));
        Some(common::message(i64::try_from(id).ok()?))
    }

    async fn strip(&self, message: Posted) {
        let mut messages = self.messages.lock().unwrap();
        if let Some(m) = u64::try_from(message.message).ok().and_then(|id| messages.get_mut(&id)) {
            m.2 = false;
        }
    }
}

/// Issue 61: where the sign-up's text cannot become the standings' picture (Telegram), the
/// standings are a new message and the sign-up no longer asks anyone to sign up: it says the
/// cup began, without its buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_up_that_cannot_become_the_standings_says_sign_up_is_closed() {
    for (db, url) in both_databases("cup", "closed").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat_ = TextStaysText::default();
        let chat = unique("closed");
        for (who, text) in [("Ana", "/cup nardy 2 rounds 10m"), ("Ben", "/cup join")] {
            for v in say(&service, &ctx(&chat, who), text).await {
                service.show(&&chat_, &v).await;
            }
        }
        let signup = chat_.messages.lock().unwrap()[&1].clone();
        assert!(signup.0.contains("Sign up with") && signup.2, "{db}: {signup:?}");
        for v in say(&service, &ctx(&chat, "Ana"), "/cup start").await {
            service.show(&&chat_, &v).await;
        }
        let messages = chat_.messages.lock().unwrap().clone();
        let (text, picture, buttons) = &messages[&1];
        assert!(!text.contains("Sign up with") && !buttons && !picture, "{db}: {text}");
        assert!(text.contains("sign-up is closed"), "{db}: {text}");
        let standings = messages.values().filter(|m| m.0.contains("cup standings, round 1 of 2"));
        assert_eq!(standings.count(), 1, "{db}: the standings in a new message: {messages:?}");
    }
}

/// Issue 49, item 4: the standings are one message, posted when the cup begins and edited
/// in place after every game, by whichever process ended it, two at once included; an older
/// standings view never replaces a newer one; at the end it shows the final standings while
/// the winner is announced in a new message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standings_are_one_message_edited_in_place_after_every_game() {
    for (db, url) in both_databases("cup", "live").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let a = Arc::new(Service::new(store.clone(), SECRET, clock.clone()));
        let b = Arc::new(Service::new(store.clone(), SECRET, clock.clone()));
        let screen = Screen::default();
        let chat = unique("live");
        say(&a, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 10m").await;
        for who in ["Ben", "Cy", "Dee"] {
            say(&a, &ctx(&chat, who), "/cup join").await;
        }
        let started = say(&a, &ctx(&chat, "Ana"), "/cup start").await;
        show_all(&a, &screen, &started).await;
        let first = screen.standings();
        assert_eq!(first.len(), 1, "{db}: {first:?}");
        let (None, live) = first[0] else { panic!("{db}: the first is a new message") };
        let text = screen.text(live);
        assert!(text.contains("cup standings, round 1 of 2"), "{db}: {text}");
        assert!(text.contains("Still playing: "), "{db}: {text}");
        let old = started.iter().find(|v| matches!(v.kind, Kind::Standings(_))).unwrap().clone();

        // Round 1's two games end in two processes, their views shown at once.
        let c = the_cup(&store, &chat).await;
        let tables: Vec<(TableId, usize)> =
            c.games.iter().filter_map(|g| Some((g.table?, *g.players.get(1)?))).collect();
        assert_eq!(tables.len(), 2, "{db}");
        let resign = |s: Arc<Service>, i: usize| {
            let (table, p) = tables[i];
            let name = c.players[p].name.clone();
            let chat = chat.clone();
            async move { say(&s, &ctx(&chat, &name), &format!("/resign {table}")).await }
        };
        let (va, vb) = tokio::join!(resign(a.clone(), 0), resign(b.clone(), 1));
        for views in [&va, &vb] {
            let standings = views.iter().filter(|v| matches!(v.kind, Kind::Standings(_))).count();
            assert_eq!(
                standings,
                1,
                "{db}: each game's end brings the standings: {}",
                texts(views)
            );
        }
        tokio::join!(show_all(&a, &screen, &va), show_all(&b, &screen, &vb));
        let text = screen.text(live);
        assert!(!text.contains("Still playing"), "{db}: both games are over: {text}");
        let c = the_cup(&store, &chat).await;
        for (name, points) in rebuilt(&c) {
            let unit = if points == 1 { "point" } else { "points" };
            assert!(
                text.contains(&format!("{name}: {points} {unit}")),
                "{db}: {name} {points}: {text}"
            );
        }
        // An older standings view is not shown over the newer one.
        let before = screen.puts.lock().unwrap().len();
        b.show(&&screen, &old).await;
        assert_eq!(screen.puts.lock().unwrap().len(), before, "{db}: an old view was shown");
        assert_eq!(screen.text(live), text, "{db}");

        // Round 2, paired by the timer; then the final standings.
        show_all(
            &a,
            &screen,
            &a.tick().await.unwrap().into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        )
        .await;
        assert!(screen.text(live).contains("round 2 of 2"), "{db}: {}", screen.text(live));
        let views = resign_round(&a, &store, &chat, &[]).await;
        show_all(&a, &screen, &views).await;
        let end: Vec<View> = a.tick().await.unwrap().into_iter().map(|(_, v)| v).collect();
        show_all(&a, &screen, &end).await;
        // The final standings say the standings once: their picture's words are its `alt`,
        // never added to the text again as a board's places are (issue 61: Telegram quoted them
        // before the same lines).
        let last = end.iter().find(|v| matches!(v.kind, Kind::Standings(_))).expect("standings");
        assert!(last.alt().is_some(), "{db}: the picture has its words");
        assert_eq!(last.places(), None, "{db}: nothing is added to the standings' text");
        // The winner's podium has its words too (issue 61: its `alt` was empty).
        let won = end.iter().find(|v| v.text.starts_with("🏆")).expect("the winner's post");
        assert!(won.image().is_some(), "{db}: the podium");
        let words = won.alt().unwrap_or_default().replace(['\u{2068}', '\u{2069}'], "");
        assert!(words.contains("1. ") && words.contains("points"), "{db}: {words:?}");
        let text = screen.text(live);
        assert!(text.contains("The Long Nardy cup is over. Final standings:"), "{db}: {text}");
        let standings = screen.standings();
        assert!(standings.len() >= 6, "{db}: a put for every game and round: {standings:?}");
        for (target, id) in &standings[1..] {
            assert_eq!((*target, *id), (Some(live), live), "{db}: {standings:?}");
        }
        let messages = screen.messages.lock().unwrap().clone();
        let winner = messages.values().filter(|t| t.contains("the Long Nardy cup!")).count();
        assert_eq!(winner, 1, "{db}: the winner in a message of its own");
        let (recorded, _) = store.shows().cup_message(c.id).await.unwrap().expect("recorded");
        assert_eq!(recorded.to_string(), live.to_string(), "{db}");
    }
}

/// Issue 49, item 1: sign-up closes at a start time: the cup begins by itself, or with fewer
/// than two players signed up it is cancelled; `/cup` names who cancelled a cup.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cup_begins_by_itself_at_its_start_time() {
    for (db, url) in both_databases("cup", "start").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique("start");
        let opened =
            texts(&say(&service, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 10m start=30m").await);
        assert!(opened.contains("the cup begins by itself in 30 minutes"), "{db}: {opened}");
        let bad = texts(
            &say(&service, &ctx(&unique("start-bad"), "Ana"), "/cup nardy start=25:00").await,
        );
        assert!(bad.contains("start=18:30"), "{db}: refused by name: {bad}");
        say(&service, &ctx(&chat, "Ben"), "/cup join").await;
        clock.advance(29 * 60_000);
        let early = ticked(&service.tick().await.unwrap(), &chat);
        assert!(!early.contains("round 1 of 2"), "{db}: not yet: {early}");
        let shown = texts(&say(&service, &ctx(&chat, "Cy"), "/cup").await);
        assert!(shown.contains("begins by itself in 1 minute"), "{db}: {shown}");
        clock.advance(2 * 60_000);
        let begun = ticked(&service.tick().await.unwrap(), &chat);
        assert!(begun.contains("Long Nardy cup, round 1 of 2: play"), "{db}: {begun}");
        let c = the_cup(&store, &chat).await;
        assert_eq!((c.status, c.players.len()), (CupStatus::Playing, 2), "{db}");
        let late = texts(&say(&service, &ctx(&chat, "Ana"), "/cup start").await);
        assert!(late.contains("already begun"), "{db}: {late}");

        // Alone at the start time: cancelled, and said so.
        let alone = unique("start-alone");
        say(&service, &ctx(&alone, "Ana"), "/cup snakes start=1h").await;
        clock.advance(61 * 60_000);
        let cancelled = ticked(&service.tick().await.unwrap(), &alone);
        assert!(cancelled.contains("fewer than two players"), "{db}: {cancelled}");
        assert_eq!(the_cup(&store, &alone).await.status, CupStatus::Cancelled, "{db}");
        let shown = texts(&say(&service, &ctx(&alone, "Ana"), "/cup").await);
        assert!(shown.contains("The Snakes & Ladders cup was cancelled."), "{db}: {shown}");

        // Cancelled by its host: `/cup` says by whom.
        let by = unique("start-by");
        say(&service, &ctx(&by, "Ana"), "/cup ludo").await;
        say(&service, &ctx(&by, "Ana"), "/cup cancel").await;
        let shown = texts(&say(&service, &ctx(&by, "Ben"), "/cup").await);
        assert!(shown.contains("The Ludo cup was cancelled by Ana."), "{db}: {shown}");
    }
}

/// A cup whose stored row no longer reads back is refused with its own translated message
/// (not the generic failure), and the timer goes on with the chat's other business.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_cup_is_refused_by_name() {
    for (db, url) in both_databases("cup", "damaged").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique("damaged");
        say(&service, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 10m").await;
        say(&service, &ctx(&chat, "Ben"), "/cup join").await;
        say(&service, &ctx(&chat, "Ana"), "/cup start").await;
        common::execute(&url, "update cups set format = 'not json'").await;
        for text in ["/cup", "/cup join", "/cup start"] {
            let views = say(&service, &ctx(&chat, "Cy"), text).await;
            assert_eq!(
                views[0].refusal(),
                Some("err-cup-damaged"),
                "{db} {text}: {}",
                texts(&views)
            );
            assert!(texts(&views).contains("can no longer be read"), "{db}");
        }
        clock.advance(WINDOW_MS + 1);
        assert!(service.tick().await.is_ok(), "{db}: the timer goes on");
        let other = unique("damaged-other");
        say(&service, &ctx(&other, "Ana"), "/snakes").await;
        let shown = texts(&say(&service, &ctx(&other, "Ana"), "/status").await);
        assert!(shown.contains("Snakes"), "{db}: {shown}");
    }
}

/// Ways a stored cup can disagree with itself, as SQL on cup `{id}` (`{inf}`: a rating that
/// is no number, in the database's words) after its first round was paired (Ana and Ben).
const CUP_DAMAGE: &[&str] = &[
    "update cups set options = 'not json' where id = {id}",
    "update cups set options = '[]' where id = {id}",
    "update cups set settings = 'not json' where id = {id}",
    "update cups set rounds = -4 where id = {id}",
    "update cups set round = 9 where id = {id}",
    "update cups set window_ms = -1 where id = {id}",
    "update cups set status = 'bogus' where id = {id}",
    "update cups set format = 'not json' where id = {id}",
    "delete from cup_players where cup_id = {id} and seq = 1",
    "update cup_players set rating = {inf} where cup_id = {id} and seq = 0",
    "update cup_players set excused = -1 where cup_id = {id} and seq = 0",
    "update cup_games set players = '[0, 0]' where cup_id = {id}",
    "update cup_games set players = '[0, 5]' where cup_id = {id}",
    // Issue 62: the rows the store reads typed (game, pairing, result) refuse as the rest.
    "update cups set game = 'chess' where id = {id}",
    "update cup_games set players = 'not json' where cup_id = {id}",
    "update cup_games set result = 'not json' where cup_id = {id}",
    "update cup_games set result = '[\"Sixth\", \"Forfeit\"]' where cup_id = {id}",
    "update cup_games set result = '[\"Forfeit\"]' where cup_id = {id}",
];

/// Every kind of damage to a cup's rows (issue 61: bad options or settings, negative rounds,
/// a deleted player, a rating that is no number, an unknown status, …) is refused with the
/// cup's own message on `/cup`, `/cup join` and `/cup start` alike, never shown with a
/// stand-in ("round 1 of -4", "?"); logged once; the timer goes on.
#[tokio::test(flavor = "current_thread")]
async fn every_kind_of_cup_damage_is_refused_by_name_and_logged_once() {
    let (logs, _guard) = common::Logs::capture();
    for (db, url) in both_databases("cup", "damage-kinds").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        for (k, damage) in CUP_DAMAGE.iter().enumerate() {
            let chat = unique(&format!("damage-{k}"));
            say(&service, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 10m").await;
            say(&service, &ctx(&chat, "Ben"), "/cup join").await;
            say(&service, &ctx(&chat, "Ana"), "/cup start").await;
            let id = the_cup(&store, &chat).await.id;
            let damaged = |id: dicetable::ids::CupId| {
                let text = logs.text();
                let cup = format!("cup={id} ");
                text.lines().filter(|l| l.contains("cup is damaged") && l.contains(&cup)).count()
            };
            let before = damaged(id);
            let inf = if db == "sqlite" { "9e999" } else { "'NaN'::float8" };
            let sql = damage.replace("{id}", &id.to_string()).replace("{inf}", inf);
            common::execute(&url, &sql).await;
            for text in ["/cup", "/cup join", "/cup start", "/cup"] {
                let views = say(&service, &ctx(&chat, "Cy"), text).await;
                let said = texts(&views);
                assert_eq!(
                    views[0].refusal(),
                    Some("err-cup-damaged"),
                    "{db} {sql} {text}: {said}"
                );
                assert!(!said.contains(" -4") && !said.contains('?'), "{db} {sql}: {said}");
            }
            clock.advance(WINDOW_MS + 1);
            assert!(service.tick().await.is_ok(), "{db} {sql}: the timer goes on");
            assert_eq!(damaged(id), before + 1, "{db} {sql}: logged once\n{}", logs.text());
        }
    }
}

/// The cup's own message is one from its sign-up to its end: the sign-up with its buttons,
/// updated as players sign up, then the standings (its buttons gone), or said cancelled;
/// an old button of a cancelled cup says so; a round's time in a unit the cup does not know
/// is refused as a round's time; a cup's game offers no rematch, and a window's close says
/// once why the player is out (found by a player's try of the playground, issue 49).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cups_own_message_follows_it_from_sign_up_to_its_end() {
    for (db, url) in both_databases("cup", "message").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let screen = Screen::default();
        let chat = unique("message");
        let bad = texts(&say(&service, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 5s").await);
        assert!(bad.contains("A round's time is 1 minute to 7 days"), "{db}: {bad}");
        let opened = say(&service, &ctx(&chat, "Ana"), "/cup nardy 2 rounds 10m").await;
        show_all(&service, &screen, &opened).await;
        let first = screen.standings();
        let (None, cup) = first[0] else { panic!("{db}: {first:?}") };
        assert!(!opened[0].buttons().is_empty(), "{db}: the sign-up's buttons");
        for who in ["Ben", "Cy"] {
            let joined = say(&service, &ctx(&chat, who), "/cup join").await;
            show_all(&service, &screen, &joined).await;
        }
        assert!(
            screen.text(cup).contains("Signed up (3): Ana, Ben, Cy"),
            "{db}: {}",
            screen.text(cup)
        );
        let started = say(&service, &ctx(&chat, "Ana"), "/cup start").await;
        show_all(&service, &screen, &started).await;
        let text = screen.text(cup);
        assert!(text.contains("cup standings, round 1 of 2"), "{db}: the same message: {text}");
        let live = started.iter().find(|v| matches!(v.kind, Kind::Standings(_))).unwrap();
        assert!(live.buttons().is_empty(), "{db}: no sign-up buttons once it began");
        assert_eq!(screen.standings().iter().filter(|(t, _)| t.is_none()).count(), 1, "{db}");

        // A game whose window closes: the player to move is out, said once; no rematch.
        clock.advance(WINDOW_MS + 1);
        let closed: Vec<View> = service.tick().await.unwrap().into_iter().map(|(_, v)| v).collect();
        let said = texts(&closed);
        assert!(said.contains("The round's time is up"), "{db}: {said}");
        assert!(!said.contains("missing too many turns"), "{db}: {said}");
        let labels: Vec<String> = closed
            .iter()
            .flat_map(|v| v.buttons().iter().flatten().map(|b| b.label.clone()))
            .collect();
        assert!(!labels.iter().any(|l| l.contains("Rematch")), "{db}: {labels:?}");

        // Cancelled: the message says so; its old button says so too.
        let cancelled = say(&service, &ctx(&chat, "Ana"), "/cup cancel").await;
        show_all(&service, &screen, &cancelled).await;
        assert!(
            screen.text(cup).contains("cup was cancelled by Ana"),
            "{db}: {}",
            screen.text(cup)
        );
        let join = opened[0].buttons()[0][0].token.clone();
        let pressed = texts(&service.handle(&ctx(&chat, "Dee"), Op::Press(join.clone())).await);
        assert!(pressed.contains("This cup was cancelled"), "{db}: {pressed}");
        // A player who signed up hears the same, not "already signed up" (issue 61).
        let pressed = texts(&service.handle(&ctx(&chat, "Ben"), Op::Press(join)).await);
        assert!(pressed.contains("This cup was cancelled"), "{db}: {pressed}");
        assert_eq!(screen.standings().iter().filter(|(t, _)| t.is_none()).count(), 1, "{db}");
    }
}
