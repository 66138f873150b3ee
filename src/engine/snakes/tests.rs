//! One test per rule id (docs/rules.md: S1–S14, with C5–C7 as Snakes applies them).

use serde_json::json;

use super::*;
use crate::engine::{Action, Event, Illegal, LeaveReason, NoMoveReason, Options, Status};

fn roll(d: u8) -> Action {
    Action::Roll { dice: vec![d] }
}

fn game(players: usize, options: SnakesOptions) -> Snakes {
    Snakes::new(players, options, Layout::classic(), 0).unwrap()
}

/// A two-player game on the classic board with seat 0 to move from `square`.
fn at(square: u8, options: SnakesOptions) -> Snakes {
    let mut g = game(2, options);
    g.squares[0] = square;
    g
}

fn bonus(three_sixes: ThreeSixes) -> SnakesOptions {
    SnakesOptions { bonus_six: true, three_sixes, ..SnakesOptions::default() }
}

#[test]
fn s1_board_has_100_squares_and_the_goal_is_100() {
    assert_eq!(GOAL, 100);
    let mut g = at(94, SnakesOptions::default());
    // 94 + 6 = 100 exactly: the path ends at square 100.
    let events = g.play(&roll(6)).unwrap();
    assert!(events.contains(&Event::Finished { seat: 0 }));
}

#[test]
fn s2_classic_board_jumps() {
    let g = game(2, SnakesOptions::default());
    for (from, to) in [(1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91)]
    {
        assert_eq!(g.layout().jump(from), to, "ladder {from}");
    }
    for (from, to) in [(16, 6), (47, 26), (49, 11), (56, 53), (62, 19), (64, 60), (87, 24)] {
        assert_eq!(g.layout().jump(from), to, "snake {from}");
    }
    assert_eq!(g.layout().jump(80), 100);
    assert_eq!(g.layout().jump(93), 73);
    assert_eq!(g.layout().jump(95), 75);
    assert_eq!(g.layout().jump(98), 78);
}

#[test]
fn s3_two_to_six_players_all_start_on_zero() {
    assert!(Snakes::new(7, SnakesOptions::default(), Layout::classic(), 0).is_err());
    assert!(Snakes::new(0, SnakesOptions::default(), Layout::classic(), 0).is_err());
    assert_eq!(crate::engine::GameKind::Snakes.players(), 2..=6);
    let g = game(6, SnakesOptions::default());
    assert_eq!(g.squares(), &[0; 6]);
}

#[test]
fn s4_first_player_is_given_then_seat_order() {
    let mut g = Snakes::new(3, SnakesOptions::default(), Layout::classic(), 2).unwrap();
    assert_eq!(g.to_move(), Some(2));
    let events = g.play(&roll(3)).unwrap();
    assert_eq!(events.last(), Some(&Event::Turn { seat: 0 }));
    g.play(&roll(3)).unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert!(Snakes::new(3, SnakesOptions::default(), Layout::classic(), 3).is_err());
}

#[test]
fn s5_one_die_per_roll_no_decision() {
    let mut g = game(2, SnakesOptions::default());
    assert_eq!(g.legal(), crate::engine::Legal::Roll { seat: 0, dice: 1 });
    let before = g.clone();
    assert_eq!(
        g.play(&Action::Roll { dice: vec![2, 3] }),
        Err(Illegal::DiceCount { expected: 1, got: 2 })
    );
    assert_eq!(g.play(&roll(0)), Err(Illegal::BadDie(0)));
    assert_eq!(g.play(&roll(7)), Err(Illegal::BadDie(7)));
    assert_eq!(g, before, "C7: refused actions change nothing");
    g.play(&roll(3)).unwrap();
    assert_eq!(g.squares()[0], 3);
}

#[test]
fn s6_tokens_share_squares() {
    let mut g = game(2, SnakesOptions::default());
    g.play(&roll(3)).unwrap();
    g.play(&roll(3)).unwrap();
    assert_eq!(g.squares(), &[3, 3]);
}

#[test]
fn s7_only_the_end_square_counts() {
    // From 0, a 5 passes the ladder at 1 and 4 without climbing.
    let mut g = game(2, SnakesOptions::default());
    let events = g.play(&roll(5)).unwrap();
    assert_eq!(events[1], Event::Moved { seat: 0, from: 0, to: 5 });
    assert_eq!(g.squares()[0], 5);
    // Ending on a ladder foot climbs.
    let mut g = at(3, SnakesOptions::default());
    let events = g.play(&roll(1)).unwrap();
    assert!(events.contains(&Event::Climbed { seat: 0, from: 4, to: 14 }));
    // Ending on a snake head slides.
    let mut g = at(12, SnakesOptions::default());
    let events = g.play(&roll(4)).unwrap();
    assert!(events.contains(&Event::Slid { seat: 0, from: 16, to: 6 }));
    assert_eq!(g.squares()[0], 6);
    // Ending on a snake's tail or a ladder's top does nothing.
    let mut g = at(2, SnakesOptions::default());
    g.play(&roll(4)).unwrap();
    assert_eq!(g.squares()[0], 6);
    let mut g = at(10, SnakesOptions::default());
    g.play(&roll(4)).unwrap();
    assert_eq!(g.squares()[0], 14);
}

