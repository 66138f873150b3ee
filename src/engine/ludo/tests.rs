//! One test per rule id (docs/rules.md: L1–L15, with C5–C7 as Ludo applies them).

use serde_json::json;

use super::*;
use crate::engine::{Action, Event, Illegal, LeaveReason, Legal, Status};

const H: i16 = HOUSE;

fn roll(d: u8) -> Action {
    Action::Roll { dice: vec![d] }
}

fn mv(piece: u8) -> Action {
    Action::Move { piece }
}

/// A game past its roll-off with seat 0 to roll and these pieces.
fn at(options: LudoOptions, pieces: &[[i16; 4]]) -> Ludo {
    let mut g = Ludo::new(pieces.len(), options).unwrap();
    g.pieces = pieces.to_vec();
    let mut events = Vec::new();
    g.start_turn(0, &mut events);
    g
}

fn plain(pieces: &[[i16; 4]]) -> Ludo {
    at(LudoOptions::default(), pieces)
}

fn choices(g: &Ludo) -> Vec<u8> {
    match g.legal() {
        Legal::Choose { actions, .. } => actions
            .iter()
            .map(|a| match a {
                Action::Move { piece } => *piece,
                other => panic!("{other:?}"),
            })
            .collect(),
        other => panic!("expected a choice, got {other:?}"),
    }
}

#[test]
fn l1_two_to_eight_players_four_pieces_arms_by_count() {
    assert!(Ludo::new(1, LudoOptions::default()).is_err());
    assert!(Ludo::new(9, LudoOptions::default()).is_err());
    for (players, arms) in [(2, 4), (3, 4), (4, 4), (5, 6), (6, 6), (7, 8), (8, 8)] {
        let g = Ludo::new(players, LudoOptions::default()).unwrap();
        assert_eq!(g.arms(), arms, "{players} players");
        assert_eq!(g.pieces().len(), players);
        assert!(g.pieces().iter().all(|p| p.len() == 4));
    }
}

#[test]
fn l2_geometry_for_4_6_and_8_arms() {
    for (players, arms, len) in [(4usize, 4u8, 40i16), (6, 6, 60), (8, 8, 80)] {
        let g = Ludo::new(players, LudoOptions::default()).unwrap();
        assert_eq!(g.track_len(), len);
        for seat in 0..players {
            let arm = g.seat_arms()[seat];
            assert_eq!(usize::from(arm), seat, "seat order fills arms 0, 1, 2, …");
            // Start square 10a; the last track square before the lane is 10a − 1 (mod L).
            assert_eq!(track_square(arms, arm, 0), 10 * arm);
            let last = (i16::from(10 * arm) - 1).rem_euclid(len) as u8;
            assert_eq!(track_square(arms, arm, len - 1), last);
        }
        // The whole journey: L − 1 track steps, then 4 lane squares: L + 3 steps in all.
        let mut g = at(LudoOptions::default(), &vec![[len - 1, H, H, H]; players]);
        g.pieces.iter_mut().skip(1).for_each(|p| *p = [H; 4]);
        assert_eq!(g.destination(0, 0, 4), Ok(len + 3));
        assert_eq!(g.destination(0, 0, 5), Err(Blocked::PastGoal));
    }
    assert_eq!(seat_arms(2), vec![0, 2], "two players sit opposite");
    assert_eq!(seat_arms(3), vec![0, 1, 2]);
}

#[test]
fn l3_all_pieces_start_in_the_house() {
    let g = Ludo::new(5, LudoOptions::default()).unwrap();
    assert!(g.pieces().iter().all(|p| *p == [HOUSE; 4]));
}

