//! Property tests over seeded random Snakes games (S1–S14, C5–C7).

use dicetable::engine::snakes::{BoardKind, Finish, GOAL, SnakesOptions, ThreeSixes};
use dicetable::engine::{Action, Game, GameKind, Illegal, Legal, Options};
use dicetable::fair::{Roller, Seed};
use dicetable::setup::new_game;
use proptest::prelude::*;

mod common;
use common::{
    assert_competition_ranking, assert_departures_rank_last, assert_refused, recorded_actions,
};

fn options() -> impl Strategy<Value = SnakesOptions> {
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
        options in options(),
        leave_every in 5u32..400,
    ) {
        let seed = Seed::from_u64(seed);
        let opts = Options::Snakes(options);
        let mut game = new_game(&opts, players, &seed, 0).unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut log = Vec::new();
        let mut departed = Vec::new();
        let mut steps = 0u32;
        while let Legal::Roll { seat, dice } = game.legal() {
            steps += 1;
            prop_assert!(steps < 100_000, "game did not finish");
            // Every listed roll is accepted, and a roll of the wrong shape is refused.
            assert_refused(&mut game, &Action::Roll { dice: vec![] });
            assert_refused(&mut game, &Action::Roll { dice: vec![7] });
            assert_refused(&mut game, &Action::Roll { dice: vec![1, 1] });
            for &gone in &departed {
                assert_refused(&mut game, &Action::Resign { seat: gone });
            }
            let action = if players > 1 && steps.is_multiple_of(leave_every) {
                departed.push(seat);
                Action::Resign { seat }
            } else {
                Action::Roll { dice: roller.roll_many(dice) }
            };
            let events = game.play(&action).unwrap();
            // Every position the engine reaches can be saved and loaded again.
            let reloaded = Game::from_json(GameKind::Snakes, &game.to_json()).unwrap();
            prop_assert_eq!(&reloaded, &game);
            log.extend(events);
        }
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
        // Replaying the recorded actions with forced dice gives the same game, event for event.
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
