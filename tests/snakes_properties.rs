//! Property tests over seeded random Snakes games (S1–S14, C5–C7).

use dicetable::engine::snakes::{BoardKind, Finish, GOAL, SnakesOptions, ThreeSixes};
use dicetable::engine::{Action, Illegal, Options};
use dicetable::game::fair::Seed;
use proptest::prelude::*;

mod common;
use common::{
    Played, Playout, assert_competition_ranking, assert_departures_rank_last, assert_refused,
};

fn snakes_options() -> impl Strategy<Value = SnakesOptions> {
    (any::<bool>(), any::<bool>(), 0..3u8, 0..8u8).prop_map(|(bounce, bonus, three, random)| {
        SnakesOptions {
            // Random boards cost a Markov solve each; one case in eight is plenty.
            board: if random == 0 { BoardKind::Random } else { BoardKind::Classic },
            finish: if bounce { Finish::Bounce } else { Finish::Exact },
            bonus_six: bonus,
            three_sixes: match (bonus, three) {
                (true, 1) => ThreeSixes::Cap,
                (true, 2) => ThreeSixes::BackToStart,
                _ => ThreeSixes::Unlimited,
            },
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn seeded_games_finish_with_consistent_ranks_and_replay_exactly(
        seed in any::<u64>(),
        players in 1usize..=6,
        options in snakes_options(),
        leave_every in 5u32..400,
    ) {
        let seed = Seed::from_u64(seed);
        let opts = Options::Snakes(options);
        let playout = Playout { options: &opts, players, seed: &seed, leave_every, max_steps: 100_000 };
        let Played { mut game, departed, .. } = playout.run(
            |game, _, departed| {
                // Every listed roll is accepted, and a roll of the wrong shape is refused.
                assert_refused(game, &Action::Roll { dice: vec![] });
                assert_refused(game, &Action::Roll { dice: vec![7] });
                assert_refused(game, &Action::Roll { dice: vec![1, 1] });
                for &gone in departed {
                    assert_refused(game, &Action::Resign { seat: gone });
                }
            },
            |_| {},
        );
        let ranking = game.ranking().unwrap();
        prop_assert_eq!(ranking.len(), players);
        assert_competition_ranking(&ranking);
        let squares = game.to_json()["squares"].clone();
        for (seat, &rank) in ranking.iter().enumerate() {
            if squares[seat] == GOAL {
                prop_assert_eq!(rank, 1);
            }
        }
        assert_departures_rank_last(&ranking, &departed);
        prop_assert_eq!(game.play(&Action::Roll { dice: vec![1] }), Err(Illegal::GameOver));
    }
}
