//! Property tests over seeded random Ludo games (L1–L15, C5–C7): 2–8 players, every option.

use dicetable::engine::ludo::{LudoOptions, PIECES, Until};
use dicetable::engine::{Action, Game, Illegal, Options};
use dicetable::game::fair::Seed;
use proptest::prelude::*;

mod common;
use common::{
    Played, Playout, assert_competition_ranking, assert_departures_rank_last, assert_refused,
};

fn ludo_options() -> impl Strategy<Value = LudoOptions> {
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
        options in ludo_options(),
        leave_every in 20u32..3000,
    ) {
        let seed = Seed::from_u64(seed);
        let opts = Options::Ludo(options);
        let playout = Playout { options: &opts, players, seed: &seed, leave_every, max_steps: 50_000 };
        let Played { mut game, departed, .. } = playout.run(
            |game, legal, departed| {
                // Every unlisted action is refused and changes nothing; every listed one is
                // accepted.
                for piece in 0..6u8 {
                    let action = Action::Move { piece };
                    if legal.allows(&action) {
                        assert!(game.clone().play(&action).is_ok());
                    } else {
                        assert_refused(game, &action);
                    }
                }
                let due = legal.dice_due();
                for count in 0..4 {
                    if Some(count) != due {
                        assert_refused(game, &Action::Roll { dice: vec![3; count] });
                    }
                }
                for &gone in departed {
                    assert_refused(game, &Action::Kick { seat: gone });
                }
            },
            assert_position,
        );
        let ranking = game.ranking().unwrap();
        prop_assert_eq!(ranking.len(), players);
        assert_competition_ranking(&ranking);
        assert_departures_rank_last(&ranking, &departed);
        prop_assert_eq!(game.play(&Action::Roll { dice: vec![1] }), Err(Illegal::GameOver));
    }
}
