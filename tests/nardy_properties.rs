//! Property tests over seeded Long Nardy self-play (N1–N15, C5–C7).

use std::collections::BTreeSet;

use dicetable::engine::nardy::{BearOff, HeadException, NardyOptions};
use dicetable::engine::{Action, Event, Game, Illegal, Legal, Options};
use dicetable::game::fair::Seed;
use proptest::prelude::*;

mod common;
use common::{Played, Playout, assert_competition_ranking, assert_refused};

fn nardy_options() -> impl Strategy<Value = NardyOptions> {
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
    seen: &mut BTreeSet<(Position, String)>,
) {
    let Legal::Choose { seat, actions } = game.legal() else { unreachable!() };
    assert_eq!(seat, mover);
    // A position is explored once per set of dice still to play: two dice can reach the same
    // position (both bear off one checker), and each leaves the other die to play.
    if !seen.insert((position(game), game.to_json()["dice"].to_string())) {
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
        options in nardy_options(),
        check_turns_every in 1u32..6,
    ) {
        self_play(seed, options, check_turns_every);
    }
}

/// Found by the property test: with `bear_off` `lower_point` both dice can bear off the same
/// checker, reaching one position with either die left to play; each must be explored.
#[test]
fn n11_two_dice_bearing_off_one_checker_leave_different_dice() {
    let options = NardyOptions {
        six_block: false,
        bear_off: BearOff::LowerPoint,
        head_exception: HeadException::Needed,
        match_to: 2,
    };
    self_play(5331204599698828088, options, 1);
}

/// Self-play of one seeded match: every listed step accepted and every other refused, the
/// checkers conserved, and at turn starts (every `check_turns_every` rolls) `turns` and
/// step-by-step play reaching the same final positions.
fn self_play(seed: u64, options: NardyOptions, check_turns_every: u32) {
    let seed = Seed::from_u64(seed);
    let opts = Options::Nardy(options);
    let playout =
        Playout { options: &opts, players: 2, seed: &seed, leave_every: 0, max_steps: 200_000 };
    let mut rolls = 0u32;
    let Played { mut game, .. } = playout.run(
        |game, legal, _| match legal {
            Legal::Choose { seat, actions } => {
                // Every listed step is accepted; every other (from, die) is refused.
                for from in 0..=25u8 {
                    for die in 0..=7u8 {
                        let action = Action::Step { from, die };
                        if actions.contains(&action) {
                            assert!(game.clone().play(&action).is_ok());
                        } else {
                            assert_refused(game, &action);
                        }
                    }
                }
                assert_refused(game, &Action::Roll { dice: vec![1, 2] });
                // At a turn's start, sometimes: `turns` and step-by-step play reach the
                // same set of final positions.
                let json = game.to_json();
                let doubles = json["rolled"][0] == json["rolled"][1];
                let at_start =
                    json["dice"].as_array().unwrap().len() == if doubles { 4 } else { 2 };
                if at_start && rolls.is_multiple_of(check_turns_every) {
                    let Game::Nardy(n) = &*game else { unreachable!() };
                    let from_turns: BTreeSet<Position> = n
                        .turns()
                        .iter()
                        .map(|t| {
                            (
                                t.board.iter().map(|&x| i64::from(x)).collect(),
                                t.off.iter().map(|&x| i64::from(x)).collect(),
                            )
                        })
                        .collect();
                    let mut stepped = BTreeSet::new();
                    step_by_step_finals(game, *seat, &mut stepped, &mut BTreeSet::new());
                    assert_eq!(&from_turns, &stepped);
                }
            }
            _ => {
                assert_refused(game, &Action::Step { from: 24, die: 1 });
                assert_refused(game, &Action::Roll { dice: vec![3] });
                rolls += 1;
            }
        },
        assert_checkers,
    );
    let ranking = game.ranking().unwrap();
    assert_competition_ranking(&ranking);
    assert_eq!(game.play(&Action::Roll { dice: vec![1, 1] }), Err(Illegal::GameOver));
}
