//! Computer players at tables (issue 18), through the table service on both databases: seated
//! by option words and by the lobby's buttons, their turns played by the turn timer after the
//! pause as normal logged actions with the table's dice, games of one person and computers
//! played to the ranking, the log replaying to the stored state, and statistics.

mod common;
use common::{SECRET, board, button_of, ctx, say, unique};

use common::plain;
use dicetable::engine::{Action, Game, GameKind};
use dicetable::game::fair::Seed;
use dicetable::game::setup::new_game_by;
use dicetable::ids::TableId;
use dicetable::store::{Store, TableStatus};
use dicetable::table::token::Button as TokenButton;
use dicetable::table::{ManualClock, Op, Service, Slot, View};

const PAUSE_MS: i64 = 1500;

/// Whether a board shows a computer acting by itself: its turn, or the roll-off for the first
/// turn whose dice it throws.
fn computer_acts(text: &str) -> bool {
    let text = plain(text);
    text.contains("is playing") || text.contains("throws them")
}

/// Plays a started game in `chat` where Ana is the only person: she presses a button of each
/// board that calls her; every other turn is a computer's, played by the timer once the pause
/// is over (and not before). Returns the boards seen, the last one first.
async fn play_out(service: &Service, clock: &ManualClock, chat: &str, first: View) -> Vec<View> {
    let mut boards = vec![first];
    let mut pick = 7usize;
    for _ in 0..4000 {
        let b = boards.last().unwrap().clone();
        if b.buttons().is_empty() && b.mentions().is_empty() && !computer_acts(&b.text) {
            break; // Game over.
        }
        if computer_acts(&b.text) {
            assert!(b.buttons().is_empty(), "no buttons on a computer's turn: {}", b.text);
            assert!(b.mentions().is_empty(), "a computer is not called: {:?}", b.mentions());
            // Not before the pause.
            let early: Vec<_> = service.tick().await.unwrap();
            assert!(early.iter().all(|(c, _)| c != chat), "a computer waits for its pause");
            clock.advance(PAUSE_MS);
            let played: Vec<View> = service
                .play()
                .tick()
                .await
                .unwrap()
                .into_iter()
                .filter(|(c, _)| c == chat)
                .map(|(_, v)| v)
                .collect();
            let next = board(&played).unwrap_or_else(|| panic!("a board after a computer's turn"));
            boards.push(next.clone());
            continue;
        }
        assert_eq!(b.mentions(), vec![format!("{chat}/Ana")], "Ana is called: {}", b.text);
        let tokens: Vec<_> = b.buttons().iter().flatten().map(|x| x.token.clone()).collect();
        pick = pick.wrapping_mul(31).wrapping_add(17);
        let token = tokens[pick % tokens.len()].clone();
        let views = service.handle(&ctx(chat, "Ana"), Op::Press(token)).await;
        let next = board(&views).unwrap_or_else(|| panic!("a board after Ana's press: {views:?}"));
        boards.push(next.clone());
    }
    boards
}

