//! The table service end to end, on real SQLite (a temporary file) and real Postgres
//! (`TEST_DATABASE_URL`, which `.ci/run` creates): full games of every kind driven by button
//! presses as players would, replay against the stored state, races, timers, restarts, and
//! forged buttons.

mod common;
use common::{LONG, SECRET, admin, board, button_of, clock, ctx, scenario, sqlite_url, unique};

use common::plain;
use dicetable::engine::snakes::{BoardGenerator, Layout};
use dicetable::engine::{Action, Game, GameKind};
use dicetable::game::fair::Seed;
use dicetable::game::setup::new_game_by;
use dicetable::ids::TableId;
use dicetable::store::{Change, SeatRecord, Store, TableStatus};
use dicetable::table::token::{Button as TokenButton, Subject, Token, TokenKey};
use dicetable::table::{BoardMode, Op, Service, Slot, View};

/// The table `delta` numbers after `subject`'s.
fn other_table(subject: Subject, delta: u64) -> Subject {
    let Subject::Table(t) = subject else { panic!("a table's token") };
    Subject::Table(dicetable::ids::TableId::new(t.get() + delta as i64))
}

fn key() -> TokenKey {
    TokenKey::new(SECRET)
}

/// The name of the player a board mentions (whose turn it is), or Ana when it mentions nobody.
fn mover(board: &View) -> String {
    board
        .mentions()
        .first()
        .map_or("Ana".to_owned(), |m| m.as_str().rsplit('/').next().unwrap().to_owned())
}

fn public(views: &[View]) -> Vec<&View> {
    views.iter().filter(|v| v.private_to().is_none()).collect()
}

/// A small deterministic generator for choosing among buttons.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Opens a lobby, seats `players`, starts, and plays by pressing buttons until the game ends.
/// Returns the table id and the final views.
async fn play_full_game(
    service: &Service,
    chat: &str,
    game: GameKind,
    words: &[&str],
    players: &[&str],
    rng: &mut Lcg,
) -> (TableId, Vec<View>) {
    let host = ctx(chat, players[0]);
    let words = words.iter().map(|w| w.to_string()).collect();
    let views = service.handle(&host, Op::Create { game, words }).await;
    let lobby = &views[0];
    assert!(lobby.private_to().is_none(), "{}", lobby.text);
    let (table, slot) = lobby.shows().unwrap();
    assert_eq!(slot, Slot::Lobby);
    let join = button_of(lobby, |b| b == TokenButton::Join).expect("a Join button");
    let mut views = Vec::new();
    for p in &players[1..] {
        views = service.handle(&ctx(chat, p), Op::Press(join.clone())).await;
        assert!(views.iter().all(|v| v.private_to().is_none()), "{}", views[0].text);
    }
    if board(&views).is_none() {
        let start = button_of(lobby, |b| b == TokenButton::Start).unwrap();
        views = service.handle(&host, Op::Press(start)).await;
    }
    let mut presses = 0;
    loop {
        let b = board(&views).unwrap_or_else(|| panic!("no board in {views:?}")).clone();
        let choices: Vec<&str> = b.buttons().iter().flatten().map(|x| x.token.as_str()).collect();
        if choices.is_empty() {
            return (table, views);
        }
        // The player to move is mentioned; in a roll-off anyone seated throws.
        let who =
            b.mentions().first().map(ToString::to_string).unwrap_or_else(|| host.user.to_string());
        let name = who.as_str().rsplit('/').next().unwrap().to_owned();
        let token = choices[rng.below(choices.len())].to_owned();
        views = service.handle(&ctx(chat, &name), Op::Press(token)).await;
        assert!(
            views.iter().all(|v| v.private_to().is_none()),
            "refused: {:?}",
            views.iter().map(|v| &v.text).collect::<Vec<_>>()
        );
        let shown = board(&views).unwrap();
        assert!(shown.image().is_some_and(|png| png.starts_with(b"\x89PNG")));
        presses += 1;
        assert!(presses < 5000, "the game does not end");
    }
}

/// Replays the stored log from the seed and compares with the stored snapshot (C2).
async fn assert_replay_matches(store: &Store, table: TableId) {
    let row = store.table(table).await.unwrap();
    let kind: GameKind = row.game.parse().unwrap();
    let options_json: serde_json::Value = serde_json::from_str(&row.options).unwrap();
    let options = dicetable::engine::Options::parse(
        kind,
        options_json.as_object().unwrap().iter().map(|(k, v)| (k.as_str(), v)),
    )
    .unwrap();
    let seed = Seed::from_bytes(row.seed.clone().try_into().unwrap());
    let settings: serde_json::Value = serde_json::from_str(&row.settings).unwrap();
    // A table keeps the board generator it was created with (S2); older tables name none.
    let generator = match settings.get("boards").and_then(|b| b.as_str()) {
        Some("readable") => BoardGenerator::Readable,
        _ => BoardGenerator::Original,
    };
    let mut game = new_game_by(generator, &options, row.seats.len(), &seed, 0).unwrap();
    let mut dice_used = 0;
    for text in store.actions(table).await.unwrap() {
        let action: Action = serde_json::from_str(&text).unwrap();
        if let Action::Roll { dice } = &action {
            // Every roll is the table's next dice from its seed (C2).
            let expected: Vec<u8> =
                (0..dice.len() as u64).map(|k| seed.die(dice_used + k)).collect();
            assert_eq!(dice, &expected, "roll {dice_used} is not the seed's");
            dice_used += dice.len() as u64;
        }
        game.play(&action).unwrap();
    }
    let stored: serde_json::Value = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    assert_eq!(game.to_json(), stored);
    assert_eq!(Game::from_json(kind, &stored).unwrap(), game);
    assert_eq!(row.next_roll as u64, dice_used);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_games_of_every_kind_end_with_a_ranking_and_replay_exactly() {
    for (db, store, _) in common::stores("table", "full").await {
        let service = Service::new(store.clone(), SECRET, clock()).with_replay_wait(LONG);
        let mut rng = Lcg(7);
        let cases: [(GameKind, &[&str], &[&str]); 4] = [
            (GameKind::Snakes, &["quick"], &["Ana", "Ben", "Cyrus"]),
            (GameKind::Ludo, &["capture"], &["Ana", "Ben"]),
            (GameKind::Ludo, &["5m"], &["Ana", "Ben", "Cyrus"]),
            (GameKind::Nardy, &[], &["Ana", "Ben"]),
        ];
        for (game, words, players) in cases {
            let chat = unique(&format!("full-{db}-{game}"));
            let (table, views) =
                play_full_game(&service, &chat, game, words, players, &mut rng).await;
            let text: Vec<String> = public(&views).iter().map(|v| plain(&v.text)).collect();
            let all = text.join("\n");
            assert!(all.contains("Game over."), "{db} {game}: {all}");
            assert!(all.contains("1. "), "{all}");
            // The seed is revealed, with the command that checks it (C3).
            // The command is copied as it is: no isolation marks around it.
            let raw: Vec<&str> = public(&views).iter().map(|v| v.text.as_str()).collect();
            let raw = raw.join("\n");
            assert!(raw.contains("\ndicetable verify \\\n  --seed "), "{all}");
            // Pasted into a shell as shown, it checks the game.
            let command = &raw[raw.rfind("dicetable verify").unwrap()..];
            let command = command.replacen("dicetable", env!("CARGO_BIN_EXE_dicetable"), 1);
            let out = std::process::Command::new("sh").args(["-c", &command]).output().unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && said.contains("commitment matches"),
                "{command}: {said}"
            );
            // One flag a line: a chat client never wraps in the middle of a flag.
            for flag in ["--seed ", "--commitment ", "--rolls "] {
                assert!(all.lines().any(|l| l.trim_start().starts_with(flag)), "{flag}: {all}");
            }
            let row = store.table(table).await.unwrap();
            assert_eq!(row.status, TableStatus::Finished);
            assert!(row.seats.iter().all(|s| s.rank.is_some()));
            assert_replay_matches(&store, table).await;
            // The results feed the chat's leaderboard.
            let top = service.handle(&ctx(&chat, "Ana"), Op::Top).await;
            assert!(plain(&top[0].text).contains("Ana"), "{}", top[0].text);
            let history = service.handle(&ctx(&chat, "Ana"), Op::History(None)).await;
            assert!(history[0].text.lines().count() > 3, "{}", history[0].text);
        }
    }
}

