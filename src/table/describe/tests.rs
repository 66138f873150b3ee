//! The description says everything the picture shows: read back from the English words alone,
//! every position of seeded random games of every game and table size is the engine's own.

use super::*;
use crate::engine::ludo::LudoOptions;
use crate::engine::nardy::NardyOptions;
use crate::engine::snakes::{Layout, SnakesOptions};
use crate::engine::{Action, Legal};

/// A small seeded generator for dice and choices (the engine takes both as input).
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn die(&mut self) -> u8 {
        self.next(6) as u8 + 1
    }
}

/// The description as Discord's attachment holds it (1,024 characters).
fn described(i18n: &I18n, lang: Lang, game: &Game, names: &[String], lines: &[String]) -> String {
    Words::new(i18n, lang, game, names, lines, true).within(DESCRIPTION_MAX, Units::Chars)
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|k| format!("Player {k}")).collect()
}

/// Plays `game` with seeded dice and choices (now and then a seat resigns), checking `check`
/// after every action; returns how many positions were checked.
fn playout(mut game: Game, seed: u64, check: &mut dyn FnMut(&Game)) -> usize {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut checked = 0;
    for _ in 0..5_000 {
        check(&game);
        checked += 1;
        let action = match game.legal() {
            Legal::Over => break,
            Legal::Roll { seat, dice } => {
                if rng.next(150) == 0 && game.ranking().is_none() {
                    Action::Resign { seat }
                } else {
                    Action::Roll { dice: (0..dice).map(|_| rng.die()).collect() }
                }
            }
            Legal::RollOff { seats } => {
                Action::Roll { dice: seats.iter().map(|_| rng.die()).collect() }
            }
            Legal::Choose { actions, .. } => actions[rng.next(actions.len())].clone(),
        };
        game.play(&action).unwrap_or_else(|e| panic!("{action:?}: {e:?}"));
    }
    checked
}

/// The description in English without isolation marks, its lines after "Where everyone is:".
fn english(game: &Game, names: &[String]) -> Vec<String> {
    let text = described(&I18n::new(), Lang::En, game, names, &[]);
    assert!(text.chars().count() <= DESCRIPTION_MAX, "{text}");
    let text = text.replace(['\u{2068}', '\u{2069}'], "");
    let mut lines = text.lines().map(str::to_owned);
    assert_eq!(lines.next().as_deref(), Some("Where everyone is:"), "{text}");
    lines.collect()
}

fn number(word: &str) -> i64 {
    word.trim().parse().unwrap_or_else(|_| panic!("a number: {word:?}"))
}

/// Reads every place back from the English description of `game` and compares it with the
/// engine's state: nothing the picture shows is missing.
fn read_back(game: &Game, names: &[String]) {
    let lines = english(game, names);
    match game {
        Game::Snakes(g) => snakes_back(g, names, &lines),
        Game::Ludo(g) => ludo_back(g, names, &lines),
        Game::Nardy(g) => nardy_back(g, names, &lines),
    }
}

fn snakes_back(g: &Snakes, names: &[String], lines: &[String]) {
    assert_eq!(lines.len(), g.players(), "{lines:?}");
    for (seat, line) in lines.iter().enumerate() {
        let rest = line.strip_prefix(&format!("{}: ", names[seat])).unwrap();
        let read = match rest {
            "left the game" => None,
            "not on the board yet" => Some(0),
            square => Some(number(square.strip_prefix("square ").unwrap()) as u8),
        };
        let active = g.departures().is_active(seat as u8);
        assert_eq!(read, active.then_some(g.squares()[seat]), "{line}");
    }
}

fn ludo_back(g: &Ludo, names: &[String], lines: &[String]) {
    let track = g.track_len();
    let counting = "Squares are counted from each player's own start";
    ludo_places_back(g, names, lines, counting, |part| {
        if let Some(list) = part.strip_prefix("in the house: ") {
            return (list.to_owned(), -1);
        }
        let (piece, at) = part.strip_prefix("piece ").unwrap().split_once(' ').unwrap();
        let progress = match at.strip_prefix("on goal square ") {
            Some(goal) => track + number(goal) as i16 - 1,
            None => number(at.strip_prefix("on square ").unwrap()) as i16 - 1,
        };
        (piece.to_owned(), progress)
    });
}

