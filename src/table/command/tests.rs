use super::*;

fn op(text: &str) -> Op {
    parse(text).unwrap().op
}

/// Issue 45, item 3: a command is declared once. Each declared word (and each other word
/// for it) reads as an operation that names that declaration back, so an adapter asking
/// an operation for its command (Telegram's admin check) finds what was declared.
#[test]
fn every_declared_command_reads_back_as_itself() {
    let sample = |name: &str| match name {
        "kick" | "vs" => " Ben",
        "start" => " i1_code",
        _ => "",
    };
    let mut seen = std::collections::BTreeSet::new();
    for declared in COMMANDS {
        let name = declared.name;
        for word in std::iter::once(&name).chain(declared.aliases) {
            assert!(seen.insert(*word), "/{word} declared twice");
            let op = op(&format!("/{word}{}", sample(name)));
            assert_eq!(op.command().map(|c| c.name), Some(name), "/{word}: {op:?}");
            assert_eq!(spec(&word.to_uppercase()).map(|c| c.name), Some(name));
        }
    }
    assert!(spec("frobnicate").is_none());
    assert_eq!(Op::Press("x".into()).command().map(|c| c.name), None);
}

/// Who may use a command decides where an adapter asks whether someone is an admin: a
/// host's command always (an admin may act for the host), a chat-wide setting only when it
/// sets one, anything else never.
#[test]
fn admin_rights_are_asked_where_the_declaration_says() {
    for (line, asks) in [
        ("/play", true),
        ("/options 5m", true),
        ("/ludo options 5m", true),
        ("/kick Ben", true),
        ("/cancel 12", true),
        ("/lang chat fa", true),
        ("/boards edit", true),
        ("/lang fa", false),
        ("/boards", false),
        ("/status", false),
        ("/join", false),
        ("/snakes bounce", false),
        ("/top ludo", false),
    ] {
        assert_eq!(op(line).may_need_admin(), asks, "{line}");
    }
}

#[test]
fn games_open_lobbies_with_words() {
    assert_eq!(
        op("/snakes start bounce 5m"),
        Op::Create { game: GameKind::Snakes, words: vec!["bounce".into(), "5m".into()] }
    );
    assert_eq!(op("/ludo"), Op::Create { game: GameKind::Ludo, words: vec![] });
    // Every word after the game is an option, not only the first (README's examples).
    let words = |text: &str| text.split(' ').map(str::to_owned).collect::<Vec<_>>();
    for (text, game, expected) in [
        ("/snakes quick bounce 5m", GameKind::Snakes, "quick bounce 5m"),
        ("/ludo capture all", GameKind::Ludo, "capture all"),
        ("/nardy 3 lower strict 1m", GameKind::Nardy, "3 lower strict 1m"),
        ("/snakes quick bogus", GameKind::Snakes, "quick bogus"),
    ] {
        assert_eq!(op(text), Op::Create { game, words: words(expected) }, "{text}");
    }
    assert_eq!(
        op("/nardy@dicetable_bot 3"),
        Op::Create { game: GameKind::Nardy, words: vec!["3".into()] }
    );
    let c = parse("/snakes private quick").unwrap();
    assert!(c.private);
    assert_eq!(
        c.op,
        Op::Create { game: GameKind::Snakes, words: vec!["private".into(), "quick".into()] }
    );
    assert_eq!(op("/start i2s_0123456789abcdef"), Op::Invite("i2s_0123456789abcdef".into()));
    assert_eq!(op("/join i2s_0123456789abcdef"), Op::Invite("i2s_0123456789abcdef".into()));
    assert_eq!(op("/start"), Op::Help);
    assert_eq!(op("/rules ludo"), Op::Rules(Some(GameKind::Ludo)));
    assert_eq!(op("/nardy rules"), Op::Rules(Some(GameKind::Nardy)));
    assert_eq!(op("/rules"), Op::Rules(None));
    assert_eq!(op("/replay"), Op::Replay(Pick::Last));
    assert_eq!(op("/replay #12"), Op::Replay(Pick::Table(TableId::new(12))));
    assert_eq!(op("/replay 12"), Op::Replay(Pick::Table(TableId::new(12))));
    assert_eq!(op("/ludo replay"), Op::Replay(Pick::Game(GameKind::Ludo)));
    assert_eq!(op("/export nardy"), Op::Export(Pick::Game(GameKind::Nardy)));
    assert_eq!(op("/export@dicetable_bot 7"), Op::Export(Pick::Table(TableId::new(7))));
    // A word that is no game and no table number is refused by name, not read as "last".
    assert_eq!(op("/replay abc"), Op::Replay(Pick::Unknown("abc".into())));
    let long = "99999999999999999999999";
    assert_eq!(op(&format!("/replay {long}")), Op::Replay(Pick::Unknown(long.into())));
    assert_eq!(op("/export 1e9"), Op::Export(Pick::Unknown("1e9".into())));
    assert_eq!(op("/export +5"), Op::Export(Pick::Unknown("+5".into())));
    assert_eq!(op("/ludo replay 0"), Op::Replay(Pick::Unknown("0".into())));
}