/// Issue 20 in the table layer, on both databases: a finished game's Replay and Game record
/// buttons (under the final board) and `/replay`, `/export` give a GIF and a record that checks
/// out; pressed at once by everyone, every press gets the same animation. A running game, a
/// table cancelled in its lobby, another chat's table and a table that does not exist are
/// refused with their own message, and nothing is drawn for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_are_replayed_and_exported_and_nothing_else_is() {
    use dicetable::game::replay::Record;
    use dicetable::table::{FileKind, Pick};
    for (db, store, _) in common::stores("table", "replays").await {
        let service = Service::new(store.clone(), SECRET, clock()).with_replay_wait(LONG);
        let chat = unique(&format!("replays-{db}"));
        let ana = ctx(&chat, "Ana");
        let say =
            |views: &[View]| views.iter().map(|v| plain(&v.text)).collect::<Vec<_>>().join("\n");
        // Nothing has finished here yet.
        let none = service.handle(&ana, Op::Replay(Pick::Last)).await;
        assert!(say(&none).contains("No game has finished"), "{db}: {}", say(&none));
        let mut rng = Lcg(3);
        let (table, views) = play_full_game(
            &service,
            &chat,
            GameKind::Ludo,
            &["capture"],
            &["Ana", "Ben"],
            &mut rng,
        )
        .await;
        let reveal = views.iter().find(|v| v.text.contains("dicetable verify")).unwrap();
        let replay = button_of(reveal, |b| b == TokenButton::Replay).expect("a Replay button");
        let export = button_of(reveal, |b| b == TokenButton::Export).expect("a record button");
        assert!(board(&views).unwrap().buttons().is_empty(), "{db}: the final board has none");
        // Everyone presses Replay at once: the chat gets the game once (issue 33: a double tap
        // posted it twice); the other presses post nothing.
        let presses =
            ["Ana", "Ben", "Cyrus", "Dana"].map(|who| (ctx(&chat, who), Op::Press(replay.clone())));
        let mut gifs = Vec::new();
        for views in common::at_once(&service, presses).await {
            let Some(view) = views.first() else { continue };
            let file = view.file().cloned().unwrap_or_else(|| panic!("{db}: {}", view.text));
            assert_eq!(
                (file.kind, file.name.as_str()),
                (FileKind::Animation, &*format!("dicetable-{table}.gif"))
            );
            assert!(file.bytes.starts_with(b"GIF89a"), "{db}");
            gifs.push(file.bytes);
        }
        assert_eq!(gifs.len(), 1, "{db}: presses at once post the replay once");
        // Issue 32: four presses at once wait for one drawing, not four.
        assert_eq!(service.replays().replays_drawn(), 1, "{db}: presses at once share one drawing");
        let by_command = service.handle(&ana, Op::Replay(Pick::Table(table))).await;
        assert_eq!(by_command[0].file().unwrap().bytes, gifs[0], "{db}");
        assert_eq!(service.replays().replays_drawn(), 1, "{db}: a kept replay is not drawn again");
        let exported = service.handle(&ana, Op::Press(export)).await;
        let file = exported[0].file().cloned().unwrap();
        assert_eq!(file.kind, FileKind::Json);
        assert!(
            exported[0].text.contains(&format!("dicetable verify --record dicetable-{table}.json"))
        );
        let record: Record = serde_json::from_slice(&file.bytes).unwrap();
        assert_eq!(record.table, Some(table.get()));
        assert_eq!(record.players, ["Ana", "Ben"]);
        assert!(record.verify().unwrap().finished, "{db}");
        common::check_replay(&gifs[0], &file.bytes);
        let last = service.handle(&ana, Op::Export(Pick::Game(GameKind::Ludo))).await;
        assert_eq!(last[0].file().unwrap().bytes, file.bytes, "{db}: the chat's last");

        // A running game: neither, by any way of naming it.
        let words = vec!["quick".to_owned()];
        service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
        service.handle(&ctx(&chat, "Ben"), Op::Join(None)).await;
        let running = service.handle(&ana, Op::Start(None)).await;
        let running_id = board(&running).unwrap().shows().unwrap().0;
        for op in [Op::Replay(Pick::Table(running_id)), Op::Export(Pick::Table(running_id))] {
            let views = service.handle(&ana, op).await;
            assert!(say(&views).contains("still running"), "{db}: {}", say(&views));
            assert!(views[0].file().is_none() && views[0].private_to().is_some());
        }
        let early =
            Token { subject: Subject::Table(running_id), version: 1, button: TokenButton::Replay };
        let views = service.handle(&ana, Op::Press(early.encode(&key()))).await;
        assert!(say(&views).contains("still running"), "{db}: {}", say(&views));
        // The chat's last finished game is still the Ludo one, also after more lobbies were
        // cancelled before their first move than any fixed look-back would pass.
        for game in [GameKind::Ludo].into_iter().chain([GameKind::Nardy; 10]) {
            service.handle(&ana, Op::Create { game, words: vec![] }).await;
            let views = service.handle(&ana, Op::Cancel(Some(game))).await;
            assert!(views[0].shows().is_some(), "{db}: {}", say(&views));
        }
        let last = service.handle(&ana, Op::Replay(Pick::Last)).await;
        assert_eq!(last[0].file().unwrap().bytes, gifs[0], "{db}");
        // So are the Ludo game's moves and fair-dice proof.
        let history = service.handle(&ana, Op::History(Some(GameKind::Ludo))).await;
        assert!(history[0].text.lines().count() > 3, "{db}: {}", history[0].text);
        let fair = service.handle(&ana, Op::Fair(Some(GameKind::Ludo))).await;
        let commitment = store.table(table).await.unwrap().commitment;
        assert!(fair[0].text.contains(&format!("--commitment {commitment}")), "{db}");

        // Another chat: the table is not theirs to see, unless they played at it.
        let elsewhere = unique(&format!("replays-other-{db}"));
        let views = service.handle(&ctx(&elsewhere, "Eve"), Op::Replay(Pick::Table(table))).await;
        assert!(say(&views).contains(&format!("no table {table}")), "{db}: {}", say(&views));
        // Ben, in his own chat with the bot.
        let ben_elsewhere =
            dicetable::table::Ctx { chat: elsewhere.as_str().into(), ..ctx(&chat, "Ben") };
        let views = service.handle(&ben_elsewhere, Op::Export(Pick::Table(table))).await;
        assert!(views[0].file().is_some(), "{db}: a player may fetch their game anywhere");
        let views = service.handle(&ctx(&elsewhere, "Eve"), Op::Press(replay.clone())).await;
        assert!(views[0].file().is_none() && views[0].private_to().is_some(), "{db}");
        let views = service.handle(&ana, Op::Replay(Pick::Table(TableId::new(987_654)))).await;
        assert!(say(&views).contains("no table 987654"), "{db}: {}", say(&views));

        // A table cancelled in its lobby has nothing to replay.
        let quiet = unique(&format!("replays-cancelled-{db}"));
        let host = ctx(&quiet, "Ana");
        let lobby =
            service.handle(&host, Op::Create { game: GameKind::Nardy, words: vec![] }).await;
        let cancelled = lobby[0].shows().unwrap().0;
        service.handle(&host, Op::Cancel(None)).await;
        let views = service.handle(&host, Op::Replay(Pick::Table(cancelled))).await;
        assert!(say(&views).contains("cancelled before its first move"), "{db}: {}", say(&views));
        let views = service.handle(&host, Op::Export(Pick::Last)).await;
        assert!(say(&views).contains("No game has finished"), "{db}: {}", say(&views));
    }
}

