use super::*;
use crate::engine::{GameKind, Options};
use crate::game::fair::Seed;
use crate::store::TableRecord;
use crate::table::fail::Refusal;
use crate::table::words::Settings;

fn lobby(kind: GameKind, seated: &[&str]) -> Loaded {
    let seats = seated
        .iter()
        .map(|u| SeatRecord { user: (*u).into(), name: u.to_uppercase(), ..Default::default() })
        .collect();
    let rec = TableRecord {
        id: TableId::new(1),
        host: seated.first().map_or_else(UserId::default, |u| (*u).into()),
        seats,
        ..TableRecord::default()
    };
    Loaded::new(rec, kind, Options::default_for(kind), Settings::default(), Seed::from_u64(1))
}

fn who(user: &str) -> Actor<'_> {
    Actor { user: user.into(), name: user, admin: false }
}

fn robot(k: usize, level: Level) -> String {
    format!("C{k} {}", level.word())
}

fn users(t: &Loaded) -> Vec<&str> {
    t.rec.seats.iter().map(|s| s.user.as_str()).collect()
}

#[test]
fn computers_are_seated_by_words_numbered_and_levelled_and_too_many_are_refused() {
    let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
    let mut t = lobby(GameKind::Ludo, &["ana"]);
    assert_eq!(
        t.set_options(who("ana"), &words("bots=3 hard"), false, &robot),
        Ok(Outcome::Changed(None)),
        "four of eight seats: the lobby waits for Start"
    );
    assert_eq!(users(&t), ["ana", "computer:hard:1", "computer:hard:2", "computer:hard:3"]);
    assert_eq!(t.rec.seats[3].name, "C3 hard");
    assert_eq!(t.settings.bots, None, "the number is used, not kept");
    assert_eq!(t.start(who("ana")), Ok(Outcome::Starts), "one person and three computers");
    // Fewer: the last ones go; none: all go.
    t.set_options(who("ana"), &words("bots=1"), false, &robot).unwrap();
    assert_eq!(users(&t), ["ana", "computer:hard:1"]);
    t.set_options(who("ana"), &words("bots=0"), false, &robot).unwrap();
    assert_eq!(users(&t), ["ana"]);
    // More than the free seats: refused, saying how many fit.
    let mut t = lobby(GameKind::Nardy, &["ana"]);
    assert_eq!(
        t.set_options(who("ana"), &words("bots=2"), false, &robot),
        Err(LobbyRefusal { key: Refusal::Bots, args: vec![("max", Arg::Number(1))] })
    );
    // `bot easy` fills Nardy's second seat: the game begins.
    assert_eq!(t.set_options(who("ana"), &words("bot easy"), false, &robot), Ok(Outcome::Starts));
    assert_eq!(users(&t), ["ana", "computer:easy:1"]);
    // `bots` alone fills every free seat.
    let mut t = lobby(GameKind::Snakes, &["ana", "ben"]);
    assert_eq!(t.set_options(who("ana"), &words("bots"), false, &robot), Ok(Outcome::Starts));
    assert_eq!(t.computers(), 4);
    assert_eq!(
        t.set_options(who("ben"), &words("bots=1"), false, &robot).unwrap_err().key,
        Refusal::HostOnly
    );
}

