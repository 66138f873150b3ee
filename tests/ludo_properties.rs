//! Property tests over seeded random Ludo games (L1–L15, C5–C7): 2–8 players, every option.

use dicetable::engine::ludo::{LudoOptions, PIECES, Until};
use dicetable::engine::{Action, Entropy, Game, GameKind, Illegal, Legal, Options};
use dicetable::fair::{Roller, Seed};
use dicetable::setup::new_game;
use proptest::prelude::*;

mod common;
use common::{
    assert_competition_ranking, assert_departures_rank_last, assert_refused, recorded_actions,
};

fn options() -> impl Strategy<Value = LudoOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(e, c, f, all)| {
        LudoOptions {
            must_enter: e,
            must_capture: c,
            three_sixes_forfeit: f,
            until: if all { Until::All } else { Until::First },
        }
    })
}

/// Invariants of every reachable position: four pieces per seat, never two own pieces on one
/// square, never two colours on one track square.
fn assert_position(game: &Game) {
    let state = game.to_json();
    let track = state["track"].as_i64().unwrap();
    let arms: Vec<i64> =
        state["seat_arms"].as_array().unwrap().iter().map(|a| a.as_i64().unwrap()).collect();
    let mut occupied = std::collections::HashMap::new();
    for (seat, pieces) in state["pieces"].as_array().unwrap().iter().enumerate() {
        let pieces: Vec<i64> =
            pieces.as_array().unwrap().iter().map(|p| p.as_i64().unwrap()).collect();
        assert_eq!(pieces.len(), PIECES);
        for (k, &p) in pieces.iter().enumerate() {
            assert!((-1..=track + 3).contains(&p));
            if p >= 0 {
                assert!(!pieces[..k].contains(&p), "two own pieces on one square: {pieces:?}");
            }
            if (0..track).contains(&p) {
                let square = (10 * arms[seat] + p).rem_euclid(track);
                assert_eq!(occupied.insert(square, seat), None, "two colours on square {square}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn seeded_games_keep_invariants_accept_exactly_the_legal_actions_and_replay(
        seed in any::<u64>(),
        players in 2usize..=8,
        options in options(),
        leave_every in 20u32..3000,
    ) {
        let seed = Seed::from_u64(seed);
        let opts = Options::Ludo(options);
        let mut game = new_game(&opts, players, &seed, 0).unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut pick = seed.stream("test-choices", 0);
        let mut log = Vec::new();
        let mut departed = Vec::new();
        let mut steps = 0u32;
        loop {
            let legal = game.legal();
            if legal == Legal::Over {
                break;
            }
            steps += 1;
            prop_assert!(steps < 50_000, "game did not finish");
            // Every unlisted action is refused and changes nothing; every listed one is accepted.
            for piece in 0..6u8 {
                let action = Action::Move { piece };
                if legal.allows(&action) {
                    let mut probe = game.clone();
                    prop_assert!(probe.play(&action).is_ok());
                } else {
                    assert_refused(&mut game, &action);
                }
            }
            let due = legal.dice_due();
            for count in 0..4 {
                if Some(count) != due {
                    assert_refused(&mut game, &Action::Roll { dice: vec![3; count] });
                }
            }
            for &gone in &departed {
                assert_refused(&mut game, &Action::Kick { seat: gone });
            }
            let action = if steps.is_multiple_of(leave_every) {
                let seat = legal.to_move().unwrap_or(0);
                departed.push(seat);
                Action::Resign { seat }
            } else {
                match legal {
                    Legal::Choose { actions, .. } => {
                        actions[pick.below(actions.len() as u32) as usize].clone()
                    }
                    other => Action::Roll { dice: roller.roll_many(other.dice_due().unwrap()) },
                }
            };
            log.extend(game.play(&action).unwrap());
            assert_position(&game);
            let reloaded = Game::from_json(GameKind::Ludo, &game.to_json()).unwrap();
            prop_assert_eq!(&reloaded, &game);
        }
        let ranking = game.ranking().unwrap();
        prop_assert_eq!(ranking.len(), players);
        assert_competition_ranking(&ranking);
        assert_departures_rank_last(&ranking, &departed);
        let mut replay = new_game(&opts, players, &seed, 0).unwrap();
        let mut replay_log = Vec::new();
        for action in recorded_actions(&log) {
            replay_log.extend(replay.play(&action).unwrap());
        }
        prop_assert_eq!(&replay, &game);
        prop_assert_eq!(replay_log, log);
        prop_assert_eq!(game.play(&Action::Roll { dice: vec![1] }), Err(Illegal::GameOver));
    }
}