/// Issue 32: a replay is drawn on a lane of its own and never takes a board's drawing permit,
/// so boards of moves are drawn while a long replay is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_never_take_a_boards_drawing_permit() {
    use dicetable::table::Pick;
    for (db, store, _) in common::stores("table", "replay-lane").await {
        let service =
            Service::new(store.clone(), SECRET, clock()).with_draw_limit(1).with_replay_wait(LONG);
        let chat = unique(&format!("lane-{db}"));
        let mut rng = Lcg(5);
        let players = ["Ana", "Ben", "Cyrus", "Dana"];
        let (table, _) =
            play_full_game(&service, &chat, GameKind::Ludo, &[], &players, &mut rng).await;
        let replaying = {
            let (service, ana) = (service.clone(), ctx(&chat, "Ana"));
            tokio::spawn(async move { service.handle(&ana, Op::Replay(Pick::Table(table))).await })
        };
        let mut seen = 0;
        while !replaying.is_finished() {
            if service.replays().replays_pending() > 0 {
                seen += 1;
                assert_eq!(
                    service.replays().board_permits_free(),
                    1,
                    "{db}: the board's permit is free"
                );
            }
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        assert!(seen > 0, "{db}: the replay was seen being drawn");
        let views = replaying.await.unwrap();
        assert!(views[0].file().is_some(), "{db}: {}", views[0].text);
        assert_eq!(service.replays().replays_pending(), 0, "{db}");
    }
}