/// Reads each Ludo player's line of `lines` (after how squares are counted, which begins with
/// `counting`) back, each part by `part` (the pieces it names, "1, 2", and their place as
/// progress, −1 in the house), and compares them with the engine's pieces: each piece said
/// once, nothing lost.
fn ludo_places_back(
    g: &Ludo,
    names: &[String],
    lines: &[String],
    counting: &str,
    part: impl Fn(&str) -> (String, i16),
) {
    assert!(lines[0].starts_with(counting), "{lines:?}");
    assert_eq!(lines.len(), g.players() + 1, "{lines:?}");
    for (seat, line) in lines[1..].iter().enumerate() {
        let rest = line.strip_prefix(&format!("{}: ", names[seat])).unwrap();
        if rest == "left the game" {
            assert!(!g.departures().is_active(seat as u8), "{line}");
            continue;
        }
        let mut read = [i16::MIN; 4];
        for said in rest.split("; ") {
            let (list, progress) = part(said);
            for piece in list.split(", ") {
                let piece = number(piece) as usize - 1;
                assert_eq!(read[piece], i16::MIN, "piece {} twice: {line}", piece + 1);
                read[piece] = progress;
            }
        }
        assert_eq!(read, g.pieces()[seat], "{line}");
    }
}

fn nardy_back(g: &Nardy, names: &[String], lines: &[String]) {
    assert!(lines[0].starts_with("Points are numbered as on the board"), "{lines:?}");
    let mut board = [0i8; 24];
    let mut off = [0u8; 2];
    for (side, line) in lines[1..3].iter().enumerate() {
        let (colour, sign) = if side == 0 { ("White", 1) } else { ("Black", -1) };
        let rest = match g.white_seat() {
            None => line.strip_prefix(&format!("{colour}: ")),
            Some(w) => {
                let seat = if side == 0 { w } else { 1 - w };
                line.strip_prefix(&format!("{} ({colour}): ", names[usize::from(seat)]))
            }
        }
        .unwrap_or_else(|| panic!("{line}"));
        let (points, borne) = rest.split_once("; borne off: ").unwrap();
        let (borne, pips) = borne.split_once("; pip count: ").unwrap();
        off[side] = number(borne) as u8;
        assert_eq!(number(pips), i64::from(g.pips().into_array()[side]), "{line}");
        if points != "no checkers on the board" {
            for point in points.split(", ") {
                let (count, at) = point.split_once(" on ").unwrap();
                board[number(at) as usize - 1] += sign * number(count) as i8;
            }
        }
    }
    assert_eq!(&board, g.board(), "{lines:?}");
    assert_eq!(off, g.off().into_array(), "{lines:?}");
    let length = g.options().match_to;
    if length > 1 {
        let score = g.score();
        let said =
            format!("Match to {length}: {} {}, {} {}", names[0], score[0], names[1], score[1]);
        assert_eq!(lines[3], said);
    }
}

/// Reads back every position of `seeds` seeded playouts of `new(players)` at each table size
/// in `sizes`; returns how many positions were read back.
fn read_back_playouts(
    sizes: std::ops::RangeInclusive<usize>,
    seeds: u64,
    new: impl Fn(usize) -> Game,
) -> usize {
    let mut positions = 0;
    for players in sizes {
        for seed in 0..seeds {
            let names = names(players);
            let seed = seed * 10 + players as u64;
            positions += playout(new(players), seed, &mut |game| read_back(game, &names));
        }
    }
    positions
}

#[test]
fn snakes_read_back_from_the_words() {
    let positions = read_back_playouts(2..=6, 8, |players| {
        Game::Snakes(Snakes::new(players, SnakesOptions::default(), Layout::classic(), 0).unwrap())
    });
    assert!(positions > 1_000, "{positions}");
}

#[test]
fn ludo_reads_back_from_the_words() {
    let positions = read_back_playouts(2..=8, 4, |players| {
        let options = LudoOptions { until: crate::engine::ludo::Until::All, ..Default::default() };
        Game::Ludo(Ludo::new(players, options).unwrap())
    });
    assert!(positions > 1_000, "{positions}");
}

