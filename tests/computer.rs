//! Computer players (issue 18): every level only ever plays listed legal actions and finishes
//! seeded games in every game; the hard level beats the normal one on seeded games.

use dicetable::engine::computer::{Level, choose};
use dicetable::engine::{Action, GameKind, Legal, Options};
use dicetable::game::fair::{Roller, Seed};
use dicetable::game::setup;
use dicetable::tools::simulate::{Config, Policy, run, wilson};

/// C7 and every game's choice rules (L9, N4–N9): a computer picks among the listed actions,
/// never while dice are due, and seeded games of every level end.
#[test]
fn every_level_plays_only_listed_legal_actions_to_the_end() {
    for kind in GameKind::ALL {
        for level in Level::ALL {
            for g in 0..5u64 {
                let seed = Seed::from_u64(100 + g);
                let players = if kind == GameKind::Nardy { 2 } else { 2 + g as usize % 3 };
                let options = Options::default_for(kind);
                let mut game = setup::new_game(&options, players, &seed, 0).unwrap();
                let mut dice = Roller::new(&seed, 0);
                let mut own = seed.stream("computer", 0);
                let mut ended = false;
                for _ in 0..100_000 {
                    let action = match game.legal() {
                        Legal::Over => {
                            ended = true;
                            break;
                        }
                        Legal::Choose { actions, .. } => {
                            let a = choose(&game, level, &mut own).expect("a computer chooses");
                            assert!(actions.contains(&a), "{kind:?} {level:?}: {a:?} not listed");
                            a
                        }
                        roll => {
                            assert_eq!(choose(&game, level, &mut own), None, "{kind:?} rolls");
                            Action::Roll { dice: dice.roll_many(roll.dice_due().unwrap_or(0)) }
                        }
                    };
                    game.play(&action).unwrap();
                }
                assert!(ended, "{kind:?} {level:?} game {g} did not end");
            }
        }
    }
}

fn win_rate(kind: GameKind, seats: &[Level], games: u64) -> (f64, [f64; 2]) {
    win_rate_of(kind, seats, games, false)
}

fn win_rate_of(kind: GameKind, seats: &[Level], games: u64, mirror: bool) -> (f64, [f64; 2]) {
    let report = run(&Config {
        options: Options::default_for(kind),
        players: seats.len(),
        games,
        seed: Seed::from_u64(18),
        policy: Policy::Random,
        seats: seats.to_vec(),
        advantage: None,
        mirror,
        net: None,
    })
    .unwrap();
    assert_eq!(report.mirror, mirror);
    assert_eq!(report.seats.len(), seats.len());
    let first = &report.seats[0];
    assert_eq!(first.ci95, wilson(first.wins, games));
    (first.win_rate, first.ci95)
}

/// Hard Ludo wins clearly more than half of 2-player games against normal (seeded, so the
/// figure is exact; `dicetable simulate --seats hard,normal` measures it on more games).
#[test]
fn hard_ludo_beats_normal() {
    let (rate, ci) = win_rate(GameKind::Ludo, &[Level::Hard, Level::Normal], 300);
    assert!(ci[0] > 0.5, "hard won {rate} of games against normal (95% CI {ci:?})");
}

/// In 4-player Ludo, one hard computer wins clearly more than its fair quarter against three
/// normal ones (`simulate --seats hard,normal,normal,normal`: 29.7% of 10,000 games).
#[test]
fn hard_ludo_beats_three_normal_computers() {
    let seats = [Level::Hard, Level::Normal, Level::Normal, Level::Normal];
    let (rate, ci) = win_rate(GameKind::Ludo, &seats, 1000);
    assert!(ci[0] > 0.25, "hard won {rate} of games against three normal (95% CI {ci:?})");
}

/// Hard Nardy wins clearly more than half of single games against normal (it searches one roll
/// ahead, so fewer games keep the test quick).
#[test]
fn hard_nardy_beats_normal() {
    let (rate, ci) = win_rate(GameKind::Nardy, &[Level::Hard, Level::Normal], 100);
    assert!(ci[0] > 0.5, "hard won {rate} of games against normal (95% CI {ci:?})");
}

/// Issue 63: mirrored dice play each game's dice twice with the seats swapped, so that two
/// equal computers win exactly as often as each other, whoever's luck the dice were.
#[test]
fn mirrored_dice_cancel_the_luck_between_equal_computers() {
    for level in [Level::Normal, Level::Easy] {
        let report = run(&Config {
            options: Options::default_for(GameKind::Nardy),
            players: 2,
            games: 40,
            seed: Seed::from_u64(63),
            policy: Policy::Random,
            seats: vec![level, level],
            advantage: None,
            mirror: true,
            net: None,
        })
        .unwrap();
        assert_eq!(report.wins_by_seat.iter().sum::<u64>(), 40);
        assert_eq!(report.wins_by_seat[0], report.wins_by_seat[1], "{level:?}");
    }
}