/// Issue 46, item 3: a replay that takes longer than the wait is announced to the chat at once
/// (publicly, in the table's words), and the GIF follows to that chat by `Replays::later`; a
/// press meanwhile posts nothing more, and the replay, once kept, is the answer at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_that_takes_long_is_announced_at_once_and_follows() {
    use dicetable::table::{FileKind, Pick};
    use std::time::Duration;
    for (db, store, _) in common::stores("table", "replay-later").await {
        // Every drawing takes "long": the answer never waits for it.
        let service = Service::new(store.clone(), SECRET, clock()).with_replay_wait(Duration::ZERO);
        let chat = unique(&format!("later-{db}"));
        let mut rng = Lcg(9);
        let players = ["Ana", "Ben"];
        let (table, views) =
            play_full_game(&service, &chat, GameKind::Ludo, &[], &players, &mut rng).await;
        let reveal = views.iter().find(|v| v.text.contains("dicetable verify")).unwrap();
        let replay = button_of(reveal, |b| b == TokenButton::Replay).expect("a Replay button");
        let presses = ["Ana", "Ben"].map(|who| (ctx(&chat, who), Op::Press(replay.clone())));
        let answers: Vec<View> =
            common::at_once(&service, presses).await.into_iter().flatten().collect();
        assert_eq!(answers.len(), 1, "{db}: one answer for two presses: {answers:?}");
        let told = &answers[0];
        assert!(told.file().is_none() && told.private_to().is_none(), "{db}: {told:?}");
        assert!(told.refusal().is_none(), "{db}: {told:?}");
        let text = plain(&told.text);
        assert!(
            text.starts_with("Drawing the replay of Ludo, table ")
                && text.contains(&table.to_string()),
            "{db}: {text}"
        );
        // Pressed again while it is drawn: nothing more.
        let again = service.handle(&ctx(&chat, "Ana"), Op::Press(replay.clone())).await;
        assert!(again.is_empty(), "{db}: {again:?}");
        let later = tokio::time::timeout(Duration::from_secs(120), service.replays().later())
            .await
            .unwrap_or_else(|_| panic!("{db}: the replay never followed"));
        assert_eq!(later.len(), 1, "{db}: {later:?}");
        let (to, view) = &later[0];
        assert_eq!(to, &chat, "{db}: to the chat that asked");
        let file = view.file().unwrap_or_else(|| panic!("{db}: {}", view.text));
        assert_eq!(
            (file.kind, file.name.as_str()),
            (FileKind::Animation, &*format!("dicetable-{table}.gif"))
        );
        assert!(file.bytes.starts_with(b"GIF89a"), "{db}");
        // Posted now: a double tap after it still posts nothing; `/replay` gets the kept one
        // at once, even with no wait at all.
        let tap = service.handle(&ctx(&chat, "Ben"), Op::Press(replay.clone())).await;
        assert!(tap.is_empty(), "{db}: {tap:?}");
        let kept = service.handle(&ctx(&chat, "Ana"), Op::Replay(Pick::Table(table))).await;
        assert_eq!(kept[0].file().map(|f| &f.bytes), Some(&file.bytes), "{db}: {kept:?}");
        assert_eq!(service.replays().replays_drawn(), 1, "{db}: drawn once");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_random_games_replay_to_the_stored_state() {
    let (_, store, _) = common::stores("table", "replays").await.remove(0);
    let service = Service::new(store.clone(), SECRET, clock());
    let mut rng = Lcg(99);
    for k in 0..6 {
        let game = GameKind::ALL[k % 3];
        let players: &[&str] = if game == GameKind::Nardy { &["A", "B"] } else { &["A", "B", "C"] };
        let chat = unique(&format!("replays-{k}"));
        let (table, _) = play_full_game(&service, &chat, game, &[], players, &mut rng).await;
        assert_replay_matches(&store, table).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_presses_of_one_button_apply_once() {
    for (db, store, _) in common::stores("table", "race").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("race-{db}"));
        let host = ctx(&chat, "Ana");
        let views =
            service.handle(&host, Op::Create { game: GameKind::Snakes, words: vec![] }).await;
        let (table, _) = views[0].shows().unwrap();
        service.handle(&ctx(&chat, "Ben"), Op::Join(None)).await;
        let views = service.handle(&host, Op::Start(None)).await;
        let b = board(&views).unwrap();
        let roll = button_of(b, |b| b == TokenButton::Roll).unwrap();
        let mover = b.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
        let before = store.table(table).await.unwrap();
        let presses = (0..50).map(|_| (ctx(&chat, &mover), Op::Press(roll.clone())));
        let mut applied = 0;
        let mut stale = 0;
        for views in common::at_once(&service, presses).await {
            if views[0].private_to().is_none() {
                applied += 1;
            } else {
                assert!(plain(&views[0].text).contains("out of date"), "{}", views[0].text);
                stale += 1;
            }
        }
        assert_eq!((applied, stale), (1, 49), "{db}");
        let after = store.table(table).await.unwrap();
        assert_eq!(after.version, before.version + 1, "{db}: exactly one roll applied");
        assert_eq!(store.actions(table).await.unwrap().len(), 1);
        assert_replay_matches(&store, table).await;
    }
}

/// Typed commands carry no version: one stored first (another player's, a computer's move) is
/// no reason to refuse the next as "out of date". Four departures typed at once in a running
/// game all apply (C4's resignation and kick), and a host's `/cancel` typed while others join
/// cancels the lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_typed_at_once_all_apply_to_the_table_as_it_is() {
    for (db, store, service, _) in common::services("table", "typed-race", clock).await {
        for round in 0..3 {
            let chat = unique(&format!("typed-race-{db}-{round}"));
            let people = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay"];
            let views = common::say(&service, &ctx(&chat, "Ana"), "/snakes new").await;
            let (table, _) = views[0].shows().unwrap();
            for name in &people[1..] {
                common::say(&service, &ctx(&chat, name), "/join").await;
            }
            common::say(&service, &ctx(&chat, "Ana"), "/start").await;
            let before = store.table(table).await.unwrap().version;
            let typed =
                [("Ben", "/resign"), ("Cai", "/resign"), ("Dee", "/resign"), ("Ana", "/kick Eve")];
            let ops = typed.iter().map(|(who, text)| {
                (ctx(&chat, who), dicetable::table::parse_command(text).unwrap().op)
            });
            for (views, (who, text)) in common::at_once(&service, ops).await.iter().zip(typed) {
                assert!(
                    views.iter().all(|v| v.private_to().is_none()),
                    "{db}: {who} typed {text}: {}",
                    common::texts(views)
                );
            }
            let after = store.table(table).await.unwrap();
            let left: Vec<bool> = after.seats.iter().map(|s| s.left).collect();
            assert_eq!(left, [false, true, true, true, true, false], "{db}");
            assert!(after.version >= before + 4, "{db}: four departures stored");
            assert_replay_matches(&store, table).await;

            // The host cancels a lobby while three more join.
            let views = common::say(&service, &ctx(&chat, "Ana"), "/ludo new").await;
            let (lobby, _) = views[0].shows().unwrap();
            let ludo = Some(GameKind::Ludo);
            let mut ops = vec![(ctx(&chat, "Ana"), Op::Cancel(ludo))];
            ops.extend(["Ben", "Cai", "Dee"].map(|name| (ctx(&chat, name), Op::Join(ludo))));
            let answers = common::at_once(&service, ops).await;
            assert!(
                answers[0].iter().all(|v| v.private_to().is_none()),
                "{db}: {}",
                common::texts(&answers[0])
            );
            assert_eq!(store.table(lobby).await.unwrap().status, TableStatus::Cancelled, "{db}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_rules_and_refusals_are_private_and_change_nothing() {
    for (db, store, _) in common::stores("table", "lobby").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("lobby-{db}"));
        let (ana, ben, cy) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"), ctx(&chat, "Cy"));
        let refused = |views: &[View], words: &str| {
            assert_eq!(views.len(), 1, "{views:?}");
            assert!(views[0].private_to().is_some(), "{}", views[0].text);
            assert!(plain(&views[0].text).contains(words), "{:?} lacks {words:?}", views[0].text);
        };
        let lobby = scenario::play(
            &service,
            &chat,
            r#"
            Ana: /join
              ! no open table
            Ana: /ludo zzz
              ! "zzz" is not an option
            Ana: /ludo 5m
              > Turn timer: 5 minutes
            # One lobby per game per chat: a second /ludo shows the one that exists.
            Ben: /ludo
              > already has a lobby
            # Its host asking again is told what is left: to start it (issue 46, item 14).
            Ana: /ludo
              > host of this lobby (table
              > tap Start
            Ana: /join
              ! already have a seat
            Ana: /play
              ! At least 2 players
            Ben: /join
              > Ben joined
            Ben: /play
              ! Only the table's host
            Ben: /options all
              ! Only the table's host
            Ana: /options all
              > everyone is home
            # The host leaves: the next player hosts.
            Ana: /leave
            Cy: /join
            Ben: /play
              > begins
            "#,
        )
        .await;
        let (table, _) = lobby[0].shows().unwrap();
        // Every answer to a second /ludo showed the one lobby.
        let shown: Vec<_> = lobby.iter().filter_map(View::shows).collect();
        assert!(shown.iter().all(|(t, _)| *t == table), "{shown:?}");
        let host = lobby.iter().map(|v| plain(&v.text)).find(|t| t.contains("host of this"));
        let host = host.unwrap_or_default();
        assert!(host.contains(&format!("host of this lobby (table {table}): tap Start")), "{host}");
        let b = board(&lobby).unwrap();
        let roll = button_of(b, |b| b == TokenButton::Roll).unwrap();
        // Roll-off: anyone seated may throw; Ana, not seated, may not.
        refused(&service.handle(&ana, Op::Press(roll.clone())).await, "not playing at this table");
        let version = store.table(table).await.unwrap().version;
        let views = service.handle(&cy, Op::Press(roll)).await;
        assert!(views.iter().all(|v| v.private_to().is_none()));
        // Whoever is not to move is refused, by name of the player who is.
        let b = board(&views).unwrap();
        if let Some(mover) = b.mentions().first() {
            let other = if mover.as_str().ends_with("/Ben") { &cy } else { &ben };
            let token = b.buttons()[0][0].token.clone();
            let refusal = service.handle(other, Op::Press(token)).await;
            refused(&refusal, "turn, not yours");
        }
        assert!(store.table(table).await.unwrap().version > version);
        // A kick needs the host or an admin; an admin may.
        refused(&service.handle(&cy, Op::Kick { game: None, target: "Ben".into() }).await, "host");
        let kicked = service
            .handle(&admin(&chat, "Mod"), Op::Kick { game: None, target: "ben".into() })
            .await;
        let text: String = kicked.iter().map(|v| plain(&v.text)).collect();
        assert!(text.contains("Ben was removed") && text.contains("Game over."), "{text}");
        assert_eq!(store.table(table).await.unwrap().status, TableStatus::Finished);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_player_is_reminded_played_for_struck_and_removed() {
    for (db, store, _) in common::stores("table", "timer").await {
        // The latest era of all: this test's clock never reaches another test's deadlines.
        let clock = clock();
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique(&format!("timer-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        let words = vec!["1m".to_owned()];
        service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
        service.handle(&ben, Op::Join(None)).await;
        let views = service.handle(&ana, Op::Start(None)).await;
        let table = views[0].shows().unwrap().0;
        let mine = |out: Vec<(dicetable::ids::ChatId, View)>| -> Vec<View> {
            out.into_iter().filter(|(c, _)| *c == chat).map(|(_, v)| v).collect()
        };
        let idle = board(&views).unwrap().mentions()[0].clone();
        // Nothing is due at once.
        assert!(mine(service.tick().await.unwrap()).is_empty());
        // Three quarters of the time: a reminder that mentions the player.
        clock.advance(46_000);
        let reminder = mine(service.tick().await.unwrap());
        assert_eq!(reminder.len(), 1, "{reminder:?}");
        assert!(plain(&reminder[0].text).contains("it is your turn"), "{}", reminder[0].text);
        assert_eq!(reminder[0].mentions(), vec![idle.clone()]);
        assert!(mine(service.tick().await.unwrap()).is_empty(), "one reminder only");
        // Time is up: the bot plays the turn and counts a strike; the other player plays
        // their own turns at once (bonus rolls included).
        let idle_name = idle.as_str().rsplit('/').next().unwrap().to_owned();
        for strike in 1..=3 {
            clock.advance(61_000);
            let played = mine(service.tick().await.unwrap());
            let text: String = played.iter().map(|v| plain(&v.text) + "\n").collect();
            if strike == 3 {
                assert!(
                    text.contains(&format!(
                        "{idle_name} ran out of time for the third turn in a row"
                    )),
                    "{db}: {text}"
                );
                assert!(text.contains("Game over."), "{db}: {text}");
                break;
            }
            let line = format!(
                "{idle_name} ran out of time; the bot played for them (strike {strike} of 3)"
            );
            assert!(text.contains(&line), "{db} strike {strike}: {text}");
            let mut b = board(&played).unwrap().clone();
            while b.mentions().first().is_some_and(|m| *m != idle) {
                let mover = b.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
                let token = b.buttons()[0][0].token.clone();
                let views = service.handle(&ctx(&chat, &mover), Op::Press(token)).await;
                b = board(&views).unwrap().clone();
            }
            assert_eq!(b.mentions().first(), Some(&idle), "{}", b.text);
        }
        let row = store.table(table).await.unwrap();
        assert_eq!(row.status, TableStatus::Finished);
        let left = row.seats.iter().find(|s| s.user == idle).unwrap();
        assert!(left.left);
        assert_eq!(left.strikes, 3);
        assert_eq!(left.rank, Some(2), "the one who stayed wins (C5)");
        assert_replay_matches(&store, table).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_service_over_the_same_database_continues_every_table() {
    for (db, store, url) in common::stores("table", "restart").await {
        let chat = unique(&format!("restart-{db}"));
        let first = Service::new(store.clone(), SECRET, clock());
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        first.handle(&ana, Op::Create { game: GameKind::Ludo, words: vec![] }).await;
        first.handle(&ben, Op::Join(None)).await;
        let views = first.handle(&ana, Op::Start(None)).await;
        let b = board(&views).unwrap().clone();
        drop(first);
        // A new process: a fresh pool, the same database and secret. The old board's button works.
        let store2 = match db {
            "sqlite" => store.clone(),
            _ => Store::connect(&url).await.unwrap(),
        };
        let second = Service::new(store2, SECRET, clock());
        let roll = button_of(&b, |b| b == TokenButton::Roll).unwrap();
        let views = second.handle(&ana, Op::Press(roll)).await;
        assert!(views.iter().all(|v| v.private_to().is_none()), "{:?}", views[0].text);
        let status = second.handle(&ben, Op::Status(None)).await;
        assert!(status[0].image().is_some());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_the_bot_was_down_is_not_counted() {
    // SQLite only: the heartbeat is shared by every table of a database, and Postgres is shared
    // by the concurrent tests.
    let store = Store::connect(&sqlite_url("table", "downtime")).await.unwrap();
    let clock = clock();
    let service = Service::new(store.clone(), SECRET, clock.clone());
    assert_eq!(service.resume().await.unwrap(), 0);
    let chat = unique("downtime");
    let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
    service.handle(&ana, Op::Create { game: GameKind::Snakes, words: vec!["5m".into()] }).await;
    service.handle(&ben, Op::Join(None)).await;
    let views = service.handle(&ana, Op::Start(None)).await;
    let table = views[0].shows().unwrap().0;
    let deadline = store.table(table).await.unwrap().deadline_ms.unwrap();
    // The bot is down for two hours, then starts again.
    clock.advance(2 * 3_600_000);
    let later = Service::new(store.clone(), SECRET, clock.clone());
    assert_eq!(later.resume().await.unwrap(), 2 * 3_600_000);
    assert_eq!(store.table(table).await.unwrap().deadline_ms, Some(deadline + 2 * 3_600_000));
    assert!(later.tick().await.unwrap().is_empty(), "no one is timed out for the downtime");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn languages_per_chat_and_per_user() {
    let (_, store, _) = common::stores("table", "lang").await.remove(0);
    let service = Service::new(store, SECRET, clock());
    let chat = unique("lang");
    let mut ana = ctx(&chat, "Ana");
    ana.locale = Some("ru-RU".into());
    let help = service.handle(&ana, Op::Help).await;
    assert!(plain(&help[0].text).contains("Я провожу"), "the platform's locale is the first guess");
    let set = service.handle(&ana, Op::Lang { chat: false, code: Some("fa".into()) }).await;
    assert!(plain(&set[0].text).contains("فارسی"));
    let help = service.handle(&ana, Op::Help).await;
    assert!(plain(&help[0].text).contains("من در این گفتگو"));
    let refused = service.handle(&ana, Op::Lang { chat: true, code: Some("tl".into()) }).await;
    assert!(refused[0].private_to().is_some());
    let admin = admin(&chat, "Mod");
    service.handle(&admin, Op::Lang { chat: true, code: Some("tl".into()) }).await;
    // Boards speak the chat's language; Persian boards use Persian digits.
    let views = service.handle(&admin, Op::Create { game: GameKind::Snakes, words: vec![] }).await;
    assert!(plain(&views[0].text).contains("naghihintay"), "{}", views[0].text);
    let bad = service.handle(&admin, Op::Lang { chat: false, code: Some("xx".into()) }).await;
    assert!(plain(&bad[0].text).contains("\"xx\""), "{}", bad[0].text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_stored_in_another_shape_is_rebuilt_from_its_log() {
    for (db, store, _) in common::stores("table", "shape").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("shape-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        service.handle(&ana, Op::Create { game: GameKind::Ludo, words: vec![] }).await;
        service.handle(&ben, Op::Join(None)).await;
        let mut views = service.handle(&ana, Op::Start(None)).await;
        let table = views[0].shows().unwrap().0;
        for _ in 0..6 {
            let b = board(&views).unwrap().clone();
            let who = mover(&b);
            views =
                service.handle(&ctx(&chat, &who), Op::Press(b.buttons()[0][0].token.clone())).await;
        }
        // As if an older build had stored it: another shape, a snapshot this build cannot read.
        let mut row = store.table(table).await.unwrap();
        let snapshot = row.state.clone();
        row.shape = 0;
        row.state = Some(r#"{"from":"an older build"}"#.into());
        store.save(&row, &Change::default()).await.unwrap();
        let status = service.handle(&ben, Op::Status(None)).await;
        assert!(
            status[0].private_to().is_none() && status[0].image().is_some(),
            "{db}: {}",
            status[0].text
        );
        let b = board(&status).unwrap().clone();
        let who = mover(&b);
        let views =
            service.handle(&ctx(&chat, &who), Op::Press(b.buttons()[0][0].token.clone())).await;
        assert!(views.iter().all(|v| v.private_to().is_none()), "{db}: {}", views[0].text);
        let row = store.table(table).await.unwrap();
        assert_eq!(row.shape, 1);
        assert_ne!(row.state, snapshot, "a move was played on the rebuilt game");
        assert_replay_matches(&store, table).await;
    }
}

/// S2: a random board dealt before the readable generator keeps its layout, in play and when the
/// game is rebuilt from its log; a new table's board comes from the readable generator.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_board_replays_with_the_generator_its_table_was_created_with() {
    for (db, store, _) in common::stores("table", "generator").await {
        let service = Service::new(store.clone(), SECRET, clock());
        for old in [true, false] {
            let chat = unique(&format!("generator-{db}-{old}"));
            let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
            let words = vec!["random".to_owned()];
            let lobby = service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
            let table = lobby[0].shows().unwrap().0;
            let mut row = store.table(table).await.unwrap();
            let stored: serde_json::Value = serde_json::from_str(&row.settings).unwrap();
            assert_eq!(stored["boards"], "readable", "{db}: {}", row.settings);
            if old {
                // As an older build stored it: settings without a generator.
                row.settings = r#"{"timer":"off"}"#.into();
                store.save(&row, &Change::default()).await.unwrap();
            }
            service.handle(&ben, Op::Join(None)).await;
            let mut views = service.handle(&ana, Op::Start(None)).await;
            for _ in 0..4 {
                let b = board(&views).unwrap().clone();
                let who = mover(&b);
                let token = b.buttons()[0][0].token.clone();
                views = service.handle(&ctx(&chat, &who), Op::Press(token)).await;
            }
            let row = store.table(table).await.unwrap();
            let state: serde_json::Value =
                serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
            let seed = Seed::from_bytes(row.seed.clone().try_into().unwrap());
            let options = dicetable::engine::snakes::SnakesOptions {
                board: dicetable::engine::snakes::BoardKind::Random,
                ..Default::default()
            };
            let generator = if old { BoardGenerator::Original } else { BoardGenerator::Readable };
            let dealt = Layout::random_by(generator, &mut seed.stream("layout", 0), &options);
            let ladders: Vec<(u8, u8)> = serde_json::from_value(state["ladders"].clone()).unwrap();
            assert_eq!(ladders, dealt.ladders(), "{db} old={old}");
            assert_replay_matches(&store, table).await;
            // Rebuilt from the log, as after an upgrade that cannot read the snapshot.
            let mut row = row;
            row.shape = 0;
            row.state = Some(r#"{"from":"an older build"}"#.into());
            store.save(&row, &Change::default()).await.unwrap();
            let status = service.handle(&ben, Op::Status(None)).await;
            assert!(status[0].image().is_some(), "{db}: {}", status[0].text);
            let b = board(&status).unwrap().clone();
            let who = mover(&b);
            let token = b.buttons()[0][0].token.clone();
            let views = service.handle(&ctx(&chat, &who), Op::Press(token)).await;
            assert!(views.iter().all(|v| v.private_to().is_none()), "{db}: {}", views[0].text);
            let row = store.table(table).await.unwrap();
            let state: serde_json::Value =
                serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
            let rebuilt: Vec<(u8, u8)> = serde_json::from_value(state["ladders"].clone()).unwrap();
            assert_eq!(rebuilt, dealt.ladders(), "{db} old={old}: the board changed on rebuild");
            assert_replay_matches(&store, table).await;
        }
    }
}

/// A stored row that does not read is refused with a precise log line, never read with
/// defaults: corrupt settings do not turn a private table public, a short seed is not padded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_table_is_refused_not_read_with_defaults() {
    for (db, store, url) in common::stores("table", "damaged").await {
        let service = Service::new(store.clone(), SECRET, clock());
        for damage in ["settings", "seed", "seats"] {
            let chat = unique(&format!("damaged-{db}-{damage}"));
            let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
            let words = vec!["private".to_owned()];
            let game = if damage == "seats" { GameKind::Nardy } else { GameKind::Ludo };
            let lobby = service.handle(&ana, Op::Create { game, words }).await;
            let table = lobby[0].shows().unwrap().0;
            let mut row = store.table(table).await.unwrap();
            match damage {
                "seed" => cut_seed(&url, table).await,
                "settings" => {
                    row.settings = "{\"private\": tru".into();
                    store.save(&row, &Change::default()).await.unwrap();
                }
                _ => {
                    // Three seats at a two-player game's lobby.
                    for name in ["Cyd", "Dee"] {
                        let seat = SeatRecord {
                            user: format!("test:{name}").into(),
                            name: name.into(),
                            ..Default::default()
                        };
                        row.seats.push(seat);
                    }
                    store.save(&row, &Change::default()).await.unwrap();
                }
            }
            let seated = store.table(table).await.unwrap().seats.len();
            let views = service.handle(&ben, Op::Join(None)).await;
            assert!(
                views.iter().all(|v| v.private_to().is_some() && v.image().is_none()),
                "{db} {damage}: {:?}",
                views.iter().map(|v| &v.text).collect::<Vec<_>>()
            );
            let row = store.table(table).await.unwrap();
            assert_eq!(row.seats.len(), seated, "{db} {damage}: Ben was seated at a damaged table");
        }
    }
}

/// Cuts a table's stored seed to 5 bytes, as a damaged row would hold it.
async fn cut_seed(url: &str, table: TableId) {
    let sql = if url.starts_with("sqlite") {
        format!("update tables set seed = substr(seed, 1, 5) where id = {table}")
    } else {
        format!("update tables set seed = substring(seed from 1 for 5) where id = {table}")
    };
    common::execute(url, &sql).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_chat_edits_one_board_message_in_place() {
    for (db, store, _) in common::stores("table", "boards").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("boards-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        let admin = admin(&chat, "Mod");
        let refused = service.handle(&ana, Op::Boards(Some(BoardMode::Edit))).await;
        assert!(refused[0].private_to().is_some(), "only admins change how a chat shows boards");
        let set = service.handle(&admin, Op::Boards(Some(BoardMode::Edit))).await;
        assert!(plain(&set[0].text).contains("edited in place"), "{}", set[0].text);
        service.handle(&ana, Op::Create { game: GameKind::Snakes, words: vec![] }).await;
        service.handle(&ben, Op::Join(None)).await;
        let views = service.handle(&ana, Op::Start(None)).await;
        let b = board(&views).unwrap().clone();
        assert_eq!((b.replace(), b.in_place()), (None, false), "the first board is new");
        // The show protocol posts it: message 1.
        let shown = common::Recorder::default();
        service.show(&shown, &b).await;
        let who = b.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
        let views =
            service.handle(&ctx(&chat, &who), Op::Press(b.buttons()[0][0].token.clone())).await;
        let next = board(&views).unwrap().clone();
        assert!(next.in_place(), "{db}: the next board is shown in place");
        // Shown, it edits the message recorded by then: m1.
        service.show(&shown, &next).await;
        assert_eq!(shown.calls(), ["new 1", "edit 1"], "{db}: the next board edits message 1");
        // Back to new messages.
        service.handle(&admin, Op::Boards(Some(BoardMode::New))).await;
        let who = next.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
        let views =
            service.handle(&ctx(&chat, &who), Op::Press(next.buttons()[0][0].token.clone())).await;
        let last = board(&views).unwrap().clone();
        assert!(!last.in_place() && last.replace().is_none());
        service.show(&shown, &last).await;
        assert_eq!(shown.calls()[2..], ["new 2", "strip 1"], "{db}: a new board, m1 stripped");
        assert_eq!(shown.live(), [2], "{db}");
    }
}

mod forged {
    use super::*;
    use proptest::prelude::*;

    /// One runtime and one database for every case (a pool belongs to its runtime).
    static RUNTIME: std::sync::LazyLock<tokio::runtime::Runtime> = std::sync::LazyLock::new(|| {
        tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap()
    });
    static STORE: std::sync::LazyLock<Store> = std::sync::LazyLock::new(|| {
        RUNTIME.block_on(Store::connect(&sqlite_url("table", "forged"))).unwrap()
    });

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Random bytes, altered real tokens, and real tokens of another table, version or
        /// action are refused privately, without a panic, and change nothing.
        #[test]
        fn forged_and_stale_buttons_change_nothing(
            junk in ".{0,80}",
            flip in 0usize..64,
            table_delta in 1u64..1000,
            version_delta in 1u64..50,
        ) {
            let store = STORE.clone();
            RUNTIME.block_on(async {
                let service = Service::new(store.clone(), SECRET, clock());
                let chat = unique("forged");
                let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
                service.handle(&ana, Op::Create { game: GameKind::Ludo, words: vec![] }).await;
                service.handle(&ben, Op::Join(None)).await;
                let views = service.handle(&ana, Op::Start(None)).await;
                let b = board(&views).unwrap();
                let (table, _) = b.shows().unwrap();
                let real = button_of(b, |b| b == TokenButton::Roll).unwrap();
                let before = store.table(table).await.unwrap();
                let parsed = Token::parse(&real, &key()).unwrap();
                let mut flipped = real.clone().into_bytes();
                let i = flip % flipped.len();
                flipped[i] = if flipped[i] == b'a' { b'b' } else { b'a' };
                let inputs = vec![
                    junk.clone(),
                    String::from_utf8_lossy(&flipped).into_owned(),
                    Token { subject: other_table(parsed.subject, table_delta), ..parsed }.encode(&key()),
                    Token { version: parsed.version + version_delta, ..parsed }.encode(&key()),
                    Token { button: TokenButton::Move(3), ..parsed }.encode(&key()),
                    Token { button: TokenButton::Step { from: 24, die: 6 }, ..parsed }.encode(&key()),
                    Token { subject: parsed.subject, version: parsed.version, button: TokenButton::Roll }
                        .encode(&TokenKey::new(b"another bot")),
                ];
                for input in inputs {
                    if input == real {
                        continue;
                    }
                    let views = service.handle(&ana, Op::Press(input.clone())).await;
                    prop_assert!(!views.is_empty());
                    prop_assert!(views[0].private_to().is_some(), "{input:?} was not refused: {}", views[0].text);
                    let after = store.table(table).await.unwrap();
                    prop_assert_eq!(after.version, before.version, "{:?} changed the table", input);
                }
                Ok(())
            })?;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_tell_each_game_with_the_tables_options_in_every_language() {
    let (_, store, _) = common::stores("table", "rules").await.remove(0);
    let service = Service::new(store, SECRET, clock());
    for lang in ["en", "fa", "ru", "tl"] {
        let chat = unique(&format!("rules-{lang}"));
        let admin = admin(&chat, "Mod");
        service.handle(&admin, Op::Lang { chat: true, code: Some(lang.into()) }).await;
        for game in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
            let views = service.handle(&admin, Op::Rules(Some(game))).await;
            let text = plain(&views[0].text);
            assert!(views[0].private_to().is_none(), "the rules are for the whole chat");
            // Every sentence exists in this language: no key shows through.
            assert!(!text.contains("rule-") && !text.contains("rules-"), "{lang}: {text}");
            // One sentence per option, and the timer.
            let options = text.lines().filter(|l| l.starts_with('•')).count();
            assert_eq!(options, 5, "{lang} {game:?}: {text}");
        }
    }
    // In a chat with a table, the rules follow its options.
    let chat = unique("rules-table");
    let ana = ctx(&chat, "Ana");
    let refused = service.handle(&ana, Op::Rules(None)).await;
    assert!(refused[0].private_to().is_some() && plain(&refused[0].text).contains("Which game?"));
    let words = ["bounce", "bonus", "cap", "5m"].map(String::from).to_vec();
    service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
    let text = plain(&service.handle(&ana, Op::Rules(None)).await[0].text);
    assert!(text.starts_with("Rules of Snakes & Ladders"), "{text}");
    for said in ["bounces back", "A 6 earns another roll", "third 6 in a row the turn ends"] {
        assert!(text.contains(said), "S9–S11: {said:?} missing from {text}");
    }
    assert!(text.contains("Turn timer: 5 minutes"), "{text}");
    let words = vec!["3".to_owned(), "notimer".to_owned()];
    service.handle(&ana, Op::Create { game: GameKind::Nardy, words }).await;
    let text = plain(&service.handle(&ana, Op::Rules(Some(GameKind::Nardy))).await[0].text);
    assert!(
        text.contains("The match goes to 3 points") && text.contains("No turn timer"),
        "{text}"
    );
    assert!(text.contains("block of six points"), "N9 is on by default: {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_is_joined_by_invite_and_shown_to_every_player() {
    for (db, store, _) in common::stores("table", "private").await {
        let service = Service::new(store.clone(), SECRET, clock());
        // Each player talks to the bot in their own chat.
        let ana = ctx(&unique(&format!("dm-ana-{db}")), "Ana");
        let ben = ctx(&unique(&format!("dm-ben-{db}")), "Ben");
        let words = vec!["private".to_owned(), "quick".to_owned()];
        let lobby = service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
        let code = lobby[0].invite().map(str::to_owned).expect("a private lobby has an invite");
        assert!(plain(&lobby[0].text).contains(&format!("/join {code}")), "{}", lobby[0].text);
        assert_eq!(lobby[0].audience(), vec![ana.user.clone()]);
        let (table, _) = lobby[0].shows().unwrap();
        // A made-up or altered code joins nothing.
        for bad in ["i1_0000000000000000", "hello", &code.replace('_', "_0")] {
            let refused = service.handle(&ben, Op::Invite(bad.to_owned())).await;
            assert!(refused[0].private_to().is_some(), "{bad}");
            assert!(plain(&refused[0].text).contains("invite is not valid"), "{bad}");
        }
        // Ben opens the invite in his own chat: he sits, and both see the lobby.
        let joined = service.handle(&ben, Op::Invite(code.clone())).await;
        assert!(plain(&joined[0].text).contains("Ben joined"), "{}", joined[0].text);
        assert_eq!(joined[0].audience(), [ana.user.clone(), ben.user.clone()]);
        assert_eq!(joined[0].shows(), Some((table, Slot::Lobby)));
        // The host starts from her chat; every view goes to both players.
        let started = service.handle(&ana, Op::Start(None)).await;
        assert!(started.len() >= 2);
        for view in &started {
            assert_eq!(view.audience(), [ana.user.clone(), ben.user.clone()], "{}", view.text);
        }
        // Ben reaches the table from his own chat, where it does not live.
        let status = service.handle(&ben, Op::Status(None)).await;
        assert_eq!(board(&status).map(|v| v.shows()), Some(Some((table, Slot::Board))));
        // Play it out: every board reaches both players.
        let mut views = started;
        for _ in 0..400 {
            let Some(b) = board(&views) else { break };
            let Some(mover) = b.mentions().first().cloned() else { break };
            let who = if mover == ana.user { &ana } else { &ben };
            let token = b.buttons()[0][0].token.clone();
            views = service.handle(who, Op::Press(token)).await;
            for view in public(&views) {
                assert_eq!(view.audience().len(), 2, "{}", view.text);
            }
        }
        assert_eq!(store.table(table).await.unwrap().status, TableStatus::Finished);
        // An ordinary table has no audience: it is shown in its chat.
        let open = service.handle(&ana, Op::Create { game: GameKind::Ludo, words: vec![] }).await;
        assert!(open[0].audience().is_empty() && open[0].invite().is_none());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_sets_options_with_buttons() {
    let (_, store, _) = common::stores("table", "panel").await.remove(0);
    let service = Service::new(store, SECRET, clock());
    let chat = unique("panel");
    let ana = ctx(&chat, "Ana");
    let lobby = scenario::play(
        &service,
        &chat,
        r#"
        Ana: /snakes
        # Only the host opens the panel.
        Ben: [Options]
          ! host
        Ana: [Options]
          > [Finish: exact roll]
          > [Turn timer: 24 hours]
        # Three sixes count only with the bonus six (S11): not offered until it is on.
          - [Three sixes]
        # Each press steps one option; the panel stays open.
        Ben: [Finish: exact roll]
          ! host
        Ana: [Finish: exact roll]
          > Finish: bounce back
        Ana: [Six rolls again]
          > [Three sixes]
        # Done shows the lobby again, in place, with the options as set.
        Ana: [Done]
          > [Join]
          > bounce back
        "#,
    )
    .await;
    // The panel is the lobby message, in rows of at most two buttons.
    let finish = |v: &&View| v.buttons().iter().flatten().any(|b| b.label == "Finish: exact roll");
    let panel = lobby.iter().find(finish).unwrap();
    assert_eq!(panel.shows(), lobby[0].shows(), "the panel is the lobby message");
    assert!(panel.buttons().iter().all(|row| row.len() <= 2));
    // A forged option number changes nothing.
    let forged = Token {
        subject: Subject::Table(lobby[0].shows().unwrap().0),
        version: 0,
        button: TokenButton::Cycle(9),
    };
    let refused = service.handle(&ana, Op::Press(forged.encode(&key()))).await;
    assert!(refused[0].private_to().is_some());
}

/// Issue 33: Ludo never asks which piece when the pieces it offers are alike (L6: pieces in
/// the house are interchangeable). Every board's Piece buttons name pieces on different
/// squares, and a lone distinct move (a 6 with every piece at home) is played at once; the log
/// still replays to the stored state (C2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ludo_offers_one_button_per_distinct_move_and_plays_a_lone_one() {
    for (db, store, _) in common::stores("table", "distinct").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let mut rng = Lcg(33);
        let chat = unique(&format!("distinct-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        let views = service.handle(&ana, Op::Create { game: GameKind::Ludo, words: vec![] }).await;
        let (table, _) = views[0].shows().unwrap();
        let join = button_of(&views[0], |b| b == TokenButton::Join).unwrap();
        service.handle(&ben, Op::Press(join)).await;
        let mut views = service.handle(&ana, Op::Start(None)).await;
        let (mut choices, mut entered_at_once) = (0, 0);
        for _ in 0..5000 {
            let b = board(&views).unwrap_or_else(|| panic!("{db}: no board in {views:?}")).clone();
            let tokens: Vec<Token> = b
                .buttons()
                .iter()
                .flatten()
                .map(|x| Token::parse(&x.token, &key()).unwrap())
                .collect();
            if tokens.is_empty() {
                break;
            }
            let pieces: Vec<u8> = tokens
                .iter()
                .filter_map(|t| match t.button {
                    TokenButton::Move(k) => Some(k),
                    _ => None,
                })
                .collect();
            let row = store.table(table).await.unwrap();
            let state: serde_json::Value =
                serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
            if !pieces.is_empty() {
                choices += 1;
                let seat = state["to_move"].as_u64().unwrap() as usize;
                let mut at: Vec<i64> = (pieces.iter())
                    .map(|&k| state["pieces"][seat][usize::from(k)].as_i64().unwrap())
                    .collect();
                at.sort();
                at.dedup();
                assert_eq!(
                    at.len(),
                    pieces.len(),
                    "{db}: alike pieces offered: {}",
                    plain(&b.text)
                );
                assert!(pieces.len() > 1, "{db}: a lone move is played, not asked: {}", b.text);
            }
            let name = mover(&b);
            let token = b.buttons().iter().flatten().nth(rng.below(tokens.len())).unwrap();
            views = service.handle(&ctx(&chat, &name), Op::Press(token.token.clone())).await;
            let text: String = views.iter().map(|v| plain(&v.text) + "\n").collect();
            if text.contains("rolled 6") && text.contains("into play") && pieces.is_empty() {
                entered_at_once += 1;
            }
        }
        assert!(choices > 0 && entered_at_once > 0, "{db}: {choices} choices, {entered_at_once}");
        assert_eq!(store.table(table).await.unwrap().status, TableStatus::Finished, "{db}");
        assert_replay_matches(&store, table).await;
    }
}