#[test]
fn nardy_reads_back_from_the_words() {
    let mut positions = 0;
    for seed in 0..6 {
        let options = NardyOptions { match_to: 3, ..Default::default() };
        let names = names(2);
        positions +=
            playout(Game::Nardy(Nardy::new(options)), seed, &mut |game| read_back(game, &names));
    }
    assert!(positions > 300, "{positions}");
}

/// The gallery's positions (`dicetable render --demo`'s examples, each played from three
/// seeds): read back from English, and within 1,024 characters in every language.
#[test]
fn every_gallery_state_reads_back_and_fits() {
    let i18n = I18n::new();
    for example in crate::tools::gallery::EXAMPLES.iter() {
        for seed in 0..3 {
            let (game, _) = crate::tools::gallery::play(example, seed).unwrap();
            let names = names(game.players());
            read_back(&game, &names);
            for lang in Lang::ALL {
                let text = described(&i18n, lang, &game, &names, &[]);
                assert!(text.chars().count() <= DESCRIPTION_MAX, "{}: {lang:?}", example.name);
            }
        }
    }
}

/// The largest table, 8-player Ludo with long names and every piece out, fits Discord's 1,024
/// characters with every place said, in every language; the board's own lines give way first.
#[test]
fn the_largest_table_fits_in_every_language() {
    let names: Vec<String> = (1..=8).map(|k| format!("Alexandra Long{k}")).collect();
    // The game's last position, as late in a game as the playout goes (most pieces out).
    let mut last = None;
    let game = Game::Ludo(Ludo::new(8, LudoOptions::default()).unwrap());
    playout(game, 7, &mut |game| last = Some(game.clone()));
    let g = match last {
        Some(Game::Ludo(g)) => g,
        other => panic!("{other:?}"),
    };
    let lines: Vec<String> = (0..40).map(|k| format!("Something happened, line {k}.")).collect();
    let i18n = I18n::new();
    for lang in Lang::ALL {
        let text = described(&i18n, lang, &Game::Ludo(g.clone()), &names, &lines);
        assert!(text.chars().count() <= DESCRIPTION_MAX, "{lang:?}: {}", text.chars().count());
        for name in &names {
            assert!(text.contains(name.as_str()), "{lang:?}: {name} missing in {text}");
        }
        assert!(text.contains("line 39."), "{lang:?}: the newest line is kept: {text}");
        assert!(!text.contains("line 0."), "{lang:?}: the oldest lines give way: {text}");
    }
}

/// Reads a move's English label back and compares it with what the engine does with the move:
/// the piece, where it goes from and to as its player counts, whom it captures; the checker's
/// points, or its bearing off (issue 48, item 2).
fn label_back(game: &Game, action: &Action, label: &str, names: &[String]) {
    let mut after = game.clone();
    let events = after.play(action).unwrap();
    let captured: Vec<&str> = (events.iter())
        .filter_map(|e| match e {
            Event::Captured { seat, .. } => Some(names[usize::from(*seat)].as_str()),
            _ => None,
        })
        .collect();
    let (said, victims) = match label.split_once(", captures ") {
        Some((said, victims)) => (said, victims.split(", captures ").collect::<Vec<_>>()),
        None => (label, Vec::new()),
    };
    assert_eq!(victims, captured, "{label}");
    match (game, action) {
        (Game::Ludo(g), Action::Move { piece }) => {
            let track = g.track_len();
            let seat = usize::from(g.to_move().unwrap());
            let square = |word: &str| match word.strip_prefix("goal ") {
                Some(goal) => track + number(goal) as i16 - 1,
                None => number(word) as i16 - 1,
            };
            let (who, squares) = said.split_once(": ").unwrap();
            assert_eq!(who, format!("Piece {}", piece + 1), "{label}");
            let Game::Ludo(a) = &after else { unreachable!() };
            let to = a.pieces()[seat][usize::from(*piece)];
            match squares.strip_prefix("into play on square ") {
                Some(one) => {
                    assert_eq!((g.pieces()[seat][usize::from(*piece)], to), (-1, 0), "{label}");
                    assert_eq!(number(one), 1);
                }
                None => {
                    let (from, to_word) = squares.split_once(" → ").unwrap();
                    assert_eq!(square(from), g.pieces()[seat][usize::from(*piece)], "{label}");
                    assert_eq!(square(to_word), to, "{label}");
                }
            }
        }
        (Game::Nardy(_), Action::Step { from, .. }) => {
            let to = events.iter().find_map(|e| match e {
                Event::Stepped { to, .. } => Some(*to),
                _ => None,
            });
            let expected = match to.unwrap() {
                Some(to) => format!("Checker from {from} to {to}"),
                None => format!("Checker from {from}, borne off"),
            };
            assert_eq!(said, expected);
        }
        other => panic!("a label for {other:?}"),
    }
}