#[test]
fn the_host_adds_and_removes_computers_and_people_alone_keep_a_lobby_open() {
    let mut t = lobby(GameKind::Ludo, &["ana", "ben"]);
    assert_eq!(t.add_computer(who("ben"), &robot), Err(LobbyRefusal::say(Refusal::HostOnly)));
    assert_eq!(t.remove_computer(who("ana")), Err(LobbyRefusal::say(Refusal::NoComputer)));
    assert_eq!(
        t.add_computer(who("ana"), &robot),
        Ok(Outcome::Changed(Some(("lobby-joined", "C1 normal".into()))))
    );
    t.settings.level = Level::Hard;
    t.add_computer(who("ana"), &robot).unwrap();
    assert_eq!(users(&t)[2..], ["computer:normal:1", "computer:hard:2"]);
    assert_eq!(
        t.remove_computer(who("ana")),
        Ok(Outcome::Changed(Some(("lobby-left", "C2 hard".into()))))
    );
    // A number freed is used again.
    t.add_computer(who("ana"), &robot).unwrap();
    assert_eq!(users(&t)[3], "computer:hard:2");
    assert_eq!(t.rec.seats[3].user.as_computer(), Some((Level::Hard, 2)));
    // The host leaves: a person takes over, never a computer; the last person leaving
    // cancels the table.
    t.leave(who("ana")).unwrap();
    assert_eq!(t.rec.host, "ben");
    assert_eq!(t.leave(who("ben")), Ok(Outcome::Emptied));
    assert_eq!(t.rec.status, TableStatus::Cancelled);
    // A computer that fills the table starts it.
    let mut t = lobby(GameKind::Nardy, &["ana"]);
    assert_eq!(t.add_computer(who("ana"), &robot), Ok(Outcome::Starts));
    assert_eq!(t.add_computer(who("ana"), &robot), Err(LobbyRefusal::say(Refusal::TableFull)));
}

#[test]
fn join_seats_once_and_a_full_table_starts() {
    let mut t = lobby(GameKind::Nardy, &["ana"]);
    assert_eq!(t.join(who("ana")), Err(LobbyRefusal::say(Refusal::AlreadySeated)));
    assert_eq!(t.join(who("ben")), Ok(Outcome::Starts), "two seats fill a Nardy table");
    let mut t = lobby(GameKind::Ludo, &["ana"]);
    assert_eq!(t.join(who("ben")), Ok(Outcome::Changed(Some(("lobby-joined", "ben".into())))));
    assert_eq!(t.rec.seats.len(), 2);
    let mut full = lobby(GameKind::Snakes, &["a", "b", "c", "d", "e", "f"]);
    assert_eq!(full.join(who("g")), Err(LobbyRefusal::say(Refusal::TableFull)));
    assert_eq!(full.rec.seats.len(), 6, "a refusal changes nothing");
}

#[test]
fn leave_hands_the_host_on_and_the_last_leave_cancels() {
    let mut t = lobby(GameKind::Ludo, &["ana", "ben"]);
    assert_eq!(t.leave(who("cyd")), Err(LobbyRefusal::say(Refusal::NotSeated)));
    assert_eq!(t.leave(who("ana")), Ok(Outcome::Changed(Some(("lobby-left", "ana".into())))));
    assert_eq!(t.rec.host, "ben");
    assert_eq!(t.leave(who("ben")), Ok(Outcome::Emptied));
    assert_eq!(t.rec.status, TableStatus::Cancelled);
    assert_eq!(t.join(who("cyd")), Err(LobbyRefusal::say(Refusal::GameOver)));
}

#[test]
fn only_the_host_or_an_admin_starts_and_only_with_enough_players() {
    let t = lobby(GameKind::Ludo, &["ana"]);
    let too_few = LobbyRefusal { key: Refusal::TooFew, args: vec![("min", Arg::Number(2))] };
    assert_eq!(t.start(who("ana")), Err(too_few));
    let t = lobby(GameKind::Ludo, &["ana", "ben"]);
    assert_eq!(t.start(who("ben")), Err(LobbyRefusal::say(Refusal::HostOnly)));
    assert_eq!(t.start(Actor { admin: true, ..who("zed") }), Ok(Outcome::Starts));
    assert_eq!(t.start(who("ana")), Ok(Outcome::Starts));
    let mut playing = t;
    playing.rec.status = TableStatus::Playing;
    assert_eq!(playing.start(who("ana")), Err(LobbyRefusal::say(Refusal::Started)));
}