#[test]
fn l4_roll_off_highest_starts_ties_roll_again() {
    let mut g = Ludo::new(4, LudoOptions::default()).unwrap();
    assert_eq!(g.legal(), Legal::RollOff { seats: vec![0, 1, 2, 3] });
    assert_eq!(g.to_move(), None);
    assert_eq!(
        g.play(&Action::Roll { dice: vec![5, 6] }),
        Err(Illegal::DiceCount { expected: 4, got: 2 })
    );
    assert_eq!(g.play(&mv(0)), Err(Illegal::RollExpected));
    let events = g.play(&Action::Roll { dice: vec![6, 2, 6, 1] }).unwrap();
    assert_eq!(events.last(), Some(&Event::RollOffAgain { seats: vec![0, 2] }));
    assert_eq!(g.legal(), Legal::RollOff { seats: vec![0, 2] });
    let events = g.play(&Action::Roll { dice: vec![3, 4] }).unwrap();
    assert_eq!(events[0], Event::RollOff { rolls: vec![[0, 3], [2, 4]] });
    assert_eq!(events.last(), Some(&Event::Turn { seat: 2 }));
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(g.turn(), 1);
    // Then clockwise: 2 → 3 → 0.
    g.play(&roll(1)).unwrap(); // no piece out: try 2 of 3
    g.play(&roll(1)).unwrap();
    g.play(&roll(1)).unwrap();
    assert_eq!(g.to_move(), Some(3));
}