/// Every move a player may choose, in seeded Ludo and Nardy games, has a label in plain words in
/// every language, and the English one read back is the engine's own move; no label is only an
/// emoji or a colour, and two moves that differ never share a label (but for Nardy's two dice
/// that bear one checker off, which the board tells apart by the die).
#[test]
fn every_move_is_labelled_in_plain_words() {
    let i18n = I18n::new();
    let mut labelled = 0;
    let mut games = Vec::new();
    for players in [2, 4, 6, 8] {
        let options = LudoOptions { until: crate::engine::ludo::Until::All, ..Default::default() };
        games.push(Game::Ludo(Ludo::new(players, options).unwrap()));
    }
    games.push(Game::Nardy(Nardy::new(NardyOptions::default())));
    for (k, game) in games.into_iter().enumerate() {
        let names = names(game.players());
        for seed in 0..3 {
            playout(game.clone(), seed * 10 + k as u64, &mut |g| {
                if !matches!(g.legal(), Legal::Choose { .. }) {
                    return;
                }
                let mut seen = Vec::new();
                for a in g.distinct_choices() {
                    let label = action(&i18n, Lang::En, g, &a, &names).expect("a label");
                    let label = label.replace(['\u{2068}', '\u{2069}'], "");
                    label_back(g, &a, &label, &names);
                    assert!(
                        label.starts_with("Piece ") || label.starts_with("Checker "),
                        "{label}"
                    );
                    let bears_off = label.ends_with("borne off");
                    assert!(bears_off || !seen.contains(&label), "{label} twice");
                    seen.push(label);
                    for lang in [Lang::Fa, Lang::Ru, Lang::Tl] {
                        let said = action(&i18n, lang, g, &a, &names).expect("a label");
                        assert!(!said.contains("move-"), "{lang:?}: {said}");
                    }
                    labelled += 1;
                }
            });
        }
    }
    assert!(labelled > 1_000, "{labelled}");
}

/// A move the rules refuse, or an action that is no move, has no label.
#[test]
fn no_label_for_what_is_not_a_move() {
    let i18n = I18n::new();
    let game = Game::Ludo(Ludo::new(2, LudoOptions::default()).unwrap());
    let names = names(2);
    assert_eq!(action(&i18n, Lang::En, &game, &Action::Move { piece: 0 }, &names), None);
    let roll = Action::Roll { dice: vec![6] };
    assert_eq!(action(&i18n, Lang::En, &game, &roll, &names), None);
}

/// Reads every place back from the dense English places of `g` (issue 61): a player's pieces
/// on one square are named together, and nothing is lost.
fn ludo_dense_back(g: &Ludo, names: &[String], lines: &[String]) {
    let track = g.track_len();
    ludo_places_back(g, names, lines, "Squares from each player's own start", |part| {
        if let Some(list) = part.strip_prefix("house ") {
            return (list.to_owned(), -1);
        }
        let (list, at) = part.split_once(" on ").unwrap();
        let progress = match at.strip_prefix("goal ") {
            Some(goal) => track + number(goal) as i16 - 1,
            None => number(at) as i16 - 1,
        };
        (list.to_owned(), progress)
    });
}

