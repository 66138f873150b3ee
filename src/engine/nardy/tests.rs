//! One test per rule id (docs/rules.md: N1–N15).

use super::*;
use crate::engine::{Action, DiceLostReason, Event, Illegal, LeaveReason, Legal, Status};

/// A position with White (seat 0) to roll, not on anyone's first turn. Points are White's frame.
fn position(white: &[(u8, i8)], black: &[(u8, i8)]) -> Nardy {
    position_with(NardyOptions::default(), white, black)
}

fn position_with(options: NardyOptions, white: &[(u8, i8)], black: &[(u8, i8)]) -> Nardy {
    let mut g = Nardy::new(options);
    g.board = [0; 24];
    for &(p, c) in white {
        g.board[usize::from(p) - 1] = c;
    }
    for &(p, c) in black {
        g.board[usize::from(p) - 1] = -c;
    }
    let count = |cs: &[(u8, i8)]| cs.iter().map(|&(_, c)| c as u8).sum::<u8>();
    g.off = ByColour::new(CHECKERS - count(white), CHECKERS - count(black));
    g.white_seat = Some(0);
    g.phase = Phase::Roll;
    g.to_move = Colour::White;
    g.first_turn = ByColour::new(false, false);
    g.turn = 9;
    g
}

fn roll(a: u8, b: u8) -> Action {
    Action::Roll { dice: vec![a, b] }
}

fn step(from: u8, die: u8) -> Action {
    Action::Step { from, die }
}

fn steps(g: &Nardy) -> Vec<(u8, u8)> {
    g.legal_steps().iter().map(|s| (s.from, s.die)).collect()
}

fn refused(g: &mut Nardy, from: u8, die: u8) -> StepBlocked {
    let before = g.clone();
    let why = match g.play(&step(from, die)) {
        Err(Illegal::StepNotAllowed { why, .. }) => why,
        other => panic!("step {from}/{die} should be refused, got {other:?}"),
    };
    assert_eq!(*g, before, "C7: refused steps change nothing");
    why
}

#[test]
fn n1_start_position_and_routes() {
    let g = Nardy::new(NardyOptions::default());
    assert_eq!(g.board()[23], 15);
    assert_eq!(g.board()[11], -15);
    assert_eq!(g.pips(), ByColour::new(360, 360));
    // Black moves 12 → 1, then 24 → 13: a Black checker on 3 with a 5 reaches 22.
    let mut g = position(&[(1, 15)], &[(3, 1), (13, 14)]);
    g.to_move = Colour::Black;
    g.play(&roll(5, 1)).unwrap();
    assert!(steps(&g).contains(&(3, 5)));
    let events = g.play(&step(3, 5)).unwrap();
    assert_eq!(events[0], Event::Stepped { seat: 1, from: 3, to: Some(22), die: 5 });
    // Black's home is 13–18: with everything there, it bears off.
    let mut g = position(&[(1, 15)], &[(13, 15)]);
    g.to_move = Colour::Black;
    g.play(&roll(1, 2)).unwrap();
    assert!(steps(&g).contains(&(13, 1)));
    let events = g.play(&step(13, 1)).unwrap();
    assert_eq!(events[0], Event::Stepped { seat: 1, from: 13, to: None, die: 1 });
    assert_eq!(g.off(), ByColour::new(0, 1));
}

#[test]
fn n2_roll_off_higher_plays_white_and_rolls_both_dice() {
    let mut g = Nardy::new(NardyOptions::default());
    assert_eq!(g.legal(), Legal::RollOff { seats: vec![0, 1] });
    let events = g.play(&roll(4, 4)).unwrap();
    assert_eq!(events.last(), Some(&Event::RollOffAgain { seats: vec![0, 1] }));
    let events = g.play(&roll(2, 5)).unwrap();
    assert!(events.contains(&Event::Colours { white: 1 }));
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
    // White then rolls both dice for the first move.
    assert_eq!(g.legal(), Legal::Roll { seat: 1, dice: 2 });
    assert_eq!(g.white_seat(), Some(1));
}