#[test]
fn l5_roll_one_die_move_one_piece() {
    let mut g = plain(&[[5, 12, H, H], [H; 4]]);
    assert_eq!(
        g.play(&Action::Roll { dice: vec![3, 3] }),
        Err(Illegal::DiceCount { expected: 1, got: 2 })
    );
    g.play(&roll(3)).unwrap();
    assert_eq!(choices(&g), vec![0, 1]);
    g.play(&mv(1)).unwrap();
    assert_eq!(g.pieces()[0], [5, 15, H, H]);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn l6_leave_the_house_only_on_a_six_onto_a_free_start() {
    // A piece cannot leave the house on a 5.
    let mut g = plain(&[[3, H, H, H], [H; 4]]);
    g.play(&roll(5)).unwrap();
    assert_eq!(choices(&g), vec![0]);
    assert_eq!(g.play(&mv(1)), Err(Illegal::PieceCannotMove { piece: 1, why: Blocked::NeedsSix }));
    // On a 6, but not while an own piece stands on the start square.
    let mut g = plain(&[[0, H, H, H], [H; 4]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![0]);
    assert_eq!(
        g.play(&mv(1)),
        Err(Illegal::PieceCannotMove { piece: 1, why: Blocked::StartOccupied })
    );
    // Entering captures an opponent on the start square. Seat 1 (arm 2) at progress 20 stands on
    // square 0, seat 0's start.
    let mut g = plain(&[[H; 4], [20, H, H, H]]);
    g.play(&roll(6)).unwrap();
    let events = g.play(&mv(2)).unwrap();
    assert_eq!(events[0], Event::Entered { seat: 0, piece: 2 });
    assert_eq!(events[1], Event::Captured { seat: 1, piece: 0, by: 0 });
    assert_eq!(g.pieces()[1], [H; 4]);
    assert_eq!(g.pieces()[0], [H, H, 0, H]);
}

#[test]
fn l7_bonus_roll_after_a_six_even_without_a_move_but_not_after_finishing() {
    let mut g = plain(&[[10, H, H, H], [H; 4]]);
    g.play(&roll(6)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert_eq!(events.last(), Some(&Event::ExtraRoll { seat: 0 }));
    assert_eq!(g.legal(), Legal::Roll { seat: 0, dice: 1 });
    // No move possible with the 6 (every piece would pass the goal's end): roll again anyway.
    let mut g = plain(&[[38, 43, 42, 41], [H; 4]]);
    let events = g.play(&roll(6)).unwrap();
    assert!(events.contains(&Event::NoMove { seat: 0, reason: NoMoveReason::NoLegalMove }));
    assert_eq!(events.last(), Some(&Event::ExtraRoll { seat: 0 }));
    // A 6 that brings the last piece into the goal earns no bonus (until all: the others play on).
    let options = LudoOptions { until: Until::All, ..LudoOptions::default() };
    let mut g = at(options, &[[34, 43, 42, 41], [H; 4], [H; 4]]);
    g.play(&roll(6)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert!(events.contains(&Event::Finished { seat: 0 }));
    assert!(!events.contains(&Event::ExtraRoll { seat: 0 }));
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn l8_three_tries_only_when_no_roll_of_1_to_5_could_move() {
    // All pieces in the house: three tries.
    let mut g = plain(&[[H; 4], [H; 4]]);
    assert_eq!(g.tries(), 3);
    assert_eq!(g.play(&roll(2)).unwrap().last(), Some(&Event::TryAgain { seat: 0, try_number: 2 }));
    assert_eq!(g.play(&roll(4)).unwrap().last(), Some(&Event::TryAgain { seat: 0, try_number: 3 }));
    assert_eq!(g.play(&roll(1)).unwrap().last(), Some(&Event::Turn { seat: 1 }));
    // The remaining pieces packed at the lane's far end: three tries.
    let g = plain(&[[43, 42, H, H], [H; 4]]);
    assert_eq!(g.tries(), 3);
    // A 6 on the third try is moved as usual.
    let mut g = plain(&[[H; 4], [H; 4]]);
    g.play(&roll(1)).unwrap();
    g.play(&roll(1)).unwrap();
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![0, 1, 2, 3]);
    // Schmidt's example: one piece on lane square 3 of 4 (it can still move 1) and three in the
    // house: one roll only.
    let mut g = plain(&[[42, H, H, H], [H; 4]]);
    assert_eq!(g.tries(), 1);
    let events = g.play(&roll(3)).unwrap();
    assert!(events.contains(&Event::NoMove { seat: 0, reason: NoMoveReason::NoLegalMove }));
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
}

#[test]
fn l8_the_roll_after_a_six_is_one_roll_even_when_stuck() {
    // The reproduction: a 6 takes piece 0 to the lane's far end (43), leaving only
    // pieces in the house: no roll of 1–5 could move, but the roll again is one roll.
    let mut g = plain(&[[37, H, H, H], [5, H, H, H]]);
    g.play(&roll(6)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert_eq!(events.last(), Some(&Event::ExtraRoll { seat: 0 }));
    assert_eq!(g.tries(), 1, "one roll, not three tries");
    let events = g.play(&roll(2)).unwrap();
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn l9_free_choice_and_the_must_options() {
    // Nothing compulsory by default: entering and capturing are optional. Seat 1 (arm 2) at
    // progress 28 stands on square 8, seat 0's progress 8.
    let mut g = plain(&[[H, 2, 20, H], [28, H, H, H]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![0, 1, 2, 3]);
    // must_capture: only the capture.
    let capture = LudoOptions { must_capture: true, ..LudoOptions::default() };
    let mut g = at(capture, &[[H, 2, 20, H], [28, H, H, H]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![1]);
    assert_eq!(
        g.play(&mv(2)),
        Err(Illegal::PieceCannotMove { piece: 2, why: Blocked::MustCapture })
    );
    // must_enter: only entering.
    let enter = LudoOptions { must_enter: true, ..LudoOptions::default() };
    let mut g = at(enter, &[[H, 2, 20, H], [28, H, H, H]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![0, 3]);
    assert_eq!(g.play(&mv(1)), Err(Illegal::PieceCannotMove { piece: 1, why: Blocked::MustEnter }));
    // Both: a capture first, then entering among what remains (here the capture wins).
    let both = LudoOptions { must_enter: true, must_capture: true, ..LudoOptions::default() };
    let mut g = at(both, &[[H, 2, 20, H], [28, H, H, H]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![1]);
    // Both, with an entering capture (opponent on the start) and another capture: entering wins.
    let mut g = at(both, &[[H, 2, 20, H], [20, 28, H, H]]);
    g.play(&roll(6)).unwrap();
    assert_eq!(choices(&g), vec![0, 3]);
}

#[test]
fn l10_third_six_forfeits_when_on() {
    let options = LudoOptions { three_sixes_forfeit: true, ..LudoOptions::default() };
    let mut g = at(options, &[[5, H, H, H], [H; 4]]);
    g.play(&roll(6)).unwrap();
    g.play(&mv(0)).unwrap();
    g.play(&roll(6)).unwrap();
    g.play(&mv(0)).unwrap();
    let events = g.play(&roll(6)).unwrap();
    assert_eq!(events[1], Event::Forfeit { seat: 0 });
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.pieces()[0][0], 17);
    // A roll that is not a 6 ends the run: 6, (2), 6, 6 is two sixes in a row, not three.
    // (A turn that starts stuck, as stored before L8 was spelled out: three tries after a 6.)
    let mut g = at(options, &[[H; 4], [H; 4]]);
    g.sixes = 1;
    g.tries = 3;
    let events = g.play(&roll(2)).unwrap();
    assert_eq!(events.last(), Some(&Event::TryAgain { seat: 0, try_number: 2 }));
    g.play(&roll(6)).unwrap();
    g.play(&mv(0)).unwrap();
    let events = g.play(&roll(6)).unwrap();
    assert!(!events.contains(&Event::Forfeit { seat: 0 }), "{events:?}");
    assert_eq!(g.to_move(), Some(0));
    // Off (default): the third six is played.
    let mut g = plain(&[[5, H, H, H], [H; 4]]);
    for _ in 0..3 {
        g.play(&roll(6)).unwrap();
        g.play(&mv(0)).unwrap();
    }
    assert_eq!(g.pieces()[0][0], 23);
}

#[test]
fn l11_no_legal_move_passes_the_turn() {
    let mut g = plain(&[[41, H, H, H], [H; 4]]);
    let events = g.play(&roll(5)).unwrap();
    assert_eq!(events[1], Event::NoMove { seat: 0, reason: NoMoveReason::NoLegalMove });
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
}

#[test]
fn l12_jump_anything_never_land_on_own_piece() {
    let mut g = plain(&[[5, 8, H, H], [26, H, H, H]]);
    g.play(&roll(3)).unwrap();
    assert_eq!(choices(&g), vec![1], "piece 0 would land on piece 1");
    assert_eq!(g.play(&mv(0)), Err(Illegal::PieceCannotMove { piece: 0, why: Blocked::OwnPiece }));
    // Jumping over own and opposing pieces is fine: 5 → 10 over 6 (opponent) and 8 (own).
    let mut g = plain(&[[5, 8, H, H], [26, H, H, H]]);
    g.play(&roll(5)).unwrap();
    g.play(&mv(0)).unwrap();
    assert_eq!(g.pieces()[0], [10, 8, H, H]);
    assert_eq!(g.pieces()[1], [26, H, H, H]);
    // Own pieces may be jumped in the lane: 40 → 43 over 41 and 42.
    let mut g = plain(&[[40, 41, 42, H], [H; 4]]);
    g.play(&roll(3)).unwrap();
    g.play(&mv(0)).unwrap();
    assert_eq!(g.pieces()[0], [43, 41, 42, H]);
}

#[test]
fn l13_capture_on_the_track_lanes_are_safe() {
    let mut g = plain(&[[4, H, H, H], [26, H, H, H]]);
    g.play(&roll(2)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert!(events.contains(&Event::Captured { seat: 1, piece: 0, by: 0 }));
    assert_eq!(g.pieces()[1], [H; 4]);
    // Seat 1's lane is not seat 0's track: no capture at equal "squares" in lanes.
    let mut g = plain(&[[38, H, H, H], [40, H, H, H]]);
    g.play(&roll(3)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })));
    assert_eq!(g.pieces()[1], [40, H, H, H]);
}

#[test]
fn l14_exact_count_into_the_goal_lane() {
    // A piece 2 short of its last lane square cannot use a 3.
    let mut g = plain(&[[41, 10, H, H], [H; 4]]);
    g.play(&roll(3)).unwrap();
    assert_eq!(choices(&g), vec![1]);
    assert_eq!(g.play(&mv(0)), Err(Illegal::PieceCannotMove { piece: 0, why: Blocked::PastGoal }));
    let mut g = plain(&[[41, 10, H, H], [H; 4]]);
    g.play(&roll(2)).unwrap();
    g.play(&mv(0)).unwrap();
    assert_eq!(g.pieces()[0][0], 43);
}

#[test]
fn l15_until_first_ranks_by_goal_then_distance() {
    let mut g = plain(&[[39, 43, 42, 41], [40, 41, 5, H], [40, 41, 6, H], [20, H, H, H]]);
    g.play(&roll(1)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert!(events.contains(&Event::Finished { seat: 0 }));
    assert_eq!(g.status(), Status::Finished);
    // Seats 1 and 2 have 2 pieces in the goal; seat 2 travelled one step further.
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![1, 3, 2, 4] }));
}

#[test]
fn l15_until_all_plays_on_for_the_places() {
    let options = LudoOptions { until: Until::All, ..LudoOptions::default() };
    let mut g = at(options, &[[39, 43, 42, 41], [H; 4], [39, 43, 42, 41]]);
    g.play(&roll(1)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
    assert_eq!(g.status(), Status::Playing);
    for _ in 0..3 {
        g.play(&roll(2)).unwrap(); // seat 1, three tries, nothing
    }
    assert_eq!(g.to_move(), Some(2));
    g.play(&roll(1)).unwrap();
    let events = g.play(&mv(0)).unwrap();
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![1, 3, 2] }));
}

#[test]
fn c5_departures_in_roll_off_and_in_play() {
    let mut g = Ludo::new(3, LudoOptions::default()).unwrap();
    g.play(&Action::Resign { seat: 1 }).unwrap();
    assert_eq!(g.legal(), Legal::RollOff { seats: vec![0, 2] });
    let events = g.play(&Action::Kick { seat: 0 }).unwrap();
    // Only seat 2 remains: the game ends and it wins; seat 0 left later than seat 1.
    assert_eq!(events[0], Event::Left { seat: 0, reason: LeaveReason::Kicked });
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![2, 3, 1] }));

    let mut g = plain(&[[5, H, H, H], [7, H, H, H], [H; 4]]);
    g.play(&roll(3)).unwrap();
    let events = g.play(&Action::Remove { seat: 0 }).unwrap();
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }), "the mover left: next seat");
    assert_eq!(g.pieces()[0], [H; 4]);
    assert_eq!(g.play(&Action::Remove { seat: 0 }), Err(Illegal::AlreadyLeft(0)));
}