#[test]
fn ludo_reads_back_from_the_dense_words() {
    let i18n = I18n::new();
    let mut positions = 0;
    for players in [2, 4, 6, 8] {
        let names = names(players);
        for seed in 0..3 {
            let options =
                LudoOptions { until: crate::engine::ludo::Until::All, ..Default::default() };
            let game = Game::Ludo(Ludo::new(players, options).unwrap());
            positions += playout(game, seed * 10 + players as u64, &mut |game| {
                let Game::Ludo(g) = game else { unreachable!() };
                let words = Words::new(&i18n, Lang::En, game, &names, &[], false);
                let lines: Vec<String> = (words.dense.lines())
                    .map(|l| l.replace(['\u{2068}', '\u{2069}'], ""))
                    .collect();
                ludo_dense_back(g, &names, &lines);
            });
        }
    }
    assert!(positions > 1_000, "{positions}");
}

/// Names of 56 characters in several scripts (one with emoji, which Telegram counts twice).
fn long_names() -> Vec<String> {
    let bases = [
        "Maximiliana Konstantina Alexandrovna Wolkenstein-Rodrigo",
        "Александра Константиновна Преображенская-Верховская Анна",
        "محمدرضا سیدابوالفضل حسینی‌نژاد اصفهانی فرزند غلامحسین خان",
        "Maria Clara de los Santos Bautista y Macapagal-Dimaculan",
        "🎲🎲 Dice Lover From The Far North Of The Great Lakes 🎲🎲",
    ];
    (0..8)
        .map(|k| {
            let base: String = bases[k % bases.len()].chars().take(54).collect();
            let name = format!("{base} {}", k + 1);
            assert_eq!(name.chars().count(), 56, "{name}");
            name
        })
        .collect()
}

/// Checks one fitted text: within `max`, whose turn first (where `turn` is given), and made of
/// whole lines only: each is the turn, the board's other lines, the heading, how places are
/// counted, a player's whole line (full or dense) or the note of how many more there are, which
/// then counts exactly the players not said. Returns whether every player was said.
fn check_fitted(words: &Words, text: &str, max: usize, units: Units, turn: Option<&str>) -> bool {
    assert!(units.of(text) <= max, "{} > {max}: {text}", units.of(text));
    let lines: Vec<&str> = text.lines().collect();
    if let Some(turn) = turn {
        assert_eq!(lines.first().copied(), Some(turn), "whose turn first: {text}");
    }
    let players = words.full.players.len();
    let mut said = 0;
    let mut note = None;
    for line in &lines {
        let known = words.lines.iter().any(|l| l == line)
            || *line == words.heading
            || words.full.counting.iter().chain(&words.dense.counting).any(|l| l == line);
        if known {
            continue;
        }
        if words.full.players.iter().chain(&words.dense.players).any(|l| l == line) {
            said += 1;
            continue;
        }
        match words.more.iter().position(|m| m == line) {
            Some(n) => note = Some(n + 1),
            None => panic!("a cut or unknown line {line:?} in {text}"),
        }
    }
    assert!(said <= players, "{text}");
    match note {
        Some(n) => assert_eq!(said + n, players, "{text}"),
        None => assert_eq!(said, players, "a player missing without a note: {text}"),
    }
    note.is_none()
}

