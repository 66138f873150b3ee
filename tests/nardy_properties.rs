//! Property tests over seeded Long Nardy self-play (N1–N15, C5–C7).

use std::collections::BTreeSet;

use dicetable::engine::nardy::{BearOff, HeadException, NardyOptions};
use dicetable::engine::{Action, Entropy, Event, Game, GameKind, Illegal, Legal, Options};
use dicetable::fair::{Roller, Seed};
use dicetable::setup::new_game;
use proptest::prelude::*;

mod common;
use common::{assert_competition_ranking, assert_refused, recorded_actions};

fn options() -> impl Strategy<Value = NardyOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), 1u32..=3).prop_map(|(six, lower, strict, m)| {
        NardyOptions {
            six_block: six,
            bear_off: if lower { BearOff::LowerPoint } else { BearOff::Standard },
            head_exception: if strict { HeadException::Strict } else { HeadException::Needed },
            match_to: m,
        }
    })
}

type Position = (Vec<i64>, Vec<i64>);

fn position(game: &Game) -> Position {
    let s = game.to_json();
    let ints =
        |v: &serde_json::Value| v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect();
    (ints(&s["board"]), ints(&s["off"]))
}

/// 15 checkers per side, always.
fn assert_checkers(game: &Game) {
    let (board, off) = position(game);
    let white: i64 = board.iter().filter(|&&v| v > 0).sum();
    let black: i64 = -board.iter().filter(|&&v| v < 0).sum::<i64>();
    assert_eq!((white + off[0], black + off[1]), (15, 15), "{board:?} {off:?}");
}

/// Every final position reachable by playing listed steps one at a time until the turn ends.
/// A step that wins a game of a match starts the next game at once, so its final position is
/// taken from the step itself: the last checker borne off.
fn step_by_step_finals(
    game: &Game,
    mover: u8,
    out: &mut BTreeSet<Position>,
    seen: &mut BTreeSet<Position>,
) {
    let Legal::Choose { seat, actions } = game.legal() else { unreachable!() };
    assert_eq!(seat, mover);
    if !seen.insert(position(game)) {
        return;
    }
    for action in actions {
        let mut next = game.clone();
        let events = next.play(&action).unwrap();
        if events.iter().any(|e| matches!(e, Event::GameWon { .. })) {
            let Action::Step { from, .. } = action else { unreachable!() };
            let (mut board, mut off) = position(game);
            let white = board[usize::from(from) - 1] > 0;
            board[usize::from(from) - 1] -= if white { 1 } else { -1 };
            off[usize::from(!white)] += 1;
            out.insert((board, off));
        } else if matches!(next.legal(), Legal::Choose { seat, .. } if seat == mover) {
            step_by_step_finals(&next, mover, out, seen);
        } else {
            out.insert(position(&next));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn self_play_keeps_invariants_and_both_turn_views_agree(
        seed in any::<u64>(),
        options in options(),
        check_turns_every in 1u32..6,
    ) {
        let seed = Seed::from_u64(seed);
        let opts = Options::Nardy(options);
        let mut game = new_game(&opts, 2, &seed, 0).unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut pick = seed.stream("test-choices", 0);
        let mut log = Vec::new();
        let mut rolls = 0u32;
        loop {
            let legal = game.legal();
            if legal == Legal::Over {
                break;
            }
            prop_assert!(rolls < 5_000, "match did not finish");
            match &legal {
                Legal::Choose { seat, actions } => {
                    // Every listed step is accepted; every other (from, die) is refused.
                    for from in 0..=25u8 {
                        for die in 0..=7u8 {
                            let action = Action::Step { from, die };
                            if actions.contains(&action) {
                                prop_assert!(game.clone().play(&action).is_ok());
                            } else {
                                assert_refused(&mut game, &action);
                            }
                        }
                    }
                    assert_refused(&mut game, &Action::Roll { dice: vec![1, 2] });
                    // At a turn's start, sometimes: `turns` and step-by-step play reach the
                    // same set of final positions.
                    let at_start = game.to_json()["dice"].as_array().unwrap().len()
                        == if game.to_json()["rolled"][0] == game.to_json()["rolled"][1] { 4 } else { 2 };
                    if at_start && rolls.is_multiple_of(check_turns_every) {
                        let Game::Nardy(n) = &game else { unreachable!() };
                        let from_turns: BTreeSet<Position> = n
                            .turns()
                            .iter()
                            .map(|t| (t.board.iter().map(|&x| i64::from(x)).collect(), t.off.iter().map(|&x| i64::from(x)).collect()))
                            .collect();
                        let mut stepped = BTreeSet::new();
                        step_by_step_finals(&game, *seat, &mut stepped, &mut BTreeSet::new());
                        prop_assert_eq!(&from_turns, &stepped);
                    }
                    let action = actions[pick.below(actions.len() as u32) as usize].clone();
                    log.extend(game.play(&action).unwrap());
                }
                other => {
                    assert_refused(&mut game, &Action::Step { from: 24, die: 1 });
                    assert_refused(&mut game, &Action::Roll { dice: vec![3] });
                    rolls += 1;
                    let dice = roller.roll_many(other.dice_due().unwrap());
                    log.extend(game.play(&Action::Roll { dice }).unwrap());
                }
            }
            assert_checkers(&game);
            let reloaded = Game::from_json(GameKind::Nardy, &game.to_json()).unwrap();
            prop_assert_eq!(&reloaded, &game);
        }
        let ranking = game.ranking().unwrap();
        assert_competition_ranking(&ranking);
        let mut replay = new_game(&opts, 2, &seed, 0).unwrap();
        let mut replay_log = Vec::new();
        for action in recorded_actions(&log) {
            replay_log.extend(replay.play(&action).unwrap());
        }
        prop_assert_eq!(&replay, &game);
        prop_assert_eq!(replay_log, log);
        prop_assert_eq!(game.play(&Action::Roll { dice: vec![1, 1] }), Err(Illegal::GameOver));
    }
}