#[test]
fn options_are_the_hosts_and_bad_words_are_named() {
    let mut t = lobby(GameKind::Snakes, &["ana", "ben"]);
    let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(
        t.set_options(who("ben"), &words("bounce"), false, &robot),
        Err(LobbyRefusal::say(Refusal::HostOnly))
    );
    assert_eq!(
        t.set_options(who("ana"), &words("bounce 5m"), false, &robot),
        Ok(Outcome::Changed(None))
    );
    assert_eq!(t.settings.timer.word(), "5m");
    let before = (t.options.clone(), t.settings);
    let refused = t.set_options(who("ana"), &words("bounce bogus"), false, &robot).unwrap_err();
    assert_eq!(refused.key, Refusal::OptionWord);
    assert!(refused.args.iter().any(|(k, v)| *k == "word" && *v == Arg::from("bogus")));
    assert_eq!((t.options.clone(), t.settings), before, "a refusal changes nothing");
    assert_eq!(t.panel(who("ben")), Err(LobbyRefusal::say(Refusal::HostOnly)));
    assert_eq!(t.panel(who("ana")), Ok(Outcome::ShowPanel));
    // A chat admin may too, as the refusal says (everyone at the playground is one).
    let admin = Actor { admin: true, ..who("zed") };
    assert_eq!(
        t.set_options(admin.clone(), &words("5m"), false, &robot),
        Ok(Outcome::Changed(None))
    );
    assert_eq!(t.panel(admin), Ok(Outcome::ShowPanel));
    assert_eq!(t.cycle(who("ana"), 0), Ok(Outcome::PanelChanged));
    assert_ne!(t.options, before.0);
    assert_eq!(t.cycle(who("ana"), 999), Err(LobbyRefusal::say(Refusal::Forged)));
}

#[test]
fn only_the_host_or_an_admin_cancels_an_open_table() {
    let mut t = lobby(GameKind::Ludo, &["ana", "ben"]);
    assert_eq!(t.cancel(who("ben")), Err(LobbyRefusal::say(Refusal::HostOnly)));
    assert_eq!(t.rec.status, TableStatus::Lobby, "a refusal changes nothing");
    assert_eq!(t.cancel(Actor { admin: true, ..who("zed") }), Ok(Slot::Lobby));
    assert_eq!(t.rec.status, TableStatus::Cancelled);
    assert_eq!(t.cancel(who("ana")), Err(LobbyRefusal::say(Refusal::GameOver)));
    let mut t = lobby(GameKind::Ludo, &["ana", "ben"]);
    t.rec.status = TableStatus::Playing;
    assert_eq!(t.cancel(who("ana")), Ok(Slot::Board), "a running game shows on its board");
}

#[test]
fn a_kick_names_its_player_and_passes_the_host_on() {
    let t = lobby(GameKind::Ludo, &["ana", "ben", "cai"]);
    assert_eq!(t.departing(who("ben"), None), Ok(1), "a resignation is one's own seat");
    assert_eq!(t.departing(who("zed"), None), Err(LobbyRefusal::say(Refusal::NotSeated)));
    let typed = |words: &str| Target::from(words);
    assert_eq!(
        t.departing(who("ben"), Some(&typed("cai"))),
        Err(LobbyRefusal::say(Refusal::HostOnly))
    );
    for name in ["3", "cai", "CAI", "@cai"] {
        assert_eq!(t.departing(who("ana"), Some(&typed(name))), Ok(2), "{name}");
    }
    let missing = t.departing(who("ana"), Some(&typed("dee")));
    assert_eq!(missing.map_err(|r| r.key), Err(Refusal::NoSuchPlayer));
    // A person the platform picked: found by id, refused by the name it gave.
    let picked = |id: &str| Target::User { id: id.into(), name: "Dee Dee".into() };
    assert_eq!(t.departing(who("ana"), Some(&picked("cai"))), Ok(2));
    let missing = t.departing(who("ana"), Some(&picked("dee"))).unwrap_err();
    assert_eq!(missing.key, Refusal::NoSuchPlayer);
    assert_eq!(format!("{:?}", missing.args), format!("{:?}", [("name", Arg::from("Dee Dee"))]));
    let mut t = t;
    assert_eq!(t.kick_from_lobby(0), "ANA");
    assert_eq!((t.rec.host.as_str(), t.rec.seats.len()), ("ben", 2), "the host passes on");
}