#[test]
fn c7_refusals_change_nothing_and_json_round_trips() {
    let mut g = plain(&[[5, H, H, H], [7, H, H, H]]);
    g.play(&roll(6)).unwrap();
    let before = g.clone();
    assert_eq!(g.play(&roll(3)), Err(Illegal::MoveExpected));
    assert_eq!(g.play(&mv(7)), Err(Illegal::NoSuchPiece(7)));
    assert_eq!(g, before);
    let state = g.to_json();
    assert_eq!(state["die"], json!(6));
    assert_eq!(Ludo::from_json(&state).unwrap(), g);
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut s = state.clone();
        f(&mut s);
        Ludo::from_json(&s).unwrap_err().to_string()
    };
    assert!(broken(&|s| s["pieces"][0] = json!([5, 5, H, H])).contains("two pieces"));
    assert!(broken(&|s| s["pieces"][0] = json!([44, H, H, H])).contains("outside"));
    // Seat 1 (arm 2) progress 25 is square 5, where seat 0's piece stands.
    assert!(broken(&|s| s["pieces"][1] = json!([25, H, H, H])).contains("opponent"));
    assert!(broken(&|s| s["arms"] = json!(6)).contains("arms"));
    assert!(broken(&|s| s["die"] = json!(9)).contains("die"));
    assert!(broken(&|s| s["to_move"] = json!(null)).contains("to_move"));
    assert!(broken(&|s| s["finished"] = json!([0, null])).contains("finished"));
    assert!(broken(&|s| s["extra"] = json!(0)).contains("unknown field"));
}