#[test]
fn n3_two_dice_two_moves_doubles_four() {
    // 5-2: one checker 5 then 2, or two checkers.
    let mut g = position(&[(20, 1), (18, 1), (1, 13)], &[(12, 15)]);
    g.play(&roll(5, 2)).unwrap();
    g.play(&step(20, 5)).unwrap();
    assert_eq!(steps(&g), vec![(18, 2), (15, 2)]);
    g.play(&step(15, 2)).unwrap();
    assert_eq!(g.board()[12], 1, "one checker went 20 → 15 → 13");
    // A double gives four moves: 20 → 17 → 14 → 11 → 8.
    let mut g = position(&[(20, 1), (1, 14)], &[(12, 15)]);
    g.play(&roll(3, 3)).unwrap();
    assert_eq!(g.dice(), &[3, 3, 3, 3]);
    for from in [20, 17, 14, 11] {
        g.play(&step(from, 3)).unwrap();
    }
    assert_eq!(g.board()[7], 1);
    assert_eq!(g.board()[19], 0);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn n4_no_landing_on_an_opponent_even_in_passing() {
    let mut g = position(&[(20, 1), (1, 14)], &[(15, 1), (13, 14)]);
    g.play(&roll(5, 2)).unwrap();
    assert_eq!(refused(&mut g, 20, 5), StepBlocked::Occupied);
    // 20 → 13 is possible through 18 but not through 15: the combined move exists only one way.
    let turns = g.turns();
    assert!(turns.iter().all(|t| t.steps[0] == Step { from: 20, die: 2 }), "{turns:?}");
    // With 18 blocked too, the checker cannot reach 13 at all.
    let mut g = position(&[(20, 1), (1, 14)], &[(15, 1), (18, 1), (13, 13)]);
    g.play(&roll(5, 2)).unwrap();
    assert!(g.turns().is_empty());
    assert_eq!(g.to_move(), Some(1), "nothing legal: the turn passed (N8)");
}

#[test]
fn n5_head_rule_one_checker_per_turn() {
    let mut g = position(&[(24, 14), (1, 1)], &[(12, 15)]);
    g.play(&roll(5, 3)).unwrap();
    g.play(&step(24, 5)).unwrap();
    assert_eq!(refused(&mut g, 24, 3), StepBlocked::Head);
    g.play(&step(19, 3)).unwrap();
    assert_eq!(g.board()[23], 13);
}

#[test]
fn n5_first_turn_6_6_takes_two_from_the_head_and_loses_two_sixes() {
    let mut g = Nardy::new(NardyOptions::default());
    g.play(&roll(3, 1)).unwrap();
    g.play(&roll(6, 6)).unwrap();
    g.play(&step(24, 6)).unwrap();
    let events = g.play(&step(24, 6)).unwrap();
    assert!(events.contains(&Event::DiceLost {
        seat: 0,
        dice: vec![6, 6],
        reason: DiceLostReason::Blocked
    }));
    assert_eq!(g.board()[17], 2);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn n5_first_turn_3_3_is_9_plus_3_or_6_plus_6() {
    let mut g = Nardy::new(NardyOptions::default());
    g.play(&roll(3, 1)).unwrap();
    g.play(&roll(3, 3)).unwrap();
    let finals: Vec<Vec<(usize, i8)>> = g
        .turns()
        .iter()
        .map(|t| {
            t.board.iter().enumerate().filter(|(_, v)| **v > 0).map(|(i, v)| (i + 1, *v)).collect()
        })
        .collect();
    assert_eq!(finals.len(), 2);
    assert!(finals.contains(&vec![(15, 1), (21, 1), (24, 13)]), "9 + 3");
    assert!(finals.contains(&vec![(18, 2), (24, 13)]), "6 + 6");
    // After the first turn, the exception is gone.
    let mut g = position(&[(24, 15)], &[(12, 15)]);
    g.play(&roll(3, 3)).unwrap();
    g.play(&step(24, 3)).unwrap();
    assert_eq!(refused(&mut g, 24, 3), StepBlocked::Head);
}

#[test]
fn n5_head_exception_needed_versus_strict() {
    // Black's first turn with 5-5 while White holds point 2 (Black's route 24 → 19 → 14): one
    // head checker plays a single 5; a second one lets two be played.
    let white = [(24, 14), (2, 1)];
    let black = [(12, 15)];
    let first_black = |options| {
        let mut g = position_with(options, &white, &black);
        g.to_move = Colour::Black;
        g.first_turn = ByColour::new(false, true);
        g.play(&roll(5, 5)).unwrap();
        g
    };
    let mut needed = first_black(NardyOptions::default());
    needed.play(&step(12, 5)).unwrap();
    assert_eq!(steps(&needed), vec![(12, 5)], "a second head checker is needed and allowed");
    let strict = NardyOptions { head_exception: HeadException::Strict, ..NardyOptions::default() };
    let mut strict = first_black(strict);
    let events = strict.play(&step(12, 5)).unwrap();
    assert!(
        events.contains(&Event::DiceLost {
            seat: 1,
            dice: vec![5, 5, 5],
            reason: DiceLostReason::Blocked
        }),
        "{events:?}"
    );
}

#[test]
fn n6_full_move_is_compulsory() {
    // 6-1 with a checker on 10 and Black on 3. 10 by 1 → 9 is legal by itself, but then the 6
    // (9 → 3) is blocked and nothing else can move: one die. 10 by 6 → 4 brings everything home,
    // and the 1 then bears a checker off from 1: both dice. So 10 by 1 is refused (N6).
    let mut g = position(&[(10, 1), (1, 14)], &[(3, 1), (12, 14)]);
    g.play(&roll(6, 1)).unwrap();
    assert_eq!(steps(&g), vec![(10, 6)]);
    assert_eq!(refused(&mut g, 10, 1), StepBlocked::FullMove);
    g.play(&step(10, 6)).unwrap();
    assert_eq!(steps(&g), vec![(1, 1)]);
    g.play(&step(1, 1)).unwrap();
    assert_eq!(g.off(), ByColour::new(1, 0));
}

#[test]
fn n7_larger_die_when_only_one_can_be_played() {
    let mut g = position(&[(13, 1), (1, 14)], &[(3, 15)]);
    g.play(&roll(6, 4)).unwrap();
    assert_eq!(steps(&g), vec![(13, 6)]);
    assert_eq!(refused(&mut g, 13, 4), StepBlocked::LargerDie);
    let events = g.play(&step(13, 6)).unwrap();
    assert!(events.contains(&Event::DiceLost {
        seat: 0,
        dice: vec![4],
        reason: DiceLostReason::OneDieOnly
    }));
    // When only the smaller can be played, it is played.
    let mut g = position(&[(13, 1), (1, 14)], &[(7, 1), (3, 14)]);
    g.play(&roll(6, 4)).unwrap();
    assert_eq!(steps(&g), vec![(13, 4)]);
}

#[test]
fn n7_bearing_off_the_last_checker_does_not_play_the_other_die() {
    // The examples of docs/rules.md (N7): one checker on point 1 with 5-4: one die can be played, the 5.
    let mut g = position(&[(1, 1)], &[(12, 15)]);
    g.play(&roll(5, 4)).unwrap();
    assert_eq!(steps(&g), vec![(1, 5)]);
    assert_eq!(refused(&mut g, 1, 4), StepBlocked::LargerDie);
    // One checker on point 2 with 6-1: 2/1 then 1/off plays both dice, so 2/off is refused.
    let mut g = position(&[(2, 1)], &[(12, 15)]);
    g.play(&roll(6, 1)).unwrap();
    assert_eq!(steps(&g), vec![(2, 1)]);
    refused(&mut g, 2, 6);
    g.play(&step(2, 1)).unwrap();
    let events = g.play(&step(1, 6)).unwrap();
    assert_eq!(g.status(), Status::Finished, "{events:?}");
}

#[test]
fn n8_no_legal_move_passes() {
    let mut g = position(&[(13, 1), (1, 14)], &[(7, 1), (9, 1), (3, 13)]);
    let events = g.play(&roll(6, 4)).unwrap();
    assert!(events.contains(&Event::DiceLost {
        seat: 0,
        dice: vec![6, 4],
        reason: DiceLostReason::Blocked
    }));
    assert_eq!(events.last(), Some(&Event::Turn { seat: 1 }));
}

#[test]
fn n9_six_block_refused_unless_an_opponent_checker_is_past() {
    // White holds 9–5; 14 by 4 → 10 would make six in a row with all of Black behind it.
    let white = [(14, 1), (9, 1), (8, 1), (7, 1), (6, 1), (5, 1), (1, 9)];
    let mut g = position(&white, &[(12, 15)]);
    g.play(&roll(4, 5)).unwrap();
    assert_eq!(refused(&mut g, 14, 4), StepBlocked::SixBlock);
    // With one Black checker past the block (on 2: Black's route runs … 5, 4, 3, 2, 1, 24 …),
    // the same block is allowed.
    let mut g = position(&white, &[(12, 14), (2, 1)]);
    g.play(&roll(4, 5)).unwrap();
    assert!(steps(&g).contains(&(14, 4)));
    // Off: allowed regardless.
    let off = NardyOptions { six_block: false, ..NardyOptions::default() };
    let mut g = position_with(off, &white, &[(12, 15)]);
    g.play(&roll(4, 5)).unwrap();
    assert!(steps(&g).contains(&(14, 4)));
}

#[test]
fn n9_white_block_across_1_and_24_counts_black_one_does_not() {
    // White on 3, 2, 1, 24, 23; 24 by 2 → 22 would make six in a row along Black's route
    // (… 3, 2, 1, 24, 23, 22 …) with all of Black (on 10) behind it.
    let white = [(24, 11), (23, 1), (3, 1), (2, 1), (1, 1)];
    let mut g = position(&white, &[(10, 15)]);
    g.play(&roll(2, 5)).unwrap();
    assert_eq!(refused(&mut g, 24, 2), StepBlocked::SixBlock);
    // Black on 2, 1, 24, 23, 22, 21 is no block: White's route (24 → 1) does not run 1 → 24.
    let g = position(&[(18, 15)], &[(2, 1), (1, 1), (24, 1), (23, 1), (22, 1), (21, 1), (12, 9)]);
    assert!(g.frame(Colour::Black, 9, 1).block_allowed(&g.side(Colour::Black)));
    // Black on 6…1 is a block for White (its route ends … 6, 5, 4, 3, 2, 1), with White behind.
    let g = position(&[(18, 15)], &[(6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (12, 9)]);
    assert!(!g.frame(Colour::Black, 9, 1).block_allowed(&g.side(Colour::Black)));
    // The same Black block is allowed once a White checker is past it (borne off counts).
    let g = position(&[(18, 14)], &[(6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (12, 9)]);
    assert!(g.frame(Colour::Black, 9, 1).block_allowed(&g.side(Colour::Black)));
}

#[test]
fn n10_bear_off_only_with_all_fifteen_home_or_move_inside() {
    let mut g = position(&[(7, 1), (3, 14)], &[(12, 15)]);
    g.play(&roll(3, 1)).unwrap();
    assert_eq!(refused(&mut g, 3, 3), StepBlocked::NotHome);
    let mut g = position(&[(6, 1), (3, 14)], &[(12, 15)]);
    g.play(&roll(3, 1)).unwrap();
    let list = steps(&g);
    assert!(list.contains(&(3, 3)), "exact die bears off");
    assert!(list.contains(&(6, 3)) && list.contains(&(3, 1)), "or moves inside the home");
}

#[test]
fn n11_larger_die_bears_off_from_the_highest_point_only() {
    // Standard: 5 with point 5 empty and a checker on 6: the 6 must move 6 → 1.
    let mut g = position(&[(6, 1), (3, 2), (1, 12)], &[(12, 15)]);
    g.play(&roll(5, 5)).unwrap();
    assert_eq!(refused(&mut g, 3, 5), StepBlocked::HigherPoint);
    assert_eq!(steps(&g), vec![(6, 5)]);
    g.play(&step(6, 5)).unwrap();
    // Now 3 is the highest: the 5 bears it off.
    assert!(steps(&g).contains(&(3, 5)));
    // lower_point: bear off from 3 although 6 holds a checker.
    let lower = NardyOptions { bear_off: BearOff::LowerPoint, ..NardyOptions::default() };
    let mut g = position_with(lower, &[(6, 1), (3, 2), (1, 12)], &[(12, 15)]);
    g.play(&roll(5, 5)).unwrap();
    assert!(steps(&g).contains(&(3, 5)));
    assert!(!steps(&g).contains(&(1, 5)), "only from the next lower occupied point");
}

#[test]
fn n12_win_and_mars() {
    let mut g = position(&[(1, 1)], &[(12, 15)]);
    g.play(&roll(1, 2)).unwrap();
    let events = g.play(&step(1, 2)).unwrap();
    assert!(events.contains(&Event::GameWon { seat: 0, points: 2, mars: true, score: [2, 0] }));
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![1, 2] }));
    assert_eq!(g.status(), Status::Finished);
    let mut g = position(&[(1, 1)], &[(13, 14)]);
    g.play(&roll(1, 2)).unwrap();
    let events = g.play(&step(1, 2)).unwrap();
    assert!(events.contains(&Event::GameWon { seat: 0, points: 1, mars: false, score: [1, 0] }));
}

#[test]
fn n13_match_play_to_n_points_with_a_new_roll_off() {
    let to3 = NardyOptions { match_to: 3, ..NardyOptions::default() };
    let mut g = position_with(to3, &[(1, 1)], &[(13, 14)]);
    g.play(&roll(1, 2)).unwrap();
    let events = g.play(&step(1, 2)).unwrap();
    assert_eq!(events.last(), Some(&Event::NewGame { number: 2 }));
    assert_eq!(g.score(), BySeat::new(1, 0));
    assert_eq!(g.legal(), Legal::RollOff { seats: vec![0, 1] });
    assert_eq!(g.board()[23], 15);
    g.play(&roll(1, 6)).unwrap();
    assert_eq!(g.white_seat(), Some(1), "the new roll-off decides the colours afresh");
    assert_eq!(g.status(), Status::Playing);
}

#[test]
fn n14_resigning_loses_with_mars_if_nothing_borne_off() {
    let mut g = position(&[(24, 15)], &[(12, 15)]);
    let events = g.play(&Action::Resign { seat: 0 }).unwrap();
    assert_eq!(events[0], Event::Left { seat: 0, reason: LeaveReason::Resigned });
    assert!(events.contains(&Event::GameWon { seat: 1, points: 2, mars: true, score: [0, 2] }));
    assert_eq!(events.last(), Some(&Event::GameOver { ranking: vec![2, 1] }));
    let mut g = position(&[(1, 10)], &[(12, 15)]);
    let events = g.play(&Action::Resign { seat: 0 }).unwrap();
    assert!(events.contains(&Event::GameWon { seat: 1, points: 1, mars: false, score: [0, 1] }));
}

#[test]
fn n15_step_by_step_and_whole_turns_agree() {
    let mut g = position(&[(20, 1), (15, 1), (1, 13)], &[(12, 15)]);
    g.play(&roll(3, 2)).unwrap();
    assert_eq!(g.turns().len(), 3);
    assert_eq!(steps(&g), vec![(20, 3), (20, 2), (15, 2)]);
    // Refusals are precise and change nothing.
    assert_eq!(refused(&mut g, 15, 3), StepBlocked::Occupied);
    assert_eq!(refused(&mut g, 16, 3), StepBlocked::NoChecker);
    assert_eq!(refused(&mut g, 20, 4), StepBlocked::NoSuchDie);
    assert_eq!(refused(&mut g, 0, 3), StepBlocked::NoChecker);
    assert_eq!(g.play(&roll(1, 1)), Err(Illegal::StepExpected));
    // After a step the list is recomputed for the remaining die.
    g.play(&step(15, 2)).unwrap();
    assert_eq!(steps(&g), vec![(20, 3), (13, 3)]);
    assert_eq!(g.turns().len(), 2);
}

#[test]
fn c7_json_round_trip_and_load_validation() {
    let mut g = position(&[(20, 1), (15, 1), (1, 13)], &[(12, 15)]);
    g.play(&roll(3, 2)).unwrap();
    g.play(&step(20, 3)).unwrap();
    let state = g.to_json();
    assert_eq!(Nardy::from_json(&state).unwrap(), g);
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut s = state.clone();
        f(&mut s);
        Nardy::from_json(&s).unwrap_err().to_string()
    };
    assert!(broken(&|s| s["board"][0] = serde_json::json!(14)).contains("add up to 15"));
    assert!(broken(&|s| s["off"] = serde_json::json!([1, 0])).contains("add up to 15"));
    assert!(broken(&|s| s["dice"] = serde_json::json!([5])).contains("dice"));
    assert!(broken(&|s| s["board"] = serde_json::json!([1])).contains("invalid length"));
    assert!(broken(&|s| s["pips"] = serde_json::json!([0, 0])).contains("pips"));
    assert!(broken(&|s| s["colour"] = serde_json::json!(1)).contains("unknown field"));
}