/// The table's log replayed from its revealed seed ends in the stored state: every computer
/// move was a normal action with the table's dice.
async fn replays_to_the_stored_state(store: &Store, table: TableId) {
    let t = store.table(table).await.unwrap();
    let kind: GameKind = t.game.parse().unwrap();
    let options = dicetable::engine::Options::default_for(kind);
    let settings: serde_json::Value = serde_json::from_str(&t.settings).unwrap();
    let generator = serde_json::from_value(settings["boards"].clone()).unwrap();
    let seed = Seed::from_bytes(t.seed.clone().try_into().unwrap());
    let mut game: Game = new_game_by(generator, &options, t.seats.len(), &seed, 0).unwrap();
    let mut rolls = dicetable::game::fair::Roller::new(&seed, 0);
    for text in store.actions(table).await.unwrap() {
        let action: Action = serde_json::from_str(&text).unwrap();
        if let Action::Roll { dice } = &action {
            assert_eq!(*dice, rolls.roll_many(dice.len()), "every roll is the table's dice");
        }
        game.play(&action).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let stored: serde_json::Value = serde_json::from_str(t.state.as_deref().unwrap()).unwrap();
    assert_eq!(game.to_json(), stored, "the log replays to the stored state");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_computers_play_every_game_to_the_ranking() {
    for (db, store, service, clock) in common::services("cpu", "games", common::clock).await {
        for (game, words, computers) in [
            ("nardy", "bot hard", 1),
            ("nardy", "bot expert", 1),
            ("ludo", "bots=3 hard", 3),
            ("snakes", "bots=2 easy", 2),
        ] {
            let chat = unique(&format!("cpu-{game}-{db}"));
            let views = say(&service, &ctx(&chat, "Ana"), &format!("/{game} {words}")).await;
            let first = match board(&views) {
                // Nardy's two seats are full: the game begins at once.
                Some(b) => b.clone(),
                None => {
                    let lobby = &views[0];
                    let text = plain(&lobby.text);
                    assert!(text.contains("🤖 Computer 1 ("), "{db} {game}: {text}");
                    assert!(!text.contains(&format!("Computer {}", computers + 1)), "{text}");
                    let started = say(&service, &ctx(&chat, "Ana"), "/play").await;
                    board(&started).unwrap_or_else(|| panic!("{db} {game}: {started:?}")).clone()
                }
            };
            let (table, _) = first.shows().unwrap();
            let boards = play_out(&service, &clock, &chat, first).await;
            let last = plain(&boards.last().unwrap().text);
            assert!(last.contains("Game over") || last.contains("1. "), "{db} {game}: {last}");
            let t = store.table(table).await.unwrap();
            assert_eq!(t.status, TableStatus::Finished, "{db} {game}");
            assert_eq!(t.seats.len(), computers + 1);
            let computer_turns = boards.iter().filter(|b| computer_acts(&b.text));
            assert!(computer_turns.count() > 0, "{db} {game}: computers played");
            replays_to_the_stored_state(&store, table).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_buttons_seat_computers_for_the_host_only_and_refusals_are_precise() {
    for (db, store, service, _) in common::services("cpu", "lobby", common::clock).await {
        let chat = unique(&format!("cpu-lobby-{db}"));
        let lobby = say(&service, &ctx(&chat, "Ana"), "/ludo hard").await.remove(0);
        let add =
            button_of(&lobby, |b| b == TokenButton::AddComputer).expect("an Add computer button");
        assert!(
            button_of(&lobby, |b| b == TokenButton::RemoveComputer).is_none(),
            "none to remove"
        );
        let label = lobby.buttons().iter().flatten().find(|b| b.token == add).unwrap();
        // The label as it is sent: no invisible isolation marks (issue 33).
        assert!(label.label.contains("Add computer (hard)"), "{:?}", label.label);
        // Ben is not the host.
        say(&service, &ctx(&chat, "Ben"), "/join").await;
        let refused = service.handle(&ctx(&chat, "Ben"), Op::Press(add.clone())).await;
        assert!(refused[0].private_to().is_some(), "{db}: {refused:?}");
        assert_eq!(refused[0].refusal(), Some("err-host-only"));
        // The host's press is made on the lobby as it is now (Ben's join changed its version).
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(add)).await;
        let text = plain(&views[0].text);
        assert!(text.contains("🤖 Computer 1 (hard) joined"), "{db}: {text}");
        let remove = button_of(&views[0], |b| b == TokenButton::RemoveComputer).expect("Remove");
        let (table, _) = views[0].shows().unwrap();
        let seat = store.table(table).await.unwrap().seats[2].clone();
        assert_eq!(seat.user, "computer:hard:1");
        assert_eq!(seat.name, "🤖 Computer 1 (hard)", "{db}: a stored name carries no marks");
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(remove)).await;
        assert!(plain(&views[0].text).contains("Computer 1 (hard) left"), "{db}");
        assert_eq!(store.table(table).await.unwrap().seats.len(), 2);
        // Too many computers: refused, saying how many fit.
        let refused = say(&service, &ctx(&chat, "Ana"), "/options bots=9").await;
        assert_eq!(refused[0].refusal(), Some("err-bots"), "{db}: {:?}", refused[0].text);
        assert!(plain(&refused[0].text).contains("room for 6 computers"), "{}", refused[0].text);
        // Not a number: the option is named and what it takes (issue 33), not "not an option".
        let refused = say(&service, &ctx(&chat, "Ana"), "/options bots=many").await;
        assert_eq!(refused[0].refusal(), Some("err-option-value"), "{db}");
        let text = plain(&refused[0].text);
        assert!(text.contains("a number from 0 to 99, not \"many\""), "{text}");
        // A forged Add on someone else's table is refused as forged before anything.
        let forged = service.handle(&ctx(&chat, "Ana"), Op::Press("1.1.1.a.00".into())).await;
        assert_eq!(forged[0].refusal(), Some("err-forged"), "{db}");
    }
}

/// The host's Add and Remove computer pressed many times at once (a double tap, a laggy client,
/// two bot processes) on both databases: every press acts on the lobby as it is then (a press
/// that lost the race to store is applied again to the lobby as it now is), so each one that
/// fits seats or unseats exactly one computer, numbered without repeats; the rest are refused
/// precisely; the press that fills the table starts it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn add_and_remove_computer_pressed_at_once_seat_and_unseat_exactly() {
    for (db, store, service, _) in common::services("cpu", "presses", common::clock).await {
        let chat = unique(&format!("cpu-presses-{db}"));
        let lobby = say(&service, &ctx(&chat, "Ana"), "/ludo").await.remove(0);
        let (table, _) = lobby.shows().unwrap();
        let add = button_of(&lobby, |b| b == TokenButton::AddComputer).unwrap();
        let at_once = |token: String, times: usize| {
            let chat = chat.clone();
            let presses = (0..times).map(move |_| (ctx(&chat, "Ana"), Op::Press(token.clone())));
            common::at_once(&service, presses)
        };
        let refusals = |answers: &[Vec<View>]| -> Vec<&'static str> {
            answers.iter().filter_map(|v| v[0].refusal()).collect()
        };
        // Five at once: five computers.
        let answers = at_once(add.clone(), 5).await;
        assert!(refusals(&answers).is_empty(), "{db}: {:?}", refusals(&answers));
        let seats = store.table(table).await.unwrap().seats;
        let users: Vec<&str> = seats.iter().map(|s| s.user.as_str()).collect();
        assert_eq!(
            users[1..],
            (1..=5).map(|k| format!("computer:normal:{k}")).collect::<Vec<_>>(),
            "{db}"
        );
        // Seven removals at once: five leave, two are told there is none.
        let remove = answers
            .iter()
            .find_map(|v| button_of(&v[0], |b| b == TokenButton::RemoveComputer))
            .unwrap();
        let answers = at_once(remove, 7).await;
        assert_eq!(refusals(&answers), ["err-no-computer"; 2], "{db}");
        assert_eq!(store.table(table).await.unwrap().seats.len(), 1, "{db}");
        // Nine adds at once on an eight-seat table: seven sit, the seventh starts the game,
        // the other two are refused (full, or already started).
        let answers = at_once(add, 9).await;
        let refused = refusals(&answers);
        assert_eq!(refused.len(), 2, "{db}: {refused:?}");
        assert!(
            refused.iter().all(|r| ["err-table-full", "err-started"].contains(r)),
            "{refused:?}"
        );
        let started = answers.iter().filter(|v| board(v).is_some()).count();
        assert_eq!(started, 1, "{db}: the game starts once");
        let row = store.table(table).await.unwrap();
        assert_eq!(row.status, TableStatus::Playing, "{db}");
        let mut numbers: Vec<String> = row.seats[1..].iter().map(|s| s.user.to_string()).collect();
        numbers.sort();
        numbers.dedup();
        assert_eq!(numbers.len(), 7, "{db}: seven different computers");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_are_off_the_top_and_stats_count_games_against_them_by_level() {
    for (db, _store, service, clock) in common::services("cpu", "stats", common::clock).await {
        let chat = unique(&format!("cpu-stats-{db}"));
        let views = say(&service, &ctx(&chat, "Ana"), "/nardy bot easy").await;
        let first = board(&views).expect("the game begins").clone();
        play_out(&service, &clock, &chat, first).await;
        // Issue 33: the record's names are data, without invisible bidi marks.
        let exported = say(&service, &ctx(&chat, "Ana"), "/export").await;
        let file = exported[0].file().cloned().unwrap_or_else(|| panic!("{db}: {exported:?}"));
        let record: serde_json::Value = serde_json::from_slice(&file.bytes).unwrap();
        assert_eq!(record["players"], serde_json::json!(["Ana", "🤖 Computer 1 (easy)"]), "{db}");
        // Issue 37: a rated game against a computer puts the person on the season's ladder
        // (the computer's rating is fixed, and it is never on a ladder).
        let top = plain(&say(&service, &ctx(&chat, "Ana"), "/top").await[0].text);
        assert!(top.contains("Long Nardy") && top.contains("1. Ana: "), "{db}: {top}");
        assert!(!top.contains("Computer"), "{db}: computers are not on /top: {top}");
        // Snakes is not rated: its wins count only games between people.
        say(&service, &ctx(&chat, "Ana"), "/snakes quick bot").await;
        say(&service, &ctx(&chat, "Ben"), "/join").await;
        let started = say(&service, &ctx(&chat, "Ana"), "/play").await;
        let mut b = board(&started).unwrap().clone();
        for _ in 0..3000 {
            let text = plain(&b.text);
            let views = if computer_acts(&text) {
                clock.advance(PAUSE_MS);
                let played = service.tick().await.unwrap();
                played.into_iter().filter(|(c, _)| *c == chat).map(|(_, v)| v).collect()
            } else if let Some(token) = b.buttons().iter().flatten().next() {
                let who =
                    b.mentions().first().map_or("Ana", |m| m.as_str().rsplit('/').next().unwrap());
                service.handle(&ctx(&chat, who), Op::Press(token.token.clone())).await
            } else {
                break;
            };
            b = board(&views).unwrap_or(&b).clone();
        }
        let top = plain(&say(&service, &ctx(&chat, "Ana"), "/top").await[0].text);
        assert!(top.contains("pure chance"), "{db}: {top}");
        assert!(top.contains("Ana") && top.contains("Ben"), "{db}: {top}");
        assert!(top.contains("in 1 games") || top.contains("in 1 game"), "{db}: {top}");
        let stats = plain(&say(&service, &ctx(&chat, "Ana"), "/stats").await[0].text);
        assert!(stats.contains("Long Nardy: against computers (easy): 1 played"), "{db}: {stats}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_last_person_leaves_the_computers_stop_and_a_restart_keeps_their_turn() {
    for (db, store, service, clock) in common::services("cpu", "leave", common::clock).await {
        // Ana and two computers; she resigns: the computers do not play on.
        let chat = unique(&format!("cpu-leave-{db}"));
        say(&service, &ctx(&chat, "Ana"), "/ludo bots=2").await;
        let started = say(&service, &ctx(&chat, "Ana"), "/play").await;
        let (table, _) = board(&started).unwrap().shows().unwrap();
        let views = say(&service, &ctx(&chat, "Ana"), "/resign").await;
        let text: String = views.iter().map(|v| plain(&v.text) + "\n").collect();
        assert!(text.contains("cancelled"), "{db}: {text}");
        assert_eq!(store.table(table).await.unwrap().status, TableStatus::Cancelled, "{db}");
        clock.advance(PAUSE_MS);
        let after: Vec<_> = service.tick().await.unwrap();
        assert!(after.iter().all(|(c, _)| *c != chat), "{db}: nothing more is played");
        // A computer's turn survives a restart: another service plays it when due.
        let chat = unique(&format!("cpu-restart-{db}"));
        let views = say(&service, &ctx(&chat, "Ana"), "/nardy bot").await;
        let mut b = board(&views).unwrap().clone();
        // Play until it is the computer's turn.
        // (The first board may be the roll-off, whose dice the computer throws: issue 46,
        // item 14 has it say so rather than "is playing".)
        for _ in 0..50 {
            if computer_acts(&b.text) {
                break;
            }
            let token = b.buttons()[0][0].token.clone();
            b = board(&service.handle(&ctx(&chat, "Ana"), Op::Press(token)).await).unwrap().clone();
        }
        assert!(computer_acts(&b.text), "{db}: {}", b.text);
        if plain(&b.text).contains("throws them") {
            assert!(!plain(&b.text).contains("is playing"), "{db}: {}", b.text);
        }
        let restarted = Service::new(store.clone(), SECRET, clock.clone());
        clock.advance(PAUSE_MS);
        let played = restarted.tick().await.unwrap();
        assert!(played.iter().any(|(c, v)| *c == chat && v.shows().is_some()), "{db}: played");
    }
}

/// Issue 33: a table cancelled when its last person leaves says so, and not whose turn it
/// would have been ("Computer 1 (normal)'s turn. This table was cancelled.").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_table_says_nobodys_turn() {
    for (db, _store, service, clock) in common::services("cpu", "cancelled", common::clock).await {
        let chat = unique(&format!("cpu-cancelled-{db}"));
        say(&service, &ctx(&chat, "Ana"), "/ludo bots=2").await;
        let mut b = board(&say(&service, &ctx(&chat, "Ana"), "/play").await).unwrap().clone();
        // Play until Ana is to roll in a turn of her own (after the roll-off).
        for _ in 0..200 {
            let text = plain(&b.text);
            if text.contains("Ana, roll the dice") {
                break;
            }
            let views = if computer_acts(&text) {
                clock.advance(PAUSE_MS);
                let played = service.tick().await.unwrap();
                played.into_iter().filter(|(c, _)| *c == chat).map(|(_, v)| v).collect()
            } else {
                let token = b.buttons()[0][0].token.clone();
                service.handle(&ctx(&chat, "Ana"), Op::Press(token)).await
            };
            b = board(&views).unwrap_or(&b).clone();
        }
        assert!(plain(&b.text).contains("Ana, roll the dice"), "{db}: {}", b.text);
        let views = say(&service, &ctx(&chat, "Ana"), "/resign").await;
        let text: String = views.iter().map(|v| plain(&v.text) + "\n").collect();
        assert!(text.contains("This table was cancelled"), "{db}: {text}");
        assert!(!text.contains("'s turn"), "{db}: a cancelled table is nobody's turn: {text}");
    }
}

/// Issue 33: a table whose free seats the opening words fill with computers starts at once,
/// in every game (`/nardy bot`, `/snakes bots=5`, `/ludo bots=7`, `bots` alone), with no
/// Start to press; one that leaves seats free for people (`/ludo bots=3`: Ludo seats 8, L1)
/// stays a lobby that people can join.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_that_fill_every_free_seat_start_the_game_at_once() {
    for (db, store, service, _) in common::services("cpu", "fill", common::clock).await {
        for (game, words, seats) in [
            ("nardy", "bot", 2),
            ("snakes", "bots=5", 6),
            ("snakes", "bots hard", 6),
            ("ludo", "bots=7", 8),
            ("ludo", "bots", 8),
        ] {
            let chat = unique(&format!("cpu-fill-{game}-{db}"));
            let views = say(&service, &ctx(&chat, "Ana"), &format!("/{game} {words}")).await;
            let b = board(&views).unwrap_or_else(|| panic!("{db} /{game} {words}: {views:?}"));
            assert!(button_of(b, |b| b == TokenButton::Start).is_none(), "{db} /{game} {words}");
            let (table, _) = b.shows().unwrap();
            let row = store.table(table).await.unwrap();
            assert_eq!(row.status, TableStatus::Playing, "{db} /{game} {words}");
            assert_eq!(row.seats.len(), seats, "{db} /{game} {words}");
        }
        let chat = unique(&format!("cpu-fill-free-{db}"));
        let lobby = say(&service, &ctx(&chat, "Ana"), "/ludo bots=3").await.remove(0);
        assert_eq!(lobby.shows().map(|s| s.1), Some(Slot::Lobby), "{db}");
        assert!(button_of(&lobby, |b| b == TokenButton::Join).is_some(), "{db}: people may join");
    }
}