/// Issue 63: the expert (the shipped network, one roll deep on its best turns) beats the hard
/// computer on mirrored dice (seeded, so the figure is exact; README's computer section has
/// `simulate --seats expert,hard --mirror` on 2,000 matches), and the normal one by more.
#[test]
fn expert_nardy_beats_hard_and_normal_on_mirrored_dice() {
    let net = dicetable::engine::nardy::net::shipped().expect("the shipped network reads");
    assert!(net.hidden() >= 32, "a trained network, not a placeholder");
    let (rate, ci) = win_rate_of(GameKind::Nardy, &[Level::Expert, Level::Hard], 60, true);
    assert!(ci[0] > 0.5, "expert won {rate} of matches against hard (95% CI {ci:?})");
    let (rate, ci) = win_rate_of(GameKind::Nardy, &[Level::Expert, Level::Normal], 60, true);
    assert!(ci[0] > 0.6, "expert won {rate} of matches against normal (95% CI {ci:?})");
}

/// Issue 63's benchmark of decisions (`assets/nardy/positions.txt`): every decision reads back
/// through the rules (its position legal, its dice allowing the turns it says), and on its
/// first 120 the levels rank as their matches do: the expert loses least equity a decision,
/// then hard, normal and easy (README's figures are on all of them).
#[test]
fn the_shipped_benchmark_reads_and_ranks_the_levels() {
    use dicetable::tools::positions::{parse, score, turn_of};
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/nardy/positions.txt"),
    )
    .unwrap();
    let decisions = parse(&text).expect("the shipped benchmark reads");
    assert!(decisions.len() >= 2_000, "{} decisions", decisions.len());
    let some = &decisions[..120];
    let seed = Seed::from_u64(63);
    let losses: Vec<f64> = [Level::Expert, Level::Hard, Level::Normal, Level::Easy]
        .into_iter()
        .map(|level| {
            let mut entropy = seed.stream("positions", 0);
            let s = score(level.word(), some, |g| turn_of(g, level, &mut entropy));
            assert_eq!(s.decisions, 120);
            s.mean_loss_milli
        })
        .collect();
    assert!(losses.windows(2).all(|w| w[0] < w[1]), "expert, hard, normal, easy: {losses:?}");
}

/// Issue 63: the expert plays only Long Nardy: `simulate` refuses one at a Ludo table.
#[test]
fn the_expert_plays_only_long_nardy() {
    let config = Config {
        options: Options::default_for(GameKind::Ludo),
        players: 2,
        games: 2,
        seed: Seed::from_u64(1),
        policy: Policy::Random,
        seats: vec![Level::Expert, Level::Hard],
        advantage: None,
        mirror: false,
        net: None,
    };
    let e = run(&config).map(|_| ()).unwrap_err();
    assert_eq!(e.to_string(), "the expert computer does not play ludo");
}

/// Easy (random) loses to normal more often than not, in both games with choices.
#[test]
fn easy_loses_to_normal() {
    for kind in [GameKind::Ludo, GameKind::Nardy] {
        let (rate, ci) = win_rate(kind, &[Level::Easy, Level::Normal], 300);
        assert!(ci[1] < 0.5, "{kind:?}: easy won {rate} against normal (95% CI {ci:?})");
    }
}

/// `simulate --advantage`: choosing by playouts finds what random choices miss (easy's gain is
/// clearly positive), and measuring changes none of the games (the same wins as without it).
#[test]
fn playouts_measure_what_a_level_leaves_on_the_table() {
    let config = |advantage| Config {
        options: Options::default_for(GameKind::Ludo),
        players: 2,
        games: 8,
        seed: Seed::from_u64(30),
        policy: Policy::Random,
        seats: vec![Level::Easy, Level::Normal],
        advantage,
        mirror: false,
        net: None,
    };
    let measured = run(&config(Some(200))).unwrap();
    let plain = run(&config(None)).unwrap();
    assert_eq!(measured.wins_by_seat, plain.wins_by_seat);
    assert!(plain.advantage.is_none());
    let advantage = measured.advantage.expect("asked for");
    assert_eq!((advantage.seat, advantage.playouts), (0, 200));
    assert!(advantage.choices >= 8, "{advantage:?}");
    // Seeded, so exact: about 0.16 (16 points of win rate a game; 0.11–0.22 on other seeds).
    assert!(advantage.per_game > 0.05, "random choices should leave much to gain: {advantage:?}");
    assert!(advantage.ci95[0] > 0.0, "{advantage:?}");
    assert!(advantage.ci95[0] <= advantage.per_game && advantage.per_game <= advantage.ci95[1]);
}