/// Issue 48, item 2: `/board text` (and `/status text`) is the board as text; `/access`
/// turns text-first boards on or off; other words are refused by name.
#[test]
fn the_board_as_text_and_text_first_boards() {
    assert_eq!(op("/board text"), Op::BoardText(None));
    assert_eq!(op("/board TEXT ludo"), Op::BoardText(Some(GameKind::Ludo)));
    assert_eq!(op("/ludo status text"), Op::BoardText(Some(GameKind::Ludo)));
    let at = |table, op| Op::AtTable { table: TableId::new(table), op: Box::new(op) };
    assert_eq!(op("/board text 420"), at(420, Op::BoardText(None)));
    assert_eq!(op("/board"), Op::Status(None));
    assert_eq!(op("/board nardy"), Op::Status(Some(GameKind::Nardy)));
    let e = parse("/board txt").unwrap_err();
    assert_eq!(e, CommandError::BadWord { command: "status", word: "txt".into() });
    assert_eq!(e.key(), "err-status-word");
    assert_eq!(op("/access on"), Op::Access(Some(true)));
    assert_eq!(op("/access OFF"), Op::Access(Some(false)));
    assert_eq!(op("/accessibility"), Op::Access(None));
    let e = parse("/access maybe").unwrap_err();
    assert_eq!(e, CommandError::BadWord { command: "access", word: "maybe".into() });
    assert_eq!(e.key(), "err-access-word");
    assert_eq!(parse("/access on off").unwrap_err().key(), "err-access-word");
    assert_eq!(Op::BoardText(None).command().map(|c| c.name), Some("status"));
}

#[test]
fn table_commands_with_and_without_a_game() {
    assert_eq!(op("/join"), Op::Join(None));
    assert_eq!(op("/join ludo"), Op::Join(Some(GameKind::Ludo)));
    assert_eq!(op("/ludo join"), Op::Join(Some(GameKind::Ludo)));
    assert_eq!(op("/kick Sara Ahmadi"), Op::Kick { game: None, target: "Sara Ahmadi".into() });
    assert_eq!(op("/kick nardy 2"), Op::Kick { game: Some(GameKind::Nardy), target: "2".into() });
    assert_eq!(op("/lang chat fa"), Op::Lang { chat: true, code: Some("fa".into()) });
    assert_eq!(op("/lang"), Op::Lang { chat: false, code: None });
    assert_eq!(
        op("/options snakes bounce"),
        Op::Options { game: Some(GameKind::Snakes), words: vec!["bounce".into()] }
    );
    // A table's number picks one of several (issue 33): `420` or `#420`; where the words
    // may be numbers of their own (a seat, a match length), only `#420`.
    let at = |table, op| Op::AtTable { table: TableId::new(table), op: Box::new(op) };
    assert_eq!(op("/status 420"), at(420, Op::Status(None)));
    assert_eq!(op("/ludo status #420"), at(420, Op::Status(Some(GameKind::Ludo))));
    assert_eq!(op("/history ludo 7"), at(7, Op::History(Some(GameKind::Ludo))));
    assert_eq!(op("/fair 7"), at(7, Op::Fair(None)));
    assert_eq!(op("/cancel 7"), at(7, Op::Cancel(None)));
    assert_eq!(op("/resign 7"), at(7, Op::Resign(None)));
    assert_eq!(op("/join 7"), at(7, Op::Join(None)));
    assert_eq!(
        op("/kick #7 2"),
        at(7, Op::Kick { game: None, target: "2".into() }),
        "the seat stays the target"
    );
    assert_eq!(
        op("/options #7 3"),
        at(7, Op::Options { game: None, words: vec!["3".into()] }),
        "a match length stays an option"
    );
    // Issue 61: no table is numbered 0, so `/status 0` and `/board text 0` are refused,
    // not answered with the room's only table.
    for text in ["/status 0", "/board text 0", "/board text -3", "/board 00"] {
        let e = parse(text).unwrap_err();
        assert_eq!(e.key(), "err-status-word", "{text}");
    }
    // A number copied from a message with its invisible isolation marks.
    assert_eq!(op("/status \u{2068}420\u{2069}"), at(420, Op::Status(None)));
    assert_eq!(op("\u{200E}/status 420\u{200E}"), at(420, Op::Status(None)));
}

#[test]
fn not_commands_and_unknown_commands() {
    assert_eq!(parse("hello"), Err(CommandError::NotCommand));
    assert_eq!(parse("/dance"), Err(CommandError::Unknown("dance".into())));
    assert_eq!(parse("/kick"), Err(CommandError::Missing("kick")));
    assert_eq!(parse("/"), Err(CommandError::Unknown(String::new())));
    // A word the command does not take is answered with the words it does (issue 33).
    let e = parse("/boards sideways").unwrap_err();
    assert_eq!(e, CommandError::BadWord { command: "boards", word: "sideways".into() });
    assert_eq!(e.key(), "err-boards-word");
    assert_eq!(parse("/kick").unwrap_err().key(), "err-command-incomplete");
    assert_eq!(parse("/dance").unwrap_err().key(), "err-unknown-command");
}