#[test]
fn s8_exact_finish_overshoot_does_not_move() {
    let mut g = at(97, SnakesOptions::default());
    let events = g.play(&roll(5)).unwrap();
    assert!(events.contains(&Event::NoMove { seat: 0, reason: NoMoveReason::Overshoot }));
    assert_eq!(g.squares()[0], 97);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn s9_bounce_walks_back_and_applies_jumps() {
    let options = SnakesOptions { finish: Finish::Bounce, ..SnakesOptions::default() };
    // 97 + 5 → 98, the snake's head → 78 (the example of docs/rules.md, S9).
    let mut g = at(97, options);
    let events = g.play(&roll(5)).unwrap();
    assert_eq!(events[1], Event::Bounced { seat: 0, from: 97, to: 98 });
    assert_eq!(events[2], Event::Slid { seat: 0, from: 98, to: 78 });
    assert_eq!(g.squares()[0], 78);
    // 99 + 4 → 100, then back 3 → 97.
    let mut g = at(99, options);
    g.play(&roll(4)).unwrap();
    assert_eq!(g.squares()[0], 97);
}

#[test]
fn s10_bonus_six_rolls_again_even_without_moving() {
    let mut g = game(2, bonus(ThreeSixes::Unlimited));
    let events = g.play(&roll(6)).unwrap();
    assert_eq!(events.last(), Some(&Event::ExtraRoll { seat: 0 }));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.turn(), 1);
    // Blocked by the exact finish, a 6 still earns the roll.
    let mut g = at(97, bonus(ThreeSixes::Unlimited));
    let events = g.play(&roll(6)).unwrap();
    assert!(events.contains(&Event::NoMove { seat: 0, reason: NoMoveReason::Overshoot }));
    assert_eq!(g.to_move(), Some(0));
    // Off: a 6 passes the turn.
    let mut g = game(2, SnakesOptions::default());
    g.play(&roll(6)).unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.turn(), 2);
}

#[test]
fn s11_three_sixes_unlimited_cap_back_to_start() {
    // unlimited: the fourth six still earns a roll.
    let mut g = game(2, bonus(ThreeSixes::Unlimited));
    for _ in 0..4 {
        g.play(&roll(6)).unwrap();
    }
    assert_eq!(g.to_move(), Some(0));
    // cap: the third six is moved, then the turn passes.
    let mut g = game(2, bonus(ThreeSixes::Cap));
    g.play(&roll(6)).unwrap();
    g.play(&roll(6)).unwrap();
    let events = g.play(&roll(6)).unwrap();
    assert!(!events.contains(&Event::ExtraRoll { seat: 0 }));
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.squares()[0], 18);
    // back_to_start: the third six is not moved; locked until a six.
    let mut g = at(20, bonus(ThreeSixes::BackToStart));
    g.play(&roll(6)).unwrap(); // 26
    g.play(&roll(6)).unwrap(); // 32
    let events = g.play(&roll(6)).unwrap();
    assert!(events.contains(&Event::SentBack { seat: 0, from: 32 }));
    assert!(events.contains(&Event::Locked { seat: 0 }));
    assert_eq!((g.squares()[0], g.locked()[0], g.to_move()), (0, true, Some(1)));
    g.play(&roll(2)).unwrap(); // seat 1
    let events = g.play(&roll(5)).unwrap();
    assert!(events.contains(&Event::NoMove { seat: 0, reason: NoMoveReason::Locked }));
    assert_eq!(g.squares()[0], 0);
    g.play(&roll(2)).unwrap(); // seat 1
    let events = g.play(&roll(6)).unwrap();
    assert_eq!(events[1], Event::Unlocked { seat: 0 });
    assert_eq!(g.squares()[0], 6);
    assert!(events.contains(&Event::ExtraRoll { seat: 0 }), "the unlocking six earns a roll");
    assert_eq!(g.sixes_in_row(), 1);
}

#[test]
fn s11_three_sixes_needs_bonus_six() {
    let v = json!("cap");
    assert!(Options::parse(crate::engine::GameKind::Snakes, [("three_sixes", &v)]).is_err());
}