/// Issue 61, item 1: the largest table (8-player Ludo), 56-character names in several scripts,
/// every position of long games, in every language: Discord's description (1,024 characters),
/// Telegram's caption quote (the room a caption leaves beside a board's last lines and a
/// mention, in UTF-16 units) and `/board text` (2,000) say whose turn it is first, never cut a
/// word, and say every player whole or name how many more `/board text` says; `/board text`
/// always says every player.
#[test]
fn the_largest_table_with_the_longest_names_is_never_cut() {
    let i18n = I18n::new();
    let names = long_names();
    // What a Telegram caption leaves the quote while a game goes on: 1,024 units, less the
    // board's last line (whose turn it is: 120 units with the longest names) and a line for
    // the mentioned player's name.
    let telegram_room = 1024 - 120 - 1 - (56 + 3);
    let mut longest = std::collections::BTreeMap::new();
    let mut all_said = [0usize; 2];
    let mut positions = 0;
    for lang in Lang::ALL {
        for seed in 0..3 {
            let options =
                LudoOptions { until: crate::engine::ludo::Until::All, ..Default::default() };
            let game = Game::Ludo(Ludo::new(8, options).unwrap());
            playout(game, 80 + seed, &mut |game| {
                positions += 1;
                let mover = game.legal().to_move().map_or(0, usize::from);
                let turn =
                    format!("🎲 \u{2068}{}\u{2069}, your turn: roll the dice.", names[mover]);
                let lines = vec![
                    format!(
                        "\u{2068}{}\u{2069} rolled 6 and moved piece 2.",
                        names[(mover + 7) % 8]
                    ),
                    turn.clone(),
                ];
                let words = Words::new(&i18n, lang, game, &names, &lines, false);
                let discord = words.within(DESCRIPTION_MAX, Units::Chars);
                all_said[0] +=
                    usize::from(check_fitted(&words, &discord, 1024, Units::Chars, Some(&turn)));
                let quote = words.places_within(telegram_room, Units::Utf16);
                all_said[1] +=
                    usize::from(check_fitted(&words, &quote, telegram_room, Units::Utf16, None));
                let text = words.within(TEXT_MAX_FOR_TESTS, Units::Utf16);
                assert!(check_fitted(&words, &text, TEXT_MAX_FOR_TESTS, Units::Utf16, Some(&turn)));
                for (platform, len) in [
                    ("discord", Units::Chars.of(&discord)),
                    ("telegram", Units::Utf16.of(&quote)),
                    ("board text", Units::Utf16.of(&text)),
                ] {
                    let most = longest.entry((platform, lang.code())).or_insert(0);
                    *most = (*most).max(len);
                }
                let full = Units::Utf16.of(&words.whole());
                let most = longest.entry(("whole", lang.code())).or_insert(0);
                *most = (*most).max(full);
                let mut dense = vec![words.heading.clone()];
                dense.extend(words.dense.lines().cloned());
                let dense = Units::Utf16.of(&dense.join("\n"));
                let most = longest.entry(("dense places", lang.code())).or_insert(0);
                *most = (*most).max(dense);
            });
        }
    }
    eprintln!(
        "positions {positions}; every player said: discord {}, telegram {}",
        all_said[0], all_said[1]
    );
    for ((platform, lang), len) in &longest {
        eprintln!("longest {platform} {lang}: {len}");
    }
    assert!(positions > 1_000, "{positions}");
    assert_eq!(all_said, [positions; 2], "every player said on both platforms");
}

/// `/board text`'s room (view.rs's `TEXT_MAX`).
const TEXT_MAX_FOR_TESTS: usize = 2000;

/// Where not every player fits, the player to move is said first of all, and the others in
/// seat order as room allows.
#[test]
fn the_player_to_move_is_said_first_when_not_all_fit() {
    let i18n = I18n::new();
    let names = long_names();
    let options = LudoOptions { until: crate::engine::ludo::Until::All, ..Default::default() };
    let mut late = None;
    playout(Game::Ludo(Ludo::new(8, options).unwrap()), 81, &mut |g| {
        if g.legal().to_move() == Some(6) {
            late = Some(g.clone());
        }
    });
    let game = late.expect("seat 7 moves at some point");
    let words = Words::new(&i18n, Lang::Ru, &game, &names, &[], false);
    let text = words.places_within(400, Units::Utf16);
    check_fitted(&words, &text, 400, Units::Utf16, None);
    assert!(text.contains(&names[6]), "the mover's line: {text}");
    assert!(text.lines().last().unwrap().contains("/board text"), "{text}");
    // A Discord board names Discord's command.
    let words = Words::new(&i18n, Lang::En, &game, &names, &[], true);
    let text = words.places_within(400, Units::Chars);
    assert!(text.contains("/game status text:True"), "{text}");
}

#[test]
fn isolation_marks_leave_numbers_only() {
    assert_eq!(bare_numbers("piece \u{2068}3\u{2069} on \u{2068}14\u{2069}"), "piece 3 on 14");
    assert_eq!(bare_numbers("\u{2068}1, 2\u{2069} on \u{2068}۱۴\u{2069}"), "1, 2 on ۱۴");
    let name = "\u{2068}Ana 2\u{2069}: \u{2068}house \u{2068}1\u{2069}\u{2069}";
    assert_eq!(bare_numbers(name), "\u{2068}Ana 2\u{2069}: \u{2068}house 1\u{2069}");
}