#[test]
fn s12_presets_and_overrides() {
    let parse = |pairs: &[(&str, serde_json::Value)]| match Options::parse(
        crate::engine::GameKind::Snakes,
        pairs.iter().map(|(k, v)| (*k, v)),
    ) {
        Ok(Options::Snakes(o)) => Ok(o),
        Ok(other) => panic!("not snakes options: {other:?}"),
        Err(e) => Err(e),
    };
    let quick = parse(&[("preset", json!("quick"))]).unwrap();
    assert_eq!(
        (quick.finish, quick.bonus_six, quick.three_sixes),
        (Finish::Bounce, true, ThreeSixes::Cap)
    );
    let trad = parse(&[("preset", json!("traditional"))]).unwrap();
    assert_eq!((trad.finish, trad.three_sixes), (Finish::Exact, ThreeSixes::BackToStart));
    assert_eq!(parse(&[("preset", json!("classic"))]).unwrap(), SnakesOptions::default());
    // An option named on its own overrides the preset, whatever the order.
    let o = parse(&[("finish", json!("exact")), ("preset", json!("quick"))]).unwrap();
    assert_eq!((o.finish, o.bonus_six), (Finish::Exact, true));
    let o = parse(&[("bonus_six", json!("on")), ("board", json!("random"))]).unwrap();
    assert_eq!((o.bonus_six, o.board), (true, BoardKind::Random));
    assert!(parse(&[("preset", json!("fast"))]).is_err());
    assert!(parse(&[("colour", json!("red"))]).is_err());
    assert!(parse(&[("bonus_six", json!(3))]).is_err());
}

#[test]
fn s13_first_to_100_wins_at_once_no_bonus() {
    let mut g = at(94, bonus(ThreeSixes::Unlimited));
    let events = g.play(&roll(6)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::ExtraRoll { .. })));
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![1, 2] }));
    assert_eq!(g.status(), Status::Finished);
    assert_eq!(g.play(&roll(1)), Err(Illegal::GameOver));
    // The 80 → 100 ladder wins too.
    let mut g = at(77, SnakesOptions::default());
    let events = g.play(&roll(3)).unwrap();
    assert!(events.contains(&Event::Finished { seat: 0 }));
    // And a bounce can end on 100 only by exact count: 99 + 1.
    let mut g = at(99, SnakesOptions { finish: Finish::Bounce, ..SnakesOptions::default() });
    g.play(&roll(1)).unwrap();
    assert_eq!(g.status(), Status::Finished);
}

#[test]
fn s14_others_rank_by_square_with_ties_zero_last() {
    let mut g = game(5, SnakesOptions::default());
    g.squares = vec![94, 30, 30, 0, 55];
    let events = g.play(&roll(6)).unwrap();
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![1, 3, 3, 5, 2] }));
}

#[test]
fn c5_resign_and_kick_leave_and_rank_below_with_later_leaver_above() {
    let mut g = game(4, SnakesOptions::default());
    g.squares = vec![40, 50, 60, 0];
    let events = g.play(&Action::Kick { seat: 2 }).unwrap();
    assert_eq!(events, vec![Event::Left { seat: 2, reason: LeaveReason::Kicked }]);
    assert_eq!(g.squares()[2], 0, "their token leaves the board");
    assert_eq!(g.play(&Action::Resign { seat: 2 }), Err(Illegal::AlreadyLeft(2)));
    assert_eq!(g.play(&Action::Resign { seat: 4 }), Err(Illegal::NoSuchSeat(4)));
    // The player to move resigns: the turn passes.
    let events = g.play(&Action::Resign { seat: 0 }).unwrap();
    assert_eq!(events[1], Event::Turn { seat: 1 });
    let events = g.play(&Action::Remove { seat: 3 }).unwrap();
    // Only seat 1 remains: it wins; seat 3 left last, then 0, then 2.
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![3, 1, 4, 2] }));
    assert_eq!(g.status(), Status::Finished);
    assert_eq!(g.to_move(), None);
}

#[test]
fn c7_json_round_trip_and_load_validation() {
    let mut g = game(3, bonus(ThreeSixes::BackToStart));
    g.play(&roll(6)).unwrap();
    g.play(&roll(2)).unwrap();
    let state = g.to_json();
    assert_eq!(Snakes::from_json(&state).unwrap(), g);
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut s = state.clone();
        f(&mut s);
        Snakes::from_json(&s).unwrap_err().to_string()
    };
    assert!(broken(&|s| s["squares"][0] = json!(101)).contains("past 100"));
    assert!(broken(&|s| s["squares"][0] = json!(4)).contains("snake or ladder starts"));
    assert!(broken(&|s| s["to_move"] = json!(5)).contains("to_move"));
    assert!(broken(&|s| s["status"] = json!("finished")).contains("status"));
    assert!(broken(&|s| s["colour"] = json!(1)).contains("unknown field"));
    assert!(broken(&|s| s["locked"][0] = json!(true)).contains("locked"));
    assert!(broken(&|s| s["ladders"] = json!([[5, 16]])).contains("chains"));
    assert!(broken(&|s| s["squares"] = json!([])).contains("one entry per seat"));
    assert!(broken(&|s| s["sixes_in_row"] = json!(3)).contains("sixes_in_row"));
}
